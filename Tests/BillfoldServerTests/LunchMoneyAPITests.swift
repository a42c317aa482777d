import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("Lunch Money v1 API")
struct LunchMoneyAPITests {
    func json(_ response: TestingHTTPResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView), options: .fragmentsAllowed)
    }

    @Test("transaction objects carry every field with Lunch Money's types and signs", arguments: TestDatabase.all)
    func objects(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com", timeZone: "Europe/Berlin")
            let food = try await t.categories(ana).forSource("t:f", name: "Food", isGroup: true, now: Timestamp.now())
            let groceries = try await t.categories(ana).forSource(
                "t:g", name: "Groceries", groupID: food.id, now: Timestamp.now())
            let ids = try await t.add(
                ana,
                [
                    spend("REWE", "-12.50", at: "2026-03-01T23:30:00Z", category: groceries.id, status: .uncleared),
                    spend("Salary", "2000.00", at: "2026-03-02T08:00:00+01:00"),
                ])
            let response = try await t.send(
                .GET, "/v1/transactions?start_date=2026-03-01&end_date=2026-03-31", as: ana)
            #expect(response.status == .ok)
            let body = try json(response) as! [String: Any]
            #expect(body["has_more"] as? Bool == false)
            let rows = body["transactions"] as! [[String: Any]]
            #expect(rows.map { ($0["id"] as! NSNumber).int64Value } == ids)
            let rewe = rows[0]
            #expect(rewe.count == 49, "every field of the reference (section 4), always")
            #expect(rewe["amount"] as? String == "12.5000" && (rewe["to_base"] as? NSNumber)?.doubleValue == 12.5)
            #expect(rewe["date"] as? String == "2026-03-02", "the day in the user's zone")
            #expect(rewe["currency"] as? String == "eur" && rewe["status"] as? String == "uncleared")
            #expect(rewe["category_name"] as? String == "Groceries" && rewe["category_group_name"] as? String == "Food")
            #expect(rewe["is_income"] as? Bool == false && rewe["payee"] as? String == "REWE")
            #expect((rewe["created_at"] as? String)?.hasSuffix("Z") == true && rewe["tags"] as? [Any] != nil)
            #expect(rewe["recurring_id"] is NSNull && rewe["plaid_metadata"] is NSNull)
            #expect(rows[1]["amount"] as? String == "-2000.0000" && rows[1]["category_id"] is NSNull)
            #expect(rows[1]["account_display_name"] as? String != nil)
            let flipped =
                try json(
                    try await t.send(.GET, "/v1/transactions/\(ids[0])?debit_as_negative=true", as: ana))
                as! [String: Any]
            #expect(flipped["amount"] as? String == "-12.5000")
        }
    }

    @Test("dates both or neither, paging with offset, filters, and errors with 4xx", arguments: TestDatabase.all)
    func listing(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            try await t.add(ana, (1...7).map { spend("Shop \($0)", "-1.00", at: "2026-03-0\($0)T10:00:00Z") })
            let page =
                try json(
                    try await t.send(
                        .GET, "/v1/transactions?start_date=2026-03-01&end_date=2026-03-31&limit=3&offset=3", as: ana))
                as! [String: Any]
            #expect(
                (page["transactions"] as! [[String: Any]]).map { $0["payee"] as! String } == [
                    "Shop 4", "Shop 5", "Shop 6",
                ])
            #expect(page["has_more"] as? Bool == true)
            let one = try await t.send(.GET, "/v1/transactions?start_date=2026-03-01", as: ana)
            #expect(one.status == .badRequest)
            #expect(one.body.string == #"{"error":"Both start_date and end_date must be specified."}"#)
            let badDate = try await t.send(.GET, "/v1/transactions?start_date=03/01/2026&end_date=2026-03-31", as: ana)
            #expect(badDate.body.string == #"{"error":"Invalid start_date. Must be in format YYYY-MM-DD"}"#)
            let missing = try await t.send(.GET, "/v1/transactions/987654", as: ana)
            #expect(missing.status == .notFound && missing.body.string == #"{"error":"Transaction ID not found."}"#)
        }
    }

    @Test(
        "401 with Lunch Money's body; tokens by header or access_token; a session cookie is not a token",
        arguments: TestDatabase.all)
    func auth(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let refused = #"{"message":"Access token does not exist.","name":"Error"}"#
            for headers: HTTPHeaders in [[:], ["Authorization": "Bearer bf_nope"]] {
                let response = try await t.send(.GET, "/v1/me", headers: headers)
                #expect(response.status == .unauthorized && response.body.string == refused)
            }
            #expect(try await t.send(.GET, "/v1/me?access_token=\(ana.token)").status == .ok)
            #expect(try await t.send(.GET, "/v1/me?access_token=bf_nope").status == .unauthorized)
        }
    }

    @Test(
        "another user's ids answer like missing ones; updates honour status, category, notes, payee",
        arguments: TestDatabase.all)
    func updates(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let bob = try await t.person("bob@example.com")
            let group = try await t.categories(ana).forSource("t:g", name: "Food", isGroup: true, now: Timestamp.now())
            let rent = try await t.categories(ana).forSource("t:r", name: "Rent", now: Timestamp.now())
            let id = try await t.add(ana, [spend("Landlord", "-900.00", status: .uncleared)])[0]
            let bobsView = try await t.send(
                .PUT, "/v1/transactions/\(id)", as: bob, json: #"{"transaction":{"status":"cleared"}}"#)
            #expect(bobsView.status == .notFound)
            #expect(try await t.send(.GET, "/v1/transactions/\(id)", as: bob).status == .notFound)
            #expect(try await t.send(.GET, "/v1/categories/\(rent.id)", as: bob).status == .notFound)
            let toGroup = try await t.send(
                .PUT, "/v1/transactions/\(id)", as: ana, json: #"{"transaction":{"category_id":\#(group.id)}}"#)
            #expect(toGroup.status == .badRequest)
            let ok = try await t.send(
                .PUT, "/v1/transactions/\(id)", as: ana,
                json:
                    #"{"transaction":{"id":\#(id),"status":"cleared","category_id":\#(rent.id),"notes":"March","payee":"Hausverwaltung","created_at":"x","tags":[],"amount":"900.0000","status_note":null}}"#
            )
            #expect(ok.status == .ok && ok.body.string == #"{"updated":true}"#, "\(ok.body.string)")
            let now = try await t.transactions(ana).find(id)!
            #expect(
                now.status == .cleared && now.categoryID == rent.id && now.notes == "March"
                    && now.payee == "Hausverwaltung")
            let nullStatus = try await t.send(
                .PUT, "/v1/transactions/\(id)", as: ana, json: #"{"transaction":{"status":null}}"#)
            let afterNull = try await t.transactions(ana).find(id)!
            #expect(nullStatus.status == .ok && afterNull.status == .cleared)
            // Entered by hand, so Lunch Money would let its amount and date change: a debit of 5.
            let amount = try await t.send(
                .PUT, "/v1/transactions/\(id)", as: ana,
                json: #"{"transaction":{"amount":"5","date":"2026-03-04"}}"#)
            #expect(amount.status == .ok, "\(amount.body.string)")
            let corrected = try await t.transactions(ana).find(id)!
            #expect(corrected.money == Money(minorUnits: -500, currency: .eur))
            #expect(corrected.bookedAt.iso8601.hasPrefix("2026-03-04"))
            // An imported one keeps what its source said.
            var synced = spend("Bank fee", "-2.00")
            synced.externalID = "plaid-1"
            let syncedID = try await t.add(ana, [synced])[0]
            let refused = try await t.send(
                .PUT, "/v1/transactions/\(syncedID)", as: ana, json: #"{"transaction":{"amount":"9"}}"#)
            #expect(refused.status != .ok)
            #expect(try await t.transactions(ana).find(syncedID)?.money == Money(minorUnits: -200, currency: .eur))
        }
    }

    @Test(
        "categories: create, group with members, refuse a used delete with dependents, force delete",
        arguments: TestDatabase.all)
    func categories(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let created =
                try json(try await t.send(.POST, "/v1/categories", as: ana, json: #"{"name":"Books"}"#))
                as! [String: Any]
            let books = (created["category_id"] as! NSNumber).int64Value
            let group =
                try json(
                    try await t.send(
                        .POST, "/v1/categories/group", as: ana,
                        json: #"{"name":"Leisure","category_ids":[\#(books)],"new_categories":["Cinema"]}"#))
                as! [String: Any]
            let leisure = (group["category_id"] as! NSNumber).int64Value
            let single = try json(try await t.send(.GET, "/v1/categories/\(leisure)", as: ana)) as! [String: Any]
            #expect((single["children"] as! [[String: Any]]).map { $0["name"] as! String } == ["Books", "Cinema"])
            let tooShort = try await t.send(.POST, "/v1/categories", as: ana, json: #"{"name":"X"}"#)
            #expect(tooShort.status == .badRequest && tooShort.body.string.contains("at least 2 characters"))
            try await t.add(ana, [spend("Thalia", "-10.00", category: books)])
            let refused = try json(try await t.send(.DELETE, "/v1/categories/\(books)", as: ana)) as! [String: Any]
            let dependents = refused["dependents"] as! [String: Any]
            #expect(dependents["category_name"] as? String == "Books" && (dependents["transactions"] as? NSNumber) == 1)
            #expect(try await t.categories(ana).find(books) != nil)
            let forced = try await t.send(.DELETE, "/v1/categories/\(books)/force", as: ana)
            #expect(forced.status == .ok && forced.body.string == "true")
            #expect(try await t.transactions(ana).count() == 1, "no transaction was deleted")
            let renamed = try await t.send(.PUT, "/v1/categories/\(leisure)", as: ana, json: #"{"name":"Free time"}"#)
            #expect(renamed.body.string == "true")
            let tags = try await t.send(.GET, "/v1/tags", as: ana)
            #expect(tags.body.string == "[]")
        }
    }

    @Test("insert: Lunch Money signs, external id de-duplication, every bad row named", arguments: TestDatabase.all)
    func insert(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let body =
                #"{"transactions":[{"date":"2026-03-05","amount":12.5,"payee":"Kiosk","external_id":"k1"},{"date":"2026-03-06","amount":"-100","payee":"Refund","currency":"usd"}]}"#
            let first = try json(try await t.send(.POST, "/v1/transactions", as: ana, json: body)) as! [String: Any]
            #expect((first["ids"] as! [Any]).count == 2)
            let again = try json(try await t.send(.POST, "/v1/transactions", as: ana, json: body)) as! [String: Any]
            #expect((again["ids"] as! [Any]).count == 1, "k1 is there already; the row without an external id is new")
            let kiosk = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?q=kiosk", as: ana)
            #expect(kiosk.transactions.map(\.amount) == ["-12.50"] && kiosk.transactions[0].currency == "EUR")
            let bad = try await t.send(
                .POST, "/v1/transactions", as: ana,
                json: #"{"transactions":[{"amount":1},{"date":"2026-03-01"},{"date":"2026-03-01","amount":"1.001"}]}"#)
            #expect(bad.status == .badRequest)
            let messages = (try json(bad) as! [String: Any])["error"] as! [String]
            #expect(
                messages.count == 3 && messages[0] == "Transaction 0: missing date."
                    && messages[1] == "Transaction 1: missing amount.")
            #expect(try await t.transactions(ana).count() == 3, "nothing of the bad batch was written")

            // skip_duplicates: the same date, payee and amount as one already here is left out.
            let twins =
                #"{"skip_duplicates":true,"transactions":[{"date":"2026-03-05","amount":12.5,"payee":"Kiosk"},{"date":"2026-03-05","amount":12.5,"payee":"Bakery"},{"date":"2026-03-07","amount":12.5,"payee":"Kiosk"}]}"#
            let skipped = try json(try await t.send(.POST, "/v1/transactions", as: ana, json: twins)) as! [String: Any]
            #expect((skipped["ids"] as! [Any]).count == 2, "the Kiosk of March 5 is a duplicate; the other two are not")
            let allTwins =
                #"{"skip_duplicates":true,"transactions":[{"date":"2026-03-05","amount":12.5,"payee":"Kiosk"}]}"#
            let none = try json(try await t.send(.POST, "/v1/transactions", as: ana, json: allTwins)) as! [String: Any]
            #expect((none["ids"] as! [Any]).isEmpty)
            #expect(try await t.transactions(ana).count() == 5)
        }
    }

    @Test("the largest amounts a currency allows are written with four decimals, not multiplied past 64 bits")
    func largestAmounts() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            for (amount, currency) in [("-999999999999999", "JPY"), ("-9999999999999.99", "EUR")] {
                let added = try await t.send(
                    .POST, "/api/v1/transactions", as: ana,
                    json:
                        #"{"bookedAt":"2026-03-02T10:00:00Z","payee":"Big","amount":"\#(amount)","currency":"\#(currency)"}"#
                )
                #expect(added.status == .created, "\(added.body.string)")
            }
            let listed = try await t.send(.GET, "/v1/transactions?start_date=2026-03-01&end_date=2026-03-31", as: ana)
            #expect(listed.status == .ok)
            let rows = (try json(listed) as! [String: Any])["transactions"] as! [[String: Any]]
            #expect(Set(rows.compactMap { $0["amount"] as? String }) == ["999999999999999.0000", "9999999999999.9900"])
            #expect(try await t.send(.GET, "/v1/assets", as: ana).status == .ok)
        }
    }

    @Test("a refusal that lists what it names writes the list in the reader's words")
    func lists() async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let boat = try await t.send(
                .POST, "/v1/assets", as: ana,
                json: #"{"type_name": "yacht", "name": "Boat", "balance": "0", "currency": "eur"}"#)
            #expect(boat.status == .badRequest)
            #expect(
                boat.body.string.contains(
                    "type_name must be one of: cash, credit, investment, real estate, loan, vehicle, cryptocurrency,"
                        + " employee compensation, other liability, other asset, other."), "\(boat.body.string)")
            let unsplit = try await t.send(
                .POST, "/v1/transactions/unsplit", as: ana, json: #"{"parent_ids": [999999999, 999999998]}"#)
            #expect(unsplit.status == .badRequest)
            #expect(
                unsplit.body.string.contains(
                    "The following transaction ids are not valid to unsplit: 999999998, 999999999"),
                "\(unsplit.body.string)")
        }
    }

    @Test("pending rows are listed only with pending=true", arguments: TestDatabase.all)
    func pending(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let body =
                #"{"transactions":[{"date":"2026-03-05","amount":4,"payee":"Posted"},{"date":"2026-03-06","amount":9,"payee":"Card hold","status":"pending"}]}"#
            _ = try await t.send(.POST, "/v1/transactions", as: ana, json: body)
            let range = "start_date=2026-03-01&end_date=2026-03-31"
            func payees(_ query: String) async throws -> [String] {
                let page = try json(try await t.send(.GET, "/v1/transactions?\(range)\(query)", as: ana))
                return ((page as! [String: Any])["transactions"] as! [[String: Any]]).map { $0["payee"] as! String }
            }
            #expect(try await payees("") == ["Posted"])
            #expect(try await payees("&pending=true") == ["Posted", "Card hold"])
            #expect(try await payees("&status=pending") == ["Card hold"])
        }
    }
}
