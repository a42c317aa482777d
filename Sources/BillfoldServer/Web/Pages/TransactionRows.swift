import BillfoldAPI
import BillfoldCore
import Foundation

/// How one transaction looks in the list, shared by the page and the "load more" fragment.
struct TransactionRows {
    let format: DisplayFormat
    let categories: CategoryTree
    let accounts: [Int64: String]
    /// The list's query string, so a detail page can link back to the same filter.
    let listQuery: String
    /// The suggested category of each uncategorised row that has one sure enough to show.
    var suggestions: [Int64: Suggestion] = [:]

    /// `members`: a group row's members, shown under it when its row is opened; `tags`: each
    /// row's tags.
    func rows(_ transactions: [Transaction], members: [Int64: [Transaction]] = [:], tags: [Int64: [Tag]] = [:])
        -> [HTML]
    {
        transactions.map { row($0, members: members[$0.id], tags: tags) }
    }

    func row(_ t: Transaction, members: [Transaction]? = nil, tags: [Int64: [Tag]] = [:]) -> HTML {
        let back = listQuery.isEmpty ? [] : [("back", listQuery)]
        return H.li(.class(members == nil ? "txn-row" : "txn-row txn-group"), .data("id", String(t.id))) {
            H.a(.href(WebPages.transaction.path(t.id, query: back)), .class("txn-link")) {
                H.div(.class("txn-main")) {
                    H.strong(.class("payee")) { t.shownPayee }
                    // The note is the person's own words: set apart from the account by its mark.
                    if !t.notes.isEmpty {
                        H.span(.class("txn-notes")) {
                            H.span(.class("visually-hidden")) { tr("transactions.row.notesPrefix") }
                            t.notes
                        }
                    }
                }
                H.div(.class("txn-meta")) {
                    H.time(.attr("datetime", t.bookedAt.iso8601), .class("booked")) {
                        format.booked(t)
                    }
                    if let account = accounts[t.accountID] {
                        H.span(.class("txn-account")) {
                            H.span(.class("visually-hidden")) { tr("transactions.row.accountPrefix") }
                            account
                        }
                    }
                    if t.transferID != nil {
                        H.span(.class("chip chip-transfer")) { tr("transactions.row.transfer") }
                    } else {
                        category(t.categoryID)
                        suggested(t)
                    }
                    status(t.status)
                    shape(t)
                    for tag in tags[t.id] ?? [] {
                        H.span(.class("chip chip-tag")) {
                            H.span(.class("visually-hidden")) { tr("transactions.row.tagPrefix") }
                            tag.name
                        }
                    }
                }
                amount(t.money, transfer: t.transferID != nil, counted: t.counts)
            }
            if let members, !members.isEmpty {
                H.el("details", [.class("txn-members")]) {
                    H.el("summary", []) { tr("transactions.row.inThisGroup", count: members.count) }
                    H.ul(.class("txn-list")) { members.map { row($0, tags: tags) } }
                }
            }
        }
    }

    func category(_ id: Int64?) -> HTML {
        guard let id else { return H.span(.class("chip chip-none")) { tr("transactions.uncategorized") } }
        guard let category = categories.category(id) else {
            return H.span(.class("chip chip-none")) { tr("transactions.unknownCategory") }
        }
        return CategoryLook.chip(category)
    }

    /// "Suggested: Groceries" beside "Uncategorized": a guess, drawn apart from a category (dashed),
    /// that the person takes on the detail page or the review deck.
    func suggested(_ t: Transaction) -> HTML {
        guard t.categoryID == nil, let guess = suggestions[t.id], let category = categories.category(guess.categoryID)
        else { return HTML.group([]) }
        return H.span(.class("chip chip-suggested")) { tr("transactions.row.suggested", ["category": category.name]) }
    }

    func status(_ status: TransactionStatus) -> HTML {
        H.span(.class("status status-\(status.rawValue)")) { status.label }
    }

    /// What a split parent, a part, a group row or a member is, said on its row.
    func shape(_ t: Transaction) -> HTML {
        switch (t.kind, t.parentID, t.groupID) {
        case (.split?, _, _): H.span(.class("chip chip-shape")) { tr("transactions.shape.split") }
        case (.group?, _, _): H.span(.class("chip chip-shape")) { tr("transactions.shape.group") }
        case (nil, _?, _): H.span(.class("chip chip-shape")) { tr("transactions.shape.part") }
        case (nil, nil, _?): H.span(.class("chip chip-shape")) { tr("transactions.shape.member") }
        case (nil, nil, nil): HTML.group([])
        }
    }

    /// Expenses and income differ by their sign ("-" and "+"), not by colour alone; a transfer's
    /// side is neither, and says so.
    func amount(_ money: Money, transfer: Bool = false, counted: Bool = true) -> HTML {
        Self.amount(money, format: format, transfer: transfer, counted: counted)
    }

    /// An amount as the list writes it: signed, coloured, and read out as money in or out.
    static func amount(_ money: Money, format: DisplayFormat, transfer: Bool = false, counted: Bool = true) -> HTML {
        let kind = (transfer ? "transfer" : money.isExpense ? "expense" : "income") + (counted ? "" : " uncounted")
        return H.span(.class("amount \(kind)")) {
            H.span(.class("visually-hidden")) {
                transfer
                    ? tr(money.isExpense ? "transactions.amount.transferredOut" : "transactions.amount.transferredIn")
                    : tr(money.isExpense ? "transactions.amount.expense" : "transactions.amount.income")
            }
            (money.isIncome ? "+" : "") + format.money(money)
        }
    }
}
