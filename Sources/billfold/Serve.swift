import ArgumentParser
import BillfoldCore
import BillfoldServer
import BillfoldStore
import Foundation
import Vapor

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the web app and the APIs.")

    @Option(name: .long, help: "Address to listen on (default 127.0.0.1, or BILLFOLD_HOSTNAME).")
    var hostname: String?

    @Option(name: .long, help: "Port to listen on (default 8080, or BILLFOLD_PORT).")
    var port: String?

    @Flag(name: .long, help: "Create a demo account full of generated data and print how to sign in.")
    var demo = false

    @Option(
        name: .long, help: "For client developers: delay every JSON API request, e.g. 1s-2s (or BILLFOLD_CHAOS_DELAY).")
    var chaosDelay: String?

    @Option(
        name: .long,
        help:
            "For client developers: fail this share of JSON API requests with 503, e.g. 0.2 (or BILLFOLD_CHAOS_FAILURE_RATE)."
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
            say("Starting Billfold on http://\(config.hostname):\(config.port) over the \(config.database).")
            try await app.execute()
        }
    }
}

/// The account `serve --demo` makes on first start and reuses after.
enum DemoAccount {
    static let email = "demo@billfold.local"
    static let password = "billfold-demo"
    static let transactions = 12_000

    static func ensure(in app: Application) async throws {
        let existing = try await BillfoldStore.UserRepository(database: app.db).find(email: email)
        if existing == nil {
            let user = try await AccountService(database: app.db).createUser(
                email: email, password: password, name: "Demo",
                preferences: .init(locale: "en-US", timeZone: "Europe/Berlin", currency: .eur, deckSize: 20))
            let progress = ProgressLine(label: "Generating demo data")
            _ = try await DemoData(database: app.db, user: user).generate(count: transactions) {
                progress.report($0, of: transactions)
            }
        }
        say(
            """

            Demo account ready. Sign in at http://\(app.billfoldConfiguration.hostname):\(app.billfoldConfiguration.port)/signin
              email:    \(email)
              password: \(password)

            """)
    }
}
