/// A transfer's payees are written once, in their owner's language ("Umbuchung an Tagesgeld"), so
/// every way out of Billfold sees the same text. Shown on a screen, a payee still as the transfer
/// wrote it, in any of the languages, is said again in the screen's words; one the person edited
/// stays as they wrote it.
public enum TransferPayee {
    static let keys = ["accounts.transferOutPayee", "accounts.transferInPayee"]

    /// `payee` in `words`' language when it is a transfer's own, else as it is.
    public static func shown(_ payee: String, words: Words = .current) -> String {
        for key in keys {
            for language in Language.allCases {
                guard let template = Catalogue.shipped.entry(key, in: language)?.forms.first,
                    let slot = template.range(of: "{name}")
                else { continue }
                let before = String(template[..<slot.lowerBound])
                let after = String(template[slot.upperBound...])
                guard payee.count > before.count + after.count, payee.hasPrefix(before), payee.hasSuffix(after)
                else { continue }
                let name = String(payee.dropFirst(before.count).dropLast(after.count))
                return words(key, ["name": name])
            }
        }
        return payee
    }
}

extension Transaction {
    /// The payee as a screen shows it: a transfer's own payee in the screen's words.
    public var shownPayee: String { transferID == nil ? payee : TransferPayee.shown(payee) }
}
