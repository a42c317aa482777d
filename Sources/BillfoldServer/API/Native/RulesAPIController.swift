import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// `/api/v1/rules`: the person's rules (list, add, replace, delete, order), applied to existing
/// transactions with a preview and one undo per run, and as a file (export, import).
struct RulesAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.rules, use: list)
        routes.on(NativeAPI.addRule, use: create)
        routes.on(NativeAPI.exportRules, use: export)
        routes.on(NativeAPI.importRules, use: importFile)
        routes.on(NativeAPI.orderRules, use: order)
        routes.on(NativeAPI.previewRules, use: preview)
        routes.on(NativeAPI.applyRules, use: apply)
        routes.on(NativeAPI.rule, use: show)
        routes.on(NativeAPI.replaceRule, use: replace)
        routes.on(NativeAPI.deleteRule, use: delete)
        routes.on(NativeAPI.undoRuleRun, use: undo)
    }

    func list(request: Request) async throws -> Response {
        try RuleListResponse(rules: try await request.ruleService.all().map(RuleDTO.init)).apiResponse()
    }

    func show(request: Request) async throws -> Response {
        try RuleDTO(try await request.ruleService.get(try request.pathID(of: .rule))).apiResponse()
    }

    func create(request: Request) async throws -> Response {
        let body = try request.decodeJSON(RuleRequest.self)
        let made = try await request.ruleService.create(body.rule)
        let response = try RuleDTO(made).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.rule.path(made.rule.id))
        return response
    }

    func replace(request: Request) async throws -> Response {
        let id = try request.pathID(of: .rule)
        let body = try request.decodeJSON(RuleRequest.self)
        return try RuleDTO(try await request.ruleService.replace(id, with: body.rule)).apiResponse()
    }

    func delete(request: Request) async throws -> Response {
        try await request.ruleService.delete(try request.pathID(of: .rule))
        return Response(status: .noContent)
    }

    func order(request: Request) async throws -> Response {
        let body = try request.decodeJSON(RuleOrderRequest.self)
        return try RuleListResponse(rules: try await request.ruleService.reorder(body.ids).map(RuleDTO.init))
            .apiResponse()
    }

    func preview(request: Request) async throws -> Response {
        let service = try request.ruleService
        let body = try request.decodeJSON(RuleRunRequest.self)
        let preview = try await service.application.preview(try await service.book(for: body))
        return try RulePreviewResponse(preview, zone: try request.user.preferences.zone).apiResponse()
    }

    func apply(request: Request) async throws -> Response {
        let service = try request.ruleService
        let body = try request.decodeJSON(RuleRunRequest.self)
        let done = try await service.application.apply(try await service.book(for: body))
        return try RuleApplyResponse(runId: done.runID, changed: done.changed).apiResponse()
    }

    func undo(request: Request) async throws -> Response {
        let undone = try await request.ruleService.application.undo(try request.pathID(of: .ruleRun))
        return try RuleUndoResponse(undone: undone).apiResponse()
    }

    func export(request: Request) async throws -> Response {
        try await request.ruleService.export().apiResponse()
    }

    func importFile(request: Request) async throws -> Response {
        let file = try request.decodeJSON(RulesFile.self)
        return try RulesImportResponse(added: try await request.ruleService.importFile(file)).apiResponse(
            status: .created)
    }
}

extension RuleDTO {
    init(_ stored: RuleRepository.Stored) { self.init(stored.rule, matchedCount: stored.matchedCount) }
}

extension RulePreviewResponse {
    /// How many transactions of a preview are listed; the count and the moves cover all.
    static let listed = 50

    init(_ preview: RuleApplication.Preview, zone: TimeZone) {
        self.init(
            changed: preview.changes.count,
            transactions: preview.changes.prefix(Self.listed).map { RuleChangeDTO($0, zone: zone) },
            moves: preview.moves.map {
                RuleMoveDTO(
                    fromCategoryId: $0.from, toCategoryId: $0.to, currency: $0.currency.code,
                    amount: Money(minorUnits: $0.minorUnits, currency: $0.currency).decimalString, count: $0.count)
            })
    }
}

extension RuleChangeDTO {
    init(_ change: RuleApplication.Change, zone: TimeZone) {
        let (before, after) = (change.before, change.after)
        self.init(
            transactionId: change.transaction.id, date: Day(change.transaction.bookedAt.date, in: zone).description,
            amount: change.transaction.money.decimalString, currency: change.transaction.money.currency.code,
            payee: before.payee, newPayee: after.payee == before.payee ? nil : after.payee,
            categoryId: before.categoryID, newCategoryId: after.categoryID,
            tagIds: after.tagIDs == before.tagIDs ? nil : after.tagIDs,
            notes: after.notes == before.notes ? nil : after.notes,
            status: after.status == before.status ? nil : after.status.rawValue, ruleIds: change.matched)
    }
}

extension Request {
    var ruleService: RuleService {
        get throws { RuleService(database: store, user: try user, clock: application.wallClock) }
    }
}
