import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation
import MCP

/// One group of a totals answer: a month or a category, with the filter's totals in it.
struct TotalsGroup: Codable, Sendable {
    /// YYYY-MM, or the category's name ("Uncategorised" for none).
    var group: String
    var categoryId: Int64?
    var totals: [TotalRow]
    var allConverted: ConvertedRow?
}

struct TotalsAnswer: Codable, Sendable {
    var groupBy: String
    /// Groups with nothing in them are left out.
    var groups: [TotalsGroup]
}

extension TransactionTools {
    /// The most months one answer covers: enough for three years, never the whole history at once.
    static let mostMonths = 36

    static let totals = AssistantTool(
        "transaction_totals", title: "Totals by month or category",
        description: """
            How much the transactions matching the filters add up to, grouped by month or by category, per \
            currency (and all converted into the person's primary currency where several are involved). \
            Negative is money spent. By month, give from and to (at most \(mostMonths) months; the last 12 \
            months when left out). By category, each category with transactions in the filter, and the \
            uncategorised.
            """,
        arguments: FilterArguments.schema.merging([
            "groupBy": Schema.choice(["month", "category"], "Group by calendar month or by category.")
        ]) { first, _ in first },
        required: ["groupBy"]
    ) { arguments, session in
        var filter = try await FilterArguments.filter(arguments, session)
        // The list's own check: a range that ends before it starts is refused, not answered empty.
        _ = try InstantRange(from: filter.from, to: filter.to, in: session.format.timeZone)
        switch try arguments.text("groupBy") {
        case "month":
            let asks = try months(filter, session).map { month in
                var inMonth = filter
                inMonth.from = max(month.range.first, filter.from ?? month.range.first)
                inMonth.to = min(month.range.last, filter.to ?? month.range.last)
                return Ask(name: month.name, categoryID: nil, filter: inMonth)
            }
            return TotalsAnswer(groupBy: "month", groups: try await groups(asks, session))
        case "category":
            let categories = try await session.categories()
            // Within a category asked for: it alone, or a group's own categories.
            let asked = filter.categoryID
            let chosen = categories.filter {
                !$0.isGroup && (asked == nil || $0.id == asked || $0.groupId == asked)
            }
            var asks: [Ask] = []
            let uncategorised = filter.uncategorized
            filter.uncategorized = false
            for category in chosen.sorted(by: { $0.name < $1.name }) where !uncategorised {
                filter.categoryID = category.id
                asks.append(Ask(name: category.name, categoryID: category.id, filter: filter))
            }
            if asked == nil {
                filter.categoryID = nil
                filter.uncategorized = true
                asks.append(Ask(name: Words.current("assistant.uncategorised"), categoryID: nil, filter: filter))
            }
            return TotalsAnswer(groupBy: "category", groups: try await groups(asks, session))
        default:
            throw BillfoldError.validation("groupBy", Phrase("assistant.groupBy"))
        }
    }

    /// One group's question: its name and the filter whose totals it is.
    private struct Ask: Sendable {
        var name: String
        var categoryID: Int64?
        var filter: TransactionFilter
    }

    /// How many groups are asked for at once: a person's thirty categories are thirty questions.
    private static let atOnce = 4

    /// The groups with something in them, in the order asked, asked `atOnce` at a time.
    private static func groups(_ asks: [Ask], _ session: AssistantSession) async throws -> [TotalsGroup] {
        var found = [TotalsGroup?](repeating: nil, count: asks.count)
        try await withThrowingTaskGroup(of: (Int, TotalsGroup?).self) { tasks in
            for (index, ask) in asks.enumerated() {
                if index >= atOnce, let (done, group) = try await tasks.next() { found[done] = group }
                tasks.addTask { (index, try await group(ask, session)) }
            }
            for try await (done, group) in tasks { found[done] = group }
        }
        return found.compactMap { $0 }
    }

    /// The filter's totals (the list's, one row asked for), or nil when nothing matches.
    private static func group(_ ask: Ask, _ session: AssistantSession) async throws -> TotalsGroup? {
        let page = try await session.client.transactions(ask.filter, limit: 1)
        guard !page.totals.isEmpty else { return nil }
        return TotalsGroup(
            group: ask.name, categoryId: ask.categoryID, totals: page.totals.map { total(of: $0, session) },
            allConverted: page.convertedTotal.map { converted(of: $0, session) })
    }

    /// The months from `from` to `to` (the last 12 to today when left out), at most `mostMonths`.
    private static func months(_ filter: TransactionFilter, _ session: AssistantSession) throws(BillfoldError)
        -> [(name: String, range: (first: Day, last: Day))]
    {
        let last = filter.to ?? Day(Date(), in: session.format.timeZone)
        let end = Month(year: last.year, month: last.month)
        var month = filter.from.map { Month(year: $0.year, month: $0.month) } ?? end.adding(months: -11)
        var months: [(name: String, range: (first: Day, last: Day))] = []
        while month <= end {
            months.append((month.description, (month.firstDay, month.lastDay)))
            guard months.count <= mostMonths else {
                throw BillfoldError.validation("from", Phrase("assistant.tooManyMonths", ["max": String(mostMonths)]))
            }
            month = month.adding(months: 1)
        }
        return months
    }
}
