import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation
import SQLKit
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

/// `LedgerInvariant` after random sequences of every write path a person has, through the API
/// and the pages: every derived table stays what the rows say.
@Suite("Every write keeps every derived table equal to what the rows say")
struct LedgerInvariantTests {
    /// The ids in a JSON answer: its `id`, and those of its `transactions`, `parts` or `parent`.
    static func ids(_ body: ByteBuffer) -> [Int64] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        else { return [] }
        var ids: [Int64] = []
        if let id = object["id"] as? Int { ids.append(Int64(id)) }
        for key in ["transactions", "parts"] {
            for item in object[key] as? [[String: Any]] ?? [] {
                if let id = item["id"] as? Int { ids.append(Int64(id)) }
            }
        }
        return ids
    }

    @Test("200 random writes of every kind, checked after each", arguments: TestDatabase.all)
    func randomWrites(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Asia/Kathmandu")
            let giro = try await t.openAccount(#"{"name": "Giro", "currency": "EUR"}"#, as: ana)
            let savings = try await t.openAccount(#"{"name": "Savings", "currency": "EUR"}"#, as: ana)
            let travel = try await t.openAccount(#"{"name": "Travel", "currency": "USD"}"#, as: ana)
            var categories: [Int64] = []
            for name in ["Food", "Rent", "Fun", "Travel", "Gifts"] {
                let made = try await t.send(.POST, "/api/v1/categories", as: ana, json: #"{"name": "\#(name)"}"#)
                categories += Self.ids(made.body)
            }
            var tags: [Int64] = []
            for name in ["Trip", "Work", "Gift"] {
                tags += Self.ids(try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "\#(name)"}"#).body)
            }
            // Imports arrive tagged (the rules' path on new rows).
            _ = try await t.send(
                .POST, "/api/v1/rules", as: ana,
                json: """
                    {"conditions": [{"field": "payee", "test": "startsWith", "value": "Import"}],
                     "actions": [{"action": "addTags", "tags": [\(tags[0])]}]}
                    """)
            let browser = try await Browser.signedIn(t, ana)
            var live: [Int64] = []
            var deletions: [Int64] = []
            var imports: [Int64] = []
            var splits: [Int64] = []
            var groups: [Int64] = []
            var random = SplitMix64(seed: database == .sqlite ? 38 : 39)
            func pick<T>(_ items: [T]) -> T? {
                items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
            }
            func amount() -> String {
                let minor = Int(random.next() % 40_000) - 30_000
                return String(format: "%.2f", Double(minor) / 100)
            }
            func day() -> String {
                String(format: "2026-%02d-%02d", 1 + Int(random.next() % 3), 1 + Int(random.next() % 28))
            }
            let invariant = LedgerInvariant(sql: t.app.db as! any SQLDatabase)
            var done: [String: Int] = [:]
            // Writes that took effect, per kind: each must have happened for the sequence to prove anything.
            var worked: [String: Int] = [:]
            for step in 0..<200 {
                let kind = Int(random.next() % 15)
                var what = ""
                switch kind {
                case 0, 1:
                    what = "create"
                    let category = pick(categories + [0]).map { $0 == 0 ? "null" : String($0) } ?? "null"
                    let answer = try await t.send(
                        .POST, "/api/v1/transactions", as: ana,
                        json: """
                            {"bookedAt": "\(day())T\(10 + step % 12):00:00+05:45", "payee": "Shop \(step % 17)",
                             "amount": "\(amount())", "currency": "\(pick(["EUR", "EUR", "USD"])!)",
                             "accountId": \(pick([giro.id, savings.id, travel.id])!), "categoryId": \(category),
                             "notes": "\(step % 3 == 0 ? "note \(step)" : "")", "status": "\(pick(["cleared", "uncleared", "pending"])!)"}
                            """)
                    live += Self.ids(answer.body)
                case 2:
                    what = "form"
                    _ = try await browser.get("/transactions/new")
                    let answer = try await browser.post(
                        "/transactions/new",
                        [
                            ("bookedAt", "\(day())T09:30"), ("payee", "Market \(step % 5)"), ("amount", amount()),
                            ("currency", "EUR"), ("accountId", String(giro.id)),
                            ("categoryId", pick(categories).map(String.init) ?? ""), ("notes", ""),
                        ])
                    #expect(answer.status == .seeOther, "form: \(answer.status) \(answer.body.string.prefix(300))")
                case 3:
                    what = "edit"
                    guard let id = pick(live) else { continue }
                    let change = [
                        #"{"amount": "\#(amount())"}"#, #"{"categoryId": \#(pick(categories)!)}"#,
                        #"{"categoryId": null}"#, #"{"status": "cleared"}"#, #"{"payee": "Renamed \#(step)"}"#,
                        #"{"notes": "edited \#(step)"}"#, #"{"bookedAt": "\#(day())T08:00:00Z"}"#,
                        #"{"notes": ""}"#,
                    ]
                    _ = try await t.send(.PATCH, "/api/v1/transactions/\(id)", as: ana, json: pick(change)!)
                case 4:
                    what = "delete"
                    guard let id = pick(live) else { continue }
                    let answer = try await t.send(.DELETE, "/api/v1/transactions/\(id)", as: ana)
                    if answer.status == .ok,
                        let deletion = try? JSONDecoder().decode(DeletionDTO.self, from: answer.body)
                    {
                        deletions.append(deletion.deletionId)
                        live.removeAll { $0 == id }
                    }
                case 5:
                    what = "undo delete"
                    guard let deletion = pick(deletions) else { continue }
                    _ = try await t.send(.POST, "/api/v1/deletions/\(deletion)/restore", as: ana)
                    deletions.removeAll { $0 == deletion }
                    let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?limit=500", as: ana)
                    live = list.transactions.map(\.id)
                case 6:
                    what = "import"
                    var csv = "Datum;Empfänger;Verwendungszweck;Betrag (EUR)\n"
                    for row in 0..<(3 + Int(random.next() % 20)) {
                        let euros = Int(random.next() % 9_000) - 6_000
                        csv +=
                            "\(1 + row % 28).0\(1 + row % 3).2026;Import \(step)-\(row);\(row % 2 == 0 ? "Ref \(row)" : "");\(euros / 100),\(abs(euros % 100))\n"
                    }
                    let answer = try await t.send(
                        .POST, "/api/v1/imports?account=Giro&fileName=s\(step).csv", as: ana, json: csv,
                        headers: ["Content-Type": "text/csv"])
                    if let id = Self.ids(answer.body).first, answer.status == .created {
                        imports.append(id)
                        worked["import", default: 0] += 1
                    }
                case 7:
                    what = "undo import"
                    guard let id = pick(imports) else { continue }
                    _ = try await t.send(.DELETE, "/api/v1/imports/\(id)", as: ana)
                    imports.removeAll { $0 == id }
                case 8:
                    what = "split"
                    if let parent = pick(splits), random.next() % 2 == 0 {
                        _ = try await t.send(.DELETE, "/api/v1/transactions/\(parent)/split", as: ana)
                        splits.removeAll { $0 == parent }
                        continue
                    }
                    guard let id = pick(live),
                        let found = try? await t.send(.GET, "/api/v1/transactions/\(id)", as: ana),
                        let row = try? JSONDecoder().decode(TransactionDTO.self, from: found.body),
                        let whole = Double(row.amount).map({ Int(($0 * 100).rounded()) })
                    else { continue }
                    func text(_ minor: Int) -> String { String(format: "%.2f", Double(minor) / 100) }
                    let answer = try await t.send(
                        .POST, "/api/v1/transactions/\(id)/split", as: ana,
                        json: """
                            {"parts": [{"amount": "\(text(whole / 3))", "categoryId": \(pick(categories)!)},
                                       {"amount": "\(text(whole - whole / 3))"}]}
                            """)
                    if answer.status == .created || answer.status == .ok {
                        splits.append(id)
                        worked["split", default: 0] += 1
                    }
                case 9:
                    what = "group"
                    if let group = pick(groups), random.next() % 2 == 0 {
                        _ = try await t.send(.DELETE, "/api/v1/transaction-groups/\(group)", as: ana)
                        groups.removeAll { $0 == group }
                        continue
                    }
                    let members = Array(Set((0..<3).compactMap { _ in pick(live) }))
                    guard members.count >= 2 else { continue }
                    let answer = try await t.send(
                        .POST, "/api/v1/transaction-groups", as: ana,
                        json: #"{"transactionIds": \#(members), "payee": "Trip \#(step)"}"#)
                    if let id = Self.ids(answer.body).first, answer.status == .created {
                        groups.append(id)
                        worked["group", default: 0] += 1
                    }
                case 10:
                    what = "transfer"
                    let toTravel = random.next() % 2 == 0
                    let answer = try await t.send(
                        .POST, "/api/v1/transfers", as: ana,
                        json: """
                            {"fromAccountId": \(giro.id), "toAccountId": \(toTravel ? travel.id : savings.id),
                             "amount": "\(abs(Double(amount()) ?? 1) + 1)", \(toTravel ? #""receivedAmount": "12.34","# : "")
                             "bookedAt": "\(day())T12:00:00Z"}
                            """)
                    if answer.status == .created { worked["transfer", default: 0] += 1 }
                case 11:
                    // A pull from Lunch Money: the first inserts its rows, later ones merge a
                    // changed payee, notes and status (and a category only Lunch Money has).
                    what = "Lunch Money pull"
                    var pulled = try JSONSerialization.jsonObject(with: LunchMoneyOutboxTests.rows) as! [String: Any]
                    var rows = pulled["transactions"] as! [[String: Any]]
                    let index = Int(random.next() % UInt64(rows.count))
                    rows[index]["payee"] = "Pulled \(step)"
                    rows[index]["notes"] = random.next() % 2 == 0 ? "" : "note \(step)"
                    rows[index]["status"] = random.next() % 2 == 0 ? "cleared" : "uncleared"
                    pulled["transactions"] = rows
                    _ = try await LunchMoneyImport(database: t.app.db, user: ana.user, clock: t.app.wallClock).run(
                        transactions: try JSONSerialization.data(withJSONObject: pulled), categories: nil)
                    worked["Lunch Money pull", default: 0] += 1
                case 12:
                    // A rule applied to what is there (renames, recategorises, clears in bulk),
                    // and every other time the run undone.
                    what = "apply rules"
                    let shop = "Shop \(random.next() % 17)"
                    let category = pick(categories).map(String.init) ?? "null"
                    _ = try await t.send(
                        .POST, "/api/v1/rules", as: ana,
                        json: """
                            {"conditions": [{"field": "payee", "test": "startsWith", "value": "\(shop)"}],
                             "actions": [{"action": "setCategory", "category": \(category)},
                                         {"action": "renamePayee", "payee": "\(shop) (ruled)"},
                                         {"action": "addTags", "tags": [\(pick(tags) ?? tags.first ?? 0)]},
                                         {"action": "markCleared"}], "overridesSource": true}
                            """)
                    let applied = try await t.send(.POST, "/api/v1/rules/apply", as: ana, json: "{}")
                    let answer = try? JSONSerialization.jsonObject(with: Data(applied.body.readableBytesView))
                    let run = ((answer as? [String: Any])?["runId"] as? Int).map(Int64.init)
                    if let run, random.next() % 2 == 0 {
                        let undone = try await t.send(.POST, "/api/v1/rule-runs/\(run)/undo", as: ana)
                        if undone.status == .ok { worked["undo rules", default: 0] += 1 }
                    }
                    if run != nil { worked["apply rules", default: 0] += 1 }
                case 13:
                    // Tags given and taken (the sums per tag), and now and then a tag deleted.
                    what = "tag"
                    if random.next() % 6 == 0, let gone = pick(tags) {
                        _ = try await t.send(.DELETE, "/api/v1/tags/\(gone)", as: ana)
                        tags.removeAll { $0 == gone }
                        tags += Self.ids(
                            try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "Tag \#(step)"}"#).body)
                        continue
                    }
                    guard let id = pick(live) else { continue }
                    let given = Array(Set((0..<Int(random.next() % 3)).compactMap { _ in pick(tags) }))
                    let answer = try await t.send(
                        .PUT, "/api/v1/transactions/\(id)/tags", as: ana, json: #"{"tagIds": \#(given)}"#)
                    if answer.status == .ok && !given.isEmpty { worked["tag", default: 0] += 1 }
                default:
                    what = "delete category"
                    guard categories.count > 2, let gone = pick(categories) else { continue }
                    let into = categories.filter { $0 != gone }.first!
                    let reassign = random.next() % 2 == 0 ? "none" : String(into)
                    let answer = try await t.send(.DELETE, "/api/v1/categories/\(gone)?reassignTo=\(reassign)", as: ana)
                    if answer.status.code < 300 {
                        categories.removeAll { $0 == gone }
                        worked["delete category", default: 0] += 1
                    }
                }
                done[what, default: 0] += 1
                let differences = try await invariant.differences()
                #expect(differences.isEmpty, "after step \(step) (\(what)): \(differences)")
                if !differences.isEmpty { return }
            }
            #expect(done.count == 14, "every kind of write ran: \(done)")
            #expect(worked.count == 9 && worked.values.allSatisfy { $0 > 0 }, "\(worked)")
        }
    }

    @Test("the invariant can fail: a sum changed behind the rows' back is found", arguments: TestDatabase.all)
    func canFail(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            _ = try await t.add(ana, [spend("Bakery", "-3.20"), spend("Rent", "-900.00")])
            let sql = t.app.db as! any SQLDatabase
            #expect(try await LedgerInvariant(sql: sql).differences().isEmpty)
            try await sql.raw("UPDATE transaction_payee_totals SET total_minor = total_minor + 1").run()
            let found = try await LedgerInvariant(sql: sql).differences()
            #expect(found.count == 1 && found[0].hasPrefix("transaction_payee_totals"), "\(found)")
        }
    }
}
