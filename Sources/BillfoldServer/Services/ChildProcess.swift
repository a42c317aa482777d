import Foundation

/// Runs another program (pg_dump, psql) to its end from async code.
///
/// Waiting for a child blocks a thread, so it happens on a thread of its own, never on one of
/// Swift's cooperative pool: that pool has one thread per core, and on a two-core machine two
/// tasks waiting for children stop every other task. (Two test databases being dropped while
/// their clients were tasks on the blocked pool deadlocked the whole test run that way.)
public enum ChildProcess {
    /// What the child left behind: its exit status and what it wrote to standard error.
    public struct Ending: Sendable {
        public var status: Int32
        public var errors: String
    }

    /// Runs `executable` with `arguments`; its standard output is discarded.
    public static func run(_ executable: String, _ arguments: [String]) async throws -> Ending {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                // Read to the end first: a child that fills the pipe would otherwise never exit.
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                continuation.resume(returning: Ending(status: process.terminationStatus, errors: text))
            }.start()
        }
    }
}
