import Foundation

/// Where "now" comes from for everything that depends on the calendar: the current month of the
/// review deck, the dashboard's month, the default date of a new transaction. The server reads the
/// system clock; tests fix it, so a test running across midnight at the end of a month cannot see
/// two different months.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    public static let system = WallClock { Date() }

    /// Always the same instant.
    public static func fixed(_ date: Date) -> WallClock { WallClock { date } }

    public var now: Date { read() }
}
