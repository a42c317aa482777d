import Foundation

/// A currency: an ISO 4217 code or a loyalty-points currency such as PAYBACK's `PBP`.
///
/// Amounts are stored as integers of the currency's minor unit, so each currency knows how many
/// decimals it has. Points currencies have none.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    public let code: String
    /// Decimals of the minor unit: 2 for EUR, 0 for JPY and PBP, 3 for KWD. Worked out once,
    /// not for each of a million amounts.
    public let minorUnits: Int

    /// Points currencies Billfold knows; they are not in ISO 4217 and have no decimals.
    public static let pointsCurrencies: Set<String> = ["PBP"]

    /// ISO 4217 currencies whose minor unit is not two decimals.
    private static let unusualMinorUnits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
        "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
        "XPF": 0, "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]

    private static let isoCodes: Set<String> = Set(Locale.commonISOCurrencyCodes)

    /// Makes a currency from a code, accepting any case; throws `invalid_currency` otherwise.
    public init(code raw: String) throws(BillfoldError) {
        let code = raw.trimmingCharacters(in: .whitespaces).uppercased()
        guard Currency.isoCodes.contains(code) || Currency.pointsCurrencies.contains(code) else {
            throw BillfoldError(.invalidCurrency, Phrase("error.core.currencyUnknown", ["code": raw]))
        }
        self.code = code
        self.minorUnits = Currency.minorUnits(of: code)
    }

    private init(unchecked code: String) {
        self.code = code
        self.minorUnits = Currency.minorUnits(of: code)
    }

    /// A code read back from storage, where only validated codes are ever written; skips the
    /// checks that cost time on every row of a list.
    public init(stored code: String) { self.init(unchecked: code) }

    public static let eur = Currency(unchecked: "EUR")
    public static let usd = Currency(unchecked: "USD")
    public static let pbp = Currency(unchecked: "PBP")

    private static func minorUnits(of code: String) -> Int {
        pointsCurrencies.contains(code) ? 0 : unusualMinorUnits[code] ?? 2
    }

    public var isPoints: Bool { Currency.pointsCurrencies.contains(code) }

    public var description: String { code }

    /// Every code Billfold accepts, sorted, for pickers.
    public static var allCodes: [String] {
        (isoCodes.union(pointsCurrencies)).sorted()
    }

    public init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        try self.init(code: raw)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
