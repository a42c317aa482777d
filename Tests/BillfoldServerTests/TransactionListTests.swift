import BillfoldAPI
import BillfoldCore
import Testing
import VaporTesting

@Suite("Transaction list API")
struct TransactionListTests {
    @Test("newest first by the full timestamp, ties broken by id", arguments: TestDatabase.all)
    func order(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let ids = try await t.add(
                ana,
                [
                    spend("Morning", "-1.00", at: "2026-03-01T08:00:00Z"),
                    spend("Evening", "-2.00", at: "2026-03-01T20:00:00Z"),
                    spend("Tie A", "-3.00", at: "2026-03-02T09:00:00Z"),
                    spend("Tie B", "-4.00", at: "2026-03-02T09:00:00Z"),
                    // Earlier instant written in another offset: 2026-03-02T01:00Z.
                    spend("Tokyo", "-5.00", at: "2026-03-02T10:00:00+09:00"),
                ])
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(list.transactions.map(\.payee) == ["Tie B", "Tie A", "Tokyo", "Evening", "Morning"])
            #expect(list.transactions.map(\.id) == [ids[3], ids[2], ids[4], ids[1], ids[0]])
            #expect(list.transactions[2].bookedAt == "2026-03-02T10:00:00+09:00")
            #expect(list.nextCursor == nil)
        }
    }

    @Test("keyset pages visit every transaction once; totals cover the whole filter", arguments: TestDatabase.all)
    func paging(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            // 23 transactions, several sharing a timestamp so ties straddle page edges.
            let items = (0..<23).map { i in
                spend("Shop \(i)", "-\(i + 1).25", at: "2026-03-\(String(format: "%02d", 1 + i / 3))T12:00:00Z")
            }
            let ids = try await t.add(ana, items)
            var seen: [Int64] = []
            var cursor: String?
            var pages = 0
            repeat {
                let path = "/api/v1/transactions?limit=5" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await t.get(TransactionListResponse.self, path, as: ana)
                #expect(page.transactions.count <= 5)
                #expect(page.totals == [TotalDTO(currency: "EUR", amount: "-281.75", count: 23)])
                seen += page.transactions.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil
            #expect(pages == 5)
            #expect(seen.count == 23)
            #expect(Set(seen) == Set(ids))
        }
    }

    @Test("totals: one per currency, never mixed; points have no decimals", arguments: TestDatabase.all)
    func totalsPerCurrency(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await t.add(
                ana,
                [
                    spend("A", "-10.50"), spend("B", "2000.00"), spend("C", "-3.25", .usd), spend("D", "120", .pbp),
                ])
            let list = try await t.get(TransactionListResponse.self, "/api/v1/transactions", as: ana)
            #expect(
                list.totals == [
                    TotalDTO(currency: "EUR", amount: "1989.50", count: 2),
                    TotalDTO(currency: "PBP", amount: "120", count: 1),
                    TotalDTO(currency: "USD", amount: "-3.25", count: 1),
                ])
        }
    }

    @Test("a group matches its children; status, text and uncategorised filters", arguments: TestDatabase.all)
    func filters(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let categories = t.categories(ana)
            let food = try await categories.forSource("t:food", name: "Food", isGroup: true, now: Timestamp.now())
            let groceries = try await categories.forSource(
                "t:groceries", name: "Groceries", groupID: food.id, now: Timestamp.now())
            let cafe = try await categories.forSource("t:cafe", name: "Cafe", groupID: food.id, now: Timestamp.now())
            let rent = try await categories.forSource("t:rent", name: "Rent", now: Timestamp.now())
            try await t.add(
                ana,
                [
                    spend("REWE", "-40.00", category: groceries.id, notes: "weekly shop"),
                    spend("Café Blau", "-3.50", category: cafe.id, status: .uncleared),
                    spend("Landlord", "-900.00", category: rent.id, status: .uncleared, notes: "March 100%"),
                    spend("Kiosk", "-2.00", notes: "gum"),
                ])
            func payees(_ query: String) async throws -> [String] {
                try await t.get(TransactionListResponse.self, "/api/v1/transactions?\(query)", as: ana)
                    .transactions.map(\.payee).sorted()
            }
            #expect(try await payees("category=\(food.id)") == ["Café Blau", "REWE"])
            #expect(try await payees("category=\(groceries.id)") == ["REWE"])
            #expect(try await payees("category=none") == ["Kiosk"])
            #expect(try await payees("status=uncleared") == ["Café Blau", "Landlord"])
            #expect(try await payees("category=\(food.id)&status=uncleared") == ["Café Blau"])
            #expect(try await payees("q=rewe") == ["REWE"])
            #expect(try await payees("q=WEEKLY") == ["REWE"])
            // LIKE wildcards are searched for literally.
            #expect(try await payees("q=100%25") == ["Landlord"])
            #expect(try await payees("q=%25") == ["Landlord"])
            let foodList = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?category=\(food.id)", as: ana)
            #expect(foodList.totals == [TotalDTO(currency: "EUR", amount: "-43.50", count: 2)])
        }
    }

    @Test("from and to are whole days in the user's time zone", arguments: TestDatabase.all)
    func daysInTimeZone(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            // Auckland is UTC+13 in March: its 1 March runs from 28 Feb 11:00Z to 1 Mar 11:00Z.
            let kiri = try await t.person("kiri@example.com", timeZone: "Pacific/Auckland")
            try await t.add(
                kiri,
                [
                    spend("Before", "-1.00", at: "2026-02-28T10:59:59Z"),
                    spend("First second", "-2.00", at: "2026-02-28T11:00:00Z"),
                    spend("Last second", "-3.00", at: "2026-03-01T10:59:59Z"),
                    spend("After", "-4.00", at: "2026-03-01T11:00:00Z"),
                ])
            let day = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?from=2026-03-01&to=2026-03-01", as: kiri)
            #expect(day.transactions.map(\.payee) == ["Last second", "First second"])
            let from = try await t.get(TransactionListResponse.self, "/api/v1/transactions?from=2026-03-01", as: kiri)
            #expect(from.transactions.map(\.payee) == ["After", "Last second", "First second"])
        }
    }

    @Test("bad query parameters answer 400 with the field", arguments: TestDatabase.all)
    func badQueries(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let cases: [(String, String, String)] = [
                ("from=2026-02-30", "invalid_date", "from"),
                ("to=yesterday", "invalid_date", "to"),
                ("from=2026-03-02&to=2026-03-01", "invalid_date", "to"),
                ("status=done", "invalid_status", "status"),
                ("limit=0", "validation_failed", "limit"),
                ("limit=100000", "validation_failed", "limit"),
                ("cursor=not-a-cursor", "invalid_cursor", "cursor"),
                ("category=abc", "validation_failed", "category"),
                ("category=999999", "validation_failed", "category"),
            ]
            for (query, code, field) in cases {
                let response = try await t.send(.GET, "/api/v1/transactions?\(query)", as: ana)
                #expect(response.status == .badRequest, "\(query)")
                let error = try JSONDecoder().decode(ErrorResponse.self, from: response.body).error
                #expect(error.code == code, "\(query)")
                #expect(error.fields?[field] != nil, "\(query): \(error)")
                #expect(!error.message.isEmpty)
            }
        }
    }
}
