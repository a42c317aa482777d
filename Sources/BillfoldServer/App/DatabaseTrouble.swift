import AsyncKit
import BillfoldCore
import FluentPostgresDriver
import FluentSQLiteDriver
import NIOCore
import Vapor

/// What a database error means for the person asking. A database that cannot be reached, is
/// busy or is restarting is "try again soon" (503 with `Retry-After`), never a 500; a duplicate
/// key that a race produced is a conflict. Anything else stays an internal error.
enum DatabaseTrouble {
    static let retryAfterSeconds = 5

    static let unavailable = BillfoldError(.unavailable, Phrase("error.app.databaseUnavailable"))
    static let conflict = BillfoldError(.conflict, Phrase("error.app.databaseConflict"))
    /// The database answers but cannot take a write: said as it is, for the person and the
    /// operator, and `/health/ready` fails until a write succeeds again (`WriteHealth`).
    static let diskFull = BillfoldError(.unavailable, Phrase("error.app.diskFull"))
    static let readOnly = BillfoldError(.unavailable, Phrase("error.app.databaseReadOnly"))

    /// The error says that nothing can be written just now.
    static func cannotWrite(_ problem: BillfoldError) -> Bool { problem == diskFull || problem == readOnly }

    static func classify(_ error: any Error) -> (HTTPResponseStatus, BillfoldError)? {
        switch error {
        case let error as PSQLError: return postgres(error)
        case let error as SQLiteError: return sqlite(error)
        case is ConnectionPoolTimeoutError, is ConnectionPoolError, is NIOConnectionError, is ChannelError,
            is IOError:
            return (.serviceUnavailable, unavailable)
        default: return nil
        }
    }

    private static func postgres(_ error: PSQLError) -> (HTTPResponseStatus, BillfoldError)? {
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
            .sslUnsupported, .failedToAddSSLHandler:
            return (.serviceUnavailable, unavailable)
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            // 08: connection, 57P: shutdown/restart, 53: out of resources, 3D000: database gone,
            // 40: serialization failure or deadlock (the request can simply be tried again).
            // 53100: disk full; 25006: a read-only transaction (a standby, or read-only by setting).
            if state == "53100" { return (.serviceUnavailable, diskFull) }
            if state == "25006" { return (.serviceUnavailable, readOnly) }
            if state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("53") || state == "3D000"
                || state.hasPrefix("40")
            {
                return (.serviceUnavailable, unavailable)
            }
            if state == "23505" { return (.conflict, conflict) }
            return nil
        default: return nil
        }
    }

    private static func sqlite(_ error: SQLiteError) -> (HTTPResponseStatus, BillfoldError)? {
        let reason = "\(error.reason)"
        if reason.hasPrefix("full") { return (.serviceUnavailable, diskFull) }
        // readOnly, readonlyCantLock, readonlyDirectory…
        if reason.lowercased().hasPrefix("readonly") { return (.serviceUnavailable, readOnly) }
        for prefix in ["busy", "locked", "ioError", "cantOpen", "notADatabase"]
        where reason.hasPrefix(prefix) {
            return (.serviceUnavailable, unavailable)
        }
        if reason == "constraintUniqueFailed" || reason == "constraintPrimaryKeyFailed" {
            return (.conflict, conflict)
        }
        return nil
    }
}
