import BillfoldCore
import BillfoldStore
import Foundation
import Vapor

/// `PUT /v1/transactions/:id` and `POST /v1/transactions`.
extension LunchMoneyTransactionsController {
    /// The fields of `{"transaction": {...}}`, remembering which were sent and which were null:
    /// clients send back whole fetched objects, read-only keys and explicit nulls included.
    struct UpdateFields: Decodable {
        var status: String?
        var categoryID: Int64??
        var notes: String??
        var payee: String?
        var date: String?
        var amount: LunchMoneyNumber?
        var currency: String?
        var externalID: String??
        var assetID: Int64??
        /// `null` removes every tag; absent leaves them.
        var tags: [TagReference]??

        enum Key: String, CodingKey {
            case status, category_id, notes, payee, date, amount, currency, external_id, asset_id, tags
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            func present<T: Decodable>(_ key: Key, _ type: T.Type) throws -> T?? {
                guard c.contains(key) else { return nil }
                return .some(try c.decodeNil(forKey: key) ? nil : try c.decode(T.self, forKey: key))
            }
            status = try c.decodeIfPresent(String.self, forKey: .status)
            categoryID = try present(.category_id, Int64.self)
            notes = try present(.notes, String.self)
            payee = try c.decodeIfPresent(String.self, forKey: .payee)
            date = try c.decodeIfPresent(String.self, forKey: .date)
            amount = try c.decodeIfPresent(LunchMoneyNumber.self, forKey: .amount)
            currency = try c.decodeIfPresent(String.self, forKey: .currency)
            externalID = try present(.external_id, String.self)
            assetID = try present(.asset_id, Int64.self)
            tags = try present(.tags, [TagReference].self)
        }
    }

    /// A tag in a body: its id, or its name (a new name makes the tag). Fetched transactions sent
    /// back whole carry `{"name", "id"}` objects.
    enum TagReference: Decodable {
        case id(Int64)
        case name(String)

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let id = try? c.decode(Int64.self) {
                self = .id(id)
            } else if let name = try? c.decode(String.self) {
                self = .name(name)
            } else {
                struct Object: Decodable { var id: Int64 }
                self = .id(try c.decode(Object.self).id)
            }
        }

        static func resolve(_ references: [TagReference], _ service: TransactionService) async throws -> [Int64] {
            var ids: [Int64] = []
            var names: [String] = []
            for reference in references {
                switch reference {
                case .id(let id): ids.append(id)
                case .name(let name): names.append(name)
                }
            }
            return try await service.tags.resolve(ids: ids, names: names, now: service.clock.seconds)
        }
    }

    struct UpdateBody: Decodable {
        var transaction: UpdateFields?
        var split: [SplitItem]?
        var debit_as_negative: Bool?
    }

    /// Honours status, category, notes and payee, and for a transaction entered by hand the
    /// date, amount, currency and account (an imported one keeps its source's, as in Lunch Money,
    /// where a bank-synced transaction's amount cannot be edited). The external id may be sent
    /// back unchanged.
    func update(request: Request) async throws -> Response {
        let service = try request.transactionService
        guard let sent = Int64(request.parameters.get("id") ?? ""),
            case let id = try await LunchMoneyIDs.local(sent, service),
            let current = try await service.find(id)
        else { throw BillfoldError(.notFound, Phrase("error.http.lmTransactionNoAccess")) }
        let body = try request.decodeJSON(UpdateBody.self)
        let zone = try request.user.preferences.zone
        let debitAsNegative = body.debit_as_negative ?? false
        guard body.transaction != nil || body.split != nil else {
            throw BillfoldError.validation("transaction", Phrase("error.http.lmUpdateBodyEmpty"))
        }
        // The change and the split are one request: both are written or neither is.
        return try await request.store.transaction { database in
            let service = TransactionService(
                database: database, user: try request.user, clock: request.application.wallClock,
                source: request.changeSource)
            struct Answer: Encodable {
                var updated = true
                /// The parts' ids, only for a split.
                var split: [Int64]?
            }
            var answer = Answer()
            if let fields = body.transaction {
                try await Self.apply(
                    fields, to: current, service: service, zone: zone, debitAsNegative: debitAsNegative)
            }
            if let split = body.split {
                let parent = try await service.get(id)
                let parts = try Self.parts(split, of: parent, zone: zone, debitAsNegative: debitAsNegative)
                answer.split = try await service.split(id, into: parts)
            }
            return LunchMoneyJSON.response(answer)
        }
    }

    /// The fields of an update, checked and applied.
    private static func apply(
        _ fields: UpdateFields, to current: Transaction, service: TransactionService, zone: TimeZone,
        debitAsNegative: Bool
    ) async throws {
        if let external = fields.externalID, external != LunchMoneyIDs.externalID(of: current) {
            throw BillfoldError.validation("external_id", Phrase("error.http.lmExternalIDFixed"))
        }
        var change = try Self.correction(fields, of: current, zone: zone, debitAsNegative: debitAsNegative)
        // A null status means "no change": lunchable sends one for statuses it does not know.
        if let status = fields.status { change.status = try TransactionStatus(parsing: status) }
        if let categoryID = fields.categoryID { change.categoryID = .some(categoryID) }
        if let notes = fields.notes { change.notes = try TransactionRules.notes(notes ?? "") }
        if let payee = fields.payee { change.payee = try TransactionRules.payee(payee) }
        _ = try await service.update(current, change)
        if let tags = fields.tags {
            try await service.setTags(try await TagReference.resolve(tags ?? [], service), on: current.id)
        }
    }

    /// The date, amount, currency and account the body changes, as a correction. A new date
    /// keeps the booking's time of day; a new currency alone keeps the figure.
    private static func correction(
        _ f: UpdateFields, of t: Transaction, zone: TimeZone, debitAsNegative: Bool
    ) throws -> TransactionChange {
        var change = TransactionChange()
        if let date = f.date, date != Day(t.bookedAt.date, in: zone).description {
            let day = try Day(parsing: date, field: "date")
            let time = Calendar.gregorian(in: zone).dateComponents([.hour, .minute], from: t.bookedAt.date)
            change.bookedAt = try BookingTime(
                localDateTime: String(format: "%@T%02d:%02d", day.description, time.hour ?? 12, time.minute ?? 0),
                timeZone: zone)
        }
        let currency = try f.currency.map { try Currency(code: $0) } ?? t.money.currency
        if f.amount != nil || currency != t.money.currency {
            let money =
                try f.amount.map {
                    try LunchMoneyAmount.money($0, currency: currency, debitAsNegative: debitAsNegative)
                }
                ?? t.money.sameFigure(in: currency)
            if money != t.money { change.money = try money.checkedLimit() }
        }
        if let asset = f.assetID, asset != t.accountID { change.accountID = asset }
        return change
    }

    struct InsertItem: Decodable {
        var date: String?
        var amount: LunchMoneyNumber?
        var payee: String?
        var currency: String?
        var category_id: Int64?
        var notes: String?
        var status: String?
        var external_id: String?
        var asset_id: Int64?
        var tags: [TagReference]?
    }

    struct InsertBody: Decodable {
        var transactions: [InsertItem]?
        var debit_as_negative: Bool?
        /// Leaves out rows with the same date, payee and amount as one the user has.
        var skip_duplicates: Bool?
        /// Lunch Money's flag; Billfold runs the person's rules on every way in, so only an
        /// explicit `false` leaves them out.
        var apply_rules: Bool?
    }

    static let maxInsert = 500

    /// Adds transactions, skipping any whose `external_id` the user already has (and, with
    /// `skip_duplicates`, any with the date, payee and amount of one the user has); answers the
    /// ids of the rows written. Every item is checked before anything is written.
    func insert(request: Request) async throws -> Response {
        let body = try request.decodeJSON(InsertBody.self)
        guard let items = body.transactions, !items.isEmpty, items.count <= Self.maxInsert else {
            throw BillfoldError.validation(
                "transactions", Phrase("error.http.lmInsertCount", ["max": String(Self.maxInsert)]))
        }
        let user = try request.user
        let service = try request.transactionService
        var problems: [String: Phrase] = [:]
        var rows: [NewTransaction] = []
        for (index, item) in items.enumerated() {
            do {
                rows.append(
                    try await Self.newTransaction(
                        item, user: user, service: service, debitAsNegative: body.debit_as_negative ?? false,
                        index: index))
            } catch let error as BillfoldError {
                problems[String(format: "transactions[%05d]", index)] = Phrase(
                    "error.http.lmInsertRowProblem", ["index": String(index)], phrases: ["reason": error.phrase])
            }
        }
        // Two rows with one external_id would silently become one: say so instead.
        var firstWithID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            guard let id = item.external_id else { continue }
            if let first = firstWithID[id] {
                problems[String(format: "transactions[%05d]", index)] = Phrase(
                    "error.http.lmInsertExternalIDTwice", ["index": String(index), "id": id, "first": String(first)])
            } else {
                firstWithID[id] = index
            }
        }
        guard problems.isEmpty else {
            throw BillfoldError(
                .validationFailed, Phrase(joining: problems.sorted { $0.key < $1.key }.map(\.value)), fields: problems)
        }
        var tagged = items.map(\.tags)
        if body.skip_duplicates == true {
            let kept = try await service.withoutDuplicates(rows)
            // The tags of the rows kept, in order.
            var next = 0
            tagged = zip(rows, tagged).compactMap { row, tags in
                guard next < kept.count, kept[next] == row else { return nil }
                next += 1
                return .some(tags)
            }
            rows = kept
        }
        let written = rows
        let itemTags = tagged
        let rules: RulesOnWrite = body.apply_rules == false ? .none : .personsRules
        let ids = try await request.store.transaction { database in
            let service = TransactionService(
                database: database, user: user, clock: request.application.wallClock, source: request.changeSource)
            // Each row comes with the tags its item named (made where new); the rules add theirs.
            var rows = written
            for (index, tags) in itemTags.enumerated() where !(tags ?? []).isEmpty {
                rows[index].tagIDs = try await TagReference.resolve(tags ?? [], service)
            }
            // Each row got its account above.
            return rows.isEmpty ? [] : try await service.insert(rows, accountID: { $0.accountID! }, rules: rules)
        }
        return LunchMoneyJSON.response(["ids": ids])
    }

    private static func newTransaction(
        _ item: InsertItem, user: User, service: TransactionService, debitAsNegative: Bool, index: Int
    ) async throws -> NewTransaction {
        guard let dateText = item.date else {
            throw BillfoldError.validation("date", Phrase("error.http.lmInsertDateMissing"))
        }
        guard let amount = item.amount else {
            throw BillfoldError.validation("amount", Phrase("error.http.lmInsertAmountMissing"))
        }
        let day = try day(dateText, "date")
        let currency = try Currency(code: (item.currency ?? user.preferences.currency.code).uppercased())
        var new = NewTransaction(
            bookedAt: try BookingTime(localDateTime: "\(day)T12:00", timeZone: user.preferences.zone),
            payee: item.payee ?? "(no payee)", notes: item.notes ?? "",
            money: try LunchMoneyAmount.money(amount, currency: currency, debitAsNegative: debitAsNegative),
            status: try item.status.map { try TransactionStatus(parsing: $0) } ?? .uncleared,
            categoryID: item.category_id,
            // A row brought with its own id comes from an importing app: its category is the source's.
            categorySource: item.external_id == nil ? nil : .importFile, externalID: item.external_id)
        new = try new.validated()
        if let category = item.category_id { try await service.checkAssignable(category) }
        if let asset = item.asset_id {
            guard let account = try await service.account(asset) else {
                throw BillfoldError.validation("asset_id", Phrase("error.http.lmAssetIDUnknown", ["id": String(asset)]))
            }
            guard account.currency == currency else {
                throw BillfoldError.validation(
                    "currency",
                    Phrase(
                        "error.http.lmAssetHoldsCurrency",
                        ["id": String(asset), "currency": account.currency.code.lowercased()]))
            }
            new.accountID = asset
        } else {
            new.accountID = try await service.cashAccount(currency).id
        }
        return new
    }
}
