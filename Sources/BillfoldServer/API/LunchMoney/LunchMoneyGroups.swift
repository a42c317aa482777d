import BillfoldCore
import Foundation
import Vapor

/// Splits, unsplitting and transaction groups under `/v1/transactions` (reference §3.7–3.8).
extension LunchMoneyTransactionsController {
    /// One part of `"split"`: its amount (Lunch Money's sign), and payee, date, category and
    /// notes that default to the parent's.
    struct SplitItem: Decodable {
        var amount: LunchMoneyNumber?
        var payee: String?
        var date: String?
        var category_id: Int64?
        var notes: String?
    }

    /// The parts of a `PUT` with `split`, as Billfold's.
    static func parts(
        _ items: [SplitItem], of parent: Transaction, zone: TimeZone, debitAsNegative: Bool
    ) throws -> [SplitPart] {
        try items.enumerated().map { index, item in
            guard let amount = item.amount else {
                throw BillfoldError.validation(
                    "split", Phrase("error.http.lmSplitAmountMissing", ["index": String(index)]))
            }
            return SplitPart(
                money: try LunchMoneyAmount.money(
                    amount, currency: parent.money.currency, debitAsNegative: debitAsNegative),
                payee: item.payee, notes: item.notes, categoryID: item.category_id,
                bookedAt: try item.date.map { try Self.noon(try Self.day($0, "date"), zone: zone) })
        }
    }

    static func noon(_ day: Day, zone: TimeZone) throws -> BookingTime {
        try BookingTime(localDateTime: "\(day)T12:00", timeZone: zone)
    }

    /// `POST /v1/transactions/unsplit`: the deleted ids (the parts, and the parents with
    /// `remove_parents`); if one id is not a split parent, nothing changes.
    func unsplit(request: Request) async throws -> Response {
        struct Body: Decodable {
            var parent_ids: [Int64]?
            var remove_parents: Bool?
        }
        let body = try request.decodeJSON(Body.self)
        guard let ids = body.parent_ids, !ids.isEmpty else {
            throw BillfoldError.validation("parent_ids", Phrase("error.http.lmParentIDsMissing"))
        }
        let service = try request.transactionService
        let local = try await LunchMoneyIDs.local(ids, service)
        // Read before they go: the `/v1` ids of the parents and their parts.
        let parents = try await service.find(local)
        let known = try await LunchMoneyIDs.of(
            parents + (try await service.children(of: parents)).values.joined(), service)
        let deleted = try await service.unsplit(local, removeParents: body.remove_parents ?? false)
        return LunchMoneyJSON.response(deleted.map(known.v1))
    }

    /// `GET /v1/transactions/group?transaction_id=`: the group (found by its own id or a member's)
    /// as a Transaction object with its `children`.
    func showGroup(request: Request) async throws -> Response {
        let service = try request.transactionService
        let text = (try? request.query.get(String.self, at: "transaction_id")) ?? ""
        guard let id = Int64(text) else {
            throw BillfoldError.validation("transaction_id", Phrase("error.http.lmGroupTransactionIDMissing"))
        }
        var group = try await service.find(try await LunchMoneyIDs.local(id, service))
        // A member's id finds its group.
        if let member = group, member.kind != .group {
            if let groupID = member.groupID { group = try await service.find(groupID) } else { group = nil }
        }
        guard let group else {
            throw BillfoldError(.notFound, Phrase("error.http.lmNotInGroup", ["id": String(id)]))
        }
        return .json(LunchMoneyTransactionWriter.object(try await Self.objects([group], request)[0]))
    }

    /// `POST /v1/transactions/group`: answers the new group's id, a bare number.
    func addGroup(request: Request) async throws -> Response {
        struct Body: Decodable {
            var date: String?
            var payee: String?
            var category_id: Int64?
            var notes: String?
            var tags: [Int64]?
            var transactions: [Int64]?
        }
        let body = try request.decodeJSON(Body.self)
        let zone = try request.user.preferences.zone
        guard let date = body.date else {
            throw BillfoldError.validation("date", Phrase("error.http.lmGroupDateMissing"))
        }
        guard let payee = body.payee else {
            throw BillfoldError.validation("payee", Phrase("error.http.lmGroupPayeeMissing"))
        }
        let row = NewTransaction(
            bookedAt: try Self.noon(try Self.day(date, "date"), zone: zone), payee: payee, notes: body.notes ?? "",
            money: Money(minorUnits: 0, currency: try request.user.preferences.currency), categoryID: body.category_id)
        let service = try request.transactionService
        let members = try await LunchMoneyIDs.local(body.transactions ?? [], service)
        return LunchMoneyJSON.response(try await service.group(members, as: row, tagIDs: body.tags ?? []))
    }

    /// `DELETE /v1/transactions/group/:id`: the members stay; answers their ids.
    func deleteGroup(request: Request) async throws -> Response {
        guard let id = Int64(request.parameters.get("id") ?? "") else {
            throw BillfoldError(.notFound, Phrase("error.http.lmGroupNotFound"))
        }
        let service = try request.transactionService
        let members = try await service.ungroup(try await LunchMoneyIDs.local(id, service))
        let known = try await LunchMoneyIDs.of(try await service.find(members), service)
        return LunchMoneyJSON.response(["transactions": members.map(known.v1)])
    }
}
