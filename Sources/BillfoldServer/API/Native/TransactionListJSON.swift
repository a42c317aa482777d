import BillfoldAPI
import NIOCore

/// Writes `TransactionListResponse` as JSON directly into a buffer: the same bytes as
/// `JSONEncoder.api` (sorted keys, unescaped slashes), at a fraction of the cost. The list is
/// the hottest route, and generic encoding was the largest single part of its time.
/// `TransactionListJSONTests` holds it to byte equality with the encoder.
struct TransactionListJSON {
    private(set) var buffer: ByteBuffer

    init(capacity: Int = 16_384) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    static func encode(_ response: TransactionListResponse) -> ByteBuffer {
        var writer = TransactionListJSON(capacity: 512 + response.transactions.count * 420)
        writer.write(response)
        return writer.buffer
    }

    mutating func write(_ response: TransactionListResponse) {
        raw("{\"nextCursor\":")
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
        raw(",\"transferId\":")
        raw(t.transferId.map { String($0) } ?? "null")
        raw(",\"updatedAt\":")
        string(t.updatedAt)
        raw("}")
    }

    private mutating func raw(_ text: String) {
        buffer.writeString(text)
    }

    private mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A JSON string: quotes, backslashes and control characters escaped as JSONEncoder does;
    /// everything else, including non-ASCII, written as UTF-8.
    private mutating func string(_ text: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
            case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
            case 0x0A: buffer.writeStaticString("\\n")
            case 0x0D: buffer.writeStaticString("\\r")
            case 0x09: buffer.writeStaticString("\\t")
            case 0x08: buffer.writeStaticString("\\b")
            case 0x0C: buffer.writeStaticString("\\f")
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                buffer.writeStaticString("\\u00")
                buffer.writeInteger(hex[Int(byte >> 4)])
                buffer.writeInteger(hex[Int(byte & 0x0F)])
            default: buffer.writeInteger(byte)
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }
}
