import BillfoldAPI
import BillfoldCore
import Testing
import VaporTesting

@Suite("Adding and changing transactions")
struct TransactionWriteTests {
    @Test(
        "POST adds a transaction with defaults: uncleared, in a cash account of its currency",
        arguments: TestDatabase.all)
    func create(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let response = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: """
                    {"bookedAt": "2026-11-20T14:30:00+01:00", "payee": "  Bakery  ", "amount": "-3.5", "currency": "eur"}
                    """)
            #expect(response.status == .created)
            let created = try JSONDecoder().decode(TransactionDTO.self, from: response.body)
            #expect(created.payee == "Bakery")
            #expect(created.amount == "-3.50")
            #expect(created.currency == "EUR")
            #expect(created.status == .uncleared)
            #expect(created.bookedAt == "2026-11-20T14:30:00+01:00")
            #expect(created.categoryId == nil)
            #expect(response.headers.first(name: .location) == "/api/v1/transactions/\(created.id)")
            let fetched = try await t.get(TransactionDTO.self, "/api/v1/transactions/\(created.id)", as: ana)
            #expect(fetched == created)
            let usd = try await t.send(
                .POST, "/api/v1/transactions", as: ana,
                json: """
                    {"bookedAt": "2026-11-20T14:30:00Z", "payee": "Deli", "amount": "12", "currency": "USD",
                     "status": "cleared", "notes": "lunch"}
                    """)
            let deli = try JSONDecoder().decode(TransactionDTO.self, from: usd.body)
            #expect(deli.accountId != created.accountId, "a USD cash account, not the EUR one")
            #expect(deli.status == .cleared)
            #expect(deli.notes == "lunch")
        }
    }

    @Test("bad input is refused with the error shape and writes nothing", arguments: TestDatabase.all)
    func badInput(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let group = try await t.categories(ana).forSource("t:g", name: "Food", isGroup: true, now: Timestamp.now())
            let bob = try await t.person("bob@example.com")
            let bobs = try await t.categories(bob).forSource("t:b", name: "Bob's", now: Timestamp.now())
            let valid = #""bookedAt": "2026-11-20T14:30:00Z", "payee": "Shop", "currency": "EUR""#
            let cases: [(String, Int, String)] = [
                (#"{"bookedAt": "2026-11-20T14:30:00Z", "payee": "Shop"#, 400, "invalid_json"),
                ("[1, 2]", 400, "validation_failed"),
                (#"{\#(valid), "amount": -3.5}"#, 400, "validation_failed"),
                (#"{\#(valid), "amount": "1.234"}"#, 400, "invalid_amount"),
                (#"{\#(valid), "amount": "1e5"}"#, 400, "invalid_amount"),
                (#"{\#(valid), "amount": "12,50"}"#, 400, "invalid_amount"),
                (#"{\#(valid), "amount": ""}"#, 400, "invalid_amount"),
                (#"{\#(valid), "amount": "99999999999999999999"}"#, 400, "invalid_amount"),
                (
                    #"{"bookedAt": "2026-11-20T14:30:00Z", "payee": "Shop", "currency": "EURO", "amount": "1"}"#, 400,
                    "invalid_currency"
                ),
                (
                    #"{"bookedAt": "2026-11-20 14:30", "payee": "Shop", "currency": "EUR", "amount": "1"}"#, 400,
                    "invalid_date"
                ),
                (
                    #"{"bookedAt": "2026-02-30T14:30:00Z", "payee": "Shop", "currency": "EUR", "amount": "1"}"#, 400,
                    "invalid_date"
                ),
                (
                    #"{"bookedAt": "2026-11-20T14:30:00Z", "payee": "  ", "currency": "EUR", "amount": "1"}"#, 400,
                    "validation_failed"
                ),
                (#"{"bookedAt": "2026-11-20T14:30:00Z", "currency": "EUR", "amount": "1"}"#, 400, "validation_failed"),
                (#"{\#(valid), "amount": "1", "status": "done"}"#, 400, "invalid_status"),
                (#"{\#(valid), "amount": "1", "categoryId": \#(group.id)}"#, 400, "validation_failed"),
                (#"{\#(valid), "amount": "1", "categoryId": \#(bobs.id)}"#, 400, "validation_failed"),
                (#"{\#(valid), "amount": "1", "categoryId": "seven"}"#, 400, "validation_failed"),
                (#"{\#(valid), "amount": "1", "accountId": 987654}"#, 400, "validation_failed"),
            ]
            for (body, status, code) in cases {
                let response = try await t.send(.POST, "/api/v1/transactions", as: ana, json: body)
                #expect(response.status.code == status, "\(body): \(response.body.string)")
                let error = try JSONDecoder().decode(ErrorResponse.self, from: response.body).error
                #expect(error.code == code, "\(body)")
            }
            // The body-size limit is Vapor's and only applies on a real connection:
            // tests/test_api_contract.py checks it against a running server.
            let notJSON = try await t.send(
                .POST, "/api/v1/transactions", as: ana, json: "payee=x", headers: ["Content-Type": "text/plain"])
            #expect(notJSON.status == .unsupportedMediaType)
            #expect(try await t.transactions(ana).count() == 0)
        }
    }

    @Test("PATCH changes category, notes and status; null uncategorises", arguments: TestDatabase.all)
    func update(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let rent = try await t.categories(ana).forSource("t:rent", name: "Rent", now: Timestamp.now())
            let id = try await t.add(ana, [spend("Landlord", "-900.00", status: .uncleared)])[0]
            let path = "/api/v1/transactions/\(id)"
            var response = try await t.send(
                .PATCH, path, as: ana,
                json: #"{"categoryId": \#(rent.id), "notes": " March ", "status": "cleared"}"#)
            #expect(response.status == .ok, "\(response.body.string)")
            var changed = try JSONDecoder().decode(TransactionDTO.self, from: response.body)
            #expect(changed.categoryId == rent.id)
            #expect(changed.notes == "March")
            #expect(changed.status == .cleared)
            // The answer is what is stored, as a fresh read shows it.
            #expect(try await t.get(TransactionDTO.self, path, as: ana) == changed)
            response = try await t.send(.PATCH, path, as: ana, json: #"{"categoryId": null}"#)
            changed = try JSONDecoder().decode(TransactionDTO.self, from: response.body)
            #expect(changed.categoryId == nil)
            #expect(changed.notes == "March", "keys not sent stay as they were")
            #expect(changed.status == .cleared)
        }
    }

    @Test("a refused PATCH changes nothing", arguments: TestDatabase.all)
    func refusedUpdate(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let group = try await t.categories(ana).forSource("t:g", name: "Food", isGroup: true, now: Timestamp.now())
            let id = try await t.add(ana, [spend("Shop", "-1.00", status: .uncleared, notes: "keep")])[0]
            let before = try await t.transactions(ana).find(id)
            for body in [
                #"{"status": "done", "notes": "changed"}"#, #"{"categoryId": \#(group.id), "notes": "changed"}"#,
                #"{"categoryId": 424242}"#, #"{"notes": 5}"#, "{not json",
                #"{"notes": "\#(String(repeating: "n", count: 2001))"}"#,
            ] {
                let response = try await t.send(.PATCH, "/api/v1/transactions/\(id)", as: ana, json: body)
                #expect(response.status == .badRequest, "\(body)")
            }
            #expect(try await t.transactions(ana).find(id) == before)
        }
    }
}
