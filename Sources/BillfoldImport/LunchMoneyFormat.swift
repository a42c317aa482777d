import BillfoldCore
import Foundation

/// The JSON Lunch Money's API answers with: `GET /v1/transactions` and `GET /v1/categories`
/// (flattened or nested). Only the fields an import needs; every other key is ignored.
public enum LunchMoneyFile {
    public struct Transactions: Decodable, Sendable {
        public var transactions: [Transaction]
    }

    public struct Transaction: Decodable, Sendable {
        public var id: Int64
        public var date: String
        public var amount: Amount
        public var currency: String?
        public var payee: String?
        public var original_name: String?
        public var notes: String?
        public var status: String?
        /// An imported bank row not yet posted; its `status` then says "uncleared".
        public var is_pending: Bool?
        public var category_id: Int64?
        public var category_name: String?
        public var category_group_id: Int64?
        public var category_group_name: String?
        public var asset_id: Int64?
        public var plaid_account_id: Int64?
        public var account_display_name: String?
        public var asset_display_name: String?
        public var asset_name: String?
        public var plaid_account_display_name: String?
        public var plaid_account_name: String?
        public var is_group: Bool?
        public var has_children: Bool?
        public var parent_id: Int64?
        public var group_id: Int64?
        /// The id the row's own source gave it (a client that inserted it, an import); most have none.
        public var external_id: ExternalID?
    }

    public struct Categories: Decodable, Sendable {
        public var categories: [Category]
    }

    public struct Category: Decodable, Sendable {
        public var id: Int64
        public var name: String
        public var description: String?
        public var is_income: Bool?
        public var exclude_from_budget: Bool?
        public var exclude_from_totals: Bool?
        public var archived: Bool?
        public var is_group: Bool?
        public var group_id: Int64?
        public var children: [Category]?
    }

    /// An amount as Lunch Money writes it: usually a string with four decimals, sometimes a number.
    public struct Amount: Decodable, Sendable {
        public let text: String

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string.trimmingCharacters(in: .whitespaces)
            } else {
                text = "\(try container.decode(Decimal.self))"
            }
        }
    }

    /// An `external_id`: a string, though a client may have sent a number.
    public struct ExternalID: Decodable, Sendable {
        public let text: String

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let string = try? container.decode(String.self) {
                text = string
            } else {
                text = "\(try container.decode(Int64.self))"
            }
        }
    }
}
