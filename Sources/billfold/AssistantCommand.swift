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

    func validate() throws {
        if token != nil, server == nil {
            throw ValidationError(tr("cli.mcp.tokenWithoutServer"))
        }
    }

    func run() async throws {
        let client: BillfoldClient
        if let server, let token {
            guard let url = URL(string: server), let scheme = url.scheme,
                ["http", "https"].contains(scheme.lowercased())
            else { throw ValidationError(tr("cli.login.serverNotHTTP")) }
            client = BillfoldClient(baseURL: url, token: token)
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
            AssistantServer(client: BillfoldClient(baseURL: client.baseURL, token: client.token), me: me)
        }
        try await assistant.runOnStandardIO()
    }
}
