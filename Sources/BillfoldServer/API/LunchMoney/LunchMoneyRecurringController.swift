import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// `/v1/recurring_items` (and the older `/v1/recurring_expenses`) from the person's recurring
/// payments: those not dismissed, each with the transactions it had in the range asked for and
/// the days it was expected and did not come.
struct LunchMoneyRecurringController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(LunchMoneyAPI.recurringItems, use: items)
        routes.on(LunchMoneyAPI.recurringExpenses, use: expenses)
    }

    /// The range asked for: from `start_date` (the first of this month when left out) to
    /// `end_date` (the end of the start's month when left out).
    private func range(_ request: Request, today: Day) throws -> (Day, Day) {
        let start =
            try (try? request.query.get(String.self, at: "start_date")).map {
                try LunchMoneyTransactionsController.day($0, "start_date")
            } ?? Month(year: today.year, month: today.month).firstDay
        let end =
            try (try? request.query.get(String.self, at: "end_date")).map {
                try LunchMoneyTransactionsController.day($0, "end_date")
            } ?? Month(year: start.year, month: start.month).lastDay
        guard start <= end else { throw BillfoldError.validation("end_date", Phrase("error.http.lmEndBeforeStart")) }
        guard end.daysSince1970 - start.daysSince1970 <= 366 * 5 else {
            throw BillfoldError.validation("end_date", Phrase("error.http.lmRecurringRangeTooLong"))
        }
        return (start, end)
    }

    func items(request: Request) async throws -> Response {
        let service = try request.recurringService
        let today = service.today
        let (start, end) = try range(request, today: today)
        let debitAsNegative = (try? request.query.get(String.self, at: "debit_as_negative")) == "true"
        let kept = RecurringOverview(try await service.all()).counted
        var owned: [Int64: [RecurringHistory.Dated]] = [:]
        var keys: [String: String] = [:]
        // Found payments are looked for by their payee (an index); one typed by hand takes
        // bookings the bank names its own way, so then the whole range is read.
        let payees = kept.contains(where: \.byHand) ? nil : Array(Set(kept.map(\.payment.payee)))
        for dated in try await service.history.between(start, end, payees: payees) {
            let text = dated.booking.bankText
            let key = keys[text] ?? SuggestionLearner.payeeKey(text)
            keys[text] = key
            if let owner = KeptRecurring.owner(key: key, money: dated.booking.money, among: kept) {
                owned[owner.id, default: []].append(dated)
            }
        }
        let userID = try request.user.id
        let answer = kept.map { kept in
            Item(
                kept: kept, transactions: owned[kept.id] ?? [], start: start, end: end, today: today, userID: userID,
                debitAsNegative: debitAsNegative)
        }
        return LunchMoneyJSON.response(answer)
    }

    func expenses(request: Request) async throws -> Response {
        let service = try request.recurringService
        let debitAsNegative = (try? request.query.get(String.self, at: "debit_as_negative")) == "true"
        let kept = RecurringOverview(try await service.all()).counted
        return LunchMoneyJSON.response([
            "recurring_expenses": kept.map { Expense(kept: $0, debitAsNegative: debitAsNegative) }
        ])
    }

    /// Lunch Money's words for a rhythm: cadence, granularity and quantity.
    static func cadence(_ rhythm: Rhythm) -> (String, String, Int) {
        switch rhythm {
        case .weekly: ("once a week", "week", 1)
        case .monthly: ("monthly", "month", 1)
        case .quarterly: ("every 3 months", "month", 3)
        case .yearly: ("yearly", "year", 1)
        }
    }

    /// A Lunch Money Recurring Item, every key written, nulls included.
    struct Item: Encodable {
        let kept: KeptRecurring
        let transactions: [RecurringHistory.Dated]
        let start: Day
        let end: Day
        let today: Day
        let userID: Int64
        let debitAsNegative: Bool

        enum Key: String, CodingKey {
            case id, start_date, end_date, payee, currency, created_by, created_at, updated_at, billing_date
            case original_name, description, plaid_account_id, asset_id, source, amount, notes, category_id
            case category_group_id, is_income, exclude_from_totals, cadence, granularity, quantity, occurrences
            case transactions_within_range, missing_dates_within_range, date, to_base
        }

        func encode(to encoder: any Encoder) throws {
            let payment = kept.payment
            let seen = payment.count > 0
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(kept.id, forKey: .id)
            try c.encode((seen ? payment.firstSeen : payment.nextExpected).description, forKey: .start_date)
            try c.encodeNil(forKey: .end_date)
            try c.encode(payment.payee, forKey: .payee)
            try c.encode(payment.usual.currency.code.lowercased(), forKey: .currency)
            try c.encode(userID, forKey: .created_by)
            try c.encode(Timestamp.utc(kept.createdAt), forKey: .created_at)
            try c.encode(Timestamp.utc(kept.updatedAt), forKey: .updated_at)
            try c.encode((seen ? payment.firstSeen : payment.nextExpected).description, forKey: .billing_date)
            try c.encode(payment.payee, forKey: .original_name)
            try c.encodeNil(forKey: .description)
            try c.encodeNil(forKey: .plaid_account_id)
            try c.encodeNil(forKey: .asset_id)
            try c.encode(kept.byHand ? "manual" : "system", forKey: .source)
            try c.encode(LunchMoneyAmount.text(payment.usual, debitAsNegative: debitAsNegative), forKey: .amount)
            try c.encodeNil(forKey: .notes)
            try c.encodeNil(forKey: .category_id)
            try c.encodeNil(forKey: .category_group_id)
            try c.encode(payment.usual.isIncome, forKey: .is_income)
            try c.encode(false, forKey: .exclude_from_totals)
            let (cadence, granularity, quantity) = LunchMoneyRecurringController.cadence(payment.rhythm)
            try c.encode(cadence, forKey: .cadence)
            try c.encode(granularity, forKey: .granularity)
            try c.encode(quantity, forKey: .quantity)
            let summarized = transactions.map {
                Summarized(dated: $0, recurringID: kept.id, debitAsNegative: debitAsNegative)
            }
            // The days it came, and the days it is still expected within the range.
            var occurrences: [String: [Summarized]] = [:]
            for line in summarized { occurrences[line.dated.booking.day.description, default: []].append(line) }
            var missing: [String] = []
            var expected = payment.nextExpected
            while expected <= end {
                if expected >= start {
                    occurrences[expected.description, default: []] += []
                    if expected.daysSince1970 + Int64(payment.rhythm.grace) < today.daysSince1970 {
                        missing.append(expected.description)
                    }
                }
                expected = payment.rhythm.next(after: expected, billingDay: payment.billingDay)
            }
            try c.encode(occurrences, forKey: .occurrences)
            try c.encode(summarized, forKey: .transactions_within_range)
            try c.encode(missing, forKey: .missing_dates_within_range)
            try c.encode(payment.nextExpected.description, forKey: .date)
            try c.encode(LunchMoneyAmount.number(payment.usual, debitAsNegative: debitAsNegative), forKey: .to_base)
        }
    }

    /// A transaction as a recurring item lists it.
    struct Summarized: Encodable {
        let dated: RecurringHistory.Dated
        let recurringID: Int64
        let debitAsNegative: Bool

        enum Key: String, CodingKey { case id, date, amount, currency, payee, category_id, recurring_id, to_base }

        func encode(to encoder: any Encoder) throws {
            let booking = dated.booking
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(dated.id, forKey: .id)
            try c.encode(booking.day.description, forKey: .date)
            try c.encode(LunchMoneyAmount.text(booking.money, debitAsNegative: debitAsNegative), forKey: .amount)
            try c.encode(booking.money.currency.code.lowercased(), forKey: .currency)
            try c.encode(booking.payee, forKey: .payee)
            try c.encode(dated.categoryID, forKey: .category_id)
            try c.encode(recurringID, forKey: .recurring_id)
            try c.encode(LunchMoneyAmount.number(booking.money, debitAsNegative: debitAsNegative), forKey: .to_base)
        }
    }

    /// The deprecated Recurring Expense object.
    struct Expense: Encodable {
        let kept: KeptRecurring
        let debitAsNegative: Bool

        enum Key: String, CodingKey {
            case id, start_date, end_date, cadence, payee, amount, currency, created_at, description, billing_date
            case type, original_name, source, plaid_account_id, asset_id, category_id
        }

        func encode(to encoder: any Encoder) throws {
            let payment = kept.payment
            let first = (payment.count > 0 ? payment.firstSeen : payment.nextExpected).description
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(kept.id, forKey: .id)
            try c.encode(first, forKey: .start_date)
            try c.encodeNil(forKey: .end_date)
            try c.encode(LunchMoneyRecurringController.cadence(payment.rhythm).0, forKey: .cadence)
            try c.encode(payment.payee, forKey: .payee)
            try c.encode(LunchMoneyAmount.text(payment.usual, debitAsNegative: debitAsNegative), forKey: .amount)
            try c.encode(payment.usual.currency.code.lowercased(), forKey: .currency)
            try c.encode(Timestamp.utc(kept.createdAt), forKey: .created_at)
            try c.encodeNil(forKey: .description)
            try c.encode(first, forKey: .billing_date)
            try c.encode(kept.state == .confirmed ? "cleared" : "suggested", forKey: .type)
            try c.encode(payment.payee, forKey: .original_name)
            try c.encode(kept.byHand ? "manual" : "system", forKey: .source)
            try c.encodeNil(forKey: .plaid_account_id)
            try c.encodeNil(forKey: .asset_id)
            try c.encodeNil(forKey: .category_id)
        }
    }
}
