import BillfoldCore
import BillfoldStore
import FluentKit
import Foundation
import SQLKit
import Vapor

/// Consistent copies of the books while the server runs, and putting one back.
///
/// SQLite: `VACUUM INTO` writes a new file from one read transaction, so it is a snapshot even
/// while others write (WAL lets them go on). PostgreSQL: `pg_dump`, PostgreSQL's own tool, which
/// also reads one snapshot; restore with `pg_restore`.
public enum Backup {
    /// Writes a copy to `path`, which must not exist yet.
    public static func copy(_ app: Application, to path: String) async throws -> String {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw BillfoldError(.conflict, Phrase("error.service.backup.fileExists", ["path": path]))
        }
        switch app.billfoldConfiguration.database {
        case .sqlite:
            try await app.db.sql.raw("VACUUM INTO \(bind: path)").run()
            PrivateFiles.restrict(path)
            return tr("error.service.backup.doneSQLite", ["path": path])
        case .postgres(let url):
            guard let pgDump = findOnPath("pg_dump") else {
                throw BillfoldError(
                    .unavailable,
                    Phrase(
                        "error.service.backup.pgDumpMissing",
                        ["command": "pg_dump --format=custom --file=\(path) \"$BILLFOLD_DATABASE_URL\""]))
            }
            try await run(pgDump, ["--format=custom", "--file=\(path)", "--dbname=\(url)"])
            PrivateFiles.restrict(path)
            return tr("error.service.backup.donePostgres", ["path": path])
        }
    }

    /// Checks that `path` is a Billfold SQLite copy that opens and migrates, then puts it where
    /// the configuration's SQLite database lives (which must not exist: stop the server and move
    /// the old file away first, so nothing is lost by accident).
    public static func restore(from path: String, into configuration: Configuration) async throws -> String {
        guard case .sqlite(let target) = configuration.database else {
            throw BillfoldError(
                .validationFailed,
                Phrase(
                    "error.service.backup.restorePostgres",
                    ["command": "pg_restore --clean --dbname=\"$BILLFOLD_DATABASE_URL\" \(path)"]))
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw BillfoldError(.notFound, Phrase("error.service.backup.noFile", ["path": path]))
        }
        guard !FileManager.default.fileExists(atPath: target) else {
            throw BillfoldError(
                .conflict, Phrase("error.service.backup.targetExists", ["path": target]))
        }
        // Check a scratch copy, so a file that fails the check never reaches the target.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("billfold-restore-\(UUID()).sqlite")
            .path
        try FileManager.default.copyItem(atPath: path, toPath: scratch)
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: scratch + suffix) } }
        var check = configuration
        check.database = .sqlite(path: scratch)
        let users: Int
        do {
            let app = try await buildApplication(check)
            do {
                try await app.db.sql.raw("PRAGMA integrity_check").run()
                users = try await UserRepository(database: app.db, clock: app.wallClock).count()
                try await app.asyncShutdown()
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
        } catch {
            throw BillfoldError(
                .invalidImportFile,
                Phrase("error.service.backup.notABackup", ["path": path, "reason": String(describing: error)]))
        }
        try FileManager.default.copyItem(atPath: scratch, toPath: target)
        PrivateFiles.restrict(target)
        return tr("error.service.backup.restored", count: users, ["path": path, "target": target])
    }

    private static func findOnPath(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return paths.map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func run(_ tool: String, _ arguments: [String]) async throws {
        let ending = try await ChildProcess.run(tool, arguments)
        guard ending.status == 0 else {
            throw BillfoldError(.unavailable, Phrase("error.service.backup.pgDumpFailed", ["reason": ending.errors]))
        }
    }
}
