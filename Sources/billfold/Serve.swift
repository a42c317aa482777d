import ArgumentParser
import BillfoldCore
import BillfoldServer
import BillfoldStore
import Foundation
import Vapor

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: tr("cli.serve.abstract"))

    @Option(name: .long, help: ArgumentHelp(tr("cli.serve.hostnameHelp")))
    var hostname: String?

    @Option(name: .long, help: ArgumentHelp(tr("cli.serve.portHelp")))
    var port: String?

    @Flag(name: .long, help: ArgumentHelp(tr("cli.serve.demoHelp")))
    var demo = false

    @Option(
        name: .long, help: ArgumentHelp(tr("cli.serve.chaosDelayHelp")))
    var chaosDelay: String?

    @Option(
        name: .long,
        help: ArgumentHelp(tr("cli.serve.chaosFailureRateHelp"))
    )
    var chaosFailureRate: String?

    @OptionGroup var options: DatabaseOption

    func run() async throws {
        var flags = options.flags
        flags.hostname = hostname
        flags.port = port
        flags.chaosDelay = chaosDelay
        flags.chaosFailureRate = chaosFailureRate
        try await withApplication(flags, quiet: false, arguments: ["billfold", "serve"]) { app in
            if demo { try await DemoAccount.ensure(in: app) }
            let config = app.billfoldConfiguration
            if let chaos = config.chaos {
                app.logger.warning(
                    "Chaos mode is on: JSON API requests wait \(chaos.delay.lowerBound)–\(chaos.delay.upperBound) s and \(Int(chaos.failureRate * 100)) % of them fail with 503. Never run it for real data."
                )
            }
            app.lifecycle.use(LunchMoneySyncWorker())
            app.lifecycle.use(RatesFetchWorker())
            say(
                tr(
                    "cli.serve.starting",
                    ["url": "http://\(config.hostname):\(config.port)", "database": "\(config.database)"]))
            try await app.execute()
        }
    }
}

/// The account `serve --demo` makes on first start and reuses after.
enum DemoAccount {
    static let email = "demo@billfold.local"
    static let password = "billfold-demo"
    /// A year of a household's bookings: about 170 a month, the bills and salary among them.
    static let transactions = 2_060

    static func ensure(in app: Application) async throws {
        var user = try await BillfoldStore.UserRepository(database: app.db, clock: app.wallClock).find(email: email)
        if user == nil {
            user = try await AccountService(database: app.db, clock: app.wallClock).createUser(
                email: email, password: password, name: "Demo",
                preferences: .init(locale: "en-US", timeZone: "Europe/Berlin", currency: .eur, deckSize: 20))
        }
        // Filled in one transaction; a first start stopped partway left the account empty.
        if let user,
            try await !BillfoldStore.TransactionRepository(database: app.db, userID: user.id)
                .hasExternalID(startingWith: "demo-")
        {
            let progress = ProgressLine(label: tr("cli.serve.demoProgress"))
            _ = try await DemoData(database: app.db, user: user, clock: app.wallClock).generate(
                count: transactions, household: true
            ) {
                progress.report($0, of: transactions)
            }
        }
        let url = "http://\(app.billfoldConfiguration.hostname):\(app.billfoldConfiguration.port)/signin"
        say("\n" + tr("cli.serve.demoReady", ["url": url, "email": email, "password": password]) + "\n")
    }
}
