import ArgumentParser
import BillfoldCore
import BillfoldServer
import Foundation

/// `billfold rates import FILE`: published exchange rates into the database (the ECB's history as
/// CSV or XML, or `day,currency,rate[,base]`), for everyone on it.
struct RatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rates", abstract: tr("cli.rates.abstract"), subcommands: [ImportFile.self])

    struct ImportFile: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: tr("cli.rates.import.abstract"))

        @Argument(help: ArgumentHelp(tr("cli.rates.import.fileHelp"))) var file: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.rates.import.sourceHelp"))) var source = "file"
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                fail(tr("cli.cannotReadFile", ["path": file]), code: 66)
            }
            try await withApplication(options.flags) { app in
                let summary = try await RatesImport.run(
                    data, source: String(source.prefix(40)), on: app.db, now: Int64(Date().timeIntervalSince1970))
                let reading = summary.reading
                say(
                    tr(
                        "cli.rates.import.done", count: summary.written,
                        [
                            "currencies": Words.current.number(reading.currencies.count),
                            "from": reading.firstDay?.description ?? "", "to": reading.lastDay?.description ?? "",
                            "skipped": Words.current.number(reading.skipped),
                        ]))
            }
        }
    }
}
