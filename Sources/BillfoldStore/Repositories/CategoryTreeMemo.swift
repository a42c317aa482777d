import BillfoldCore
import Foundation

/// The category trees already read while answering one request that only reads (GET, HEAD), by
/// person. A page reads its tree in several places (its figures, their conversion to one
/// currency, its filter's choices): Home and the Reports page read it three times. The server
/// sets one around each such request's handler (`current`); a write through `CategoryRepository`
/// forgets what it holds, and without one every read goes to the database, as every write
/// request's do.
public final class CategoryTreeMemo: @unchecked Sendable {  // Its dictionary is behind the lock.
    @TaskLocal public static var current: CategoryTreeMemo?

    private let lock = NSLock()
    private var trees: [Int64: CategoryTree] = [:]

    public init() {}

    func tree(of userID: Int64) -> CategoryTree? { lock.withLock { trees[userID] } }

    func keep(_ tree: CategoryTree, of userID: Int64) { lock.withLock { trees[userID] = tree } }

    func forget() { lock.withLock { trees.removeAll() } }
}
