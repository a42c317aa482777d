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
        // Written from the digits, never multiplied: ¥999,999,999,999,999 in ten-thousandths is
        // past 64 bits, and an overflow would stop the server.
        let minor = signed(money, debitAsNegative: debitAsNegative).minorUnits
        let digits = money.currency.minorUnits
        let text = Money.format(minorUnits: minor, decimals: digits)
        if digits > 4 { return String(text.dropLast(digits - 4)) }
        return text + (digits == 0 ? "." : "") + String(repeating: "0", count: 4 - digits)
    }

    static func number(_ money: Money, debitAsNegative: Bool) -> Decimal {
        signed(money, debitAsNegative: debitAsNegative).amount
    }

    /// Money with Lunch Money's sign: negated unless debits are negative. The most negative
    /// amount has no positive twin in 64 bits and becomes the largest.
    static func signed(_ money: Money, debitAsNegative: Bool) -> Money {
        debitAsNegative
            ? money : Money(minorUnits: money.minorUnits == .min ? .max : -money.minorUnits, currency: money.currency)
    }

    /// `to_base`: the amount in the person's primary currency at the rate of its day, to the
    /// primary currency's minor unit. A currency without any rate gives its own amount (a client
    /// reads a number here; the native API's converted totals leave such money out instead).
    static func toBase(
        _ money: Money, on day: Day, primary: Currency, book: RateBook, debitAsNegative: Bool
    ) -> Decimal {
        guard money.currency != primary,
            var converted = book.convert(money.amount, from: money.currency.code, to: primary.code, on: day)?.value
        else { return number(money, debitAsNegative: debitAsNegative) }
        var rounded = Decimal()
        NSDecimalRound(&rounded, &converted, primary.minorUnits, .plain)
        return debitAsNegative ? rounded : -rounded
    }

    /// An amount a client sent (a number or a string), as Billfold money.
    /// Lunch Money writes four decimals ("12.5000"); zeros past the currency's own decimals are
    /// dropped, anything else past them is refused as always.
    static func money(_ value: LunchMoneyNumber, currency: Currency, debitAsNegative: Bool) throws -> Money {
        let sent = try Money(parsing: LunchMoneyReader.trimmedZeros(value.text), currency: currency)
        return debitAsNegative ? sent : Money(minorUnits: -sent.minorUnits, currency: currency)
    }
}

/// What `to_base` is converted with: the person's primary currency and rates.
struct LunchMoneyBase: Sendable {
    let primary: Currency
    let book: RateBook

    func value(_ money: Money, on day: Day, debitAsNegative: Bool) -> Decimal {
        LunchMoneyAmount.toBase(money, on: day, primary: primary, book: book, debitAsNegative: debitAsNegative)
    }

    /// `to_base` as a field: money already in the primary currency (most rows) is the amount
    /// itself, written from its digits; money in another is converted in integers
    /// (`RateBook.converted`) and written the same way. `Decimal` is left for what those cannot
    /// hold (a Decimal division and its text per row took a sixth of a 1,000-row page).
    static func field(_ money: Money, on day: @autoclosure () -> Day, base: LunchMoneyBase?, debitAsNegative: Bool)
        -> LunchMoneyTransactionJSON.Value
    {
        guard let base, money.currency != base.primary else {
            return .exact(LunchMoneyAmount.signed(money, debitAsNegative: debitAsNegative))
        }
        let day = day()
        if let converted = base.book.converted(money, to: base.primary, on: day) {
            return .exact(LunchMoneyAmount.signed(converted, debitAsNegative: debitAsNegative))
        }
        // No rate at all: the amount itself, as `LunchMoneyAmount.toBase` gives it.
        if base.book.scaledFactor(from: money.currency.code, to: base.primary.code, on: day) == nil {
            return .exact(LunchMoneyAmount.signed(money, debitAsNegative: debitAsNegative))
        }
        return .decimal(base.value(money, on: day, debitAsNegative: debitAsNegative))
    }
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
/// Its fields are worked out in one place (`eachField`); `encode(to:)` and
/// `LunchMoneyTransactionWriter` (the list's fast path, held to the same bytes by a test) both
/// write them.
struct LunchMoneyTransactionJSON: LunchMoneyFields {
    let transaction: Transaction
    let category: Category?
    let group: Category?
    let account: Account?
    let zone: TimeZone
    let debitAsNegative: Bool
    /// Nil: `to_base` is the amount itself.
    var base: LunchMoneyBase? = nil
    var tags: [Tag] = []
    /// A group row's members, written as Lunch Money's slim `children`.
    var members: [Transaction]? = nil
    /// The `/v1` ids of this row, its members and the rows it links to.
    var ids = LunchMoneyIDs()

    /// One field's value as JSON has it.
    enum Value {
        case text(String?)
        case number(Int64?)
        case flag(Bool)
        case decimal(Decimal)
        /// Money as an exact JSON number ("12.5", "-2500"), as `Decimal` writes it.
        case exact(Money)
        case tags([Tag])
        case children([ChildJSON])
    }

    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    struct TagJSON: Encodable {
        var name: String
        var id: Int64
    }

    /// A group member as a group's `children` lists it.
    struct ChildJSON: LunchMoneyFields {
        let transaction: Transaction
        let id: Int64
        let zone: TimeZone
        let debitAsNegative: Bool
        var base: LunchMoneyBase? = nil

        /// In the order of their names, as the API's encoder sorts them.
        func eachField<Sink: LunchMoneyFieldSink>(into sink: inout Sink) {
            let t = transaction
            let booked = Day(t.bookedAt.date, in: zone)
            let day = booked.description
            sink.field("amount", .text(LunchMoneyAmount.text(t.money, debitAsNegative: debitAsNegative)))
            sink.field("asset_id", .number(t.accountID))
            sink.field("currency", .text(t.money.currency.code.lowercased()))
            sink.field("date", .text(day))
            sink.field("formatted_date", .text(day))
            sink.field("id", .number(id))
            sink.field("notes", .text(t.notes.isEmpty ? nil : t.notes))
            sink.field("payee", .text(t.payee))
            sink.field("plaid_account_id", .number(nil))
            sink.field(
                "to_base", LunchMoneyBase.field(t.money, on: booked, base: base, debitAsNegative: debitAsNegative))
        }
    }

    /// Every field in turn, in the order of their names (the API's encoder sorts them; the writer
    /// relies on this order, and its test would see a field out of place). Handed over one at a
    /// time: a page of a thousand rows made a thousand arrays of fifty. A sink, not a closure: a
    /// closure that writes into its caller is checked for exclusive access at every write.
    func eachField<Sink: LunchMoneyFieldSink>(into sink: inout Sink) {
        func field(_ name: StaticString, _ value: Value) { sink.field(name, value) }
        let t = transaction
        let booked = Day(t.bookedAt.date, in: zone)
        // A child takes its group's flags, as Lunch Money's subcategories do.
        let flags = (group ?? category)?.flags ?? CategoryFlags()
        let null = Value.text(nil)
        field("account_display_name", .text(account?.displayName ?? ""))
        field("amount", .text(LunchMoneyAmount.text(t.money, debitAsNegative: debitAsNegative)))
        field("asset_display_name", .text(account?.displayName))
        field("asset_id", .number(t.accountID))
        field("asset_institution_name", null)
        field("asset_name", .text(account?.name))
        field("asset_status", .text(account == nil ? nil : "active"))
        field("category_group_id", .number(group?.id))
        field("category_group_name", .text(group?.name))
        field("category_id", .number(category?.id))
        field("category_name", .text(category?.name))
        if let members {
            let children = members.map {
                ChildJSON(
                    transaction: $0, id: ids.v1($0.id), zone: zone, debitAsNegative: debitAsNegative, base: base)
            }
            field("children", .children(children))
        }
        field("created_at", .text(Timestamp.utc(t.createdAt)))
        field("currency", .text(t.money.currency.code.lowercased()))
        field("date", .text(booked.description))
        field("display_name", .text(t.payee))
        field("display_notes", .text(t.notes.isEmpty ? nil : t.notes))
        field("exclude_from_budget", .flag(flags.excludeFromBudget))
        field("exclude_from_totals", .flag(flags.excludeFromTotals))
        field("external_id", .text(LunchMoneyIDs.externalID(of: t)))
        field("group_id", .number(t.groupID.map(ids.v1)))
        field("has_children", .flag(t.kind == .split))
        field("id", .number(ids.v1(t.id)))
        field("institution_name", null)
        field("is_group", .flag(t.kind == .group))
        field("is_income", .flag(flags.isIncome || (category?.flags.isIncome ?? false)))
        field("is_pending", .flag(t.status == .pending))
        field("notes", .text(t.notes.isEmpty ? nil : t.notes))
        field("original_name", .text(t.originalName.isEmpty ? nil : t.originalName))
        field("parent_id", .number(t.parentID.map(ids.v1)))
        field("payee", .text(t.payee))
        for name in Self.unlinked { field(name, null) }
        field("source", .text(t.externalID == nil ? "manual" : "api"))
        field("status", .text(t.status.rawValue))
        field("tags", .tags(tags))
        field("to_base", LunchMoneyBase.field(t.money, on: booked, base: base, debitAsNegative: debitAsNegative))
        field("updated_at", .text(Timestamp.utc(t.updatedAt)))
    }

    /// The Plaid and recurring fields, always null: Billfold links no bank and writes no
    /// recurring item onto a transaction (`/v1/recurring_items` lists them).
    static let unlinked: [StaticString] = [
        "plaid_account_display_name", "plaid_account_id", "plaid_account_mask", "plaid_account_name",
        "plaid_metadata", "recurring_amount", "recurring_cadence", "recurring_currency", "recurring_description",
        "recurring_granularity", "recurring_id", "recurring_payee", "recurring_quantity", "recurring_type",
    ]

}

extension LunchMoneyTransactionJSON.Value {
    /// The value as a keyed container holds it.
    func encode(
        forKey key: LunchMoneyTransactionJSON.Key, in c: inout KeyedEncodingContainer<LunchMoneyTransactionJSON.Key>
    ) throws {
        switch self {
        case .text(let text): try c.encode(text, forKey: key)
        case .number(let number): try c.encode(number, forKey: key)
        case .flag(let flag): try c.encode(flag, forKey: key)
        case .decimal(let decimal): try c.encode(decimal, forKey: key)
        case .exact(let money): try c.encode(money.amount, forKey: key)
        case .tags(let tags):
            try c.encode(tags.map { LunchMoneyTransactionJSON.TagJSON(name: $0.name, id: $0.id) }, forKey: key)
        case .children(let children): try c.encode(children, forKey: key)
        }
    }
}

/// A `/v1` object whose fields are handed over one at a time, in the order of their names: to
/// `LunchMoneyTransactionWriter`, or to a keyed container as `Encodable` (a test holds the two
/// to the same bytes).
protocol LunchMoneyFields: Encodable {
    func eachField<Sink: LunchMoneyFieldSink>(into sink: inout Sink)
}

extension LunchMoneyFields {
    func encode(to encoder: any Encoder) throws {
        var keyed = KeyedLunchMoneyFields(container: encoder.container(keyedBy: LunchMoneyTransactionJSON.Key.self))
        eachField(into: &keyed)
        if let failure = keyed.failure { throw failure }
    }
}

/// Fields into a keyed container; the first failure is kept, and thrown after.
private struct KeyedLunchMoneyFields: LunchMoneyFieldSink {
    var container: KeyedEncodingContainer<LunchMoneyTransactionJSON.Key>
    var failure: (any Error)?

    mutating func field(_ name: StaticString, _ value: LunchMoneyTransactionJSON.Value) {
        guard failure == nil else { return }
        do { try value.encode(forKey: .init("\(name)"), in: &container) } catch { failure = error }
    }
}

/// What takes a `/v1` transaction's fields one at a time.
protocol LunchMoneyFieldSink {
    mutating func field(_ name: StaticString, _ value: LunchMoneyTransactionJSON.Value)
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
