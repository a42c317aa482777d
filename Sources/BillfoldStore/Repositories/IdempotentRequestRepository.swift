import BillfoldCore
import FluentKit
import SQLKit

/// The first answers of one user's native writes sent with an `Idempotency-Key`.
public struct IdempotentRequestRepository: Sendable {
    let sql: any SQLDatabase
    let userID: Int64

    public init(database: any Database, userID: Int64) {
        sql = database.sql
        self.userID = userID
    }

    /// An answer as it was first given.
    public struct Answer: Sendable, Equatable {
        public var requestHash: String
        public var status: Int
        public var contentType: String?
        public var location: String?
        public var body: String

        public init(requestHash: String, status: Int, contentType: String?, location: String?, body: String) {
            self.requestHash = requestHash
            self.status = status
            self.contentType = contentType
            self.location = location
            self.body = body
        }
    }

    /// How long a key is remembered.
    public static let keptSeconds: Int64 = 24 * 3600

    public func find(key: String, now: Int64) async throws -> Answer? {
        struct Row: Decodable {
            var request_hash: String
            var status: Int
            var content_type: String?
            var location: String?
            var body: String
        }
        let row = try await sql.raw(
            """
            SELECT request_hash, status, content_type, location, body FROM idempotent_requests
            WHERE user_id = \(bind: userID) AND key = \(bind: key)
            AND created_at > \(bind: now - Self.keptSeconds)
            """
        ).first(decoding: Row.self)
        return row.map {
            Answer(
                requestHash: $0.request_hash, status: $0.status, contentType: $0.content_type, location: $0.location,
                body: $0.body)
        }
    }

    /// Keeps the first answer for `key`, in the same database transaction as the write it
    /// answers; false when another request with the key stored its answer first (that request's
    /// transaction then wins, and this one must be rolled back and replay it).
    public func store(key: String, _ answer: Answer, now: Int64) async throws -> Bool {
        try await sql.raw(
            "DELETE FROM idempotent_requests WHERE user_id = \(bind: userID) AND created_at <= \(bind: now - Self.keptSeconds)"
        ).run()
        struct Stored: Decodable { var key: String }
        let stored = try await sql.insert(into: "idempotent_requests")
            .columns("user_id", "key", "request_hash", "status", "content_type", "location", "body", "created_at")
            .values(
                SQLBind(userID), SQLBind(key), SQLBind(answer.requestHash), SQLBind(answer.status),
                SQLBind(answer.contentType), SQLBind(answer.location), SQLBind(answer.body), SQLBind(now)
            )
            .ignoringConflicts(with: ["user_id", "key"]).returning("key").all(decoding: Stored.self)
        return !stored.isEmpty
    }
}
