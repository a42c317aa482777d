/// An error a user can meet, with a stable code and a human message.
///
/// The API, the web pages and the CLI all show the same code and message; only how they show it
/// differs. `fields` names the input fields at fault, with a message for each.
public struct BillfoldError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Code
    /// What went wrong, for people, in whatever language it is written in.
    public let phrase: Phrase
    /// The input fields at fault, each with what is wrong with it.
    public let fieldPhrases: [String: Phrase]

    public init(_ code: Code, _ phrase: Phrase, fields: [String: Phrase] = [:]) {
        self.code = code
        self.phrase = phrase
        self.fieldPhrases = fields
    }

    /// An error whose text is not in the catalogue: shown as written in every language.
    public init(_ code: Code, _ message: String, fields: [String: String] = [:]) {
        self.init(code, Phrase(literal: message), fields: fields.mapValues { Phrase(literal: $0) })
    }

    /// The message in the current words' language (`Words.current`: the request's reader while a
    /// request is answered or a page drawn, the terminal's language in the CLI, else English).
    public var message: String { phrase.text(Words.current) }
    /// The fields' messages in the current words' language.
    public var fields: [String: String] { fieldPhrases.mapValues { $0.text(Words.current) } }

    /// The message in `words`' language.
    public func message(in words: Words) -> String { phrase.text(words) }

    /// The code and the English message: for logs, whoever the reader.
    public var description: String { "\(code.rawValue): \(phrase.text())" }

    /// The same error with its words written in `words`' language, for answers that carry text.
    public func written(in words: Words) -> BillfoldError {
        BillfoldError(
            code, Phrase(literal: message(in: words)),
            fields: fieldPhrases.mapValues { Phrase(literal: $0.text(words)) })
    }

    /// Stable error codes. Never rename one: clients match on them.
    public enum Code: String, Sendable, Codable, CaseIterable {
        case validationFailed = "validation_failed"
        case invalidJSON = "invalid_json"
        case invalidAmount = "invalid_amount"
        case invalidCurrency = "invalid_currency"
        case invalidDate = "invalid_date"
        case invalidCursor = "invalid_cursor"
        case invalidStatus = "invalid_status"
        case invalidConfiguration = "invalid_configuration"
        case invalidImportFile = "invalid_import_file"
        case notFound = "not_found"
        case unauthorized = "unauthorized"
        case forbidden = "forbidden"
        /// A read-only access token was sent with a request that writes.
        case tokenReadOnly = "token_read_only"
        case conflict = "conflict"
        /// A category with transactions was deleted without saying where they go.
        case categoryInUse = "category_in_use"
        /// A group with categories was deleted without saying what happens to them.
        case groupNotEmpty = "group_not_empty"
        /// The amount, time or account of an imported transaction changed without saying to
        /// override what its source stated.
        case importedBooking = "imported_booking"
        /// The amount, time or account of one side of a transfer changed alone (the pair would no
        /// longer match): the transfer is deleted and recorded again instead.
        case transferBooking = "transfer_booking"
        /// A new transaction or transfer named an archived account.
        case accountArchived = "account_archived"
        /// An `Idempotency-Key` sent again with a different request.
        case idempotencyKeyReused = "idempotency_key_reused"
        case payloadTooLarge = "payload_too_large"
        case methodNotAllowed = "method_not_allowed"
        case unsupportedMediaType = "unsupported_media_type"
        case rateLimited = "rate_limited"
        case internalError = "internal_error"
        case unavailable = "unavailable"
    }

    /// The same answer for a missing row and for another user's row, so nobody can learn that
    /// another user's id exists.
    public static func notFound(_ what: Thing) -> BillfoldError {
        BillfoldError(.notFound, what.notFoundPhrase)
    }

    /// What a missing id was the id of.
    public enum Thing: String, Sendable, CaseIterable {
        case account, asset, category, deletion, `import`, item, page, project, rate, recurringPayment, rule, ruleRun,
            tag,
            token,
            transaction, transactionGroup

        /// "No account with that id exists." (catalogue `error.notFound.<thing>`).
        public var notFoundPhrase: Phrase { Phrase("error.notFound.\(rawValue)") }
    }

    public static func validation(_ field: String, _ message: String) -> BillfoldError {
        validation(field, Phrase(literal: message))
    }

    public static func validation(_ field: String, _ phrase: Phrase) -> BillfoldError {
        BillfoldError(.validationFailed, phrase, fields: [field: phrase])
    }
}
