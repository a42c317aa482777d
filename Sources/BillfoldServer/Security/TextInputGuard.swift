import BillfoldCore
import Foundation
import Vapor

/// Refuses a request whose query string, JSON or form body carries a control character in any
/// text value, before any route sees it, naming the field: one rule for every dialect and every form.
/// (Imports go through the same `TextRules` in Core.)
struct TextInputGuard: Middleware {
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        // The query string follows the same rule on every method: a search's text reaches the
        // database, the pages and the exports as a body's would.
        if let query = request.url.query, let field = Self.formField(in: query) {
            return request.eventLoop.makeFailedFuture(BillfoldError.validation(field, TextRules.message(field: field)))
        }
        guard [.POST, .PUT, .PATCH, .DELETE].contains(request.method) else { return next.respond(to: request) }
        // A route that takes a file (a bank import) reads it by its own rules, whatever it is labelled.
        guard request.route?.userInfo[Route.maxBodyKey] == nil else { return next.respond(to: request) }
        let type = request.headers.contentType
        let isForm = type == .urlEncodedForm
        let isMultipart = type?.type == "multipart"
        // No content type is read as JSON by the API's decoder, so it is checked as JSON.
        let isJSON = type?.isJSON ?? true
        guard isJSON || isForm || isMultipart else { return next.respond(to: request) }
        return request.body.collect(max: request.bodyCollectMax).flatMapThrowing { body in
            guard let body, body.readableBytes > 0 else { return }
            let data = Data(body.readableBytesView)
            let field: String? =
                if isMultipart {
                    // No form here takes a file: any control byte but the framing's CR LF and tab is refused.
                    data.contains { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F } ? "body" : nil
                } else if isJSON {
                    Self.jsonField(in: data)
                } else {
                    Self.formField(in: String(decoding: data, as: UTF8.self))
                }
            if let field {
                throw BillfoldError.validation(field, TextRules.message(field: field))
            }
        }.flatMap { next.respond(to: request) }
    }

    /// The path of the first JSON string (key or value) breaking the rule, e.g. `transactions[2].payee`.
    static func jsonField(in data: Data) -> String? {
        // Invalid JSON is the route's to report, in its own dialect.
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        return field(in: value, path: "")
    }

    private static func field(in value: Any, path: String) -> String? {
        switch value {
        case let text as String:
            return TextRules.hasForbiddenControl(text) ? (path.isEmpty ? "body" : path) : nil
        case let list as [Any]:
            for (index, element) in list.enumerated() {
                if let found = field(in: element, path: "\(path)[\(index)]") { return found }
            }
        case let object as [String: Any]:
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                let inner = path.isEmpty ? key : "\(path).\(key)"
                if TextRules.hasForbiddenControl(key) { return inner }
                if let found = field(in: value, path: inner) { return found }
            }
        default: break
        }
        return nil
    }

    /// The name of the first form field whose value breaks the rule.
    static func formField(in body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                ($0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding) ?? String($0)
            }
            guard let name = parts.first else { continue }
            let value = parts.count > 1 ? parts[1] : ""
            if TextRules.hasForbiddenControl(name) || TextRules.hasForbiddenControl(value) { return name }
        }
        return nil
    }
}

extension HTTPMediaType {
    /// JSON (`application/json`, `text/json`) or a type built on it (`application/problem+json`).
    var isJSON: Bool { subType == "json" || subType.hasSuffix("+json") }
}
