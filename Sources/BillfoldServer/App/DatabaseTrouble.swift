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
        for prefix in ["busy", "locked", "ioError", "cantOpen", "full", "readonly", "notADatabase"]
        where reason.hasPrefix(prefix) {
            return (.serviceUnavailable, unavailable)
        }
        if reason == "constraintUniqueFailed" || reason == "constraintPrimaryKeyFailed" {
            return (.conflict, conflict)
        }
        return nil
    }
}
