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

    /// Lowercase hex of SHA-256; runs on every API request.
    static func hash(_ secret: String) -> String {
        hex(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Lowercase hex, without format strings (slow on Linux).
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
    }
}
