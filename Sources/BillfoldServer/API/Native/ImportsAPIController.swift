import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Vapor

/// `/api/v1/imports`: bank files in, the list of imports, and undo.
struct ImportsAPIController: RouteCollection {
    /// The largest file an import takes.
    static let maxFileSize: ByteCount = "50mb"

    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.addImport, maxBody: Self.maxFileSize, use: create)
        routes.on(NativeAPI.imports, use: list)
        routes.on(NativeAPI.undoImport, use: undo)
    }

    func create(request: Request) async throws -> Response {
        // A multipart upload or JSON would be read as the file's own text. (A form's type is
        // taken: it is what `curl --data-binary @file` sends without a -H.)
        if let type = request.headers.contentType,
            type.type == "multipart" || type.isJSON
        {
            throw BillfoldError(.unsupportedMediaType, Phrase("error.http.importBodyNotFile"))
        }
        let query = try BankImportQuery(try request.query.decode([String: String].self))
        guard let body = request.body.data, body.readableBytes > 0 else {
            throw BillfoldError.validation("body", Phrase("error.http.importBodyMissing"))
        }
        let user = try request.user
        // One file at a time per person, and a few in all: each takes memory by the file's size.
        return try await request.application.importSlots.reading(for: user.id) {
            try await Self.imported(body, query: query, user: user, request: request)
        }
    }

    /// The file read, planned and, unless a dry run, imported in one transaction.
    private static func imported(
        _ body: ByteBuffer, query: BankImportQuery, user: User, request: Request
    ) async throws -> Response {
        let importer = BankImport(database: request.db, user: user, clock: request.application.wallClock)
        let importRequest = try await query.request(
            data: Data(body.readableBytesView), fileName: "import", importer: importer)
        // Read and checked outside any transaction; only the writes below take one.
        let plan = try await importer.plan(importRequest)
        let accounts = plan.parts.map {
            ImportAccountDTO(
                name: $0.account, isNew: $0.isNew, currency: $0.currency.code, new: $0.new, already: $0.already,
                total: $0.newTotal?.decimalString)
        }
        let unreadable = plan.unreadable.map { UnreadableDTO(place: $0.place, reason: $0.reason) }
        if query.dryRun {
            return try ImportResultResponse(
                id: nil, dryRun: true, format: plan.format.rawValue, summary: plan.summary, added: plan.new,
                skipped: plan.already, pending: plan.pending, accounts: accounts, unreadable: unreadable,
                mapping: plan.mappingValues, header: plan.csv?.header,
                preview: preview(plan, categories: try await request.categoryService.tree()),
                suggestedAccount: plan.suggestedAccount, changedByRules: plan.changedByRules
            ).apiResponse()
        }
        // A dry run writes nothing, not even the profile: it is saved with the import's rows.
        let outcome = try await request.transaction {
            let importer = BankImport(database: request.store, user: user, clock: request.application.wallClock)
            if let name = query.saveProfile, let csv = plan.csv { try await importer.saveProfile(name, csv.mapping) }
            return try await importer.run(importRequest, after: plan)
        }
        let response = try ImportResultResponse(
            id: outcome.importID, dryRun: false, format: plan.format.rawValue, summary: plan.summary,
            added: outcome.added, skipped: outcome.skipped, pending: plan.pending, accounts: accounts,
            unreadable: unreadable, mapping: plan.mappingValues, header: plan.csv?.header, preview: []
        ).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.imports.path())
        return response
    }

    /// The first 20 rows of each account as they will be booked: the clean payee, and what the
    /// person's rules make of them (`categories`: the person's, to name the rules' category).
    static func preview(_ plan: BankImportPlan, categories: CategoryTree) -> [ImportRowDTO] {
        plan.parts.flatMap { part in
            part.entries.indices.prefix(20).map { index in
                let entry = part.entries[index]
                let booked = plan.booked(part, index)
                return ImportRowDTO(
                    account: part.account, place: entry.place, day: entry.day.description,
                    amount: entry.amount.decimalString, currency: entry.amount.currency.code, payee: booked.payee,
                    notes: entry.notes, alreadyImported: part.alreadyImported[index], originalName: entry.payee,
                    categoryId: booked.categoryID,
                    categoryName: booked.categoryID.flatMap { categories.category($0)?.name },
                    ruleIds: booked.matched)
            }
        }
    }

    func list(request: Request) async throws -> Response {
        let records = try await BankImport(
            database: request.store, user: try request.user, clock: request.application.wallClock
        ).imports()
        return try ImportListResponse(imports: records.map(ImportDTO.init)).apiResponse()
    }

    func undo(request: Request) async throws -> Response {
        let id = try request.pathID(of: .import)
        let removed = try await BankImport(
            database: request.store, user: try request.user, clock: request.application.wallClock
        ).undo(id)
        return try ImportUndoResponse(removed: removed).apiResponse()
    }
}
