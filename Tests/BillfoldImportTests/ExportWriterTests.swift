import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

@Suite("Export writer")
struct ExportWriterTests {
    let account = Account(id: 1, name: "giro", displayName: "Giro", currency: .eur, createdAt: 0)

    func writer(_ format: ExportFormat) -> ExportWriter {
        ExportWriter(
            format: format, accounts: [account], categories: CategoryTree([]), currencies: [.eur], primary: .eur,
            zone: TimeZone(identifier: "Europe/Berlin")!)
    }

    func booking(payee: String, notes: String = "", minor: Int64 = -420, status: TransactionStatus = .cleared)
        -> Transaction
    {
        Transaction(
            id: 7, accountID: 1, bookedAt: BookingTime(epochSeconds: 1_704_448_800, offsetSeconds: 3600),
            payee: payee, originalName: payee, notes: notes, money: Money(minorUnits: minor, currency: .eur),
            status: status, categoryID: nil, externalID: nil, createdAt: 0, updatedAt: 0, importID: nil)
    }

    @Test("an hledger entry: the day in the person's zone, the status mark, both postings balanced")
    func hledgerEntry() {
        let text = writer(.hledger).entries([
            booking(payee: "REWE", notes: "Ref [2024/01/05]"), booking(payee: "Shell", minor: 5, status: .pending),
        ])
        #expect(
            text == """
                2024-01-05 * REWE
                    ; Ref (2024/01/05)
                    assets:Giro  -4.20 EUR
                    expenses:uncategorized  4.20 EUR

                2024-01-05 ! Shell
                    assets:Giro  0.05 EUR
                    expenses:uncategorized  -0.05 EUR


                """)
        #expect(writer(.ledger).entries([booking(payee: "REWE", status: .uncleared)]).hasPrefix("2024/01/05 REWE\n"))
    }

    @Test("beancount flags what is not cleared and says its status; ledger marks pending; CSV keeps every field")
    func statusesAndCSV() {
        let beancount = writer(.beancount).entries([booking(payee: "Shell", status: .pending)])
        #expect(beancount.hasPrefix("2024-01-05 ! \"Shell\" \"\"\n  status: \"pending\"\n  Assets:Giro  -4.20 EUR\n"))
        #expect(writer(.ledger).entries([booking(payee: "Shell", status: .pending)]).hasPrefix("2024/01/05 ! Shell\n"))
        let csv = writer(.csv).entries([booking(payee: "=SUM(A1)", notes: "a, b", status: .uncleared)])
        #expect(csv == "2024-01-05,'=SUM(A1),-4.20,EUR,Giro,,\"a, b\",uncleared,7\n")
    }

    @Test(
        "a payee or note is written on one line, whatever breaks or pads it",
        arguments: [
            ("Café\u{2028}Kranzler", "Café Kranzler"), ("Café\nKranzler\r\n", "Café Kranzler"),
            ("\u{3000}Müller\u{85}GmbH", "Müller GmbH"), ("Müller\u{2029}", "Müller"), (" REWE\t", "REWE"),
            ("Café Kranzler", "Café Kranzler"),
        ])
    func oneLine(payee: String, written: String) {
        let text = writer(.beancount).entries([booking(payee: payee, notes: payee)])
        #expect(text.hasPrefix("2024-01-05 * \"\(written)\" \"\(written)\"\n  Assets:Giro  -4.20 EUR\n"))
    }
}
