import BillfoldAPI
import BillfoldCore

/// Home's card of the recurring payments due next, with what they cost a month and the way to
/// all of them.
struct HomeRecurringCard {
    /// How many of the next ones Home lists.
    static let shown = 5

    let overview: RecurringOverview
    let format: DisplayFormat

    var html: HTML {
        H.section(.class("card home-recurring"), .label(tr("home.recurring"))) {
            H.h2 { tr("home.recurring") }
            if overview.counted.isEmpty {
                H.p(.class("secondary")) { tr("home.noRecurring") }
            } else {
                if !overview.monthlyCost.isEmpty {
                    H.p(.class("secondary")) {
                        tr(
                            "recurring.costPerMonth",
                            ["amount": overview.monthlyCost.map(format.money).joined(separator: " · ")])
                    }
                }
                H.ul(.class("home-recurring-list")) {
                    for kept in overview.counted.prefix(Self.shown) {
                        H.li {
                            H.span(.class("home-recurring-name")) { kept.payment.payee }
                            H.span(.class("secondary")) { format.day(kept.payment.nextExpected) }
                            H.span(.class("amount" + (kept.payment.usual.isIncome ? " income" : ""))) {
                                format.money(kept.payment.usual)
                            }
                        }
                    }
                }
            }
            H.a(.href(WebPages.recurring.path())) { tr("home.allRecurring") }
        }
    }
}
