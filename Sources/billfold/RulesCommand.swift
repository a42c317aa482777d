import ArgumentParser
import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation

/// `billfold rules`: the signed-in person's rules over BillfoldKit (`billfold login` first).
struct RulesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: tr("cli.rules.abstract"),
        subcommands: [List.self, Add.self, Apply.self, Undo.self, Export.self, ImportFile.self])

    @OptionGroup var server: ServerOption

    struct ServerOption: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.serverHelp"))) var server: String?
    }

    /// The client, and the names the rules' ids stand for.
    static func signedIn(_ server: ServerOption) async throws -> (BillfoldClient, RuleDescription) {
        let client = try savedClient(server: server.server)
        do {
            let categories = Dictionary(
                try await client.categories().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let tags = Dictionary(try await client.tags().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            let accounts = Dictionary(
                try await client.accounts().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
            return (
                client,
                RuleDescription(
                    words: Words.current, categoryName: { categories[$0] }, tagName: { tags[$0] },
                    accountName: { accounts[$0] })
            )
        } catch {
            throw Failure(error.description)
        }
    }

    /// A call to the server whose failure is told as the server said it.
    static func asked<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as ClientError {
            throw Failure(error.description)
        } catch let error as BillfoldError {
            throw Failure(error.message)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("cli.rules.list.abstract"))
        @OptionGroup var server: ServerOption

        func run() async throws {
            let (client, describe) = try await RulesCommand.signedIn(server)
            let rules: [RuleDTO]
            do { rules = try await client.rules() } catch { throw Failure(error.description) }
            guard !rules.isEmpty else { return say(tr("cli.rules.none")) }
            for (index, dto) in rules.enumerated() {
                let rule = dto.rule
                let state = rule.isEnabled ? " " : tr("cli.rules.off")
                let name = rule.name.isEmpty ? "" : "“\(rule.name)” "
                say(
                    "\(String(index + 1).leftPadded(3)). #\(rule.id) \(state) \(name)"
                        + tr(
                            "cli.rules.line",
                            [
                                "conditions": describe.conditions(of: rule), "actions": describe.actions(of: rule),
                                "count": Words.current.number(Int(dto.matchedCount)),
                            ]))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("cli.rules.add.abstract"))
        @OptionGroup var server: ServerOption
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.add.whenHelp"))) var when: [String] = []
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.add.categoryHelp"))) var category: String?
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.add.renameHelp"))) var rename: String?
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.add.tagHelp"))) var tag: [String] = []
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.add.notesHelp"))) var notes: String?
        @Flag(name: .long, help: ArgumentHelp(tr("cli.rules.add.clearHelp"))) var clear = false
        @Flag(name: .long, help: ArgumentHelp(tr("cli.rules.add.stopHelp"))) var stop = false
        @Flag(name: .long, help: ArgumentHelp(tr("cli.rules.add.overrideHelp"))) var override = false
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.add.nameHelp"))) var name: String?

        func run() async throws {
            let client = try savedClient(server: server.server)
            do {
                let conditions = try when.map(Self.condition)
                var actions: [RuleAction] = []
                if let category {
                    let found = try await client.categories().first {
                        !$0.isGroup && $0.name.lowercased() == category.lowercased()
                    }
                    guard let found else { throw Failure(tr("cli.rules.noCategory", ["name": category])) }
                    actions.append(.setCategory(found.id))
                }
                if let rename { actions.append(.renamePayee(rename)) }
                if !tag.isEmpty {
                    let tags = try await client.tags()
                    actions.append(
                        .addTags(
                            try tag.map { name in
                                guard let found = tags.first(where: { $0.name.lowercased() == name.lowercased() })
                                else { throw Failure(tr("cli.rules.noTag", ["name": name])) }
                                return found.id
                            }))
                }
                if let notes { actions.append(.appendNotes(notes)) }
                if clear { actions.append(.markCleared) }
                let made = try await client.addRule(
                    RuleRequest(
                        name: name, stopsAfter: stop, overridesSource: override, conditions: conditions,
                        actions: actions))
                say(tr("cli.rules.added", ["id": String(made.id)]))
            } catch let error as ClientError {
                throw Failure(error.description)
            } catch let error as BillfoldError {
                throw Failure(error.message)
            }
        }

        /// "payee contains REWE", "amount between 10 20", "direction is out".
        static func condition(_ text: String) throws -> RuleCondition {
            let words = text.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3 else { throw Failure(tr("cli.rules.whenUnreadable", ["text": text])) }
            if words[1] == "between" {
                let figures = words[2].split(separator: " ").map(String.init)
                guard figures.count == 2 else { throw Failure(tr("cli.rules.whenUnreadable", ["text": text])) }
                return try RuleCondition.read(field: words[0], test: words[1], value: figures[0], to: figures[1])
            }
            return try RuleCondition.read(field: words[0], test: words[1], value: words[2])
        }
    }

    struct Apply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("cli.rules.apply.abstract"))
        @OptionGroup var server: ServerOption
        @Option(name: .long, help: ArgumentHelp(tr("cli.rules.apply.ruleHelp"))) var rule: [Int64] = []
        @Flag(name: .long, help: ArgumentHelp(tr("cli.rules.apply.yesHelp"))) var yes = false

        func run() async throws {
            let (client, describe) = try await RulesCommand.signedIn(server)
            let request = RuleRunRequest(ruleIds: rule.isEmpty ? nil : rule)
            let preview = try await RulesCommand.asked { try await client.previewRules(request) }
            guard preview.changed > 0 else {
                say(tr("cli.rules.apply.nothing"))
                return
            }
            say(tr("cli.rules.apply.would", count: preview.changed))
            for change in preview.transactions.prefix(20) {
                let category = change.newCategoryId.flatMap(describe.categoryName) ?? ""
                let payee = change.newPayee ?? change.payee
                say(
                    "  \(change.date)  \(change.amount.leftPadded(12)) \(change.currency)  \(payee.fitted(to: 36))  \(category)"
                )
            }
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    say(tr("cli.rules.apply.sayYes"))
                    return
                }
                FileHandle.standardError.write(Data(tr("cli.rules.apply.confirm").utf8))
                guard (readLine() ?? "").lowercased().hasPrefix("y") else { return }
            }
            let done = try await RulesCommand.asked { try await client.applyRules(request) }
            say(tr("cli.rules.apply.done", count: done.changed, ["run": String(done.runId ?? 0)]))
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("cli.rules.undo.abstract"))
        @OptionGroup var server: ServerOption
        @Argument(help: ArgumentHelp(tr("cli.rules.undo.runHelp"))) var run: Int64

        func run() async throws {
            let client = try savedClient(server: server.server)
            do {
                let undone = try await client.undoRuleRun(run)
                say(tr("cli.rules.undo.done", count: undone.undone))
            } catch { throw Failure(error.description) }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("cli.rules.export.abstract"))
        @OptionGroup var server: ServerOption
        @Option(name: .shortAndLong, help: ArgumentHelp(tr("cli.rules.export.outputHelp"))) var output: String?

        func run() async throws {
            let client = try savedClient(server: server.server)
            let file: RulesFile
            do { file = try await client.exportRules() } catch { throw Failure(error.description) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(file)
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: data) else {
                    throw Failure(tr("cli.rules.export.notWritten", ["path": output]))
                }
                say(tr("cli.rules.export.done", count: file.rules.count, ["path": output]))
            } else {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
        }
    }

    struct ImportFile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: tr("cli.rules.import.abstract"))
        @OptionGroup var server: ServerOption
        @Argument(help: ArgumentHelp(tr("cli.rules.import.fileHelp"))) var file: String

        func run() async throws {
            let client = try savedClient(server: server.server)
            guard let data = FileManager.default.contents(atPath: file) else {
                throw Failure(tr("cli.rules.import.unreadable", ["path": file]))
            }
            let rules: RulesFile
            do {
                rules = try JSONDecoder().decode(RulesFile.self, from: data)
            } catch let error as BillfoldError {
                throw Failure(error.message)
            } catch {
                throw Failure(tr("cli.rules.import.notRules", ["path": file]))
            }
            do {
                say(tr("cli.rules.import.done", count: try await client.importRules(rules)))
            } catch { throw Failure(error.description) }
        }
    }
}
