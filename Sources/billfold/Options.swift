import ArgumentParser
import BillfoldCore
import BillfoldServer
import BillfoldStore
import Foundation
import Logging
import Vapor

/// `--database`, shared by every command.
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(tr("cli.options.databaseHelp")))
    var database: String?

    @Option(name: .long, help: ArgumentHelp(tr("cli.options.logLevelHelp")))
    var logLevel: String?

    @Option(name: .long, help: ArgumentHelp(tr("cli.options.logFormatHelp")))
    var logFormat: String?

    var flags: Configuration.Flags {
        Configuration.Flags(database: database, logLevel: logLevel, logFormat: logFormat)
    }
}

/// Runs `body` with an application built from the flags, and always shuts it down.
/// Bad settings and user-facing errors end the program with their message, not a stack trace.
func withApplication(
    _ flags: Configuration.Flags, quiet: Bool = true, arguments: [String] = ["billfold"],
    _ body: (Application) async throws -> Void
) async throws {
    var configuration: Configuration
    do {
        configuration = try Configuration.resolve(flags: flags)
    } catch {
        fail(error.message, code: 78)
    }
    // The tools print their own results; migration notices would only bury them.
    if quiet && flags.logLevel == nil && ProcessInfo.processInfo.environment["BILLFOLD_LOG_LEVEL"] == nil {
        configuration.logLevel = .warning
    }
    bootstrapLogging(level: configuration.logLevel, format: configuration.logFormat)
    let app: Application
    do {
        app = try await buildApplication(
            configuration, environment: Environment(name: "production", arguments: arguments))
    } catch {
        fail(
            tr(
                "cli.databaseOpenFailed",
                ["database": "\(configuration.database)", "error": String(reflecting: error)]),
            code: 69)
    }
    do {
        try await body(app)
        try await app.asyncShutdown()
    } catch let error as BillfoldError {
        try? await app.asyncShutdown()
        fail(error.message, code: 1)
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("billfold: \(message)\n".utf8))
    exit(code)
}

private nonisolated(unsafe) var loggingReady = false

func bootstrapLogging(level: Logger.Level, format: Configuration.LogFormat) {
    guard !loggingReady else { return }
    loggingReady = true
    LoggingSystem.bootstrap { label in
        switch format {
        case .json: return JSONLogHandler(label: label, level: level)
        case .text:
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

/// The user an email names, or a clear error.
func user(_ email: String, in app: Application) async throws -> User {
    guard let user = try await UserRepository(database: app.db, clock: app.wallClock).find(email: email) else {
        throw BillfoldError(.notFound, Phrase("cli.noUserWithEmail", ["email": email]))
    }
    return user
}

/// A progress bar with the rate, rewritten in place on a terminal; a line per tenth elsewhere.
final class ProgressLine: @unchecked Sendable {
    let label: String
    private let terminal = isatty(STDERR_FILENO) != 0
    private let lock = NSLock()
    private var lastPercent = -1
    private let start = Date()
    /// The words of the command that made the bar, wherever `report` is called from.
    private let words = Words.current

    init(label: String) { self.label = label }

    func report(_ done: Int, of total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let percent = total <= 0 ? 100 : min(100, done * 100 / total)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let rate = Int(Double(done) / max(0.001, Date().timeIntervalSince(start)))
        if terminal {
            let filled = 30 * percent / 100
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: 30 - filled)
            let values = [
                "label": label, "bar": bar, "percent": String(percent), "done": String(done), "total": String(total),
                "rate": String(rate),
            ]
            let line = "\r" + words("cli.progress.bar", values)
            FileHandle.standardError.write(Data((line + (done >= total ? "\n" : "")).utf8))
        } else if percent % 10 == 0 {
            let values = [
                "label": label, "percent": String(percent), "done": String(done), "total": String(total),
                "rate": String(rate),
            ]
            FileHandle.standardError.write(Data((words("cli.progress.line", values) + "\n").utf8))
        }
    }
}
