import Foundation
import Testing

@testable import BillfoldKit

@Suite("Token store on Linux")
struct TokenStoreTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("saved in $XDG_CONFIG_HOME/billfold with 0600 in a 0700 folder, read back, deleted")
    func roundTrip() throws {
        let config = try Self.folder()
        defer { try? FileManager.default.removeItem(at: config) }
        let store = FileTokenStore.standard(environment: ["XDG_CONFIG_HOME": config.path, "HOME": "/nonexistent"])
        #expect(store.file.path == config.path + "/billfold/signin.json")
        #expect(try store.load() == nil)
        let signIn = SavedSignIn(
            server: URL(string: "https://money.example")!, token: "secret", email: "ana@example.com")
        try store.save(signIn)
        #expect(try Self.mode(store.file.path) == 0o600)
        #expect(try Self.mode(store.file.deletingLastPathComponent().path) == 0o700)
        #expect(try store.load() == signIn)
        var again = signIn
        again.token = "newer"
        try store.save(again)
        #expect(try store.load() == again && (try Self.mode(store.file.path)) == 0o600)
        try store.delete()
        #expect(try store.load() == nil)
    }

    @Test("without XDG_CONFIG_HOME it lives in ~/.config/billfold")
    func home() {
        let store = FileTokenStore.standard(environment: ["HOME": "/home/ana"])
        #expect(store.file.path == "/home/ana/.config/billfold/signin.json")
    }

    @Test("a file others can read is refused, with what to do")
    func refusesReadable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(file: folder.appendingPathComponent("signin.json"))
        try store.save(SavedSignIn(server: URL(string: "http://127.0.0.1:1")!, token: "t", email: "a@b.c"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)
        #expect(throws: TokenStoreError.self) { try store.load() }
        do {
            _ = try store.load()
        } catch let error as TokenStoreError {
            #expect(error.message.contains("revoke it"))
        }
    }
}
