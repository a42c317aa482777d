import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// The "Add transaction" form. On a failed save it comes back with everything the user typed.
struct NewTransactionPage: WebPage {
    struct Values: Codable, Sendable {
        var bookedAt: String
        var payee: String
        var amount: String
        var currency: String
        var accountId: String?
        var categoryId: String?
        var status: String?
        var notes: String?
    }

    let values: Values
    let categories: CategoryTree
    let accounts: [Account]
    var error: BillfoldError?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("transactions.add"), section: .transactions)
            .document(status: error == nil ? .ok : .badRequest) {
                H.a(.class("back-link"), .href(WebPages.transactions.path())) { tr("transactions.backToList") }
                H.section(.class("card form-card")) {
                    H.h1 { tr("transactions.add") }
                    H.p(.class("secondary")) { tr("transactions.new.signAdvice") }
                    if let error {
                        H.p(.class("form-error"), .attr("role", "alert")) { error.message }
                    }
                    H.form(.method("post"), .action(WebPages.addTransaction.path()), .class("edit-form")) {
                        Field.input(
                            "bookedAt", label: tr("transactions.dateAndTime"), type: "datetime-local",
                            value: values.bookedAt, error: error?.fields["bookedAt"], extra: [.required])
                        Field.input(
                            "payee", label: tr("transactions.payee"), value: values.payee,
                            error: error?.fields["payee"],
                            extra: [.required, .attr("maxlength", String(TransactionRules.maxPayee))])
                        H.div(.class("field-row")) {
                            Field.input(
                                "amount", label: tr("transactions.amount"), value: values.amount,
                                error: error?.fields["amount"],
                                extra: [
                                    // No `pattern`: the server reads the decimal comma as well as the point, and
                                    // says what it cannot read.
                                    .required, .attr("inputmode", "decimal"),
                                    .attr("placeholder", tr("transactions.new.amountPlaceholder")),
                                ])
                            PreferenceFields.currency(
                                values.currency, label: tr("transactions.currency"), error: error?.fields["currency"])
                        }
                        Field.select(
                            "accountId", label: tr("transactions.account"),
                            options: [("", tr("transactions.new.cashAccount"))]
                                + accounts.filter { !$0.isArchived }.map {
                                    (String($0.id), "\($0.displayName) · \($0.currency.code)")
                                },
                            selected: values.accountId ?? "", error: error?.fields["accountId"])
                        CategoryPickerField(
                            categories: categories, selected: values.categoryId.flatMap { Int64($0) },
                            error: error?.fields["categoryId"]
                        ).html
                        Field.select(
                            "status", label: tr("transactions.status"),
                            options: TransactionStatus.allCases.map { ($0.rawValue, $0.label) },
                            selected: values.status ?? TransactionStatus.uncleared.rawValue)
                        H.div(.class("field")) {
                            H.label(.for("notes")) { tr("transactions.notes") }
                            H.textarea(.id("notes"), .name("notes"), .attr("rows", "3")) { values.notes ?? "" }
                        }
                        H.button(.type("submit"), .class("button primary")) { tr("transactions.add") }
                    }
                }
            }
    }
}
