import BillfoldCore
import Foundation
import Logging
import Vapor

/// One log line per request: request id, method, route pattern (never the raw path, which may
/// hold ids, or the query, which may hold an access token), status, duration and the user id.
/// Every answer carries the request id as `X-Request-ID`, so a client can quote it and an
/// operator find the line.
struct RequestLog: Middleware {
    static let header = "X-Request-ID"

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let logged = request.logger.logLevel <= .info
        let start = DispatchTime.now().uptimeNanoseconds
        return next.respond(to: request).map { response in
            response.headers.replaceOrAdd(name: Self.header, value: request.id)
            if logged {
                Self.log(request, response, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
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
