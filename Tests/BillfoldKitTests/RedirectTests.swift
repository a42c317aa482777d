import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import Vapor

@testable import BillfoldKit

/// A bare HTTP server on a loopback port: `routes` sets it up.
final class BareServer: @unchecked Sendable {
    let app: Application
    var port: Int { app.http.server.shared.localAddress?.port ?? 0 }

    init(_ routes: (Application) -> Void) async throws {
        app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        routes(app)
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
    }

    func stop() async throws {
        await app.server.shutdown()
        try await app.asyncShutdown()
    }
}

/// What the other site saw.
actor Seen {
    var requests: [(authorization: String?, body: String)] = []
    func add(_ authorization: String?, _ body: String) { requests.append((authorization, body)) }
}

@Suite("The token is never sent to another site")
struct RedirectTests {
    @Test("a redirect to another origin is not followed; one within the server's is, with the token")
    func redirects() async throws {
        let seen = Seen()
        let elsewhere = try await BareServer { app in
            app.on(.GET, "**") { request async -> String in
                await seen.add(request.headers.first(name: .authorization), "")
                return "{}"
            }
            app.on(.POST, "**") { request async -> String in
                await seen.add(request.headers.first(name: .authorization), request.body.string ?? "")
                return "{}"
            }
        }
        let port = elsewhere.port
        let server = try await BareServer { app in
            // "localhost" is another origin than "127.0.0.1", though the same machine.
            app.get("api", "v1", "me") { $0.redirect(to: "http://localhost:\(port)/api/v1/me", redirectType: .normal) }
            app.post("api", "v1", "tokens") {
                $0.redirect(to: "http://localhost:\(port)/api/v1/tokens", redirectType: .temporary)
            }
            app.get("api", "v1", "tokens") { $0.redirect(to: "/moved/tokens", redirectType: .normal) }
            app.get("moved", "tokens") { request -> Response in
                let signed = request.headers.first(name: .authorization) == "Bearer secret-token"
                return Response(status: signed ? .ok : .unauthorized, body: .init(string: #"{"tokens":[]}"#))
            }
        }
        let url = URL(string: "http://127.0.0.1:\(server.port)")!
        let client = BillfoldClient(baseURL: url, token: "secret-token", retry: .never)
        do {
            _ = try await client.me()
            Issue.record("followed a redirect to another site")
        } catch {
            #expect(error.kind == .sentElsewhere(address: "http://localhost:\(port)"))
            #expect(error.message.contains("http://localhost"))
        }
        do {
            _ = try await BillfoldClient.signIn(server: url, email: "ana@example.com", password: "hunter2", label: "x")
            Issue.record("followed a redirect to another site")
        } catch {
            #expect(error.kind == .sentElsewhere(address: "http://localhost:\(port)"))
        }
        // With a configuration of the app's own, the same.
        let own = BillfoldClient(baseURL: url, token: "secret-token", configuration: .ephemeral, retry: .never)
        await #expect(throws: ClientError.self) { _ = try await own.me() }
        #expect(await seen.requests.isEmpty, "the other site saw nothing")
        // Within the server's own origin, the redirect is followed with the token.
        #expect(try await client.tokens().isEmpty)
        try await server.stop()
        try await elsewhere.stop()
    }
}
