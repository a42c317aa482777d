import Foundation

/// The PAYBACK transactions file: `{"items": [...]}`, as the PAYBACK app's backend sends it.
///
/// `bookingDate` is `yyyy-MM-dd'T'HH:mm:ssZ` (offset without a colon), `amount` is a JSON number
/// (whole points for `PBP`), `category` an integer, `description` may be absent.
public struct PaybackFile: Codable, Sendable, Equatable {
    public var items: [Item]
    /// Billfold's feed only (the planned "Feed" of the PAYBACK app, which shows the sum of every
    /// transaction): the whole filter's sum per currency, however the items are paged. A file
    /// PAYBACK wrote has none; reading ignores it.
    public var totals: [Total]?

    public init(items: [Item], totals: [Total]? = nil) {
        self.items = items
        self.totals = totals
    }

    /// One currency's sum, in the items' own terms: an amount like theirs, and how many items.
    public struct Total: Codable, Sendable, Equatable {
        public var amount: Decimal
        public var currency: String
        public var count: Int

        public init(amount: Decimal, currency: String, count: Int) {
            self.amount = amount
            self.currency = currency
            self.count = count
        }
    }

    public struct Item: Codable, Sendable, Equatable {
        public var partnerDisplayName: String
        public var alias: Alias
        public var category: Int
        public var transactionDetail: Detail

        public init(partnerDisplayName: String, alias: Alias, category: Int, transactionDetail: Detail) {
            self.partnerDisplayName = partnerDisplayName
            self.alias = alias
            self.category = category
            self.transactionDetail = transactionDetail
        }
    }

    public struct Alias: Codable, Sendable, Equatable {
        public var reference: String
        public init(reference: String) { self.reference = reference }
    }

    public struct Detail: Codable, Sendable, Equatable {
        public var description: String?
        public var bookingDate: String
        public var value: Value

        public init(description: String?, bookingDate: String, value: Value) {
            self.description = description
            self.bookingDate = bookingDate
            self.value = value
        }
    }

    public struct Value: Codable, Sendable, Equatable {
        public var amount: Decimal
        public var currency: String

        public init(amount: Decimal, currency: String) {
            self.amount = amount
            self.currency = currency
        }
    }
}
