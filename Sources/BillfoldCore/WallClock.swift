import Foundation

/// Where "now" comes from for every rule that depends on time: when sessions and tokens expire,
/// the sign-in and Idempotency-Key windows, how long a delete can be undone, the current month of
/// the review deck and the dashboard, the default date of a new transaction, and the times rows
/// are stamped with. The server has one (`Application.wallClock`) and passes it to every service;
/// nothing in the server or the store reads the system clock itself (`ArchitectureTests` checks).
/// Tests fix it or move it, so a test running across midnight cannot see two different months and
/// a day's undo window can pass in an instant.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) { self.read = read }

    public static let system = WallClock { Date() }

    /// Always the same instant.
    public static func fixed(_ date: Date) -> WallClock { WallClock { date } }

    public var now: Date { read() }

    /// Now, in whole epoch seconds, as rows are stamped.
    public var seconds: Int64 { Int64(now.timeIntervalSince1970.rounded(.down)) }

    /// This moment with the offset `zone` has now, like a transaction typed without a time.
    public func booking(in zone: TimeZone) -> BookingTime {
        let now = seconds
        return BookingTime(
            epochSeconds: now, offsetSeconds: zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(now))))
    }
}
