import BillfoldCore
import Foundation
import Testing

/// Suggestions measured on real people's transactions with the categories they chose
/// (`shared/fixtures/labelled`): learn from the older 70 % by date, suggest for the newer 30 %.
@Suite("Suggestions learned from a person's own history")
struct SuggestionLearnerTests {
    struct Row {
        var day: String
        var text: String
        var minorUnits: Int64
        var account: Int64
        var category: String
    }

    static func fixture(_ name: String) throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/fixtures/labelled/\(name)")
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// CSV cells, quotes and doubled quotes as RFC 4180 has them.
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var previous: Character?
        for character in line {
            if character == "\"" {
                if quoted, previous == "\"" { cell.append("\"") }
                quoted.toggle()
            } else if character == ",", !quoted {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        cells.append(cell)
        return cells
    }

    static func minor(_ text: String) -> Int64 {
        let digits = text.replacingOccurrences(of: " ", with: "")
        guard let value = Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) else { return 0 }
        return NSDecimalNumber(decimal: value * 100).int64Value
    }

    static func monarch() throws -> [Row] {
        var accounts: [String: Int64] = [:]
        return try fixture("monarch-household.csv").split(separator: "\n").dropFirst().map(cells).compactMap { c in
            guard c.count >= 7 else { return nil }
            let account = accounts[c[3]] ?? Int64(accounts.count + 1)
            accounts[c[3]] = account
            return Row(
                day: c[0], text: c[4].isEmpty ? c[1] : c[4], minorUnits: minor(c[6]), account: account, category: c[2])
        }
    }

    static func yassir() throws -> [Row] {
        try fixture("yassirawad-transactions.csv").split(separator: "\n").dropFirst().map(cells).compactMap { c in
            guard c.count >= 5 else { return nil }
            return Row(day: String(c[4].prefix(10)), text: c[0], minorUnits: minor(c[1]), account: 1, category: c[2])
        }
    }

    /// Older 70 % by date to learn from, newer 30 % to suggest for (a stable sort: a day's rows
    /// keep the file's order).
    static func score(_ rows: [Row]) -> SuggestionEvaluation {
        let sorted = rows.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(
            \.element)
        var ids: [String: Int64] = [:]
        for row in sorted where ids[row.category] == nil { ids[row.category] = Int64(ids.count + 1) }
        return SuggestionEvaluation(
            sorted.map {
                .init(
                    bankText: $0.text, minorUnits: $0.minorUnits, accountID: $0.account, categoryID: ids[$0.category]!)
            })
    }

    // The figures as measured (printed for the README): monarch 0.795 over all newer rows, 0.865 on
    // seen payees (a lookup of the cleaned payee: 0.72 and 0.79); what is shown 0.87 right at
    // 0.80 coverage. Each floor sits just under the measured figure, so a change that loses
    // accuracy fails here.
    @Test("a household's own history: better than a payee lookup, and what is shown is mostly right")
    func monarchHousehold() throws {
        let score = Self.score(try Self.monarch())
        print("monarch: \(score)")
        #expect(score.topOne >= 0.79, "top-1 over all newer rows: \(score.topOne)")
        #expect(score.topOneSeen >= 0.85, "top-1 on seen payees: \(score.topOneSeen)")
        #expect(score.shownRight >= 0.86 && score.coverage >= 0.75, "shown: \(score.shownRight) at \(score.coverage)")
    }

    @Test("a second person's statements in another country's formats")
    func southAfricanStatements() throws {
        let score = Self.score(try Self.yassir())
        print("yassir: \(score)")
        #expect(score.topOneSeen >= 0.78, "top-1 on seen payees: \(score.topOneSeen)")
        #expect(score.topOne >= 0.53, "top-1 over all newer rows: \(score.topOne)")
    }

    @Test("the person's latest decision for a payee wins; nothing learned suggests nothing")
    func changeOfMind() {
        #expect(SuggestionLearner().suggest(.init(bankText: "REWE", minorUnits: -100, accountID: 1)) == nil)
        var learner = SuggestionLearner(
            (0..<6).map { _ in .init(bankText: "KINDLE SVCS*AB12", minorUnits: -999, accountID: 1, categoryID: 1) })
        learner.learn(.init(bankText: "KINDLE SVCS*ZZ99", minorUnits: -999, accountID: 1, categoryID: 2))
        learner.learn(.init(bankText: "KINDLE SVCS*QQ11", minorUnits: -999, accountID: 1, categoryID: 2))
        learner.learn(.init(bankText: "KINDLE SVCS*RR22", minorUnits: -999, accountID: 1, categoryID: 2))
        let guess = learner.suggest(.init(bankText: "Kindle Svcs*NEW1", minorUnits: -999, accountID: 1))
        #expect(guess?.categoryID == 2)
        // An exact amount tells the rent from the transfers to the same payee.
        var bank = SuggestionLearner()
        for _ in 0..<3 {
            bank.learn(.init(bankText: "USAA FUNDS TRANSFER DB", minorUnits: -320_000, accountID: 1, categoryID: 7))
            bank.learn(.init(bankText: "USAA FUNDS TRANSFER DB", minorUnits: -110_000, accountID: 1, categoryID: 8))
            bank.learn(.init(bankText: "USAA FUNDS TRANSFER DB", minorUnits: -5_000, accountID: 1, categoryID: 8))
        }
        #expect(
            bank.suggest(.init(bankText: "USAA FUNDS TRANSFER DB", minorUnits: -320_000, accountID: 1))?.categoryID == 7
        )
    }
}
