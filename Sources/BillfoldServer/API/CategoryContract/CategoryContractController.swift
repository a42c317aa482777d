import BillfoldAPI
import BillfoldCore
import Vapor

/// The category-service contract the category app of Billfold's origins speaks, at
/// `/api/categories`: every answer is `{"success", "message", "data"}`, errors included (the
/// error responder writes those through `ContractEnvelope.failure`).
struct CategoryContractController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(CategoryContractAPI.categories, use: list)
        routes.on(CategoryContractAPI.addCategory, use: create)
        routes.on(CategoryContractAPI.deleteCategory, use: delete)
    }

    struct CreateBody: Decodable {
        var CategoryName: String
        var Description: String?
    }

    func list(request: Request) async throws -> Response {
        let user = try request.user
        let listing = try await request.categoryService.listing(sort: .name)
        let data = listing.flat.map { ContractCategory($0.category, userID: user.id) }
        return try ContractEnvelope(success: true, message: tr("contract.categoriesRetrieved"), data: data)
            .response()
    }

    func create(request: Request) async throws -> Response {
        let user = try request.user
        let body = try request.decodeJSON(CreateBody.self)
        let created = try await request.categoryService.create(
            CategoryDraft(name: body.CategoryName, description: body.Description ?? ""))
        return try ContractEnvelope(
            success: true, message: tr("contract.categoryCreated"),
            data: ContractCategory(created, userID: user.id)
        ).response(status: .created)
    }

    /// Transactions of the deleted category become uncategorised; a group's categories move to
    /// the top level (the contract knows no groups).
    func delete(request: Request) async throws -> Response {
        let id = try request.pathID(of: .category)
        _ = try await request.categoryService.delete(
            CategoryDeletion(ids: [id], destination: .uncategorized, keepChildren: true))
        return try ContractEnvelope<ContractCategory>(
            success: true, message: tr("contract.categoryDeleted"), data: nil
        )
        .response()
    }
}

/// A category in the contract's words.
struct ContractCategory: Encodable {
    var ID: Int64
    var CategoryName: String
    var Description: String
    var UserID: Int64
    var CreatedAt: String
    var UpdatedAt: String?

    init(_ category: Category, userID: Int64) {
        ID = category.id
        CategoryName = category.name
        Description = category.description
        UserID = userID
        CreatedAt = Timestamp.utc(category.createdAt)
        UpdatedAt = category.updatedAt.map(Timestamp.utc)
    }

    enum CodingKeys: String, CodingKey { case ID, CategoryName, Description, UserID, CreatedAt, UpdatedAt }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ID, forKey: .ID)
        try c.encode(CategoryName, forKey: .CategoryName)
        try c.encode(Description, forKey: .Description)
        try c.encode(UserID, forKey: .UserID)
        try c.encode(CreatedAt, forKey: .CreatedAt)
        try c.encode(UpdatedAt, forKey: .UpdatedAt)
    }
}

/// `{"success": bool, "message": string, "data": ...}`, with `data` written out as null.
struct ContractEnvelope<Data: Encodable>: Encodable {
    var success: Bool
    var message: String
    var data: Data?

    enum CodingKeys: String, CodingKey { case success, message, data }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(success, forKey: .success)
        try c.encode(message, forKey: .message)
        try c.encode(data, forKey: .data)
    }

    func response(status: HTTPResponseStatus = .ok) throws -> Response {
        let response = Response(status: status)
        try response.content.encode(self, using: JSONEncoder.api)
        return response
    }

    /// How every error on the contract's routes is answered: `data` stays null, because the
    /// contract's clients decode it as a category or a list of them. `problem.message` is in the
    /// current request's language.
    static func failure(_ problem: BillfoldError, status: HTTPResponseStatus) throws -> Response {
        try ContractEnvelope<ContractCategory>(success: false, message: problem.message, data: nil)
            .response(status: status)
    }
}
