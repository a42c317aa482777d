import BillfoldCore
import Foundation
import Testing

@testable import BillfoldKit

@Suite("Token check while typing", .serialized)
@MainActor
struct TokenCheckModelTests {
    @Test("typing settles on the last token; valid names the person, invalid and offline say why")
    func debounced() async throws {
        try await LiveServer.with { server in
            let client = try await ClientTests.signedIn(server)
            let token = try #require(client.token)
            let model = TokenCheckModel(server: server.url, pause: 0.05)
            #expect(model.state == .idle)
            for end in stride(from: 4, to: token.count, by: 8) { model.typed(String(token.prefix(end))) }
            model.typed(token)
            #expect(model.state == .checking)
            await model.settle()
            #expect(model.state == .valid(name: "ana", email: "ana@example.com"))
            model.typed(token + "x")
            await model.settle()
            #expect(model.state == .invalid("This token is not valid (revoked or mistyped)."))
            model.typed("   ")
            #expect(model.state == .idle)
            try await server.stop()
            model.typed(token)
            await model.settle()
            guard case .invalid(let reason) = model.state else {
                Issue.record("expected a reason, got \(model.state)")
                return
            }
            #expect(reason.contains("offline") || reason.contains("reached"))
        }
    }
}
