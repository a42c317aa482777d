import ArgumentParser
import BillfoldCore
import BillfoldImport
import BillfoldServer
import Foundation

/// `billfold export csv|hledger|ledger|beancount`: a person's books out, streamed.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: tr("cli.export.abstract"))

    @Argument(help: ArgumentHelp(tr("cli.export.formatHelp"))) var format: String
    @Option(name: .long, help: ArgumentHelp(tr("cli.export.emailHelp"))) var email: String
    @Option(name: .long, help: ArgumentHelp(tr("cli.export.fromHelp"))) var from: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.toDayHelp"))) var to: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.export.outputHelp"))) var output: String?
    @Flag(name: .long, help: ArgumentHelp(tr("cli.export.forceHelp"))) var force = false
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError(tr("error.service.imports.exportFormat"))
        }
    }

    func run() async throws {
        let format = ExportFormat(rawValue: format) ?? .csv
        if let output { try OutputFile.check(output, replacing: force) }
        try await withApplication(database.flags) { app in
            let owner = try await user(email, in: app)
            let first = try from.map { text throws(BillfoldError) in try Day(parsing: text, field: "from") }
            let last = try to.map { text throws(BillfoldError) in try Day(parsing: text, field: "to") }
            let query = TransactionQuery(range: try InstantRange(from: first, to: last, in: owner.preferences.zone))
            // Made only now: an unknown person or a bad day leaves nothing behind.
            let file = try output.map { path throws(BillfoldError) in try OutputFile(path, replacing: force) }
            do {
                let rates = format == .csv ? RateBook.empty : try await app.rateBook(for: owner)
                let today = Day(app.wallClock.now, in: owner.preferences.zone)
                let exporter = BookExport(database: app.db, user: owner, rates: rates, today: today)
                let count = try await exporter.write(format, query) { text in
                    if let file {
                        try file.write(text)
                    } else {
                        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
                    }
                }
                if let file, let output {
                    try file.finish(replacing: force)
                    say(tr("cli.export.done", count: count, ["email": owner.email, "path": output]))
                }
            } catch {
                file?.discard()
                throw error
            }
        }
    }
}
