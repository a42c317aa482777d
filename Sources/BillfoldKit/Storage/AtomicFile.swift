import BillfoldCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a file so that a reader (or a crash) sees the old contents or the new, never half.
enum AtomicFile {
    /// The folder beside the saved sign-in where a client keeps its files (made, 0700), and a
    /// name made safe to be part of a file's name there (letters, digits and dots; "-" for the rest).
    static func beside(
        environment: [String: String], naming name: String
    ) throws -> (folder: URL, safeName: String) {
        let folder = FileTokenStore.standard(environment: environment).file.deletingLastPathComponent()
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return (folder, String(name.lowercased().map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" }))
    }

    /// Writes `data` to `file` with `permissions` by writing beside it and renaming over it.
    static func write(_ data: Data, to file: URL, permissions: Int = 0o600) throws {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent)-\(UUID().uuidString).tmp")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: data, attributes: [.posixPermissions: permissions])
        else { throw TokenStoreError(tr("kit.file.notWritten", ["path": temporary.path])) }
        try move(temporary, over: file)
    }

    /// `rename(2)`: atomic, and replaces an existing file (Foundation's move refuses to).
    static func move(_ source: URL, over destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: source)
            throw TokenStoreError(tr("kit.file.notMoved", ["path": destination.path, "reason": reason]))
        }
    }
}
