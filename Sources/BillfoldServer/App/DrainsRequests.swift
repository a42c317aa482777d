import NIOConcurrencyHelpers
import Vapor

/// The requests being answered, so a server told to stop lets them finish before it closes its
/// database: a request whose client had already gone (a closed connection does not stop its
/// handler) would otherwise reach for a database no longer there, and the process would crash
/// instead of stopping.
final class RequestsInFlight: Sendable {
    private let count = NIOLockedValueBox(0)

    var current: Int { count.withLockedValue { $0 } }

    func started() { count.withLockedValue { $0 += 1 } }

    func finished() { count.withLockedValue { $0 -= 1 } }

    /// Waits until none is in flight, or `limit` seconds have passed.
    func drained(within limit: Double) async {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(limit * 1e9)
        while current > 0 && DispatchTime.now().uptimeNanoseconds < end {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

/// Counts every request from its start to its answer (the first middleware of all).
struct CountsRequests: Middleware {
    let inFlight: RequestsInFlight

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        inFlight.started()
        return next.respond(to: request).always { _ in inFlight.finished() }
    }
}

/// On stopping, before the database closes (storage shuts down after every lifecycle handler):
/// the requests still being answered finish, for up to 30 seconds.
struct DrainsRequests: LifecycleHandler {
    let inFlight: RequestsInFlight
    static let limit = 30.0

    func shutdownAsync(_ application: Application) async { await inFlight.drained(within: Self.limit) }
}

extension Application {
    private struct InFlightKey: StorageKey { typealias Value = RequestsInFlight }

    /// The requests being answered (set when the application is made).
    var requestsInFlight: RequestsInFlight? {
        get { storage[InFlightKey.self] }
        set { storage[InFlightKey.self] = newValue }
    }
}
