import BillfoldAPI
import Vapor

/// `GET /api/v1/accounts`.
struct AccountsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.accounts, use: list)
    }

    func list(request: Request) async throws -> Response {
        let accounts = try await request.transactionService.accounts()
        return try AccountListResponse(accounts: accounts.map(AccountDTO.init)).apiResponse()
    }
}
