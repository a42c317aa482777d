import BillfoldAPI
import BillfoldCore
import BillfoldStore
import Vapor

/// `/api/v1/rates`: the published sources' state, and the person's own rates.
struct RatesAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.rates) { request in try await request.ratesResponse().apiResponse() }
        routes.on(NativeAPI.setRate) { request in
            let stored = try await request.ratesService.set(try request.decodeJSON(PersonalRateRequest.self))
            return try PersonalRateDTO(stored).apiResponse(status: .created)
        }
        routes.on(NativeAPI.deleteRate) { request in
            try await request.ratesService.delete(try request.pathID(of: .rate))
            return Response(status: .noContent)
        }
    }
}

extension Request {
    func ratesResponse() async throws -> RatesResponse {
        let service = try ratesService
        let (sources, personal) = try await service.overview()
        return RatesResponse(
            primaryCurrency: service.primary.code,
            sources: sources.map {
                RateSourceDTO(
                    name: $0.name, changedAt: $0.changedAt == 0 ? nil : Timestamp.utc($0.changedAt), rates: $0.rates,
                    lastError: $0.lastError.map(FetchFailure.text))
            },
            personal: personal.map(PersonalRateDTO.init))
    }
}

extension PersonalRateDTO {
    init(_ stored: PersonalRatesRepository.Stored) {
        self.init(
            id: stored.id, currency: stored.rate.currency, quote: stored.rate.quote, day: stored.rate.day.description,
            rate: NSDecimalNumber(decimal: stored.rate.rate).description(withLocale: Locale(identifier: "en_US_POSIX")))
    }
}
