import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation
import MCP

/// The list's filters, as every transaction tool takes them.
enum FilterArguments {
    static let schema: [String: Value] = [
        "query": Schema.text("Words searched in the payee and the notes, e.g. \"rewe\" or \"dentist\"."),
        "category": Schema.named(
            "A category or group, by name or id (see list_categories); a group includes its categories; \"none\" for the uncategorised."
        ),
        "uncategorised": Schema.flag("true: only transactions without a category."),
        "account": Schema.named("An account, by name or id (see list_accounts)."),
        "status": Schema.choice(
            TransactionStatus.allCases.map(\.rawValue),
            "cleared (reviewed), uncleared (waiting for review) or pending (not booked yet)."),
        "tag": Schema.named("A tag, by name or id."),
        "from": Schema.day("First day, YYYY-MM-DD, in the person's time zone."),
        "to": Schema.day("Last day, YYYY-MM-DD, included."),
    ]

    /// What names no category, in a filter and in a write.
    static let none: Set<String> = ["none", "uncategorised", "uncategorized"]

    /// The filter the arguments describe, names turned into ids.
    static func filter(_ arguments: ToolArguments, _ session: AssistantSession) async throws -> TransactionFilter {
        var filter = TransactionFilter(
            uncategorized: try arguments.flag("uncategorised") ?? false, from: try arguments.day("from"),
            to: try arguments.day("to"), text: try arguments.text("query"))
        if let status = try arguments.text("status") { filter.status = try TransactionStatus(parsing: status) }
        if let name = try arguments.named("category") {
            if FilterArguments.none.contains(name.lowercased()) {
                filter.uncategorized = true
            } else {
                filter.categoryID = try session.category(name, among: try await session.categories()).id
            }
        }
        if let name = try arguments.named("account") {
            filter.accountID = try session.account(name, among: try await session.accounts()).id
        }
        if let name = try arguments.named("tag") {
            filter.tagID = try session.tag(name, among: try await session.tags()).id
        }
        return filter
    }
}

/// What a transaction tool answers: rows a model can read at a glance, each amount exact and as
/// the person reads it.
struct TransactionRow: Codable, Sendable {
    var id: Int64
    /// The day it was booked, YYYY-MM-DD, as the bank recorded it.
    var date: String
    var payee: String
    /// Exact, negative for money spent.
    var amount: String
    var currency: String
    /// As the person reads it ("-12,50 €").
    var shown: String
    var category: String?
    var account: String
    var status: TransactionStatus
    var notes: String?
    /// For an uncategorised one: the category Billfold suggests from the person's own choices.
    var suggestedCategory: String?
}

struct TotalRow: Codable, Sendable {
    var currency: String
    var amount: String
    var shown: String
    /// How many transactions; nil where the figure is not a count of them (a balance, a cost).
    var count: Int?

    init(_ amount: String, _ currency: String, count: Int? = nil, _ session: AssistantSession) {
        self.currency = currency
        self.amount = amount
        shown = session.shown(amount, currency)
        self.count = count
    }
}

/// Money in many currencies as one, each amount at the rate of its own day.
struct ConvertedRow: Codable, Sendable {
    var currency: String
    var amount: String
    var shown: String
    /// Currencies with no rate, left out of the figure.
    var leftOut: [String]?
}

struct SearchAnswer: Codable, Sendable {
    var transactions: [TransactionRow]
    /// The totals of the whole filter, per currency (never added across currencies).
    var totals: [TotalRow]
    /// The totals as one, in the person's primary currency, when some are in another.
    var allConverted: ConvertedRow?
    /// Pass as `cursor` for the next page; null on the last.
    var nextCursor: String?
}

enum TransactionTools {
    static let search = AssistantTool(
        "search_transactions", title: "Search transactions",
        description: """
            The person's transactions that match every filter given, newest first, a page at a time, with the \
            totals of the whole filter (all pages) per currency. Amounts are exact decimal strings, negative for \
            money spent, with "shown" as the person reads them. Use nextCursor for the next page.
            """,
        arguments: FilterArguments.schema.merging([
            "limit": Schema.whole("Rows per page (default 25).", from: 1, to: 100),
            "cursor": Schema.text("nextCursor from the previous page."),
        ]) { first, _ in first }
    ) { arguments, session in
        let filter = try await FilterArguments.filter(arguments, session)
        let page = try await session.client.transactions(
            filter, after: try arguments.text("cursor"), limit: try arguments.whole("limit", in: 1...100) ?? 25)
        return SearchAnswer(
            transactions: try await session.rows(page.transactions),
            totals: page.totals.map { total(of: $0, session) },
            allConverted: page.convertedTotal.map { converted(of: $0, session) }, nextCursor: page.nextCursor)
    }

    static func total(of total: TotalDTO, _ session: AssistantSession) -> TotalRow {
        TotalRow(total.amount, total.currency, count: total.count, session)
    }

    static func converted(of total: ConvertedTotalDTO, _ session: AssistantSession) -> ConvertedRow {
        ConvertedRow(
            currency: total.currency, amount: total.amount, shown: session.shown(total.amount, total.currency),
            leftOut: total.missingCurrencies.isEmpty ? nil : total.missingCurrencies)
    }
}
