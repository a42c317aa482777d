import ArgumentParser
import BillfoldCore
import BillfoldServer
import BillfoldStore
import Foundation

/// `billfold suggest --evaluate --email E`: how well suggestions would have done for a person,
/// learning from the older 70 % of their categorised transactions and suggesting for the rest.
struct SuggestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "suggest", abstract: tr("cli.suggest.abstract"))

    @Flag(name: .long, help: ArgumentHelp(tr("cli.suggest.evaluateHelp"))) var evaluate = false
    @Option(name: .long, help: ArgumentHelp(tr("cli.suggest.emailHelp"))) var email: String
    @OptionGroup var options: DatabaseOption

    func run() async throws {
        guard evaluate else { throw ValidationError(tr("cli.suggest.sayEvaluate")) }
        try await withApplication(options.flags) { app in
            let owner = try await user(email, in: app)
            let examples = try await SuggestionHistory(database: app.db, userID: owner.id).all()
            guard examples.count >= 10 else {
                throw Failure(tr("cli.suggest.tooFew", count: examples.count))
            }
            let result = SuggestionEvaluation(examples)
            let words = Words.current
            func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
            say(
                tr(
                    "cli.suggest.learned",
                    ["learned": words.number(result.learned), "tested": words.number(result.tested)]))
            say(tr("cli.suggest.topOne", ["share": percent(result.topOne)]))
            say(
                tr(
                    "cli.suggest.topOneSeen",
                    ["share": percent(result.topOneSeen), "seen": words.number(result.seen)]))
            say(tr("cli.suggest.shown", ["share": percent(result.shownRight), "coverage": percent(result.coverage)]))
        }
    }
}
