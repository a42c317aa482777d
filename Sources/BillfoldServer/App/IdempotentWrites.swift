import BillfoldCore
import BillfoldStore
import Crypto
import Foundation
import Vapor

/// `Idempotency-Key` on the native API's writes (POST, PUT, PATCH, DELETE): the first successful
/// answer is kept per user and key for a day, in the same database transaction as the write, and
/// a request sent again with the key gets that answer back, byte for byte, with nothing applied
/// twice. The same key with another request (method, path or body) is refused with 422. A refused
/// request (4xx) keeps nothing, so sending it again is judged again. Two copies sent at the same
/// moment: one applies, the other is answered 409 and its retry gets the first answer.
///
/// Runs inside `RequestTransaction` and after `RequireUser`. Review batches keep their own keys
/// (with a lease, since each decision commits on its own), so their group goes without this.
struct IdempotentWrites: SometimesAsyncMiddleware {
    static let header = "Idempotency-Key"

    func needsWork(_ request: Request) -> Bool {
        [.POST, .PUT, .PATCH, .DELETE].contains(request.method) && request.headers.first(name: Self.header) != nil
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method),
            let key = request.headers.first(name: Self.header)
        else { return try await next.respond(to: request) }
        guard (1...200).contains(key.count), !TextRules.hasForbiddenControl(key) else {
            throw BillfoldError.validation(Self.header, Phrase("error.app.idempotencyKeyLength"))
        }
        let body = try await request.body.collect(max: request.bodyCollectMax).get()
        let hash = Self.hash(request, body: body.map { Data(buffer: $0) } ?? Data())
        let answers = IdempotentRequestRepository(database: request.store, userID: try request.user.id)
        if let first = try await answers.find(key: key, now: request.application.wallClock.seconds) {
            guard first.requestHash == hash else {
                throw BillfoldError(
                    .idempotencyKeyReused, Phrase("error.app.idempotencyKeyReused"))
            }
            return Self.replay(first)
        }
        let response = try await next.respond(to: request)
        guard (200..<400).contains(response.status.code) else { return response }
        let answer = IdempotentRequestRepository.Answer(
            requestHash: hash, status: Int(response.status.code),
            contentType: response.headers.first(name: .contentType), location: response.headers.first(name: .location),
            body: response.body.data.map { String(decoding: $0, as: UTF8.self) } ?? "")
        guard try await answers.store(key: key, answer, now: request.application.wallClock.seconds) else {
            throw BillfoldError(
                .conflict, Phrase("error.app.idempotencyKeyRace"))
        }
        return response
    }

    /// Method, path with query, and body: what makes two requests the same request.
    static func hash(_ request: Request, body: Data) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.url.string)\n".utf8))
        hasher.update(data: body)
        return Secrets.hex(hasher.finalize())
    }

    static func replay(_ answer: IdempotentRequestRepository.Answer) -> Response {
        let response = Response(status: HTTPResponseStatus(statusCode: answer.status), body: .init(string: answer.body))
        if let type = answer.contentType { response.headers.replaceOrAdd(name: .contentType, value: type) }
        if let location = answer.location { response.headers.replaceOrAdd(name: .location, value: location) }
        response.headers.replaceOrAdd(name: "Idempotent-Replayed", value: "true")
        return response
    }
}
