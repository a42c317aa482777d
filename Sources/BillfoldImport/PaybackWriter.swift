import BillfoldCore
import Foundation

/// Writes transactions in the PAYBACK file's shape, for the `/payback/transactions` feed.
public enum PaybackWriter {
    /// - Parameter category: the integer PAYBACK clients expect for a transaction's category.
    public static func file(
        _ transactions: [Transaction], category: (Transaction) -> Int
    ) -> PaybackFile {
        PaybackFile(
            items: transactions.map { t in
                PaybackFile.Item(
                    partnerDisplayName: t.payee,
                    alias: .init(reference: t.externalID ?? String(t.id)),
                    category: category(t),
                    transactionDetail: .init(
                        description: t.notes.isEmpty ? nil : t.notes,
                        bookingDate: t.bookedAt.compactOffsetString,
                        value: .init(amount: t.money.amount, currency: t.money.currency.code)))
            })
    }
}
