import Vapor

/// JSON written straight into a buffer, for the answers too large or too hot for `JSONEncoder`:
/// the same bytes as `JSONEncoder.api` (sorted keys are the caller's order, slashes unescaped).
struct JSONWriter {
    var buffer: ByteBuffer

    init(capacity: Int = 16_384) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    mutating func raw(_ text: String) {
        buffer.writeString(text)
    }

    /// A number as JSONEncoder writes it (so `1.0` is `1`): the encoder itself, for the rare
    /// fractional field; a non-finite value, which JSON cannot hold, is `null`.
    mutating func number(_ value: Double) {
        guard value.isFinite, let data = try? JSONEncoder().encode(value) else { return raw("null") }
        buffer.writeBytes(data)
    }

    mutating func optional(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// A JSON string: quotes, backslashes and control characters escaped as JSONEncoder does;
    /// everything else, including non-ASCII, written as UTF-8. The runs between escapes are
    /// copied whole (byte by byte was an eighth of a 1,000-row `/v1` page).
    mutating func string(_ text: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index {
                    buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<index])))
                }
                escape(byte)
                start = index + 1
            }
            if start < bytes.count {
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...])))
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case 0x0A: buffer.writeStaticString("\\n")
        case 0x0D: buffer.writeStaticString("\\r")
        case 0x09: buffer.writeStaticString("\\t")
        case 0x08: buffer.writeStaticString("\\b")
        case 0x0C: buffer.writeStaticString("\\f")
        default:
            let hex = Array("0123456789abcdef".utf8)
            buffer.writeStaticString("\\u00")
            buffer.writeInteger(hex[Int(byte >> 4)])
            buffer.writeInteger(hex[Int(byte & 0x0F)])
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
