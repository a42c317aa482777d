import FluentKit

/// When each award was first earned. A row is never removed when a count later drops: an award,
/// once earned, stays earned with its first date.
struct M011CreateAwardsEarned: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("awards_earned")
            .field("user_id", .int64, .required, .references("users", .id, onDelete: .cascade))
            .field("award_id", .string, .required)
            .field("earned_at", .int64, .required)
            .unique(on: "user_id", "award_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("awards_earned").delete()
    }
}
