/// How the home dashboard shows what comes next, the same on the web page and in apps: the most
/// pressing high-priority items under "Up next", then a few more under "More to explore".
public enum UpNext {
    /// Shown under "Up next".
    public static let first = 3
    /// At most this many more under "More to explore".
    public static let more = 7
    /// How many the dashboard asks for.
    public static let limit = first + more

    /// Splits items, most pressing first, into the two lists.
    public static func split<T>(_ items: [T]) -> (upNext: [T], moreToExplore: [T]) {
        (Array(items.prefix(first)), Array(items.dropFirst(first).prefix(more)))
    }
}

/// How much of a project is done.
public enum Completion {
    /// Whole percent, rounded down so 100 means everything is done (0 for a project without items).
    public static func percent(completed: Int, of total: Int) -> Int {
        total <= 0 ? 0 : completed * 100 / total
    }
}
