import BillfoldAPI
import BillfoldCore
import Vapor

/// The Accounts page, one account's page, and the forms to open, change and transfer.
struct AccountPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.accounts, use: list)
        routes.on(WebPages.addAccount, use: create)
        routes.on(WebPages.account, use: show)
        routes.on(WebPages.saveAccount, use: save)
        routes.on(WebPages.addTransfer, use: transfer)
    }

    private func listPage(_ request: Request) async throws -> AccountListPage {
        AccountListPage(
            summaries: try await request.accountBook.summaries(), currency: try request.user.preferences.currency)
    }

    func list(request: Request) async throws -> Response {
        let notice: String? =
            switch try? request.query.get(String.self, at: "done") {
            case "transfer": request.words("accounts.notice.transferRecorded")
            default: nil
            }
        return try await listPage(request).response(request, notice: notice)
    }

    func create(request: Request) async throws -> Response {
        let values = try request.content.decode(AccountFormValues.self)
        let user = try request.user
        do {
            let currency = try Currency(code: values.currency ?? "")
            let opening = try TransactionPagesController.typedAmount(
                values.openingBalance.flatMap { $0.isEmpty ? nil : $0 } ?? "0", currency: currency, for: user)
            let account = try await request.accountBook.create(name: values.name ?? "", opening: opening)
            return request.redirect(to: WebPages.account.path(account.id, query: [("done", "opened")]))
        } catch let error as BillfoldError {
            var page = try await listPage(request)
            page.newAccount = values
            page.accountError = error
            return page.response(request)
        }
    }

    func show(request: Request) async throws -> Response {
        let summary = try await request.accountBook.summary(try request.pathID(of: .account))
        let notice: String? =
            switch try? request.query.get(String.self, at: "done") {
            case "opened": request.words("accounts.notice.opened")
            case "saved": request.words("accounts.notice.saved")
            case "archived": request.words("accounts.notice.archived")
            case "unarchived": request.words("accounts.notice.unarchived")
            default: nil
            }
        return AccountPage(summary: summary).response(request, notice: notice)
    }

    func save(request: Request) async throws -> Response {
        let book = try request.accountBook
        let id = try request.pathID(of: .account)
        let summary = try await book.summary(id)
        let values = try request.content.decode(AccountFormValues.self)
        let user = try request.user
        let done: String
        do {
            switch values.action {
            case "archive", "unarchive":
                _ = try await book.update(id, name: nil, opening: nil, archived: values.action == "archive")
                done = values.action == "archive" ? "archived" : "unarchived"
            default:
                let opening = values.openingBalance.map { text in
                    { (currency: Currency) throws -> Money in
                        try TransactionPagesController.typedAmount(
                            text.isEmpty ? "0" : text, currency: currency, for: user)
                    }
                }
                let current = summary.account
                let typedOpening = try opening?(current.currency)
                let unchanged =
                    values.name?.trimmingCharacters(in: .whitespaces) == current.displayName
                    && typedOpening == current.opening
                guard !unchanged else { return request.redirect(to: WebPages.account.path(id)) }
                _ = try await book.update(id, name: values.name, opening: opening, archived: nil)
                done = "saved"
            }
        } catch let error as BillfoldError {
            return AccountPage(summary: summary, values: values, error: error).response(request)
        }
        return request.redirect(to: WebPages.account.path(id, query: [("done", done)]))
    }

    func transfer(request: Request) async throws -> Response {
        let values = try request.content.decode(TransferFormValues.self)
        let user = try request.user
        let book = try request.accountBook
        do {
            let (from, to) = try await book.transferAccounts(
                from: try TransactionPagesController.optionalID(values.fromAccountId, field: "fromAccountId"),
                to: try TransactionPagesController.optionalID(values.toAccountId, field: "toAccountId"))
            let amount = try TransactionPagesController.typedAmount(
                values.amount ?? "", currency: from.currency, for: user)
            var received: Money?
            if let text = values.receivedAmount, !text.isEmpty {
                do {
                    received = try TransactionPagesController.typedAmount(text, currency: to.currency, for: user)
                } catch {
                    throw BillfoldError(error.code, error.phrase, fields: ["receivedAmount": error.phrase])
                }
            }
            let zone = user.preferences.zone
            let bookedAt =
                try values.bookedAt.flatMap { $0.isEmpty ? nil : $0 }
                .map { try BookingTime(localDateTime: $0, timeZone: zone) }
                ?? request.application.wallClock.booking(in: zone)
            _ = try await book.transfer(
                from: from, to: to, amount: amount, received: received, bookedAt: bookedAt,
                notes: values.notes ?? "")
            return request.redirect(to: WebPages.accounts.path(query: [("done", "transfer")]))
        } catch let error as BillfoldError {
            var page = try await listPage(request)
            page.transfer = values
            page.transferError = error
            return page.response(request)
        }
    }
}
