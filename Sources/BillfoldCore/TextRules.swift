/// The rule for every piece of text a person or a file gives Billfold: no control characters but
/// tab and newline (a CR directly before a newline counts as part of it, as browsers send
/// textarea lines). A NUL would cut the text short in C-based storage, and others hide in names.
public enum TextRules {
    /// True when `text` holds a character that no text field accepts.
    public static func hasForbiddenControl(_ text: String) -> Bool {
        var previousCR = false
        for scalar in text.unicodeScalars {
            if previousCR && scalar != "\n" { return true }
            previousCR = false
            switch scalar {
            case "\t", "\n": continue
            case "\r": previousCR = true
            default:
                if scalar.properties.generalCategory == .control { return true }
            }
        }
        return previousCR
    }

    /// The human message for a field that broke the rule.
    public static func message(field: String) -> Phrase {
        Phrase("error.core.controlCharacter", ["field": field])
    }

    /// Throws a field error when `text` breaks the rule.
    public static func check(_ text: String, field: String) throws(BillfoldError) {
        if hasForbiddenControl(text) {
            throw BillfoldError.validation(field, message(field: field))
        }
    }
}
