import Foundation
import SQLKit

/// What the migrations need of rules that live elsewhere, copied here as they were when the
/// migrations were written. A migration is history: it must do on a fresh install today what it
/// did on the day it shipped, so it calls no live code (`Repositories/`, Core's rules), which may
/// change. Change nothing here; a new rule gets a new migration with its own copy.
enum Frozen {
    /// A transaction's UTC day since 1900-01-01 (`TransactionTotals.daySQL` at M005).
    static let daySQL = "((booked_at + 2208988800) / 86400)"
    /// Days per block of the per-block sums (`TransactionTotals.blockDays` at M023).
    static let blockDays = 32
    /// The sums' category column: a transfer (-1) counts under no category; else the category, 0
    /// for none (`TransactionTotals.keySQL` at M018).
    static let categoryKeySQL = "CASE WHEN transfer_id IS NULL THEN COALESCE(category_id, 0) ELSE -1 END"

    /// A category name's key for uniqueness (`CategoryRules.nameKey` at M007).
    static func categoryNameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// An account name's key for uniqueness (`AccountRules.nameKey` at M029).
    static func accountNameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping.lowercased()
    }

    /// A sums table as M018–M029 kept it: per UTC day (`transaction_totals`) or per payee
    /// (`transaction_payee_totals`), under user, category key, status, currency and account.
    struct Sums {
        let name: String
        let bucket: String
        let bucketSQL: String
        /// PostgreSQL's unique index holds a payee by its MD5 (a payee may be longer than a B-tree
        /// entry may be).
        let postgresBucketKey: String

        static let days = Sums(name: "transaction_totals", bucket: "day", bucketSQL: daySQL, postgresBucketKey: "day")
        static let payees = Sums(
            name: "transaction_payee_totals", bucket: "payee", bucketSQL: "payee", postgresBucketKey: "(md5(payee))")
        static let all = [days, payees]

        var uniqueKey: [String] { ["user_id", "category_key", "status", "currency", bucket, "account_id"] }

        func indexedKey(on sql: any SQLDatabase) -> String {
            let bucketKey = sql.dialect.name == "sqlite" ? bucket : postgresBucketKey
            return uniqueKey.map { $0 == bucket ? bucketKey : $0 }.joined(separator: ", ")
        }

        /// Adds the transactions matching `condition` to the sums; `sign` -1 takes them out.
        func add(sign: Int, where condition: SQLQueryString, on sql: any SQLDatabase) async throws {
            let key = "user_id, \(categoryKeySQL), status, currency, \(bucketSQL), account_id"
            try await sql.raw(
                "INSERT INTO \(unsafeRaw: name) (\(unsafeRaw: uniqueKey.joined(separator: ", ")), total_minor, count) "
                    + "SELECT \(unsafeRaw: key), \(literal: sign) * SUM(amount_minor), \(literal: sign) * COUNT(*)"
                    + " FROM transactions WHERE " + condition + " GROUP BY \(unsafeRaw: key)"
                        + """
                         ON CONFLICT (\(unsafeRaw: indexedKey(on: sql))) DO UPDATE SET
                          total_minor = \(unsafeRaw: name).total_minor + excluded.total_minor,
                          count = \(unsafeRaw: name).count + excluded.count
                        """
            ).run()
        }

        /// Recomputes every user's sums: from every row before M021 (no split parents or group
        /// rows, nor the column that marks them), else from the rows that count (`kind IS NULL`).
        func rebuild(on sql: any SQLDatabase, beforeSplits: Bool = false) async throws {
            try await sql.raw("DELETE FROM \(unsafeRaw: name)").run()
            try await add(sign: 1, where: beforeSplits ? "id > 0" : "kind IS NULL", on: sql)
        }
    }
}
