import Foundation
import NIOCore
import Vapor

/// Addresses of reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` headers are
/// believed (`BILLFOLD_TRUSTED_PROXIES`: addresses or CIDR ranges, comma-separated). From anyone
/// else those headers are ignored, so a client cannot pick its own address for the sign-in limit.
public typealias TrustedProxies = AddressRanges

/// A set of IPv4 and IPv6 ranges, such as `10.0.0.0/8, ::1`.
public struct AddressRanges: Sendable, Equatable {
    struct Range: Sendable, Equatable {
        var bytes: [UInt8]
        var prefix: Int
    }

    var ranges: [Range]

    public static let none = AddressRanges(ranges: [])

    /// Parses `127.0.0.1, 10.0.0.0/8, ::1`; nil for an entry that is not an address or range.
    public init?(parsing text: String) {
        var ranges: [Range] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        where !entry.isEmpty {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(parts[0]) else { return nil }
            let full = bytes.count * 8
            let prefix = parts.count == 2 ? Int(parts[1]) : full
            guard let prefix, (0...full).contains(prefix) else { return nil }
            ranges.append(Range(bytes: bytes, prefix: prefix))
        }
        self.ranges = ranges
    }

    init(ranges: [Range]) { self.ranges = ranges }

    func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(address) else { return false }
        return ranges.contains { range in
            guard range.bytes.count == bytes.count else { return false }
            var left = range.prefix
            for (a, b) in zip(range.bytes, bytes) where left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : UInt8(0xFF) << (8 - left)
                if a & mask != b & mask { return false }
                left -= 8
            }
            return true
        }
    }

    /// The address's bytes (4 for IPv4, 16 for IPv6), or nil when it is not an address.
    static func bytes(_ text: String) -> [UInt8]? {
        guard let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
        switch address {
        case .v4(let v4):
            return withUnsafeBytes(of: v4.address.sin_addr.s_addr) { Array($0) }
        case .v6(let v6):
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            // An IPv4 address written as IPv6 (::ffff:10.0.0.5, as a dual-stack listener reports
            // IPv4 peers) is that IPv4 address.
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return Array(bytes[12...])
            }
            return bytes
        default: return nil
        }
    }
}

extension Request {
    private var peerAddress: String? { remoteAddress?.ipAddress }

    private var peerIsTrustedProxy: Bool {
        guard let peer = peerAddress else { return false }
        return application.billfoldConfiguration.trustedProxies.contains(peer)
    }

    /// Who is asking: the connection's address, or, behind a trusted proxy, the last address in
    /// `X-Forwarded-For` that is not itself a trusted proxy.
    var clientAddress: String {
        let peer = peerAddress ?? "unknown"
        // Every X-Forwarded-For line, in order: a proxy may add its own line after the client's.
        let forwarded = headers[canonicalForm: "X-Forwarded-For"].map(String.init)
        guard peerIsTrustedProxy, !forwarded.isEmpty else { return peer }
        let hops = forwarded.map { $0.trimmingCharacters(in: .whitespaces) }
        let proxies = application.billfoldConfiguration.trustedProxies
        return hops.reversed().first { !proxies.contains($0) && TrustedProxies.bytes($0) != nil } ?? peer
    }

    /// True when the browser reached us over https: the public URL says so, or a trusted proxy does.
    var isSecure: Bool {
        if application.billfoldConfiguration.publicURL?.scheme == "https" { return true }
        return peerIsTrustedProxy && headers.first(name: "X-Forwarded-Proto")?.lowercased() == "https"
    }

    /// True when `origin` (an `Origin` header) is this site: the public URL's origin when it is
    /// set, otherwise the same host and port as the `Host` the browser asked for.
    func isThisSite(origin: String) -> Bool {
        guard let url = URL(string: origin), let scheme = url.scheme, let host = url.host else { return false }
        let authority = host + (url.port.map { ":\($0)" } ?? "")
        if let publicURL = application.billfoldConfiguration.publicURL, let publicHost = publicURL.host {
            return scheme == publicURL.scheme
                && authority.lowercased() == (publicHost + (publicURL.port.map { ":\($0)" } ?? "")).lowercased()
        }
        return headers.first(name: .host)?.lowercased() == authority.lowercased()
    }
}
