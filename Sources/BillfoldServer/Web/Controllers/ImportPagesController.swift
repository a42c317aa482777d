import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Foundation
import NIOCore
import Vapor

/// The import page, the imports list with undo, and the export downloads.
struct ImportPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.importFile, use: importPage)
        routes.on(WebPages.imports, use: list)
        routes.on(WebPages.confirmUndoImport, use: confirmUndo)
        routes.on(WebPages.undoImport, use: undo)
        routes.on(WebPages.export, use: export)
    }

    func importPage(request: Request) async throws -> Response {
        let user = try request.user
        let accounts = try await request.transactionService.accounts()
        return ImportPage(accounts: accounts, currency: user.preferences.currency).response(request)
    }

    func list(request: Request) async throws -> Response {
        let user = try request.user
        let records = try await BankImport(database: request.store, user: user, clock: request.application.wallClock)
            .imports()
        let notice: String? = (try? request.query.get(Int.self, at: "removed")).map {
            request.words("import.notice.undone", count: $0)
        }
        return ImportsPage(records: records, format: user.preferences.format).response(request, notice: notice)
    }

    private func record(_ request: Request) async throws -> ImportRecord {
        try await BankImport(database: request.store, user: try request.user, clock: request.application.wallClock)
            .record(try request.pathID(of: .import))
    }

    func confirmUndo(request: Request) async throws -> Response {
        let record = try await record(request)
        guard record.undoneAt == nil else { return request.redirect(to: WebPages.imports.path()) }
        return UndoImportPage(record: record, format: try request.user.preferences.format).response(request)
    }

    func undo(request: Request) async throws -> Response {
        do {
            let removed = try await BankImport(
                database: request.store, user: try request.user, clock: request.application.wallClock
            )
            .undo(try request.pathID(of: .import))
            return request.redirect(to: WebPages.imports.path(query: [("removed", String(removed))]))
        } catch let error as BillfoldError where error.code == .conflict {
            // Undone already (a second click): the list says so.
            return request.redirect(to: WebPages.imports.path())
        }
    }

    /// The books as a download: `format` (csv, hledger, ledger, beancount) and the list's filter.
    func export(request: Request) async throws -> Response {
        let user = try request.user
        let values = try request.query.decode([String: String].self)
        guard let format = ExportFormat(rawValue: values["format"] ?? "csv") else {
            throw BillfoldError.validation("format", Phrase("error.service.imports.exportFormat"))
        }
        let filter = try TransactionFilter(query: values)
        let tree = try await request.transactionService.categoryTree()
        let query = try filter.query(categories: tree, timeZone: user.preferences.zone)
        let day = Day(request.now, in: user.preferences.zone)
        // A CSV has no prices: the rates are read only for a journal.
        let rates = format == .csv ? RateBook.empty : try await request.ratesService.book()
        let exporter = BookExport(database: request.db, user: user, rates: rates, today: day)
        let response = Response(
            status: .ok,
            body: .init(asyncStream: { writer in
                do {
                    try await exporter.write(format, query) { text in
                        try await writer.write(.buffer(ByteBuffer(string: text)))
                    }
                    try await writer.write(.end)
                } catch {
                    try await writer.write(.error(error))
                }
            }))
        response.headers.replaceOrAdd(name: .contentType, value: format.mediaType)
        response.headers.replaceOrAdd(
            name: .contentDisposition, value: "attachment; filename=\"billfold-\(day).\(format.fileExtension)\"")
        return response
    }
}
