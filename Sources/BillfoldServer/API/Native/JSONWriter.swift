import Vapor

/// JSON written straight into bytes, for the answers too large or too hot for `JSONEncoder`:
/// the same bytes as `JSONEncoder.api` (sorted keys are the caller's order, slashes unescaped).
/// An array of bytes, not a `ByteBuffer`, until the end: each write into a `ByteBuffer` checks
/// its storage for exclusive access, a seventh of a 1,000-row `/v1` page.
struct JSONWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int = 16_384) {
        bytes.reserveCapacity(capacity)
    }

    /// What was written, in one buffer.
    var buffer: ByteBuffer { ByteBuffer(bytes: bytes) }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A number as JSONEncoder writes it (so `1.0` is `1`): the encoder itself, for the rare
    /// fractional field; a non-finite value, which JSON cannot hold, is `null`.
    mutating func number(_ value: Double) {
        guard value.isFinite, let data = try? JSONEncoder().encode(value) else { return raw("null") }
        bytes.append(contentsOf: data)
    }

    /// `"name":`, after a comma unless it is the object's first: names known when the server is
    /// built are copied without a look at their text.
    mutating func key(_ name: StaticString, first: Bool) {
        raw(first ? "\"" as StaticString : ",\"")
        raw(name)
        raw("\":" as StaticString)
    }

    /// An integer's digits, without a string made for them.
    mutating func integer(_ value: Int64) {
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = digits.count
            repeat {
                index -= 1
                digits[index] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                index -= 1
                digits[index] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[index...]))
        }
    }

    mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A JSON string: quotes, backslashes and control characters escaped as JSONEncoder does;
    /// everything else, including non-ASCII, written as UTF-8. The runs between escapes are
    /// copied whole (byte by byte was an eighth of a 1,000-row `/v1` page).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
                escape(byte)
                start = index + 1
            }
            if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"" as StaticString)
        case UInt8(ascii: "\\"): raw("\\\\" as StaticString)
        case 0x0A: raw("\\n" as StaticString)
        case 0x0D: raw("\\r" as StaticString)
        case 0x09: raw("\\t" as StaticString)
        case 0x08: raw("\\b" as StaticString)
        case 0x0C: raw("\\f" as StaticString)
        default:
            let hex = Array("0123456789abcdef".utf8)
            raw("\\u00" as StaticString)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}

extension Response {
    /// A 200 answer with JSON a writer made.
    static func json(_ body: ByteBuffer) -> Response {
        let response = Response(status: .ok, body: .init(buffer: body))
        response.headers.contentType = .json
        return response
    }
}
