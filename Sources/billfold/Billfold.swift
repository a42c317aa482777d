import ArgumentParser
import BillfoldCore
import BillfoldServer
import Foundation

@main
struct Billfold: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "billfold",
        abstract: tr("cli.abstract"),
        subcommands: [
            Serve.self, Users.self, Tokens.self, Import.self, Demo.self, BackupCommand.self, RestoreCommand.self,
            ExportCommand.self, Login.self, Logout.self, AssistantCommand.self, Review.self, TransactionsCommand.self,
            RulesCommand.self,
            SuggestCommand.self, RatesCommand.self,
        ]
    )

    /// Every command, its help and its errors speak the terminal's language (`Words.terminal`).
    static func main() async {
        // Databases, backups and exports hold people's money: readable by their owner only.
        PrivateFiles.ownerOnlyFromNowOn()
        await Words.$current.withValue(Words.terminal()) {
            do {
                var command = try parseAsRoot()
                if var asynchronous = command as? AsyncParsableCommand {
                    try await asynchronous.run()
                } else {
                    try command.run()
                }
            } catch let error as BillfoldError {
                fail(error.message, code: 1)
            } catch {
                exit(withError: error)
            }
        }
    }
}

/// Prints a line unbuffered, so scripts and logs see it at once even through a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Prints a warning on standard error: the command goes on.
func warn(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

// Vapor also exports types named Option and Flag; the command line means ArgumentParser's.
typealias Option = ArgumentParser.Option
typealias Flag = ArgumentParser.Flag
