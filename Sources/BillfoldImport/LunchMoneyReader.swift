import BillfoldCore
import Foundation

/// A Lunch Money transaction read for import, with where it came from.
public struct LunchMoneyTransaction: Sendable {
    /// Lunch Money's id; the import keys the transaction on it, so a re-import adds nothing.
    public var id: Int64
    public var transaction: NewTransaction
    public var categoryID: Int64?
    public var categoryName: String?
    public var groupID: Int64?
    public var groupName: String?
    /// "asset:49335", "plaid:12" or "none": one Billfold account per Lunch Money account.
    public var accountKey: String
    public var accountName: String
    /// A split parent or a transaction group's row, kept as such: not counted, its parts or
    /// members are.
    public var kind: TransactionKind?
    /// For a split's part or a group's member, Lunch Money's id of its parent or group, and which.
    public var linkedTo: (id: Int64, kind: TransactionKind)?
}

/// A Lunch Money category, groups and children alike.
public struct LunchMoneyCategory: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var description: String
    public var isGroup: Bool
    public var groupID: Int64?
    public var flags: CategoryFlags
}

/// Reads Lunch Money's JSON completely before anything is written; one bad item refuses the file,
/// naming the item and the field. Lunch Money's sign convention (a debit is positive) is turned
/// into Billfold's (spending is negative). Split parents and transaction groups are read as such,
/// with their parts' and members' links, so the import keeps them and counts the money once.
public enum LunchMoneyReader {
    public static func transactions(_ data: Data, timeZone: TimeZone) throws(BillfoldError) -> [LunchMoneyTransaction] {
        let file = try decode(LunchMoneyFile.Transactions.self, data)
        var result: [LunchMoneyTransaction] = []
        for (index, item) in file.transactions.enumerated() {
            result.append(try read(item, at: index, timeZone: timeZone))
        }
        return result
    }

    /// One transaction object (the answer of `GET /v1/transactions/:id`), read as a file's are.
    public static func transaction(_ data: Data, timeZone: TimeZone) throws(BillfoldError) -> LunchMoneyTransaction {
        try read(try decode(LunchMoneyFile.Transaction.self, data), at: 0, timeZone: timeZone)
    }

    /// Flattened or nested: children inside groups are read too, each category once.
    public static func categories(_ data: Data) throws(BillfoldError) -> [LunchMoneyCategory] {
        let file = try decode(LunchMoneyFile.Categories.self, data)
        var seen = Set<Int64>()
        var result: [LunchMoneyCategory] = []
        func add(_ category: LunchMoneyFile.Category, group: Int64?) {
            if seen.insert(category.id).inserted {
                result.append(
                    LunchMoneyCategory(
                        id: category.id, name: category.name.trimmingCharacters(in: .whitespaces),
                        description: category.description ?? "", isGroup: category.is_group ?? false,
                        groupID: category.group_id ?? group,
                        flags: CategoryFlags(
                            isIncome: category.is_income ?? false,
                            excludeFromBudget: category.exclude_from_budget ?? false,
                            excludeFromTotals: category.exclude_from_totals ?? false,
                            archived: category.archived ?? false)))
            }
            for child in category.children ?? [] { add(child, group: category.id) }
        }
        for category in file.categories { add(category, group: nil) }
        for (index, category) in result.enumerated() {
            for (field, text) in [("name", category.name), ("description", category.description)]
            where TextRules.hasForbiddenControl(text) {
                throw BillfoldError(
                    .invalidImportFile,
                    Phrase("error.import.lunchMoneyCategoryControl", ["id": String(category.id), "field": field]),
                    fields: ["categories[\(index)].\(field)": TextRules.message(field: field)])
            }
        }
        // Groups first, so a child's group exists when the child is made.
        return result.filter(\.isGroup) + result.filter { !$0.isGroup }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws(BillfoldError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw BillfoldError(.invalidImportFile, ImportErrorText.describe(error))
        } catch {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.notJSON"))
        }
    }

    private static func read(_ item: LunchMoneyFile.Transaction, at index: Int, timeZone: TimeZone)
        throws(BillfoldError) -> LunchMoneyTransaction
    {
        let day: Day
        do { day = try Day(parsing: item.date, field: "date") } catch {
            throw fault(index, "date", Phrase("error.import.lunchMoneyNotADate", ["text": item.date]))
        }
        let currency: Currency
        do { currency = try Currency(code: (item.currency ?? "").uppercased()) } catch {
            throw fault(index, "currency", error.phrase)
        }
        guard let sent = amount(item.amount.text, currency: currency) else {
            throw fault(
                index, "amount",
                Phrase("error.import.lunchMoneyNotAnAmount", ["text": item.amount.text, "currency": currency.code]))
        }
        var status: TransactionStatus
        do { status = try TransactionStatus(parsing: item.status ?? "uncleared") } catch {
            throw fault(index, "status", error.phrase)
        }
        if item.is_pending == true { status = .pending }
        let payee = (item.payee ?? "").trimmingCharacters(in: .whitespaces)
        let bookedAt: BookingTime
        do { bookedAt = try BookingTime(localDateTime: "\(day)T12:00", timeZone: timeZone) } catch {
            throw fault(index, "date", error.phrase)
        }
        var new = NewTransaction(
            bookedAt: bookedAt,
            payee: payee.isEmpty ? "(no payee)" : payee, originalName: item.original_name,
            notes: item.notes ?? "", money: Money(minorUnits: -sent.minorUnits, currency: currency), status: status,
            externalID: "lunchmoney:\(item.id)")
        new.sourceExternalID = item.external_id.map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        let validated: NewTransaction
        do { validated = try new.validated() } catch {
            throw fault(index, error.fieldPhrases.keys.first ?? "transaction", error.phrase)
        }
        let (key, name): (String, String) =
            if let asset = item.asset_id {
                ("asset:\(asset)", item.asset_display_name ?? item.asset_name ?? item.account_display_name ?? "")
            } else if let plaid = item.plaid_account_id {
                ("plaid:\(plaid)", item.plaid_account_display_name ?? item.plaid_account_name ?? "")
            } else {
                ("none", "")
            }
        let cleanName = name.trimmingCharacters(in: .whitespaces)
        return LunchMoneyTransaction(
            id: item.id, transaction: validated, categoryID: item.category_id, categoryName: item.category_name,
            groupID: item.category_group_id, groupName: item.category_group_name, accountKey: key,
            accountName: cleanName.isEmpty ? "Lunch Money (\(currency.code))" : cleanName,
            kind: item.is_group == true ? .group : item.has_children == true ? .split : nil,
            linkedTo: item.parent_id.map { ($0, .split) } ?? item.group_id.map { ($0, .group) })
    }

    /// Lunch Money sometimes writes float noise ("115.78999999999999"). That rounds to the
    /// currency's decimals; a real extra digit ("1.005" in USD) is refused as always.
    static func amount(_ text: String, currency: Currency) -> Money? {
        if let exact = try? Money(parsing: trimmedZeros(text), currency: currency) { return exact }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        var input = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, currency.minorUnits, .plain)
        guard abs(rounded - value) < Decimal(sign: .plus, exponent: -6, significand: 1) else { return nil }
        return try? Money(parsing: "\(rounded)", currency: currency)
    }

    /// "12.5000" → "12.5": Lunch Money pads to four decimals, more than most currencies have.
    public static func trimmedZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var trimmed = text
        while trimmed.hasSuffix("0") { trimmed.removeLast() }
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed
    }

    /// The whole message quotes the problem's phrase, written in the reader's words when shown.
    private static func fault(_ index: Int, _ field: String, _ problem: Phrase) -> BillfoldError {
        let path = "transactions[\(index)].\(field)"
        return BillfoldError(
            .invalidImportFile,
            Phrase(
                "error.import.lunchMoneyTransactionFault",
                ["number": String(index + 1), "path": path], phrases: ["problem": problem]),
            fields: [path: problem])
    }
}
