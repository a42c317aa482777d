import BillfoldAPI
import BillfoldCore
import Vapor

/// The split, group and tag forms on a transaction's page.
extension TransactionPagesController {
    /// The form as posted: `action` (split, unsplit, ungroup, tags) and its fields.
    struct PartsForm: Decodable {
        var action: String?
        var fields: [String: String]

        init(from decoder: any Decoder) throws {
            fields = try [String: String](from: decoder)
            action = fields["action"]
        }
    }

    func changeParts(request: Request) async throws -> Response {
        let service = try request.transactionService
        let transaction = try await service.get(try request.transactionID)
        let form = try request.content.decode(PartsForm.self)
        do {
            let done: String
            switch form.action {
            case "split":
                let parts = try Self.parts(form.fields, of: transaction, user: try request.user)
                _ = try await service.split(transaction.id, into: parts)
                done = "split"
            case "unsplit":
                _ = try await service.unsplit([transaction.id])
                done = "unsplit"
            case "ungroup":
                let members = try await service.ungroup(transaction.id)
                // The group's row is gone: show the first of its transactions instead.
                return request.redirect(
                    to: WebPages.transaction.path(members.min() ?? transaction.id, query: [("done", "ungrouped")]))
            case "tags":
                // A page drawn before the tags joined the edit form.
                try await saveTags(form.fields, on: transaction.id, service: service)
                done = "tags"
            default:
                throw BillfoldError.validation("action", Phrase("error.service.transactions.unknownPartsAction"))
            }
            return request.redirect(to: WebPages.transaction.path(transaction.id, query: [("done", done)]))
        } catch let error as BillfoldError where error.code != .notFound {
            var page = try await detailPage(
                request, service: service, transaction: transaction, error: nil, partsError: error)
            // What was typed comes back as typed: a wrong sum erases no part.
            if form.action == "split" { page.parts?.typedSplit = form.fields }
            let response = page.response(request)
            response.status = .badRequest
            return response
        }
    }

    /// What the page says after each form, by the `done` its address carries: the catalogue key
    /// of the notice, looked up in the request's words.
    static let doneNotices = [
        "split": "transactions.done.split", "unsplit": "transactions.done.unsplit",
        "ungrouped": "transactions.done.ungrouped", "tags": "transactions.done.tags",
    ]

    /// The filled part rows of the split form, amounts read as the person's locale writes them.
    static func parts(_ fields: [String: String], of parent: Transaction, user: User) throws -> [SplitPart] {
        var parts: [SplitPart] = []
        let numbers = Set(fields.keys.compactMap { TransactionPartsSection.partNumber(of: $0) }).sorted()
        for index in numbers.prefix(SplitRules.maxParts + 1) {
            guard let text = fields["amount\(index)"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                continue
            }
            var money = try typedAmount(text, currency: parent.money.currency, for: user)
            // People type a part of a purchase as a plain figure: it takes the parent's sign.
            if parent.money.isExpense && money.isIncome {
                money = Money(minorUnits: -money.minorUnits, currency: money.currency)
            }
            let payee = fields["payee\(index)"]?.trimmingCharacters(in: .whitespaces) ?? ""
            parts.append(
                SplitPart(
                    money: money, payee: payee.isEmpty ? nil : payee,
                    categoryID: fields["category\(index)"].flatMap { Int64($0) }))
        }
        return parts
    }

    /// The ids of the tags ticked in a form (`tag12=on`).
    static func tickedTags(_ fields: [String: String]) -> [Int64] {
        fields.keys.compactMap { key in key.hasPrefix("tag") ? Int64(key.dropFirst(3)) : nil }
    }

    /// The ticked tags, and a new one typed beside them.
    func saveTags(_ fields: [String: String], on id: Int64, service: TransactionService) async throws {
        // A tag deleted meanwhile (in another tab) is no reason to refuse the rest of the save.
        let existing = Set(try await service.tags.all().map(\.id))
        var ids = Self.tickedTags(fields).filter(existing.contains)
        if let name = fields["newTag"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
            ids += try await service.tags.resolve(ids: [], names: [name], now: service.clock.seconds)
        }
        try await service.setTags(ids, on: id)
    }
}
