import BillfoldCore
import Foundation

/// The steps of decks left unfinished, one per month, kept in a file written whole and atomically
/// after every step: a person who leaves at card 15 of 20 (quits, loses the connection, the
/// program is killed) finds the 15 decided when the month's deck opens again. A finished deck's
/// steps are forgotten once every decision has its answer.
@MainActor
public final class ReviewDraftStore {
    /// The file the drafts are kept in; nil keeps them for this run only.
    public let file: URL?
    private var drafts: [String: ReviewDeck.Draft]

    /// Opens the drafts in `file`, reading what an earlier run left there. A file that cannot be
    /// read as drafts is not trusted: the deck then starts afresh, and the next step replaces it.
    public init(file: URL?) {
        self.file = file
        drafts = Self.read(file)
    }

    private static func read(_ file: URL?) -> [String: ReviewDeck.Draft] {
        guard let file, let data = try? Data(contentsOf: file) else { return [:] }
        return (try? JSONDecoder().decode([String: ReviewDeck.Draft].self, from: data)) ?? [:]
    }

    /// The standard place for one source's drafts, beside the saved sign-in (`name` tells the
    /// sources apart: a server's address, Lunch Money, a book file).
    public static func standard(
        for name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ReviewDraftStore {
        // A folder that cannot be made keeps the drafts for this run only.
        guard let (folder, safe) = try? AtomicFile.beside(environment: environment, naming: name) else {
            return ReviewDraftStore(file: nil)
        }
        return ReviewDraftStore(file: folder.appendingPathComponent("review-drafts-\(safe).json"))
    }

    /// The steps kept for `month`, if any.
    public func draft(for month: Month) -> ReviewDeck.Draft? { drafts[month.description] }

    /// Keeps `draft` as `month`'s (an empty one forgets it) and writes the file at once.
    public func keep(_ draft: ReviewDeck.Draft, for month: Month) throws {
        guard drafts[month.description] != draft else { return }
        // Read again first: another window may have kept another month's steps meanwhile.
        if file != nil { drafts = Self.read(file) }
        drafts[month.description] = draft.steps.isEmpty ? nil : draft
        guard let file else { return }
        try AtomicFile.write(try JSONEncoder().encode(drafts), to: file, permissions: 0o600)
    }
}
