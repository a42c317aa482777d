import Foundation
import Testing

/// BillfoldKit is what apps on iOS, macOS and Linux build on: it may import Core, API, Foundation
/// (and FoundationNetworking on Linux), swift-log and Observation, never the server's stack or a
/// UI framework (the dependency rule in Package.swift and ARCHITECTURE.md › Modules).
@Suite("BillfoldKit's dependency rule")
struct DependencyRuleTests {
    static let allowed: Set<String> = [
        // BillfoldImport reads Lunch Money's JSON: one reader for the server's import and the Lunch Money source.
        "BillfoldCore", "BillfoldAPI", "BillfoldImport", "Foundation", "FoundationNetworking", "Logging", "Observation",
        "Security",  // the Keychain, behind #if canImport(Security)
        "Glibc", "Darwin",
    ]

    static func sources() throws -> [URL] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/BillfoldKit")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        return files
    }

    @Test("every import in Sources/BillfoldKit is on the allowed list")
    func imports() throws {
        for file in try Self.sources() {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard let first = words.first, first == "import" || first == "@testable", words.count >= 2 else {
                    continue
                }
                let module = String(words[words.count - 1])
                #expect(Self.allowed.contains(module), "\(file.lastPathComponent) imports \(module)")
            }
        }
    }

    @Test("every public symbol has a /// comment, for the people building apps on it")
    func documented() throws {
        for file in try Self.sources() {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                let declaration = text.split(separator: " ").drop { $0.hasPrefix("@") }.first
                guard declaration == "public" else { continue }
                // Attributes and #if lines may stand between the comment and the declaration.
                var above = number - 1
                while above >= 0,
                    ["@", "#"].contains(lines[above].trimmingCharacters(in: .whitespaces).first.map(String.init))
                {
                    above -= 1
                }
                let comment = above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                #expect(comment, "\(file.lastPathComponent):\(number + 1): \(text)")
            }
        }
    }
}
