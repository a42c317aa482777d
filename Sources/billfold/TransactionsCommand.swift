import ArgumentParser
import BillfoldCore
import BillfoldKit
import Foundation

/// `billfold transactions`: the list as a table that fits the terminal, with the totals of the
/// whole filter per currency, on BillfoldKit's transactions view model.
struct TransactionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: tr("cli.transactions.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.serverHelp"))) var server: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.categoryHelp")))
    var category: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.statusHelp"))) var status: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.fromHelp"))) var from: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.toDayHelp"))) var to: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.transactions.searchHelp"))) var search: String?

    func run() async throws {
        let client = try savedClient(server: server)
        _ = await sendWaitingChanges(with: client)
        try await TransactionTable(source: NativeTransactionSource(client: client)).run(
            query: [
                "status": status ?? "", "from": from ?? "", "to": to ?? "", "q": search ?? "",
            ], category: category)
    }
}

@MainActor
struct TransactionTable {
    let model: TransactionsViewModel

    init(source: any TransactionSource) {
        model = TransactionsViewModel(source: source, pageSize: 50)
    }

    func run(query: [String: String], category: String?) async throws {
        var filter = try TransactionFilter(query: query.filter { !$0.value.isEmpty })
        if let category {
            // The category is named: the categories come first, then the one page load.
            do {
                try await model.lookUp()
            } catch {
                throw Failure(error.description)
            }
            if category.lowercased() == "none" {
                filter.uncategorized = true
            } else {
                guard let found = model.categoryOptions.first(where: { $0.name.lowercased() == category.lowercased() })
                else {
                    let names = Words.current.list(model.categoryOptions.map(\.name))
                    throw Failure(tr("cli.transactions.noSuchCategory", ["name": category, "names": names]))
                }
                filter.categoryID = found.id
            }
        }
        await model.load(filter)
        switch model.screen {
        case .failed(let error), .offline(let error): throw Failure(error.description)
        case .empty:
            say(tr("cli.transactions.noneMatch"))
            return
        default: break
        }
        let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let width = Self.width()
        say(header(width: width))
        var shown = 0
        while true {
            for transaction in model.transactions.dropFirst(shown) { say(row(transaction, width: width)) }
            shown = model.transactions.count
            guard model.hasMore else { break }
            if interactive {
                FileHandle.standardError.write(
                    Data(tr("cli.transactions.more", count: shown).utf8))
                let answer = readLine() ?? "q"
                if answer.lowercased().hasPrefix("q") { break }
            }
            await model.loadMore()
            if let error = model.moreFailed { throw Failure(error.description) }
        }
        let format = model.preferences.format
        let totals = model.totals.map { "\(format.money($0.money)) (\(format.transactions($0.count)))" }
        say("")
        say(
            totals.isEmpty
                ? tr("cli.transactions.totalsNone")
                : tr("cli.transactions.totals", ["totals": totals.joined(separator: " · ")]))
    }

    /// The terminal's width, else `COLUMNS`, else 100 (a pipe).
    static func width() -> Int {
        Terminal.windowSize()?.columns ?? ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 100
    }

    /// Date, amount and status are fixed; payee, category and account share the rest.
    private func columns(width: Int) -> (payee: Int, category: Int, account: Int) {
        let flexible = max(24, width - 10 - 1 - 14 - 1 - Self.statusWidth - 3)
        let payee = flexible * 45 / 100
        let category = flexible * 30 / 100
        return (payee, category, flexible - payee - category)
    }

    private func cell(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = text.fitted(to: width)
        let pad = String(repeating: " ", count: max(0, width - cut.columns))
        return right ? pad + cut : cut + pad
    }

    private func header(width: Int) -> String {
        let c = columns(width: width)
        return [
            cell(tr("transactions.date"), 10), cell(tr("transactions.payee"), c.payee),
            cell(tr("transactions.category"), c.category),
            cell(tr("transactions.account"), c.account),
            cell(tr("transactions.amount"), 14, right: true),
            cell(tr("transactions.status"), Self.statusWidth),
        ].joined(separator: " ")
    }

    /// The status column fits its longest word in the terminal's language ("sin conciliar"),
    /// worked out once: a command speaks one language from start to end.
    private static let statusWidth =
        ([tr("transactions.status")] + TransactionStatus.allCases.map { status($0) }).map(\.columns).max()
        ?? 10

    /// A status as the table's last column writes it: the pages' word, in lower case.
    private nonisolated static func status(_ status: TransactionStatus) -> String {
        status.label.lowercased(with: Words.current.locale)
    }

    private func row(_ t: Transaction, width: Int) -> String {
        let c = columns(width: width)
        let day = Day(t.bookedAt.date, in: model.preferences.zone).description
        return [
            cell(day, 10), cell(t.payee, c.payee), cell(model.shownCategory(of: t), c.category),
            cell(model.accountName(of: t), c.account), cell(model.preferences.format.money(t.money), 14, right: true),
            cell(Self.status(t.status), Self.statusWidth),
        ].joined(separator: " ")
    }
}
