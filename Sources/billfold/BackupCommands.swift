import ArgumentParser
import BillfoldCore
import BillfoldServer
import Foundation

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: tr("cli.backup.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.backup.toHelp"))) var to: String
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
        abstract: tr("cli.restore.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.restore.fromHelp"))) var from: String
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
