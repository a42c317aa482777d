import ArgumentParser
import BillfoldCore
import BillfoldServer
import Foundation

/// `billfold rates import FILE`: published exchange rates into the database (the ECB's history as
/// CSV or XML, or `day,currency,rate[,base]`), for everyone on it; `billfold rates fetch`: the
/// same from `BILLFOLD_RATES_URL`, now.
struct RatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rates", abstract: tr("cli.rates.abstract"), subcommands: [ImportFile.self, Fetch.self])

    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "fetch", abstract: tr("cli.rates.fetch.abstract"))

        @OptionGroup var options: DatabaseOption

        func run() async throws {
            try await withApplication(options.flags) { app in
                guard app.billfoldConfiguration.ratesURL != nil else { fail(tr("cli.rates.fetch.noAddress"), code: 78) }
                guard let summary = try await RatesFetch.run(app, force: true) else { return }
                say(RatesCommand.done(summary))
            }
        }
    }

    /// What an import or a fetch brought, in the terminal's words.
    static func done(_ summary: RatesImport.Summary) -> String {
        let reading = summary.reading
        return tr(
            "cli.rates.import.done", count: summary.written,
            [
                "currencies": Words.current.number(reading.currencies.count),
                "from": reading.firstDay?.description ?? "", "to": reading.lastDay?.description ?? "",
                "skipped": Words.current.number(reading.skipped),
            ])
    }

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
                say(RatesCommand.done(summary))
            }
        }
    }
}
