import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The home screen: open projects with how far along each is, the high-priority items "Up next"
/// and "More to explore" (split by Core's rule, as on the web), how many transactions wait for
/// review, this month's spending per category (largest first, never adding currencies together),
/// and the awards earned last.
@MainActor @Observable
public final class HomeViewModel {
    /// One category's spending in one currency.
    public struct Spending: Equatable, Sendable, Identifiable {
        /// The category and the currency together, unique in the list.
        public var id: String { "\(categoryID.map(String.init) ?? "none")-\(money.currency.code)" }
        /// The category's id; nil for spending without a category.
        public var categoryID: Int64?
        /// The category's name, or "Uncategorized".
        public var name: String
        /// The category's colour name (e.g. "blue"); empty without a category.
        public var colour: String
        /// What went out, as a positive amount.
        public var money: Money
    }

    /// The server the dashboard is read from.
    public let client: BillfoldClient
    /// What the screen shows now: loading, the dashboard, or why it could not be loaded.
    public private(set) var screen: ListScreen = .loading
    /// The person's language, time zone and currency, for showing dates and money.
    public private(set) var preferences = Preferences.standard
    /// The month the spending is for, in the person's time zone; nil until the first load.
    public private(set) var month: Month?
    /// How many transactions wait for review, all months together.
    public private(set) var uncleared = 0
    /// The open projects, with how far along each is.
    public private(set) var projects: [ProjectDTO] = []
    /// The first of the high-priority items, shown as "Up next".
    public private(set) var upNext: [ItemDTO] = []
    /// The rest of the high-priority items, shown as "More to explore".
    public private(set) var moreToExplore: [ItemDTO] = []
    /// This month's spending per category and currency: currency by currency, largest first within each.
    public private(set) var spending: [Spending] = []
    /// The awards earned last.
    public private(set) var recentAwards: [AwardStanding] = []

    /// Reads from `client`; nothing is loaded until `load()`.
    public init(client: BillfoldClient) {
        self.client = client
    }

    /// Loads the preferences (`GET /api/v1/me`) and the dashboard (`GET /api/v1/home`); when that fails after
    /// an earlier load, the last dashboard stays on screen.
    public func load() async {
        do {
            preferences = try await client.me().preferences
            let home = try await client.send(NativeAPI.home, as: HomeResponse.self)
            month = try? Month(parsing: home.month)
            uncleared = home.uncleared
            projects = home.projects
            (upNext, moreToExplore) = UpNext.split(home.upNext)
            spending = try home.spending.map { line in
                let money = try line.money()
                return Spending(
                    categoryID: line.categoryId, name: line.categoryName ?? CategoryTree.uncategorized,
                    colour: line.colour ?? "",
                    money: Money(minorUnits: -money.minorUnits, currency: money.currency))
            }.sorted { a, b in
                a.money.currency != b.money.currency
                    ? a.money.currency.code < b.money.currency.code : a.money.minorUnits > b.money.minorUnits
            }
            recentAwards = home.recentAwards.map(\.standing)
            // A dashboard is never empty: its parts say "nothing yet" themselves.
            screen = .loaded
        } catch let error as ClientError {
            screen = .after(error, showing: month != nil)
        } catch {
            screen = .failed(ClientError(.unreadableAnswer, message: tr("kit.home.dashboardUnreadable")))
        }
    }

    /// "November 2026", in the person's language.
    public var monthName: String {
        month?.name(locale: preferences.format.locale, timeZone: preferences.zone) ?? ""
    }

    /// The project an up-next item belongs to.
    public func projectTitle(of item: ItemDTO) -> String {
        projects.first { $0.id == item.projectId }?.title ?? ""
    }

    /// This month's spending per currency, each summed on its own (the store keeps a person's
    /// sums within 64 bits, so these cannot overflow).
    public var spendingTotals: [Money] {
        CurrencyTotal.merge(spending.map { CurrencyTotal(money: $0.money, count: 1) }).map(\.money)
    }
}
