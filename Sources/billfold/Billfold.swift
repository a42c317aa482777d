import ArgumentParser
import Foundation

@main
struct Billfold: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "billfold",
        abstract: "Self-hosted personal finance: the server and its tools.",
        subcommands: [Serve.self, Users.self, Tokens.self, Import.self, Demo.self]
    )

    static func main() async {
        // Line-buffered even into a pipe, so scripts and logs see each line as it is printed.
        setvbuf(stdout, nil, _IOLBF, 0)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

// Vapor also exports types named Option and Flag; the command line means ArgumentParser's.
typealias Option = ArgumentParser.Option
typealias Flag = ArgumentParser.Flag
