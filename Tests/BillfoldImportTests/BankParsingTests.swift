import BillfoldCore
import Foundation
import Testing

@testable import BillfoldImport

@Suite("Bank file parsing")
struct BankParsingTests {
    @Test("each field's column problems are sentences of the catalogue, not a key shown as text")
    func columnSentences() {
        for role in CSVBankReader.Columns.keyNames.keys {
            for phrase in [
                CSVBankReader.Columns.noColumn(role, column: "Betrag"),
                CSVBankReader.Columns.pastLastColumn(role, column: "9", last: "7"),
            ] {
                #expect(Words.english.has(phrase.key), "\(phrase.key)")
                #expect(phrase.text().contains("Betrag") || phrase.text().contains("9"))
            }
        }
    }

    @Test(
        "amounts in every form banks write them",
        arguments: [
            ("1,234.56", DecimalSeparator.point, 123_456), ("1.234,56", .comma, 123_456), ("1 234,56", .comma, 123_456),
            ("1\u{00A0}234,56", .comma, 123_456), ("1'234.56", .point, 123_456), ("(12.34)", .point, -1234),
            ("-12.34", .point, -1234), ("12.34-", .point, -1234), ("+ 67.40", .point, 6740), ("−12,34", .comma, -1234),
            ("£1,183.23", .point, 118_323), ("-$7,971.39", .point, -797_139), ("12,00 EUR", .comma, 1200),
            ("EUR -5,5", .comma, -550), ("2000", .point, 200_000), ("-100", .point, -10_000), (".5", .point, 50),
            ("100.00 DR", .point, -10_000), ("100.00 CR", .point, 10_000), ("1.234,56 Cr", .comma, 123_456),
            ("1.234.567,89", .comma, 123_456_789), ("1,00,000.50", .point, 10_000_050), ("-1.150", .comma, -115_000),
            ("1 234 567", .point, 123_456_700),
        ] as [(String, DecimalSeparator, Int64)])
    func amounts(_ text: String, _ decimal: DecimalSeparator, _ minor: Int64) throws {
        #expect(try AmountText.money(text, decimal: decimal, currency: .eur).minorUnits == minor)
    }

    @Test(
        "what is not an amount says so",
        arguments: [
            ("abc", "is not an amount"), ("12.345", "has 3 decimals; EUR has 2"), ("1.2.3", "is not an amount"),
            ("12,34,56", "two decimal marks"), ("", "is not an amount"),
            // A point among decimal commas is no thousands mark unless three digits follow it.
            ("-12.50", "“-12.50” is not an amount: its thousands are not in groups of three."),
            ("1.2345,00", "groups of three"), ("12 34,00", "groups of three"), ("1.000.00", "groups of three"),
        ])
    func badAmounts(_ text: String, _ message: String) {
        do {
            let comma = ["12,34,56", "-12.50", "1.2345,00", "12 34,00", "1.000.00"].contains(text)
            _ = try AmountText.money(text, decimal: comma ? .comma : .point, currency: .eur)
            Issue.record("“\(text)” was read as an amount")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("a column's decimal mark is guessed from its amounts")
    func decimalGuess() {
        #expect(DecimalSeparator.guess(["-3,20", "2.500,00"]) == .comma)
        #expect(DecimalSeparator.guess(["1,234.56", "7.5"]) == .point)
        #expect(DecimalSeparator.guess(["1,234", "2,000"]) == .point)
        #expect(DecimalSeparator.guess(["1060,22", "-22,59"]) == .comma)
    }

    @Test(
        "dates in every form banks write them",
        arguments: [
            ("2016-03-18", DateOrder.dayMonthYear, "2016-03-18"), ("3/18/2016", .monthDayYear, "2016-03-18"),
            ("18.03.2016", .dayMonthYear, "2016-03-18"), ("18/03/16", .dayMonthYear, "2016-03-18"),
            ("12-Dec-2019", .dayMonthYear, "2019-12-12"), ("2022-01-02 12:16:54", .dayMonthYear, "2022-01-02"),
            ("2010-10-18T13:15:00+01:00", .dayMonthYear, "2010-10-18"), ("7/12/97", .monthDayYear, "1997-07-12"),
            ("20240322000000[-3:GMT]", .yearMonthDay, "2024-03-22"), ("03.04.18", .dayMonthYear, "2018-04-03"),
            ("1. Dez. 2023", .dayMonthYear, "2023-12-01"), ("Dec 5, 2023", .monthDayYear, "2023-12-05"),
        ] as [(String, DateOrder, String)])
    func dates(_ text: String, _ order: DateOrder, _ expected: String) throws {
        #expect(try DateText.day(text, order: order).description == expected)
    }

    @Test("an impossible date is named")
    func badDates() {
        #expect(throws: BillfoldError.self) { try DateText.day("31.02.2024", order: .dayMonthYear) }
        do {
            _ = try DateText.day("31.02.2024", order: .dayMonthYear)
        } catch {
            #expect(error.message == "“31.02.2024” is not a date: there is no such day.")
        }
        #expect(throws: BillfoldError.self) { try DateText.day("yesterday", order: .dayMonthYear) }
    }

    @Test("the order of day and month is guessed from a column, and read from what people type")
    func dateOrders() throws {
        #expect(DateOrder.guess(["3/18/2016", "4/1/2016"]) == .monthDayYear)
        #expect(DateOrder.guess(["18/03/2016", "01/04/2016"]) == .dayMonthYear)
        #expect(DateOrder.guess(["01.04.2016"], prefer: .monthDayYear) == .dayMonthYear)
        #expect(DateOrder.guess(["04/01/2016"], prefer: .monthDayYear) == .monthDayYear)
        #expect(DateOrder.guess(["04/01/2016 10:00:00.000"], prefer: .monthDayYear) == .monthDayYear, "a time's dot")
        #expect(try DateOrder(parsing: "%d.%m.%Y") == .dayMonthYear)
        #expect(try DateOrder(parsing: "M/D/YY") == .monthDayYear)
        #expect(throws: BillfoldError.self) { try DateOrder(parsing: "whenever") }
    }
}

@Suite("Bank files of our own")
struct OwnBankFileTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/banks")

    static func read(_ name: String, _ options: BankFileOptions = BankFileOptions()) throws -> BankFileReader.Read {
        try BankFileReader.read(try Data(contentsOf: folder.appendingPathComponent(name)), options: options)
    }

    @Test("Latin-1 with a title above the table, German headers, decimal commas, and two equal coffees kept")
    func latin1() throws {
        let read = try Self.read("latin1-semicolon.csv")
        let csv = try #require(read.csv)
        #expect(csv.mapping.skipLines == 3 && csv.mapping.encoding == .windows1252 && csv.mapping.decimal == .comma)
        #expect(csv.header == ["Buchungstag", "Empfänger", "Verwendungszweck", "Betrag (EUR)"])
        let entries = read.reading.statements[0].entries
        #expect(entries.map(\.payee) == ["Bäckerei Müller", "Arbeitgeber GmbH", "Café", "Café"])
        #expect(entries.map(\.amount.minorUnits) == [-320, 250_000, -250, -250])
        #expect(entries[0].place == "line 5")
        let keys = read.reading.statements[0].importKeys
        #expect(keys[2] != keys[3] && keys[2].hasSuffix("|1") && keys[3].hasSuffix("|2"))
    }

    @Test("debit and credit columns, American dates, a quoted comma, a reference kept as notes (not an id)")
    func debitCredit() throws {
        let read = try Self.read("debit-credit-us.csv")
        let entries = read.reading.statements[0].entries
        #expect(read.csv?.mapping.dateOrder == .monthDayYear)
        #expect(entries.map(\.amount.minorUnits) == [-450, 123_456, 1234])
        #expect(entries.map(\.payee) == ["Coffee, large", "Paycheck", "Refund"])
        #expect(entries.map(\.bankID) == [nil, nil, nil] && entries.map(\.notes) == ["R-1", "R-2", "R-3"])
        #expect(entries.allSatisfy { $0.amount.currency == .usd })
    }

    @Test("UTF-16 with tabs and a no-break space in thousands")
    func utf16() throws {
        let read = try Self.read("utf16-tab.csv", BankFileOptions(currency: .eur))
        #expect(read.csv?.mapping.delimiter == "\t" && read.csv?.mapping.encoding == .utf16)
        #expect(read.reading.statements[0].entries.map(\.amount.minorUnits) == [-1250, -123_456])
        #expect(read.reading.statements[0].entries.first?.payee == "ÖBB")
    }

    @Test("QIF: a card register, Quicken's apostrophe years, a transfer, a category under a group")
    func qif() throws {
        let entries = try Self.read("oneline.qif", BankFileOptions(currency: .usd)).reading.statements[0].entries
        #expect(entries.map(\.day.description) == ["2004-01-05", "1999-12-31"])
        #expect(entries.map(\.amount.minorUnits) == [-123_456, 2000])
        #expect(entries[0].category == "Shopping:Gadgets" && entries[1].category == nil)
        #expect(entries[1].notes == "Transfer: Checking")
    }

    @Test("QIF from Quicken with two accounts: each !Account names its registers; the AutoSwitch list names none")
    func qifAccounts() throws {
        let statements = try Self.read("quicken-two-accounts.qif", BankFileOptions(currency: .usd)).reading.statements
        #expect(statements.map(\.account.name) == ["Checking", "Visa"])
        #expect(statements.map(\.account.suggestedName) == ["Checking", "Visa"])
        #expect(statements.map(\.account.kind) == [nil, "CREDITCARD"])
        #expect(statements[0].entries.map(\.payee) == ["Landlord", "Visa payment"])
        #expect(statements[1].entries.map(\.payee) == ["Grocery Store", "Payment, thank you"])
        #expect(statements[1].entries.map(\.amount.minorUnits) == [-4500, 50000])
        // Without any !Account, one statement whose account the person names.
        let bare = try Self.read("oneline.qif", BankFileOptions(currency: .usd)).reading.statements
        #expect(bare.count == 1 && bare[0].account.suggestedName == nil)
    }

    @Test("QIF: a record left open before a header is kept; accounts without a name are each their own")
    func qifLooseEnds() throws {
        let text =
            "!Account\nTBank\n^\n!Type:Bank\nD01/05/2024\nT-1.00\nPKiosk\n!Account\nTCCard\n^\n"
            + "!Type:CCard\nD01/06/2024\nT-2.00\nPShop\n^\n"
        let statements = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .eur)).reading
            .statements
        #expect(statements.map { $0.entries.map(\.payee) } == [["Kiosk"], ["Shop"]])
        // No header at all, chosen as QIF: still read, record by record.
        let bare = try BankFileReader.read(
            Data("D01/05/2024\nT-1.00\nPKiosk\n^\n".utf8), options: BankFileOptions(format: .qif, currency: .eur))
        #expect(bare.reading.statements[0].entries.map(\.payee) == ["Kiosk"])
    }

    @Test("OFX 2 with an XML declaration: entities, a comma amount, PAYEE/NAME")
    func ofx2() throws {
        let statement = try Self.read("statement-v2.ofx").reading.statements[0]
        #expect(statement.account.number == "DE89370400440532013000" && statement.account.currency == .eur)
        #expect(statement.entries.map(\.payee) == ["Stadtwerke & Co", "Transfer"])
        #expect(statement.entries.map(\.amount.minorUnits) == [-4210, 100_000])
        #expect(statement.entries[0].notes == "Strom Januar" && statement.entries[0].bankID == "A-1")
    }

    @Test("OFX as banks really write it: a namespace, CDATA, references by the thousand, STMTTRN never closed")
    func ofxVariety() throws {
        let many = String(repeating: "&#65;", count: 100_000)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?>
            <OFX xmlns="http://ofx.net/ifx/2.0/ofx"><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF>
            <BANKACCTFROM><ACCTID>9</ACCTID></BANKACCTFROM><BANKTRANLIST>
            <STMTTRN><DTPOSTED>2024-01-05</DTPOSTED><TRNAMT>-5.75</TRNAMT><FITID>1</FITID>
            <NAME><![CDATA[Joe's Bar & <Grill>]]></NAME></STMTTRN>
            <STMTTRN><DTPOSTED>20240106120000.000[-5:EST]</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>2</FITID>
            <NAME>\(many)</NAME><MEMO>&lt;b&gt; &amp;amp; &#xE9;&#233; &unknown; &#99999999;</MEMO></STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        let entries = try BankFileReader.read(Data(xml.utf8)).reading.statements[0].entries
        #expect(entries.map(\.day.description) == ["2024-01-05", "2024-01-06"])
        #expect(entries[0].payee == "Joe's Bar & <Grill>")
        #expect(entries[1].payee == String(repeating: "A", count: TransactionRules.maxPayee), "a payee is cut to 200")
        #expect(entries[1].notes == "<b> &amp; éé &unknown; &#99999999;")
        // SGML that never closes its STMTTRN, 300 of them; the account's currency from the person.
        let rows = (1...300).map { "<STMTTRN><DTPOSTED>20240105<TRNAMT>-1.\($0 % 100)<FITID>F\($0)<NAME>Shop" }
        let sgml =
            "OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>"
            + rows.joined(separator: "\n") + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"
        let statement = try BankFileReader.read(Data(sgml.utf8), options: BankFileOptions(currency: .usd))
            .reading.statements[0]
        #expect(statement.entries.count == 300 && statement.account.currency == .usd)
    }

    @Test("CSV as banks write it: a currency in a header's name, balance lines, pending rows and a footer")
    func csvVariety() throws {
        func read(_ text: String, _ mapping: CSVMapping = CSVMapping()) throws(BillfoldError) -> BankFileReading {
            try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .eur, mapping: mapping)).reading
        }
        // Starling: "Amount (GBP)" is the amount, in pounds.
        let starling =
            "Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP)\n05/01/2024,Tesco,Card,CARD,-12.34,100.00\n"
        let pounds = try read(starling).statements[0]
        #expect(pounds.account.currency == .gbp && pounds.entries.map(\.amount.minorUnits) == [-1234])
        // Volksbank: balance lines are no bookings, but "Saldo der Abschlussposten" is one.
        let volksbank = """
            Buchungstag;Empfänger;Verwendungszweck;Betrag
            15.01.2024;REWE;Einkauf;-23,45
            31.01.2024;Bank;Saldo der Abschlussposten;-4,90
            16.01.2024;;Anfangssaldo;1.000,00
            16.01.2024;;Endsaldo;4.187,32

            """
        #expect(try read(volksbank).statements[0].entries.map(\.amount.minorUnits) == [-2345, -490])
        // comdirect: a pending row's date is "offen"; a footer after the last booking is no row.
        let comdirect = """
            Buchungstag;Wertstellung (Valuta);Vorgang;Buchungstext;Umsatz in EUR
            offen;15.01.2024;Lastschrift;Stadtwerke;-85,00
            12.01.2024;12.01.2024;Überweisung;Miete;-1.150,00
            Alter Kontostand;3.210,77 EUR
            Dieses Dokument wurde automatisch erstellt.

            """
        let pending = try read(comdirect)
        #expect(pending.pending == 1 && pending.unreadable.isEmpty)
        #expect(pending.statements[0].entries.map(\.amount.minorUnits) == [-115_000])
        // A header the guess does not know: the person names its columns, and they are found.
        let unknown = "Title line\nWhen;Who;How much\n02.01.2024;Kiosk;-1,50\n"
        do {
            _ = try read(unknown)
            Issue.record("a file without a date column was read")
        } catch {
            #expect(
                error.message.contains("Choose the column with the date. The columns: “Title line”."),
                "\(error.message)")
        }
        var mapping = CSVMapping()
        (mapping.date, mapping.payee, mapping.amount) = (.name("When"), .name("Who"), .name("How much"))
        let named = try read(unknown, mapping).statements[0].entries
        #expect(named.map(\.payee) == ["Kiosk"] && named.map(\.amount.minorUnits) == [-150])
        // Control bytes in a cell (a backspace, a terminal’s escape, a bell) become spaces.
        let controls = "Date,Payee,Notes,Amount\n2024-01-02,\u{1B}[2JRewe\u{8}Markt\u{7},\"two\r\nlines\u{7F}\",-1.00\n"
        let cleaned = try read(controls).statements[0].entries
        #expect(cleaned.map(\.payee) == ["[2JRewe Markt"] && cleaned.map(\.notes) == ["two lines"])
    }

    @Test("CAMT: a statement's entry numbers are no ids, placeholders neither; a reversal comes from whom it went to")
    func camtReferences() throws {
        func statement(_ entries: String) -> Data {
            Data(
                """
                <?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
                <Stmt><Acct><Id><IBAN>DE1</IBAN></Id><Ccy>EUR</Ccy></Acct>\(entries)</Stmt></BkToCstmrStmt></Document>
                """.utf8)
        }
        let entries = """
            <Ntry><NtryRef>1</NtryRef><Amt Ccy="EUR">25.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
            <BookgDt><Dt>2024-01-05</Dt></BookgDt><AcctSvcrRef>NONREF</AcctSvcrRef></Ntry>
            <Ntry><NtryRef>2</NtryRef><Amt Ccy="EUR">45.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd>
            <Sts>BOOK</Sts><BookgDt><Dt>2024-01-06</Dt></BookgDt><AcctSvcrRef>2024010612345</AcctSvcrRef>
            <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Max Mustermann</Nm></Dbtr><Cdtr><Nm>Stadtwerke</Nm></Cdtr>
            </RltdPties></TxDtls></NtryDtls></Ntry>
            """
        let read = try BankFileReader.read(statement(entries)).reading.statements[0].entries
        #expect(read.map(\.bankID) == [nil, "2024010612345"])
        #expect(read[1].payee == "Stadtwerke" && read[1].amount.minorUnits == 4500)
    }

    @Test("CAMT.053.001.08: Sts/Cd, parties under Pty, a pending entry left out")
    func camt08() throws {
        let reading = try Self.read("statement-v08.camt.xml").reading
        #expect(reading.pending == 1)
        let entries = reading.statements[0].entries
        #expect(entries.map(\.payee) == ["Supermarkt Graz", "Arbeitgeber AG"])
        #expect(entries.map(\.amount.minorUnits) == [-5520, 210_000])
        #expect(entries.map(\.notes) == ["Einkauf 15.01.", "Gehalt"])
    }

    @Test("CAMT batch: the single payments when their amounts make the entry's, each with its party; else the entry")
    func camtBatch() throws {
        let entries = try Self.read("batch-v08.camt.xml").reading.statements[0].entries
        #expect(entries.map(\.payee) == ["Alice Architektin", "Bob Bau GmbH", "Carol Copy", "SAMMELGUTSCHRIFT"])
        #expect(entries.map(\.amount.minorUnits) == [-10_000, -15_000, -5000, 8000])
        #expect(entries.map(\.bankID) == ["2024030100042/1", "2024030100042/2", "2024030100042/3", "2024030100043"])
        #expect(entries[0].notes == "SAMMLER · Rechnung 1")
        // Booked whole (one detail has no amount), the batch is named by its own text, not a party.
        #expect(entries[3].notes.isEmpty)
        // Without the entry's reference, each payment goes by its own; without the entry's text,
        // a batch booked whole is named as a batch, not by its first payment's purpose.
        let bare = String(
            decoding: try Data(contentsOf: Self.folder.appendingPathComponent("batch-v08.camt.xml")), as: UTF8.self
        )
        .replacingOccurrences(of: "<AcctSvcrRef>2024030100042</AcctSvcrRef>", with: "")
        .replacingOccurrences(of: "<AddtlNtryInf>SAMMELGUTSCHRIFT</AddtlNtryInf>", with: "")
        .replacingOccurrences(
            of: "<Amt Ccy=\"EUR\">100.00</Amt>",
            with: "<Refs><AcctSvcrRef>P-1</AcctSvcrRef></Refs><Amt Ccy=\"EUR\">100.00</Amt>")
        let read = try BankFileReader.read(Data(bare.utf8)).reading.statements[0].entries
        #expect(read.map(\.bankID) == ["P-1", nil, nil, "2024030100043"])
        #expect(read[3].payee == "Batch of 2 transactions", "\(read[3].payee)")
        #expect(entries.allSatisfy { $0.day.description == "2024-03-01" })
    }

    @Test(
        "files that are not bank exports say what they are",
        arguments: [
            (Data(), "empty"), (Data("   \n".utf8), "empty"),
            (Data([0x50, 0x4B, 0x03, 0x04, 0x00, 0x00]), "not a text file"),
            (Data("<!DOCTYPE html><html><head><title>Error</title></head></html>".utf8), "web page"),
            (Data(#"{"items": []}"#.utf8), "JSON"),
            (Data("<?xml version=\"1.0\"?><note>hi</note>".utf8), "XML file that is not a CAMT.053"),
        ])
    func notBankFiles(_ data: Data, _ words: String) {
        do {
            _ = try BankFileReader.read(data)
            Issue.record("read \(data.count) bytes as a bank file")
        } catch {
            #expect(error.message.contains(words), "\(error.message)")
            #expect(error.code == .invalidImportFile)
        }
    }

    @Test(
        "a format chosen that the file is not says what the file is; a PDF says so",
        arguments: [
            (
                "OFXHEADER:100\n<OFX><BANKMSGSRSV1></BANKMSGSRSV1></OFX>", BankFormat.csv,
                "This file is OFX/QFX, not CSV."
            ),
            ("!Type:Bank\nD01/05/2024\nT-1.00\n^\n", .csv, "This file is QIF, not CSV."),
            (
                "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"/>", .qif,
                "This file is CAMT.053, not QIF."
            ),
            ("Date,Payee,Amount\n2024-01-05,Shop,-1.00\n", .qif, "This is not a QIF file."),
            ("Date,Payee,Amount\n2024-01-05,Shop,-1.00\n", .camt, "This is not a CAMT.053 file."),
            (#"{"error":"unauthorized"}"#, .csv, "This is JSON, not a bank statement."),
            ("<?xml version=\"1.0\"?><error>expired</error>", .csv, "This is an XML file that is not a CAMT.053"),
            ("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n", .csv, "This is a PDF."),
        ])
    func wrongFormat(_ text: String, _ format: BankFormat, _ words: String) {
        do {
            _ = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(format: format, currency: .eur))
            Issue.record("read as \(format)")
        } catch {
            #expect(error.message.contains(words), "\(error.message)")
            #expect(error.code == .invalidImportFile)
        }
    }

    @Test("UTF-16 without a byte order mark, either order, is read as UTF-16; a CSV naming OFX or CAMT is a CSV")
    func utf16WithoutBOM() throws {
        // U+3000 (an ideographic space) has a zero in the other byte: one such is no obstacle.
        let text = "Buchungstag;Empfänger;Betrag\n15.01.2024;Bäckerei\u{3000}Müller;-3,50\n"
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian] {
            let read = try BankFileReader.read(
                try #require(text.data(using: encoding)), options: BankFileOptions(currency: .eur))
            #expect(read.csv?.mapping.encoding == .utf16)
            // (Read as any other space in a payee.)
            #expect(read.reading.statements[0].entries.map(\.payee) == ["Bäckerei Müller"], "\(encoding)")
        }
        let csv = "Date,Payee,Amount,Notes\n2024-01-05,Bank,-1.00,fee for camt.053 and OFXHEADER files\n"
        let read = try BankFileReader.read(Data(csv.utf8), options: BankFileOptions(format: .csv, currency: .eur))
        #expect(read.reading.statements[0].entries.count == 1)
    }

    @Test(
        "CAMT that is not well-formed XML says what is wrong and where",
        arguments: [
            ("<Stmt><Ntry><Nm>Smith & Sons</Nm></Ntry></Stmt>", "line 3: an “&” begins no character reference"),
            ("<Stmt><Ntry><Nm>Smith</Ntry></Stmt>", "line 3: its elements do not close in order"),
            // An undeclared prefix is recovered from: the file reads on, to what CAMT it lacks,
            // and a later error that counts is still found.
            (#"<Stmt xsi:schemaLocation="a b">1</Stmt>"#, "there is no BkToCstmrStmt element"),
            (
                #"<Stmt xsi:schemaLocation="a b"><Nm>Smith</Ntry></Stmt>"#,
                "line 3: its elements do not close in order"
            ),
        ])
    func camtNotWellFormed(_ body: String, _ words: String) {
        let text =
            "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n"
            + body + "\n</Document>\n"
        do {
            _ = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(format: .camt))
            Issue.record("read")
        } catch {
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test("a CSV row that cannot be read is named with its line and why; a missing column is named")
    func unreadable() throws {
        let text = "Date;Payee;Amount\n2024-01-02;A;-1,00\n2024-02-31;B;-2,00\n2024-01-04;C;zwei\n"
        let reading = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .eur)).reading
        #expect(reading.entryCount == 1)
        #expect(
            reading.unreadable.map(\.description) == [
                "line 3: “2024-02-31” is not a date: there is no such day", "line 4: “zwei” is not an amount",
            ])
        var mapping = CSVMapping()
        mapping.payee = .name("Empfänger")
        do {
            _ = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .eur, mapping: mapping))
            Issue.record("a missing column was accepted")
        } catch {
            #expect(error.message.contains("There is no column “Empfänger” for the payee"))
            #expect(error.message.contains("The columns: “Date”, “Payee”, “Amount”."), "\(error.message)")
            #expect(error.phrase.text(Words(language: .japanese)).contains("列：“Date”、“Payee”、“Amount”。"))
        }
    }

    @Test("a direction column signs unsigned amounts: Volksbank's nameless S/H, ING's Af/Bij, Capital One's type")
    func directions() throws {
        func read(_ text: String, _ mapping: CSVMapping = CSVMapping()) throws -> CSVBankReader.Result {
            try CSVBankReader.read(text, mapping: mapping, currency: .eur)
        }
        // Volksbank: the S/H column has no name; its party columns hold the account holder by turns.
        let volksbank = """
            Buchungstag;Valuta;Auftraggeber/Zahlungsempfänger;Empfänger/Zahlungspflichtiger;Vorgang/Verwendungszweck;Währung;Umsatz;" "
            15.01.2024;15.01.2024;Max Mustermann;REWE Markt GmbH;Basislastschrift REWE SAGT DANKE;EUR;23,45;S
            10.01.2024;10.01.2024;Arbeitgeber AG;Max Mustermann;Gutschrift Gehalt Januar;EUR;3.210,77;H
            16.01.2024;;;;Anfangssaldo;EUR;1.000,00;H

            """
        let vb = try read(volksbank)
        #expect(vb.mapping.direction == .number(8))
        #expect(vb.reading.statements[0].entries.map(\.amount.minorUnits) == [-2345, 321_077])
        #expect(vb.reading.statements[0].entries.map(\.payee) == ["REWE Markt GmbH", "Arbeitgeber AG"])
        // ING (Netherlands): "Af Bij" beside an unsigned "Bedrag (EUR)".
        let ing = """
            "Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"
            "20240115","Albert Heijn 1234","NL20INGB0001234567","","BA","Af","23,45","Betaalautomaat","Pasvolgnr:001"
            "20240110","Werkgever BV","NL20INGB0001234567","NL91ABNA0417164300","OV","Bij","2500,00","Overschrijving","Salaris"

            """
        let nl = try read(ing)
        #expect(nl.mapping.direction == .name("Af Bij"))
        #expect(nl.reading.statements[0].entries.map(\.amount.minorUnits) == [-2345, 250_000])
        // Said to be absent, the amounts are read as written.
        var none = CSVMapping()
        none.direction = .absent
        #expect(try read(ing, none).reading.statements[0].entries.map(\.amount.minorUnits) == [2345, 250_000])
        // A word that is no direction is the row's reason, when the person named the column.
        var named = CSVMapping()
        named.direction = .name("Af Bij")
        let odd = try read(ing.replacingOccurrences(of: "\"Bij\"", with: "\"Storno\""), named).reading
        #expect(
            odd.unreadable.map(\.description) == [
                "line 3: “Storno” in the direction column says neither money in nor money out"
            ])
        // Capital One 360: "Transaction Type" Credit/Debit.
        let capitalOne = """
            Account Number,Transaction Description,Transaction Date,Transaction Type,Transaction Amount,Balance
            3600,Deposit from ACME PAYROLL,01/03/24,Credit,2500.00,3500.00
            3600,Debit Card Purchase - STARBUCKS,01/05/24,Debit,5.75,3494.25

            """
        #expect(try read(capitalOne).reading.statements[0].entries.map(\.amount.minorUnits) == [250_000, -575])
        // Signed amounts keep their sign: Chase's DEBIT/CREDIT "Details" is no direction column then.
        let chase =
            "Details,Posting Date,Description,Amount,Type,Balance\nDEBIT,01/05/2024,COFFEE,-5.75,DEBIT_CARD,100.00\n"
            + "CREDIT,01/06/2024,PAYROLL,2500.00,ACH_CREDIT,2600.00\n"
        let signed = try read(chase)
        #expect(signed.mapping.direction == nil)
        #expect(signed.reading.statements[0].entries.map(\.amount.minorUnits) == [-575, 250_000])
        // DKB (2023): money in takes its payee from "Zahlungspflichtige*r".
        let dkb = """
            "Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Umsatztyp";"Betrag (€)"
            "15.01.24";"15.01.24";"Gebucht";"Max Mustermann";"REWE Markt GmbH";"REWE SAGT DANKE";"Ausgang";"-23,45"
            "10.01.24";"10.01.24";"Gebucht";"Arbeitgeber AG";"Max Mustermann";"Gehalt";"Eingang";"3.210,77"
            "20.01.24";"20.01.24";"Gebucht";"Max  Mustermann";"";"Kontoführung";"Ausgang";"-4,90"

            """
        // The holder alone on a row (a fee) names no payee: the notes do.
        let payees = try read(dkb).reading.statements[0].entries.map(\.payee)
        #expect(payees == ["REWE Markt GmbH", "Arbeitgeber AG", "Kontoführung"])
        // Rent paid twice: the landlord ties with the holder, so neither is taken as the holder.
        let rent = """
            "Buchungsdatum";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Betrag (€)"
            "01.01.24";"Max Mustermann";"Vermieter GbR";"-1.150,00"
            "01.02.24";"Max Mustermann";"Vermieter GbR";"-1.150,00"

            """
        #expect(try read(rent).reading.statements[0].entries.map(\.payee) == ["Vermieter GbR", "Vermieter GbR"])
    }

    @Test("Revolut: a pending row waits, a reverted or declined one never happened")
    func revolutStates() throws {
        let text = """
            Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
            CARD_PAYMENT,Current,2023-01-05 14:03:22,2023-01-06 09:00:01,Tesco,-12.30,0.00,EUR,COMPLETED,100.00
            EXCHANGE,Current,2023-01-07 10:00:00,,Exchanged to USD,-20.00,0.10,EUR,PENDING,
            TRANSFER,Current,2023-01-08 10:00:00,2023-01-08 10:00:01,To John,-1000.00,0.00,EUR,REVERTED,
            CARD_PAYMENT,Current,2023-01-09 10:00:00,2023-01-09 10:00:01,Amazon,-5.00,0.00,EUR,DECLINED,

            """
        let reading = try CSVBankReader.read(text, mapping: CSVMapping(), currency: nil).reading
        #expect(reading.statements[0].entries.map(\.payee) == ["Tesco"])
        #expect(reading.pending == 1 && reading.unreadable.isEmpty)
    }

    @Test("a guessed id column whose values repeat is not the bank's id; a currency in the header beats the default")
    func referencesAndCurrencies() throws {
        let text =
            "Date,Payee,Amount (EUR),ID\n2024-01-02,Netflix,-9.99,NETFLIX.COM\n2024-02-02,Netflix,-9.99,NETFLIX.COM\n"
        let reading = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .usd)).reading
        let entries = reading.statements[0].entries
        #expect(entries.allSatisfy { $0.bankID == nil }, "repeating ids fall back to fingerprints")
        #expect(entries.allSatisfy { $0.amount.currency == .eur }, "the header's EUR beats the default USD")
        let references = "Date,Payee,Amount,Reference\n2024-01-02,Netflix,-9.99,R1\n"
        let guessed = try BankFileReader.read(Data(references.utf8), options: BankFileOptions(currency: .eur))
        #expect(guessed.csv?.mapping.id == nil, "a Reference column is free text, not an id")
    }

    @Test(
        "a large CSV is read in parts at once, the same as in one: quoted line breaks, CRLF, equal rows, an unreadable row's line"
    )
    func largeFileInParts() throws {
        // About 3 MB: cut into parts on every core; quoted cells with line breaks and delimiters
        // fall everywhere, including where the cuts are aimed.
        var text = "Title line with a \"stray quote\r\nBuchungstag;Empfänger;Verwendungszweck;Betrag\r\n"
        var line = 3
        var expectedLines: [Int] = []
        for index in 0..<40_000 {
            let notes = index % 7 == 0 ? "\"Zeile eins\r\nZeile; \"\"zwei\"\"\"" : "Kartenzahlung \(index % 50)"
            let amount = index == 31_337 ? "zwölf" : "-\(index % 90 + 1),\(index % 10)0"
            text += "0\(index % 9 + 1).03.2024;Café \(index % 13);\(notes);\(amount)\r\n"
            if index == 31_337 { expectedLines.append(line) }
            line += index % 7 == 0 ? 2 : 1
        }
        #expect(text.utf8.count > 1 << 20, "above the size read in parts")
        let reading = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .eur)).reading
        #expect(reading.entryCount == 39_999)
        #expect(reading.unreadable.map(\.place) == expectedLines.map { "line \($0)" })
        let entries = reading.statements[0].entries
        #expect(entries[0].notes == "Zeile eins Zeile; \"zwei\"")
        #expect(entries[1].notes == "Kartenzahlung 1" && entries[1].place == "line 5")
        #expect(entries.last?.place == "line \(line - 1)")
        var expectedSum: Int64 = 0
        for index in 0..<40_000 where index != 31_337 {
            expectedSum -= Int64(index % 90 + 1) * 100 + Int64(index % 10) * 10
        }
        #expect(entries.map(\.amount.minorUnits).reduce(0, +) == expectedSum)
        // Equal rows (same day, amount and payee) keep their own keys, in file order.
        let keys = reading.statements[0].importKeys
        #expect(Set(keys).count == keys.count)
    }

    @Test("dates that could be either way are read in the order the person's locale writes them")
    func preferredDateOrder() throws {
        let text = "Date,Payee,Amount\n01/02/2024,Deli,-3.00\n03/04/2024,Deli,-4.00\n"
        var american = BankFileOptions(currency: .usd)
        american.preferredDateOrder = .monthDayYear
        let us = try BankFileReader.read(Data(text.utf8), options: american).reading.statements[0].entries
        #expect(us.map(\.day) == [Day(year: 2024, month: 1, day: 2), Day(year: 2024, month: 3, day: 4)])
        let european = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .usd))
        #expect(european.reading.statements[0].entries[0].day == Day(year: 2024, month: 2, day: 1))
    }

    @Test("a quoted cell never closed refuses the file with the line it opens on")
    func unclosedQuote() {
        let text = "Date;Payee;Amount\n2024-01-02;A;-1,00\n2024-01-03;\"B;-2,00\n2024-01-04;C;-3,00\n"
        do {
            _ = try BankFileReader.read(Data(text.utf8), options: BankFileOptions(currency: .eur))
            Issue.record("the rest of the file went into one cell")
        } catch {
            #expect(error.message.hasPrefix("line 3: a quoted cell opens here and is never closed"), "\(error.message)")
        }
    }

    @Test("the lines to skip are bounded wherever they come from")
    func skipBounded() {
        var mapping = CSVMapping()
        mapping.skipLines = Int.max
        #expect(throws: BillfoldError.self) {
            try BankFileReader.read(
                Data("Date;Amount\n".utf8), options: BankFileOptions(currency: .eur, mapping: mapping))
        }
    }

    @Test("OFX, QIF and CAMT name the transaction, line or entry they cannot read, and why")
    func namedRefusals() throws {
        let ofx = """
            OFXHEADER:100
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>1</BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><DTPOSTED>20240105<FITID>A-1<NAME>Shop</STMTTRN>
            <STMTTRN><DTPOSTED>20240231<TRNAMT>-1.00<FITID>A-2<NAME>Kiosk</STMTTRN></BANKTRANLIST>
            </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        let read = try BankFileReader.read(Data(ofx.utf8)).reading
        #expect(
            read.unreadable.map(\.description) == [
                "transaction 1 (FITID A-1): it has no amount (TRNAMT)",
                "transaction 2 (FITID A-2): “20240231” is not a date: there is no such day",
            ])
        let qif = "!Type:Bank\nD01/05/2024\nPShop\n^\nD01/06/2024\nTabc\nPKiosk\n^\n"
        let qifRead = try BankFileReader.read(Data(qif.utf8), options: BankFileOptions(currency: .eur)).reading
        #expect(
            qifRead.unreadable.map(\.description) == [
                "line 2: the record has no amount (T)", "line 6: “abc” is not an amount",
            ])
        let camt = """
            <?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>
            <Stmt><Acct><Id><IBAN>AT1</IBAN></Id><Ccy>EUR</Ccy></Acct>
            <Ntry><Amt Ccy="EUR">5.00</Amt><Sts>BOOK</Sts><BookgDt><Dt>2024-01-05</Dt></BookgDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """
        let camtRead = try BankFileReader.read(Data(camt.utf8)).reading
        #expect(
            camtRead.unreadable.map(\.description) == ["entry 1 (line 3): it says neither CRDT nor DBIT (CdtDbtInd)"])
        // CAMT amounts are XML decimals: a comma is refused, not read as a thousands mark.
        let comma = camt.replacingOccurrences(of: "5.00", with: "23,45").replacingOccurrences(
            of: "<BookgDt>", with: "<CdtDbtInd>DBIT</CdtDbtInd><BookgDt>")
        #expect(
            try BankFileReader.read(Data(comma.utf8)).reading.unreadable.map(\.description) == [
                "entry 1 (line 3): “23,45” is not a valid EUR amount: write a number like -12.34 with at most 2 decimals"
            ])
        // A download cut short is refused, not read in part.
        for cut in [String(camt.prefix(camt.count - 40)), String(ofx.prefix(ofx.count - 30))] {
            #expect(throws: BillfoldError.self) { try BankFileReader.read(Data(cut.utf8)) }
        }
    }
}
