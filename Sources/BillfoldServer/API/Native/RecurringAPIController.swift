import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// `/api/v1/recurring`: the person's recurring payments, their decisions on them, and ones added
/// by hand.
struct RecurringAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.recurring, use: list)
        routes.on(NativeAPI.addRecurring, use: create)
        routes.on(NativeAPI.findRecurring, use: find)
        routes.on(NativeAPI.recurringPayment, use: show)
        routes.on(NativeAPI.decideRecurring, use: decide)
        routes.on(NativeAPI.deleteRecurring, use: delete)
    }

    func list(request: Request) async throws -> Response {
        let service = try request.recurringService
        return try RecurringListResponse(try await service.all(), today: service.today).apiResponse()
    }

    func find(request: Request) async throws -> Response {
        let service = try request.recurringService
        try await service.lookAgain()
        return try RecurringListResponse(try await service.all(), today: service.today).apiResponse()
    }

    func show(request: Request) async throws -> Response {
        let service = try request.recurringService
        return try RecurringDTO(try await service.get(try request.pathID(of: .recurringPayment)), today: service.today)
            .apiResponse()
    }

    func create(request: Request) async throws -> Response {
        let service = try request.recurringService
        let made = try await service.add(try request.decodeJSON(RecurringRequest.self))
        let response = try RecurringDTO(made, today: service.today).apiResponse(status: .created)
        response.headers.replaceOrAdd(name: .location, value: NativeAPI.recurringPayment.path(made.id))
        return response
    }

    func decide(request: Request) async throws -> Response {
        let service = try request.recurringService
        let id = try request.pathID(of: .recurringPayment)
        let body = try request.decodeJSON(RecurringDecision.self)
        guard let state = RecurringState(rawValue: body.state) else {
            throw BillfoldError.validation("state", Phrase("error.service.recurring.stateUnknown"))
        }
        return try RecurringDTO(try await service.decide(id, state), today: service.today).apiResponse()
    }

    func delete(request: Request) async throws -> Response {
        try await request.recurringService.delete(try request.pathID(of: .recurringPayment))
        return Response(status: .noContent)
    }
}

extension RecurringListResponse {
    /// The kept payments, those still counted first (by what they cost a month), dismissed last.
    init(_ kept: [KeptRecurring], today: Day) {
        let ordered = RecurringOverview(kept)
        self.init(
            recurring: (ordered.counted + ordered.dismissed).map { RecurringDTO($0, today: today) },
            monthlyCost: ordered.monthlyCost.map {
                CurrencyAmountDTO(currency: $0.currency.code, amount: $0.decimalString)
            })
    }
}

extension Request {
    var recurringService: RecurringService {
        get throws {
            RecurringService(database: store, user: try user, clock: application.wallClock, gate: application.writeGate)
        }
    }
}
