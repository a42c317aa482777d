import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Follows a redirect only within the origin it was sent to (the same scheme, host and port):
/// Foundation would send the request's headers on to wherever a server points, the access token
/// among them. A redirect to another origin is not followed; the client answers it with a
/// `ClientError` of kind `.sentElsewhere` instead, and the token goes nowhere else.
///
/// It is the session's delegate, not the task's: on Linux, Foundation ignores a task's own
/// delegate for redirects.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    /// The session every client uses unless given its own configuration.
    static let session = URLSession(configuration: .default, delegate: RedirectGuard(), delegateQueue: nil)

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let from = task.originalRequest?.url
        completionHandler(from.map { Self.sameOrigin($0, request.url) } == true ? request : nil)
    }

    /// Same scheme, host and port (the scheme's own port when none is written).
    static func sameOrigin(_ a: URL, _ b: URL?) -> Bool {
        guard let b else { return false }
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return (scheme, host, port)
        }
        guard let left = origin(a), let right = origin(b) else { return false }
        return left == right
    }
}
