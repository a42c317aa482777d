import ArgumentParser
import Foundation

@main
struct Billfold: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "billfold",
        abstract: "Self-hosted personal finance: the server and its tools.",
        subcommands: [
            Serve.self, Users.self, Tokens.self, Import.self, Demo.self, BackupCommand.self, RestoreCommand.self,
            ExportCommand.self, Login.self, Logout.self, Review.self, TransactionsCommand.self,
        ]
    )
}

/// Prints a line unbuffered, so scripts and logs see it at once even through a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

// Vapor also exports types named Option and Flag; the command line means ArgumentParser's.
typealias Option = ArgumentParser.Option
typealias Flag = ArgumentParser.Flag
