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
            ? "Delete “\(transactions[0].payee)”?" : "Delete \(transactions.count) transactions?"
        return Layout(context: context, title: title, section: .transactions).document {
            H.a(.class("back-link"), .href(cancel)) {
                transactions.count == 1 ? "← \(transactions[0].payee)" : "← Transactions"
            }
            H.section(.class("card form-card delete-card")) {
                H.h1 { title }
                summary
                if transactions.contains(where: \.isImported) {
                    H.p(.class("secondary")) {
                        transactions.count == 1
                            ? "It was imported: importing the same file again brings it back."
                            : "Some were imported: importing the same files again brings them back."
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
                            transactions.count == 1 ? "Delete transaction" : "Delete \(transactions.count) transactions"
                        }
                        H.a(.class("button subtle"), .href(cancel)) { "Cancel" }
                    }
                }
            }
        }
    }

    private var summary: HTML {
        let undo = "Right after, the list offers to undo it; after a day it is gone for good."
        guard transactions.count > 1 else {
            let t = transactions[0]
            return H.p(.class("delete-summary")) {
                rows.amount(t.money)
                " on \(format.dayHeading(t.bookedAt.epochSeconds)) leaves your totals. " + undo
            }
        }
        return HTML.group([
            H.p(.class("delete-summary")) {
                "They leave your totals. Right after, the list offers to undo the delete; after a day they are gone for good."
            },
            H.ul(.class("delete-list")) {
                for t in transactions.prefix(Self.listed) {
                    H.li {
                        H.span(.class("payee")) { t.payee }
                        H.span(.class("secondary")) { format.dateTime(t.bookedAt.epochSeconds) }
                        rows.amount(t.money)
                    }
                }
                if transactions.count > Self.listed {
                    H.li(.class("secondary")) { "and \(transactions.count - Self.listed) more" }
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
