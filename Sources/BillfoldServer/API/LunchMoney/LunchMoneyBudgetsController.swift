import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// `/v1/budgets` (reference §3.10): an amount per category and month, and what each category
/// spent in each month of the range. Spending is given in the person's primary currency only:
/// Billfold keeps no exchange rates, and a sum never mixes currencies.
struct LunchMoneyBudgetsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(LunchMoneyAPI.budgets, use: list)
        routes.on(LunchMoneyAPI.setBudget, use: set)
        routes.on(LunchMoneyAPI.deleteBudget, use: remove)
    }

    /// Months a summary may span: ten years.
    static let maxMonths = 120

    struct MonthData: Encodable {
        var budget_amount: Decimal?
        var budget_currency: String?
        var budget_to_base: Decimal?
        var spending_to_base: Decimal
        var num_transactions: Int

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(budget_amount, forKey: .budget_amount)
            try c.encode(budget_currency, forKey: .budget_currency)
            try c.encode(budget_to_base, forKey: .budget_to_base)
            try c.encode(spending_to_base, forKey: .spending_to_base)
            try c.encode(num_transactions, forKey: .num_transactions)
        }

        enum CodingKeys: String, CodingKey {
            case budget_amount, budget_currency, budget_to_base, spending_to_base, num_transactions
        }
    }

    struct BudgetJSON: Encodable {
        var category_name: String
        var category_id: Int64
        var category_group_name: String?
        var group_id: Int64?
        var is_group: Bool
        var is_income: Bool
        var exclude_from_budget: Bool
        var exclude_from_totals: Bool
        var data: [String: MonthData]
        var config: String?
        var order: Int
        var archived: Bool

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(category_name, forKey: .category_name)
            try c.encode(category_id, forKey: .category_id)
            try c.encode(category_group_name, forKey: .category_group_name)
            try c.encode(group_id, forKey: .group_id)
            try c.encode(is_group, forKey: .is_group)
            try c.encode(is_income, forKey: .is_income)
            try c.encode(exclude_from_budget, forKey: .exclude_from_budget)
            try c.encode(exclude_from_totals, forKey: .exclude_from_totals)
            try c.encode(data, forKey: .data)
            try c.encode(config, forKey: .config)
            try c.encode(order, forKey: .order)
            try c.encode(archived, forKey: .archived)
        }

        enum CodingKeys: String, CodingKey {
            case category_name, category_id, category_group_name, group_id, is_group, is_income
            case exclude_from_budget, exclude_from_totals, data, config, order, archived
        }
    }

    /// `GET /v1/budgets?start_date&end_date`: every category with, for each month the range
    /// touches, its budget and what it spent (a group: its own and its categories' transactions).
    func list(request: Request) async throws -> Response {
        let user = try request.user
        let zone = user.preferences.zone
        guard let startText = try? request.query.get(String.self, at: "start_date"),
            let endText = try? request.query.get(String.self, at: "end_date")
        else { throw BillfoldError.validation("start_date", Phrase("error.http.lmDatesBothOrNeither")) }
        let startDay = try Self.day(startText, "start_date")
        let endDay = try Self.day(endText, "end_date")
        let first = Month(year: startDay.year, month: startDay.month)
        let last = Month(year: endDay.year, month: endDay.month)
        guard first <= last else { throw BillfoldError.validation("end_date", Phrase("error.http.lmEndBeforeStart")) }
        var months: [Month] = [first]
        while let month = months.last, month < last {
            guard months.count < Self.maxMonths else {
                throw BillfoldError.validation(
                    "end_date", Phrase("error.http.lmBudgetMonthsTooMany", count: Self.maxMonths))
            }
            months.append(month.adding(months: 1))
        }
        let repository = BudgetRepository(database: request.store.sql, userID: user.id)
        let spending = SpendingRepository(database: request.store.sql, userID: user.id)
        let tree = try await request.categoryService.tree()
        let budgets = Dictionary(
            try await repository.budgets(from: first.firstDay.description, to: last.firstDay.description).map {
                ("\($0.categoryID) \($0.month)", $0)
            }, uniquingKeysWith: { a, _ in a })
        var spent: [String: [Int64: (total: Int64, count: Int)]] = [:]
        // Every month at once: a few statements for the range, not a few per month.
        let sums = try await spending.net(.everything, in: months.map { $0.range(in: zone) })
        for (month, lines) in zip(months, sums) {
            for line in lines {
                guard let id = line.categoryID, line.money.currency == user.preferences.currency else { continue }
                // A group's line holds its own and its categories' transactions.
                for key in Set([id, tree.category(id)?.groupID].compactMap { $0 }) {
                    let sum = spent[month.firstDay.description]?[key] ?? (0, 0)
                    spent[month.firstDay.description, default: [:]][key] = (
                        sum.total + line.money.minorUnits, sum.count + line.count
                    )
                }
            }
        }
        let primary = user.preferences.currency
        // By name, then id: the same order on both databases, however the rows lie.
        let ordered = tree.all.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        let answer = ordered.map { category -> BudgetJSON in
            let group = category.groupID.flatMap { tree.category($0) }
            var data: [String: MonthData] = [:]
            for month in months {
                let key = month.firstDay.description
                let budget = budgets["\(category.id) \(key)"]
                let sum = spent[key]?[category.id] ?? (0, 0)
                data[key] = MonthData(
                    budget_amount: budget?.money.amount, budget_currency: budget?.money.currency.code.lowercased(),
                    budget_to_base: budget.flatMap { $0.money.currency == primary ? $0.money.amount : nil },
                    spending_to_base: Money(minorUnits: -sum.total, currency: primary).amount,
                    num_transactions: sum.count)
            }
            return BudgetJSON(
                category_name: category.name, category_id: category.id, category_group_name: group?.name,
                group_id: category.groupID, is_group: category.isGroup, is_income: category.flags.isIncome,
                exclude_from_budget: category.flags.excludeFromBudget,
                exclude_from_totals: category.flags.excludeFromTotals,
                data: data, config: nil, order: category.order, archived: category.flags.archived)
        }
        return LunchMoneyJSON.response(answer)
    }

    /// `PUT /v1/budgets`: sets one category's budget for a month; answers the group's total when
    /// the category sits in a group (Lunch Money's `category_group`), else null.
    func set(request: Request) async throws -> Response {
        struct Body: Decodable {
            var start_date: String?
            var category_id: Int64?
            var amount: LunchMoneyNumber?
            var currency: String?
        }
        let body = try request.decodeJSON(Body.self)
        let user = try request.user
        let (category, month) = try await Self.target(body.start_date, body.category_id, request)
        guard let amount = body.amount else {
            throw BillfoldError.validation("amount", Phrase("error.http.lmBudgetAmountMissing"))
        }
        let currency = try body.currency.map { try Currency(code: $0.uppercased()) } ?? user.preferences.currency
        let money = try Money(parsing: amount.text, currency: currency).checkedLimit()
        let repository = BudgetRepository(database: request.store.sql, userID: user.id)
        try await repository.set(money, categoryID: category.id, month: month)
        struct GroupBudget: Encodable {
            var category_id: Int64
            var amount: Decimal
            var currency: String
            var start_date: String
        }
        struct Answer: Encodable {
            var category_group: GroupBudget?
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(category_group, forKey: .category_group)
            }
            enum CodingKeys: String, CodingKey { case category_group }
        }
        guard let groupID = category.groupID else { return LunchMoneyJSON.response(Answer()) }
        let children = Set(try await request.categoryService.tree().children(of: groupID).map(\.id))
        guard
            let total = try await repository.budgets(from: month, to: month)
                .filter({ children.contains($0.categoryID) && $0.money.currency == currency })
                .map(\.money.minorUnits).checkedSum
        else { throw BillfoldError.validation("amount", Phrase("error.http.lmGroupBudgetsOverflow")) }
        return LunchMoneyJSON.response(
            Answer(
                category_group: GroupBudget(
                    category_id: groupID, amount: Money(minorUnits: total, currency: currency).amount,
                    currency: currency.code.lowercased(), start_date: month)))
    }

    /// `DELETE /v1/budgets?start_date&category_id`: answers `true`.
    func remove(request: Request) async throws -> Response {
        let (category, month) = try await Self.target(
            try? request.query.get(String.self, at: "start_date"),
            (try? request.query.get(String.self, at: "category_id")).flatMap { Int64($0) }, request)
        try await BudgetRepository(database: request.store.sql, userID: try request.user.id)
            .remove(categoryID: category.id, month: month)
        return LunchMoneyJSON.response(true)
    }

    /// The person's category and the month (its first day) a budget call names.
    static func target(_ start: String?, _ categoryID: Int64?, _ request: Request) async throws -> (Category, String) {
        guard let start else {
            throw BillfoldError.validation("start_date", Phrase("error.http.lmBudgetStartMissing"))
        }
        let day = try Self.day(start, "start_date")
        guard day.day == 1 else {
            throw BillfoldError.validation("start_date", Phrase("error.http.lmBudgetStartNotFirstDay"))
        }
        guard let categoryID, let category = try await request.categoryService.tree().category(categoryID) else {
            throw BillfoldError(.notFound, Phrase("error.http.lmBudgetCategoryNotFound"))
        }
        return (category, day.description)
    }

    static func day(_ text: String, _ field: String) throws -> Day {
        try LunchMoneyTransactionsController.day(text, field)
    }
}
