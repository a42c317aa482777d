import BillfoldCore
import BillfoldImport
import BillfoldStore
import Foundation

/// Lunch Money v1's sign convention and number formats (reference §1.3, §1.4): a debit is
/// positive, amounts are strings with four decimals, `to_base` is a number.
enum LunchMoneyAmount {
    /// Billfold's money (spending negative) as Lunch Money writes it (spending positive), or
    /// spending negative when the client asked for `debit_as_negative`.
    static func text(_ money: Money, debitAsNegative: Bool) -> String {
        let minor = debitAsNegative ? money.minorUnits : -money.minorUnits
        let digits = money.currency.minorUnits
        let scaled = digits <= 4 ? minor * pow10(4 - digits) : minor / pow10(digits - 4)
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        let fraction = String(magnitude % 10_000)
        return sign + String(magnitude / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }

    static func number(_ money: Money, debitAsNegative: Bool) -> Decimal {
        debitAsNegative ? money.amount : -money.amount
    }

    /// An amount a client sent (a number or a string), as Billfold money.
    /// Lunch Money writes four decimals ("12.5000"); zeros past the currency's own decimals are
    /// dropped, anything else past them is refused as always.
    static func money(_ value: LunchMoneyNumber, currency: Currency, debitAsNegative: Bool) throws -> Money {
        let sent = try Money(parsing: LunchMoneyReader.trimmedZeros(value.text), currency: currency)
        return debitAsNegative ? sent : Money(minorUnits: -sent.minorUnits, currency: currency)
    }

    private static func pow10(_ n: Int) -> Int64 { (0..<n).reduce(1) { value, _ in value * 10 } }
}

/// A JSON value that may be a number or a numeric string, kept as the text the client wrote.
struct LunchMoneyNumber: Decodable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string.trimmingCharacters(in: .whitespaces)
        } else {
            text = "\(try container.decode(Decimal.self))"
        }
    }
}

/// A Lunch Money Transaction object with every field the reference lists, nulls written out.
struct LunchMoneyTransactionJSON: Encodable {
    let transaction: Transaction
    let category: Category?
    let group: Category?
    let account: Account?
    let zone: TimeZone
    let debitAsNegative: Bool
    var tags: [Tag] = []
    /// A group row's members, written as Lunch Money's slim `children`.
    var members: [Transaction]? = nil
    /// The `/v1` ids of this row, its members and the rows it links to.
    var ids = LunchMoneyIDs()

    enum Key: String, CodingKey {
        case id, date, amount, currency, to_base, payee, category_id, category_name, category_group_id
        case category_group_name, is_income, exclude_from_budget, exclude_from_totals, created_at, updated_at
        case status, is_pending, notes, original_name, recurring_id, recurring_payee, recurring_description
        case recurring_cadence, recurring_granularity, recurring_quantity, recurring_type, recurring_amount
        case recurring_currency, parent_id, has_children, group_id, is_group, asset_id, asset_institution_name
        case asset_name, asset_display_name, asset_status, plaid_account_id, plaid_account_name
        case plaid_account_mask, institution_name, plaid_account_display_name, plaid_metadata, source
        case display_name, display_notes, account_display_name, tags, children, external_id
    }

    struct TagJSON: Encodable {
        var name: String
        var id: Int64
    }

    /// A group member as a group's `children` lists it.
    struct ChildJSON: Encodable {
        let transaction: Transaction
        let id: Int64
        let zone: TimeZone
        let debitAsNegative: Bool

        enum Key: String, CodingKey {
            case id, payee, amount, currency, date, formatted_date, notes, asset_id, plaid_account_id, to_base
        }

        func encode(to encoder: any Encoder) throws {
            let t = transaction
            var c = encoder.container(keyedBy: Key.self)
            let day = Day(t.bookedAt.date, in: zone).description
            try c.encode(id, forKey: .id)
            try c.encode(t.payee, forKey: .payee)
            try c.encode(LunchMoneyAmount.text(t.money, debitAsNegative: debitAsNegative), forKey: .amount)
            try c.encode(t.money.currency.code.lowercased(), forKey: .currency)
            try c.encode(day, forKey: .date)
            try c.encode(day, forKey: .formatted_date)
            try c.encode(t.notes.isEmpty ? nil : t.notes, forKey: .notes)
            try c.encode(t.accountID, forKey: .asset_id)
            try c.encodeNil(forKey: .plaid_account_id)
            try c.encode(LunchMoneyAmount.number(t.money, debitAsNegative: debitAsNegative), forKey: .to_base)
        }
    }

    static let alwaysNull: [Key] = [
        .recurring_id, .recurring_payee, .recurring_description, .recurring_cadence, .recurring_granularity,
        .recurring_quantity, .recurring_type, .recurring_amount, .recurring_currency,
        .asset_institution_name, .plaid_account_id, .plaid_account_name, .plaid_account_mask, .institution_name,
        .plaid_account_display_name, .plaid_metadata,
    ]

    func encode(to encoder: any Encoder) throws {
        let t = transaction
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(ids.v1(t.id), forKey: .id)
        try c.encode(Day(t.bookedAt.date, in: zone).description, forKey: .date)
        try c.encode(LunchMoneyAmount.text(t.money, debitAsNegative: debitAsNegative), forKey: .amount)
        try c.encode(t.money.currency.code.lowercased(), forKey: .currency)
        try c.encode(LunchMoneyAmount.number(t.money, debitAsNegative: debitAsNegative), forKey: .to_base)
        try c.encode(t.payee, forKey: .payee)
        try c.encode(category?.id, forKey: .category_id)
        try c.encode(category?.name, forKey: .category_name)
        try c.encode(group?.id, forKey: .category_group_id)
        try c.encode(group?.name, forKey: .category_group_name)
        // A child takes its group's flags, as Lunch Money's subcategories do.
        let flags = (group ?? category)?.flags ?? CategoryFlags()
        try c.encode(flags.isIncome || (category?.flags.isIncome ?? false), forKey: .is_income)
        try c.encode(flags.excludeFromBudget, forKey: .exclude_from_budget)
        try c.encode(flags.excludeFromTotals, forKey: .exclude_from_totals)
        try c.encode(Timestamp.utc(t.createdAt), forKey: .created_at)
        try c.encode(Timestamp.utc(t.updatedAt), forKey: .updated_at)
        try c.encode(t.status.rawValue, forKey: .status)
        try c.encode(t.status == .pending, forKey: .is_pending)
        try c.encode(t.notes.isEmpty ? nil : t.notes, forKey: .notes)
        try c.encode(t.originalName.isEmpty ? nil : t.originalName, forKey: .original_name)
        for key in Self.alwaysNull { try c.encodeNil(forKey: key) }
        try c.encode(t.parentID.map(ids.v1), forKey: .parent_id)
        try c.encode(t.kind == .split, forKey: .has_children)
        try c.encode(t.groupID.map(ids.v1), forKey: .group_id)
        try c.encode(t.kind == .group, forKey: .is_group)
        try c.encode(t.accountID, forKey: .asset_id)
        try c.encode(account?.name, forKey: .asset_name)
        try c.encode(account?.displayName, forKey: .asset_display_name)
        try c.encode(account == nil ? nil : "active", forKey: .asset_status)
        try c.encode(t.externalID == nil ? "manual" : "api", forKey: .source)
        try c.encode(t.payee, forKey: .display_name)
        try c.encode(t.notes.isEmpty ? nil : t.notes, forKey: .display_notes)
        try c.encode(account?.displayName ?? "", forKey: .account_display_name)
        try c.encode(tags.map { TagJSON(name: $0.name, id: $0.id) }, forKey: .tags)
        if let members {
            let children = members.map {
                ChildJSON(transaction: $0, id: ids.v1($0.id), zone: zone, debitAsNegative: debitAsNegative)
            }
            try c.encode(children, forKey: .children)
        }
        // A row from Lunch Money gives back its source's external id, not Billfold's key for it.
        let fromLunchMoney = LunchMoneyShared.remoteID(t.externalID) != nil
        try c.encode(fromLunchMoney ? t.sourceExternalID : t.externalID, forKey: .external_id)
    }
}

/// A Lunch Money Category object. Lists carry full children; the single GET of a group carries
/// slim ones, and the single GET leaves out the timestamps (reference §3.2).
struct LunchMoneyCategoryJSON: Encodable {
    enum Shape { case full, single, slimChild }

    let category: Category
    let tree: CategoryTree
    var shape: Shape = .full
    var withChildren = true

    enum Key: String, CodingKey {
        case id, name, description, is_income, exclude_from_budget, exclude_from_totals, archived, archived_on
        case updated_at, created_at, is_group, group_id, order, children, group_category_name
    }

    func encode(to encoder: any Encoder) throws {
        let c0 = category
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(c0.id, forKey: .id)
        try c.encode(c0.name, forKey: .name)
        try c.encode(c0.description.isEmpty ? nil : c0.description, forKey: .description)
        if shape == .slimChild {
            try c.encode(Timestamp.utc(c0.createdAt), forKey: .created_at)
            try c.encode(c0.flags.archived, forKey: .archived)
            try c.encodeNil(forKey: .archived_on)
            return
        }
        try c.encode(c0.flags.isIncome, forKey: .is_income)
        try c.encode(c0.flags.excludeFromBudget, forKey: .exclude_from_budget)
        try c.encode(c0.flags.excludeFromTotals, forKey: .exclude_from_totals)
        try c.encode(c0.flags.archived, forKey: .archived)
        try c.encodeNil(forKey: .archived_on)
        if shape == .full {
            try c.encode(Timestamp.utc(c0.updatedAt ?? c0.createdAt), forKey: .updated_at)
            try c.encode(Timestamp.utc(c0.createdAt), forKey: .created_at)
        }
        try c.encode(c0.isGroup, forKey: .is_group)
        try c.encode(c0.groupID, forKey: .group_id)
        try c.encode(c0.order == 0 ? nil : c0.order, forKey: .order)
        if c0.isGroup && withChildren {
            let children = tree.children(of: c0.id).map {
                LunchMoneyCategoryJSON(category: $0, tree: tree, shape: shape == .single ? .slimChild : .full)
            }
            try c.encode(children, forKey: .children)
        }
        if shape == .single, let group = c0.groupID.flatMap({ tree.category($0) }) {
            try c.encode(group.name, forKey: .group_category_name)
        }
    }
}
