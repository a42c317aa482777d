import BillfoldAPI
import BillfoldCore

/// The confirmation before transactions go, one or several chosen in the list: what they are,
/// that the sums lose them, and that the delete can be undone for a day.
struct TransactionDeletePage: WebPage {
    let transactions: [Transaction]
    let format: DisplayFormat
    /// The list to go back to, with its filters.
    let back: String

    /// Amounts drawn as the list draws them; the page names no categories or accounts.
    private var rows: TransactionRows {
        TransactionRows(format: format, categories: CategoryTree([]), accounts: [:], listQuery: "")
    }

    /// The most chosen transactions the page names one by one.
    static let listed = 50

    func document(_ context: PageContext) -> Document {
        let title =
            transactions.count == 1
            ? tr("transactions.delete.titleOne", ["name": transactions[0].shownPayee])
            : tr("transactions.delete.titleMany", count: transactions.count)
        return Layout(context: context, title: title, section: .transactions).document {
            H.a(.class("back-link"), .href(cancel)) {
                transactions.count == 1
                    ? tr("transactions.backTo", ["name": transactions[0].payee]) : tr("transactions.backToList")
            }
            H.section(.class("card form-card delete-card")) {
                H.h1 { title }
                summary
                if transactions.contains(where: \.isImported) {
                    H.p(.class("secondary")) {
                        transactions.count == 1
                            ? tr("transactions.delete.importedOne")
                            : tr("transactions.delete.importedMany")
                    }
                }
                H.form(.method("post"), .action(action), .class("edit-form")) {
                    HTML.void("input", [.type("hidden"), .name("back"), .value(back)])
                    if transactions.count > 1 {
                        HTML.void(
                            "input",
                            [
                                .type("hidden"), .name("ids"),
                                .value(transactions.map { String($0.id) }.joined(separator: ",")),
                            ])
                    }
                    H.div(.class("form-actions")) {
                        H.button(.type("submit"), .class("button danger")) {
                            transactions.count == 1
                                ? tr("transactions.delete.buttonOne")
                                : tr("transactions.delete.buttonMany", count: transactions.count)
                        }
                        H.a(.class("button subtle"), .href(cancel)) { tr("transactions.cancel") }
                    }
                }
            }
        }
    }

    private var summary: HTML {
        guard transactions.count > 1 else {
            let t = transactions[0]
            if t.transferID != nil {
                // A transfer is neither spending nor income: its amount is said as a plain figure.
                // Stored amounts are within Money's limit, so their magnitude fits.
                let amount = Money(minorUnits: abs(t.money.minorUnits), currency: t.money.currency)
                return H.p(.class("delete-summary")) {
                    tr(
                        "transactions.delete.summaryTransfer",
                        ["amount": format.money(amount), "day": format.dayHeading(t.bookedAt.epochSeconds)])
                }
            }
            return H.p(.class("delete-summary")) {
                H.sentence(
                    "transactions.delete.summaryOne", ["day": format.dayHeading(t.bookedAt.epochSeconds)],
                    elements: ["amount": rows.amount(t.money)])
            }
        }
        return HTML.group([
            H.p(.class("delete-summary")) {
                tr("transactions.delete.summaryMany")
            },
            H.ul(.class("delete-list")) {
                for t in transactions.prefix(Self.listed) {
                    H.li {
                        H.span(.class("payee")) { t.shownPayee }
                        H.span(.class("secondary")) { format.booked(t) }
                        rows.amount(t.money)
                    }
                }
                if transactions.count > Self.listed {
                    H.li(.class("secondary")) {
                        tr("transactions.delete.andMore", count: transactions.count - Self.listed)
                    }
                }
            },
        ])
    }

    private var action: String {
        transactions.count == 1 ? WebPages.deleteTransaction.path(transactions[0].id) : WebPages.deleteSelected.path()
    }

    private var cancel: String {
        transactions.count == 1 ? WebPages.transaction.path(transactions[0].id, query: [("back", back)]) : back
    }
}
