/// A label a person puts on transactions across categories ("Holiday 2026", "Tax").
public struct Tag: Hashable, Sendable, Identifiable, Codable {
    public var id: Int64
    public var name: String
    public var description: String
    public var archived: Bool

    public init(id: Int64, name: String, description: String = "", archived: Bool = false) {
        self.id = id
        self.name = name
        self.description = description
        self.archived = archived
    }
}

/// The limits on what a person types into a tag.
public enum TagRules {
    public static let maxName = 100
    public static let maxDescription = 500
    /// Tags one transaction may carry.
    public static let maxPerTransaction = 50

    public static func name(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "name")
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .validation("name", Phrase("error.core.tagNameMissing")) }
        guard TextRules.length(name) <= maxName else {
            throw .validation("name", Phrase("error.core.tagNameTooLong", ["max": String(maxName)]))
        }
        return name
    }

    public static func description(_ raw: String) throws(BillfoldError) -> String {
        try TextRules.check(raw, field: "description")
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard TextRules.length(text) <= maxDescription else {
            throw .validation(
                "description", Phrase("error.core.tagDescriptionTooLong", ["max": String(maxDescription)]))
        }
        return text
    }
}
