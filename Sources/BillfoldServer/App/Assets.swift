import BillfoldAPI
import BillfoldCore
import Crypto
import Foundation
import Vapor

/// The stylesheet, scripts and OpenAPI document, shipped as package resources and held in memory,
/// so the server works from any working directory.
struct Assets: Sendable {
    struct File: Sendable {
        var bytes: Data
        var contentType: HTTPMediaType
        /// A short content hash: links carry it, so browsers may cache forever.
        var version: String
    }

    var files: [String: File]

    private static let script = HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"])
    private static let scripts = [
        "transactions.js", "settings.js", "setup.js", "categories.js", "category-form.js", "review.js",
        "review-parts.js", "projects.js", "fetching.js", "import.js", "words.js", "split-form.js", "rules.js",
        "budgets.js",
        "review-offers.js", "offline.js", "review-leaving.js", "categories-touch.js",
    ]
    private static let png = HTTPMediaType(type: "image", subType: "png")

    static let served: [String: HTTPMediaType] =
        [
            "app.css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
            "openapi.json": HTTPMediaType.json,
        ].merging(
            scripts.map { ($0, script) } + InstallableApp.icons.map { ($0, png) },
            uniquingKeysWith: { first, _ in first })

    static func load() throws -> Assets {
        var files: [String: File] = [:]
        for (name, type) in served {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard let url = Bundle.module.url(forResource: parts[0], withExtension: parts[1], subdirectory: "Resources")
            else { throw BillfoldError(.internalError, Phrase("error.app.resourceMissing", ["name": name])) }
            let bytes = try Data(contentsOf: url)
            let digest = Secrets.hex(SHA256.hash(data: bytes).prefix(6))
            files[name] = File(bytes: bytes, contentType: type, version: digest)
        }
        return Assets(files: files)
    }

    /// `{"imports": {"/assets/x.js": "/assets/x.js?v=1a2b3c", ...}}` for every script.
    var importMap: String {
        let entries = files.keys.filter { $0.hasSuffix(".js") }.sorted().map { "\"/assets/\($0)\": \"\(path($0))\"" }
        return "{\"imports\": {" + entries.joined(separator: ", ") + "}}"
    }

    /// `/assets/app.css?v=1a2b3c`
    func path(_ name: String) -> String {
        "/assets/\(name)?v=\(files[name]?.version ?? "0")"
    }
}

extension Application {
    private struct AssetsKey: StorageKey { typealias Value = Assets }
    var assets: Assets {
        get { storage[AssetsKey.self] ?? Assets(files: [:]) }
        set { storage[AssetsKey.self] = newValue }
    }
}

struct AssetController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(OperationsAPI.asset) { request -> Response in
            guard let name = request.parameters.get("name"),
                let file = request.application.assets.files[name], name != "openapi.json"
            else { throw Abort(.notFound) }
            let response = Response(status: .ok, body: .init(data: file.bytes))
            response.headers.contentType = file.contentType
            response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=31536000, immutable")
            return response
        }
    }
}

/// `GET /api/v1/openapi.json`: the native API's description, readable without signing in.
struct OpenAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(NativeAPI.openAPI) { request -> Response in
            guard let file = request.application.assets.files["openapi.json"] else { throw Abort(.notFound) }
            let response = Response(status: .ok, body: .init(data: file.bytes))
            response.headers.contentType = .json
            return response
        }
    }
}
