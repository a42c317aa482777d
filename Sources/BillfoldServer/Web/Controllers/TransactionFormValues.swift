import BillfoldCore
import BillfoldImport
import Foundation

/// What the transaction forms' fields hold, read as a person types them.
extension TransactionPagesController {
    /// An amount as a person types it in a form: with the decimal comma their locale shows
    /// ("-4,50", "1.234,56") or a point ("-4.50"). The API stays dot-decimal.
    static func typedAmount(_ text: String, currency: Currency, for user: User) throws(BillfoldError) -> Money {
        // The mark the locale shows wins where it appears ("-4,500" KWD in German is four and a
        // half, as the page showed it); otherwise the amount itself tells ("-4.50", "-4,50").
        let shown = (user.preferences.format.locale.decimalSeparator).flatMap(DecimalSeparator.init(rawValue:))
        let decimal = shown.flatMap { text.contains($0.rawValue) ? $0 : nil } ?? DecimalSeparator.guess([text])
        do {
            return try AmountText.money(text, decimal: decimal, currency: currency).checkedLimit()
        } catch {
            // Shown beside the field it is about.
            throw BillfoldError(error.code, error.phrase, fields: ["amount": error.phrase])
        }
    }

    static func optionalID(_ text: String?, field: String) throws(BillfoldError) -> Int64? {
        guard let text, !text.isEmpty else { return nil }
        guard let id = Int64(text) else { throw .validation(field, Phrase("error.service.transactions.chooseEntry")) }
        return id
    }

    /// `2026-11-20T14:30` in the zone, as a datetime-local input wants it.
    static func localDateTime(_ date: Date, in zone: TimeZone) -> String {
        let c = Calendar.gregorian(in: zone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        // A Gregorian calendar always answers the components it was asked for.
        return String(format: "%04d-%02d-%02dT%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
    }
}
