import BillfoldCore
import Foundation
import Testing
import Vapor
import VaporTesting

@testable import BillfoldServer

@Suite("Outbound fetches and metrics")
struct OutboundAndMetricsTests {
    @Test(
        "the Lunch Money check refuses addresses that are not public https, with a fixed reason",
        arguments: [
            ("http://example.com", "must start with https://"),
            ("https://127.0.0.1:8080", "not allowed"),
            ("https://localhost", "not allowed"),
            ("https://169.254.169.254/latest/meta-data", "not allowed"),
            ("https://[::1]", "not allowed"),
            ("https://10.1.2.3", "not allowed"),
            ("https://192.168.0.10", "not allowed"),
            ("https://[::ffff:127.0.0.1]", "not allowed"),
            ("https://0x7f000001", "not allowed"),
            ("https://2130706433", "not allowed"),
            ("file:///etc/passwd", "Enter the server's address"),
            ("gopher://example.com:70/", "must start with https://"),
            ("https://user:secret@example.com", "Enter the server's address"),
        ])
    func refusedAddresses(address: String, reason: String) async throws {
        try await TestApp.run(.sqlite) { t in
            let ana = try await t.person("ana@example.com")
            let browser = try await Browser.signedIn(t, ana)
            let answer = try await browser.post(
                "/settings/lunchmoney/check", [("baseURL", address), ("token", "tok")],
                headers: ["Accept": "application/json"])
            struct Check: Decodable {
                var valid: Bool
                var message: String
            }
            let check = try JSONDecoder().decode(Check.self, from: answer.body)
            #expect(!check.valid)
            #expect(check.message.contains(reason), "\(address): \(check.message)")
        }
    }

    @Test("forbidden ranges cover loopback, private, link-local, metadata and mapped addresses")
    func ranges() {
        #expect(OutboundPolicy.forbidden.ranges.allSatisfy { !$0.bytes.isEmpty }, "every range parses")
        for address in [
            "127.0.0.1", "127.8.9.10", "10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.1", "169.254.169.254",
            "100.64.0.1", "0.0.0.0", "::1", "::", "fe80::1", "fd00:ec2::254", "::ffff:10.0.0.1", "224.0.0.1",
        ] {
            #expect(OutboundFetch.isForbidden(address), "\(address)")
        }
        for address in ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "172.32.0.1", "192.169.0.1"] {
            #expect(!OutboundFetch.isForbidden(address), "\(address)")
        }
    }

    @Test("IPv4 written as IPv6 is the IPv4 address, for trusted proxies too")
    func mappedAddresses() throws {
        #expect(AddressRanges.bytes("::ffff:10.0.0.5") == [10, 0, 0, 5])
        let proxies = try #require(TrustedProxies(parsing: "10.0.0.0/8"))
        #expect(proxies.contains("::ffff:10.0.0.5"))
        #expect(!proxies.contains("11.0.0.1"))
    }

    @Test("sign-in attempts count an IPv6 address by its /64, an IPv4 one whole")
    func signInAddresses() {
        #expect(SignInThrottle.counted("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(SignInThrottle.counted("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64")
        #expect(SignInThrottle.counted("2001:db8:1:3::1") == "2001:db8:1:3::/64")
        #expect(SignInThrottle.counted("::ffff:203.0.113.7") == "::ffff:203.0.113.7")
        #expect(SignInThrottle.counted("203.0.113.7") == "203.0.113.7")
    }

    @Test("/metrics is off by default, and behind its token when switched on")
    func metrics() async throws {
        try await TestApp.run(.sqlite) { t in
            let off = try await t.send(.GET, "/metrics")
            #expect(off.status == .notFound)
        }
        let token = "metrics-token-0123456789"
        try await TestApp.run(.sqlite, environment: ["BILLFOLD_METRICS_TOKEN": token]) { t in
            let ana = try await t.person("ana@example.com")
            _ = try await t.send(.GET, "/api/v1/transactions", as: ana)
            #expect(try await t.send(.GET, "/metrics").status == .unauthorized)
            #expect(try await t.send(.GET, "/metrics", as: ana).status == .unauthorized, "a user's token is not it")
            let answer = try await t.send(.GET, "/metrics", headers: ["Authorization": "Bearer \(token)"])
            #expect(answer.status == .ok)
            let text = answer.body.string
            #expect(text.contains(#"http_requests_total{method="GET",path="/api/v1/transactions",status="200"}"#))
            #expect(text.contains("http_request_duration_seconds_bucket"))
            #expect(text.contains("billfold_database_transactions_in_use"))
            #expect(!text.contains(ana.token))
        }
    }
}
