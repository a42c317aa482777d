import BillfoldAPI
import BillfoldCore
import Vapor

/// Splits, transaction groups and tags on the native API.
struct SplitsAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.transactionChildren, use: children)
        routes.on(NativeAPI.splitTransaction, use: split)
        routes.on(NativeAPI.unsplitTransaction, use: unsplit)
        routes.on(NativeAPI.addTransactionGroup, use: group)
        routes.on(NativeAPI.deleteTransactionGroup, use: ungroup)
        routes.on(NativeAPI.tags, use: tags)
        routes.on(NativeAPI.addTag, use: addTag)
        routes.on(NativeAPI.changeTag, use: changeTag)
        routes.on(NativeAPI.deleteTag, use: deleteTag)
        routes.on(NativeAPI.transactionTags, use: transactionTags)
        routes.on(NativeAPI.setTransactionTags, use: setTransactionTags)
    }

    func children(request: Request) async throws -> Response {
        let service = try request.transactionService
        let parent = try await service.get(try request.transactionID)
        let children = try await service.children(of: [parent])[parent.id] ?? []
        return try TransactionsDTO(transactions: children.map(TransactionDTO.init)).apiResponse()
    }

    func split(request: Request) async throws -> Response {
        let service = try request.transactionService
        let parent = try await service.get(try request.transactionID)
        let body = try request.decodeJSON(SplitRequest.self)
        let parts = try body.parts.enumerated().map { index, part in
            SplitPart(
                money: try Money(parsing: part.amount, currency: parent.money.currency).checkedLimit(
                    field: "parts[\(index)].amount"),
                payee: part.payee, notes: part.notes, categoryID: part.categoryId)
        }
        let ids = try await service.split(parent.id, into: parts)
        let written = try await service.get(ids).sorted { $0.id < $1.id }
        return try SplitResponse(
            parent: TransactionDTO(try await service.get(parent.id)), parts: written.map(TransactionDTO.init)
        ).apiResponse(status: .created)
    }

    func unsplit(request: Request) async throws -> Response {
        let service = try request.transactionService
        let id = try request.transactionID
        _ = try await service.get(id)
        _ = try await service.unsplit([id])
        return try TransactionDTO(try await service.get(id)).apiResponse()
    }

    func group(request: Request) async throws -> Response {
        let service = try request.transactionService
        let body = try request.decodeJSON(GroupRequest.self)
        let members = try await service.get(body.transactionIds)
        let latest = members.max { $0.bookedAt.epochSeconds < $1.bookedAt.epochSeconds }
        let bookedAt =
            try body.bookedAt.map { try BookingTime(iso8601: $0) } ?? latest?.bookedAt
            ?? BookingTime(epochSeconds: request.application.wallClock.seconds, offsetSeconds: 0)
        let row = NewTransaction(
            bookedAt: bookedAt, payee: body.payee, notes: body.notes ?? "",
            money: Money(minorUnits: 0, currency: members.first?.money.currency ?? .eur), categoryID: body.categoryId)
        let id = try await service.group(body.transactionIds, as: row)
        let response = try TransactionDTO(try await service.get(id)).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.transaction.path(id))
        return response
    }

    func ungroup(request: Request) async throws -> Response {
        let members = try await request.transactionService.ungroup(try request.pathID(of: .transactionGroup))
        return try UngroupResponse(transactionIds: members.sorted()).apiResponse()
    }

    func tags(request: Request) async throws -> Response {
        try TagsDTO(tags: try await request.transactionService.tags.all().map(TagDTO.init)).apiResponse()
    }

    func addTag(request: Request) async throws -> Response {
        let body = try request.decodeJSON(TagRequest.self)
        let tag = try await request.transactionService.tags.create(
            name: body.name ?? "", description: body.description ?? "", now: request.application.wallClock.seconds)
        return try TagDTO(tag).apiResponse(status: .created)
    }

    func changeTag(request: Request) async throws -> Response {
        let body = try request.decodeJSON(TagRequest.self)
        guard
            let tag = try await request.transactionService.tags.update(
                try request.pathID(of: .tag), name: body.name, description: body.description, archived: body.archived)
        else { throw BillfoldError.notFound(.tag) }
        return try TagDTO(tag).apiResponse()
    }

    func deleteTag(request: Request) async throws -> Response {
        guard try await request.transactionService.tags.delete(try request.pathID(of: .tag)) else {
            throw BillfoldError.notFound(.tag)
        }
        return Response(status: .noContent)
    }

    func transactionTags(request: Request) async throws -> Response {
        let service = try request.transactionService
        let id = try await service.get(try request.transactionID).id
        return try TagsDTO(tags: (try await service.tags.tags(of: [id])[id] ?? []).map(TagDTO.init)).apiResponse()
    }

    func setTransactionTags(request: Request) async throws -> Response {
        let service = try request.transactionService
        let id = try request.transactionID
        let body = try request.decodeJSON(TransactionTagsRequest.self)
        try await service.setTags(body.tagIds, on: id)
        return try TagsDTO(tags: (try await service.tags.tags(of: [id])[id] ?? []).map(TagDTO.init)).apiResponse()
    }
}
