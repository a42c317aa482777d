extension Array {
    /// The elements in consecutive slices of at most `size` (the last may be shorter): for
    /// statements that bind a bounded number of values, and for progress in steps.
    public func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
