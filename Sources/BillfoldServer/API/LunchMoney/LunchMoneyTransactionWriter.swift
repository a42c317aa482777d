import BillfoldCore
import Foundation
import NIOCore

/// `/v1` transaction objects written straight into a buffer: the same bytes `JSONEncoder.api`
/// writes for `LunchMoneyTransactionJSON` (a test holds them equal), at a fraction of the cost.
/// A page of a thousand objects of fifty fields each was most of `/v1/transactions`' time.
struct LunchMoneyTransactionWriter: LunchMoneyFieldSink {
    private(set) var json: JSONWriter
    /// Whether the next field is its object's first.
    private var first = true

    init(capacity: Int) { json = JSONWriter(capacity: capacity) }

    /// `{"has_more": …, "transactions": […]}`.
    static func page(_ objects: [LunchMoneyTransactionJSON], more: Bool) -> ByteBuffer {
        var writer = LunchMoneyTransactionWriter(capacity: 64 + objects.count * 1400)
        writer.json.raw("{\"has_more\":\(more),\"transactions\":[")
        for (index, object) in objects.enumerated() {
            if index > 0 { writer.json.raw(",") }
            writer.write(object)
        }
        writer.json.raw("]}")
        return writer.json.buffer
    }

    static func object(_ object: LunchMoneyTransactionJSON) -> ByteBuffer {
        var writer = LunchMoneyTransactionWriter(capacity: 1400)
        writer.write(object)
        return writer.json.buffer
    }

    /// An object: its fields handed to `field(_:_:)` one at a time.
    private mutating func write(_ object: some LunchMoneyFields) {
        first = true
        json.raw("{")
        object.eachField(into: &self)
        json.raw("}")
    }

    mutating func field(_ name: StaticString, _ value: LunchMoneyTransactionJSON.Value) {
        json.key(name, first: first)
        write(value)
        first = false
    }

    private mutating func write(_ value: LunchMoneyTransactionJSON.Value) {
        switch value {
        case .text(let text): json.optional(text)
        case .number(let number):
            if let number { json.integer(number) } else { json.raw("null") }
        case .flag(let flag): json.raw(flag ? "true" : "false")
        case .decimal(let decimal): json.raw("\(decimal)")
        case .exact(let money): json.raw(Self.number(money))
        case .tags(let tags):
            json.raw("[")
            for (index, tag) in tags.enumerated() {
                json.raw(index == 0 ? "{\"id\":\(tag.id),\"name\":" : ",{\"id\":\(tag.id),\"name\":")
                json.string(tag.name)
                json.raw("}")
            }
            json.raw("]")
        case .children(let children):
            json.raw("[")
            for (index, child) in children.enumerated() {
                if index > 0 { json.raw(",") }
                write(child)
            }
            json.raw("]")
        }
    }

    /// Money as `Decimal`'s description writes it: its digits without trailing zeros after the
    /// point ("12.50" is 12.5, "-2500.00" is -2500).
    static func number(_ money: Money) -> String {
        var text = Money.format(minorUnits: money.minorUnits, decimals: money.currency.minorUnits)
        // Bytes, not `contains(".")`, which goes through Foundation's string search on Linux.
        guard text.utf8.contains(UInt8(ascii: ".")) else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }
}
