import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

extension RoutesBuilder {
    /// Registers `handler` for one of BillfoldAPI's endpoints, so the server answers exactly the
    /// paths the pages, scripts and clients build from the same value.
    @discardableResult
    func on<Answer: AsyncResponseEncodable>(
        _ endpoint: Endpoint, use handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> Route {
        on(HTTPMethod(rawValue: endpoint.method.rawValue), endpoint.pathComponents, use: answering(handler))
    }

    /// The same for a route that takes more body than the configured limit (a file upload). The
    /// middleware that read the body first (`Request.bodyLimit`) learn the limit from the route.
    @discardableResult
    func on<Answer: AsyncResponseEncodable>(
        _ endpoint: Endpoint, maxBody: ByteCount, use handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> Route {
        let route = on(
            HTTPMethod(rawValue: endpoint.method.rawValue), endpoint.pathComponents,
            body: .collect(maxSize: ByteCount(value: Request.vaporMaximum(allowing: maxBody.value))),
            use: answering(handler))
        route.userInfo[Route.maxBodyKey] = maxBody.value
        return route
    }

    /// `handler` run with the request's words as the current words (`Request.answerWords`), so an
    /// error's message, a notice or a label made anywhere while answering is in the reader's
    /// language; and, for a request that only reads, with a `CategoryTreeMemo`, so its pieces
    /// read the person's categories once, or not at all while the tree the server keeps is
    /// current. Set here, around the handler itself: a middleware's task-local value does not
    /// reach it (Vapor hands the request on through event-loop futures); the sign-in has run.
    private func answering<Answer: AsyncResponseEncodable>(
        _ handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> @Sendable (Request) async throws -> Answer {
        { request in
            let memo =
                request.method == .GET || request.method == .HEAD
                ? CategoryTreeMemo(
                    kept: request.application.categoryTrees,
                    signedIn: request.auth.get(User.self).flatMap { user in
                        request.signInStamps.flatMap { $0.userID == user.id ? (user.id, $0.categories) : nil }
                    }) : nil
            return try await CategoryTreeMemo.$current.withValue(memo) {
                try await Words.$current.withValue(request.answerWords) { try await handler(request) }
            }
        }
    }
}

extension Endpoint {
    var pathComponents: [PathComponent] {
        segments.map {
            switch $0 {
            case .constant(let word): .constant(word)
            case .parameter(let name): .parameter(name)
            }
        }
    }
}

extension Route {
    static let maxBodyKey: AnySendableHashable = "maxBody"
}
