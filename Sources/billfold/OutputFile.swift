import BillfoldCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file the CLI writes someone's money to: written beside its place, readable by its owner only
/// (0600), and put in place at the end, so a failure leaves the old file (or none) as it was and a
/// reader never sees half of it. An existing file is replaced only when `replacing` is set.
final class OutputFile {
    let path: String
    let temporary: String
    let handle: FileHandle
    private var done = false

    /// Refuses an existing `path` unless `replacing`: checked before anything else is done.
    static func check(_ path: String, replacing: Bool) throws(BillfoldError) {
        if !replacing, FileManager.default.fileExists(atPath: path) {
            throw BillfoldError(.conflict, Phrase("cli.export.fileExists", ["path": path]))
        }
    }

    /// Starts writing beside `path` (after `check`).
    init(_ path: String, replacing: Bool) throws(BillfoldError) {
        try Self.check(path, replacing: replacing)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent)-\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BillfoldError(.unavailable, Phrase("cli.export.cannotWriteFile", ["path": path]))
        }
        self.path = path
        self.temporary = temporary
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Puts the written file in place: over an existing one when replacing, else only if there is
    /// still none (`link` fails on an existing name, where `rename` would replace it).
    func finish(replacing: Bool) throws(BillfoldError) {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw BillfoldError(.unavailable, Phrase("cli.export.cannotWriteFile", ["path": path]))
        }
        let placed = replacing ? rename(temporary, path) == 0 : link(temporary, path) == 0
        guard placed else {
            let exists = errno == EEXIST
            throw BillfoldError(
                exists ? .conflict : .unavailable,
                Phrase(exists ? "cli.export.fileExists" : "cli.export.cannotWriteFile", ["path": path]))
        }
        if !replacing { unlink(temporary) }
        done = true
    }

    /// Removes what was written (the CLI exits on an error without running deinitialisers).
    func discard() {
        guard !done else { return }
        try? handle.close()
        unlink(temporary)
        done = true
    }

    deinit { discard() }
}
