import BillfoldCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file the CLI writes someone's money to: written beside its place, readable by its owner only
/// (0600), and put in place at the end, so a failure leaves the old file (or none) as it was and a
/// reader never sees half of it. An existing file is replaced only when `replacing` is set.
/// Something that is not a regular file (`/dev/stdout`, a pipe) is written to directly.
final class OutputFile: @unchecked Sendable {  // written by one task at a time, in order
    let path: String
    /// Nil when writing straight to `path` (not a regular file).
    let temporary: String?
    let handle: FileHandle
    private var done = false

    /// Refuses an existing regular file at `path` unless `replacing`: checked before anything else.
    static func check(_ path: String, replacing: Bool) throws(BillfoldError) {
        if !replacing, isRegularFile(path) {
            throw BillfoldError(.conflict, Phrase("cli.export.fileExists", ["path": path]))
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Starts writing beside `path` (after `check`).
    init(_ path: String, replacing: Bool) throws(BillfoldError) {
        try Self.check(path, replacing: replacing)
        self.path = path
        if Self.exists(path) && !Self.isRegularFile(path) {
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw BillfoldError(.unavailable, Phrase("cli.export.cannotWriteFile", ["path": path]))
            }
            temporary = nil
            self.handle = handle
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent)-\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BillfoldError(.unavailable, Phrase("cli.export.cannotWriteFile", ["path": path]))
        }
        self.temporary = temporary
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes `text`; a full disk is an error, not a crash.
    func write(_ text: String) throws(BillfoldError) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw BillfoldError(.unavailable, Phrase("cli.export.cannotWriteFile", ["path": path]))
        }
    }

    /// Puts the written file in place: over an existing one when replacing, else only if there is
    /// still none (`link` fails on an existing name, where `rename` would replace it; on a file
    /// system without hard links, the name is checked and then renamed to).
    func finish(replacing: Bool) throws(BillfoldError) {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw BillfoldError(.unavailable, Phrase("cli.export.cannotWriteFile", ["path": path]))
        }
        guard let temporary else {
            done = true
            return
        }
        var placed = replacing ? rename(temporary, path) == 0 : link(temporary, path) == 0
        if !placed && !replacing && [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(errno) && !Self.exists(path) {
            placed = rename(temporary, path) == 0
        } else if placed && !replacing {
            unlink(temporary)
        }
        guard placed else {
            let exists = errno == EEXIST
            throw BillfoldError(
                exists ? .conflict : .unavailable,
                Phrase(exists ? "cli.export.fileExists" : "cli.export.cannotWriteFile", ["path": path]))
        }
        done = true
    }

    /// Removes what was written (the CLI exits on an error without running deinitialisers).
    func discard() {
        guard !done else { return }
        try? handle.close()
        if let temporary { unlink(temporary) }
        done = true
    }

    deinit { discard() }
}
