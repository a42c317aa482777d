import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation

/// A person's budgets, one month at a time: the sheet the page, `/api/v1/budgets` and
/// BillfoldKit read (`BudgetSheet`), amounts set per category, rollover, and filling a month from
/// the last one or from what was spent, or copying it forward. Budgets are in the primary currency.
struct BudgetService: Sendable {
    let database: any Database
    let user: User
    let clock: WallClock
    /// The rates that convert what was spent in other currencies.
    let rates: RatesService

    var currency: Currency { user.preferences.currency }
    var zone: TimeZone { user.preferences.zone }
    private var repository: BudgetRepository { BudgetRepository(database: database.sql, userID: user.id) }

    /// This month where the person lives.
    var thisMonth: Month { Month(clock.now, in: zone) }

    /// How far a budget reaches: a month from 1900 to 9999, as the ledger's days do.
    static let months = 1900...9999
    /// How many months a month's budgets may be copied forward at once.
    static let maxCopies = 24

    /// A month from `YYYY-MM` (this month when nil), refused outside what the ledger keeps.
    func month(_ text: String?) throws -> Month {
        guard let text, !text.isEmpty else { return thisMonth }
        let month = try Month(parsing: text)
        guard Self.months.contains(month.year) else {
            throw BillfoldError.validation("month", Phrase("error.service.budgets.monthOutOfRange"))
        }
        return month
    }

    func sheet(_ month: Month) async throws -> BudgetSheet {
        let tree = try await CategoryRepository(database: database, userID: user.id).tree()
        let key = month.firstDay.description
        var budgets: [Int64: Money] = [:]
        for budget in try await repository.budgets(from: key, to: key) where budget.money.currency == currency {
            budgets[budget.categoryID] = budget.money
        }
        let spending = SpendingRepository(database: database.sql, userID: user.id)
        let net = try await spending.net(in: month.range(in: zone)).map { ($0.categoryID, $0.money, $0.count) }
        let rollovers = try await repository.rollovers().filter { $0.value <= key }
        var carried: [Int64: Money] = [:]
        // What rolls in: every budget since rollover began, less what was spent since (nothing
        // in its first month).
        let earlier = rollovers.filter { $0.value < key }
        for (since, categories) in Dictionary(grouping: earlier.keys, by: { earlier[$0]! }) {
            let before = month.adding(months: -1).firstDay.description
            let budgetSums = try await repository.budgetSums(
                categories: categories, from: since, to: before, currency: currency)
            let start = try Month(parsing: String(since.prefix(7)))
            let range = InstantRange(
                lowerBound: start.range(in: zone).lowerBound, upperBound: month.range(in: zone).lowerBound)
            var nets: [Int64: Int64] = [:]
            for line in try await spending.net(in: range) where line.money.currency == currency {
                if let id = line.categoryID { nets[id, default: 0] += line.money.minorUnits }
            }
            for id in categories {
                let (sum, overflow) = (budgetSums[id] ?? 0).addingReportingOverflow(nets[id] ?? 0)
                carried[id] = Money(minorUnits: overflow ? (sum < 0 ? .max : .min) : sum, currency: currency)
            }
        }
        var sheet = BudgetSheet(
            month: month, currency: currency, tree: tree,
            figures: .init(budgets: budgets, net: net, carried: carried, rollsOver: Set(rollovers.keys)))
        if !sheet.currenciesBeside.isEmpty {
            let book = try await rates.book()
            let (days, leftOut) = try await rates.days(
                TransactionQuery(range: month.range(in: zone)), in: sheet.currenciesBeside, book: book,
                perCategory: true)
            try sheet.convert(days: days, leftOut: leftOut, tree: tree, book: book)
        }
        return sheet
    }

    /// A budget amount as typed: empty for none, else a figure of at least zero.
    func amount(_ text: String?, field: String = "amount") throws -> Money? {
        let text = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let money = try Money(parsing: text, currency: currency).checkedLimit(field: field)
        guard money.minorUnits >= 0 else {
            throw BillfoldError.validation(field, Phrase("error.service.budgets.negative"))
        }
        return money
    }

    /// Sets (or with nil clears) budgets of one month, in one database transaction; a category
    /// that is not the person's is refused before anything is written.
    func set(_ amounts: [Int64: Money?], month: Month) async throws {
        let key = month.firstDay.description
        try await database.transaction { db in
            let categories = CategoryRepository(database: db, userID: user.id)
            let budgets = BudgetRepository(database: db.sql, userID: user.id)
            for (id, money) in amounts.sorted(by: { $0.key < $1.key }) {
                guard try await categories.find(id) != nil else { throw BillfoldError.notFound(.category) }
                if let money {
                    try await budgets.set(money, categoryID: id, month: key)
                } else {
                    try await budgets.remove(categoryID: id, month: key)
                }
            }
        }
    }

    /// Rolls a category over from `month` on, or stops it.
    func setRollover(_ categoryID: Int64, _ on: Bool, from month: Month) async throws {
        guard try await CategoryRepository(database: database, userID: user.id).find(categoryID) != nil else {
            throw BillfoldError.notFound(.category)
        }
        try await repository.setRollover(categoryID: categoryID, since: on ? month.firstDay.description : nil)
    }

    enum Fill: String { case lastMonth, average }

    /// Fills the month's empty budgets of spending categories: from last month's budgets, or from
    /// the average spending of the three months before (to the cent, rounded half away from zero).
    /// How many were set.
    func fill(_ month: Month, from source: Fill) async throws -> Int {
        let current = try await sheet(month)
        let empty = current.lines.filter {
            !$0.isGroup && !$0.isIncome && $0.categoryID != nil && $0.budgeted == nil
        }.compactMap(\.categoryID)
        var amounts: [Int64: Money?] = [:]
        switch source {
        case .lastMonth:
            let last = month.adding(months: -1).firstDay.description
            for budget in try await repository.budgets(from: last, to: last)
            where budget.money.currency == currency && empty.contains(budget.categoryID) {
                amounts[budget.categoryID] = budget.money
            }
        case .average:
            let range = InstantRange(
                lowerBound: month.adding(months: -3).range(in: zone).lowerBound,
                upperBound: month.range(in: zone).lowerBound)
            for line in try await SpendingRepository(database: database.sql, userID: user.id).net(in: range)
            where line.money.currency == currency && line.money.minorUnits < 0 {
                guard let id = line.categoryID, empty.contains(id) else { continue }
                let spent = -line.money.minorUnits
                amounts[id] = Money(minorUnits: (spent + 1) / 3, currency: currency)
            }
        }
        try await set(amounts, month: month)
        return amounts.count
    }

    /// Copies the month's budgets to the `count` months after it, replacing theirs. How many
    /// budgets were written.
    func copy(_ month: Month, forward count: Int) async throws -> Int {
        guard (1...Self.maxCopies).contains(count) else {
            throw BillfoldError.validation(
                "months", Phrase("error.service.budgets.copyCount", ["max": String(Self.maxCopies)]))
        }
        let key = month.firstDay.description
        let budgets = try await repository.budgets(from: key, to: key)
        try await database.transaction { db in
            let repository = BudgetRepository(database: db.sql, userID: user.id)
            for step in 1...count {
                let target = month.adding(months: step).firstDay.description
                for budget in budgets {
                    try await repository.set(budget.money, categoryID: budget.categoryID, month: target)
                }
            }
        }
        return budgets.count * count
    }
}
