import BillfoldCore
import Foundation

/// What a person chose for a file: everything is optional, and what is left open is detected.
public struct BankFileOptions: Sendable, Equatable {
    /// The format; detected from the content when nil.
    public var format: BankFormat?
    /// The account's currency, for formats and files that do not name one (QIF, most CSV).
    public var currency: Currency?
    /// The CSV mapping (CSV only).
    public var mapping: CSVMapping
    /// The order of day, month and year, for CSV and QIF.
    public var dateOrder: DateOrder?
    /// The order to take when a file's dates leave it open (from the person's locale).
    public var preferredDateOrder: DateOrder = .dayMonthYear

    public init(
        format: BankFormat? = nil, currency: Currency? = nil, mapping: CSVMapping = CSVMapping(),
        dateOrder: DateOrder? = nil
    ) {
        self.format = format
        self.currency = currency
        self.mapping = mapping
        self.dateOrder = dateOrder
    }
}

/// Reads any bank file Billfold knows: detects the encoding and the format, refuses what is not
/// a bank export with what it is, and reads the whole file before anything is written.
public enum BankFileReader {
    /// A file read, with the CSV mapping as completed (nil for other formats).
    public struct Read: Sendable {
        public var reading: BankFileReading
        public var csv: CSVBankReader.Result?
    }

    /// The format `text` is in, or nil when it is none Billfold reads.
    public static func detect(_ text: String) -> BankFormat? {
        if OFXReader.recognises(text) { return .ofx }
        if CAMTReader.recognises(text) { return .camt }
        if QIFReader.recognises(text) { return .qif }
        let start = text.prefix(200).trimmingCharacters(in: .whitespacesAndNewlines)
        if start.hasPrefix("{") || start.hasPrefix("[") || start.hasPrefix("<") { return nil }
        return .csv
    }

    public static func read(_ data: Data, options: BankFileOptions = BankFileOptions()) throws(BillfoldError) -> Read {
        let (text, encoding) = try FileText.decode(data, as: options.mapping.encoding)
        let found = detect(text)
        if let asked = options.format { try check(found, asked: asked, text) }
        guard let format = options.format ?? found else { throw notABankFile(text) }
        switch format {
        case .ofx:
            return Read(reading: try OFXReader.read(text, currency: options.currency))
        case .camt:
            // The XML parser reads the bytes itself, with the encoding the file declares.
            return Read(reading: try CAMTReader.read(data))
        case .qif:
            guard let currency = options.currency else {
                throw BillfoldError.validation("currency", Phrase("error.import.qifNoCurrency"))
            }
            return Read(reading: try QIFReader.read(text, currency: currency, dateOrder: options.dateOrder))
        case .csv:
            var mapping = options.mapping
            mapping.dateOrder = mapping.dateOrder ?? options.dateOrder
            var result = try CSVBankReader.read(
                text, mapping: mapping, currency: options.currency, prefer: options.preferredDateOrder)
            result.mapping.encoding = encoding
            return Read(reading: result.reading, csv: result)
        }
    }

    /// A format the person chose must be the file's: read as CSV, an OFX file would only be said
    /// to have no date column. OFX and CAMT say themselves what they miss in other XML.
    private static func check(_ found: BankFormat?, asked: BankFormat, _ text: String) throws(BillfoldError) {
        let start = text.prefix(64).drop { $0.isWhitespace }
        // OFX and CAMT are told by a word in their first kilobytes, which a CSV's text may hold
        // too: only a file that starts as they do is taken for one here.
        let startsAsMarkup = start.hasPrefix("<") || start.uppercased().hasPrefix("OFXHEADER")
        switch found {
        case let found? where found != asked && (found == .qif || (found != .csv && startsAsMarkup)):
            throw BillfoldError(
                .invalidImportFile, Phrase("error.import.otherFormat", ["found": found.label, "asked": asked.label]))
        case nil where asked == .csv || asked == .qif:
            throw notABankFile(text)
        // QIF without a header line is still read: every record of it ends with "^".
        case .csv? where asked == .camt || (asked == .qif && !text.contains("\n^")):
            throw BillfoldError(.invalidImportFile, Phrase("error.import.notFormat", ["asked": asked.label]))
        default:
            return
        }
    }

    /// What a file detected as no bank format is: XML that is no statement, or JSON.
    private static func notABankFile(_ text: String) -> BillfoldError {
        let start = text.prefix(200).trimmingCharacters(in: .whitespacesAndNewlines)
        return BillfoldError(
            .invalidImportFile,
            start.hasPrefix("<") ? Phrase("error.import.xmlNotCAMT") : Phrase("error.import.jsonNotStatement"))
    }
}
