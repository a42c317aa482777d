import BillfoldAPI
import NIOCore

/// Writes `TransactionListResponse` as JSON directly into a buffer: the same bytes as
/// `JSONEncoder.api` (sorted keys, unescaped slashes), at a fraction of the cost. The list is
/// the hottest route, and generic encoding was the largest single part of its time.
/// `TransactionListJSONTests` holds it to byte equality with the encoder.
struct TransactionListJSON {
    private var json: JSONWriter

    init(capacity: Int = 16_384) {
        json = JSONWriter(capacity: capacity)
    }

    var buffer: ByteBuffer { json.buffer }

    static func encode(_ response: TransactionListResponse) -> ByteBuffer {
        var writer = TransactionListJSON(capacity: 512 + response.transactions.count * 420)
        writer.write(response)
        return writer.buffer
    }

    mutating func write(_ response: TransactionListResponse) {
        raw("{")
        if let converted = response.convertedTotal {
            raw("\"convertedTotal\":{\"amount\":")
            string(converted.amount)
            raw(",\"currency\":")
            string(converted.currency)
            raw(",\"missingCurrencies\":[")
            for (index, code) in converted.missingCurrencies.enumerated() {
                if index > 0 { raw(",") }
                string(code)
            }
            raw("]")
            if let oldest = converted.oldestRate {
                raw(",\"oldestRate\":")
                string(oldest)
            }
            raw(",\"usedEarlierRates\":\(converted.usedEarlierRates)},")
        }
        raw("\"nextCursor\":")
        optional(response.nextCursor)
        raw(",\"totals\":[")
        for (index, total) in response.totals.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"amount\":")
            string(total.amount)
            raw(",\"count\":\(total.count),\"currency\":")
            string(total.currency)
            raw("}")
        }
        raw("],\"transactions\":[")
        for (index, transaction) in response.transactions.enumerated() {
            if index > 0 { raw(",") }
            write(transaction)
        }
        raw("]}")
    }

    mutating func write(_ t: TransactionDTO) {
        raw("{\"accountId\":\(t.accountId),\"amount\":")
        string(t.amount)
        raw(",\"bookedAt\":")
        string(t.bookedAt)
        raw(",\"categoryId\":")
        raw(t.categoryId.map { String($0) } ?? "null")
        raw(",\"categorySource\":")
        optional(t.categorySource?.rawValue)
        raw(",\"createdAt\":")
        string(t.createdAt)
        raw(",\"currency\":")
        string(t.currency)
        raw(",\"externalId\":")
        optional(t.externalId)
        raw(",\"groupId\":")
        raw(t.groupId.map { String($0) } ?? "null")
        raw(",\"id\":\(t.id),\"kind\":")
        optional(t.kind)
        raw(",\"notes\":")
        string(t.notes)
        raw(",\"originalName\":")
        string(t.originalName)
        raw(",\"parentId\":")
        raw(t.parentId.map { String($0) } ?? "null")
        raw(",\"payee\":")
        string(t.payee)
        raw(",\"status\":")
        string(t.status.rawValue)
        if let suggestion = t.suggestion {
            raw(",\"suggestion\":{\"categoryId\":\(suggestion.categoryId),\"confidence\":")
            json.number(suggestion.confidence)
            raw("}")
        }
        raw(",\"transferId\":")
        raw(t.transferId.map { String($0) } ?? "null")
        raw(",\"updatedAt\":")
        string(t.updatedAt)
        raw("}")
    }

    private mutating func raw(_ text: String) { json.raw(text) }
    private mutating func string(_ text: String) { json.string(text) }
    private mutating func optional(_ text: String?) { json.optional(text) }
}
