import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldStore

/// A page may come from the newest rows the rest of its filter reaches (a word, a group or a tag
/// checked on them), be the whole answer when that window held every such row, or come from the
/// filter's own indexes; the web's folded list checks its group rule on the window too. Whichever
/// way, walking the pages must give every row once, newest first, as one big page does.
@Suite("Pages from the newest rows, a window read whole, or the indexes: the same rows")
struct WindowPagesTests {
    @Test("tags, words, groups, statuses and ranges, folded and not, walked 50 at a time", arguments: TestDatabase.all)
    func samePages(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let categories = t.categories(ana)
            let food = try await categories.forSource("t:f", name: "Food", isGroup: true, now: Timestamp.now())
            let cafe = try await categories.forSource("t:c", name: "Cafe", groupID: food.id, now: Timestamp.now())
            let rent = try await categories.forSource("t:r", name: "Rent", now: Timestamp.now())
            // 2,310 rows over 2025: nine in ten a REWE (more than the window, so its pages look
            // there first; "shop 3" is rare and goes to the index), a few uncategorised, Food at both ends
            // (inside the newest 2,000 and beyond them), some uncleared in January and March.
            var rows: [NewTransaction] = []
            for i in 0..<2_310 {
                let time = String(
                    format: "2025-%02d-%02dT%02d:%02d:00Z", 1 + (i / 200) % 12, 1 + (i / 8) % 25, i / 8 % 24, i % 60)
                var row = spend(
                    i % 10 == 0 ? "Shop \(i % 11)" : "REWE \(i % 7)", "-1.00", at: time,
                    category: i % 97 == 0 ? nil : (i < 90 || i >= 2_190 ? cafe.id : rent.id))
                if i < 90 && i % 4 == 0 || (400..<600).contains(i) && i % 5 == 0 { row.status = .uncleared }
                rows.append(row)
            }
            try await t.add(ana, rows)
            let repository = t.transactions(ana)
            let all = try await repository.page(.everything, after: nil, limit: 3_000).transactions
            let made = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "Trip"}"#)
            let tag = try JSONDecoder().decode(TagDTO.self, from: made.body).id
            // The tag on rows among the newest and far beyond them.
            for row in all.enumerated() where row.offset % 9 == 0 || (row.offset > 2_100 && row.offset % 2 == 0) {
                let answer = try await t.send(
                    .PUT, "/api/v1/transactions/\(row.element.id)/tags", as: ana, json: #"{"tagIds": [\#(tag)]}"#)
                #expect(answer.status == .ok)
            }
            // A group of two REWE rows, whose members the folded list shows under it.
            let members = all.filter { $0.payee.hasPrefix("REWE") }.prefix(2).map(\.id)
            let grouped = try await t.send(
                .POST, "/api/v1/transaction-groups", as: ana,
                json: #"{"transactionIds": \#(members), "payee": "REWE weekly"}"#)
            #expect(grouped.status == .created, "\(grouped.body.string)")

            let march = InstantRange(lowerBound: 1_740_787_200, upperBound: 1_743_465_600)
            var questions: [TransactionQuery] = []
            for folding in [false, true] {
                var tagged = TransactionQuery.everything
                tagged.tagID = tag
                var tagInGroup = tagged
                tagInGroup.categoryIDs = [food.id, cafe.id]
                var tagWithWords = tagged
                tagWithWords.text = "rewe"
                let uncategorisedWords = TransactionQuery(uncategorized: true, range: march, text: "rewe")
                let january = InstantRange(lowerBound: 1_735_689_600, upperBound: 1_738_368_000)
                let sparse = TransactionQuery(categoryIDs: [food.id, cafe.id], status: .uncleared, range: january)
                let words = TransactionQuery(range: TransactionQuery.everything.range, text: "rewe")
                let rareWords = TransactionQuery(range: TransactionQuery.everything.range, text: "shop 3")
                for var question in [tagged, tagInGroup, tagWithWords, uncategorisedWords, sparse, words, rareWords] {
                    question.foldingGroups = folding
                    questions.append(question)
                }
            }
            var walked = 0
            for question in questions {
                // A page too big for the window comes from the indexes alone.
                let whole = try await repository.page(question, after: nil, limit: 3_000).transactions.map(\.id)
                var seen: [Int64] = []
                var cursor: TransactionCursor?
                repeat {
                    let page = try await repository.page(question, after: cursor, limit: 50)
                    seen += page.transactions.map(\.id)
                    cursor = page.next
                } while cursor != nil
                #expect(seen == whole, "\(question)")
                walked += seen.count
            }
            #expect(walked > 2_000, "the questions find rows: \(walked)")
        }
    }
}
