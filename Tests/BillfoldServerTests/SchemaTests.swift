import BillfoldCore
import Foundation
import SQLKit
import Testing

@testable import BillfoldServer

/// The schema a fresh install's migrations make, written out in `schema/`: it reads in one place,
/// and every change to it shows in review. When the migrations make something else, the test
/// writes what they make over the file (look at `git diff schema/`) and fails.
@Suite("The schema in schema/ is what the migrations make")
struct SchemaTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("schema")

    /// SQLite's own statements for every table, index, trigger and view, in name order.
    static func sqlite(_ t: TestApp) async throws -> String {
        struct Row: Decodable {
            var type: String
            var name: String
            var sql: String
        }
        let rows = try await (t.app.db as! any SQLDatabase).raw(
            "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
        ).all(decoding: Row.self)
        return rows.map { "-- \($0.type) \($0.name)\n\($0.sql);\n" }.joined(separator: "\n")
    }

    /// `pg_dump --schema-only`, without its version comments, session settings and restrict keys.
    static func postgres(_ t: TestApp) async throws -> String {
        guard case .postgres(let url) = t.location else { return "" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID()).sql").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let ending = try await ChildProcess.run(
            "/usr/bin/env", ["pg_dump", "--schema-only", "--no-owner", "--no-privileges", "--file=\(file)", url])
        #expect(ending.status == 0, "pg_dump: \(ending.errors)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // `\restrict KEY` is a new random key on every dump.
            if line.hasPrefix("--") || line.hasPrefix("SET ") || line.hasPrefix("SELECT pg_catalog.set_config")
                || line.hasPrefix("\\restrict") || line.hasPrefix("\\unrestrict")
            {
                continue
            }
            if line.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(line)
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
    }

    @Test("schema/sqlite.sql and schema/postgres.sql", arguments: TestDatabase.all)
    func schema(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let (name, made) =
                database == .sqlite
                ? ("sqlite.sql", try await Self.sqlite(t)) : ("postgres.sql", try await Self.postgres(t))
            let header = "-- The schema Billfold's migrations make on a fresh database (written by SchemaTests).\n\n"
            let file = Self.folder.appendingPathComponent(name)
            let kept = try? String(contentsOf: file, encoding: .utf8)
            if kept != header + made {
                try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
                try (header + made).write(to: file, atomically: true, encoding: .utf8)
            }
            #expect(kept == header + made, "schema/\(name) was not what the migrations make; it is now (see git diff)")
        }
    }
}
