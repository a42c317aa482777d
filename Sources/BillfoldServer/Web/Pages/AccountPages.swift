import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// The Accounts page: every account with its currency, balance, number of transactions and last
/// activity; what all of them hold, per currency; a form to open an account and one to record a
/// transfer. Archived accounts are listed apart, below.
struct AccountListPage: WebPage {
    let summaries: [AccountSummary]
    var newAccount = AccountFormValues()
    var transfer = TransferFormValues()
    /// Which form the error belongs to.
    var accountError: BillfoldError?
    var transferError: BillfoldError?
    var currency: Currency = .eur

    private var open: [AccountSummary] { summaries.filter { !$0.account.isArchived } }
    private var archived: [AccountSummary] { summaries.filter(\.account.isArchived) }

    func document(_ context: PageContext) -> Document {
        let format = context.user?.preferences.format ?? Preferences.standard.format
        let failed = accountError != nil || transferError != nil
        return Layout(context: context, title: "Accounts", section: .accounts).document(
            status: failed ? .badRequest : .ok
        ) {
            H.header(.class("page-header")) {
                H.h1 { "Accounts" }
                H.div(.class("header-actions")) {
                    if open.count >= 2 { H.a(.class("button"), .href("#transfer")) { "Record a transfer" } }
                    H.a(.class("button primary"), .href("#new-account")) { "Open an account" }
                }
            }
            if open.isEmpty {
                H.section(.class("card empty-state")) {
                    H.h2 { "No accounts yet" }
                    H.p(.class("secondary")) {
                        "Open one below, import a bank file, or add a transaction: cash goes to a wallet per currency."
                    }
                }
            } else {
                holdings(format)
                table(open, format, caption: "Open accounts")
            }
            if !archived.isEmpty {
                H.el("details", [.class("card archived-accounts")]) {
                    H.el("summary", []) { "Archived accounts (\(archived.count))" }
                    table(archived, format, caption: "Archived accounts")
                }
            }
            H.div(.class("account-forms")) {
                accountForm
                if open.count >= 2 { transferForm }
            }
        }
    }

    /// What all open accounts hold, one figure per currency (never added across currencies).
    private func holdings(_ format: DisplayFormat) -> HTML {
        var sums: [Currency: Int64] = [:]
        var overflow = false
        for summary in open {
            for money in [summary.balance] + summary.otherCurrencies {
                let (sum, over) = sums[money.currency, default: 0].addingReportingOverflow(money.minorUnits)
                overflow = overflow || over
                sums[money.currency] = sum
            }
        }
        return H.section(.class("totals"), .label("What your accounts hold")) {
            H.span(.class("total-label")) { "All open accounts" }
            if overflow {
                H.span { "Too large to add up" }
            } else {
                for (currency, minor) in sums.sorted(by: { $0.key.code < $1.key.code }) {
                    H.span(.class("total")) { format.money(Money(minorUnits: minor, currency: currency)) }
                }
            }
        }
    }

    private func table(_ rows: [AccountSummary], _ format: DisplayFormat, caption: String) -> HTML {
        H.div(.class("card table-card")) {
            H.table(.class("accounts")) {
                H.el("caption", [.class("visually-hidden")]) { caption }
                H.el("thead", []) {
                    H.tr {
                        H.th(.attr("scope", "col")) { "Account" }
                        H.th(.attr("scope", "col"), .class("number")) { "Balance" }
                        H.th(.attr("scope", "col"), .class("number")) { "Transactions" }
                        H.th(.attr("scope", "col")) { "Last activity" }
                    }
                }
                H.el("tbody", []) {
                    for summary in rows { row(summary, format) }
                }
            }
        }
    }

    private func row(_ summary: AccountSummary, _ format: DisplayFormat) -> HTML {
        let account = summary.account
        return H.tr {
            H.th(.attr("scope", "row")) {
                H.a(.href(WebPages.account.path(account.id))) { account.displayName }
                H.span(.class("secondary currency-code")) { " · " + account.currency.code }
            }
            H.td(.class("number")) {
                H.span(.class("amount" + (summary.balance.minorUnits < 0 ? " expense" : ""))) {
                    format.money(summary.balance)
                }
                for other in summary.otherCurrencies {
                    H.small(.class("secondary other-currency")) { "and " + format.money(other) }
                }
            }
            H.td(.class("number")) {
                if summary.transactionCount == 0 {
                    "0"
                } else {
                    H.a(.href(WebPages.transactions.path(query: [("account", String(account.id))]))) {
                        format.transactions(summary.transactionCount)
                    }
                }
            }
            H.td { summary.lastActivity.map(format.day) ?? "None yet" }
        }
    }

    private var accountForm: HTML {
        H.form(
            .method("post"), .action(WebPages.addAccount.path()), .class("card edit-form"), .id("new-account"),
            .label("Open an account")
        ) {
            H.h2 { "Open an account" }
            if let accountError, accountError.fields.isEmpty {
                H.p(.class("field-error"), .attr("role", "alert")) { accountError.message }
            }
            Field.input(
                "name", label: "Name", value: newAccount.name ?? "", error: accountError?.fields["name"],
                extra: [.attr("maxlength", String(AccountRules.maxName)), .attr("placeholder", "e.g. Girokonto")])
            H.div(.class("form-row")) {
                Field.input(
                    "currency", label: "Currency", value: newAccount.currency ?? currency.code,
                    error: accountError?.fields["currency"],
                    extra: [.attr("maxlength", "3"), .attr("autocapitalize", "characters"), .attr("size", "4")])
                Field.input(
                    "openingBalance", label: "Opening balance", value: newAccount.openingBalance ?? "",
                    error: accountError?.fields["amount"] ?? accountError?.fields["openingBalance"],
                    extra: [.attr("inputmode", "decimal"), .attr("placeholder", "0")])
            }
            H.p(.class("secondary")) { "What the account held before the first transaction you record here." }
            H.button(.type("submit"), .class("button primary")) { "Open account" }
        }
    }

    private var transferForm: HTML {
        let options: [(value: String, text: String)] = open.map {
            (String($0.account.id), "\($0.account.displayName) · \($0.account.currency.code)")
        }
        return H.form(
            .method("post"), .action(WebPages.addTransfer.path()), .class("card edit-form"), .id("transfer"),
            .label("Record a transfer")
        ) {
            H.h2 { "Record a transfer" }
            H.p(.class("secondary")) { "Money moved between your own accounts: neither spending nor income." }
            if let transferError, transferError.fields.isEmpty {
                H.p(.class("field-error"), .attr("role", "alert")) { transferError.message }
            }
            H.div(.class("form-row")) {
                Field.select(
                    "fromAccountId", label: "From", options: options,
                    selected: transfer.fromAccountId ?? options.first?.value ?? "",
                    error: transferError?.fields["fromAccountId"])
                Field.select(
                    "toAccountId", label: "To", options: options,
                    selected: transfer.toAccountId ?? (options.count > 1 ? options[1].value : ""),
                    error: transferError?.fields["toAccountId"])
            }
            H.div(.class("form-row")) {
                Field.input(
                    "amount", label: "Amount", value: transfer.amount ?? "", error: transferError?.fields["amount"],
                    extra: [.attr("inputmode", "decimal"), .attr("required", nil)])
                Field.input(
                    "receivedAmount", label: "Amount received (other currency only)",
                    value: transfer.receivedAmount ?? "", error: transferError?.fields["receivedAmount"],
                    extra: [.attr("inputmode", "decimal")])
            }
            H.div(.class("form-row")) {
                Field.input(
                    "bookedAt", label: "Date and time", type: "datetime-local", value: transfer.bookedAt ?? "",
                    error: transferError?.fields["bookedAt"])
                Field.input(
                    "notes", label: "Notes (optional)", value: transfer.notes ?? "",
                    error: transferError?.fields["notes"])
            }
            H.button(.type("submit"), .class("button primary")) { "Record transfer" }
        }
    }
}

/// One account: its figures, and the form to rename it, set its opening balance, archive it or
/// bring it back.
struct AccountPage: WebPage {
    let summary: AccountSummary
    var values = AccountFormValues()
    var error: BillfoldError?

    func document(_ context: PageContext) -> Document {
        let format = context.user?.preferences.format ?? Preferences.standard.format
        let account = summary.account
        return Layout(context: context, title: account.displayName, section: .accounts).document(
            status: error == nil ? .ok : .badRequest
        ) {
            H.a(.class("back-link"), .href(WebPages.accounts.path())) { "← Accounts" }
            H.header(.class("page-header")) {
                H.h1 { account.displayName + (account.isArchived ? " (archived)" : "") }
                if summary.transactionCount > 0 {
                    H.a(.class("button"), .href(WebPages.transactions.path(query: [("account", String(account.id))]))) {
                        "See its transactions"
                    }
                }
            }
            H.section(.class("card")) {
                H.el("dl", [.class("facts")]) {
                    fact("Balance", format.money(summary.balance))
                    fact("Currency", account.currency.code)
                    fact("Opening balance", format.money(account.opening))
                    fact("Transactions", format.transactions(summary.transactionCount))
                    fact("Last activity", summary.lastActivity.map(format.day) ?? "None yet")
                    if !summary.otherCurrencies.isEmpty {
                        fact("In other currencies", summary.otherCurrencies.map(format.money).joined(separator: ", "))
                    }
                }
            }
            H.form(
                .method("post"), .action(WebPages.saveAccount.path(account.id)), .class("card edit-form"),
                .label("Change the account")
            ) {
                H.h2 { "Change" }
                Field.input(
                    "name", label: "Name", value: values.name ?? account.displayName, error: error?.fields["name"],
                    extra: [.attr("maxlength", String(AccountRules.maxName))])
                Field.input(
                    "openingBalance", label: "Opening balance (\(account.currency.code))",
                    value: values.openingBalance ?? format.typable(account.opening),
                    error: error?.fields["amount"] ?? error?.fields["openingBalance"],
                    extra: [.attr("inputmode", "decimal")])
                H.div(.class("form-actions")) {
                    H.button(.type("submit"), .class("button primary"), .name("action"), .value("save")) {
                        "Save changes"
                    }
                    H.button(
                        .type("submit"), .class("button"), .name("action"),
                        .value(account.isArchived ? "unarchive" : "archive")
                    ) { account.isArchived ? "Bring back" : "Archive" }
                }
                H.p(.class("secondary")) {
                    account.isArchived
                        ? "Archived: its transactions stay, and it is not offered for new ones."
                        : "Archiving keeps its transactions and stops offering it for new ones."
                }
            }
        }
    }

    private func fact(_ term: String, _ value: String) -> HTML {
        H.div {
            H.dt { term }
            H.dd { value }
        }
    }
}

/// What the account forms post.
struct AccountFormValues: Codable, Sendable {
    var name: String?
    var currency: String?
    var openingBalance: String?
    /// On the account page: `save`, `archive` or `unarchive`.
    var action: String?
}

/// What the transfer form posts.
struct TransferFormValues: Codable, Sendable {
    var fromAccountId: String?
    var toAccountId: String?
    var amount: String?
    var receivedAmount: String?
    var bookedAt: String?
    var notes: String?
}
