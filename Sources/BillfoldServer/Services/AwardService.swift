import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation
import Vapor

/// The awards catalogue written for Billfold, bundled as `Resources/awards.json`.
enum AwardCatalogue {
    static func load() throws -> [Award] {
        guard let url = Bundle.module.url(forResource: "awards", withExtension: "json", subdirectory: "Resources")
        else { throw BillfoldError(.internalError, Phrase("error.service.awards.catalogueMissing")) }
        return try JSONDecoder().decode([Award].self, from: try Data(contentsOf: url))
    }
}

/// Where a user stands with every award; newly reached awards are recorded on the way.
struct AwardService: Sendable {
    let database: any Database
    let user: User
    let catalogue: [Award]
    /// When newly reached awards count as earned.
    let now: Date

    func standings() async throws -> (all: [AwardStanding], newlyEarned: [Award]) {
        let now = Int64(now.timeIntervalSince1970)
        let repository = AwardRepository(database: database, userID: user.id)
        let offset = user.preferences.zone.secondsFromGMT()
        let result = AwardStanding.evaluate(
            catalogue, counts: try await repository.counts(utcOffset: offset), recorded: try await repository.earned(),
            now: now)
        try await repository.record(result.newlyEarned.map(\.id), at: now)
        return (result.standings, result.newlyEarned)
    }
}

extension Application {
    private struct CatalogueKey: StorageKey { typealias Value = [Award] }

    /// Loaded once when the application is built.
    var awardCatalogue: [Award] {
        get { storage[CatalogueKey.self] ?? [] }
        set { storage[CatalogueKey.self] = newValue }
    }
}

extension Request {
    var awardService: AwardService {
        get throws { AwardService(database: store, user: try user, catalogue: application.awardCatalogue, now: now) }
    }
}
