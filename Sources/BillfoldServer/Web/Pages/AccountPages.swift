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
        return Layout(context: context, title: tr("nav.accounts"), section: .accounts).document(
            status: failed ? .badRequest : .ok
        ) {
            H.header(.class("page-header")) {
                H.h1 { tr("nav.accounts") }
                H.div(.class("header-actions")) {
                    if open.count >= 2 { H.a(.class("button"), .href("#transfer")) { tr("accounts.recordTransfer") } }
                    H.a(.class("button primary"), .href("#new-account")) { tr("accounts.openAccount") }
                }
            }
            if open.isEmpty {
                H.section(.class("card empty-state")) {
                    H.h2 { tr("accounts.noAccounts") }
                    H.p(.class("secondary")) { tr("accounts.noAccountsAdvice") }
                }
            } else {
                holdings(format)
                table(open, format, caption: tr("accounts.openAccounts"))
            }
            if !archived.isEmpty {
                H.el("details", [.class("card archived-accounts")]) {
                    H.el("summary", []) { tr("accounts.archivedCount", count: archived.count) }
                    table(archived, format, caption: tr("accounts.archivedAccounts"))
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
        return H.section(.class("totals"), .label(tr("accounts.holdingsLabel"))) {
            H.span(.class("total-label")) { tr("accounts.allOpenAccounts") }
            if overflow {
                H.span { tr("accounts.tooLargeToAdd") }
            } else {
                for (currency, minor) in sums.sorted(by: { $0.key.code < $1.key.code }) {
                    H.span(.class("total")) { format.money(Money(minorUnits: minor, currency: currency)) }
                }
            }
        }
    }

    private func table(_ rows: [AccountSummary], _ format: DisplayFormat, caption: String) -> HTML {
        H.div(.class("card table-card")) {
            // The roles are spelled out: on a phone the rows are laid out as blocks, which would
            // otherwise cost the table its meaning to a screen reader.
            H.table(.class("accounts"), .attr("role", "table")) {
                H.el("caption", [.class("visually-hidden")]) { caption }
                H.el("thead", [.attr("role", "rowgroup")]) {
                    H.tr(.attr("role", "row")) {
                        H.th(.attr("scope", "col"), .attr("role", "columnheader")) { tr("accounts.account") }
                        H.th(.attr("scope", "col"), .attr("role", "columnheader"), .class("number")) {
                            tr("accounts.balance")
                        }
                        H.th(.attr("scope", "col"), .attr("role", "columnheader"), .class("number")) {
                            tr("accounts.transactions")
                        }
                        H.th(.attr("scope", "col"), .attr("role", "columnheader")) { tr("accounts.lastActivity") }
                    }
                }
                H.el("tbody", [.attr("role", "rowgroup")]) {
                    for summary in rows { row(summary, format) }
                }
            }
        }
    }

    private func row(_ summary: AccountSummary, _ format: DisplayFormat) -> HTML {
        let account = summary.account
        return H.tr(.attr("role", "row")) {
            H.th(.attr("scope", "row"), .attr("role", "rowheader")) {
                H.a(.href(WebPages.account.path(account.id))) { account.displayName }
                H.span(.class("secondary currency-code")) { " · " + account.currency.code }
            }
            H.td(.class("number"), .attr("role", "cell")) {
                H.span(.class("amount" + (summary.balance.minorUnits < 0 ? " expense" : ""))) {
                    format.money(summary.balance)
                }
                for other in summary.otherCurrencies {
                    H.small(.class("secondary other-currency")) {
                        tr("accounts.andOtherCurrency", ["amount": format.money(other)])
                    }
                }
            }
            H.td(.class("number"), .attr("role", "cell")) {
                if summary.transactionCount == 0 {
                    // In words: on a phone the column's heading is not beside it.
                    format.transactions(0)
                } else {
                    H.a(.href(WebPages.transactions.path(query: [("account", String(account.id))]))) {
                        format.transactions(summary.transactionCount)
                    }
                }
            }
            H.td(.attr("role", "cell")) { summary.lastActivity.map(format.day) ?? tr("accounts.noActivity") }
        }
    }

    private var accountForm: HTML {
        H.form(
            .method("post"), .action(WebPages.addAccount.path()), .class("card edit-form"), .id("new-account"),
            .label(tr("accounts.openAccount"))
        ) {
            H.h2 { tr("accounts.openAccount") }
            if let accountError, accountError.fields.isEmpty {
                H.p(.class("field-error"), .attr("role", "alert")) { accountError.message }
            }
            Field.input(
                "name", label: tr("accounts.name"), value: newAccount.name ?? "", error: accountError?.fields["name"],
                extra: [
                    .attr("maxlength", String(AccountRules.maxName)),
                    .attr("placeholder", tr("accounts.namePlaceholder")),
                ])
            H.div(.class("form-row")) {
                Field.input(
                    "currency", label: tr("accounts.currency"), value: newAccount.currency ?? currency.code,
                    error: accountError?.fields["currency"],
                    extra: [.attr("maxlength", "3"), .attr("autocapitalize", "characters"), .attr("size", "4")])
                Field.input(
                    "openingBalance", label: tr("accounts.openingBalance"), value: newAccount.openingBalance ?? "",
                    error: accountError?.fields["amount"] ?? accountError?.fields["openingBalance"],
                    extra: [.attr("inputmode", "decimal"), .attr("placeholder", "0")])
            }
            H.p(.class("secondary")) { tr("accounts.openingBalanceHelp") }
            H.button(.type("submit"), .class("button primary")) { tr("accounts.openAccountButton") }
        }
    }

    private var transferForm: HTML {
        let options: [(value: String, text: String)] = open.map {
            (String($0.account.id), "\($0.account.displayName) · \($0.account.currency.code)")
        }
        return H.form(
            .method("post"), .action(WebPages.addTransfer.path()), .class("card edit-form"), .id("transfer"),
            .label(tr("accounts.recordTransfer"))
        ) {
            H.h2 { tr("accounts.recordTransfer") }
            H.p(.class("secondary")) { tr("accounts.transferHelp") }
            if let transferError, transferError.fields.isEmpty {
                H.p(.class("field-error"), .attr("role", "alert")) { transferError.message }
            }
            H.div(.class("form-row")) {
                Field.select(
                    "fromAccountId", label: tr("accounts.transferFrom"), options: options,
                    selected: transfer.fromAccountId ?? options.first?.value ?? "",
                    error: transferError?.fields["fromAccountId"])
                Field.select(
                    "toAccountId", label: tr("accounts.transferTo"), options: options,
                    selected: transfer.toAccountId ?? (options.count > 1 ? options[1].value : ""),
                    error: transferError?.fields["toAccountId"])
            }
            H.div(.class("form-row")) {
                Field.input(
                    "amount", label: tr("accounts.amount"), value: transfer.amount ?? "",
                    error: transferError?.fields["amount"],
                    extra: [.attr("inputmode", "decimal"), .attr("required", nil)])
                Field.input(
                    "receivedAmount", label: tr("accounts.receivedAmount"),
                    value: transfer.receivedAmount ?? "", error: transferError?.fields["receivedAmount"],
                    extra: [.attr("inputmode", "decimal")])
            }
            H.div(.class("form-row")) {
                Field.input(
                    "bookedAt", label: tr("accounts.dateTime"), type: "datetime-local", value: transfer.bookedAt ?? "",
                    error: transferError?.fields["bookedAt"])
                Field.input(
                    "notes", label: tr("accounts.notesOptional"), value: transfer.notes ?? "",
                    error: transferError?.fields["notes"])
            }
            H.button(.type("submit"), .class("button primary")) { tr("accounts.recordTransferButton") }
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
            H.a(.class("back-link"), .href(WebPages.accounts.path())) { tr("accounts.backToAccounts") }
            H.header(.class("page-header")) {
                H.h1 {
                    account.isArchived
                        ? tr("accounts.archivedName", ["name": account.displayName]) : account.displayName
                }
                if summary.transactionCount > 0 {
                    H.a(.class("button"), .href(WebPages.transactions.path(query: [("account", String(account.id))]))) {
                        tr("accounts.seeTransactions")
                    }
                }
            }
            H.section(.class("card")) {
                H.el("dl", [.class("facts")]) {
                    fact(tr("accounts.balance"), format.money(summary.balance))
                    fact(tr("accounts.currency"), account.currency.code)
                    fact(tr("accounts.openingBalance"), format.money(account.opening))
                    fact(tr("accounts.transactions"), format.transactions(summary.transactionCount))
                    fact(tr("accounts.lastActivity"), summary.lastActivity.map(format.day) ?? tr("accounts.noActivity"))
                    if !summary.otherCurrencies.isEmpty {
                        fact(
                            tr("accounts.inOtherCurrencies"),
                            Words.current.list(summary.otherCurrencies.map(format.money)))
                    }
                }
            }
            H.form(
                .method("post"), .action(WebPages.saveAccount.path(account.id)), .class("card edit-form"),
                .label(tr("accounts.changeLabel"))
            ) {
                H.h2 { tr("accounts.change") }
                Field.input(
                    "name", label: tr("accounts.name"), value: values.name ?? account.displayName,
                    error: error?.fields["name"],
                    extra: [.attr("maxlength", String(AccountRules.maxName))])
                Field.input(
                    "openingBalance", label: tr("accounts.openingBalanceIn", ["currency": account.currency.code]),
                    value: values.openingBalance ?? format.typable(account.opening),
                    error: error?.fields["amount"] ?? error?.fields["openingBalance"],
                    extra: [.attr("inputmode", "decimal")])
                H.div(.class("form-actions")) {
                    H.button(.type("submit"), .class("button primary"), .name("action"), .value("save")) {
                        tr("accounts.saveChanges")
                    }
                    H.button(
                        .type("submit"), .class("button"), .name("action"),
                        .value(account.isArchived ? "unarchive" : "archive")
                    ) { account.isArchived ? tr("accounts.bringBack") : tr("accounts.archive") }
                }
                H.p(.class("secondary")) {
                    account.isArchived
                        ? tr("accounts.archivedHelp")
                        : tr("accounts.archiveHelp")
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
