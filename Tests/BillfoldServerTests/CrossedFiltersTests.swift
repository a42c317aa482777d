import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldStore

/// An account crossed with categories, or a tag crossed with either, is answered "nothing" from the
/// sums when they never meet (`holdsNothing`), without walking either index. What the sums leave out must still be found:
/// transfers (their sums key is their own, whatever category they carry) and group rows.
@Suite("Filters that never meet: nothing only when nothing is there")
struct CrossedFiltersTests {
    @Test(
        "every account × category or none × range × tag or not: the rows a plain filter finds",
        arguments: TestDatabase.all)
    func crossed(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let open = { (json: String) in try await t.openAccount(json, as: ana) }
            let giro = try await open(#"{"name":"Giro","currency":"EUR"}"#)
            let savings = try await open(#"{"name":"Savings","currency":"EUR"}"#)
            let points = try await open(#"{"name":"Points","currency":"EUR"}"#)
            let categories = t.categories(ana)
            let cafe = try await categories.forSource("t:c", name: "Cafe", now: Timestamp.now())
            let rent = try await categories.forSource("t:r", name: "Rent", now: Timestamp.now())
            let repository = t.transactions(ana)
            // Giro: 300 rows of Cafe and Rent over 2025. Savings: a few rows, Rent and none, at
            // both ends of the year. Points: nothing of its own.
            var giroRows: [NewTransaction] = []
            for i in 0..<300 {
                let time = String(format: "2025-%02d-%02dT10:%02d:00Z", 1 + i % 12, 1 + i % 28, i % 60)
                giroRows.append(spend("Shop \(i % 5)", "-2.00", at: time, category: i % 2 == 0 ? cafe.id : rent.id))
            }
            _ = try await repository.insert(giroRows, accountID: { _ in giro.id }, now: Timestamp.now())
            let savingsRows = [
                spend("Interest", "1.00", at: "2025-01-02T09:00:00Z", category: rent.id),
                spend("Interest", "1.00", at: "2025-12-30T09:00:00Z"),
                spend("Fee", "-1.00", at: "2025-06-15T09:00:00Z"),
                spend("Fee", "-1.00", at: "2025-06-16T09:00:00Z"),
            ]
            let kept = try await repository.insert(savingsRows, accountID: { _ in savings.id }, now: Timestamp.now())
            // A transfer into Points, its side there given a category where one is allowed.
            let made = try await t.send(
                .POST, "/api/v1/transfers", as: ana,
                json:
                    #"{"fromAccountId":\#(giro.id),"toAccountId":\#(points.id),"amount":"5.00","bookedAt":"2025-03-03T12:00:00Z"}"#
            )
            #expect(made.status == .created, "\(made.body.string)")
            let pair = try JSONDecoder().decode(TransferResponse.self, from: made.body)
            _ = try await t.send(
                .PATCH, "/api/v1/transactions/\(pair.into.id)", as: ana, json: #"{"categoryId": \#(cafe.id)}"#)
            // Savings' two fees as one group row, given Cafe: the sums hold its members only.
            let grouped = try await t.send(
                .POST, "/api/v1/transaction-groups", as: ana,
                json: #"{"transactionIds": [\#(kept[2]), \#(kept[3])], "payee": "Fees", "categoryId": \#(cafe.id)}"#)
            #expect(grouped.status == .created, "\(grouped.body.string)")

            // A tag on a tenth of Giro's rows and on the transfer's side in Points, never on Savings.
            let made2 = try await t.send(.POST, "/api/v1/tags", as: ana, json: #"{"name": "Trip"}"#)
            let tag = try JSONDecoder().decode(TagDTO.self, from: made2.body).id
            let everything = try await repository.page(.everything, after: nil, limit: 3_000).transactions
            let tagged = Set(
                everything.filter { $0.accountID == giro.id }.enumerated().filter { $0.offset % 10 == 0 }
                    .map(\.element.id) + [pair.into.id])
            for id in tagged {
                let answer = try await t.send(
                    .PUT, "/api/v1/transactions/\(id)/tags", as: ana, json: #"{"tagIds": [\#(tag)]}"#)
                #expect(answer.status == .ok)
            }
            let all = try await repository.page(.everything, after: nil, limit: 3_000).transactions
            #expect(all.count == 307, "300 on Giro, 4 and a group row on Savings, a transfer's two sides")
            let june = InstantRange(lowerBound: 1_748_736_000, upperBound: 1_751_328_000)
            let rangesAndTags: [(InstantRange, Int64?)] = [TransactionQuery.everything.range, june].flatMap {
                [($0, nil), ($0, tag)]
            }
            var found = 0
            for account in [giro.id, savings.id, points.id] {
                for categoryIDs in [[cafe.id], [rent.id], [cafe.id, rent.id], nil] {
                    for (range, tagID) in rangesAndTags {
                        var question = TransactionQuery.everything
                        question.tagID = tagID
                        question.accountID = account
                        question.categoryIDs = categoryIDs
                        question.uncategorized = categoryIDs == nil
                        question.range = range
                        let expected = all.filter { row in
                            row.accountID == account
                                && (categoryIDs.map { ids in row.categoryID.map(ids.contains) ?? false }
                                    ?? (row.categoryID == nil))
                                && range.contains(row.bookedAt.epochSeconds)
                                && (tagID == nil || tagged.contains(row.id))
                        }.map(\.id)
                        let page = try await repository.page(question, after: nil, limit: 3_000).transactions.map(\.id)
                        #expect(page == expected, "\(question)")
                        found += page.count
                    }
                }
            }
            #expect(found > 300, "the questions find rows: \(found)")
            // An account and a category that never meet.
            var never = TransactionQuery.everything
            never.accountID = savings.id
            never.categoryIDs = [cafe.id]
            never.range = InstantRange(lowerBound: 1_735_689_600, upperBound: 1_740_787_200)
            #expect(try await repository.holdsNothing(never))
            never.tagID = tag
            never.categoryIDs = nil
            #expect(try await repository.holdsNothing(never), "the tag is never on Savings")
        }
    }
}
