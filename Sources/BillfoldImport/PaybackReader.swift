import BillfoldCore
import Foundation

/// A transaction read from a PAYBACK file, with the PAYBACK category number it carried.
public struct PaybackTransaction: Sendable, Equatable {
    public var transaction: NewTransaction
    public var paybackCategory: Int
}

/// Reads a PAYBACK transactions file completely before anything is written: one bad item refuses
/// the whole file, naming the item and the field at fault.
public enum PaybackReader {
    public static func read(_ data: Data) throws(BillfoldError) -> [PaybackTransaction] {
        let file: PaybackFile
        do {
            file = try JSONDecoder().decode(PaybackFile.self, from: data)
        } catch let error as DecodingError {
            throw BillfoldError(.invalidImportFile, ImportErrorText.describe(error))
        } catch {
            throw BillfoldError(.invalidImportFile, "The file is not JSON: \(error.localizedDescription)")
        }
        var seen = Set<String>()
        var result: [PaybackTransaction] = []
        for (index, item) in file.items.enumerated() {
            let transaction = try read(item, at: index)
            guard seen.insert(item.alias.reference).inserted else {
                throw fault(index, "alias.reference", "the reference \(item.alias.reference) appears twice in the file")
            }
            result.append(transaction)
        }
        return result
    }

    private static func read(_ item: PaybackFile.Item, at index: Int) throws(BillfoldError) -> PaybackTransaction {
        let detail = item.transactionDetail
        let reference = item.alias.reference.trimmingCharacters(in: .whitespaces)
        guard !reference.isEmpty else { throw fault(index, "alias.reference", "the reference is empty") }
        let bookedAt: BookingTime
        let currency: Currency
        let money: Money
        do {
            bookedAt = try BookingTime(iso8601: detail.bookingDate)
        } catch {
            throw fault(
                index, "transactionDetail.bookingDate",
                "“\(detail.bookingDate)” is not a date like 2022-07-24T10:59:05+0200")
        }
        do {
            currency = try Currency(code: detail.value.currency)
        } catch {
            throw fault(index, "transactionDetail.value.currency", error.message)
        }
        do {
            money = try Money(parsing: "\(detail.value.amount)", currency: currency)
        } catch {
            throw fault(index, "transactionDetail.value.amount", error.message)
        }
        let new = NewTransaction(
            bookedAt: bookedAt, payee: item.partnerDisplayName,
            originalName: item.partnerDisplayName, notes: detail.description ?? "", money: money,
            status: .cleared, externalID: reference)
        do {
            return PaybackTransaction(transaction: try new.validated(), paybackCategory: item.category)
        } catch {
            throw fault(index, error.fields.keys.first ?? "item", error.message)
        }
    }

    private static func fault(_ index: Int, _ field: String, _ problem: String) -> BillfoldError {
        BillfoldError(
            .invalidImportFile,
            "Item \(index + 1) of the file (items[\(index)].\(field)): \(problem). Nothing was imported.",
            fields: ["items[\(index)].\(field)": problem])
    }
}

/// Turns decoding errors into a sentence that names the place in the file.
public enum ImportErrorText {
    public static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return
                "\(place(context.codingPath + [key])): the field “\(key.stringValue)” is missing. Nothing was imported."
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)): expected \(typeName(type)). Nothing was imported."
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): expected \(typeName(type)), found null. Nothing was imported."
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "The file is not valid JSON. Nothing was imported."
            }
            return "\(place(context.codingPath)): \(context.debugDescription) Nothing was imported."
        @unknown default:
            return "The file could not be read. Nothing was imported."
        }
    }

    /// `items[3].transactionDetail` reads as "Item 4 of the file (items[3].transactionDetail)".
    public static func place(_ path: [CodingKey]) -> String {
        var text = ""
        var item: Int?
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
                if item == nil { item = index }
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        if text.isEmpty { return "The file" }
        if let item { return "Item \(item + 1) of the file (\(text))" }
        return "The file (\(text))"
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Decimal.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            // Never a Swift type name ("Dictionary<String, Any>"): say what the file should hold.
            "\(type)".hasPrefix("Dictionary")
                ? "an object with named fields" : "\(type)".hasPrefix("Array") ? "a list" : "a different kind of value"
        }
    }
}
