import ArgumentParser
import BillfoldAPI
import BillfoldAssistant
import BillfoldCore
import BillfoldKit
import Foundation

/// `billfold mcp`: Billfold for an assistant (Claude, and any Model Context Protocol client),
/// spoken over standard input and output, with the sign-in `billfold login` saved or a server
/// and token given. Standard output carries the protocol alone; anything else goes to standard
/// error.
struct AssistantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mcp", abstract: tr("cli.mcp.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.mcp.serverHelp"))) var server: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.mcp.tokenHelp"))) var token: String?

    /// With `--server`: `--token`, else `BILLFOLD_TOKEN`, so an assistant's configuration can hold
    /// it in its environment, out of the command line every process can read.
    var givenToken: String? {
        token ?? ProcessInfo.processInfo.environment["BILLFOLD_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func validate() throws {
        if token != nil, server == nil {
            throw ValidationError(tr("cli.mcp.tokenWithoutServer"))
        }
    }

    func run() async throws {
        let client: BillfoldClient
        if let server, let token = givenToken {
            client = BillfoldClient(baseURL: try serverAddress(server), token: token)
        } else {
            client = try savedClient(server: server)
        }
        let me: MeResponse
        do throws(ClientError) {
            me = try await client.me()
        } catch {
            throw Failure(error.description)
        }
        // The client again in the person's language, so the server's messages come in it too.
        let assistant = Words.$current.withValue(Words(locale: me.locale)) {
            AssistantServer(
                client: BillfoldClient(baseURL: client.baseURL, token: client.token, app: ChangeSource.assistantAgent),
                me: me)
        }
        try await assistant.runOnStandardIO()
    }
}
