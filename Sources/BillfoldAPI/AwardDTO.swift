import BillfoldCore

/// An award and where the user stands with it: `progress` of `target`, and when it was first earned.
public struct AwardDTO: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var description: String
    public var colour: String
    public var icon: String
    public var criterion: AwardCriterion
    public var target: Int
    public var progress: Int
    public var earned: Bool
    public var earnedAt: String?

    public init(_ standing: AwardStanding) {
        id = standing.award.id
        name = standing.award.name
        description = standing.award.description
        colour = standing.award.colour
        icon = standing.award.icon
        criterion = standing.award.criterion
        target = standing.award.value
        progress = standing.count
        earned = standing.earned
        earnedAt = standing.earnedAt.map(Timestamp.utc)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(description, forKey: .description)
        try c.encode(colour, forKey: .colour)
        try c.encode(icon, forKey: .icon)
        try c.encode(criterion, forKey: .criterion)
        try c.encode(target, forKey: .target)
        try c.encode(progress, forKey: .progress)
        try c.encode(earned, forKey: .earned)
        try c.encode(earnedAt, forKey: .earnedAt)
    }
}

public struct AwardListResponse: Codable, Sendable {
    public var awards: [AwardDTO]
    public init(awards: [AwardDTO]) { self.awards = awards }
}
