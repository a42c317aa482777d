import BillfoldAPI
import BillfoldCore
import Foundation
import Testing
import VaporTesting

@testable import BillfoldServer

@Suite("Category-service contract")
struct CategoryContractTests {
    func object(_ response: TestingHTTPResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as! [String: Any]
    }

    @Test("exact keys and envelopes for list, create and delete", arguments: TestDatabase.all)
    func envelopes(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            let created = try await t.send(
                .POST, "/api/categories", as: ana, json: #"{"CategoryName": "  Travel ", "Description": "Trips"}"#)
            #expect(created.status == .created)
            let envelope = try object(created)
            #expect(Set(envelope.keys) == ["success", "message", "data"])
            #expect(envelope["success"] as? Bool == true)
            let category = envelope["data"] as! [String: Any]
            #expect(Set(category.keys) == ["ID", "CategoryName", "Description", "UserID", "CreatedAt", "UpdatedAt"])
            #expect(category["CategoryName"] as? String == "Travel")
            #expect(category["Description"] as? String == "Trips")
            #expect((category["UserID"] as? NSNumber)?.int64Value == ana.id)
            #expect(category["UpdatedAt"] is NSNull)
            let createdAt = category["CreatedAt"] as! String
            #expect(ISO8601DateFormatter().date(from: createdAt) != nil, "RFC 3339: \(createdAt)")
            let id = (category["ID"] as! NSNumber).int64Value

            let list = try object(try await t.send(.GET, "/api/categories", as: ana))
            #expect(list["success"] as? Bool == true && (list["message"] as? String)?.isEmpty == false)
            let items = list["data"] as! [[String: Any]]
            #expect(items.count == 1 && (items[0]["ID"] as! NSNumber).int64Value == id)

            try await t.add(ana, [spend("Lufthansa", "-200.00", category: id)])
            let deleted = try await t.send(.DELETE, "/api/categories/\(id)", as: ana)
            #expect(deleted.status == .ok)
            let answer = try object(deleted)
            #expect(answer["success"] as? Bool == true && answer["data"] is NSNull)
            let remaining = try await t.get(
                TransactionListResponse.self, "/api/v1/transactions?category=none", as: ana)
            #expect(remaining.transactions.map(\.payee) == ["Lufthansa"], "its transaction became uncategorised")
            let empty = try object(try await t.send(.GET, "/api/categories", as: ana))
            #expect((empty["data"] as! [Any]).isEmpty)
        }
    }

    @Test("401, 404 and 400 keep the envelope", arguments: TestDatabase.all)
    func failures(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let ana = try await t.person("ana@example.com")
            for headers: HTTPHeaders in [[:], ["Authorization": "Bearer bf_wrong"]] {
                let response = try await t.send(.GET, "/api/categories", headers: headers)
                #expect(response.status == .unauthorized)
                let body = try object(response)
                #expect(body["success"] as? Bool == false && body["data"] is NSNull)
                #expect((body["message"] as? String)?.isEmpty == false)
            }
            let missing = try await t.send(.DELETE, "/api/categories/424242", as: ana)
            #expect(missing.status == .notFound)
            #expect(try object(missing)["success"] as? Bool == false)
            let notANumber = try await t.send(.DELETE, "/api/categories/abc", as: ana)
            #expect(notANumber.status == .notFound)
            for (json, message) in [
                (#"{"CategoryName": "x"}"#, "A name needs at least 2 characters."),
                (#"{"CategoryName": "   "}"#, "Enter a name."),
                (#"{"Description": "no name"}"#, "The field “CategoryName” is required."),
                (
                    #"{"CategoryName": "Ok", "Description": "\#(String(repeating: "d", count: 201))"}"#,
                    "A description can have at most 200 characters; this one has 201."
                ),
                ("not json", "The request body is not valid JSON."),
            ] {
                let response = try await t.send(.POST, "/api/categories", as: ana, json: json)
                #expect(response.status == .badRequest, "\(json)")
                let body = try object(response)
                #expect(body["success"] as? Bool == false && body["message"] as? String == message, "\(json)")
            }
            #expect(try await t.categories(ana).tree().all.isEmpty, "nothing was written")
        }
    }
}
