import Foundation

/// A category with how much it is used: the number of its transactions and their sums, one per
/// currency (a sum never mixes currencies).
public struct CategoryUsage: Sendable {
    public var category: Category
    public var transactionCount: Int
    public var totals: [CurrencyTotal]

    public init(category: Category, transactionCount: Int = 0, totals: [CurrencyTotal] = []) {
        self.category = category
        self.transactionCount = transactionCount
        self.totals = totals
    }
}

extension CategoryUsage {
    /// Each category with its sums, given the sums per category id. A group counts its own
    /// transactions and its children's, so its row tells how much a delete of it would move.
    public static func collect(_ categories: [Category], sums: [Int64: [CurrencyTotal]]) -> [CategoryUsage] {
        var byGroup: [Int64: [CurrencyTotal]] = [:]
        for category in categories {
            guard let group = category.groupID, let own = sums[category.id] else { continue }
            byGroup[group, default: []] += own
        }
        return categories.map { category in
            let totals = CurrencyTotal.merge((sums[category.id] ?? []) + (byGroup[category.id] ?? []))
            return CategoryUsage(
                category: category, transactionCount: totals.reduce(0) { $0 + $1.count }, totals: totals)
        }
    }
}

extension CurrencyTotal {
    /// One total per currency, in currency order.
    public static func merge(_ totals: [CurrencyTotal]) -> [CurrencyTotal] {
        var byCurrency: [Currency: (minor: Int64, count: Int)] = [:]
        for total in totals {
            let sum = byCurrency[total.money.currency, default: (0, 0)]
            byCurrency[total.money.currency] = (sum.minor + total.money.minorUnits, sum.count + total.count)
        }
        return byCurrency.sorted { $0.key.code < $1.key.code }.map {
            CurrencyTotal(money: Money(minorUnits: $0.value.minor, currency: $0.key), count: $0.value.count)
        }
    }
}

/// A category list as a person asked for it: searched and sorted.
public struct CategoryListing: Sendable {
    public let entries: [CategoryUsage]
    private let matching: [CategoryUsage]
    public let sort: CategorySort
    public let search: String

    public init(_ entries: [CategoryUsage], search: String = "", sort: CategorySort = .name) {
        self.entries = entries
        self.sort = sort
        self.search = search.trimmingCharacters(in: .whitespacesAndNewlines)
        let needle = self.search
        let found =
            needle.isEmpty
            ? entries
            : entries.filter {
                $0.category.name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                    || $0.category.description.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive])
                        != nil
            }
        matching = Self.sorted(found, by: sort)
    }

    /// Every match in one flat list, in the chosen order.
    public var flat: [CategoryUsage] { matching }

    /// Matches arranged as the page shows them: top-level entries in the chosen order, each group
    /// followed by its matching children. A group is shown when it or one of its children matches.
    public var tree: [(entry: CategoryUsage, children: [CategoryUsage])] {
        let byID = Dictionary(entries.map { ($0.category.id, $0) }, uniquingKeysWith: { first, _ in first })
        var childrenByGroup: [Int64: [CategoryUsage]] = [:]
        for usage in matching {
            if let group = usage.category.groupID, byID[group] != nil {
                childrenByGroup[group, default: []].append(usage)
            }
        }
        var shown = Set<Int64>()
        var top: [CategoryUsage] = []
        for usage in matching where usage.category.groupID.flatMap({ byID[$0] }) == nil {
            top.append(usage)
            shown.insert(usage.category.id)
        }
        for group in childrenByGroup.keys where !shown.contains(group) {
            if let usage = byID[group] { top.append(usage) }
        }
        return Self.sorted(top, by: sort).map { ($0, childrenByGroup[$0.category.id] ?? []) }
    }

    /// Entries in the chosen order; equal keys fall back to the name, then the id, so the order
    /// never changes between two requests.
    public static func sorted(_ entries: [CategoryUsage], by sort: CategorySort) -> [CategoryUsage] {
        func byName(_ a: CategoryUsage, _ b: CategoryUsage) -> Bool {
            let order = a.category.name.localizedCaseInsensitiveCompare(b.category.name)
            return order == .orderedSame ? a.category.id < b.category.id : order == .orderedAscending
        }
        switch sort {
        case .name:
            return entries.sorted(by: byName)
        case .created:
            return entries.sorted {
                $0.category.createdAt != $1.category.createdAt
                    ? $0.category.createdAt > $1.category.createdAt : $0.category.id > $1.category.id
            }
        case .usage:
            return entries.sorted {
                $0.transactionCount != $1.transactionCount ? $0.transactionCount > $1.transactionCount : byName($0, $1)
            }
        }
    }
}
