import BillfoldCore
import Foundation

/// Writes transactions in the PAYBACK file's shape, for the `/payback/transactions` feed.
public enum PaybackWriter {
    /// - Parameter category: the integer PAYBACK clients expect for a transaction's category.
    public static func file(
        _ transactions: [Transaction], totals: [CurrencyTotal]? = nil, category: (Transaction) -> Int
    ) -> PaybackFile {
        PaybackFile(items: transactions.map { item($0, category: category($0)) }, totals: totals?.map(total))
    }

    /// A currency's sum as the feed writes it.
    public static func total(_ total: CurrencyTotal) -> PaybackFile.Total {
        PaybackFile.Total(amount: total.money.amount, currency: total.money.currency.code, count: total.count)
    }

    /// One transaction as a PAYBACK item: its external id (or Billfold id) as the reference, and
    /// no description when it has no notes, as PAYBACK writes it.
    public static func item(_ t: Transaction, category: Int) -> PaybackFile.Item {
        PaybackFile.Item(
            partnerDisplayName: t.payee,
            alias: .init(reference: t.externalID ?? String(t.id)),
            category: category,
            transactionDetail: .init(
                description: t.notes.isEmpty ? nil : t.notes,
                bookingDate: t.bookedAt.compactOffsetString,
                value: .init(amount: t.money.amount, currency: t.money.currency.code)))
    }
}
