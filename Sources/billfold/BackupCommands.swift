import ArgumentParser
import BillfoldCore
import BillfoldServer
import Foundation

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the books to a new file, even while the server runs.")

    @Option(name: .long, help: "The file to write; it must not exist yet.") var to: String
    @OptionGroup var options: DatabaseOption

    func run() async throws {
        try await withApplication(options.flags) { app in
            say(try await Backup.copy(app, to: to))
        }
    }
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Check that a backup opens and migrates, then make it the database (SQLite; never overwrites).")

    @Option(name: .long, help: "The backup file written by billfold backup.") var from: String
    @OptionGroup var options: DatabaseOption

    func run() async throws {
        let configuration: Configuration
        do {
            configuration = try Configuration.resolve(flags: options.flags)
        } catch {
            fail(error.message, code: 78)
        }
        do {
            say(try await Backup.restore(from: from, into: configuration))
        } catch let error as BillfoldError {
            fail(error.message, code: 1)
        }
    }
}
