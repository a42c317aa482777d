import ArgumentParser
import BillfoldCore
import BillfoldServer
import BillfoldStore
import Foundation

struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: tr("cli.users.abstract"), subcommands: [Create.self, SetPassword.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: tr("cli.users.create.abstract"))

        @Option(name: .long, help: ArgumentHelp(tr("cli.users.create.emailHelp"))) var email: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.users.create.passwordHelp"))) var password: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.users.create.nameHelp"))) var name: String?
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            try await withApplication(options.flags) { app in
                let user = try await AccountService(database: app.db, clock: app.wallClock).createUser(
                    email: email, password: password, name: name)
                say(tr("cli.users.created", ["email": user.email, "id": String(user.id)]))
            }
        }
    }
}

extension Users {
    /// The reset for a forgotten password: whoever runs the CLI on the server's database is its
    /// operator, so no old password is asked for.
    struct SetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-password", abstract: tr("cli.users.setPassword.abstract"))

        @Option(name: .long, help: ArgumentHelp(tr("cli.users.create.emailHelp"))) var email: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.users.setPassword.passwordHelp"))) var password: String?
        @Flag(name: .customLong("keep-tokens"), help: ArgumentHelp(tr("cli.users.setPassword.keepTokensHelp")))
        var keepTokens = false
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            let password = try password ?? Self.readPassword()
            try await withApplication(options.flags) { app in
                let person = try await user(email, in: app)
                try await AccountService(database: app.db, clock: app.wallClock).setPassword(
                    of: person, to: password, revokingTokens: !keepTokens)
                say(
                    tr(
                        keepTokens ? "cli.users.passwordSet" : "cli.users.passwordSetTokensRevoked",
                        ["email": person.email]))
            }
        }

        /// The password from standard input: typed without echo on a terminal, else its first
        /// line (so it need not appear in the process list or the shell's history).
        static func readPassword() throws -> String {
            if isatty(STDIN_FILENO) != 0, let typed = getpass(tr("cli.users.setPassword.prompt") + " ") {
                return String(cString: typed)
            }
            guard let line = readLine(strippingNewline: true) else {
                throw BillfoldError.validation("password", Phrase("cli.users.setPassword.noPassword"))
            }
            return line
        }
    }
}

struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: tr("cli.tokens.abstract"), subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("cli.tokens.create.abstract"))

        @Option(name: .long, help: ArgumentHelp(tr("cli.tokens.create.emailHelp"))) var email: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.tokens.create.labelHelp"))) var label: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.tokens.scopeHelp"))) var scope: TokenScope = .readWrite
        @Option(name: .long, help: ArgumentHelp(tr("cli.tokens.expiresHelp"))) var expires: String?
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            try await withApplication(options.flags) { app in
                let owner = try await user(email, in: app)
                let expiresAt = try TokenExpiry.parse(
                    expires ?? "", timeZone: owner.preferences.zone, now: app.wallClock.seconds, field: "expires")
                let created = try await AccountService(database: app.db, clock: app.wallClock).createToken(
                    for: owner, label: label, scope: scope, expiresAt: expiresAt)
                say(tr("cli.tokens.created", ["label": created.record.label, "email": owner.email]))
                say(created.token)
            }
        }
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: tr("cli.import.abstract"),
        subcommands: [CSV.self, OFX.self, QIF.self, CAMT.self, Payback.self, LunchMoney.self])

    struct Payback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: tr("cli.import.payback.abstract", ["example": #"{"items": [...]}"#]))

        @Argument(help: ArgumentHelp(tr("cli.import.payback.fileHelp"))) var file: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.import.emailHelp"))) var email: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                fail(tr("cli.cannotReadFile", ["path": file]), code: 66)
            }
            try await withApplication(options.flags) { app in
                let owner = try await user(email, in: app)
                let outcome = try await PaybackImport(database: app.db, user: owner, clock: app.wallClock).run(data)
                say(
                    tr(
                        "cli.import.payback.done", count: outcome.read,
                        [
                            "file": file, "added": Words.current.number(outcome.added),
                            "skipped": Words.current.number(outcome.skipped),
                        ]))
            }
        }
    }
}

extension Import {
    struct LunchMoney: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lunchmoney",
            abstract: tr("cli.import.lunchMoney.abstract")
        )

        @Option(
            name: .long,
            help: ArgumentHelp(tr("cli.import.lunchMoney.transactionsHelp", ["example": #"{"transactions": [...]}"#])))
        var transactions: String
        @Option(name: .long, help: ArgumentHelp(tr("cli.import.lunchMoney.categoriesHelp"))) var categories: String?
        @Option(name: .long, help: ArgumentHelp(tr("cli.emailForDataHelp"))) var email: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            guard let rows = FileManager.default.contents(atPath: transactions) else {
                fail(tr("cli.cannotReadFile", ["path": transactions]), code: 66)
            }
            let groups = try categories.map { path -> Data in
                guard let data = FileManager.default.contents(atPath: path) else {
                    fail(tr("cli.cannotReadFile", ["path": path]), code: 66)
                }
                return data
            }
            try await withApplication(options.flags) { app in
                let owner = try await user(email, in: app)
                let outcome = try await LunchMoneyImport(database: app.db, user: owner, clock: app.wallClock).run(
                    transactions: rows, categories: groups)
                let categoriesInUse = tr(
                    "cli.import.lunchMoney.categoriesInUse", count: outcome.categories)
                say(
                    tr(
                        "cli.import.lunchMoney.done", count: outcome.read,
                        [
                            "file": transactions, "added": Words.current.number(outcome.added),
                            "skipped": Words.current.number(outcome.skipped), "categoriesInUse": categoriesInUse,
                        ]))
            }
        }
    }
}

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: tr("cli.demo.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.emailForDataHelp"))) var email: String
    @Option(name: .long, help: ArgumentHelp(tr("cli.demo.transactionsHelp"))) var transactions = 12_000
    @OptionGroup var options: DatabaseOption

    func validate() throws {
        guard (1...50_000_000).contains(transactions) else {
            throw ValidationError(tr("cli.demo.transactionsOutOfRange"))
        }
    }

    func run() async throws {
        try await withApplication(options.flags) { app in
            let owner = try await user(email, in: app)
            let start = Date()
            let progress = ProgressLine(label: tr("cli.demo.progress"))
            let added = try await DemoData(database: app.db, user: owner, clock: app.wallClock).generate(
                count: transactions
            ) {
                progress.report($0, of: transactions)
            }
            let seconds = Date().timeIntervalSince(start)
            say(
                tr(
                    "cli.demo.done", count: added,
                    ["email": owner.email, "seconds": String(format: "%.1f", seconds)]))
        }
    }
}
