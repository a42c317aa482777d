extension RandomAccessCollection where Index == Int {
    /// The elements in consecutive slices of at most `size` (the last may be shorter): for
    /// statements that bind a bounded number of values, and for progress in steps. On a range
    /// of row numbers, the ranges of rows to make at a time.
    public func chunked(_ size: Int) -> [SubSequence] {
        stride(from: startIndex, to: endIndex, by: size).map { self[$0..<Swift.min($0 + size, endIndex)] }
    }
}
