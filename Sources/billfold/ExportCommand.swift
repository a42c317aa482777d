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
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError(tr("error.service.imports.exportFormat"))
        }
    }

    func run() async throws {
        let format = ExportFormat(rawValue: format) ?? .csv
        let handle: FileHandle
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil),
                let file = FileHandle(forWritingAtPath: output)
            else { fail(tr("cli.export.cannotWriteFile", ["path": output]), code: 73) }
            handle = file
        } else {
            handle = FileHandle.standardOutput
        }
        try await withApplication(database.flags) { app in
            let owner = try await user(email, in: app)
            let first = try from.map { text throws(BillfoldError) in try Day(parsing: text, field: "from") }
            let last = try to.map { text throws(BillfoldError) in try Day(parsing: text, field: "to") }
            let query = TransactionQuery(range: try InstantRange(from: first, to: last, in: owner.preferences.zone))
            let count = try await BookExport(database: app.db, user: owner).write(format, query) { text in
                handle.write(Data(text.utf8))
            }
            if output != nil {
                try handle.close()
                say(
                    tr(
                        "cli.export.done", count: count,
                        ["email": owner.email, "path": output ?? ""]))
            }
        }
    }
}
