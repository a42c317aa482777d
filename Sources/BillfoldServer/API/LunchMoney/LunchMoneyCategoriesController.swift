import BillfoldAPI
import BillfoldCore
import Foundation
import Vapor

/// `/v1/me`, `/v1/tags` and `/v1/categories...` in Lunch Money's shapes, over the same category
/// service as the native API (so the same rules and messages apply).
struct LunchMoneyCategoriesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(LunchMoneyAPI.me, use: me)
        routes.on(LunchMoneyAPI.tags) { request in
            struct TagJSON: Encodable {
                var id: Int64
                var name: String
                var description: String?
                var archived: Bool
            }
            let tags = try await request.transactionService.tags.all()
            return LunchMoneyJSON.response(
                tags.map {
                    TagJSON(
                        id: $0.id, name: $0.name, description: $0.description.isEmpty ? nil : $0.description,
                        archived: $0.archived)
                })
        }
        routes.on(LunchMoneyAPI.categories, use: list)
        routes.on(LunchMoneyAPI.addCategoryGroup, use: createGroup)
        routes.on(LunchMoneyAPI.addCategory, use: create)
        routes.on(LunchMoneyAPI.category, use: show)
        routes.on(LunchMoneyAPI.changeCategory, use: update)
        routes.on(LunchMoneyAPI.forceDeleteCategory, use: forceDelete)
        routes.on(LunchMoneyAPI.deleteCategory, use: delete)
        routes.on(LunchMoneyAPI.addToCategoryGroup, use: addToGroup)
    }

    func me(request: Request) async throws -> Response {
        let user = try request.user
        struct Me: Encodable {
            var user_name: String
            var user_email: String
            var user_id: Int64
            var account_id: Int64
            var budget_name: String
            var primary_currency: String
            var api_key_label: String?

            enum CodingKeys: String, CodingKey {
                case user_name, user_email, user_id, account_id, budget_name, primary_currency, api_key_label
            }

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(user_name, forKey: .user_name)
                try c.encode(user_email, forKey: .user_email)
                try c.encode(user_id, forKey: .user_id)
                try c.encode(account_id, forKey: .account_id)
                try c.encode(budget_name, forKey: .budget_name)
                try c.encode(primary_currency, forKey: .primary_currency)
                try c.encode(api_key_label, forKey: .api_key_label)
            }
        }
        return LunchMoneyJSON.response(
            Me(
                user_name: user.name, user_email: user.email, user_id: user.id, account_id: user.id,
                budget_name: "Billfold", primary_currency: user.preferences.currency.code.lowercased(),
                api_key_label: nil))
    }

    /// `format=flattened` (default): every category by name, groups with their children too;
    /// `format=nested`: groups and ungrouped categories, children inside their groups.
    func list(request: Request) async throws -> Response {
        let format = (try? request.query.get(String.self, at: "format")) ?? "flattened"
        guard format == "flattened" || format == "nested" else {
            throw BillfoldError.validation("format", Phrase("error.http.lmCategoryFormatUnknown"))
        }
        let tree = try await request.categoryService.tree()
        let byName = tree.all.sorted {
            let order = $0.name.localizedCaseInsensitiveCompare($1.name)
            return order == .orderedSame ? $0.id < $1.id : order == .orderedAscending
        }
        let shown =
            format == "flattened"
            ? byName
            : byName.filter { $0.groupID == nil }.sorted {
                ($0.order == 0 ? 1 : 0, $0.order) < ($1.order == 0 ? 1 : 0, $1.order)
            }
        struct List: Encodable { var categories: [LunchMoneyCategoryJSON] }
        return LunchMoneyJSON.response(List(categories: shown.map { LunchMoneyCategoryJSON(category: $0, tree: tree) }))
    }

    func show(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        let tree = try await request.categoryService.tree()
        guard let category = tree.category(id) else {
            throw BillfoldError(.notFound, Phrase("error.http.lmCategoryNotFound"))
        }
        return LunchMoneyJSON.response(LunchMoneyCategoryJSON(category: category, tree: tree, shape: .single))
    }

    struct Body: Decodable {
        var name: String?
        var description: String?
        var is_income: Bool?
        var exclude_from_budget: Bool?
        var exclude_from_totals: Bool?
        var archived: Bool?
        var group_id: Int64?
        var is_group: Bool?
        var category_ids: [Int64]?
        var new_categories: [String]?

        func applied(to base: CategoryDraft) -> CategoryDraft {
            base.changing(
                name: name, description: description, groupID: group_id.map { .some($0) }, isIncome: is_income,
                excludeFromBudget: exclude_from_budget, excludeFromTotals: exclude_from_totals, archived: archived)
        }
    }

    func create(request: Request) async throws -> Response {
        let body = try request.decodeJSON(Body.self)
        guard body.name != nil else {
            throw BillfoldError.validation("name", Phrase("error.http.lmCategoryNameMissing"))
        }
        let created = try await request.categoryService.create(body.applied(to: CategoryDraft(name: "")))
        return LunchMoneyJSON.response(["category_id": created.id])
    }

    /// A group, optionally taking in existing categories and new ones by name.
    func createGroup(request: Request) async throws -> Response {
        let body = try request.decodeJSON(Body.self)
        guard body.name != nil else {
            throw BillfoldError.validation("name", Phrase("error.http.lmCategoryNameMissing"))
        }
        let service = try request.categoryService
        var draft = body.applied(to: CategoryDraft(name: "", isGroup: true))
        draft.groupID = nil
        let group = try await service.create(draft)
        try await add(body, into: group.id, service: service)
        return LunchMoneyJSON.response(["category_id": group.id])
    }

    /// Existing categories by id and new ones by name, into a group; answers the group with them.
    func addToGroup(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        let body = try request.decodeJSON(Body.self)
        let service = try request.categoryService
        guard let group = try await service.tree().category(id), group.isGroup else {
            throw BillfoldError(.notFound, Phrase("error.http.lmCategoryGroupNotFound"))
        }
        try await add(body, into: group.id, service: service)
        let tree = try await service.tree()
        return LunchMoneyJSON.response(LunchMoneyCategoryJSON(category: group, tree: tree, shape: .single))
    }

    private func add(_ body: Body, into groupID: Int64, service: CategoryService) async throws {
        for id in body.category_ids ?? [] {
            _ = try await service.update(id) { current in
                var moved = current
                moved.groupID = groupID
                return moved
            }
        }
        for name in body.new_categories ?? [] {
            _ = try await service.create(CategoryDraft(name: name, groupID: groupID))
        }
    }

    func update(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        let body = try request.decodeJSON(Body.self)
        if body.is_group != nil {
            throw BillfoldError.validation("is_group", Phrase("error.http.lmIsGroupFixed"))
        }
        guard
            body.name != nil || body.description != nil || body.is_income != nil || body.exclude_from_budget != nil
                || body.exclude_from_totals != nil || body.archived != nil || body.group_id != nil
        else { throw BillfoldError.validation("category", Phrase("error.http.lmCategoryNothingToUpdate")) }
        _ = try await request.categoryService.update(id) { body.applied(to: $0) }
        return LunchMoneyJSON.response(true)
    }

    /// Refuses a category in use, naming what depends on it, as Lunch Money does (with 200).
    func delete(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        let service = try request.categoryService
        let tree = try await service.tree()
        guard let category = tree.category(id) else {
            throw BillfoldError(.notFound, Phrase("error.http.lmCategoryNotFound"))
        }
        let counts = try await service.transactionCounts()
        let transactions = counts[id, default: 0]
        let children = tree.children(of: id).count
        if transactions > 0 || children > 0 {
            struct Dependents: Encodable {
                var category_name: String
                var budget: [Int] = []
                var category_rules: [Int] = []
                var transactions: Int
                var children: Int
                var recurring: [Int] = []
            }
            return LunchMoneyJSON.response([
                "dependents": Dependents(category_name: category.name, transactions: transactions, children: children)
            ])
        }
        _ = try await service.delete(CategoryDeletion(ids: [id]))
        return LunchMoneyJSON.response(true)
    }

    /// Deletes even a category in use: its transactions become uncategorised and a group's
    /// categories move to the top level. No transaction is deleted.
    func forceDelete(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        guard try await request.categoryService.exists(id) else {
            throw BillfoldError(.notFound, Phrase("error.http.lmCategoryNotFound"))
        }
        _ = try await request.categoryService.delete(
            CategoryDeletion(ids: [id], destination: .uncategorized, keepChildren: true))
        return LunchMoneyJSON.response(true)
    }
}

/// Lunch Money answers with exactly 200 on success; some clients treat anything else as failure.
enum LunchMoneyJSON {
    static func response(_ value: some Encodable) -> Response {
        let response = Response(status: .ok)
        do {
            try response.content.encode(value, using: JSONEncoder.api)
        } catch {
            response.status = .internalServerError
        }
        return response
    }
}
