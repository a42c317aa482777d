import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// Checks a token as it is typed or pasted into a sign-in form: valid with whom it signs in as,
/// or invalid with the reason. Keystrokes are debounced, so only the token the person stopped at
/// is sent, and an earlier check still running is cancelled.
@MainActor @Observable
public final class TokenCheckModel {
    /// Where the check is: nothing typed, waiting for the server, valid (whom it signs in as), or invalid (why).
    public enum State: Equatable, Sendable {
        case idle
        case checking
        case valid(name: String, email: String)
        case invalid(String)
    }

    /// The server the token is checked against.
    public let server: URL
    /// How long typing must pause before the token is sent.
    public let pause: TimeInterval
    /// The check's state, for the form to show.
    public private(set) var state: State = .idle
    private var pending: Task<Void, Never>?

    /// `server` is where the token is checked; `pause` is how long typing must stop before it is sent.
    public init(server: URL, pause: TimeInterval = 0.4) {
        self.server = server
        self.pause = pause
    }

    /// The field changed.
    public func typed(_ token: String) {
        pending?.cancel()
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            state = .idle
            return
        }
        state = .checking
        pending = Task { [pause] in
            try? await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
            guard !Task.isCancelled else { return }
            await self.check(token)
        }
    }

    /// Waits for the check in flight, if any (for callers that must know the answer).
    public func settle() async { await pending?.value }

    /// Checks now, without waiting.
    public func check(_ token: String) async {
        let client = BillfoldClient(baseURL: server, token: token, retry: .never)
        do {
            let me = try await client.me()
            guard !Task.isCancelled else { return }
            state = .valid(name: me.name, email: me.email)
        } catch {
            guard !Task.isCancelled else { return }
            state = .invalid(
                error.kind == .signInAgain ? tr("kit.signIn.tokenNotValid") : error.message)
        }
    }
}
