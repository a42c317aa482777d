import Dispatch
import Foundation

/// Work on a large file spread over the machine's cores: a million-row statement is read in
/// parts at once, then put together in order.
enum Parallel {
    /// How many parts a large piece of work is cut into: one per core, at most eight.
    static var parts: Int { min(8, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// `body(0) … body(count - 1)` run at once on the cores; the results in index order.
    static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each iteration writes only its own slot.
            nonisolated(unsafe) let slots = slots
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body
                DispatchQueue.concurrentPerform(iterations: count) { slots[$0] = body($0) }
            }
        }
        return results.map { $0! }
    }

    /// `part` of each of a few even slices of `elements`, at once when there are at least
    /// `minimum` of them; the results joined in order. Work that keeps its own state (a cache)
    /// keeps it per slice.
    static func mapSlices<C: RandomAccessCollection, T>(
        _ elements: C, minimum: Int = 20_000, _ part: (C.SubSequence) -> [T]
    ) -> [T] where C.Index == Int {
        guard elements.count >= minimum else { return part(elements[...]) }
        let size = (elements.count + parts - 1) / parts
        let start = elements.startIndex
        return map((elements.count + size - 1) / size) { slice in
            let from = start + slice * size
            return part(elements[from..<min(from + size, elements.endIndex)])
        }.flatMap { $0 }
    }
}
