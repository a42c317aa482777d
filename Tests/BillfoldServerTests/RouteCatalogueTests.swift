import BillfoldAPI
import Foundation
import Testing
import Vapor

@testable import BillfoldServer

/// The server, the pages and the clients share BillfoldAPI's route values; these tests pin that
/// the server answers exactly those routes and that `openapi.json` describes exactly the API ones.
@Suite("Typed routes")
struct RouteCatalogueTests {
    /// "GET /api/v1/transactions/{id}" for every route the application registered.
    static func registered(_ app: Application) -> Set<String> {
        Set(
            app.routes.all.map { route in
                let path = route.path.map {
                    switch $0 {
                    case .parameter(let name): "{\(name)}"
                    default: $0.description
                    }
                }
                return "\(route.method.rawValue) /\(path.joined(separator: "/"))"
            })
    }

    static func described(_ endpoints: [Endpoint]) -> Set<String> { Set(endpoints.map(\.description)) }

    @Test("the server registers every catalogued route and no other")
    func registeredEqualsCatalogue() async throws {
        try await TestApp.run(.sqlite, environment: ["BILLFOLD_METRICS_TOKEN": "metrics-token-0123456789"]) { t in
            let catalogued = Self.described(BillfoldRoutes.catalogues.flatMap { $0.all })
            let registered = Self.registered(t.app)
            #expect(registered.subtracting(catalogued).sorted() == [], "registered but not in BillfoldAPI")
            #expect(catalogued.subtracting(registered).sorted() == [], "in BillfoldAPI but not registered")
        }
    }

    @Test("openapi.json lists the same paths and methods as the documented route families")
    func openAPIMatches() throws {
        let assets = try Assets.load()
        let file = try #require(assets.files["openapi.json"])
        let document = try #require(try JSONSerialization.jsonObject(with: file.bytes) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let methods = Set(Method.allCases.map { $0.rawValue.lowercased() })
        var documented: Set<String> = []
        for (path, operations) in paths {
            for method in operations.keys where methods.contains(method) {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        let expected = Self.described(
            NativeAPI.all + CategoryContractAPI.all + PaybackAPI.all + [OperationsAPI.live, OperationsAPI.ready])
        #expect(documented.subtracting(expected).sorted() == [], "in openapi.json but not a route")
        #expect(expected.subtracting(documented).sorted() == [], "a route openapi.json does not describe")
    }

    @Test("paths are built with their values percent-encoded, so a value stays one segment")
    func pathsAreBuilt() {
        #expect(NativeAPI.changeItem.path(3, 7) == "/api/v1/projects/3/items/7")
        #expect(
            WebPages.transactions.path(query: [("q", "a&b c"), ("status", "uncleared")])
                == "/transactions?q=a%26b%20c&status=uncleared")
        #expect(OperationsAPI.asset.path("../x/y") == "/assets/..%2Fx%2Fy")
        #expect(NativeAPI.transaction.template == "/api/v1/transactions/{id}")
        #expect(NativeAPI.changeItem.parameters == ["id", "item"])
    }
}
