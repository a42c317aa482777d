import BillfoldAPI
import BillfoldCore
import Foundation
import Testing

/// Links are written with our own percent-encoding; it must be Foundation's, byte for byte, for
/// every text a person can type (a payee, a search, a tag's name).
@Suite("Percent-encoding of links")
struct PercentEncodingTests {
    @Test("the same as Foundation's for ASCII, accents, CJK, emoji and the characters that split a query")
    func sameAsFoundation() {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let alphabet = Array("aZ09-._~ %&=+?#/:;,@!$'()*[]\"<>\\^`{|}é€ßü日本語🙂\u{0}\u{7F}\t\n")
        var random = SplitMix64(seed: 88)
        var texts = ["", "plain", "Café Kranzler", "a&b=c", "100%", "q=rewe&category=3"]
        for _ in 0..<2_000 {
            texts.append(
                String((0..<Int(random.next() % 12)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            )
        }
        for text in texts {
            #expect(text.percentEncoded == text.addingPercentEncoding(withAllowedCharacters: unreserved), "\(text)")
        }
        #expect(
            NativeAPI.transactions.path(with: [], query: [("q", "Café & Co")])
                == "/api/v1/transactions?q=Caf%C3%A9%20%26%20Co")
    }
}
