import AsyncHTTPClient
import BillfoldCore
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Vapor

/// What the server may fetch when a user gives it an address. By default only https to public
/// addresses; the operator can allow plain http and private networks (tests use both).
public struct OutboundPolicy: Sendable, Equatable {
    public var allowHTTP: Bool
    public var allowPrivateAddresses: Bool

    public init(allowHTTP: Bool, allowPrivateAddresses: Bool) {
        self.allowHTTP = allowHTTP
        self.allowPrivateAddresses = allowPrivateAddresses
    }

    public static let strict = OutboundPolicy(allowHTTP: false, allowPrivateAddresses: false)

    /// Loopback, private, link-local (cloud metadata at 169.254.169.254 among them), carrier-grade
    /// NAT, documentation, multicast and reserved ranges: nothing a user's server should be on.
    static let forbidden = AddressRanges(
        ranges: forbiddenRanges.map { entry in
            let parts = entry.split(separator: "/").map(String.init)
            return AddressRanges.Range(bytes: AddressRanges.bytes(parts[0]) ?? [], prefix: Int(parts[1]) ?? 0)
        })

    static let forbiddenRanges = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
        "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
        "224.0.0.0/4", "240.0.0.0/4", "::/127", "::ffff:0:0/96", "64:ff9b::/96", "100::/64", "2001:db8::/32",
        "2002::/16", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
    ]
}

/// One GET to an address a user typed, with the checks that keep it from reaching anything but a
/// public web server: the scheme, every address the name resolves to, no redirects, a 5 s connect
/// and 20 s whole-request limit, and a cap on the answer's size. Failures are a fixed set of
/// reasons, so the answer never tells what is behind an address (open or closed ports, bodies).
struct OutboundFetch: Sendable {
    static let connectTimeout: Int64 = 5
    static let requestTimeout: Int64 = 20
    static let maxBodyBytes = 32 * 1024 * 1024

    let client: HTTPClient
    let policy: OutboundPolicy

    enum Refusal: Error, Equatable {
        case notAllowed, unreachable, timedOut, tooLarge
    }

    struct Answer {
        var status: HTTPResponseStatus
        var body: Data
    }

    /// Checks an address before anything is sent; the reason is a sentence for the user.
    func checkAddress(_ text: String) throws(BillfoldError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            url.user == nil, url.password == nil
        else {
            throw BillfoldError.validation("baseURL", Phrase("error.security.addressMissing"))
        }
        guard scheme == "https" || (scheme == "http" && policy.allowHTTP) else {
            throw BillfoldError.validation("baseURL", Phrase("error.security.addressNotHTTPS"))
        }
        return url
    }

    func get(_ url: URL, bearer: String?) async throws -> Answer {
        try await send(.GET, url, bearer: bearer)
    }

    /// Sends a request with an optional JSON body, held to the same checks as every fetch.
    func send(_ method: HTTPMethod, _ url: URL, bearer: String?, json: Data? = nil) async throws -> Answer {
        // Checked again on every fetch: a saved address is held to today's policy.
        guard (try? checkAddress(url.absoluteString)) != nil, let host = url.host else { throw Refusal.notAllowed }
        let addresses = try await resolve(host, port: url.port ?? (url.scheme == "https" ? 443 : 80))
        guard !addresses.isEmpty else { throw Refusal.unreachable }
        if !policy.allowPrivateAddresses {
            for address in addresses where Self.isForbidden(address) { throw Refusal.notAllowed }
        }
        // Plain http goes to the address just checked, so a second lookup cannot swap in another
        // (DNS rebinding). https keeps the name: the certificate must match it, which an internal
        // host cannot forge.
        var target = url.absoluteString
        var hostHeader: String?
        if url.scheme?.lowercased() == "http" {
            guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw Refusal.notAllowed }
            let ip = addresses[0]
            parts.host = ip.contains(":") ? "[\(ip)]" : ip
            guard let pinned = parts.string else { throw Refusal.notAllowed }
            target = pinned
            hostHeader = host + (url.port.map { ":\($0)" } ?? "")
        }
        var request = HTTPClientRequest(url: target)
        if let bearer {
            request.headers.add(name: "Authorization", value: "Bearer \(bearer)")
            request.headers.add(name: "Accept", value: "application/json")
        }
        request.method = method
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: json))
        }
        if let hostHeader { request.headers.replaceOrAdd(name: "Host", value: hostHeader) }
        let client = self.client
        let prepared = request
        return try await withThrowingTaskGroup(of: Answer.self) { group in
            group.addTask {
                let response: HTTPClientResponse
                do {
                    response = try await client.execute(prepared, timeout: .seconds(Self.requestTimeout))
                } catch let error as HTTPClientError where error == .deadlineExceeded || error == .connectTimeout {
                    throw Refusal.timedOut
                } catch {
                    throw Refusal.unreachable
                }
                if let length = response.headers.first(name: "Content-Length").flatMap(Int.init),
                    length > Self.maxBodyBytes
                {
                    throw Refusal.tooLarge
                }
                var body = ByteBuffer()
                do {
                    for try await var chunk in response.body {
                        guard body.readableBytes + chunk.readableBytes <= Self.maxBodyBytes else {
                            throw Refusal.tooLarge
                        }
                        body.writeBuffer(&chunk)
                    }
                } catch let refusal as Refusal {
                    throw refusal
                } catch {
                    throw Refusal.unreachable
                }
                return Answer(
                    status: HTTPResponseStatus(statusCode: Int(response.status.code)), body: Data(buffer: body))
            }
            group.addTask {
                try await Task.sleep(for: .seconds(Self.requestTimeout))
                throw Refusal.timedOut
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// True for an address in a forbidden range (IPv4 written as IPv6, `::ffff:a.b.c.d`, is one).
    static func isForbidden(_ address: String) -> Bool {
        OutboundPolicy.forbidden.contains(address)
    }

    /// Every address the name resolves to (looked up off the event loop), or the literal itself.
    private func resolve(_ host: String, port: Int) async throws -> [String] {
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        if AddressRanges.bytes(bare) != nil { return [bare] }
        return try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                try await Self.lookups.runIfActive {
                    Self.lookUp(bare, port: port)
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(Self.connectTimeout))
                throw Refusal.timedOut
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// Name lookups block their thread until the name server answers; on a pool of their own they
    /// never hold up SQLite, which works on the shared pool.
    private static let lookups: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    private static func lookUp(_ host: String, port: Int) -> [String] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(list) }
        var out: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
                let family = entry.pointee.ai_family
                let done: UnsafePointer<CChar>? =
                    family == AF_INET
                    ? address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                        var raw = v4.pointee.sin_addr
                        return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                    }
                    : family == AF_INET6
                        ? address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                            var raw = v6.pointee.sin6_addr
                            return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                        } : nil
                if done != nil {
                    let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                    out.append(String(decoding: bytes, as: UTF8.self))
                }
            }
            cursor = entry.pointee.ai_next
        }
        return out
    }
}

extension OutboundFetch.Refusal {
    /// The fixed sentence for each reason.
    func problem(_ base: String) -> BillfoldError {
        switch self {
        case .notAllowed:
            BillfoldError(
                .validationFailed, Phrase("error.security.addressPrivate"),
                fields: ["baseURL": Phrase("error.security.addressPrivateField")])
        case .unreachable:
            BillfoldError(.unavailable, Phrase("error.security.fetchUnreachable", ["address": base]))
        case .timedOut: BillfoldError(.unavailable, Phrase("error.security.fetchTimedOut", ["address": base]))
        case .tooLarge: BillfoldError(.unavailable, Phrase("error.security.fetchTooLarge", ["address": base]))
        }
    }
}
