import BillfoldAPI
import BillfoldCore
import Vapor

/// Turns every error into the shape its caller expects: `{"error": {code, message, fields}}` for
/// the APIs, a page for browsers. Unexpected errors are logged and answered as a 500 without
/// internals; bad input never reaches that branch.
struct ErrorResponder: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let (status, problem) = Self.describe(error)
            if status == .internalServerError || status == .serviceUnavailable {
                // The short description only: a driver's full error can carry the query's values
                // (a token being saved, say), which never go to the log.
                request.logger.error("\(type(of: error)): \(String(describing: error))")
            }
            let response = try Self.response(to: request, status: status, problem: problem)
            if let wait = Self.retryAfter(error, status: status) {
                response.headers.replaceOrAdd(name: .retryAfter, value: String(wait))
            }
            return response
        }
    }

    private static func response(to request: Request, status: HTTPResponseStatus, problem: BillfoldError) throws
        -> Response
    {
        if request.isLunchMoney {
            return LunchMoneyError.response(problem, status: status)
        }
        if request.isCategoryContract {
            return try ContractEnvelope<ContractCategory>.failure(problem, status: status)
        }
        if request.wantsJSON {
            return try Self.json(problem, status: status)
        }
        return ErrorPage.response(for: request, status: status, problem: problem)
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

    /// The status and user-facing error for anything thrown.
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
                BillfoldError(
                    .internalError,
                    "Something went wrong on the server. Try again; if it keeps happening, check the server log.")
            )
        }
    }

    private static func abort(_ abort: any AbortError) -> BillfoldError {
        switch abort.status {
        case .notFound: return BillfoldError(.notFound, "There is nothing at this address.")
        case .payloadTooLarge:
            return BillfoldError(.payloadTooLarge, "The request body is too large.")
        case .methodNotAllowed:
            return BillfoldError(.methodNotAllowed, "This address does not accept that method.")
        case .unsupportedMediaType:
            return BillfoldError(.unsupportedMediaType, "Send the body as JSON (Content-Type: application/json).")
        case .unauthorized:
            return BillfoldError(.unauthorized, "Sign in or send a valid access token.")
        case .badRequest:
            if abort.reason.lowercased().contains("json") || abort.reason.contains("decode") {
                return BillfoldError(.invalidJSON, "The request body is not valid JSON.")
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
            return .validation(name, "The field “\(name)” is required.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let name = field(context.codingPath)
            return .validation(name, "The field “\(name)” has the wrong type.")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return BillfoldError(.invalidJSON, "The request body is not valid JSON.")
            }
            let name = field(context.codingPath)
            return .validation(name, "The field “\(name)” is not valid.")
        @unknown default:
            return BillfoldError(.invalidJSON, "The request body could not be read.")
        }
    }
}

extension BillfoldError.Code {
    /// The HTTP status each code answers with.
    var status: HTTPResponseStatus {
        switch self {
        case .notFound: .notFound
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .conflict, .categoryInUse, .groupNotEmpty: .conflict
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

extension Request {
    /// API dialects answer JSON; everything else is a page.
    var wantsJSON: Bool {
        let path = url.path
        return path.hasPrefix("/api/") || path.hasPrefix("/payback/") || path.hasPrefix("/health/")
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
