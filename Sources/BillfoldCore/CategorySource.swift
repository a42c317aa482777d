/// How a transaction got its category, kept beside it: suggestions learn from the person's own
/// decisions, and rules never overwrite what the person chose.
public enum CategorySource: String, Sendable, CaseIterable, Codable {
    /// Chosen by the person: a form, the review deck, an app, `/v1`.
    case person
    /// Set by one of the person's rules.
    case rule
    /// A suggestion the person accepted.
    case suggestion
    /// Stated by what imported it: a bank file, PAYBACK, an app adding rows with their own ids.
    case importFile = "import"
    /// Set in Lunch Money: pulled from a connection or read from its export.
    case lunchMoney = "lunchmoney"
}
