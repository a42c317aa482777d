import BillfoldAPI
import BillfoldCore
import Vapor

/// How one family of routes answers an error, in the shape its clients decode.
enum ErrorDialect: Sendable {
    /// `{"error": {code, message, fields}}`: the native API, the PAYBACK feed, health.
    case native
    /// Lunch Money's own bodies.
    case lunchMoney
    /// The category contract's envelope, `data` null.
    case categoryContract
    /// A page for browsers.
    case pages

    func response(to request: Request, status: HTTPResponseStatus, problem: BillfoldError) throws -> Response {
        // APIs answer in the language Accept-Language asks for (codes stay English identifiers);
        // a page in its person's.
        let words = request.acceptedWords
        switch self {
        case .native: return try ErrorResponder.json(problem.written(in: words), status: status)
        case .lunchMoney: return LunchMoneyError.response(problem.written(in: words), status: status)
        case .categoryContract:
            return try ContractEnvelope<ContractCategory>.failure(problem.written(in: words), status: status)
        case .pages: return ErrorPage(status: status, problem: problem, requestID: request.id).response(request)
        }
    }

    /// For a request no route group took (no such address, or a method nobody knows): the
    /// dialect its address would belong to.
    static func unrouted(_ path: String) -> ErrorDialect {
        func under(_ prefix: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }
        if under("/v1") { return .lunchMoney }
        if under("/api/categories") { return .categoryContract }
        if under("/api") || under("/payback") || under("/health") { return .native }
        return .pages
    }
}

/// Turns every error into the shape its caller expects. Each route group registers one with its
/// dialect; the one in the global chain answers only for requests no group took. Unexpected
/// errors are logged and answered as a 500 without internals; bad input never reaches that branch.
struct ErrorResponder: Middleware {
    /// Nil for the global fallback.
    var dialect: ErrorDialect?

    /// On the answer's future: no task of its own for every request (`SometimesAsyncMiddleware`).
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).flatMapErrorThrowing { error in try answer(error, to: request) }
    }

    private func answer(_ error: any Error, to request: Request) throws -> Response {
        let (status, problem) = Problem.describe(error)
        if DatabaseTrouble.cannotWrite(problem) {
            request.application.writeHealth.failed(problem, at: request.application.wallClock.now)
        }
        if status == .internalServerError || status == .serviceUnavailable {
            // The short description only: a driver's full error can carry the query's values
            // (a token being saved, say), which never go to the log.
            request.logger.error("\(type(of: error)): \(String(describing: error))")
        }
        let dialect = dialect ?? .unrouted(request.url.path)
        let response = try dialect.response(to: request, status: status, problem: problem)
        if let wait = Self.retryAfter(error, status: status) {
            response.headers.replaceOrAdd(name: .retryAfter, value: String(wait))
        }
        return response
    }

    /// Seconds a client should wait before trying again, for answers that say "later".
    private static func retryAfter(_ error: any Error, status: HTTPResponseStatus) -> Int? {
        if let limited = error as? TooManyAttempts { return limited.retryAfterSeconds }
        return status == .serviceUnavailable ? DatabaseTrouble.retryAfterSeconds : nil
    }

    static func json(_ problem: BillfoldError, status: HTTPResponseStatus) throws -> Response {
        let response = Response(status: status)
        try response.content.encode(ErrorResponse(problem), using: JSONEncoder.api)
        return response
    }

}

/// What anything thrown means for the person who caused it: a `BillfoldError` (and the status an
/// HTTP answer gives it). Services use `of` to report a failure inside a result without knowing
/// about HTTP; the error responders use `describe`.
enum Problem {
    static func of(_ error: any Error) -> BillfoldError { describe(error).1 }

    static func describe(_ error: any Error) -> (HTTPResponseStatus, BillfoldError) {
        switch error {
        case let error as BillfoldError:
            return (error.code.status, error)
        case let error as TooManyAttempts:
            return (.tooManyRequests, error.problem)
        case let error as DecodingError:
            return (.badRequest, Self.decoding(error))
        case let abort as any AbortError:
            return (abort.status, Self.abort(abort))
        default:
            if let known = DatabaseTrouble.classify(error) { return known }
            return (
                .internalServerError,
                BillfoldError(.internalError, Phrase("error.app.somethingWentWrong"))
            )
        }
    }

    private static func abort(_ abort: any AbortError) -> BillfoldError {
        switch abort.status {
        case .notFound: return BillfoldError(.notFound, Phrase("error.app.nothingAtThisAddress"))
        case .payloadTooLarge:
            return BillfoldError(.payloadTooLarge, Phrase("error.app.bodyTooLarge"))
        case .methodNotAllowed:
            return BillfoldError(.methodNotAllowed, Phrase("error.app.methodNotAllowed"))
        case .unsupportedMediaType:
            return BillfoldError(.unsupportedMediaType, Phrase("error.http.bodyNotJSON"))
        case .unauthorized:
            return BillfoldError(.unauthorized, Phrase("error.auth.signInOrToken"))
        case .badRequest:
            if abort.reason.lowercased().contains("json") || abort.reason.contains("decode") {
                return BillfoldError(.invalidJSON, Phrase("error.app.invalidJSON"))
            }
            return BillfoldError(.validationFailed, abort.reason)
        default:
            return BillfoldError(
                abort.status.code >= 500 ? .internalError : .validationFailed, abort.reason)
        }
    }

    private static func decoding(_ error: DecodingError) -> BillfoldError {
        func field(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let name = field(context.codingPath + [key])
            return .validation(name, Phrase("error.app.fieldRequired", ["name": name]))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let name = field(context.codingPath)
            return .validation(name, Phrase("error.app.fieldWrongType", ["name": name]))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return BillfoldError(.invalidJSON, Phrase("error.app.invalidJSON"))
            }
            let name = field(context.codingPath)
            return .validation(name, Phrase("error.app.fieldNotValid", ["name": name]))
        @unknown default:
            return BillfoldError(.invalidJSON, Phrase("error.app.bodyUnreadable"))
        }
    }
}

extension BillfoldError.Code {
    /// The HTTP status each code answers with.
    var status: HTTPResponseStatus {
        switch self {
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .forbidden, .tokenReadOnly: .forbidden
        case .conflict, .categoryInUse, .groupNotEmpty, .importedBooking, .transferBooking, .accountArchived:
            .conflict
        case .idempotencyKeyReused: .unprocessableEntity
        case .payloadTooLarge: .payloadTooLarge
        case .methodNotAllowed: .methodNotAllowed
        case .unsupportedMediaType: .unsupportedMediaType
        case .rateLimited: .tooManyRequests
        case .internalError, .invalidConfiguration: .internalServerError
        case .unavailable: .serviceUnavailable
        case .validationFailed, .invalidJSON, .invalidAmount, .invalidCurrency, .invalidDate,
            .invalidCursor, .invalidStatus, .invalidImportFile:
            .badRequest
        }
    }
}

extension JSONEncoder {
    /// Sorted keys: this encoder's key order is otherwise unstable, and the same request must get
    /// the same bytes (another user's id must answer exactly like a missing one).
    static let api: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// A refusal because of too many attempts, with how long to wait (`Retry-After`).
struct TooManyAttempts: Error {
    let retryAfterSeconds: Int
    let problem: BillfoldError
}
