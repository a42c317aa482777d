import BillfoldCore
import Foundation

/// The text encodings bank files come in.
public enum TextEncoding: String, CaseIterable, Sendable, Codable {
    case utf8 = "utf-8"
    case latin1 = "latin1"
    case windows1252 = "windows-1252"
    case utf16 = "utf-16"

    /// Reads the names people write: `latin1`, `ISO-8859-1`, `cp1252`, `UTF8`…
    public init(parsing text: String) throws(BillfoldError) {
        let name = text.lowercased().replacingOccurrences(of: "_", with: "-")
        switch name {
        case "utf-8", "utf8": self = .utf8
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1", "l1": self = .latin1
        case "windows-1252", "cp1252", "win1252", "1252": self = .windows1252
        case "utf-16", "utf16", "utf-16le", "utf-16be": self = .utf16
        default:
            throw BillfoldError.validation("encoding", Phrase("error.import.unknownEncoding", ["text": text]))
        }
    }
}

/// A bank file's bytes as text: the encoding detected (or the one asked for), a byte order mark
/// dropped, and files that are not bank exports at all (empty, binary, a web page saved by
/// mistake) refused with what they are.
public enum FileText {
    /// The text of `data`, and the encoding it was read in.
    public static func decode(_ data: Data, as asked: TextEncoding? = nil) throws(BillfoldError) -> (
        text: String, encoding: TextEncoding
    ) {
        var bytes = data
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.fileEmpty"))
        }
        if bytes.starts(with: Array("%PDF-".utf8)) {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.pdf"))
        }
        let utf16BOM = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        let utf16Order = utf16BOM ? nil : utf16WithoutBOM(bytes)
        if asked == .utf16 || (asked == nil && (utf16BOM || utf16Order != nil)) {
            guard let text = String(data: bytes, encoding: utf16Order ?? .utf16) else {
                throw BillfoldError(.invalidImportFile, Phrase("error.import.notUTF16"))
            }
            return (try checked(text.replacingOccurrences(of: "\u{FEFF}", with: "")), .utf16)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        // NUL bytes do not occur in text files in these encodings: a spreadsheet, a PDF, a zip.
        if bytes.prefix(8192).contains(0) {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.notText"))
        }
        switch asked {
        case .utf8?:
            guard let text = String(data: bytes, encoding: .utf8) else {
                throw BillfoldError(.invalidImportFile, Phrase("error.import.notUTF8"))
            }
            return (try checked(text), .utf8)
        case .latin1?:
            return (try checked(String(String.UnicodeScalarView(bytes.map(UnicodeScalar.init)))), .latin1)
        case .windows1252?:
            return (try checked(windows1252(bytes)), .windows1252)
        case .utf16?, nil:
            if let text = String(data: bytes, encoding: .utf8) { return (try checked(text), .utf8) }
            // Not UTF-8: the Windows superset of Latin-1, which is what banks mean by "ANSI".
            return (try checked(windows1252(bytes)), .windows1252)
        }
    }

    /// The byte order of UTF-16 written without a byte order mark (Excel's "Unicode text" can be),
    /// seen in its first characters: in text that is mostly Latin, one byte of each pair is zero,
    /// and which one tells the order. Nil when the bytes do not look so.
    static func utf16WithoutBOM(_ bytes: Data) -> String.Encoding? {
        let start = Array(bytes.prefix(1024))
        let pairs = start.count / 2
        guard pairs >= 4 else { return nil }
        var zeroFirst = 0
        var zeroSecond = 0
        for pair in 0..<pairs {
            if start[2 * pair] == 0 { zeroFirst += 1 }
            if start[2 * pair + 1] == 0 { zeroSecond += 1 }
        }
        // A few characters have a zero in the other byte too (U+0100, U+3000, U+4E00).
        if zeroFirst * 10 < pairs, zeroSecond * 10 >= pairs * 7 { return .utf16LittleEndian }
        if zeroSecond * 10 < pairs, zeroFirst * 10 >= pairs * 7 { return .utf16BigEndian }
        return nil
    }

    /// Refuses a web page: banks' sites answer errors and sign-in pages as HTML.
    private static func checked(_ text: String) throws(BillfoldError) -> String {
        let start = text.prefix(512).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
            || start.contains("<html") && start.contains("<head")
        {
            throw BillfoldError(.invalidImportFile, Phrase("error.import.webPage"))
        }
        return text
    }

    /// Windows-1252: Latin-1 with printable characters (€, ‚, „, …, ‰, Š, œ, Ÿ …) in 0x80–0x9F.
    static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let mapped = cp1252High[Int(byte - 0x80)] {
                scalars.append(mapped)
            } else {
                scalars.append(UnicodeScalar(byte))
            }
        }
        return String(scalars)
    }

    private static let cp1252High: [UnicodeScalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]
}
