import BillfoldAPI
import Vapor

extension RoutesBuilder {
    /// Registers `handler` for one of BillfoldAPI's endpoints, so the server answers exactly the
    /// paths the pages, scripts and clients build from the same value.
    @discardableResult
    func on<Answer: AsyncResponseEncodable>(
        _ endpoint: Endpoint, use handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> Route {
        on(HTTPMethod(rawValue: endpoint.method.rawValue), endpoint.pathComponents, use: handler)
    }

    /// The same, with how the body is read (a file upload collects more than the default).
    @discardableResult
    func on<Answer: AsyncResponseEncodable>(
        _ endpoint: Endpoint, body: HTTPBodyStreamStrategy,
        use handler: @escaping @Sendable (Request) async throws -> Answer
    ) -> Route {
        on(HTTPMethod(rawValue: endpoint.method.rawValue), endpoint.pathComponents, body: body, use: handler)
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
