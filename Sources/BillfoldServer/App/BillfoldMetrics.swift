import BillfoldAPI
import BillfoldCore
import Foundation
import Metrics
import Prometheus
import Vapor

/// Metrics in Prometheus' text format, through swift-metrics: Vapor's own request counters and
/// latency histograms (`http_requests_total` and `http_request_duration_seconds` by route
/// pattern, method and status), plus Billfold's below. The metrics system is process-wide and can
/// be bootstrapped once, so the registry is one for the process.
enum BillfoldMetrics {
    static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    static func bootstrap() { _ = registry }

    /// Write transactions that hold a database connection right now (requests and imports).
    static let transactionsInFlight = registry.makeGauge(
        name: "billfold_database_transactions_in_use",
        help: "Database connections held by a write transaction (a request, an import or a review decision).")

    static func imported(format: String, added: Int) {
        Metrics.Counter(label: "billfold_imports_total", dimensions: [("format", format)]).increment()
        Metrics.Counter(label: "billfold_imported_transactions_total", dimensions: [("format", format)]).increment(
            by: added)
    }

    static func reviewBatchApplied() {
        Metrics.Counter(label: "billfold_review_batches_total").increment()
    }

    static func reviewDecisions(_ outcome: ReviewOutcomeKind) {
        Metrics.Counter(label: "billfold_review_decisions_total", dimensions: [("outcome", outcome.rawValue)])
            .increment()
    }

    /// The whole registry as Prometheus text.
    static func text() -> String {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}

/// `GET /metrics`, only when the operator set `BILLFOLD_METRICS_TOKEN`, and only with that token.
struct MetricsController: RouteCollection {
    let token: String

    func boot(routes: any RoutesBuilder) throws {
        routes.on(OperationsAPI.metrics, use: metrics)
    }

    func metrics(request: Request) async throws -> Response {
        guard let sent = request.headers.bearerAuthorization?.token,
            Secrets.hash(sent) == Secrets.hash(token)
        else {
            throw BillfoldError(.unauthorized, Phrase("error.app.metricsToken"))
        }
        var headers = HTTPHeaders()
        headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4"])
        return Response(status: .ok, headers: headers, body: .init(string: BillfoldMetrics.text()))
    }
}
