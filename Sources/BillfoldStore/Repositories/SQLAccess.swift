import FluentKit
import SQLKit

extension Database {
    /// The same database as SQLKit sees it, for the statements Fluent's query builder cannot
    /// write. Billfold only ever runs on Fluent's SQLite and PostgreSQL drivers, whose databases
    /// are SQL databases, so this cast cannot fail; a driver that is not would fail every test.
    public var sql: any SQLDatabase { self as! any SQLDatabase }
}
