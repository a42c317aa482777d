import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("Import API")
struct ImportAPITests {
    static let csv = """
        Buchungstag;Empfänger;Verwendungszweck;Betrag (EUR)
        02.01.2024;Bäckerei Müller;Brötchen;-3,20
        03.01.2024;Arbeitgeber GmbH;Gehalt Januar;"2.500,00"
        03.01.2024;Café;Kaffee;-2,50
        03.01.2024;Café;Kaffee;-2,50

        """

    static let asCSV: HTTPHeaders = ["Content-Type": "text/csv"]

    @Test(
        "a dry run previews with the mapping and writes nothing; the import adds, again adds nothing; the list; undo by its owner only",
        arguments: TestDatabase.all)
    func lifecycle(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let path = "/api/v1/imports?account=Girokonto&fileName=januar.csv"
            let dry = try await t.send(.POST, path + "&dryRun=true", as: ana, json: Self.csv, headers: Self.asCSV)
            #expect(dry.status == .ok, "\(dry.body.string)")
            let preview = try JSONDecoder().decode(ImportResultResponse.self, from: dry.body)
            #expect(preview.dryRun && preview.id == nil && preview.summary == "4 new, 0 already imported")
            #expect(preview.mapping?["date"] == "Buchungstag" && preview.mapping?["decimal"] == ",")
            #expect(preview.header == ["Buchungstag", "Empfänger", "Verwendungszweck", "Betrag (EUR)"])
            #expect(preview.preview.map(\.amount) == ["-3.20", "2500.00", "-2.50", "-2.50"])
            #expect(
                preview.accounts == [
                    ImportAccountDTO(
                        name: "Girokonto", isNew: true, currency: "EUR", new: 4, already: 0, total: "2491.80")
                ])
            #expect(try await t.transactions(ana).count() == 0)

            let done = try await t.send(.POST, path, as: ana, json: Self.csv, headers: Self.asCSV)
            #expect(done.status == .created, "\(done.body.string)")
            let result = try JSONDecoder().decode(ImportResultResponse.self, from: done.body)
            #expect(result.added == 4 && result.skipped == 0 && result.id != nil)
            let again = try JSONDecoder().decode(
                ImportResultResponse.self,
                from: try await t.send(.POST, path, as: ana, json: Self.csv, headers: Self.asCSV).body)
            #expect(again.added == 0 && again.skipped == 4)

            let list = try await t.get(ImportListResponse.self, "/api/v1/imports", as: ana)
            #expect(list.imports.map(\.fileName) == ["januar.csv", "januar.csv"])
            let id = try #require(result.id)
            let bob = try await t.person("bob@example.com")
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(id)", as: bob).status == .notFound)
            #expect(try await t.get(ImportListResponse.self, "/api/v1/imports", as: bob).imports.isEmpty)
            // A row split since, and one grouped since, hold the undo back until they are taken back.
            let imported = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?import=\(id)", as: ana
            ).transactions.filter { $0.amount == "-2.50" }.map(\.id)
            let split = try await t.send(
                .POST, "/api/v1/transactions/\(imported[0])/split", as: ana,
                json: #"{"parts": [{"amount": "-2.00"}, {"amount": "-0.50"}]}"#)
            #expect(split.status == .created, "\(split.body.string)")
            let own = try await t.add(ana, [spend("Kiosk", "-1.00")])
            let grouped = try await t.send(
                .POST, "/api/v1/transaction-groups", as: ana,
                json: #"{"transactionIds": [\#(imported[1]), \#(own[0])], "payee": "Both"}"#)
            #expect(grouped.status == .created, "\(grouped.body.string)")
            let held = try await t.send(.DELETE, "/api/v1/imports/\(id)", as: ana)
            #expect(held.status == .conflict)
            #expect(held.body.string.contains("2 of this import's transactions were split or grouped since"))
            #expect(try await t.transactions(ana).count() == 8, "nothing was taken out")
            #expect(try await t.send(.DELETE, "/api/v1/transactions/\(imported[0])/split", as: ana).status == .ok)
            let group = try JSONDecoder().decode(TransactionDTO.self, from: grouped.body)
            #expect(try await t.send(.DELETE, "/api/v1/transactions/\(group.id)", as: ana).status == .ok)
            // A row deleted before the undo, and restored after it, comes back as the person's own.
            let bakery = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?import=\(id)", as: ana
            ).transactions.filter { $0.amount == "-3.20" }[0].id
            let deleted = try await t.send(.DELETE, "/api/v1/transactions/\(bakery)", as: ana)
            let deletion = try JSONDecoder().decode(DeletionDTO.self, from: deleted.body).deletionId
            let undone = try await t.send(.DELETE, "/api/v1/imports/\(id)", as: ana)
            #expect(undone.status == .ok, "\(undone.body.string)")
            #expect(try JSONDecoder().decode(ImportUndoResponse.self, from: undone.body).removed == 3)
            #expect(try await t.send(.DELETE, "/api/v1/imports/\(id)", as: ana).status == .conflict)
            #expect(try await t.transactions(ana).count() == 1, "the person's own row stays")
            let restored = try await t.send(.POST, "/api/v1/deletions/\(deletion)/restore", as: ana)
            #expect(restored.status == .ok, "\(restored.body.string)")
            #expect(try await t.transactions(ana).count() == 2)
            let inUndone = try await t.get(TransactionListResponse.self, "/api/v1/transactions?import=\(id)", as: ana)
            #expect(inUndone.transactions.isEmpty, "an undone import keeps no rows")
            // The same file again adds the other three; the restored row is already here.
            let after = try JSONDecoder().decode(
                ImportResultResponse.self,
                from: try await t.send(.POST, path, as: ana, json: Self.csv, headers: Self.asCSV).body)
            #expect(after.added == 3 && after.skipped == 1)
        }
    }

    @Test(
        "a file that cannot be read is refused whole with its line; no body and bad parameters say why",
        arguments: TestDatabase.all)
    func refusals(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let broken = Self.csv.replacingOccurrences(of: "03.01.2024;Café", with: "31.02.2024;Café")
            let refused = try await t.send(
                .POST, "/api/v1/imports?account=Giro", as: ana, json: broken, headers: Self.asCSV)
            #expect(refused.status == .badRequest)
            #expect(refused.body.string.contains("line 4: “31.02.2024” is not a date"))
            #expect(refused.body.string.contains("invalid_import_file"))
            #expect(try await t.transactions(ana).count() == 0)
            let empty = try await t.send(.POST, "/api/v1/imports?account=Giro", as: ana, headers: Self.asCSV)
            #expect(empty.status == .badRequest && empty.body.string.contains("The bank file is empty"))
            let hugeSkip = #"{"skipLines":9223372036854775807}"#.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics)!
            for query in [
                "format=pdf", "dryRun=maybe", "dateFormat=soon", "amount=1&debit=2", "currency=XXXX",
                "mapping=\(hugeSkip)",
                "mapping=%7Bnot%20json",
            ] {
                let answer = try await t.send(
                    .POST, "/api/v1/imports?\(query)", as: ana, json: Self.csv, headers: Self.asCSV)
                #expect(answer.status == .badRequest, "\(query): \(answer.body.string)")
            }
            // The file is the body: inside a multipart upload or JSON it is refused, not read as text.
            let boundary = "----b"
            let upload =
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\n"
                + Self.csv + "\r\n--\(boundary)--\r\n"
            for (body, type) in [
                (upload, "multipart/form-data; boundary=\(boundary)"), (#"{"file":"x"}"#, "application/json"),
            ] {
                let answer = try await t.send(
                    .POST, "/api/v1/imports?account=Giro", as: ana, json: body, headers: ["Content-Type": type])
                #expect(answer.status == .unsupportedMediaType, "\(type): \(answer.body.string)")
                #expect(answer.body.string.contains("not inside a multipart upload or JSON"))
            }
            // What curl --data-binary sends without -H is taken as the file.
            let curl = try await t.send(
                .POST, "/api/v1/imports?account=Giro&dryRun=true", as: ana, json: Self.csv,
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(curl.status == .ok, "\(curl.body.string)")
            #expect(try await t.transactions(ana).count() == 0)
            // Query values keep the rule the body's values keep.
            for (query, field) in [("account=Giro%1B%5B2J", "account"), ("fileName=a%00b", "fileName")] {
                let answer = try await t.send(
                    .POST, "/api/v1/imports?\(query)", as: ana, json: Self.csv, headers: Self.asCSV)
                #expect(answer.status == .badRequest && answer.body.string.contains(#""\#(field)""#), "\(query)")
            }
            let html = try await t.send(
                .POST, "/api/v1/imports?account=Giro", as: ana, json: "<html><head></head><body>Login</body></html>",
                headers: Self.asCSV)
            #expect(html.status == .badRequest && html.body.string.contains("web page"))
            let leftOut = try await t.send(
                .POST, "/api/v1/imports?account=Giro&skipUnreadable=true", as: ana, json: broken, headers: Self.asCSV)
            #expect(leftOut.status == .created)
            #expect(try await t.transactions(ana).count() == 2, "both Café rows had the impossible date")
        }
    }

    @Test(
        "a column said to be absent stays absent, and a guessed sign can be said either way",
        arguments: TestDatabase.all)
    func explicitChoices(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let path = "/api/v1/imports?account=Giro&dryRun=true"
            let notes = try JSONDecoder().decode(
                ImportResultResponse.self,
                from: try await t.send(.POST, path + "&notes=none", as: ana, json: Self.csv, headers: Self.asCSV).body)
            #expect(notes.mapping?["notes"] == "none" && notes.preview.allSatisfy { $0.notes.isEmpty })
            let card = "Date,Description,Amount\n2019-12-12,Shop,£18.89\n2019-12-13,Payment,+ £100.00\n"
            let guessed = try JSONDecoder().decode(
                ImportResultResponse.self,
                from: try await t.send(
                    .POST, path + "&currency=GBP", as: ana, json: card, headers: Self.asCSV
                ).body)
            #expect(
                guessed.preview.map(\.amount) == ["-18.89", "100.00"] && guessed.mapping?["invertAmounts"] == "true")
            let asWritten = try JSONDecoder().decode(
                ImportResultResponse.self,
                from: try await t.send(
                    .POST, path + "&currency=GBP&invertAmounts=false", as: ana, json: card, headers: Self.asCSV
                ).body)
            #expect(asWritten.preview.map(\.amount) == ["18.89", "100.00"])
        }
    }

    @Test(
        "a bank file larger than other requests may be (2 MB) is taken, with an Idempotency-Key too",
        arguments: [TestDatabase.sqlite])
    func bigFile(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            var csv = "Date;Payee;Amount\n"
            for index in 0..<40_000 { csv += "2024-01-\(String(format: "%02d", index % 28 + 1));Shop \(index);-1,00\n" }
            #expect(csv.utf8.count > 1_048_576)
            let headers: HTTPHeaders = ["Content-Type": "text/csv", "Idempotency-Key": "big-file-1"]
            let answer = try await t.send(
                .POST, "/api/v1/imports?account=Giro&currency=EUR&dryRun=true", as: ana, json: csv, headers: headers)
            #expect(answer.status == .ok, "\(answer.body.string.prefix(300))")
            // Other routes keep the configured limit: tests/test_api_contract.py sends them 413s.
        }
    }

    @Test("one bank file at a time per person and a few in all; a file that waits too long is refused with 429")
    func slots() async throws {
        let slots = ImportSlots(total: 2, longestWait: .milliseconds(1500))
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (boGate, boOpen) = AsyncStream<Void>.makeStream()
        // Ana's first file holds her slot until the gate opens.
        let first = Task {
            try await slots.reading(for: 1) {
                for await _ in gate { break }
                return "first"
            }
        }
        while await slots.inUse == 0 { await Task.yield() }
        // Bo's file has the other slot at once.
        #expect(try await slots.reading(for: 2) { "bo" } == "bo")
        // Her second waits, and past the wait is refused; a third meanwhile is refused at once.
        let second = Task { try await slots.reading(for: 1) { "second" } }
        await #expect(throws: TooManyAttempts.self) { try await slots.reading(for: 1) { "third" } }
        await #expect(throws: TooManyAttempts.self) { try await second.value }
        // With both slots held, a third person waits too.
        let bo = Task {
            try await slots.reading(for: 2) {
                for await _ in boGate { break }
                return "bo"
            }
        }
        while await slots.inUse < 2 { await Task.yield() }
        await #expect(throws: TooManyAttempts.self) { try await slots.reading(for: 3) { "cy" } }
        open.yield()
        boOpen.yield()
        #expect(try await first.value == "first")
        #expect(try await bo.value == "bo")
        #expect(try await slots.reading(for: 1) { "again" } == "again")
        let left = await slots.inUse
        #expect(left == 0)
    }
}
