import BillfoldCore
import Crypto
import Foundation

/// Seals the secrets Billfold keeps for a person (the Lunch Money token) with the server's key
/// (`BILLFOLD_SECRET_KEY`), so a copy of the database alone gives none of them away.
///
/// AES-GCM with a fresh nonce per seal; the person's id is bound in as authenticated data, so a
/// sealed token copied into another person's row does not open. Sealed text reads
/// `v1:<base64 of nonce, ciphertext and tag>`; the version leaves room for another key or cipher.
public struct SecretBox: Sendable, Equatable {
    private let key: SymmetricKey
    static let prefix = "v1:"
    /// How to make a key, said wherever one is missing or wrong (in the current words).
    public static var howToMake: String { tr("error.app.secretKeyHowToMake") }

    /// `text` is 32 random bytes in base64.
    public init(base64 text: String, setting: String = "BILLFOLD_SECRET_KEY") throws(BillfoldError) {
        guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            bytes.count == 32
        else {
            throw Configuration.invalid(setting, Phrase("error.app.config.secretKeyNotBase64"))
        }
        key = SymmetricKey(data: bytes)
    }

    /// Whether `text` was sealed here (as opposed to a token saved before tokens were sealed).
    static func isSealed(_ text: String) -> Bool { text.hasPrefix(prefix) }

    func seal(_ secret: String, for userID: Int64) throws -> String {
        let box = try AES.GCM.seal(Data(secret.utf8), using: key, authenticating: Self.context(userID))
        guard let combined = box.combined else {
            throw BillfoldError(.internalError, Phrase("error.app.secretNotSealed"))
        }
        return Self.prefix + combined.base64EncodedString()
    }

    /// The secret, or nil when it was sealed with another key (or for another person).
    func open(_ sealed: String, for userID: Int64) -> String? {
        guard Self.isSealed(sealed), let data = Data(base64Encoded: String(sealed.dropFirst(Self.prefix.count))),
            let box = try? AES.GCM.SealedBox(combined: data),
            let plain = try? AES.GCM.open(box, using: key, authenticating: Self.context(userID))
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }

    private static func context(_ userID: Int64) -> Data { Data("billfold-user-\(userID)".utf8) }
}
