import BillfoldAPI
import BillfoldCore
import Vapor

/// `/api/v1/accounts` (list with balances, open, change) and `/api/v1/transfers`.
struct AccountsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.accounts, use: list)
        routes.on(NativeAPI.addAccount, use: create)
        routes.on(NativeAPI.account, use: show)
        routes.on(NativeAPI.changeAccount, use: update)
        routes.on(NativeAPI.addTransfer, use: transfer)
    }

    func list(request: Request) async throws -> Response {
        let summaries = try await request.accountBook.summaries()
        return try AccountListResponse(accounts: summaries.map(AccountDTO.init)).apiResponse()
    }

    func show(request: Request) async throws -> Response {
        try AccountDTO(try await request.accountBook.summary(try request.pathID(of: .account))).apiResponse()
    }

    func create(request: Request) async throws -> Response {
        let body = try request.decodeJSON(CreateAccountRequest.self)
        let book = try request.accountBook
        let created = try await book.create(body)
        let response = try AccountDTO(try await book.summary(created.id)).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.account.path(created.id))
        return response
    }

    func update(request: Request) async throws -> Response {
        let id = try request.pathID(of: .account)
        let body = try request.decodeJSON(UpdateAccountRequest.self)
        let book = try request.accountBook
        _ = try await book.update(id, body)
        return try AccountDTO(try await book.summary(id)).apiResponse()
    }

    func transfer(request: Request) async throws -> Response {
        let body = try request.decodeJSON(CreateTransferRequest.self)
        let sides = try await request.accountBook.transfer(body)
        return try TransferResponse(out: TransactionDTO(sides.out), into: TransactionDTO(sides.into))
            .apiResponse(status: .created)
    }
}

extension Request {
    var accountBook: AccountBook {
        get throws { AccountBook(database: store, user: try user, clock: application.wallClock) }
    }
}
