import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Foundation

/// What the rules pages need to name what a rule refers to.
struct RuleNames: Sendable {
    let tree: CategoryTree
    let tags: [Tag]
    let accounts: [Account]

    func describing(_ words: Words) -> RuleDescription {
        let tags = Dictionary(tags.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let accounts = Dictionary(accounts.map { ($0.id, $0.displayName) }, uniquingKeysWith: { a, _ in a })
        let tree = tree
        return RuleDescription(
            words: words, categoryName: { tree.category($0)?.name }, tagName: { tags[$0] },
            accountName: { accounts[$0] })
    }
}

/// The person's rules in the order they run: each in words, how many transactions it matched,
/// and its buttons (up, down, on/off, edit, delete); the script adds dragging. A run applied to
/// existing transactions is offered for undo here.
struct RulesPage: WebPage {
    let rules: [RuleRepository.Stored]
    let names: RuleNames
    /// The run just applied, with how many transactions it changed, to undo.
    var run: (id: Int64, changed: Int)?

    func document(_ context: PageContext) -> Document {
        let describe = names.describing(context.words)
        return Layout(context: context, title: tr("rules.title"), section: .categories, scripts: ["rules.js"])
            .document {
                H.a(.class("back-link"), .href(WebPages.categories.path())) { tr("rules.backToCategories") }
                H.header(.class("page-header")) {
                    H.h1 { tr("rules.title") }
                    H.div(.class("header-actions")) {
                        if !rules.isEmpty {
                            H.a(.class("button"), .href(WebPages.previewRules.path())) { tr("rules.applyExisting") }
                        }
                        H.a(.class("button primary"), .href(WebPages.newRule.path())) { tr("rules.new") }
                    }
                }
                if let run {
                    H.section(.class("card run-done"), .attr("role", "status")) {
                        H.p { tr("rules.run.done", count: run.changed) }
                        H.form(.method("post"), .action(WebPages.undoRuleRun.path(run.id))) {
                            H.button(.type("submit"), .class("button"), .id("undo-run")) { tr("rules.run.undo") }
                        }
                    }
                }
                if rules.isEmpty {
                    H.section(.class("card empty-state")) {
                        H.h2 { tr("rules.emptyTitle") }
                        H.p(.class("secondary")) { tr("rules.emptyText") }
                        H.a(.class("button primary"), .href(WebPages.newRule.path())) { tr("rules.new") }
                    }
                } else {
                    H.section(.class("card list-card")) {
                        H.p(.class("secondary rules-intro"), .id("rules-help")) { tr("rules.intro") }
                        H.el(
                            "ol",
                            [
                                .class("rule-list"), .id("rules"), .aria("describedby", "rules-help"),
                                .data("order", WebPages.orderRules.path()),
                            ]
                        ) {
                            for (index, stored) in rules.enumerated() { row(stored, index: index, describe) }
                        }
                    }
                }
            }
    }

    private func row(_ stored: RuleRepository.Stored, index: Int, _ describe: RuleDescription) -> HTML {
        let rule = stored.rule
        let title = rule.name.isEmpty ? describe.conditions(of: rule) : rule.name
        return H.li(
            .class(rule.isEnabled ? "rule" : "rule off"), .id("rule-\(rule.id)"), .data("id", String(rule.id)),
            .attr("draggable", "true")
        ) {
            H.span(.class("rule-handle"), .aria("hidden", "true")) { "⠿" }
            H.div(.class("rule-text")) {
                H.p(.class("rule-title")) {
                    H.strong { title }
                    if !rule.isEnabled { H.span(.class("badge")) { tr("rules.off") } }
                }
                if !rule.name.isEmpty {
                    H.p(.class("secondary")) { tr("rules.when", ["conditions": describe.conditions(of: rule)]) }
                }
                H.p { tr("rules.then", ["actions": describe.actions(of: rule)]) }
                H.p(.class("secondary rule-count")) { tr("rules.matched", count: Int(stored.matchedCount)) }
            }
            H.div(.class("rule-buttons")) {
                if index > 0 { button(rule, "up", tr("rules.moveUp"), tr("rules.moveUpNamed", ["name": title])) }
                if index < rules.count - 1 {
                    button(rule, "down", tr("rules.moveDown"), tr("rules.moveDownNamed", ["name": title]))
                }
                button(
                    rule, rule.isEnabled ? "off" : "on", rule.isEnabled ? tr("rules.switchOff") : tr("rules.switchOn"),
                    nil)
                H.a(.class("button small"), .href(WebPages.editRule.path(rule.id))) { tr("rules.edit") }
                button(rule, "delete", tr("rules.delete"), tr("rules.deleteNamed", ["name": title]), danger: true)
            }
        }
    }

    private func button(_ rule: Rule, _ action: String, _ text: String, _ label: String?, danger: Bool = false)
        -> HTML
    {
        H.form(.method("post"), .action(WebPages.changeRule.path(rule.id)), .class("inline")) {
            H.input(.type("hidden"), .name("action"), .value(action))
            if let label {
                H.button(.type("submit"), .class(danger ? "button small danger" : "button small"), .label(label)) {
                    text
                }
            } else {
                H.button(.type("submit"), .class("button small")) { text }
            }
        }
    }
}
