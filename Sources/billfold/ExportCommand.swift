import ArgumentParser
import BillfoldCore
import BillfoldImport
import BillfoldServer
import Foundation

/// `billfold export csv|hledger|ledger|beancount`: a person's books out, streamed.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a user's transactions as CSV or as an hledger, ledger or beancount journal.")

    @Argument(help: "csv, hledger, ledger or beancount.") var format: String
    @Option(name: .long, help: "The user whose books are exported.") var email: String
    @Option(name: .long, help: "From this day, YYYY-MM-DD (in the user's time zone).") var from: String?
    @Option(name: .long, help: "To this day, YYYY-MM-DD, inclusive.") var to: String?
    @Option(name: .long, help: "Write to this file instead of standard output.") var output: String?
    @OptionGroup var database: DatabaseOption

    func validate() throws {
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError("The format is csv, hledger, ledger or beancount.")
        }
    }

    func run() async throws {
        let format = ExportFormat(rawValue: format) ?? .csv
        let handle: FileHandle
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil) else {
                fail("Cannot write the file \(output).", code: 73)
            }
            guard let file = FileHandle(forWritingAtPath: output) else { fail("Cannot write \(output).", code: 73) }
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
                say("Exported \(count) transactions for \(owner.email) to \(output ?? "").")
            }
        }
    }
}
