/// What a list screen shows; a UI switches on it.
public enum ListScreen: Equatable, Sendable {
    case loading
    /// Nothing to list (none yet, or none matches).
    case empty
    case loaded
    /// Nothing could be loaded; the screen's `load()` tries again.
    case failed(ClientError)
    /// The server cannot be reached; what was loaded before stays on screen.
    case offline(ClientError)

    /// The screen after a load failed: offline over what is already shown when the failure may
    /// pass, failed otherwise.
    static func after(_ error: ClientError, showing hasContent: Bool) -> ListScreen {
        error.isTransient && hasContent ? .offline(error) : .failed(error)
    }

    /// The screen after a load brought `count` things.
    static func loaded(_ count: Int) -> ListScreen { count == 0 ? .empty : .loaded }
}
