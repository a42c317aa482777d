import BillfoldStore
import Foundation
import Logging
import Vapor

/// One log line per request: request id, method, route pattern (never the raw path, which may
/// hold ids, or the query, which may hold an access token), status, duration and the user id.
struct RequestLog: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next.respond(to: request)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue),
            "route": .string(
                request.route.map { "/" + $0.path.map(\.description).joined(separator: "/") } ?? "unmatched"),
            "status": .stringConvertible(Int(response.status.code)),
            "duration_ms": .stringConvertible((milliseconds * 10).rounded() / 10),
        ]
        if let id = request.auth.get(UserModel.self)?.id { metadata["user_id"] = .stringConvertible(id) }
        request.logger.info("request", metadata: metadata)
        return response
    }
}
