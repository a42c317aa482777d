import Foundation
import Testing

/// ARCHITECTURE.md is where a newcomer reads how the code is laid out: its module table must be
/// what the code imports, and it must describe every folder under Sources/.
@Suite("ARCHITECTURE.md tells the truth")
struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func architecture() throws -> String {
        try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
    }

    /// The Modules table: each module's folder and what it may import.
    static func modules() throws -> [String: (folder: String, allowed: Set<String>)] {
        var modules: [String: (String, Set<String>)] = [:]
        var inTable = false
        for line in try architecture().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inTable = line == "## Modules" }
            guard inTable, line.hasPrefix("| "), !line.hasPrefix("| Module"), !line.hasPrefix("| ---") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            let folder = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let allowed = Set(cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            modules[cells[0]] = (folder, allowed)
        }
        return modules
    }

    /// The modules a Swift file imports, `#if canImport(…)` ones included.
    static func imports(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard let first = words.first, first == "import" || first == "@testable" || first == "@preconcurrency",
                words.contains("import"), let last = words.last, last != "import"
            else { return nil }
            // `import struct Foundation.Date` names the module before the dot.
            return String(last.split(separator: ".").first ?? last)
        }
    }

    @Test("every target under Sources/ has a row, and imports only what its row allows")
    func modulesMatch() throws {
        let modules = try Self.modules()
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path
        )
        .filter { !$0.hasPrefix(".") }
        #expect(Set(targets) == Set(modules.keys), "targets without a row, or rows without a target")
        for (module, row) in modules {
            let folder = Self.root.appendingPathComponent(row.folder)
            let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            #expect(!files.isEmpty, "\(module): no Swift files in \(row.folder)")
            var used = Set<String>()
            for file in files {
                for imported in try Self.imports(file) {
                    used.insert(imported)
                    #expect(row.allowed.contains(imported), "\(file.lastPathComponent) (\(module)) imports \(imported)")
                }
            }
            #expect(row.allowed.subtracting(used).isEmpty, "\(module)'s row lists modules it no longer imports")
        }
        // The rule in words, whatever the table says: the client library never takes the server's stack.
        let server: Set = [
            "Vapor", "NIOCore", "NIOPosix", "Fluent", "FluentKit", "SQLKit", "BillfoldServer", "BillfoldStore",
        ]
        #expect(modules["BillfoldKit"]?.allowed.isDisjoint(with: server) == true)
    }

    @Test("every folder under Sources/ is described (resources and language folders aside)")
    func foldersDescribed() throws {
        let text = try Self.architecture()
        let sources = Self.root.appendingPathComponent("Sources")
        let folders = try #require(
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isDirectoryKey])
        ).compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        #expect(!folders.isEmpty)
        for folder in folders {
            let path = "Sources/" + folder.path.dropFirst(sources.path.count + 1) + "/"
            guard !path.contains("/Resources/"), !path.hasPrefix("Sources/BillfoldCore/Strings/") else { continue }
            #expect(text.contains("`\(path)`"), "ARCHITECTURE.md does not describe \(path)")
        }
    }

    @Test("no document cites a file outside the repository")
    func noOutsideCitations() throws {
        var documents = [
            Self.root.appendingPathComponent("README.md"), Self.root.appendingPathComponent("ARCHITECTURE.md"),
        ]
        documents += try FileManager.default.contentsOfDirectory(
            at: Self.root.appendingPathComponent("docs"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "md" }
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            #expect(!text.contains("../shared"), "\(document.lastPathComponent) cites ../shared")
            // Every relative link lands on a file of the repository.
            for piece in text.components(separatedBy: "](").dropFirst() {
                guard let end = piece.firstIndex(where: { $0 == ")" || $0 == "#" }) else { continue }
                let target = String(piece[..<end])
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let resolved = document.deletingLastPathComponent().appendingPathComponent(target).standardized
                #expect(
                    resolved.path.hasPrefix(Self.root.standardized.path + "/")
                        && FileManager.default.fileExists(atPath: resolved.path),
                    "\(document.lastPathComponent) links \(target), not a file of the repository")
            }
        }
    }

    @Test("migrations are history: each holds its own SQL and calls no live code")
    func migrationsFrozen() throws {
        let folder = Self.root.appendingPathComponent("Sources/BillfoldStore/Migrations")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 30)
        let live = ["Repository(", "SumsTable", "TransactionTotals.", "Rules.", "TransactionRow", "SearchTotals"]
        for file in files {
            #expect(
                Set(try Self.imports(file)).isSubset(of: ["FluentKit", "SQLKit", "Foundation"]),
                "\(file.lastPathComponent)")
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for name in live where code.contains(name) {
                    #expect(
                        Bool(false), "\(file.lastPathComponent):\(number + 1) uses \(name): copy it into Frozen instead"
                    )
                }
            }
        }
    }

    @Test("the server and the store read time only from the clock they are given")
    func oneClock() throws {
        // A log line's time is when it is written, not a rule.
        let allowed = ["App/JSONLogHandler.swift"]
        var found: [String] = []
        for module in ["BillfoldServer", "BillfoldStore"] {
            let folder = Self.root.appendingPathComponent("Sources/\(module)")
            let files =
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            #expect(files.count > 10)
            for file in files where !allowed.contains(where: file.path.hasSuffix) {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n").enumerated()
                {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    if code.contains("Timestamp.now()") || code.contains("Date()") || code.contains("WallClock.system")
                    {
                        found.append("\(file.lastPathComponent):\(number + 1)")
                    }
                }
            }
        }
        #expect(found.isEmpty, "reads the system clock instead of the one passed in: \(found)")
    }
}
