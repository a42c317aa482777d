import BillfoldAPI
import BillfoldCore

/// The confirmation before a transaction goes: what it is, that the sums lose it, and that the
/// delete can be undone for a day.
struct TransactionDeletePage: WebPage {
    let transaction: Transaction
    let rows: TransactionRows
    /// The list to go back to, with its filters.
    let back: String

    func document(_ context: PageContext) -> Document {
        let t = transaction
        let format = rows.format
        return Layout(context: context, title: "Delete “\(t.payee)”?", section: .transactions).document {
            H.a(.class("back-link"), .href(WebPages.transaction.path(t.id, query: [("back", back)]))) {
                "← \(t.payee)"
            }
            H.section(.class("card form-card delete-card")) {
                H.h1 { "Delete “\(t.payee)”?" }
                H.p(.class("delete-summary")) {
                    rows.amount(t.money)
                    " on \(format.dayHeading(t.bookedAt.epochSeconds)) leaves your totals. "
                        + "Right after, the list offers to undo it; after a day it is gone for good."
                }
                if t.isImported {
                    H.p(.class("secondary")) {
                        "It was imported: importing the same file again brings it back."
                    }
                }
                H.form(.method("post"), .action(WebPages.deleteTransaction.path(t.id)), .class("edit-form")) {
                    HTML.void("input", [.type("hidden"), .name("back"), .value(back)])
                    H.div(.class("form-actions")) {
                        H.button(.type("submit"), .class("button danger")) { "Delete transaction" }
                        H.a(.class("button subtle"), .href(WebPages.transaction.path(t.id, query: [("back", back)]))) {
                            "Cancel"
                        }
                    }
                }
            }
        }
    }
}
