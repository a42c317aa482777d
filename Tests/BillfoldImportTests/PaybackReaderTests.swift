import BillfoldCore
import BillfoldImport
import Foundation
import Testing

/// Files written for this project in the PAYBACK format (Tests/Fixtures/payback).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }
}

@Suite("PAYBACK reader")
struct PaybackReaderTests {
    @Test("reads every field, keeping the original offset and a missing description")
    func reads() throws {
        let items = try PaybackReader.read(try Fixture.data("payback/points.json"))
        #expect(items.count == 4)
        let first = items[0]
        #expect(first.transaction.payee == "Bäckerei Krume")
        #expect(first.transaction.externalID == "004200000000017", "leading zeros are kept")
        #expect(first.transaction.money == Money(12, .pbp))
        #expect(first.transaction.notes == "Punkte sammeln")
        #expect(first.transaction.bookedAt.compactOffsetString == "2025-03-14T08:15:00+0100")
        #expect(first.transaction.bookedAt.epochSeconds == 1_741_936_500)
        #expect(first.paybackCategory == 1)
        #expect(items[1].transaction.notes == "", "an absent description becomes empty notes")
        #expect(items[3].transaction.money.amount == -1500)
        #expect(items[3].transaction.externalID == "2042000000000201")
    }

    @Test(
        "a malformed file names the item and field at fault",
        arguments: [
            ("\"2025-06-01T17:45:30+0200\"", "\"2025-06-31T17:45:30+0200\"", "items[1].transactionDetail.bookingDate"),
            ("\"amount\" : 230", "\"amount\" : 230.5", "items[1].transactionDetail.value.amount"),
            ("\"amount\" : 230", "\"amount\" : \"230\"", "items[1].transactionDetail.value.amount"),
            (
                "\"currency\" : \"PBP\"\n        }\n      }\n    },\n    {\n      \"partnerDisplayName\" : \"Buch",
                "\"currency\" : \"XXX\"\n        }\n      }\n    },\n    {\n      \"partnerDisplayName\" : \"Buch",
                "items[1].transactionDetail.value.currency"
            ),
            ("\"category\" : 2,", "", "items[1].category"),
            ("\"reference\" : \"104200000000019\"", "\"reference\" : \"004200000000018\"", "items[2].alias.reference"),
        ])
    func malformed(original: String, replacement: String, place: String) throws {
        let text = try Fixture.text("payback/points.json")
        #expect(text.contains(original), "the fixture has the text the case edits")
        let broken = text.replacingOccurrences(of: original, with: replacement)
        #expect {
            try PaybackReader.read(Data(broken.utf8))
        } throws: { error in
            let error = error as! BillfoldError
            return error.code == .invalidImportFile && error.message.contains(place)
                && error.message.contains("Nothing was imported")
        }
    }

    @Test("not JSON, or the wrong shape, is refused")
    func notJSON() {
        for text in ["", "{", "[]", #"{"entries": []}"#] {
            #expect(throws: BillfoldError.self) { try PaybackReader.read(Data(text.utf8)) }
        }
    }

    @Test("the writer gives back the file's shape and values")
    func roundTrip() throws {
        let items = try PaybackReader.read(try Fixture.data("payback/points.json"))
        let transactions = items.enumerated().map { index, item in
            let t = item.transaction
            return Transaction(
                id: Int64(index + 1), accountID: 1, bookedAt: t.bookedAt, payee: t.payee, originalName: t.payee,
                notes: t.notes, money: t.money, status: .cleared, categoryID: nil, externalID: t.externalID,
                createdAt: 0, updatedAt: 0)
        }
        let file = PaybackWriter.file(transactions) { t in items[Int(t.id) - 1].paybackCategory }
        let original = try JSONDecoder().decode(PaybackFile.self, from: try Fixture.data("payback/points.json"))
        #expect(file == original)
    }

    /// Checks against the third-party PAYBACK file when the shared folder is beside the checkout.
    @Test(
        "reads the original PAYBACK file from ../shared/fixtures",
        .enabled(if: FileManager.default.fileExists(atPath: Self.shared.path)))
    func sharedFixture() throws {
        let items = try PaybackReader.read(try Data(contentsOf: Self.shared))
        #expect(items.count == 21)
        #expect(items.map(\.transaction.money.amount).reduce(0, +) == 5770)
        #expect(items.filter { $0.transaction.notes.isEmpty }.count == 2)
        #expect(Set(items.map(\.paybackCategory)) == [1, 2, 3])
        #expect(items.contains { $0.transaction.externalID == "098193809705561" })
    }

    static let shared = Fixture.folder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/PBTransactions.json")
}

@Suite("Import errors in words")
struct ImportErrorWordsTests {
    @Test(
        "a value of the wrong kind is named in words, never as a Swift type",
        arguments: [
            (#"{"items": 5}"#, "a list"),
            (#"{"items": [5]}"#, "an object with named fields"),
            (#"[]"#, "an object with named fields"),
        ])
    func words(file: String, expected: String) {
        do {
            _ = try PaybackReader.read(Data(file.utf8))
            Issue.record("\(file) was read")
        } catch {
            #expect(error.message.contains("expected \(expected)"), "\(error.message)")
            #expect(!error.message.contains("Dictionary<") && !error.message.contains("Array<"))
        }
    }

    @Test("a control character in a file's text refuses the whole file")
    func controlCharacters() throws {
        let file = try Fixture.text("payback/points.json").replacingOccurrences(
            of: "Bäckerei Krume", with: #"Bäckerei\u0000Krume"#)
        #expect(throws: BillfoldError.self) { try PaybackReader.read(Data(file.utf8)) }
    }
}
