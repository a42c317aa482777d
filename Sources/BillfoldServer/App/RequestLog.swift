import BillfoldCore
import Foundation
import Logging
import Vapor

/// One log line per request: request id, method, route pattern (never the raw path, which may
/// hold ids, or the query, which may hold an access token), status, duration and the user id.
struct RequestLog: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard request.logger.logLevel <= .info else { return next.respond(to: request) }
        let start = DispatchTime.now().uptimeNanoseconds
        return next.respond(to: request).map { response in
            Self.log(request, response, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            return response
        }
    }

    private static func log(_ request: Request, _ response: Response, milliseconds: Double) {
        var metadata: Logger.Metadata = [
            "method": .string(request.method.rawValue),
            "route": .string(
                request.route.map { "/" + $0.path.map(\.description).joined(separator: "/") } ?? "unmatched"),
            "status": .stringConvertible(Int(response.status.code)),
            "duration_ms": .stringConvertible((milliseconds * 10).rounded() / 10),
        ]
        if let id = request.auth.get(User.self)?.id { metadata["user_id"] = .stringConvertible(id) }
        request.logger.info("request", metadata: metadata)
    }
}
