import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation

/// Who the assistant speaks for and through what: the signed-in person (their language, zone and
/// currency), their Billfold client, and the names they call things by (read once per call).
struct AssistantSession: Sendable {
    let client: BillfoldClient
    let me: MeResponse
    private let names: NameBook

    init(client: BillfoldClient, me: MeResponse) {
        self.client = client
        self.me = me
        names = NameBook(client: client)
    }

    /// The same person for the next call, whose names are read afresh (another app may have
    /// renamed a category since).
    func forCall() -> AssistantSession { AssistantSession(client: client, me: me) }

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
        async let accounts = accounts()
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
    func categories() async throws -> [CategoryDTO] { try await names.categories() }
    func accounts() async throws -> [AccountDTO] { try await names.accounts() }
    func tags() async throws -> [TagDTO] { try await names.tags() }
}

/// The person's categories, accounts and tags, each asked of the server at most once in a call
/// however many names the call resolves.
private actor NameBook {
    let client: BillfoldClient
    private var categories: Task<[CategoryDTO], any Error>?
    private var accounts: Task<[AccountDTO], any Error>?
    private var tags: Task<[TagDTO], any Error>?

    init(client: BillfoldClient) { self.client = client }

    func categories() async throws -> [CategoryDTO] {
        let client = client
        if categories == nil { categories = Task { try await client.categories() } }
        return try await categories!.value
    }

    func accounts() async throws -> [AccountDTO] {
        let client = client
        if accounts == nil { accounts = Task { try await client.accounts() } }
        return try await accounts!.value
    }

    func tags() async throws -> [TagDTO] {
        let client = client
        if tags == nil { tags = Task { try await client.tags() } }
        return try await tags!.value
    }
}
