import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// The rules pages: the list and its buttons, add and edit (with a test against the history),
/// applying the rules to existing transactions with one Undo, and a rule made in one click from
/// a decision just taken elsewhere.
struct RulePagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.rules, use: list)
        routes.on(WebPages.newRule, use: newForm)
        routes.on(WebPages.addRule, use: create)
        routes.on(WebPages.quickRule, use: quick)
        routes.on(WebPages.editRule, use: editForm)
        routes.on(WebPages.saveRule, use: save)
        routes.on(WebPages.changeRule, use: change)
        routes.on(WebPages.orderRules, use: order)
        routes.on(WebPages.previewRules, use: preview)
        routes.on(WebPages.applyRules, use: apply)
        routes.on(WebPages.undoRuleRun, use: undo)
    }

    private func names(_ request: Request) async throws -> RuleNames {
        let user = try request.user
        return RuleNames(
            tree: try await CategoryRepository(database: request.store, userID: user.id).tree(),
            tags: try await TagRepository(database: request.store, userID: user.id).all(),
            accounts: try await AccountRepository(database: request.store, userID: user.id).all())
    }

    func list(request: Request) async throws -> Response {
        let service = try request.ruleService
        var page = RulesPage(rules: try await service.all(), names: try await names(request))
        if let run = try? request.query.get(Int64.self, at: "run"),
            let found = try await RuleRunRepository(database: request.store, userID: try request.user.id).find(run),
            found.undoneAt == nil
        {
            page.run = (found.id, found.changed)
        }
        return page.response(request, notice: Self.notice(request))
    }

    /// What the last action did, from counts and words the page knows (never text from the address).
    static func notice(_ request: Request) -> String? {
        let words = request.words
        if let undone = try? request.query.get(Int.self, at: "undone") {
            return words("rules.run.undone", count: undone)
        }
        guard let done = try? request.query.get(String.self, at: "done") else { return nil }
        let known = ["added", "saved", "deleted", "on", "off", "moved", "nothing"]
        return known.contains(done) ? words("rules.notice.\(done)") : nil
    }

    func newForm(request: Request) async throws -> Response {
        RuleFormPage(
            form: RuleForm(["enabled": "on"]), names: try await names(request),
            format: try request.user.preferences.format
        ).response(request)
    }

    func editForm(request: Request) async throws -> Response {
        let stored = try await request.ruleService.get(try request.pathID(of: .rule))
        var page = RuleFormPage(
            form: RuleForm(stored.rule), names: try await names(request), format: try request.user.preferences.format,
            editing: stored.rule.id)
        page.tooMuchForTheForm = !RuleForm.shows(stored.rule)
        return page.response(request)
    }

    func create(request: Request) async throws -> Response {
        try await submitted(request, editing: nil)
    }

    func save(request: Request) async throws -> Response {
        let id = try request.pathID(of: .rule)
        // Another person's rule is as missing as one that never was, before the form is read.
        _ = try await request.ruleService.get(id)
        return try await submitted(request, editing: id)
    }

    /// Saves the form, or with "Test" shows what it would change; a refusal comes back with the
    /// form as typed and the reason.
    private func submitted(_ request: Request, editing: Int64?) async throws -> Response {
        let values = try request.content.decode([String: String].self)
        let form = RuleForm(values)
        let service = try request.ruleService
        var page = RuleFormPage(
            form: form, names: try await names(request), format: try request.user.preferences.format,
            editing: editing)
        do {
            let rule = try form.rule()
            if values["do"] == "test" {
                page.tested = try await service.application.preview(
                    try await service.book(for: RuleRunRequest(rule: RuleRequest(rule))))
                return page.response(request)
            }
            if let editing {
                _ = try await service.replace(editing, with: rule)
            } else {
                _ = try await service.create(rule)
            }
            return request.redirect(to: WebPages.rules.path(query: [("done", editing == nil ? "added" : "saved")]))
        } catch let error as BillfoldError where error.code == .validationFailed || error.code == .conflict {
            page.error = error
            return page.response(request)
        }
    }

    struct QuickForm: Content {
        var text: String?
        var category: String?
        var payee: String?
        var back: String?
    }

    /// "Always put REWE in Groceries?" or "Always show “Amazon Mktpl” as “Amazon”?": a rule that
    /// puts what the bank calls `text` in the category or names it `payee`, made in one click;
    /// back to the page it was offered on.
    func quick(request: Request) async throws -> Response {
        let form = try request.content.decode(QuickForm.self)
        let back = SafeRedirect.localPath(form.back) ?? WebPages.rules.path()
        let action: RuleAction
        if let category = form.category.flatMap({ Int64($0) }) {
            action = .setCategory(category)
        } else if let payee = form.payee {
            action = .renamePayee(try TransactionRules.payee(payee))
        } else {
            throw BillfoldError.validation("text", Phrase("error.service.rules.quickMissing"))
        }
        guard let text = form.text else {
            throw BillfoldError.validation("text", Phrase("error.service.rules.quickMissing"))
        }
        let rule = Rule(
            conditions: [try RuleCondition.read(field: "bankText", test: "contains", value: text)], actions: [action])
        _ = try await request.ruleService.create(rule)
        let separator = back.contains("?") ? "&" : "?"
        return request.redirect(to: back + separator + "ruleMade=1")
    }

    struct ChangeForm: Content { var action: String? }

    func change(request: Request) async throws -> Response {
        let id = try request.pathID(of: .rule)
        let service = try request.ruleService
        let stored = try await service.get(id)
        let action = try request.content.decode(ChangeForm.self).action ?? ""
        var done = action
        switch action {
        case "on", "off":
            try await service.setEnabled(stored.rule.id, action == "on")
        case "up", "down":
            var ids = try await service.all().map(\.rule.id)
            if let index = ids.firstIndex(of: id) {
                let other = action == "up" ? index - 1 : index + 1
                if ids.indices.contains(other) { ids.swapAt(index, other) }
            }
            _ = try await service.reorder(ids)
            done = "moved"
        case "delete": try await service.delete(id)
        default: throw BillfoldError.validation("action", Phrase("error.service.rules.actionMissing"))
        }
        // Back to the rule just moved, so the keyboard stays where it was.
        let anchor = action == "delete" ? "" : "#rule-\(id)"
        return request.redirect(to: WebPages.rules.path(query: [("done", done)]) + anchor)
    }

    struct OrderForm: Content { var ids: String? }

    func order(request: Request) async throws -> Response {
        let ids = (try request.content.decode(OrderForm.self).ids ?? "").split(separator: ",").compactMap {
            Int64($0.trimmingCharacters(in: .whitespaces))
        }
        _ = try await request.ruleService.reorder(ids)
        return request.redirect(to: WebPages.rules.path(query: [("done", "moved")]))
    }

    func preview(request: Request) async throws -> Response {
        let service = try request.ruleService
        let preview = try await service.application.preview(try await service.book(for: RuleRunRequest()))
        return RulesApplyPage(
            preview: preview, names: try await names(request), format: try request.user.preferences.format
        )
        .response(request)
    }

    func apply(request: Request) async throws -> Response {
        let service = try request.ruleService
        let done = try await service.application.apply(try await service.book(for: RuleRunRequest()))
        guard let run = done.runID else {
            return request.redirect(to: WebPages.rules.path(query: [("done", "nothing")]))
        }
        return request.redirect(to: WebPages.rules.path(query: [("run", String(run))]))
    }

    func undo(request: Request) async throws -> Response {
        let undone = try await request.ruleService.application.undo(try request.pathID(of: .ruleRun))
        return request.redirect(to: WebPages.rules.path(query: [("undone", String(undone))]))
    }
}
