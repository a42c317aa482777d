import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation

/// Who the assistant speaks for and through what: the signed-in person (their language, zone and
/// currency), their Billfold client, and the names they call things by.
struct AssistantSession: Sendable {
    let client: BillfoldClient
    let me: MeResponse

    var format: DisplayFormat { me.preferences.format }

    /// Money as the person reads it, beside its exact figure.
    func shown(_ amount: String, _ currency: String) -> String {
        guard let currency = try? Currency(code: currency), let money = try? Money(parsing: amount, currency: currency)
        else { return amount + " " + currency }
        return format.money(money)
    }

    // MARK: Names

    /// The category a person names (or its id); "none" is no category.
    func category(_ name: String, among categories: [CategoryDTO]) throws(BillfoldError) -> CategoryDTO {
        try Self.find(name, among: categories, id: \.id, name: \.name, missing: "assistant.noCategory")
    }

    func account(_ name: String, among accounts: [AccountDTO]) throws(BillfoldError) -> AccountDTO {
        try Self.find(name, among: accounts, id: \.id, name: \.name, missing: "assistant.noAccount")
    }

    func tag(_ name: String, among tags: [TagDTO]) throws(BillfoldError) -> TagDTO {
        try Self.find(name, among: tags, id: \.id, name: \.name, missing: "assistant.noTag")
    }

    /// By id, else by name as a person would match it (case and accents of composition aside);
    /// refused with the names there are, so the model can pick one.
    private static func find<Thing>(
        _ wanted: String, among things: [Thing], id: KeyPath<Thing, Int64>, name: KeyPath<Thing, String>,
        missing key: String
    ) throws(BillfoldError) -> Thing {
        if let number = Int64(wanted), let found = things.first(where: { $0[keyPath: id] == number }) {
            return found
        }
        let folded = AccountRules.nameKey(wanted)
        if let found = things.first(where: { AccountRules.nameKey($0[keyPath: name]) == folded }) { return found }
        let names = things.map { $0[keyPath: name] }.sorted()
        let shown = names.prefix(60).joined(separator: ", ") + (names.count > 60 ? ", …" : "")
        throw BillfoldError(.notFound, Phrase(key, ["name": wanted, "names": shown]))
    }

    /// Transactions as the tools answer them: names for ids, amounts as the person reads them.
    func rows(_ transactions: [TransactionDTO]) async throws -> [TransactionRow] {
        async let categories = categories()
        async let accounts = client.accounts()
        let categoryNames = Dictionary(try await categories.map { ($0.id, $0.name) }) { first, _ in first }
        let accountNames = Dictionary(try await accounts.map { ($0.id, $0.name) }) { first, _ in first }
        return transactions.map { row in
            TransactionRow(
                id: row.id, date: String(row.bookedAt.prefix(10)), payee: row.payee, amount: row.amount,
                currency: row.currency, shown: shown(row.amount, row.currency),
                category: row.categoryId.flatMap { categoryNames[$0] }, account: accountNames[row.accountId] ?? "",
                status: row.status, notes: row.notes.isEmpty ? nil : row.notes,
                suggestedCategory: row.suggestion.flatMap { categoryNames[$0.categoryId] })
        }
    }

    /// Every category and group, flat (a child names its group).
    func categories() async throws -> [CategoryDTO] { try await client.categories() }
}
