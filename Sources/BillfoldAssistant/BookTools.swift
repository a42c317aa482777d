import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation
import MCP

/// The person's books as a whole: accounts, categories, budgets, recurring payments and what
/// waits for review.
enum BookTools {
    struct AccountRow: Codable, Sendable {
        var id: Int64
        var name: String
        var currency: String
        var balance: String
        var shown: String
        /// Money booked in this account in other currencies, each on its own.
        var otherCurrencies: [TotalRow]?
        var transactions: Int
        var lastActivity: String?
        var archived: Bool
    }

    static let accounts = AssistantTool(
        "list_accounts", title: "Accounts and balances",
        description: """
            Every account (bank accounts, cards, cash, points) with its balance in its own currency, how many \
            transactions it holds and its last activity. Archived accounts are marked.
            """
    ) { _, session in
        try await session.accounts().map { account in
            AccountRow(
                id: account.id, name: account.name, currency: account.currency, balance: account.balance,
                shown: session.shown(account.balance, account.currency),
                otherCurrencies: account.otherCurrencies.isEmpty
                    ? nil
                    : account.otherCurrencies.map { TotalRow($0.amount, $0.currency, session) },
                transactions: account.transactionCount,
                lastActivity: account.lastActivity.map { String($0.prefix(10)) },
                archived: account.archived)
        }
    }

    struct CategoryRow: Codable, Sendable {
        var id: Int64
        var name: String
        /// The group it belongs to.
        var group: String?
        var isGroup: Bool
        var isIncome: Bool
        var archived: Bool
        var transactions: Int
    }

    static let categories = AssistantTool(
        "list_categories", title: "Categories",
        description: """
            Every category and category group, with the group each category belongs to, whether it is income, \
            and how many transactions it holds. Filters and writes take a category by name or id.
            """
    ) { _, session in
        let all = try await session.categories()
        let names = Dictionary(all.map { ($0.id, $0.name) }) { first, _ in first }
        return all.map {
            CategoryRow(
                id: $0.id, name: $0.name, group: $0.groupId.flatMap { names[$0] }, isGroup: $0.isGroup,
                isIncome: $0.isIncome, archived: $0.archived, transactions: $0.transactionCount)
        }
    }

    static let budgets = AssistantTool(
        "get_budget", title: "A month's budget",
        description: """
            A month's budget in the person's primary currency: income, what was budgeted, spent and left to \
            budget, and for each category its budget, what it spent and what is left (negative: over). Spending \
            in other currencies is listed apart, and all of it converted.
            """,
        arguments: ["month": Schema.text("The month, YYYY-MM; this month when left out.")]
    ) { arguments, session in
        let month = try arguments.text("month").map { text throws(BillfoldError) in
            try Month(parsing: text, field: "month")
        }
        return try await session.client.budgets(month: month)
    }

    struct RecurringRow: Codable, Sendable {
        var id: Int64
        var payee: String
        var rhythm: String
        var amount: String
        var currency: String
        var shown: String
        var perMonth: String
        var nextExpected: String
        var lastSeen: String?
        var state: String
        var missed: Bool
    }

    struct RecurringAnswer: Codable, Sendable {
        var recurring: [RecurringRow]
        /// What they all cost a month, per currency.
        var monthlyCost: [TotalRow]
    }

    static let recurring = AssistantTool(
        "list_recurring_payments", title: "Recurring payments",
        description: """
            Payments that come back (rent, subscriptions, salary): rhythm, amount, cost per month, when the next \
            is expected and whether one was missed; and what they all cost a month per currency.
            """
    ) { _, session in
        let found = try await session.client.recurring()
        return RecurringAnswer(
            recurring: found.recurring.map {
                RecurringRow(
                    id: $0.id, payee: $0.payee, rhythm: $0.rhythm, amount: $0.amount, currency: $0.currency,
                    shown: session.shown($0.amount, $0.currency), perMonth: $0.perMonth,
                    nextExpected: $0.nextExpected, lastSeen: $0.lastSeen, state: $0.state, missed: $0.missed)
            },
            monthlyCost: found.monthlyCost.map { TotalRow($0.amount, $0.currency, session) })
    }

    struct ReviewAnswer: Codable, Sendable {
        /// Uncleared transactions in every month.
        var waiting: Int
        /// Months with some waiting, newest first, with how many.
        var months: [LookbackResponse]
        /// The next ones to review: the oldest of the month asked for (or of the oldest month
        /// waiting), with the category Billfold suggests where it has one.
        var next: [TransactionRow]
        var month: String
    }

    static let review = AssistantTool(
        "review_queue", title: "Waiting for review",
        description: """
            What waits for review (uncleared transactions): how many in all and per month, and the next ones to \
            review with the category Billfold suggests from the person's own choices. Clear one with \
            set_transaction_status, categorise it with set_transaction_category.
            """,
        arguments: ["month": Schema.text("A month, YYYY-MM; the oldest month with some waiting when left out.")]
    ) { arguments, session in
        let asked = try arguments.text("month").map { text throws(BillfoldError) in
            try Month(parsing: text, field: "month")
        }
        let months = try await session.client.reviewMonths()
        let oldest = months.months.last { $0.count > 0 }.flatMap { try? Month(parsing: $0.month) }
        let deck = try await session.client.reviewDeck(month: asked ?? oldest)
        return ReviewAnswer(
            waiting: months.total, months: months.months.filter { $0.count > 0 },
            next: try await session.rows(deck.cards), month: deck.month)
    }
}
