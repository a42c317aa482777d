import ArgumentParser
import BillfoldCore
import BillfoldImport
import BillfoldServer
import Foundation

/// What every bank file import takes.
struct BankImportArguments: ParsableArguments {
    @Argument(help: ArgumentHelp(tr("cli.import.bank.fileHelp"))) var file: String
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.emailHelp"))) var email: String
    @Option(
        name: .long,
        help: ArgumentHelp(tr("cli.import.bank.accountHelp"))
    )
    var account: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.bank.currencyHelp"))) var currency: String?
    @Flag(name: .customLong("dry-run"), help: ArgumentHelp(tr("cli.import.bank.dryRunHelp"))) var dryRun = false
    @Flag(
        name: .long,
        help: ArgumentHelp(
            tr("cli.import.bank.jsonHelp", ["example": #"{"added": N, "skipped": N, "accounts": [...]}"#])))
    var json = false
    @Flag(
        name: .customLong("skip-unreadable"), help: ArgumentHelp(tr("cli.import.bank.skipUnreadableHelp")))
    var skipUnreadable = false
    @Flag(name: .customLong("keep-bank-text"), help: ArgumentHelp(tr("cli.import.bank.keepBankTextHelp")))
    var keepBankText = false
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
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.dateHelp"))) var date: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.payeeHelp"))) var payee: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.amountHelp"))) var amount: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.payerHelp"))) var payer: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.directionHelp"))) var direction: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.debitHelp"))) var debit: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.creditHelp"))) var credit: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.notesHelp"))) var notes: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.categoryHelp"))) var category: String?
    @Option(name: .customLong("currency-column"), help: ArgumentHelp(tr("cli.import.csv.currencyColumnHelp")))
    var currencyColumn: String?
    @Option(name: .customLong("id"), help: ArgumentHelp(tr("cli.import.csv.idHelp"))) var idColumn: String?
    @Option(name: .customLong("date-format"), help: ArgumentHelp(tr("cli.import.csv.dateFormatHelp")))
    var dateFormat: String?
    @Option(name: .customLong("decimal-separator"), help: ArgumentHelp(tr("cli.import.csv.decimalSeparatorHelp")))
    var decimalSeparator: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.delimiterHelp"))) var delimiter: String?
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.encodingHelp"))) var encoding: String?
    @Option(name: .customLong("skip-lines"), help: ArgumentHelp(tr("cli.import.csv.skipLinesHelp")))
    var skipLines: Int?
    @Flag(name: .customLong("invert-amounts"), help: ArgumentHelp(tr("cli.import.csv.invertAmountsHelp")))
    var invertAmounts = false
    @Option(name: .long, help: ArgumentHelp(tr("cli.import.csv.profileHelp")))
    var profile: String?
    @Option(name: .customLong("save-profile"), help: ArgumentHelp(tr("cli.import.csv.saveProfileHelp")))
    var saveProfile: String?

    /// The options as a mapping; what is not given stays open.
    func mapping() throws -> CSVMapping {
        func read<T>(_ body: () throws(BillfoldError) -> T) throws -> T {
            do { return try body() } catch { throw ValidationError(error.message) }
        }
        var mapping = CSVMapping()
        mapping.date = date.map(CSVColumn.init)
        mapping.payee = payee.map(CSVColumn.init)
        mapping.payer = payer.map(CSVColumn.init)
        mapping.direction = direction.map(CSVColumn.init)
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
                throw ValidationError(tr("cli.import.csv.decimalSeparatorInvalid"))
            }
            mapping.decimal = separator
        }
        if let delimiter {
            let named = ["tab": "\t", "\\t": "\t", "comma": ",", "semicolon": ";", "pipe": "|"][delimiter.lowercased()]
            let value = named ?? delimiter
            guard value.count == 1 else { throw ValidationError(tr("cli.import.csv.delimiterInvalid")) }
            mapping.delimiter = value
        }
        if let encoding {
            mapping.encoding = try read { () throws(BillfoldError) in try TextEncoding(parsing: encoding) }
        }
        if let skipLines {
            guard skipLines >= 0 else { throw ValidationError(tr("cli.import.csv.skipLinesNegative")) }
            mapping.skipLines = skipLines
        }
        if invertAmounts { mapping.sign = .inverted }
        if (amount != nil) && (debit != nil || credit != nil) {
            throw ValidationError(tr("cli.import.csv.amountAndDebitCredit"))
        }
        return mapping
    }
}

extension Import {
    struct CSV: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("cli.import.csv.abstract"))
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
            abstract: tr("cli.import.ofx.abstract")
        )
        @OptionGroup var common: BankImportArguments

        func run() async throws { try await BankImportRun(arguments: common, format: .ofx).run() }
    }

    struct QIF: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("cli.import.qif.abstract"))
        @OptionGroup var common: BankImportArguments
        @Option(name: .customLong("date-format"), help: ArgumentHelp(tr("cli.import.qif.dateFormatHelp")))
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
            abstract: tr("cli.import.camt.abstract"))
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
            fail(tr("cli.cannotReadFile", ["path": arguments.file]), code: 66)
        }
        let currency = try arguments.currencyValue()
        try await withApplication(arguments.database.flags) { app in
            let owner = try await user(arguments.email, in: app)
            let importer = BankImport(database: app.db, user: owner, clock: app.wallClock)
            var chosen = mapping
            if let profile { chosen = mapping.filled(from: try await importer.profile(profile)) }
            var request = BankImportRequest(
                fileName: URL(fileURLWithPath: arguments.file).lastPathComponent, data: data,
                options: BankFileOptions(format: format, currency: currency, mapping: chosen, dateOrder: dateOrder),
                account: arguments.account, skipUnreadable: arguments.skipUnreadable)
            request.keepsBankText = arguments.keepBankText
            let plan = try await importer.plan(request)
            if let csv = plan.csv { describe(csv) }
            for part in plan.parts {
                let values = [
                    "account": part.account, "currency": part.currency.code,
                    "new": tr("cli.import.newCount", count: part.new),
                    "already": tr(
                        "cli.import.alreadyImportedCount", count: part.already),
                ]
                say(part.isNew ? tr("cli.import.newAccountLine", values) : tr("cli.import.accountLine", values))
            }
            if arguments.dryRun {
                showPreview(plan, zone: owner.preferences.zone, format: owner.preferences.format)
                say(tr("cli.import.dryRun", ["summary": plan.summary]))
                let ruled = plan.changedByRules
                if ruled > 0 { say(tr("cli.import.dryRunRules", count: ruled)) }
                // The dry run ends as the import would: a script that checks it is not told "fine".
                let refused = BankImport.refusal(plan.unreadable, skipUnreadable: arguments.skipUnreadable) != nil
                if refused { say(tr("cli.import.dryRunWouldRefuse")) }
                if arguments.json {
                    printJSON(
                        added: plan.new, skipped: plan.already, accounts: plan.parts.map(\.account), plan: plan,
                        dryRun: true)
                }
                if refused { throw ExitCode.failure }
                return
            }
            // Not in a dry run: it writes nothing, not even the profile.
            if let saveProfile, let csv = plan.csv {
                try await importer.saveProfile(saveProfile, csv.mapping)
                say(tr("cli.import.profileSaved", ["name": saveProfile]))
            }
            let bar = ProgressLine(label: tr("cli.import.progress"))
            let outcome = try await importer.run(request, after: plan) { done, total in bar.report(done, of: total) }
            let counts = [
                "file": arguments.file, "added": Words.current.number(outcome.added),
                "skipped": Words.current.number(outcome.skipped),
                "pending": Words.current.number(plan.pending),
                "unreadable": Words.current.number(plan.unreadable.count),
            ]
            switch (plan.pending > 0, !plan.unreadable.isEmpty) {
            case (false, false): say(tr("cli.import.done", counts))
            case (true, false): say(tr("cli.import.donePending", counts))
            case (false, true): say(tr("cli.import.doneUnreadable", counts))
            case (true, true): say(tr("cli.import.donePendingUnreadable", counts))
            }
            if arguments.json {
                printJSON(
                    added: outcome.added, skipped: outcome.skipped, accounts: outcome.accounts, plan: plan,
                    dryRun: false, importID: outcome.importID)
            }
        }
    }

    private func describe(_ csv: CSVBankReader.Result) {
        let m = csv.mapping
        let delimiter = m.delimiter == "\t" ? "tab" : m.delimiter ?? ","
        var parts = [tr("cli.import.reading.delimiter", ["delimiter": delimiter])]
        if let encoding = m.encoding {
            parts.append(tr("cli.import.reading.encoding", ["encoding": encoding.rawValue]))
        }
        if let skip = m.skipLines, skip > 0 {
            parts.append(tr("cli.import.reading.linesSkipped", count: skip))
        }
        parts.append(
            tr(
                "cli.import.reading.date",
                ["column": m.date?.description ?? "?", "order": m.dateOrder?.rawValue ?? "?"]))
        if let amount = m.amount {
            let values = ["column": "\(amount)"]
            parts.append(
                m.sign == .inverted
                    ? tr("cli.import.reading.amountInverted", values) : tr("cli.import.reading.amount", values))
        } else {
            parts.append(
                tr(
                    "cli.import.reading.debitCredit",
                    ["debit": m.debit?.description ?? "-", "credit": m.credit?.description ?? "-"]))
        }
        parts.append(tr("cli.import.reading.decimal", ["mark": m.decimal?.rawValue ?? "."]))
        for (name, path) in CSVMapping.columnFields where !["date", "amount", "debit", "credit"].contains(name) {
            if let column = m[keyPath: path], column != .absent { parts.append(Self.column(name, "\(column)")) }
        }
        say(tr("cli.import.readingAs", ["settings": parts.joined(separator: tr("cli.import.readingSeparator"))]))
    }

    /// One more column of the mapping, as "Reading as:" names it (`cli.import.reading.<field>`).
    private static func column(_ name: String, _ column: String) -> String {
        tr("cli.import.reading.\(name)", ["column": column])
    }

    private func showPreview(_ plan: BankImportPlan, zone: TimeZone, format: DisplayFormat) {
        for part in plan.parts {
            for (index, entry) in part.entries.prefix(20).enumerated() {
                let mark = part.alreadyImported[index] ? "=" : "+"
                // As it will be booked: the clean payee, and a star where the person's rules change it.
                let booked = plan.booked(part, index)
                let ruled = booked.matched.isEmpty ? " " : "*"
                say(
                    "  \(mark)\(ruled)\(entry.day)  \(format.money(entry.amount).leftPadded(14))  \(booked.payee.fitted(to: 50))"
                )
            }
            if part.entries.count > 20 {
                let more = part.entries.count - 20
                say("  " + tr("cli.import.preview.more", count: more))
            }
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
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
