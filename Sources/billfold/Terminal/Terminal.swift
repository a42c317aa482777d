import BillfoldCore
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A key the terminal apps react to.
enum Key: Equatable, Sendable {
    case left, right, up, down, enter, escape, backspace
    case character(Character)
    /// Ctrl-D: leave, like q.
    case endOfInput
    /// The window changed size.
    case resize
}

/// The terminal in full-screen mode: raw keys, the alternate screen, no cursor, and everything
/// put back on the way out, also after Ctrl-C (read as a key, since raw mode turns signals off)
/// and SIGTERM. Keys arrive on `keys`, resizes too.
final class Terminal: @unchecked Sendable {
    struct NotATerminal: Error, CustomStringConvertible {
        var description: String { tr("terminal.notATerminal") }
    }

    private var original = termios()
    private var restored = false
    private let lock = NSLock()
    let keys: AsyncStream<Key>
    private let continuation: AsyncStream<Key>.Continuation
    private var signalSources: [any DispatchSourceSignal] = []
    /// False when `NO_COLOR` is set (https://no-color.org).
    let colour: Bool

    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw NotATerminal() }
        colour = (environment["NO_COLOR"] ?? "").isEmpty
        (keys, continuation) = AsyncStream.makeStream(of: Key.self)
        tcgetattr(STDIN_FILENO, &original)
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1  // a read returns as soon as one byte is there
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        write("\u{1B}[?1049h\u{1B}[?25l")
        watchSignals()
        startReading()
    }

    deinit { restore() }

    /// Puts the terminal back as it was and ends `keys`; safe to call more than once.
    func restore() {
        putBack()
        continuation.finish()
    }

    /// Puts the terminal back and ends the program with `status` (Ctrl-C, SIGTERM, SIGHUP),
    /// without ending `keys` first, which would let the program end on its own with status 0.
    private func leave(status: Int32) -> Never {
        putBack()
        exit(status)
    }

    private func putBack() {
        lock.lock()
        defer { lock.unlock() }
        guard !restored else { return }
        restored = true
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }

    /// Columns and rows.
    var size: (columns: Int, rows: Int) { Self.windowSize() ?? (80, 24) }

    /// The size of the terminal standard output goes to; nil when it is not a terminal.
    static func windowSize() -> (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    func write(_ text: String) {
        var data = Array(text.utf8)
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeMutableBytes {
                Glibc.write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }

    private func watchSignals() {
        for number in [SIGWINCH, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                if number == SIGWINCH {
                    self.continuation.yield(.resize)
                } else {
                    self.leave(status: 128 + number)
                }
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// A thread of its own blocks on reading the keyboard and turns bytes into keys. Ctrl-C is
    /// handled here, not queued as a key, so it ends the program at once even while it waits for
    /// the server: the terminal is put back and the exit status is the shell's for an interrupt.
    private func startReading() {
        let continuation = continuation
        let thread = Thread { [weak self] in
            var parser = KeyParser()
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 {
                if byte == 0x03 { self?.leave(status: 128 + SIGINT) }
                // An escape alone is the Esc key; one followed at once by more bytes is a sequence.
                let more = byte == 0x1B ? Self.moreWaiting(within: 30) : false
                for key in parser.feed(byte, moreWaiting: more) { continuation.yield(key) }
            }
            continuation.finish()
        }
        thread.start()
    }

    private static func moreWaiting(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}

/// Bytes to keys: arrows (`ESC [ A`…), Enter, Esc, Backspace, Ctrl-C/D, and UTF-8 text.
struct KeyParser {
    private var pending: [UInt8] = []

    mutating func feed(_ byte: UInt8, moreWaiting: Bool) -> [Key] {
        if !pending.isEmpty, pending[0] == 0x1B {
            pending.append(byte)
            if pending.count == 2 { return pending[1] == 0x5B || pending[1] == 0x4F ? [] : finish(.escape) }
            guard (0x40...0x7E).contains(byte) else { return [] }
            let key: Key? =
                switch byte {
                case 0x41: .up
                case 0x42: .down
                case 0x43: .right
                case 0x44: .left
                default: nil
                }
            pending = []
            return key.map { [$0] } ?? []
        }
        if !pending.isEmpty {
            pending.append(byte)
            if let text = String(bytes: pending, encoding: .utf8), let character = text.first {
                pending = []
                return [.character(character)]
            }
            if pending.count >= 4 { pending = [] }
            return []
        }
        switch byte {
        case 0x1B:
            if moreWaiting {
                pending = [byte]
                return []
            }
            return [.escape]
        case 0x0D, 0x0A: return [.enter]
        case 0x7F, 0x08: return [.backspace]
        case 0x04: return [.endOfInput]
        case 0x20...0x7E: return [.character(Character(UnicodeScalar(byte)))]
        case 0xC0...0xF7:
            pending = [byte]
            return []
        default: return []
        }
    }

    private mutating func finish(_ key: Key) -> [Key] {
        pending = []
        return [key]
    }
}

extension String {
    /// Cut to `width` terminal columns, the last one an ellipsis when something was cut. Japanese
    /// (and other wide) characters take two columns.
    func fitted(to width: Int) -> String {
        guard columns > width else { return self }
        var cut = ""
        var used = 0
        for character in self {
            let wide = character.columns
            if used + wide > max(1, width - 1) { break }
            cut.append(character)
            used += wide
        }
        return cut + "…"
    }

    /// How many terminal columns the text takes.
    var columns: Int { reduce(0) { $0 + $1.columns } }
}

extension Character {
    /// Two for East Asian wide and full-width characters (Unicode UAX #11's W and F ranges that
    /// matter here: CJK, kana, Hangul, full-width forms, emoji), else one.
    var columns: Int {
        guard let scalar = unicodeScalars.first?.value else { return 0 }
        return Self.wide.contains { $0.contains(scalar) } ? 2 : 1
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
        0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
