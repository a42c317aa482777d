import Foundation

/// An HTTP method, spelled as on the wire.
public enum Method: String, Hashable, Sendable, CaseIterable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
}

/// One route: a method and a path template such as `/api/v1/transactions/{id}`, written as in
/// `openapi.json`. The server registers its handlers from these values and the pages, scripts and
/// BillfoldKit build their addresses from the same values, so they cannot disagree.
public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
    /// One piece of a path: a fixed word or a named parameter.
    public enum Segment: Hashable, Sendable {
        case constant(String)
        case parameter(String)
    }

    public let method: Method
    public let segments: [Segment]

    /// `template` is a path of `/`-separated words; `{name}` marks a parameter.
    public init(_ method: Method, _ template: String) {
        self.method = method
        self.segments = template.split(separator: "/").map { word in
            word.hasPrefix("{") && word.hasSuffix("}")
                ? .parameter(String(word.dropFirst().dropLast())) : .constant(String(word))
        }
    }

    /// The template as `openapi.json` writes it.
    public var template: String {
        "/"
            + segments.map {
                switch $0 {
                case .constant(let word): word
                case .parameter(let name): "{\(name)}"
                }
            }.joined(separator: "/")
    }

    /// The names of the parameters, in path order.
    public var parameters: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The path with its parameters filled in, in path order, and an optional query.
    /// Every value is percent-encoded, so a value can never add a path segment.
    public func path(_ values: any CustomStringConvertible..., query: [(String, String)] = []) -> String {
        path(with: values, query: query)
    }

    /// The path with its parameters filled in from an array, and an optional query.
    public func path(with values: [any CustomStringConvertible], query: [(String, String)] = []) -> String {
        assert(values.count == parameters.count, "\(self) takes \(parameters.count) values")
        var next = values.makeIterator()
        let path =
            "/"
            + segments.map {
                switch $0 {
                case .constant(let word): word
                case .parameter:
                    (next.next()?.description ?? "").percentEncoded
                }
            }.joined(separator: "/")
        guard !query.isEmpty else { return path }
        return path + "?" + Endpoint.queryString(query)
    }

    /// `name=value&…`, each part percent-encoded for a query.
    public static func queryString(_ items: [(String, String)]) -> String {
        items.map { "\($0.0.queryEncoded)=\($0.1.queryEncoded)" }.joined(separator: "&")
    }

    public var description: String { "\(method.rawValue) \(template)" }
}

/// A family of routes that one part of the server answers, e.g. the native API.
public protocol RouteCatalogue {
    /// Every route of the family.
    static var all: [Endpoint] { get }
}

extension String {
    /// Every byte but RFC 3986's `unreserved` characters percent-encoded (upper-case hex, UTF-8),
    /// as `addingPercentEncoding` does it, byte by byte: a report page builds a link per cell, and
    /// Foundation's walk over a character set was a tenth of drawing it.
    public var percentEncoded: String {
        func unreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default: false
            }
        }
        if utf8.allSatisfy(unreserved) { return self }
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(utf8.count * 3)
        for byte in utf8 {
            if unreserved(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    fileprivate var queryEncoded: String { percentEncoded }
}
