import Vapor

/// A middleware whose async work only some requests need: the others pass straight on through
/// the event loop's future. Vapor's `AsyncMiddleware` starts a task for every request it sees,
/// and the rest of the chain then answers it from another thread: a request through the seven
/// such guards of an API route hopped between threads fourteen times before its handler ran.
protocol SometimesAsyncMiddleware: Middleware {
    /// Whether `request` needs `respond(to:chainingTo:)`'s work; if not, it goes straight on.
    func needsWork(_ request: Request) -> Bool

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response
}

extension SometimesAsyncMiddleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard needsWork(request) else { return next.respond(to: request) }
        // As Vapor's AsyncMiddleware does it.
        let promise = request.eventLoop.makePromise(of: Response.self)
        promise.completeWithTask {
            try await self.respond(
                to: request, chainingTo: AsyncBasicResponder { try await next.respond(to: $0).get() })
        }
        return promise.futureResult
    }
}
