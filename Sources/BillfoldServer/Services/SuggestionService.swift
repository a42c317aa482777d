import BillfoldAPI
import BillfoldCore
import BillfoldStore
import FluentKit
import Vapor

/// Suggestions for transactions no rule categorised: learned afresh from the person's own
/// categorised transactions each time (the bookings of the cards' payees and the latest others),
/// so a decision taken a moment ago already counts.
struct SuggestionService: Sendable {
    let database: any Database
    let userID: Int64

    /// Bookings read per question: enough for a payee's habits and the person's words.
    static let payeeRows = 2000
    static let recentRows = 3000

    /// For each uncategorised, counted transaction of these, the suggestion sure enough to show.
    func suggestions(for transactions: [Transaction]) async throws -> [Int64: Suggestion] {
        let open = transactions.filter { $0.categoryID == nil && $0.kind == nil && $0.transferID == nil }
        guard !open.isEmpty else { return [:] }
        let examples = try await SuggestionHistory(database: database, userID: userID).examples(
            payees: Array(Set(open.map(\.payee))), limit: Self.payeeRows, recent: Self.recentRows)
        let learner = SuggestionLearner(examples)
        var found: [Int64: Suggestion] = [:]
        for transaction in open {
            let query = SuggestionLearner.Query(
                bankText: transaction.originalName, minorUnits: transaction.money.minorUnits,
                accountID: transaction.accountID)
            if let guess = learner.suggest(query), guess.confidence >= Suggestion.shownFrom {
                found[transaction.id] = guess
            }
        }
        return found
    }
}

extension TransactionDTO {
    init(_ transaction: Transaction, suggestion: Suggestion?) {
        self.init(transaction)
        self.suggestion = suggestion.map(SuggestionDTO.init)
    }
}

extension Request {
    var suggestionService: SuggestionService {
        get throws { SuggestionService(database: store, userID: try user.id) }
    }
}
