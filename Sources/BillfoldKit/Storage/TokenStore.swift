import BillfoldCore
import Foundation

#if canImport(Security)
    import Security
#endif

/// Where an app keeps the access token it signed in with, per server.
public protocol TokenStore: Sendable {
    /// The saved sign-in, or nil when there is none.
    func load() throws -> SavedSignIn?
    func save(_ signIn: SavedSignIn) throws
    /// Forgets the sign-in (signing out).
    func delete() throws
}

/// A server and the token that signs in to it, and whom it signs in as.
public struct SavedSignIn: Codable, Sendable, Equatable {
    /// The server's address.
    public var server: URL
    /// The access token; a secret, never shown or logged.
    public var token: String
    /// Shown as "Signed in as …".
    public var email: String

    /// `email` is whom the token signs in as.
    public init(server: URL, token: String, email: String) {
        self.server = server
        self.token = token
        self.email = email
    }
}

/// Why a saved sign-in could not be read or written.
public struct TokenStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and what to do about it, for the person.
    public var message: String
    /// An error that shows `message`.
    public init(_ message: String) { self.message = message }
    /// The message alone.
    public var description: String { message }
}

/// The token in a file of the user's config directory (`$XDG_CONFIG_HOME/billfold/signin.json`,
/// else `~/.config/billfold/`), created readable by its owner only (0600) in a directory only the
/// owner can enter (0700). A file that others can read is refused rather than used: the token may
/// already have leaked, and the person should know.
public struct FileTokenStore: TokenStore {
    /// The file the sign-in is kept in.
    public let file: URL

    /// Keeps the sign-in in `file`; `standard()` gives the usual place.
    public init(file: URL) { self.file = file }

    /// The standard place for this user.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
        -> FileTokenStore
    {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".config")
        return FileTokenStore(file: base.appendingPathComponent("billfold").appendingPathComponent("signin.json"))
    }

    /// The saved sign-in, or nil when there is no file; refuses a file others can read, as its token may have
    /// leaked.
    public func load() throws -> SavedSignIn? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: file.path) else { return nil }
        let attributes = try manager.attributesOfItem(atPath: file.path)
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard permissions & 0o077 == 0 else {
            throw TokenStoreError(
                tr("kit.signIn.readableByOthers", ["path": file.path, "mode": String(permissions, radix: 8)]))
        }
        do {
            return try JSONDecoder().decode(SavedSignIn.self, from: Data(contentsOf: file))
        } catch {
            throw TokenStoreError(tr("kit.signIn.notASavedSignIn", ["path": file.path]))
        }
    }

    /// Writes the sign-in readable by its owner only, making the folder when needed.
    public func save(_ signIn: SavedSignIn) throws {
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        try manager.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Created 0600 from the start, so the token is never readable by others, not even for a
        // moment, and moved into place whole.
        try AtomicFile.write(try JSONEncoder().encode(signIn), to: file, permissions: 0o600)
    }

    /// Deletes the file (signing out); nothing to do when there is none.
    public func delete() throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try FileManager.default.removeItem(at: file)
    }
}

#if canImport(Security)
    /// The token in the Keychain (iOS, macOS): a generic password item per service name.
    public struct KeychainTokenStore: TokenStore {
        /// The Keychain service the item is kept under.
        public let service: String

        /// `service` names the Keychain item; "Billfold" by default.
        public init(service: String = "Billfold") { self.service = service }

        private var query: [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service]
        }

        /// The saved sign-in from the Keychain, or nil when there is none.
        public func load() throws -> SavedSignIn? {
            var item: CFTypeRef?
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            let status = SecItemCopyMatching(search as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else {
                throw TokenStoreError(tr("kit.keychain.notRead", ["status": String(status)]))
            }
            return try JSONDecoder().decode(SavedSignIn.self, from: data)
        }

        /// Replaces the Keychain item with this sign-in, readable once the device has been unlocked after a restart.
        public func save(_ signIn: SavedSignIn) throws {
            try delete()
            var item = query
            item[kSecValueData as String] = try JSONEncoder().encode(signIn)
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            let status = SecItemAdd(item as CFDictionary, nil)
            guard status == errSecSuccess else {
                throw TokenStoreError(tr("kit.keychain.notWritten", ["status": String(status)]))
            }
        }

        /// Deletes the Keychain item (signing out); nothing to do when there is none.
        public func delete() throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw TokenStoreError(tr("kit.keychain.notDeleted", ["status": String(status)]))
            }
        }
    }
#endif
