import BillfoldCore
import BillfoldImport
import BillfoldStore
import FluentKit
import Foundation

/// What a person asks to import: a bank file, how to read it, and where its bookings go.
public struct BankImportRequest: Sendable {
    public var fileName: String
    public var data: Data
    public var options: BankFileOptions
    /// The Billfold account for a file that holds one account's bookings: an existing account's
    /// name, or a new account's. Without it, a file that names its accounts (OFX, CAMT) makes one
    /// Billfold account for each.
    public var account: String?
    /// Leave out the rows that cannot be read instead of refusing the file.
    public var skipUnreadable: Bool
    /// Book each row under the bank's text as it is, instead of a clean payee (`PayeeCleaner`).
    public var keepsBankText = false
    /// A preview of a file that names no account goes into one named from the file's name
    /// (`suggestedAccount`), which the person can change, instead of being refused.
    public var suggestsAccount = false

    public init(
        fileName: String, data: Data, options: BankFileOptions = BankFileOptions(), account: String? = nil,
        skipUnreadable: Bool = false
    ) {
        self.fileName = fileName
        self.data = data
        self.options = options
        self.account = account
        self.skipUnreadable = skipUnreadable
    }
}

/// What an import does (or, for a dry run, would do), before or after it is written.
public struct BankImportPlan: Sendable {
    /// One account's part of the file.
    public struct Part: Sendable {
        public var account: String
        /// The existing account it goes into; nil when the import makes a new one.
        var accountID: Int64?
        /// The account does not exist yet; the import makes it.
        public var isNew: Bool { accountID == nil }
        public var currency: Currency
        public var entries: [StatementEntry]
        /// For each entry, whether an earlier import (or an earlier statement of the same
        /// account in this file) already brought it.
        public var alreadyImported: [Bool]
        /// Each entry's import key.
        var keys: [String]

        /// Bookings not yet in Billfold.
        public var new: Int { alreadyImported.lazy.filter { !$0 }.count }
        /// Bookings already there.
        public var already: Int { alreadyImported.count - new }
        /// What the bookings not yet in Billfold add up to; nil where the sum would not fit.
        public var newTotal: Money? {
            entries.indices.lazy.filter { !alreadyImported[$0] }.map { entries[$0].amount.minorUnits }
                .checkedSum.map { Money(minorUnits: $0, currency: currency) }
        }
    }

    public var format: BankFormat
    public var parts: [Part]
    public var unreadable: [UnreadableRow]
    public var pending: Int
    /// The CSV mapping as completed from the file, its header and first rows (CSV only).
    public var csv: CSVBankReader.Result?
    /// The file as read, so importing after a preview does not read it again.
    var read: BankFileReader.Read
    /// Each statement's import keys, so importing after a preview does not work them out again.
    var statementKeys: [[String]]
    /// The account name a preview took from the file's name, the file naming none.
    public var suggestedAccount: String?
    /// The person's rules, for showing what they will do (`booked`).
    var rules = RuleBook([])
    /// The rows keep the bank's text as their payee (`BankImportRequest.keepsBankText`).
    var keepsBankText = false

    public var new: Int { parts.reduce(0) { $0 + $1.new } }
    public var already: Int { parts.reduce(0) { $0 + $1.already } }

    /// "312 new, 48 already imported, 2 unreadable: line 17: “31.02.2024” is not a date."
    /// In the current words (`Words.current`).
    public var summary: String {
        var text = tr("error.service.imports.summary", ["new": String(new), "already": String(already)])
        if pending > 0 {
            text = tr("error.service.imports.summaryPending", count: pending, ["summary": text])
        }
        if !unreadable.isEmpty {
            var rows = unreadable.prefix(3).map(\.description).joined(
                separator: tr("error.service.imports.summaryRowSeparator"))
            if unreadable.count > 3 { rows = tr("error.service.imports.summaryMoreRows", ["rows": rows]) }
            text = tr(
                "error.service.imports.summaryUnreadable", count: unreadable.count, ["summary": text, "rows": rows])
        }
        return text
    }
}

/// How an import ended.
public struct BankImportOutcome: Sendable {
    public var importID: Int64
    public var added: Int
    public var skipped: Int
    public var accounts: [String]
}

/// Reads bank files (CSV, OFX/QFX, QIF, CAMT.053) into a user's books: the whole file is read
/// and checked first, then written in one database transaction, skipping the bookings an
/// earlier import brought, and recorded so it can be undone.
public struct BankImport: Sendable {
    let database: any Database
    let user: User
    /// Now, for every rule here that depends on time.
    let clock: WallClock

    public init(database: any Database, user: User, clock: WallClock) {
        self.database = database
        self.user = user
        self.clock = clock
    }

    /// What importing would do; writes nothing.
    public func plan(_ request: BankImportRequest) async throws -> BankImportPlan {
        let read = try BankFileReader.read(request.data, options: try await options(request))
        return try await plan(read, request, on: database)
    }

    /// The request's reading options, with what the person's books already say: the currency of
    /// the existing account the bookings go into, and the habit for dates that could be either
    /// (an American writes the month first).
    private func options(_ request: BankImportRequest) async throws -> BankFileOptions {
        var options = request.options
        if options.currency == nil, let name = request.account?.lowercased() {
            let accounts = try await AccountRepository(database: database, userID: user.id).all()
            options.currency = accounts.first { $0.displayName.lowercased() == name }?.currency
        }
        let region = user.preferences.foundationLocale.region?.identifier
        options.preferredDateOrder =
            ["US", "PH", "FM", "MH", "PW"].contains(region ?? "") ? .monthDayYear : .dayMonthYear
        return options
    }

    /// `known`: the import keys of a preview of the same file, so they are not worked out again.
    private func plan(
        _ read: BankFileReader.Read, _ request: BankImportRequest, on db: any Database, known: [[String]]? = nil
    ) async throws -> BankImportPlan {
        let reading = read.reading
        var statements = reading.statements.filter { !$0.entries.isEmpty }
        // A CSV naming its rows' accounts goes whole into the account the person chose.
        if request.account != nil, reading.format == .csv, statements.count > 1 {
            statements = [Statement(account: statements[0].account, entries: statements.flatMap(\.entries))]
        }
        // The account chosen takes a file's one account, or else the bookings the file names no
        // account for (a QIF's registers before its first !Account); named ones go to their own.
        let fileAccounts = Set(statements.map(\.account)).count
        let someUnnamed = statements.contains { $0.account.suggestedName == nil }
        if request.account != nil, fileAccounts > 1, !someUnnamed {
            throw BillfoldError.validation(
                "account", Phrase("error.service.imports.manyAccountsForOne", count: fileAccounts))
        }
        let accounts = try await AccountRepository(database: db, userID: user.id).all()
        let imports = ImportRepository(database: db, userID: user.id)
        var parts: [BankImportPlan.Part] = []
        var statementKeys: [[String]] = []
        // Per account, the keys of the statements before: statements of one account in one file
        // (daily CAMT statements, an OFX naming the account twice) overlap the way a statement
        // imported again does, and what they share is added once. Gathered from the second.
        var seen: [Int: Set<String>] = [:]
        var suggested: String?
        for (index, statement) in statements.enumerated() {
            let chosen = fileAccounts == 1 || statement.account.suggestedName == nil ? request.account : nil
            if chosen == nil, statement.account.suggestedName == nil, request.suggestsAccount {
                suggested = Self.accountName(fromFile: request.fileName, words: Words(locale: user.preferences.locale))
            }
            guard let name = chosen ?? statement.account.suggestedName ?? suggested else {
                throw BillfoldError.validation(
                    "account", Phrase("error.service.imports.sayAccount"))
            }
            let existing = accounts.first { AccountRules.nameKey($0.displayName) == AccountRules.nameKey(name) }
            guard
                let currency = existing?.currency ?? statement.account.currency ?? request.options.currency
                    ?? statement.entries.first?.amount.currency
            else { throw BillfoldError.validation("currency", Phrase("error.service.imports.sayCurrency")) }
            // By index: handing each of a million entries to a closure would copy it.
            if let wrong = statement.entries.indices.first(where: { statement.entries[$0].amount.currency != currency })
                .map({ statement.entries[$0] })
            {
                throw BillfoldError.validation(
                    "account",
                    Phrase(
                        "error.service.imports.otherCurrencyInFile",
                        [
                            "name": name, "currency": currency.code, "place": wrong.place,
                            "otherCurrency": wrong.amount.currency.code,
                        ]))
            }
            let keys = known.flatMap { index < $0.count ? $0[index] : nil } ?? statement.importKeys
            statementKeys.append(keys)
            var already = Set<String>()
            if let existing { already = try await imports.existingKeys(account: existing.id, keys) }
            let shown = existing?.displayName ?? name
            guard let part = parts.firstIndex(where: { $0.account.lowercased() == shown.lowercased() }) else {
                // The account's first statement: its keys are unique already (repeats are numbered),
                // and its rows are taken as they are, not copied one by one.
                parts.append(
                    BankImportPlan.Part(
                        account: shown, accountID: existing?.id, currency: currency, entries: statement.entries,
                        alreadyImported: already.isEmpty
                            ? Array(repeating: false, count: keys.count) : keys.map { already.contains($0) },
                        keys: keys))
                continue
            }
            guard parts[part].currency == currency else {
                throw BillfoldError.validation(
                    "account",
                    Phrase(
                        "error.service.imports.twoCurrencies",
                        ["name": shown, "first": parts[part].currency.code, "second": currency.code]))
            }
            var before = seen[part] ?? Set(parts[part].keys)
            parts[part].alreadyImported += keys.map { already.contains($0) || !before.insert($0).inserted }
            seen[part] = before
            parts[part].entries += statement.entries
            parts[part].keys += keys
        }
        var plan = BankImportPlan(
            format: reading.format, parts: parts, unreadable: reading.unreadable, pending: reading.pending,
            csv: read.csv, read: read, statementKeys: statementKeys, suggestedAccount: suggested)
        plan.rules = try await RuleRepository(database: db, userID: user.id).book()
        plan.keepsBankText = request.keepsBankText
        return plan
    }

    /// Imports the file in one database transaction; a file with unreadable rows is refused
    /// whole unless the request says to leave them out. `progress` hears how many of the new
    /// bookings are written, of how many. `preview`, the plan of the same request, saves reading
    /// the file again (what is already imported is checked again inside the transaction).
    public func run(
        _ request: BankImportRequest, after preview: BankImportPlan? = nil,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> BankImportOutcome {
        let read: BankFileReader.Read
        if let preview {
            read = preview.read
        } else {
            read = try BankFileReader.read(request.data, options: try await options(request))
        }
        if let refusal = Self.refusal(read.reading.unreadable, skipUnreadable: request.skipUnreadable) {
            throw refusal
        }
        let zone = user.preferences.zone
        let outcome = try await database.transaction { db in
            let plan = try await plan(read, request, on: db, known: preview?.statementKeys)
            let imports = ImportRepository(database: db, userID: user.id)
            let now = clock.seconds
            let importID = try await imports.start(
                fileName: request.fileName, format: read.reading.format.rawValue, now: now)
            let categories = CategoryRepository(database: db, userID: user.id)
            // Per name in the file: its category, or nil for a name too short to be one.
            var categoryIDs: [String: Int64?] = [:]
            var added = 0
            var written = 0
            for part in plan.parts {
                let accountID =
                    if let existing = part.accountID {
                        existing
                    } else {
                        try await AccountRepository(database: db, userID: user.id).named(
                            "bank:" + part.account.lowercased(), displayName: part.account, currency: part.currency,
                            importID: importID, now: clock.seconds
                        ).id
                    }
                // Oldest first, so the time-ordered indexes grow at their end; a day's bookings
                // keep the file's order. Sorting numbers, not the rows, is what a million of them allows.
                let order = part.entries.indices.lazy.filter { !part.alreadyImported[$0] }
                    .map { (day: part.entries[$0].day.number, index: $0) }.sorted { $0 < $1 }.map(\.index)
                // The categories the file names, made before the rows are (the rows are made as
                // the database writes the ones before, where nothing else may be asked of it).
                for index in order {
                    guard let name = part.entries[index].category, categoryIDs[name] == nil else { continue }
                    let shown = Self.categoryName(name)
                    categoryIDs[name] =
                        shown.count >= CategoryRules.nameLength.lowerBound
                        ? .some(
                            try await categories.forSource(
                                "import:" + name.lowercased(), name: shown, now: clock.seconds
                            ).id)
                        : .some(nil)
                }
                let rows = try BankRows(
                    part: part, order: order, zone: zone, categoryIDs: categoryIDs, keepsBankText: plan.keepsBankText)
                // The keys were checked inside this transaction: every row is new.
                let before = written
                let total = plan.new
                added += try await TransactionRepository(database: db, userID: user.id).append(
                    count: order.count, accountID: { _ in accountID }, now: now, importID: importID,
                    progress: { progress(before + $0, total) }, rows: rows.make)
                written += order.count
            }
            let total = plan.parts.reduce(0) { $0 + $1.entries.count }
            try await imports.finish(
                importID, added: added, skipped: total - added, pending: read.reading.pending,
                unreadable: read.reading.unreadable.count)
            return BankImportOutcome(
                importID: importID, added: added, skipped: total - added, accounts: plan.parts.map(\.account))
        }
        BillfoldMetrics.imported(format: read.reading.format.rawValue, added: outcome.added)
        return outcome
    }

    /// Why an import with these unreadable rows is refused whole, or nil when it goes ahead (none,
    /// or the person chose to leave them out). A dry run asks it too, to end as the import would.
    public static func refusal(_ unreadable: [UnreadableRow], skipUnreadable: Bool) -> BillfoldError? {
        guard let first = unreadable.first, !skipUnreadable else { return nil }
        let more = unreadable.count - 1
        return BillfoldError(
            .invalidImportFile,
            more > 0
                ? Phrase("error.service.imports.unreadableRefusedMore", ["row": first.description], count: more)
                : Phrase("error.service.imports.unreadableRefused", ["row": first.description]))
    }

    public func imports() async throws -> [ImportRecord] {
        try await ImportRepository(database: database, userID: user.id).all()
    }

    /// One of the person's imports; another person's is as missing as one that never was.
    public func record(_ id: Int64) async throws -> ImportRecord {
        guard let record = try await ImportRepository(database: database, userID: user.id).find(id) else {
            throw BillfoldError.notFound(.import)
        }
        return record
    }

    /// Removes exactly the transactions an import added; how many.
    public func undo(_ id: Int64) async throws -> Int {
        // Missing and someone else's answer alike; "already undone" is the repository's to say,
        // in the same statement that marks it (two undos at once).
        _ = try await record(id)
        return try await ImportRepository(database: database, userID: user.id).undo(id, now: clock.seconds)
    }

    // MARK: Profiles

    /// Saves a CSV mapping under a name (1 to 100 characters), replacing one of the same name.
    public func saveProfile(_ name: String, _ mapping: CSVMapping) async throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard (1...100).contains(trimmed.count) else {
            throw BillfoldError.validation("profile", Phrase("error.service.imports.profileNameLength"))
        }
        var kept = mapping
        // The lines before the table are this file's (a title, a date range), found again each time.
        kept.skipLines = nil
        let json = String(decoding: try JSONEncoder().encode(kept), as: UTF8.self)
        try await ImportRepository(database: database, userID: user.id).saveProfile(
            trimmed, mapping: json, now: clock.seconds)
    }

    /// A saved mapping by name.
    public func profile(_ name: String) async throws -> CSVMapping {
        let imports = ImportRepository(database: database, userID: user.id)
        guard let json = try await imports.profile(name.trimmingCharacters(in: .whitespaces)) else {
            let names = try await imports.profileNames()
            throw BillfoldError(
                .notFound,
                names.isEmpty
                    ? Phrase("error.service.imports.noProfileNoneSaved", ["name": name])
                    : Phrase("error.service.imports.noProfile", ["name": name], lists: ["names": names]))
        }
        do {
            return try JSONDecoder().decode(CSVMapping.self, from: Data(json.utf8))
        } catch {
            throw BillfoldError(
                .conflict, Phrase("error.service.imports.profileUnreadable", ["name": name]))
        }
    }

    public func profileNames() async throws -> [String] {
        try await ImportRepository(database: database, userID: user.id).profileNames()
    }
}
