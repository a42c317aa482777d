import Foundation

/// What an award counts. Every count is of the user's own activity.
public enum AwardCriterion: String, Codable, CaseIterable, Sendable {
    case itemsAdded = "items_added"
    case itemsCompleted = "items_completed"
    case projectsClosed = "projects_closed"
    case transactionsReviewed = "transactions_reviewed"
    case categoriesCreated = "categories_created"
    case reviewDays = "review_days"
    /// Connecting a client (an app or script) with a personal access token.
    case unlock

    /// The criterion's name in catalogue keys (`awards.progress.itemsAdded`).
    public var catalogueName: String {
        switch self {
        case .itemsAdded: "itemsAdded"
        case .itemsCompleted: "itemsCompleted"
        case .projectsClosed: "projectsClosed"
        case .transactionsReviewed: "transactionsReviewed"
        case .categoriesCreated: "categoriesCreated"
        case .reviewDays: "reviewDays"
        case .unlock: "unlock"
        }
    }
}

/// An award from the catalogue: earned when the user's count for its criterion reaches `value`.
public struct Award: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var description: String
    /// A palette colour name (`CategoryColour`).
    public var colour: String
    /// An icon name (`CategoryIcon`).
    public var icon: String
    public var criterion: AwardCriterion
    public var value: Int

    public init(
        id: String, name: String, description: String, colour: String, icon: String, criterion: AwardCriterion,
        value: Int
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.colour = colour
        self.icon = icon
        self.criterion = criterion
        self.value = value
    }

    public func isEarned(by count: Int) -> Bool { count >= value }

    /// "7 of 10 items", in the current words.
    public func progress(_ count: Int) -> String { counted("awards.progress", count) }

    /// "So far: 7 of 10 items.", in the current words.
    public func soFar(_ count: Int) -> String { counted("awards.soFar", count) }

    /// A phrase of the family (`awards.progress`, `awards.soFar`) for the award's criterion, with
    /// the count done so far: the award's own count `value` picks the unit's form.
    private func counted(_ family: String, _ count: Int) -> String {
        let done = Words.current.number(min(count, value))
        return tr("\(family).\(criterion.catalogueName)", count: value, ["done": done])
    }
}

/// An award as one user stands with it.
public struct AwardStanding: Hashable, Sendable {
    public var award: Award
    public var count: Int
    /// When it was first earned; kept even if the count later drops.
    public var earnedAt: Int64?

    public init(award: Award, count: Int, earnedAt: Int64?) {
        self.award = award
        self.count = count
        self.earnedAt = earnedAt
    }

    public var earned: Bool { earnedAt != nil }

    /// The standings for a catalogue, given the counts and what was recorded before; awards the
    /// counts now reach but nothing recorded yet are stamped `now` (and returned as new).
    public static func evaluate(
        _ catalogue: [Award], counts: [AwardCriterion: Int], recorded: [String: Int64], now: Int64
    ) -> (standings: [AwardStanding], newlyEarned: [Award]) {
        var fresh: [Award] = []
        let standings = catalogue.map { award in
            let count = counts[award.criterion, default: 0]
            var earnedAt = recorded[award.id]
            if earnedAt == nil, award.isEarned(by: count) {
                earnedAt = now
                fresh.append(award)
            }
            return AwardStanding(award: award, count: count, earnedAt: earnedAt)
        }
        return (standings, fresh)
    }
}
