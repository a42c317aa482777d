import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files that hold people's money (the database, backups, exports) are readable by their owner
/// only: created 0600, as the CLI's saved sign-in is. The CLI also sets its umask to 077, so
/// whatever SQLite or pg_dump create beside them (`-wal`, `-shm`) is private too.
public enum PrivateFiles {
    /// Creates an empty file at `path` with mode 0600 when there is none (SQLite then opens it as
    /// a new database; it would create one with 0644).
    public static func createIfMissing(_ path: String) {
        guard path != ":memory:", !path.isEmpty, !FileManager.default.fileExists(atPath: path) else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Makes a file just written (a backup) readable by its owner only.
    public static func restrict(_ path: String) {
        chmod(path, 0o600)
    }

    /// For a process that writes such files: new files and folders are its owner's only.
    public static func ownerOnlyFromNowOn() {
        umask(0o077)
    }
}
