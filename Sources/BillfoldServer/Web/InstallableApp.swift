import BillfoldAPI
import BillfoldCore
import Crypto
import Foundation
import Vapor

/// What makes Billfold an installable app that stays readable offline: the web app manifest and
/// the service worker (`Resources/service-worker.js`), both made once at start from the assets
/// they name. The worker's version is the assets' digest, so a new build replaces its copies.
struct InstallableApp: Sendable {
    let manifest: Data
    let serviceWorker: Data

    /// The app's colour (the mark's blue), for the title bar of an installed window.
    static let themeColour = "#1f5fd1"
    static let icons = ["icon-192.png", "icon-512.png", "icon-maskable-512.png"]

    static func make(_ assets: Assets) throws -> InstallableApp {
        let icon = { (name: String, size: Int, purpose: String) -> [String: String] in
            ["src": assets.path(name), "sizes": "\(size)x\(size)", "type": "image/png", "purpose": purpose]
        }
        let manifest: [String: any Sendable] = [
            "id": "/", "name": "Billfold", "short_name": "Billfold",
            "description": "Your own ledger: what you spend and earn, budgets, reports and review.",
            "start_url": WebPages.home.path(), "scope": "/", "display": "standalone",
            "background_color": "#f4f5f7", "theme_color": themeColour,
            "icons": [
                icon("icon-192.png", 192, "any"), icon("icon-512.png", 512, "any"),
                icon("icon-maskable-512.png", 512, "maskable"),
            ],
        ]
        guard
            let sourceURL = Bundle.module.url(
                forResource: "service-worker", withExtension: "js", subdirectory: "Resources")
        else { throw BillfoldError(.internalError, Phrase("error.app.resourceMissing", ["name": "service-worker.js"])) }
        let source = String(decoding: try Data(contentsOf: sourceURL), as: UTF8.self)
        let shell = assets.files.keys.filter { $0 != "openapi.json" }.sorted().map(assets.path)
        let version = Secrets.hex(SHA256.hash(data: Data((shell.joined() + source).utf8)).prefix(6))
        let worker = source.replacingOccurrences(of: "__VERSION__", with: version)
            .replacingOccurrences(
                of: "__SHELL__",
                with: String(decoding: try JSONSerialization.data(withJSONObject: shell), as: UTF8.self))
        return InstallableApp(
            manifest: try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]),
            serviceWorker: Data(worker.utf8))
    }
}

/// `/manifest.webmanifest` and `/sw.js`: readable without signing in (a browser asks for them on
/// the sign-in page too), never cached for long, so an update reaches every installed copy.
struct InstallableAppController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(OperationsAPI.manifest) { request -> Response in
            Self.answer(request.application.installableApp.manifest, type: "application/manifest+json")
        }
        routes.on(OperationsAPI.serviceWorker) { request -> Response in
            Self.answer(request.application.installableApp.serviceWorker, type: "text/javascript; charset=utf-8")
        }
    }

    static func answer(_ bytes: Data, type: String) -> Response {
        let response = Response(status: .ok, body: .init(data: bytes))
        response.headers.replaceOrAdd(name: .contentType, value: type)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-cache")
        return response
    }
}

extension User {
    /// The opaque key a signed-in page carries (`X-Billfold-Person`): the service worker keeps
    /// each person's pages apart by it, and forgets them all when a page comes without one.
    var deviceKey: String {
        Secrets.hex(SHA256.hash(data: Data("billfold-person:\(id)".utf8)).prefix(12))
    }
}

extension Application {
    private struct InstallableAppKey: StorageKey { typealias Value = InstallableApp }
    var installableApp: InstallableApp {
        get { storage[InstallableAppKey.self]! }
        set { storage[InstallableAppKey.self] = newValue }
    }
}
