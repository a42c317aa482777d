import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The awards screen: the ones earned, latest first, and the ones still to reach, closest first,
/// each with its progress in words ("7 of 10 items").
@MainActor @Observable
public final class AwardsViewModel {
    /// The server the awards are read from.
    public let client: BillfoldClient
    /// What the list shows now: loading, no awards, the awards, or why they could not be loaded.
    public private(set) var screen: ListScreen = .loading
    /// The awards earned, latest first.
    public private(set) var earned: [AwardStanding] = []
    /// The awards still to reach, closest first.
    public private(set) var toReach: [AwardStanding] = []

    /// Reads from `client`; nothing is loaded until `load()`.
    public init(client: BillfoldClient) {
        self.client = client
    }

    /// Loads the awards from `GET /api/v1/awards` and splits them into earned and still to reach.
    public func load() async {
        do {
            let standings = try await client.send(NativeAPI.awards, as: AwardListResponse.self).awards.map(\.standing)
            earned = standings.filter(\.earned).sorted { ($0.earnedAt ?? 0) > ($1.earnedAt ?? 0) }
            toReach = standings.filter { !$0.earned }.sorted { Self.share($0) > Self.share($1) }
            screen = .loaded(standings.count)
        } catch {
            screen = .after(error, showing: !earned.isEmpty || !toReach.isEmpty)
        }
    }

    /// "7 of 10 items", by Core's wording.
    public func progress(of standing: AwardStanding) -> String {
        standing.award.progress(standing.count)
    }

    /// How far along, 0 to 1.
    public static func share(_ standing: AwardStanding) -> Double {
        standing.award.value <= 0 ? 1 : min(1, Double(standing.count) / Double(standing.award.value))
    }
}
