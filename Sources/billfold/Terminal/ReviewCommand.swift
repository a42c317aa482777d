import ArgumentParser
import BillfoldCore
import BillfoldKit
import Foundation

/// `billfold review`: the review deck in the terminal, on BillfoldKit's review view model.
struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: tr("terminal.review.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.serverHelp"))) var server: String?
    @Option(name: .long, help: ArgumentHelp(tr("terminal.review.monthHelp"))) var month: String?
    @Flag(name: .long, help: ArgumentHelp(tr("terminal.review.lunchmoneyHelp")))
    var lunchmoney = false
    @Option(
        name: .customLong("lunchmoney-url"),
        help: ArgumentHelp(tr("terminal.review.lunchmoneyURLHelp")))
    var lunchMoneyURL: String?
    @Option(name: .long, help: ArgumentHelp(tr("terminal.review.bookHelp")))
    var book: String?

    func validate() throws {
        if [server != nil, lunchmoney, book != nil].filter({ $0 }).count > 1 {
            throw ValidationError(tr("terminal.review.oneSourceOnly"))
        }
        if lunchMoneyURL != nil, !lunchmoney {
            throw ValidationError(tr("terminal.review.lunchmoneyURLWithoutLunchmoney"))
        }
    }

    func run() async throws {
        let month = try month.map { try Month(parsing: $0) }
        let source: any ReviewSource
        var queue: OfflineQueue?
        let draftsName: String
        if let book {
            draftsName = "book-" + URL(fileURLWithPath: book).standardizedFileURL.path
            do {
                source = try LocalBook(url: URL(fileURLWithPath: book), saving: true)
            } catch {
                throw Failure("\(error)")
            }
        } else if lunchmoney {
            let environment = ProcessInfo.processInfo.environment
            guard let token = environment["LUNCHMONEY_ACCESS_TOKEN"], !token.isEmpty else {
                throw Failure(tr("terminal.review.lunchmoneyTokenMissing"))
            }
            var server = LunchMoneyReviewSource.lunchMoney
            if let text = lunchMoneyURL {
                guard let url = URL(string: text), let scheme = url.scheme,
                    ["http", "https"].contains(scheme.lowercased())
                else { throw ValidationError(tr("terminal.review.lunchmoneyURLNotHTTP")) }
                server = url
            }
            source = LunchMoneyReviewSource(server: server, token: token, locale: Self.locale)
            draftsName = "lunchmoney-" + (server.host ?? "") + (server.port.map { "-\($0)" } ?? "")
        } else {
            let client = try savedClient(server: server)
            draftsName = (client.baseURL.host ?? "server") + (client.baseURL.port.map { "-\($0)" } ?? "")
            queue = await sendWaitingChanges(with: client)
            source = NativeReviewSource(client: client)
        }
        let drafts = await ReviewDraftStore.standard(for: draftsName)
        try await ReviewApp(source: source, queue: queue, drafts: drafts).run(month: month)
    }

    /// The terminal's locale (`Words.terminal`: `LANG=de_DE.UTF-8` → `de-DE`), when Billfold
    /// formats that locale; else English.
    static var locale: String {
        let id = Words.current.locale.identifier.replacingOccurrences(of: "_", with: "-")
        return Preferences.locales.contains { $0.id == id } ? id : "en-US"
    }
}

/// The deck's keyboard loop: reads keys, calls the view model, redraws.
@MainActor
final class ReviewApp {
    /// What the yes/no line at the bottom offers.
    private enum Offer {
        case moreOfMonth(Month?)
        case lookback(Month)
    }

    let model: ReviewViewModel
    private var terminal: Terminal?
    private var picker: CategoryPicker?
    private var offer: Offer?
    private var question: String?
    /// How the card just decided left, in words (the person's `DeckAnimation`), above the next one.
    private var farewell: String?

    init(source: any ReviewSource, queue: OfflineQueue?, drafts: ReviewDraftStore) {
        model = ReviewViewModel(source: source, queue: queue, drafts: drafts)
    }

    func run(month: Month?) async throws {
        let terminal = try Terminal()
        self.terminal = terminal
        defer { terminal.restore() }
        draw()
        await model.load(month: month)
        await afterLoad()
        for await key in terminal.keys {
            // Ctrl-D leaves like q (Ctrl-C never gets here: Terminal restores and exits at once).
            if key == .endOfInput { return }
            if key == .resize {
                draw()
                continue
            }
            guard await handle(key) else { return }
            draw()
        }
    }

    /// Reacts to one key; false to leave.
    private func handle(_ key: Key) async -> Bool {
        let decided = model.card
        farewell = nil
        if var open = picker {
            switch key {
            case .escape:
                picker = nil
                model.cancelPicker()
                await afterDecision()
            case .enter:
                guard let choice = open.chosen else { return true }
                picker = nil
                model.choose(category: choice)
                sayFarewell(to: decided)
                await afterDecision()
            case .up: open.move(-1)
            case .down: open.move(1)
            case .backspace: open.deleteBackward()
            case .character(let character): open.type(character)
            default: break
            }
            if picker != nil { picker = open }
            return true
        }
        if let offer {
            switch key {
            case .character("y"), .character("Y"):
                self.offer = nil
                question = nil
                switch offer {
                case .moreOfMonth(let month): await model.load(month: month)
                case .lookback(let month): await model.load(month: month)
                }
                await afterLoad()
            case .character("q"): return false
            case .character("n"), .character("N"), .escape, .enter:
                self.offer = nil
                question = nil
            default: break
            }
            return true
        }
        if key == .character("q") { return false }
        switch model.screen {
        case .swiping:
            switch key {
            case .right:
                model.clear()
                sayFarewell(to: decided)
                await afterDecision()
            case .left:
                if let card = model.card { picker = CategoryPicker(tree: model.categories, current: card.categoryID) }
            case .character("u"), .character("U"): model.undo()
            case .character("s"), .character("S"):
                model.skip()
                await afterDecision()
            default: break
            }
        case .failed:
            if key == .character("r") {
                await model.retry()
                await afterLoad()
            }
        case .done:
            if key == .character("r"), model.failedCount > 0 {
                await model.retryFailed(progress: { self.draw() })
                await afterApplying()
            }
        case .loading, .applying, .empty:
            break
        }
        return true
    }

    private func afterLoad() async {
        if model.screen == .empty { await offerLookback() }
        // A deck left on its last step comes back finished: what was decided goes out now.
        await afterDecision()
        draw()
    }

    /// After the last card the deck applies at once, one decision at a time, drawing each answer.
    private func afterDecision() async {
        guard model.screen == .applying else { return }
        draw()
        await model.apply(progress: { self.draw() })
        await afterApplying()
    }

    private func afterApplying() async {
        guard model.screen == .done, model.failedCount == 0 else { return }
        let settled = model.items.filter { $0.progress == .applied || $0.progress == .unchanged }.count
        let left = model.remaining - settled
        if left > 0 {
            offer = .moreOfMonth(model.month)
            question = tr("terminal.review.moreInMonthQuestion", count: left, ["month": model.monthName])
        } else {
            await offerLookback()
        }
    }

    private func offerLookback() async {
        await model.findLookback()
        guard let found = model.lookbackOffer else { return }
        offer = .lookback(found.month)
        let name = found.month.name(locale: model.preferences.format.locale, timeZone: model.preferences.zone)
        question = tr("terminal.review.lookbackQuestion", ["month": name])
    }

    /// "REWE was crushed flat ▁▁▁": the terminal's picture of the card leaving.
    private func sayFarewell(to card: Transaction?) {
        guard let card, model.card?.id != card.id else { return }
        farewell = tr("terminal.review.leave.\(model.preferences.deckAnimation.rawValue)", ["payee": card.payee])
    }

    private func draw() {
        guard let terminal else { return }
        let size = terminal.size
        let screen = ReviewScreen(
            model: model, picker: picker, question: question, farewell: farewell, colour: terminal.colour,
            width: size.columns, height: size.rows)
        terminal.write("\u{1B}[H" + screen.lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J")
    }
}
