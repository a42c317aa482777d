import ArgumentParser
import BillfoldCore
import BillfoldKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `billfold login`: signs this computer in to a Billfold server and keeps the token in
/// `$XDG_CONFIG_HOME/billfold/signin.json` (0600), for `billfold review` and friends.
struct Login: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: tr("cli.login.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.login.serverHelp"))) var server: String
    @Option(name: .long, help: ArgumentHelp(tr("cli.login.emailHelp"))) var email: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.login.tokenHelp"))) var token: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.tokens.scopeHelp"))) var scope: TokenScope = .readWrite
    @Option(name: .long, help: ArgumentHelp(tr("cli.tokens.expiresHelp"))) var expires: String?

    func run() async throws {
        let url = try serverAddress(server)
        let store = FileTokenStore.standard()
        let signedIn: SavedSignIn
        if let token {
            let me = try await BillfoldClient(baseURL: url, token: token).me()
            signedIn = SavedSignIn(server: url, token: token, email: me.email)
        } else {
            let email = try email ?? Prompt.line(tr("cli.login.emailPrompt"))
            let password = try Prompt.secret(tr("cli.login.passwordPrompt"))
            let host = ProcessInfo.processInfo.hostName
            let label =
                host.isEmpty ? tr("cli.login.tokenLabelThisComputer") : tr("cli.login.tokenLabel", ["host": host])
            let created = try await BillfoldClient.signIn(
                server: url, email: email, password: password, label: label, scope: scope, expiresAt: expires)
            // A server from before scopes makes a token that may do everything: not what was asked.
            if created.scope != scope {
                try? await BillfoldClient(baseURL: url, token: created.token, retry: .never).revokeThisToken()
                throw Failure(tr("cli.login.scopeNotKept"))
            }
            signedIn = SavedSignIn(server: url, token: created.token, email: email.lowercased())
        }
        try store.save(signedIn)
        say(
            tr(
                "cli.login.signedIn",
                ["server": url.absoluteString, "email": signedIn.email, "path": store.file.path]))
    }
}

/// `billfold logout`: revokes the saved token on the server, then forgets it. When the server
/// cannot be reached the token is forgotten all the same (the person asked to sign this computer
/// out), with a warning that it stays valid there until revoked in Settings.
struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: tr("cli.logout.abstract"))

    func run() async throws {
        let store = FileTokenStore.standard()
        guard let saved = try store.load() else {
            say(tr("cli.logout.notSignedIn"))
            return
        }
        do throws(ClientError) {
            try await BillfoldClient(baseURL: saved.server, token: saved.token, retry: .never).revokeThisToken()
        } catch {
            // Already revoked or expired (signInAgain): nothing is left to end on the server.
            if error.kind != .signInAgain {
                warn(tr("cli.logout.notRevoked", ["server": saved.server.absoluteString, "reason": error.message]))
            }
        }
        try store.delete()
        say(tr("cli.logout.signedOut", ["server": saved.server.absoluteString]))
    }
}

extension TokenScope: ExpressibleByArgument {}

/// Asking in the terminal.
enum Prompt {
    struct NoInput: Error, CustomStringConvertible {
        var description: String { tr("cli.login.noInput") }
    }

    static func line(_ prompt: String) throws -> String {
        FileHandle.standardError.write(Data(prompt.utf8))
        guard let line = readLine(), !line.isEmpty else { throw NoInput() }
        return line
    }

    /// Reads without echoing when standard input is a terminal.
    static func secret(_ prompt: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else { return try line(prompt) }
        var original = termios()
        tcgetattr(STDIN_FILENO, &original)
        var quiet = original
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return try line(prompt)
    }
}

/// A command that could not do its job, with what to do; printed as "Error: …" without the usage.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A server's address as typed: http or https only.
func serverAddress(_ text: String) throws -> URL {
    guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased())
    else { throw ValidationError(tr("cli.login.serverNotHTTP")) }
    return url
}

/// The saved sign-in for a server: the one `billfold login` saved, checked against `--server`.
func savedClient(server: String?) throws -> BillfoldClient {
    guard let saved = try FileTokenStore.standard().load() else {
        throw Failure(tr("cli.notSignedIn"))
    }
    if let server, URL(string: server)?.absoluteString != saved.server.absoluteString {
        throw Failure(tr("cli.signedInElsewhere", ["saved": saved.server.absoluteString, "server": server]))
    }
    return BillfoldClient(baseURL: saved.server, token: saved.token)
}

/// Sends the changes that waited in this server's offline queue (made while it could not be
/// reached), saying what went and what the server refused; returns the queue for new changes.
/// Never stops the command: without a queue file the command runs without one.
func sendWaitingChanges(with client: BillfoldClient) async -> OfflineQueue? {
    guard let queue = try? OfflineQueue.standard(for: client.baseURL) else { return nil }
    guard await !queue.changes.isEmpty else { return queue }
    let report = await queue.replay(with: client)
    if !report.sent.isEmpty {
        say(tr("cli.offline.sent", count: report.sent.count))
    }
    for refusal in report.refused {
        say(tr("cli.offline.notApplied", ["change": refusal.change.summary, "reason": refusal.error.message]))
    }
    if report.waiting > 0 {
        say(tr("cli.offline.waiting", count: report.waiting))
    }
    return queue
}
