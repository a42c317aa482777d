import BillfoldAPI
import BillfoldCore
import Fluent
import SQLKit
import Vapor

/// `/health/live` answers while the process runs; `/health/ready` once migrations ran, the
/// database answers and takes writes (after a write failed for a full disk or a read-only
/// database, until one succeeds again), so a load balancer sends traffic only to instances that
/// can serve it.
struct HealthController: RouteCollection {
    struct Status: Content {
        var status: String
    }

    func boot(routes: any RoutesBuilder) throws {
        routes.on(OperationsAPI.live) { _ in Status(status: "live") }
        routes.on(OperationsAPI.ready) { request async throws -> Response in
            guard request.application.migrationsDone else {
                throw BillfoldError(.unavailable, Phrase("error.http.migrationsNotFinished"))
            }
            do {
                try await request.store.sql.raw("SELECT 1 AS ok").run()
            } catch {
                throw BillfoldError(.unavailable, Phrase("error.http.databaseNotAnswering"))
            }
            if let cannotWrite = await request.application.writeHealth.check(request.application) {
                throw cannotWrite
            }
            return try await Status(status: "ready").encodeResponse(for: request)
        }
    }
}
