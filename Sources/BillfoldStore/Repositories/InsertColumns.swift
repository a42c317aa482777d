import BillfoldCore

/// The columns a new transaction fills, in the order every write names them.
enum InsertColumn: String, CaseIterable {
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
    case status
    case externalID = "external_id"
    case createdAt = "created_at"
    case updatedAt = "updated_at"
    case importID = "import_id"
    case importKey = "import_key"
    case sourceExternalID = "source_external_id"
}

/// The rows of one bulk write (SQLite's INSERT, PostgreSQL's COPY) and what they share, read in
/// place a field at a time: a row handed to a closure is copied, and the copy retains each of
/// its texts (a tenth of a million-row import's time).
struct BulkRows {
    let rows: UnsafeBufferPointer<NewTransaction>
    let userID: Int64
    let accountID: (NewTransaction) -> Int64
    let now: Int64
    let importID: Int64?

    /// Row `index`'s value of `column`.
    func value(_ column: InsertColumn, _ index: Int) -> ColumnValue {
        switch column {
        case .userID: .integer(userID)
        case .accountID: .integer(accountID(rows[index]))
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
        case .status: .word(rows[index].status.rawValue)
        case .externalID: rows[index].externalID.map(ColumnValue.text) ?? .null
        case .createdAt, .updatedAt: .integer(now)
        case .importID: importID.map(ColumnValue.integer) ?? .null
        case .importKey: rows[index].importKey.map(ColumnValue.text) ?? .null
        case .sourceExternalID: rows[index].sourceExternalID.map(ColumnValue.text) ?? .null
        }
    }
}

/// A column's value in a bulk write. Texts are the same when their bytes are: Swift takes
/// "Müller" with a combining diaeresis for the one written with "ü", and one row's spelling must
/// not be written for another's.
enum ColumnValue: Equatable {
    case integer(Int64)
    case text(String)
    /// A currency code or status word, written as a literal when it is letters only.
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
}
