import BillfoldCore
import Foundation

/// The names an import gives what a file does not name well: an account from the file's name, a
/// category from a QIF's "group:category".
extension BankImport {
    /// An account's name from a file's ("DKB_Umsaetze_2024-01.csv" → "DKB Umsaetze"): its words
    /// without the extension and the numbers (dates, counters); "Bank account" when none is left.
    static func accountName(fromFile fileName: String, words: Words) -> String {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."), stem.distance(from: dot, to: stem.endIndex) <= 6 { stem = stem[..<dot] }
        let parts = stem.split(whereSeparator: { $0.isWhitespace || "_.-()".contains($0) })
            .filter { !$0.allSatisfy(\.isNumber) }
        let name = String(parts.joined(separator: " ").prefix(AccountRules.maxName))
            .trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? words("import.suggestedAccount") : name
    }

    /// "Food:Groceries" (QIF's group and category) is the category "Groceries".
    static func categoryName(_ name: String) -> String {
        let last = name.split(separator: ":").last.map(String.init) ?? name
        return String(last.trimmingCharacters(in: .whitespaces).prefix(CategoryRules.nameLength.upperBound))
    }
}
