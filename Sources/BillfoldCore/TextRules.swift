/// The rule for every piece of text a person or a file gives Billfold: no control characters but
/// tab and newline (a CR directly before a newline counts as part of it, as browsers send
/// textarea lines). A NUL would cut the text short in C-based storage, and others hide in names.
public enum TextRules {
    /// How long a text is against a field's limit: in UTF-16 code units, as a browser's
    /// `maxlength` counts it, so a form, the API and an import all refuse the same text. (Counted
    /// as Swift's characters, 200 letters carrying a pile of combining marks each made a payee of
    /// 5,000 code points that the next form refused.)
    public static func length(_ text: String) -> Int { text.utf16.count }

    /// The longest start of `text` within `limit` (as `length` counts), cut between characters.
    public static func prefix(_ text: String, length limit: Int) -> String {
        guard length(text) > limit else { return text }
        var used = 0
        var end = text.startIndex
        for character in text {
            used += character.utf16.count
            if used > limit { break }
            end = text.index(after: end)
        }
        return String(text[..<end])
    }

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

    /// `text` made to keep the rule, for what a file gives (a bank's export is taken as it is,
    /// not refused for a stray byte): each control character becomes a space, and so do tab and
    /// line breaks unless `keepingLines` (notes keep theirs, a CR LF as LF); a control at
    /// either end leaves no space behind. A NUL would cut the
    /// text short and an ESC would drive the terminal that prints it.
    public static func cleaned(_ text: String, keepingLines: Bool = false) -> String {
        // Most text has no byte below space, no DEL and no C1 control (C2 80–9F; "£", "§" and the
        // no-break space are C2 too, above 9F): it is kept as it is.
        var previous: UInt8 = 0
        let suspect = text.utf8.contains { byte in
            defer { previous = byte }
            return byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte))
        }
        guard suspect else { return text }
        var kept = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            if keepingLines && (scalar == "\t" || scalar == "\n") {
                kept.append(scalar)
            } else if keepingLines && scalar == "\r" && next == "\n" {
                continue
            } else if scalar.properties.generalCategory == .control {
                kept.append(" ")
            } else {
                kept.append(scalar)
            }
        }
        // One at either end (the text was trimmed around it) leaves no space behind.
        return String(kept).trimmingCharacters(in: .whitespaces)
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
