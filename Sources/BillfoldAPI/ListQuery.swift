import BillfoldCore
import Foundation

// How a list is asked for on the wire: query parameters, page sizes and cursor tokens. This is
// contract, not domain, so it lives here where the server and BillfoldKit both read it.

extension TransactionFilter {
    /// Reads the query parameters shared by the API, the web list and the PAYBACK feed
    /// (`category`, `status`, `from`, `to`, `q`, `account`, `import`). `category=none` asks for uncategorised
    /// transactions.
    public init(query: [String: String]) throws(BillfoldError) {
        self.init()
        if let category = query["category"]?.trimmedText {
            if category == "none" {
                uncategorized = true
            } else if let id = Int64(category), id > 0 {
                categoryID = id
            } else {
                throw .validation("category", Phrase("error.api.notACategoryID", ["text": category]))
            }
        }
        if let status = query["status"]?.trimmedText {
            self.status = try TransactionStatus(parsing: status)
        }
        if let from = query["from"]?.trimmedText {
            self.from = try Day(parsing: from, field: "from")
        }
        if let to = query["to"]?.trimmedText {
            self.to = try Day(parsing: to, field: "to")
        }
        if let text = query["q"]?.trimmedText {
            guard text.count <= 200 else {
                throw .validation("q", Phrase("error.api.searchTooLong", ["max": "200"]))
            }
            self.text = text
        }
        if let text = query["import"]?.trimmedText {
            guard let id = Int64(text), id > 0 else {
                throw .validation("import", Phrase("error.api.notAnImportID", ["text": text]))
            }
            importID = id
        }
        if let text = query["account"]?.trimmedText {
            guard let id = Int64(text), id > 0 else {
                throw .validation("account", Phrase("error.api.notAnAccountID", ["text": text]))
            }
            accountID = id
        }
        if let text = query["tag"]?.trimmedText {
            guard let id = Int64(text), id > 0 else {
                throw .validation("tag", Phrase("error.api.notATagID", ["text": text]))
            }
            tagID = id
        }
        // A range that ends before it starts is refused here, not at the database.
        _ = try InstantRange(from: from, to: to, in: TimeZone(secondsFromGMT: 0)!)
    }

    /// The same filter as query parameters, for links and requests that keep it.
    public var queryItems: [(String, String)] {
        var items: [(String, String)] = []
        if uncategorized { items.append(("category", "none")) }
        if let categoryID { items.append(("category", String(categoryID))) }
        if let status { items.append(("status", status.rawValue)) }
        if let from { items.append(("from", from.description)) }
        if let to { items.append(("to", to.description)) }
        if let text { items.append(("q", text)) }
        if let importID { items.append(("import", String(importID))) }
        if let accountID { items.append(("account", String(accountID))) }
        if let tagID { items.append(("tag", String(tagID))) }
        return items
    }
}

extension TransactionCursor {
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

    /// Reads the `cursor` parameter; an empty one means the first page.
    public init?(parameter: String?) throws(BillfoldError) {
        guard let parameter, !parameter.isEmpty else { return nil }
        try self.init(token: parameter)
    }

    private static let invalid = BillfoldError(
        .invalidCursor, Phrase("error.api.cursorInvalid"),
        fields: ["cursor": Phrase("error.api.cursorInvalidField")])
}

/// How many rows a page holds.
public enum PageSize {
    public static let `default` = 50
    public static let maximum = 500

    public static func parse(_ text: String?) throws(BillfoldError) -> Int {
        guard let text = text?.trimmedText else { return `default` }
        guard let value = Int(text), (1...maximum).contains(value) else {
            throw .validation("limit", Phrase("error.api.limitOutOfRange", ["max": String(maximum)]))
        }
        return value
    }
}

extension String {
    /// The text without surrounding white space, or nil when nothing is left.
    fileprivate var trimmedText: String? {
        let text = trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
