import BillfoldCore
import Foundation

/// What a rule or the rules would change among the existing transactions: how many, the money
/// that moves between categories, and the first rows before and after. Shown when a rule is
/// tested before saving and before rules are applied.
struct RuleChangesSection {
    let preview: RuleApplication.Preview
    let names: RuleNames
    let format: DisplayFormat
    /// How many rows are listed.
    var listed = 20

    var html: HTML {
        H.section(.class("card rule-changes"), .id("rule-changes"), .aria("live", "polite")) {
            H.h2 { tr("rules.changes.title", count: preview.changes.count) }
            if preview.changes.isEmpty {
                H.p(.class("secondary")) { tr("rules.changes.none") }
            } else {
                if !preview.moves.isEmpty {
                    H.ul(.class("rule-moves")) {
                        for move in preview.moves {
                            H.li {
                                tr(
                                    "rules.changes.move", count: move.count,
                                    [
                                        "amount": format.money(
                                            Money(minorUnits: move.minorUnits, currency: move.currency)),
                                        "from": category(move.from), "to": category(move.to),
                                    ])
                            }
                        }
                    }
                }
                H.table(.class("rule-change-table")) {
                    H.el("thead", []) {
                        H.tr {
                            H.th(.attr("scope", "col")) { tr("rules.changes.day") }
                            H.th(.attr("scope", "col")) { tr("rules.changes.payee") }
                            H.th(.attr("scope", "col"), .class("amount")) { tr("rules.changes.amount") }
                            H.th(.attr("scope", "col")) { tr("rules.changes.category") }
                        }
                    }
                    H.el("tbody", []) {
                        for change in preview.changes.prefix(listed) { row(change) }
                    }
                }
                if preview.changes.count > listed {
                    H.p(.class("secondary")) { tr("rules.changes.more", count: preview.changes.count - listed) }
                }
            }
        }
    }

    private func row(_ change: RuleApplication.Change) -> HTML {
        let (before, after) = (change.before, change.after)
        return H.tr {
            H.td { format.booked(change.transaction) }
            H.td {
                if after.payee != before.payee {
                    tr("rules.changes.becomes", ["old": before.payee, "new": after.payee])
                } else {
                    before.payee
                }
            }
            H.td(.class("amount")) { format.money(change.transaction.money) }
            H.td {
                if after.categoryID != before.categoryID {
                    tr(
                        "rules.changes.becomes",
                        ["old": category(before.categoryID), "new": category(after.categoryID)])
                } else {
                    category(before.categoryID)
                }
            }
        }
    }

    private func category(_ id: Int64?) -> String {
        id.flatMap { names.tree.category($0)?.name } ?? tr("categories.uncategorized")
    }
}
