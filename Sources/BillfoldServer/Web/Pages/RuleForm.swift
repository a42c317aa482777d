import BillfoldCore
import Foundation

/// The rule form as posted, and the rule it describes. Texts are up to three rows (a field, a
/// test, the words); amount, direction, account and currency have a field each; the actions are
/// a category, a new payee, tags (`tag<id>` ticked), notes and "mark cleared". Posted as a plain
/// form, so it works without a script; a row left empty is no condition.
struct RuleForm: Sendable {
    static let textRows = 3
    var values: [String: String]

    init(_ values: [String: String] = [:]) { self.values = values }

    subscript(_ name: String) -> String { values[name]?.trimmingCharacters(in: .whitespaces) ?? "" }
    func ticked(_ name: String) -> Bool { !self[name].isEmpty }

    /// The form showing `rule` (its text conditions in the rows, in order).
    init(_ rule: Rule) {
        var values: [String: String] = ["name": rule.name]
        if rule.isEnabled { values["enabled"] = "on" }
        if rule.stopsAfter { values["stop"] = "on" }
        if rule.overridesSource { values["override"] = "on" }
        var row = 0
        for condition in rule.conditions {
            switch condition {
            case .text(let field, let test) where row < Self.textRows:
                values["field\(row)"] = field.rawValue
                switch test {
                case .isExactly(let words): (values["test\(row)"], values["value\(row)"]) = ("is", words)
                case .contains(let words): (values["test\(row)"], values["value\(row)"]) = ("contains", words)
                case .startsWith(let words): (values["test\(row)"], values["value\(row)"]) = ("startsWith", words)
                case .matches(let pattern): (values["test\(row)"], values["value\(row)"]) = ("matches", pattern.text)
                }
                row += 1
            case .notesContain(let words) where row < Self.textRows:
                (values["field\(row)"], values["test\(row)"], values["value\(row)"]) = ("notes", "contains", words)
                row += 1
            case .amountIs(let figure): (values["amountTest"], values["amount"]) = ("is", "\(figure)")
            case .amountBetween(let low, let high):
                (values["amountTest"], values["amount"], values["amountTo"]) = ("between", "\(low)", "\(high)")
            case .direction(let direction): values["direction"] = direction.rawValue
            case .account(let id): values["account"] = String(id)
            case .currency(let currency): values["currency"] = currency.code
            case .text, .notesContain: break
            }
        }
        for action in rule.actions {
            switch action {
            case .setCategory(let id): values["category"] = String(id)
            case .renamePayee(let payee): values["rename"] = payee
            case .addTags(let ids): for id in ids { values["tag\(id)"] = "on" }
            case .appendNotes(let notes): values["notes"] = notes
            case .markCleared: values["clear"] = "on"
            }
        }
        self.values = values
    }

    /// Whether the form can show all of `rule` (one made through the API or a file may hold more
    /// texts, or two amounts, than its fields): only then may it be edited here.
    static func shows(_ rule: Rule) -> Bool {
        guard let shown = try? RuleForm(rule).rule() else { return false }
        return shown.conditions.count == rule.conditions.count && Set(shown.conditions) == Set(rule.conditions)
            && shown.actions.count == rule.actions.count && Set(shown.actions) == Set(rule.actions)
    }

    /// The rule the form describes; a value Core cannot read is refused naming its field.
    func rule() throws(BillfoldError) -> Rule {
        var conditions: [RuleCondition] = []
        for row in 0..<Self.textRows where !self["value\(row)"].isEmpty {
            let field = self["field\(row)"].isEmpty ? "payee" : self["field\(row)"]
            let test = self["test\(row)"].isEmpty ? "contains" : self["test\(row)"]
            conditions.append(try RuleCondition.read(field: field, test: test, value: self["value\(row)"]))
        }
        if !self["amount"].isEmpty {
            let between = self["amountTest"] == "between"
            conditions.append(
                try RuleCondition.read(
                    field: "amount", test: between ? "between" : "is", value: self["amount"],
                    to: between ? self["amountTo"] : nil))
        }
        for (name, field) in [("direction", "direction"), ("account", "account"), ("currency", "currency")]
        where !self[name].isEmpty {
            conditions.append(try RuleCondition.read(field: field, test: "is", value: self[name]))
        }
        var actions: [RuleAction] = []
        if let id = Int64(self["category"]) { actions.append(.setCategory(id)) }
        if !self["rename"].isEmpty { actions.append(.renamePayee(try TransactionRules.payee(self["rename"]))) }
        let tags = values.keys.filter { $0.hasPrefix("tag") && ticked($0) }.compactMap { Int64($0.dropFirst(3)) }
        if !tags.isEmpty { actions.append(.addTags(tags.sorted())) }
        if !self["notes"].isEmpty { actions.append(.appendNotes(try TransactionRules.notes(self["notes"]))) }
        if ticked("clear") { actions.append(.markCleared) }
        return Rule(
            name: self["name"], isEnabled: ticked("enabled"), conditions: conditions, actions: actions,
            stopsAfter: ticked("stop"), overridesSource: ticked("override"))
    }
}
