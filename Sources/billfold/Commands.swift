import ArgumentParser
import BillfoldCore
import BillfoldServer
import BillfoldStore
import Foundation

struct Users: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Manage users.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a user who signs in with email and password.")

        @Option(name: .long, help: "Email address, used to sign in.") var email: String
        @Option(name: .long, help: "Password, at least 8 characters.") var password: String
        @Option(name: .long, help: "Display name (default: the part of the email before @).") var name: String?
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            try await withApplication(options.flags) { app in
                let user = try await AccountService(database: app.db).createUser(
                    email: email, password: password, name: name)
                say("Created user \(user.email) (id \(user.id)).")
            }
        }
    }
}

struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage personal access tokens.", subcommands: [Create.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create an access token for the APIs; it is printed alone on the last line, once.")

        @Option(name: .long, help: "The user's email.") var email: String
        @Option(name: .long, help: "What the token is for, e.g. \"iPhone\".") var label: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            try await withApplication(options.flags) { app in
                let owner = try await user(email, in: app)
                let created = try await AccountService(database: app.db).createToken(for: owner, label: label)
                say("Created token “\(created.record.label)” for \(owner.email). It is shown only now:")
                say(created.token)
            }
        }
    }
}

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import bank files (CSV, OFX/QFX, QIF, CAMT.053) and other apps' exports.",
        subcommands: [CSV.self, OFX.self, QIF.self, CAMT.self, Payback.self, LunchMoney.self])

    struct Payback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a PAYBACK transactions file ({\"items\": [...]}). Re-importing adds nothing.")

        @Argument(help: "The PAYBACK JSON file.") var file: String
        @Option(name: .long, help: "The user whose books receive the transactions.") var email: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                fail("Cannot read the file \(file).", code: 66)
            }
            try await withApplication(options.flags) { app in
                let owner = try await user(email, in: app)
                let outcome = try await PaybackImport(database: app.db, userID: owner.id).run(data)
                say(
                    "Read \(outcome.read) transactions from \(file): added \(outcome.added), skipped \(outcome.skipped) already imported."
                )
            }
        }
    }
}

extension Import {
    struct LunchMoney: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lunchmoney",
            abstract:
                "Import Lunch Money JSON (the answers of GET /v1/transactions and /v1/categories). Re-importing adds nothing."
        )

        @Option(name: .long, help: "Lunch Money's transactions JSON ({\"transactions\": [...]}).") var transactions:
            String
        @Option(name: .long, help: "Lunch Money's categories JSON, flattened or nested.") var categories: String?
        @Option(name: .long, help: "The user whose books receive the data.") var email: String
        @OptionGroup var options: DatabaseOption

        func run() async throws {
            guard let rows = FileManager.default.contents(atPath: transactions) else {
                fail("Cannot read the file \(transactions).", code: 66)
            }
            let groups = try categories.map { path -> Data in
                guard let data = FileManager.default.contents(atPath: path) else {
                    fail("Cannot read the file \(path).", code: 66)
                }
                return data
            }
            try await withApplication(options.flags) { app in
                let owner = try await user(email, in: app)
                let outcome = try await LunchMoneyImport(database: app.db, user: owner).run(
                    transactions: rows, categories: groups)
                say(
                    "Read \(outcome.read) transactions from \(transactions): added \(outcome.added), skipped \(outcome.skipped) already imported; \(outcome.categories) categories in use."
                )
            }
        }
    }
}

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill an account with a generated year of realistic data.")

    @Option(name: .long, help: "The user whose books receive the data.") var email: String
    @Option(name: .long, help: "How many transactions to generate (default 12000).") var transactions = 12_000
    @OptionGroup var options: DatabaseOption

    func validate() throws {
        guard (1...50_000_000).contains(transactions) else {
            throw ValidationError("--transactions must be from 1 to 50000000.")
        }
    }

    func run() async throws {
        try await withApplication(options.flags) { app in
            let owner = try await user(email, in: app)
            let start = Date()
            let progress = ProgressLine(label: "Generating")
            let added = try await DemoData(database: app.db, user: owner).generate(count: transactions) {
                progress.report($0, of: transactions)
            }
            let seconds = Date().timeIntervalSince(start)
            say("Added \(added) transactions for \(owner.email) in \(String(format: "%.1f", seconds)) s.")
        }
    }
}
