/// What a transaction is beside an ordinary booking.
public enum TransactionKind: String, Sendable, Hashable, Codable {
    /// Split into parts with their own category, payee and notes; the parts count, it does not.
    case split
    /// Several transactions shown as one; its members count, it does not.
    case group
}

/// One part of a split as a person or client asks for it; nil fields take the parent's.
public struct SplitPart: Hashable, Sendable {
    public var money: Money
    public var payee: String?
    public var notes: String?
    public var categoryID: Int64?
    public var bookedAt: BookingTime?

    public init(
        money: Money, payee: String? = nil, notes: String? = nil, categoryID: Int64? = nil,
        bookedAt: BookingTime? = nil
    ) {
        self.money = money
        self.payee = payee
        self.notes = notes
        self.categoryID = categoryID
        self.bookedAt = bookedAt
    }
}

/// The rules a split and a group keep, the same for the web, the native API and `/v1`.
public enum SplitRules {
    public static let maxParts = 500

    /// The parts as they will be booked: each with the parent's currency, at least two, adding up
    /// to the parent's amount exactly.
    public static func parts(_ parts: [SplitPart], of parent: Transaction) throws(BillfoldError) -> [NewTransaction] {
        guard parent.kind == nil, parent.parentID == nil else {
            throw .validation("split", Phrase("error.core.splitAlreadySplitOrGroup"))
        }
        guard parent.groupID == nil, parent.transferID == nil else {
            throw .validation("split", Phrase("error.core.splitInGroupOrTransfer"))
        }
        guard parts.count >= 2, parts.count <= maxParts else {
            throw .validation("split", Phrase("error.core.splitPartCount", ["max": String(maxParts)]))
        }
        var sum: Int64 = 0
        var booked: [NewTransaction] = []
        for (index, part) in parts.enumerated() {
            guard part.money.currency == parent.money.currency else {
                throw .validation(
                    "split",
                    Phrase(
                        "error.core.splitPartCurrency",
                        [
                            "part": String(index + 1), "partCurrency": part.money.currency.code,
                            "currency": parent.money.currency.code,
                        ]))
            }
            let (next, overflow) = sum.addingReportingOverflow(part.money.minorUnits)
            guard !overflow else { throw .validation("split", Phrase("error.core.splitAmountsTooLarge")) }
            sum = next
            let new = NewTransaction(
                bookedAt: part.bookedAt ?? parent.bookedAt, payee: part.payee ?? parent.payee,
                originalName: parent.originalName, notes: part.notes ?? "", money: part.money,
                status: parent.status, categoryID: part.categoryID ?? parent.categoryID,
                // A part that keeps the parent's category keeps who set it.
                categorySource: part.categoryID == nil ? parent.categorySource : nil)
            booked.append(try new.validated())
        }
        guard sum == parent.money.minorUnits else {
            throw .validation(
                "split",
                Phrase(
                    "error.core.splitSumMismatch",
                    [
                        "sum": Money(minorUnits: sum, currency: parent.money.currency).decimalString,
                        "amount": parent.money.decimalString, "currency": parent.money.currency.code,
                    ]))
        }
        return booked
    }

    /// The members of a new group, checked: two or more, none already grouped, split or a
    /// group, all in one currency (a group's amount is their sum).
    public static func members(_ members: [Transaction], asked: Int) throws(BillfoldError) -> Money {
        guard asked >= 2 else { throw .validation("transactions", Phrase("error.core.groupTooFew")) }
        guard members.count == asked else {
            throw .validation("transactions", Phrase("error.core.groupMembersMissing"))
        }
        if let taken = members.first(where: { $0.groupID != nil || $0.kind != nil || $0.parentID != nil }) {
            throw .validation(
                "transactions", Phrase("error.core.groupMemberTaken", ["id": String(taken.id)]))
        }
        let currency = members[0].money.currency
        guard members.allSatisfy({ $0.money.currency == currency }) else {
            throw .validation("transactions", Phrase("error.core.groupMixedCurrencies"))
        }
        guard let sum = members.map(\.money.minorUnits).checkedSum else {
            throw .validation("transactions", Phrase("error.core.groupAmountsTooLarge"))
        }
        return Money(minorUnits: sum, currency: currency)
    }
}
