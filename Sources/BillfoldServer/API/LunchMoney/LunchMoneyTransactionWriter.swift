import BillfoldCore
import Foundation
import NIOCore

/// `/v1` transaction objects written straight into a buffer: the same bytes `JSONEncoder.api`
/// writes for `LunchMoneyTransactionJSON` (a test holds them equal), at a fraction of the cost.
/// A page of a thousand objects of fifty fields each was most of `/v1/transactions`' time.
struct LunchMoneyTransactionWriter {
    private(set) var json: JSONWriter

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

    private mutating func write(_ object: LunchMoneyTransactionJSON) {
        var first = true
        json.raw("{")
        object.eachField { name, value in
            write(name, value, first: first)
            first = false
        }
        json.raw("}")
    }

    private mutating func write(_ fields: [(String, LunchMoneyTransactionJSON.Value)]) {
        json.raw("{")
        for (index, (name, value)) in fields.enumerated() { write(name, value, first: index == 0) }
        json.raw("}")
    }

    private mutating func write(_ name: String, _ value: LunchMoneyTransactionJSON.Value, first: Bool) {
        json.raw(first ? "\"" : ",\"")
        json.raw(name)
        json.raw("\":")
        switch value {
        case .text(let text): json.optional(text)
        case .number(let number): json.raw(number.map { String($0) } ?? "null")
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
                write(child.fields)
            }
            json.raw("]")
        }
    }

    /// Money as `Decimal`'s description writes it: its digits without trailing zeros after the
    /// point ("12.50" is 12.5, "-2500.00" is -2500).
    static func number(_ money: Money) -> String {
        var text = Money.format(minorUnits: money.minorUnits, decimals: money.currency.minorUnits)
        guard text.contains(".") else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }
}
