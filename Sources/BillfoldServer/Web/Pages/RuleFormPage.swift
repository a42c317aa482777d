import BillfoldAPI
import BillfoldCore
import Foundation

/// Add or edit a rule: up to three texts to look for, the amount, direction, account and
/// currency, and what to do; "Test against history" shows what it would change without saving.
struct RuleFormPage: WebPage {
    let form: RuleForm
    let names: RuleNames
    let format: DisplayFormat
    /// The rule being edited; nil when adding.
    var editing: Int64?
    var error: BillfoldError?
    /// The test against the history, when asked for.
    var tested: RuleApplication.Preview?
    /// The rule holds more than the form can show: shown, not saved from here.
    var tooMuchForTheForm = false

    private var title: String { editing == nil ? tr("rules.newTitle") : tr("rules.editTitle") }
    private var action: String { editing.map { WebPages.saveRule.path($0) } ?? WebPages.addRule.path() }

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: title, section: .categories)
            .document(status: error == nil ? .ok : .badRequest) {
                H.a(.class("back-link"), .href(WebPages.rules.path())) { tr("rules.backToRules") }
                // The test's answer first, where the person looks after pressing Test.
                if let tested { RuleChangesSection(preview: tested, names: names, format: format).html }
                H.section(.class("card form-card")) {
                    H.h1 { title }
                    if let error {
                        H.p(.class("form-error"), .attr("role", "alert"), .id("form-error")) { error.message }
                    }
                    if tooMuchForTheForm {
                        H.p(.class("form-error"), .id("form-error")) { tr("rules.form.tooMuch") }
                    }
                    body
                }
            }
    }

    private var body: HTML {
        H.form(.method("post"), .action(action), .class("edit-form rule-form")) {
            Field.input(
                "name", label: tr("rules.form.name"), value: form["name"],
                extra: [.attr("maxlength", String(RuleService.maxName))])
            H.fieldset(.class("field rule-when")) {
                H.legend { tr("rules.form.when") }
                H.p(.class("secondary")) { tr("rules.form.whenHelp") }
                for row in 0..<RuleForm.textRows { textRow(row) }
                H.div(.class("rule-row")) {
                    select(
                        "amountTest", tr("rules.form.amountTest"),
                        [("is", tr("rules.form.amountIs")), ("between", tr("rules.form.amountBetween"))])
                    Field.input(
                        "amount", label: tr("rules.form.amount"), value: form["amount"],
                        extra: [.attr("inputmode", "decimal")])
                    Field.input(
                        "amountTo", label: tr("rules.form.amountTo"), value: form["amountTo"],
                        extra: [.attr("inputmode", "decimal")])
                }
                H.div(.class("rule-row")) {
                    select(
                        "direction", tr("rules.form.direction"),
                        [
                            ("", tr("rules.form.either")), ("out", tr("rules.direction.out")),
                            ("in", tr("rules.direction.in")),
                        ])
                    select(
                        "account", tr("rules.form.account"),
                        [("", tr("rules.form.anyAccount"))] + names.accounts.map { (String($0.id), $0.displayName) })
                    select(
                        "currency", tr("rules.form.currency"),
                        [("", tr("rules.form.anyCurrency"))]
                            + Set(names.accounts.map(\.currency.code) + [form["currency"]].filter { !$0.isEmpty })
                            .sorted().map { ($0, $0) })
                }
            }
            H.fieldset(.class("field rule-then")) {
                H.legend { tr("rules.form.then") }
                select(
                    "category", tr("rules.form.category"),
                    [("", tr("rules.form.keepCategory"))]
                        + names.tree.all.filter {
                            !$0.isGroup && (!$0.flags.archived || String($0.id) == form["category"])
                        }.sorted { $0.name < $1.name }.map { (String($0.id), $0.name) })
                Field.input(
                    "rename", label: tr("rules.form.rename"), value: form["rename"],
                    extra: [.attr("maxlength", String(TransactionRules.maxPayee))])
                if !names.tags.isEmpty {
                    H.fieldset(.class("field tag-choices")) {
                        H.legend { tr("rules.form.tags") }
                        for tag in names.tags {
                            Field.checkbox("tag\(tag.id)", label: tag.name, checked: form.ticked("tag\(tag.id)"))
                        }
                    }
                }
                Field.input(
                    "notes", label: tr("rules.form.notes"), value: form["notes"], extra: [.attr("maxlength", "200")])
                Field.checkbox("clear", label: tr("rules.form.clear"), checked: form.ticked("clear"))
            }
            H.fieldset(.class("field flags")) {
                H.legend { tr("rules.form.options") }
                Field.checkbox("enabled", label: tr("rules.form.enabled"), checked: form.ticked("enabled"))
                Field.checkbox("stop", label: tr("rules.form.stop"), checked: form.ticked("stop"))
                Field.checkbox("override", label: tr("rules.form.override"), checked: form.ticked("override"))
            }
            H.div(.class("form-actions")) {
                if !tooMuchForTheForm {
                    H.button(.type("submit"), .class("button primary"), .name("do"), .value("save"), .id("save")) {
                        editing == nil ? tr("rules.form.create") : tr("rules.form.save")
                    }
                    H.button(.type("submit"), .class("button"), .name("do"), .value("test"), .id("test")) {
                        tr("rules.form.test")
                    }
                }
                H.a(.class("button subtle"), .href(WebPages.rules.path())) { tr("rules.form.cancel") }
            }
        }
    }

    private func textRow(_ row: Int) -> HTML {
        H.div(.class("rule-row")) {
            select(
                "field\(row)", tr("rules.form.field"),
                [
                    ("payee", tr("rules.field.payee")), ("bankText", tr("rules.field.bankText")),
                    ("notes", tr("rules.field.notes")),
                ])
            select(
                "test\(row)", tr("rules.form.test.label"),
                [
                    ("contains", tr("rules.form.test.contains")), ("is", tr("rules.form.test.is")),
                    ("startsWith", tr("rules.form.test.startsWith")), ("matches", tr("rules.form.test.matches")),
                ])
            Field.input(
                "value\(row)", label: tr("rules.form.words"), value: form["value\(row)"],
                extra: [.attr("maxlength", String(RulePattern.maxLength))])
        }
    }

    private func select(_ name: String, _ label: String, _ options: [(String, String)]) -> HTML {
        Field.select(name, label: label, options: options.map { (value: $0.0, text: $0.1) }, selected: form[name])
    }
}
