import BillfoldCore
import SQLKit

/// Every column of `transactions`, declared once. The reads (`TransactionRow`), the inserts
/// (SQLKit's, SQLite's bulk INSERT, PostgreSQL's COPY), what an insert returns and the undo all
/// take their column lists from here, and each reads or writes a column's value in one exhaustive
/// `switch`, so a new column is a compile error in every place that must know of it.
enum LedgerColumn: String, CaseIterable, Sendable {
    case id
    case userID = "user_id"
    case accountID = "account_id"
    case bookedAt = "booked_at"
    case bookedOffset = "booked_offset"
    case payee
    case originalName = "original_name"
    case notes
    case amountMinor = "amount_minor"
    case currency
    case categoryID = "category_id"
    case categorySource = "category_source"
    case status
    case externalID = "external_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case importID = "import_id"
    case importKey = "import_key"
    case sourceExternalID = "source_external_id"
    case transferID = "transfer_id"
    case kind
    case parentID = "parent_id"
    case groupID = "group_id"

    /// What a new row is written with, in this order: the database gives the id, and the links
    /// (transfer, kind, parent, group) are set after the rows they link are written.
    static let written: [LedgerColumn] = allCases.filter { !$0.isGivenLater }

    /// What a read gives a `TransactionRow`: all but the user (every read names it) and the import
    /// key (only the undo keeps it).
    static let read: [LedgerColumn] = allCases.filter { $0 != .userID && $0 != .importKey }

    /// What an insert returns of each row it wrote: its id, what its sums need, and the keys that
    /// tell which of the rows sent it is (some may be skipped as already there) (`InsertedRow`).
    static let returned: [LedgerColumn] = [
        .id, .accountID, .categoryID, .status, .currency, .bookedAt, .amountMinor, .payee, .externalID, .importKey,
    ]

    /// What an undo puts back: every column.
    static let restored: [LedgerColumn] = allCases

    private var isGivenLater: Bool {
        switch self {
        case .id, .transferID, .kind, .parentID, .groupID: true
        default: false
        }
    }

    /// The columns' names, separated by commas, each under `alias` when one is given.
    static func list(_ columns: [LedgerColumn], of alias: String? = nil) -> String {
        columns.map { column in alias.map { "\($0).\(column.rawValue)" } ?? column.rawValue }.joined(separator: ", ")
    }
}

/// What every row of one write shares: whose rows they are, each row's account, when they are
/// written and the import they come from.
struct NewRowStamp: Sendable {
    let userID: Int64
    let accountID: @Sendable (NewTransaction) -> Int64
    let now: Int64
    let importID: Int64?
}

/// The rows of one write and what they share, read in place a field at a time: a row handed to a
/// closure is copied, and the copy retains each of its texts (a tenth of a million-row import's
/// time).
struct BulkRows {
    let rows: UnsafeBufferPointer<NewTransaction>
    let stamp: NewRowStamp

    /// Row `index`'s value of a written column.
    func value(_ column: LedgerColumn, _ index: Int) -> ColumnValue {
        switch column {
        case .userID: .integer(stamp.userID)
        case .accountID: .integer(stamp.accountID(rows[index]))
        case .bookedAt: .integer(rows[index].bookedAt.epochSeconds)
        case .bookedOffset: .integer(Int64(rows[index].bookedAt.offsetSeconds))
        case .payee: .text(rows[index].payee)
        // Most rows' original name is their payee: then it is the payee's value, not a second.
        case .originalName:
            rows[index].originalName.utf8.elementsEqual(rows[index].payee.utf8)
                ? .samePayee : .text(rows[index].originalName)
        case .notes: .text(rows[index].notes)
        case .amountMinor: .integer(rows[index].money.minorUnits)
        case .currency: .word(rows[index].money.currency.code)
        case .categoryID: rows[index].categoryID.map(ColumnValue.integer) ?? .null
        case .categorySource: rows[index].storedCategorySource.map { .word($0.rawValue) } ?? .null
        case .status: .word(rows[index].status.rawValue)
        case .externalID: rows[index].externalID.map(ColumnValue.text) ?? .null
        case .createdAt, .updatedAt: .integer(stamp.now)
        case .importID: stamp.importID.map(ColumnValue.integer) ?? .null
        case .importKey: rows[index].importKey.map(ColumnValue.text) ?? .null
        case .sourceExternalID: rows[index].sourceExternalID.map(ColumnValue.text) ?? .null
        // Given later (`LedgerColumn.written` leaves them out); a new row has none.
        case .id, .transferID, .kind, .parentID, .groupID: .null
        }
    }
}

/// A column's value in a write. Texts are the same when their bytes are: Swift takes "Müller"
/// with a combining diaeresis for the one written with "ü", and one row's spelling must not be
/// written for another's.
enum ColumnValue: Equatable {
    case integer(Int64)
    case text(String)
    /// A currency code, status or category source word, written as a literal when it is letters
    /// only.
    case word(String)
    /// The original name where it is the payee.
    case samePayee
    case null

    static func == (a: ColumnValue, b: ColumnValue) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x == y
        case (.text(let x), .text(let y)), (.word(let x), .word(let y)): x.utf8.elementsEqual(y.utf8)
        case (.samePayee, .samePayee), (.null, .null): true
        default: false
        }
    }

    /// The value bound to a SQLKit statement; `payee` is the row's, for `samePayee`.
    func bound(payee: String) -> any SQLExpression {
        switch self {
        case .integer(let number): SQLBind(number)
        case .text(let text), .word(let text): SQLBind(text)
        case .samePayee: SQLBind(payee)
        case .null: SQLLiteral.null
        }
    }
}
