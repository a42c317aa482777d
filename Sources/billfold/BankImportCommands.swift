import ArgumentParser
import BillfoldCore
import BillfoldImport
import BillfoldServer
import Foundation

/// What every bank file import takes.
struct BankImportArguments: ParsableArguments {
    @Argument(help: "The bank file.") var file: String
    @Option(name: .long, help: "The user whose books receive the transactions.") var email: String
    @Option(
        name: .long,
        help:
            "The Billfold account: an existing one's name or a new one's (default for OFX and CAMT: one per account in the file)."
    )
    var account: String?
    @Option(name: .long, help: "The account's currency, for files that name none (e.g. EUR).") var currency: String?
    @Flag(name: .customLong("dry-run"), help: "Show what would be imported, and write nothing.") var dryRun = false
    @Flag(
        name: .long,
        help: "Print one JSON object as the last line: {\"added\": N, \"skipped\": N, \"accounts\": [...]}.")
    var json = false
    @Flag(
        name: .customLong("skip-unreadable"), help: "Leave out rows that cannot be read instead of refusing the file.")
    var skipUnreadable = false
    @OptionGroup var database: DatabaseOption

    func currencyValue() throws -> Currency? {
        guard let currency else { return nil }
        do {
            return try Currency(code: currency.uppercased())
        } catch {
            throw ValidationError(error.message)
        }
    }
}

/// The CSV mapping, as options.
struct CSVArguments: ParsableArguments {
    @Option(name: .long, help: "The date column: its header's name or its number (1 is the first).") var date: String?
    @Option(name: .long, help: "The payee column.") var payee: String?
    @Option(name: .long, help: "The signed amount column.") var amount: String?
    @Option(name: .long, help: "The money-out column (with --credit instead of --amount).") var debit: String?
    @Option(name: .long, help: "The money-in column.") var credit: String?
    @Option(name: .long, help: "The notes column.") var notes: String?
    @Option(name: .long, help: "The category column.") var category: String?
    @Option(name: .customLong("currency-column"), help: "The column with each row's currency.") var currencyColumn:
        String?
    @Option(name: .customLong("id"), help: "The column with the bank's id for each row.") var idColumn: String?
    @Option(name: .customLong("date-format"), help: "DD.MM.YYYY, MM/DD/YYYY or YYYY-MM-DD (default: detected).")
    var dateFormat: String?
    @Option(name: .customLong("decimal-separator"), help: ". or , (default: detected).") var decimalSeparator: String?
    @Option(name: .long, help: ", ; tab or | (default: detected).") var delimiter: String?
    @Option(name: .long, help: "utf-8, latin1, windows-1252 or utf-16 (default: detected).") var encoding: String?
    @Option(name: .customLong("skip-lines"), help: "Lines before the table (default: found by the header).")
    var skipLines: Int?
    @Flag(name: .customLong("invert-amounts"), help: "Amounts are what you owe (card statements): flip their sign.")
    var invertAmounts = false
    @Option(name: .long, help: "Use a mapping saved with --save-profile; options given here override it.")
    var profile: String?
    @Option(name: .customLong("save-profile"), help: "Save the mapping used under this name.") var saveProfile: String?

    /// The options as a mapping; what is not given stays open.
    func mapping() throws -> CSVMapping {
        func read<T>(_ body: () throws(BillfoldError) -> T) throws -> T {
            do { return try body() } catch { throw ValidationError(error.message) }
        }
        var mapping = CSVMapping()
        mapping.date = date.map(CSVColumn.init)
        mapping.payee = payee.map(CSVColumn.init)
        mapping.amount = amount.map(CSVColumn.init)
        mapping.debit = debit.map(CSVColumn.init)
        mapping.credit = credit.map(CSVColumn.init)
        mapping.notes = notes.map(CSVColumn.init)
        mapping.category = category.map(CSVColumn.init)
        mapping.currency = currencyColumn.map(CSVColumn.init)
        mapping.id = idColumn.map(CSVColumn.init)
        if let dateFormat {
            mapping.dateOrder = try read { () throws(BillfoldError) in try DateOrder(parsing: dateFormat) }
        }
        if let decimalSeparator {
            guard let separator = DecimalSeparator(rawValue: decimalSeparator) else {
                throw ValidationError("--decimal-separator is . or ,")
            }
            mapping.decimal = separator
        }
        if let delimiter {
            let named = ["tab": "\t", "\\t": "\t", "comma": ",", "semicolon": ";", "pipe": "|"][delimiter.lowercased()]
            let value = named ?? delimiter
            guard value.count == 1 else { throw ValidationError("--delimiter is one character: , ; | or tab.") }
            mapping.delimiter = value
        }
        if let encoding {
            mapping.encoding = try read { () throws(BillfoldError) in try TextEncoding(parsing: encoding) }
        }
        if let skipLines {
            guard skipLines >= 0 else { throw ValidationError("--skip-lines is 0 or more.") }
            mapping.skipLines = skipLines
        }
        if invertAmounts { mapping.sign = .inverted }
        if (amount != nil) && (debit != nil || credit != nil) {
            throw ValidationError("Use --amount, or --debit and --credit, not both.")
        }
        return mapping
    }
}

extension Import {
    struct CSV: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Import a bank's CSV export; the columns, delimiter, encoding and formats are detected and can be set.")
        @OptionGroup var common: BankImportArguments
        @OptionGroup var csv: CSVArguments

        func run() async throws {
            let mapping = try csv.mapping()
            try await BankImportRun(arguments: common, format: .csv).run(
                mapping: mapping, profile: csv.profile, saveProfile: csv.saveProfile)
        }
    }

    struct OFX: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Import an OFX or QFX download (OFX 1 SGML or OFX 2 XML); each account in it becomes a Billfold account."
        )
        @OptionGroup var common: BankImportArguments

        func run() async throws { try await BankImportRun(arguments: common, format: .ofx).run() }
    }

    struct QIF: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a QIF bank, cash or credit card register (needs --account and --currency).")
        @OptionGroup var common: BankImportArguments
        @Option(name: .customLong("date-format"), help: "MM/DD/YY (default when unclear), DD.MM.YY or YYYY-MM-DD.")
        var dateFormat: String?

        func run() async throws {
            var order: DateOrder?
            if let dateFormat {
                do { order = try DateOrder(parsing: dateFormat) } catch { throw ValidationError(error.message) }
            }
            try await BankImportRun(arguments: common, format: .qif, dateOrder: order).run()
        }
    }

    struct CAMT: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "camt",
            abstract:
                "Import an ISO 20022 CAMT.053 bank statement (XML); each account in it becomes a Billfold account.")
        @OptionGroup var common: BankImportArguments

        func run() async throws { try await BankImportRun(arguments: common, format: .camt).run() }
    }
}

/// One bank file import from the command line: read, show or write, report.
struct BankImportRun {
    let arguments: BankImportArguments
    let format: BankFormat
    var dateOrder: DateOrder?

    func run(mapping: CSVMapping = CSVMapping(), profile: String? = nil, saveProfile: String? = nil) async throws {
        guard let data = FileManager.default.contents(atPath: arguments.file) else {
            fail("Cannot read the file \(arguments.file).", code: 66)
        }
        let currency = try arguments.currencyValue()
        try await withApplication(arguments.database.flags) { app in
            let owner = try await user(arguments.email, in: app)
            let importer = BankImport(database: app.db, user: owner)
            var chosen = mapping
            if let profile { chosen = mapping.filled(from: try await importer.profile(profile)) }
            let request = BankImportRequest(
                fileName: URL(fileURLWithPath: arguments.file).lastPathComponent, data: data,
                options: BankFileOptions(format: format, currency: currency, mapping: chosen, dateOrder: dateOrder),
                account: arguments.account, skipUnreadable: arguments.skipUnreadable)
            let plan = try await importer.plan(request)
            if let csv = plan.csv { describe(csv) }
            for part in plan.parts {
                say(
                    "\(part.account)\(part.isNew ? " (new, \(part.currency.code))" : ""): \(part.new) new, \(part.already) already imported"
                )
            }
            if arguments.dryRun {
                showPreview(plan, zone: owner.preferences.zone, format: owner.preferences.format)
                say("Dry run: \(plan.summary). Nothing was written.")
                if arguments.json {
                    printJSON(
                        added: plan.new, skipped: plan.already, accounts: plan.parts.map(\.account), plan: plan,
                        dryRun: true)
                }
                return
            }
            // Not in a dry run: it writes nothing, not even the profile.
            if let saveProfile, let csv = plan.csv {
                try await importer.saveProfile(saveProfile, csv.mapping)
                say("Saved the mapping as the profile “\(saveProfile)”.")
            }
            let bar = ProgressLine(label: "Importing")
            let outcome = try await importer.run(request, after: plan) { done, total in bar.report(done, of: total) }
            say(
                "Imported \(arguments.file): added \(outcome.added), skipped \(outcome.skipped) already imported"
                    + (plan.pending > 0 ? ", left out \(plan.pending) pending" : "")
                    + (plan.unreadable.isEmpty ? "" : ", left out \(plan.unreadable.count) unreadable") + ".")
            if arguments.json {
                printJSON(
                    added: outcome.added, skipped: outcome.skipped, accounts: outcome.accounts, plan: plan,
                    dryRun: false, importID: outcome.importID)
            }
        }
    }

    private func describe(_ csv: CSVBankReader.Result) {
        let m = csv.mapping
        var parts = ["delimiter \(m.delimiter == "\t" ? "tab" : m.delimiter ?? ",")"]
        if let encoding = m.encoding { parts.append("encoding \(encoding.rawValue)") }
        if let skip = m.skipLines, skip > 0 { parts.append("\(skip) lines skipped") }
        parts.append("date “\(m.date?.description ?? "?")” (\(m.dateOrder?.rawValue ?? "?"))")
        if let amount = m.amount {
            parts.append("amount “\(amount)”" + (m.sign == .inverted ? " inverted" : ""))
        } else {
            parts.append("debit “\(m.debit?.description ?? "-")”, credit “\(m.credit?.description ?? "-")”")
        }
        parts.append("decimal “\(m.decimal?.rawValue ?? ".")”")
        for (name, path) in CSVMapping.columnFields where !["date", "amount", "debit", "credit"].contains(name) {
            if let column = m[keyPath: path], column != .absent { parts.append("\(name) “\(column)”") }
        }
        say("Reading as: " + parts.joined(separator: ", ") + ".")
    }

    private func showPreview(_ plan: BankImportPlan, zone: TimeZone, format: DisplayFormat) {
        for part in plan.parts {
            for (index, entry) in part.entries.prefix(20).enumerated() {
                let mark = part.alreadyImported[index] ? "=" : "+"
                say(
                    "  \(mark) \(entry.day)  \(format.money(entry.amount).leftPadded(14))  \(entry.payee.fitted(to: 50))"
                )
            }
            if part.entries.count > 20 { say("  … and \(part.entries.count - 20) more") }
        }
        for row in plan.unreadable.prefix(20) { say("  ✗ \(row)") }
    }

    private func printJSON(
        added: Int, skipped: Int, accounts: [String], plan: BankImportPlan, dryRun: Bool, importID: Int64? = nil
    ) {
        var object: [String: Any] = [
            "added": added, "skipped": skipped, "accounts": accounts, "pending": plan.pending,
            "unreadable": plan.unreadable.map(\.description), "format": plan.format.rawValue, "dryRun": dryRun,
        ]
        if let importID { object["importId"] = importID }
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
            say(String(decoding: data, as: UTF8.self))
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
