import BillfoldCore
import Foundation

/// The category trees already read while answering one request that only reads (GET, HEAD), by
/// person. A page reads its tree in several places (its figures, their conversion to one
/// currency, its filter's choices): Home and the Reports page read it three times. The server
/// sets one around each such request's handler (`current`); a write through `CategoryRepository`
/// forgets what it holds, and without one every read goes to the database, as every write
/// request's do.
///
/// Given the server's `CategoryTrees` and the stamp the signed-in person's categories had at
/// sign-in, it also takes their tree from earlier requests, and leaves the one it reads there.
/// After a write it does neither: the stamp read at sign-in no longer names what it holds.
public final class CategoryTreeMemo: @unchecked Sendable {  // Its fields are behind the lock.
    @TaskLocal public static var current: CategoryTreeMemo?

    private let lock = NSLock()
    private var trees: [Int64: CategoryTree] = [:]
    private let kept: CategoryTrees?
    private let signedIn: (userID: Int64, stamp: Int64)?
    private var wrote = false

    public init(kept: CategoryTrees? = nil, signedIn: (userID: Int64, stamp: Int64)? = nil) {
        self.kept = kept
        self.signedIn = signedIn
    }

    func tree(of userID: Int64) -> CategoryTree? {
        lock.withLock {
            if let tree = trees[userID] { return tree }
            guard !wrote, let signedIn, signedIn.userID == userID else { return nil }
            return kept?.tree(of: userID, stamp: signedIn.stamp)
        }
    }

    func keep(_ tree: CategoryTree, of userID: Int64) {
        lock.withLock {
            trees[userID] = tree
            guard !wrote, let signedIn, signedIn.userID == userID else { return }
            kept?.keep(tree, of: userID, stamp: signedIn.stamp)
        }
    }

    func forget() {
        lock.withLock {
            trees.removeAll()
            wrote = true
        }
    }
}

/// People's category trees kept by the server between requests, each with the stamp their
/// categories had when it was read (M050). A tree is taken only for the stamp the person's
/// sign-in row carries in the same request, so a change made anywhere (another server sharing
/// the database, the command line) is seen at once.
public final class CategoryTrees: @unchecked Sendable {  // Its dictionary is behind the lock.
    private let lock = NSLock()
    private var trees: [Int64: (stamp: Int64, tree: CategoryTree)] = [:]
    /// Past this many people the trees are let go and kept again as people come back: a few
    /// hundred bytes a category, so at most some tens of megabytes.
    let limit: Int

    public init(limit: Int = 10_000) { self.limit = limit }

    func tree(of userID: Int64, stamp: Int64) -> CategoryTree? {
        lock.withLock {
            guard let kept = trees[userID], kept.stamp == stamp else { return nil }
            return kept.tree
        }
    }

    func keep(_ tree: CategoryTree, of userID: Int64, stamp: Int64) {
        lock.withLock {
            if trees.count >= limit && trees[userID] == nil { trees.removeAll() }
            trees[userID] = (stamp, tree)
        }
    }

    /// How many people's trees are kept (for tests).
    public var count: Int { lock.withLock { trees.count } }
}
