import FluentKit
import SQLKit
import Testing

@testable import BillfoldStore

/// The engine reads PostgreSQL's rows by column name itself (`ReadColumns`): it must find every
/// column as PostgresNIO's own lookup does, a repeated name included, and name one missing.
@Suite("PostgreSQL rows read by name")
struct PostgresRowsTests {
    @Test(
        "values by name, NULLs, a repeated name's last value, a missing column named",
        arguments: TestDatabase.all.filter { $0 == .postgres })
    func byName(database: TestDatabase) async throws {
        try await TestApp.run(database) { t in
            let rows = try await t.app.db.storedRows(
                """
                SELECT CAST(1 AS BIGINT) AS a, 'one' AS b, CAST(NULL AS BIGINT) AS c, TRUE AS d,
                  CAST(2 AS BIGINT) AS a, CAST(x AS BIGINT) AS x FROM (VALUES (7), (8)) AS v (x)
                """)
            #expect(rows.count == 2)
            for (row, x) in zip(rows, [7, 8] as [Int64]) {
                #expect(try row.integer("a") == 2, "the last of a repeated name, as PostgresNIO")
                #expect(try row.text("b") == "one")
                #expect(try row.integerOrNil("c") == nil)
                #expect(try row.flag("d"))
                #expect(try row.integer("x") == x)
                #expect(throws: DecodingError.self) { try row.integer("missing") }
            }
            #expect(try await t.app.db.storedRows("SELECT 1 AS a WHERE FALSE").isEmpty)
        }
    }
}
