import Foundation

/// What the user asked the transaction list for; the same value serves the API, the web list and
/// the PAYBACK feed.
public struct TransactionFilter: Hashable, Sendable {
    /// The category asked for; a group also matches its children.
    public var categoryID: Int64?
    /// True asks for transactions without a category.
    public var uncategorized: Bool
    public var status: TransactionStatus?
    public var from: Day?
    public var to: Day?
    /// Searched in payee and notes, case-insensitively.
    public var text: String?

    public init(
        categoryID: Int64? = nil, uncategorized: Bool = false, status: TransactionStatus? = nil,
        from: Day? = nil, to: Day? = nil, text: String? = nil
    ) {
        self.categoryID = categoryID
        self.uncategorized = uncategorized
        self.status = status
        self.from = from
        self.to = to
        self.text = text
    }

    /// Reads the query parameters shared by the API and the web list (`category`, `status`,
    /// `from`, `to`, `q`). `category=none` asks for uncategorised transactions.
    public init(query: [String: String]) throws(BillfoldError) {
        self.init()
        if let category = query["category"]?.trimmed, !category.isEmpty {
            if category == "none" {
                uncategorized = true
            } else if let id = Int64(category), id > 0 {
                categoryID = id
            } else {
                throw .validation("category", "“\(category)” is not a category id.")
            }
        }
        if let status = query["status"]?.trimmed, !status.isEmpty {
            self.status = try TransactionStatus(parsing: status)
        }
        if let from = query["from"]?.trimmed, !from.isEmpty {
            self.from = try Day(parsing: from, field: "from")
        }
        if let to = query["to"]?.trimmed, !to.isEmpty {
            self.to = try Day(parsing: to, field: "to")
        }
        if let text = query["q"]?.trimmed, !text.isEmpty {
            guard text.count <= 200 else {
                throw .validation("q", "The search text is longer than 200 characters.")
            }
            self.text = text
        }
        _ = try InstantRange(from: from, to: to, in: TimeZone(secondsFromGMT: 0)!)
    }

    /// The same filter as query parameters, for links that keep it.
    public var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if uncategorized { items.append(("category", "none")) }
        if let categoryID { items.append(("category", String(categoryID))) }
        if let status { items.append(("status", status.rawValue)) }
        if let from { items.append(("from", from.description)) }
        if let to { items.append(("to", to.description)) }
        if let text { items.append(("q", text)) }
        return items
    }

    public var isEmpty: Bool { queryItems.isEmpty }
}

/// Where the next page of a newest-first list starts: after this booking time and id.
public struct TransactionCursor: Hashable, Sendable {
    public let bookedAt: Int64
    public let id: Int64

    public init(bookedAt: Int64, id: Int64) {
        self.bookedAt = bookedAt
        self.id = id
    }

    /// An opaque, URL-safe token; clients must not build it themselves.
    public var token: String {
        Data("\(bookedAt):\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public init(token: String) throws(BillfoldError) {
        var base64 = token.replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard token.count <= 64, let data = Data(base64Encoded: base64),
            let text = String(data: data, encoding: .utf8)
        else { throw TransactionCursor.invalid }
        let parts = text.split(separator: ":")
        guard parts.count == 2, let bookedAt = Int64(parts[0]), let id = Int64(parts[1]) else {
            throw TransactionCursor.invalid
        }
        self.init(bookedAt: bookedAt, id: id)
    }

    private static let invalid = BillfoldError(
        .invalidCursor, "The cursor is not one Billfold gave out. Start again from the first page.",
        fields: ["cursor": "Use the nextCursor of a previous page."])
}

/// How many rows a page holds.
public enum PageSize {
    public static let `default` = 50
    public static let maximum = 500

    public static func parse(_ text: String?) throws(BillfoldError) -> Int {
        guard let text = text?.trimmed, !text.isEmpty else { return `default` }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw .validation("limit", "The limit must be a whole number from 1 to \(maximum).")
        }
        return value
    }
}

/// The sum of a filter in one currency. Currencies are never added together.
public struct CurrencyTotal: Hashable, Sendable {
    public let money: Money
    public let count: Int

    public init(money: Money, count: Int) {
        self.money = money
        self.count = count
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
