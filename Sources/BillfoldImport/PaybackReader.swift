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
            // The decoder's own words, which are not Billfold's.
            throw BillfoldError(
                .invalidImportFile, Phrase("error.import.notJSONBecause", ["reason": error.localizedDescription]))
        }
        var seen = Set<String>()
        var result: [PaybackTransaction] = []
        for (index, item) in file.items.enumerated() {
            let transaction = try read(item, at: index)
            guard seen.insert(item.alias.reference).inserted else {
                throw fault(
                    index, "alias.reference",
                    Phrase("error.import.paybackReferenceTwice", ["reference": item.alias.reference]))
            }
            result.append(transaction)
        }
        return result
    }

    private static func read(_ item: PaybackFile.Item, at index: Int) throws(BillfoldError) -> PaybackTransaction {
        let detail = item.transactionDetail
        let reference = item.alias.reference.trimmingCharacters(in: .whitespaces)
        guard !reference.isEmpty else {
            throw fault(index, "alias.reference", Phrase("error.import.paybackReferenceEmpty"))
        }
        let bookedAt: BookingTime
        let currency: Currency
        let money: Money
        do {
            bookedAt = try BookingTime(iso8601: detail.bookingDate)
        } catch {
            throw fault(
                index, "transactionDetail.bookingDate",
                Phrase("error.import.paybackNotADate", ["text": detail.bookingDate]))
        }
        do {
            currency = try Currency(code: detail.value.currency)
        } catch {
            throw fault(index, "transactionDetail.value.currency", error.phrase)
        }
        do {
            money = try Money(parsing: "\(detail.value.amount)", currency: currency)
        } catch {
            throw fault(index, "transactionDetail.value.amount", error.phrase)
        }
        let new = NewTransaction(
            bookedAt: bookedAt, payee: item.partnerDisplayName,
            originalName: item.partnerDisplayName, notes: detail.description ?? "", money: money,
            status: .cleared, externalID: reference)
        do {
            return PaybackTransaction(transaction: try new.validated(), paybackCategory: item.category)
        } catch {
            throw fault(index, error.fieldPhrases.keys.first ?? "item", error.phrase)
        }
    }

    /// The whole message quotes the problem's phrase, written in the reader's words when shown.
    private static func fault(_ index: Int, _ field: String, _ problem: Phrase) -> BillfoldError {
        let path = "items[\(index)].\(field)"
        return BillfoldError(
            .invalidImportFile,
            Phrase(
                "error.import.paybackItemFault",
                ["number": String(index + 1), "path": path], phrases: ["problem": problem]),
            fields: [path: problem])
    }
}

/// Turns decoding errors into a sentence that names the place in the file.
public enum ImportErrorText {
    /// The place and the kind of value are written in the current words (a phrase's values are
    /// text); the decoder's own description stays as it wrote it.
    public static func describe(_ error: DecodingError) -> Phrase {
        switch error {
        case .keyNotFound(let key, let context):
            return Phrase(
                "error.import.jsonFieldMissing",
                ["place": place(context.codingPath + [key]), "field": key.stringValue])
        case .typeMismatch(let type, let context):
            return Phrase("error.import.jsonExpected", ["place": place(context.codingPath), "kind": typeName(type)])
        case .valueNotFound(let type, let context):
            return Phrase(
                "error.import.jsonExpectedFoundNull", ["place": place(context.codingPath), "kind": typeName(type)])
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return Phrase("error.import.jsonInvalid")
            }
            return Phrase(
                "error.import.jsonCorrupted", ["place": place(context.codingPath), "reason": context.debugDescription])
        @unknown default:
            return Phrase("error.import.jsonUnreadable")
        }
    }

    /// `items[3].transactionDetail` reads as "Item 4 of the file (items[3].transactionDetail)", in
    /// the current words.
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
        if text.isEmpty { return tr("error.import.jsonPlaceFile") }
        if let item { return tr("error.import.jsonPlaceItem", ["number": String(item + 1), "path": text]) }
        return tr("error.import.jsonPlaceFileAt", ["path": text])
    }

    /// What a value of `type` is, in the current words: "a string", "a whole number".
    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: tr("error.import.jsonKindString")
        case is Int.Type, is Int64.Type: tr("error.import.jsonKindWholeNumber")
        case is Decimal.Type, is Double.Type: tr("error.import.jsonKindNumber")
        case is Bool.Type: tr("error.import.jsonKindBool")
        default:
            // Never a Swift type name ("Dictionary<String, Any>"): say what the file should hold.
            "\(type)".hasPrefix("Dictionary")
                ? tr("error.import.jsonKindObject")
                : "\(type)".hasPrefix("Array") ? tr("error.import.jsonKindList") : tr("error.import.jsonKindOther")
        }
    }
}
