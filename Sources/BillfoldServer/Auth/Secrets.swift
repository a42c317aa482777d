import Crypto
import Foundation

/// Random secrets for sessions and access tokens, and the one-way hash that is all the database
/// ever sees of them.
enum Secrets {
    private static let alphabet = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    /// A new access token: `bf_` and 40 characters from an unambiguous alphabet (~234 bits).
    static func newAccessToken() -> String {
        "bf_" + random(40)
    }

    /// A new session secret for a cookie.
    static func newSessionSecret() -> String { random(43) }

    /// Lowercase hex of SHA-256; runs on every API request, so no format strings.
    static func hash(_ secret: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in SHA256.hash(data: Data(secret.utf8)) {
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
