import BillfoldImport
import NIOCore

/// The PAYBACK feed written a page at a time: `{"items":[` first, the items of each page as they
/// are read, `]}` last. The bytes are `JSONEncoder.api`'s for the same `PaybackFile`
/// (`PaybackTests` holds them equal), so a client cannot tell the stream from one body.
enum PaybackFeedJSON {
    static let start = "{\"items\":["

    /// After the items: the whole filter's sums per currency, and the end.
    static func end(totals: [PaybackFile.Total]) -> ByteBuffer {
        var json = JSONWriter(capacity: 64 + totals.count * 64)
        json.raw("],\"totals\":[")
        for (index, total) in totals.enumerated() {
            if index > 0 { json.raw(",") }
            json.raw("{\"amount\":\(total.amount),\"count\":\(total.count),\"currency\":")
            json.string(total.currency)
            json.raw("}")
        }
        json.raw("]}")
        return json.buffer
    }

    /// The items of one page; `first` says whether they open the list (no comma before).
    static func items(_ items: [PaybackFile.Item], first: Bool) -> ByteBuffer {
        var json = JSONWriter(capacity: items.count * 240)
        for (index, item) in items.enumerated() {
            if index > 0 || !first { json.raw(",") }
            json.raw("{\"alias\":{\"reference\":")
            json.string(item.alias.reference)
            json.raw("},\"category\":\(item.category),\"partnerDisplayName\":")
            json.string(item.partnerDisplayName)
            json.raw(",\"transactionDetail\":{\"bookingDate\":")
            json.string(item.transactionDetail.bookingDate)
            if let description = item.transactionDetail.description {
                json.raw(",\"description\":")
                json.string(description)
            }
            json.raw(",\"value\":{\"amount\":\(item.transactionDetail.value.amount),\"currency\":")
            json.string(item.transactionDetail.value.currency)
            json.raw("}}}")
        }
        return json.buffer
    }
}
