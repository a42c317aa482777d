import BillfoldAPI
import BillfoldCore
import Foundation
import SQLKit
import Testing
import VaporTesting

@testable import BillfoldStore

/// A search's totals come from the per-payee sums plus the rows whose notes match
/// (`SearchTotals`); whatever was written, they must equal the sums of the rows it finds.
@Suite("A search's totals from the payee sums equal its rows' sums")
struct SearchTotalsTests {
    @Test(
        "after inserts, bulk writes, edits, transfers, splits, groups, a category's deletion and undone deletes",
        arguments: TestDatabase.all)
    func agree(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            let categories = t.categories(ana)
            let food = try await categories.forSource("t:a", name: "Food", now: Timestamp.now())
            let cafe = try await categories.forSource("t:b", name: "Cafe", now: Timestamp.now())
            var random = SplitMix64(seed: 27)
            func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
            // Payees that hold a word in another case or with letters beyond A–Z, notes that hold
            // it under a payee that does not (and under one that does: counted once). "Müller"
            // twice: with "ü" and with "u" and a combining diaeresis, equal to Swift, not to SQL.
            // And the longest payee the rules allow, of letters carrying accents (200 code units).
            let long = String(repeating: "e" + String(repeating: "\u{301}", count: 9), count: 20)
            let payees = [
                "REWE Markt", "rewe city", "M\u{FC}ller", "Mu\u{308}ller", "MÜLLER Drogerie", "Bakery", "Kiosk 50% off",
                long,
            ]
            let notes = ["", "", "with Rewe coupon", "shared with Alex", "müller's gift"]
            func items(_ n: Int) -> [NewTransaction] {
                (0..<n).map { i in
                    NewTransaction(
                        accountID: pick([giro.id, savings.id]),
                        bookedAt: BookingTime(epochSeconds: 1_767_225_600 + Int64(i) * 3_607, offsetSeconds: 0),
                        payee: pick(payees), notes: pick(notes),
                        // Rows 50–53 are split below, 60–67 grouped in pairs (one currency each).
                        money: Money(
                            minorUnits: (50..<54).contains(i) ? -3_000 : Int64(random.next() % 9_000) - 6_000,
                            currency: i % 10 == 9 ? .usd : .eur),
                        status: pick(TransactionStatus.allCases), categoryID: pick([food.id, cafe.id, nil]))
                }
            }
            let repository = t.transactions(ana)
            let ids = try await repository.insert(
                items(150), accountID: { $0.accountID ?? giro.id }, now: Timestamp.now())
            _ = try await repository.append(items(100), accountID: { $0.accountID ?? giro.id }, now: Timestamp.now())
            try await t.add(bob, [spend("REWE", "-99.00"), spend("Müller", "-5.00", notes: "rewe")])
            // An import that stays and one that is undone.
            for file in ["kept.csv", "undone.csv"] {
                let csv = """
                    Buchungstag;Empfänger;Verwendungszweck;Betrag (EUR)
                    02.01.2024;REWE \(file);Einkauf;-3,20
                    03.01.2024;Mu\u{308}ller;rewe bon;-2,50

                    """
                let imported = try await t.send(
                    .POST, "/api/v1/imports?account=Giro&fileName=\(file)", as: ana, json: csv,
                    headers: ["Content-Type": "text/csv"])
                #expect(imported.status == .created, "\(imported.body.string)")
                let id = try #require(try JSONDecoder().decode(ImportResultResponse.self, from: imported.body).id)
                if file == "undone.csv" {
                    #expect(try await t.send(.DELETE, "/api/v1/imports/\(id)", as: ana).status == .ok)
                }
            }
            for id in ids.prefix(40) {
                let change = pick([
                    #"{"payee": "\#(pick(payees))"}"#, #"{"notes": "\#(pick(notes))"}"#, #"{"amount": "-7.00"}"#,
                    #"{"status": "uncleared"}"#, #"{"categoryId": \#(cafe.id)}"#,
                ])
                let edited = try await t.send(.PATCH, "/api/v1/transactions/\(id)", as: ana, json: change)
                #expect(edited.status == .ok, "\(change): \(edited.body.string)")
            }
            // A form sends every field: a new note with the payee as the browser writes it (ü as one
            // character) under a payee stored with a combining diaeresis, which moves the payee's
            // sums; and the payee alone so written, which changes nothing.
            let diaeresis = try await repository.insert(
                items(2).map {
                    var row = $0
                    row.payee = "Mu\u{308}ller"
                    row.originalName = row.payee
                    return row
                },
                accountID: { $0.accountID ?? giro.id }, now: Timestamp.now())
            for (id, change) in zip(diaeresis, [#"{"payee": "Müller", "notes": "form"}"#, #"{"payee": "Müller"}"#]) {
                let edited = try await t.send(.PATCH, "/api/v1/transactions/\(id)", as: ana, json: change)
                #expect(edited.status == .ok, "\(change): \(edited.body.string)")
            }
            var stored: [Int?] = []
            for id in diaeresis { stored.append(try await repository.find(id)?.payee.utf8.count) }
            #expect(stored == [7, 8], "the first payee rewritten as sent, the second left as it was")
            for n in 0..<4 {
                let transfer = try await t.send(
                    .POST, "/api/v1/transfers", as: ana,
                    json:
                        #"{"fromAccountId":\#(giro.id),"toAccountId":\#(savings.id),"amount":"5","bookedAt":"2026-02-0\#(n + 1)T12:00:00Z"}"#
                )
                #expect(transfer.status == .created, "\(transfer.body.string)")
                let split = try await t.send(
                    .POST, "/api/v1/transactions/\(ids[50 + n])/split", as: ana,
                    json: #"{"parts": [{"amount": "-29.99", "payee": "Rewe part"}, {"amount": "-0.01"}]}"#)
                #expect(split.status == .created, "\(split.body.string)")
                let group = try await t.send(
                    .POST, "/api/v1/transaction-groups", as: ana,
                    json: #"{"transactionIds": [\#(ids[60 + 2 * n]), \#(ids[61 + 2 * n])], "payee": "Rewe group"}"#)
                #expect(group.status == .created, "\(group.body.string)")
            }
            let moved = try await t.send(
                .DELETE, "/api/v1/categories/\(food.id)", as: ana, json: #"{"reassignTo": \#(cafe.id)}"#)
            #expect(moved.status == .ok || moved.status == .noContent, "\(moved.body.string)")
            for id in ids[100..<110] {
                let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(id)", as: ana)
                #expect(deleted.status == .ok, "\(deleted.body.string)")
                if id % 2 == 0 {
                    let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body)
                    let restored = try await t.send(.POST, "/api/v1/deletions/\(deletion.deletionId)/restore", as: ana)
                    #expect(restored.status == .ok, "\(restored.body.string)")
                }
            }

            let sql = t.app.db as! any SQLDatabase
            var found = 0
            for words in [
                "rewe", "REWE M", "m\u{FC}ller", "mu\u{308}ller", "ewe", "alex", "50% o", "bakery", "xyz",
                "e\u{301}e\u{301}",
            ] {
                for round in 0..<6 {
                    var query = TransactionQuery(range: TransactionQuery.everything.range, text: words)
                    switch round {
                    case 1: query.status = .cleared
                    case 2: query.accountID = savings.id
                    case 3: query.categoryIDs = [cafe.id]
                    case 4: query.uncategorized = true
                    case 5: query.withoutPending = true
                    default: break
                    }
                    for perCategory in [false, true] {
                        let fromSums = try #require(
                            try await TransactionTotals.searched(query, perCategory, userID: ana.id, on: sql))
                        let fromRows = try await TransactionTotals.scan(
                            query, perCategory, from: nil, to: nil, userID: ana.id, on: sql)
                        #expect(Self.summed(fromSums) == Self.summed(fromRows), "\(words) \(round) \(perCategory)")
                        found += fromRows.reduce(0) { $0 + Int($1.count) }
                    }
                }
            }
            #expect(found > 500, "the words find rows: \(found)")
            // The list answers with the same totals.
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions?q=rewe&limit=500", as: ana)
            let query = TransactionQuery(range: TransactionQuery.everything.range, text: "rewe")
            let rows = try await TransactionTotals.scan(query, false, from: nil, to: nil, userID: ana.id, on: sql)
            #expect(list.totals.reduce(0) { $0 + $1.count } == rows.reduce(0) { $0 + Int($1.count) })
        }
    }

    /// Per category and currency, the total and count, without empty sums.
    static func summed(_ rows: [TransactionTotals.Row]) -> [String: [Int64]] {
        var sums: [String: [Int64]] = [:]
        for row in rows {
            let key = "\(row.category_key) \(row.currency)"
            let sum = sums[key, default: [0, 0]]
            sums[key] = [sum[0] + row.total, sum[1] + row.count]
        }
        return sums.filter { $0.value[1] != 0 }
    }
}
