// swift-tools-version:6.0
import PackageDescription

// The dependency rule (ARCHITECTURE.md › Modules; ArchitectureTests and DependencyRuleTests check
// it): arrows point down this list only.
// BillfoldCore knows no HTTP and no database; BillfoldStore knows no Vapor;
// BillfoldKit (the client library apps are built on) knows Core, API, Import (Lunch Money's JSON)
// and swift-log, never Vapor, NIO, Fluent or the server;
// only the executable and the tests import BillfoldServer.
let package = Package(
    name: "Billfold",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "billfold", targets: ["billfold"]),
        .library(name: "BillfoldCore", targets: ["BillfoldCore"]),
        .library(name: "BillfoldAPI", targets: ["BillfoldAPI"]),
        .library(name: "BillfoldKit", targets: ["BillfoldKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-kit.git", from: "1.57.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
    ],
    targets: [
        .target(name: "BillfoldCore", resources: [.copy("Strings")]),
        .target(name: "BillfoldAPI", dependencies: ["BillfoldCore"]),
        .target(
            name: "BillfoldKit",
            dependencies: [
                "BillfoldCore", "BillfoldAPI", "BillfoldImport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `billfold mcp`: Billfold for an assistant, over BillfoldKit (never the server or the store).
        .target(
            name: "BillfoldAssistant",
            dependencies: [
                "BillfoldCore", "BillfoldAPI", "BillfoldKit", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "BillfoldImport",
            dependencies: [
                // BillfoldAPI: the Lunch Money client builds its requests from `LunchMoneyAPI`'s routes.
                "BillfoldCore", "BillfoldAPI", .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        .target(
            name: "BillfoldStore",
            dependencies: [
                "BillfoldCore",
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentSQL", package: "fluent-kit"),
                .product(name: "SQLKit", package: "sql-kit"),
                // Bulk writes bind their values straight to SQLite, without a Codable trip per value.
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                // …and to PostgreSQL as a COPY.
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // Rows read past the driver (`SQLiteReaders`) decode as the driver's do.
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "BillfoldServer",
            dependencies: [
                "BillfoldCore", "BillfoldAPI", "BillfoldImport", "BillfoldStore",
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncKit", package: "async-kit"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "billfold",
            dependencies: [
                "BillfoldServer", "BillfoldStore", "BillfoldCore", "BillfoldAPI", "BillfoldKit", "BillfoldAssistant",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "BillfoldCoreTests", dependencies: ["BillfoldCore"]),
        .testTarget(name: "BillfoldImportTests", dependencies: ["BillfoldImport"]),
        .testTarget(name: "BillfoldAPITests", dependencies: ["BillfoldAPI", "BillfoldCore"]),
        .testTarget(
            name: "BillfoldKitTests",
            dependencies: [
                "BillfoldKit", "BillfoldServer", "BillfoldAPI", "BillfoldCore", "BillfoldStore",
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .testTarget(
            name: "BillfoldServerTests",
            dependencies: [
                "BillfoldServer", "BillfoldAPI", "BillfoldCore", "BillfoldImport", "BillfoldStore",
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["Snapshots/__Snapshots__"]
        ),
    ]
)
