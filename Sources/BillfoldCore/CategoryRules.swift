import Foundation

/// The rules a category's fields follow, and the words used when one is broken.
///
/// The server checks them, and the web page checks them while the user types with the same
/// limits and message templates (sent to the page as JSON), so both always say the same thing.
public enum CategoryRules {
    public static let nameLength = 2...100
    public static let maxDescription = 200

    /// The rules' messages: catalogue entries `categories.rule.<case>`, with `{count}`, `{name}`,
    /// `{place}` and `{id}` filled in. The form's script gets the same templates in the page's words.
    public enum Message: String, CaseIterable, Sendable {
        case nameRequired, nameTooShort, nameTooLong, nameTaken, descriptionTooLong, colourInvalid, iconInvalid
        case groupInGroup, groupMissing, notAGroup

        /// The template's key in the page's JSON.
        public var key: String { rawValue }
        /// The template's key in the catalogue.
        public var catalogueKey: String { "categories.rule.\(rawValue)" }

        public func phrase(_ values: [String: String] = [:]) -> Phrase { Phrase(catalogueKey, values) }
    }

    /// How names compare for uniqueness: case-insensitively, after trimming.
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// "the top level" or "“Food”": where a name must be unique, in the current words.
    public static func place(_ group: Category?) -> String {
        group.map { tr("categories.rule.inGroup", ["name": $0.name]) } ?? tr("categories.rule.topLevel")
    }

    public static func name(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "name")
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { throw .validation("name", Message.nameRequired.phrase()) }
        if name.count < nameLength.lowerBound { throw .validation("name", Message.nameTooShort.phrase()) }
        if TextRules.length(name) > nameLength.upperBound {
            throw .validation("name", Message.nameTooLong.phrase(["count": String(TextRules.length(name))]))
        }
        return name
    }

    public static func description(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "description")
        let description = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if TextRules.length(description) > maxDescription {
            throw .validation(
                "description", Message.descriptionTooLong.phrase(["count": String(TextRules.length(description))]))
        }
        return description
    }

    /// A palette name in lower case, `#RRGGBB` in upper case, or empty for the default.
    public static func colour(_ raw: String) throws(BillfoldError) -> String {
        let colour = raw.trimmingCharacters(in: .whitespaces)
        if colour.isEmpty { return "" }
        if let named = CategoryColour(rawValue: colour.lowercased()) { return named.rawValue }
        let digits = colour.dropFirst()
        // ASCII only: Character.isHexDigit also takes full-width digits (＃ＡＢＣ１２３), which no
        // CSS or client reads as a colour.
        guard colour.hasPrefix("#"), digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
            throw .validation("colour", Message.colourInvalid.phrase())
        }
        return colour.uppercased()
    }

    public static func icon(_ raw: String) throws(BillfoldError) -> String {
        let icon = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard icon.isEmpty || CategoryIcon.all.contains(icon) else {
            throw .validation("icon", Message.iconInvalid.phrase())
        }
        return icon
    }
}

/// The palette a category's colour chip can take; each name has a light and a dark shade in the
/// stylesheet, so chips stay readable in both themes.
public enum CategoryColour: String, CaseIterable, Sendable {
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray

    /// The light-theme shade, for clients that draw the chip themselves.
    public var hex: String {
        switch self {
        case .red: "#D93025"
        case .orange: "#E8710A"
        case .yellow: "#F9AB00"
        case .green: "#1E8E3E"
        case .mint: "#00A693"
        case .teal: "#12858F"
        case .cyan: "#0B9FD8"
        case .blue: "#1A73E8"
        case .indigo: "#4B4FC9"
        case .purple: "#9334E6"
        case .pink: "#D01884"
        case .brown: "#8D6E63"
        case .gray: "#6B7280"
        }
    }

    /// The colour's name, as its swatch is titled and read out, in the current words' language.
    public var label: String {
        switch self {
        case .red: tr("categories.colour.red")
        case .orange: tr("categories.colour.orange")
        case .yellow: tr("categories.colour.yellow")
        case .green: tr("categories.colour.green")
        case .mint: tr("categories.colour.mint")
        case .teal: tr("categories.colour.teal")
        case .cyan: tr("categories.colour.cyan")
        case .blue: tr("categories.colour.blue")
        case .indigo: tr("categories.colour.indigo")
        case .purple: tr("categories.colour.purple")
        case .pink: tr("categories.colour.pink")
        case .brown: tr("categories.colour.brown")
        case .gray: tr("categories.colour.gray")
        }
    }
}

/// The icons a category can show; the web app draws each one, and clients map the names to
/// their own symbols.
public enum CategoryIcon {
    public static let all: [String] = [
        "bag", "bolt", "book", "box", "briefcase", "bus", "calendar", "car", "card", "cart", "cash", "check",
        "coffee", "film", "flag", "flame", "folder", "food", "gift", "heart", "home", "key", "leaf", "link", "list",
        "medal", "medical", "paw", "phone", "plane", "repeat", "rocket", "school", "search", "star", "swipe", "tag",
        "tools", "trophy",
    ]
}
