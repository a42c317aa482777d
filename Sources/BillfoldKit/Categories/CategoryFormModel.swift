import BillfoldAPI
import BillfoldCore
import Foundation
import Observation

/// The category form: checked while typing with Core's rules and messages (the same the server
/// applies, so what the form accepts the server accepts), saved through the native API, and
/// keeping what was typed when the save is refused. Saved while the server cannot be reached, the
/// category waits in the offline queue (when there is one).
@MainActor @Observable
public final class CategoryFormModel {
    /// The server the category is saved to.
    public let client: BillfoldClient
    /// The category being edited; nil for a new one.
    public let editing: Int64?
    /// The category's name; checked as it is typed.
    public var name = "" { didSet { check() } }
    /// What the category is for, as typed; checked like the name.
    public var description = "" { didSet { check() } }
    /// The group the category goes in; nil for the top level.
    public var groupID: Int64? { didSet { check() } }
    /// The category holds other categories. Only a new category can be made a group.
    public var isGroup = false { didSet { check() } }
    /// Each field at fault with its message, as the person types.
    public private(set) var problems: [String: String] = [:]
    /// A save is in flight.
    public private(set) var saving = false
    /// How the last save ended.
    public private(set) var lastSave: SaveResult?
    private var tree = CategoryTree([])
    private let sender: ChangeSender

    /// `editing` fills the form from a category to change (nil for a new one); `queue` keeps a save made while
    /// the server cannot be reached.
    public init(client: BillfoldClient, editing: Category? = nil, queue: OfflineQueue? = nil) {
        self.client = client
        self.sender = ChangeSender(client: client, queue: queue)
        self.editing = editing?.id
        if let editing {
            name = editing.name
            description = editing.description
            groupID = editing.groupID
            isGroup = editing.isGroup
        }
    }

    /// Loads the other categories, which the name must not clash with.
    public func load() async {
        if let tree = try? await client.categoryTree() { self.tree = tree }
        check()
    }

    /// Nothing is at fault and no save is in flight: the Save button can be enabled.
    public var canSave: Bool { problems.isEmpty && !saving }

    private var draft: CategoryDraft {
        CategoryDraft(name: name, description: description, groupID: groupID, isGroup: isGroup)
    }

    private func check() {
        do {
            _ = try draft.validated(in: tree, editing: editing)
            problems = [:]
        } catch {
            problems = error.fields.isEmpty ? ["name": error.message] : error.fields
        }
    }

    /// The server's refusal of the last save, if any (the fields stay as typed).
    public var refusal: ClientError? {
        if case .refused(let error) = lastSave { error } else { nil }
    }

    /// Saves; the saved category, or nil when it was queued or refused (see `lastSave`).
    public func save() async -> CategoryDTO? {
        check()
        guard problems.isEmpty else { return nil }
        saving = true
        defer { saving = false }
        let request = CategoryRequest(
            name: name, description: description, groupId: .some(groupID), isGroup: editing == nil ? isGroup : nil)
        let outcome =
            if let editing {
                await sender.send(
                    NativeAPI.changeCategory, [editing], body: request,
                    summary: tr("kit.category.changeSummary", ["name": name]),
                    as: CategoryDTO.self)
            } else {
                await sender.send(
                    NativeAPI.addCategory, body: request, summary: tr("kit.category.newSummary", ["name": name]),
                    as: CategoryDTO.self)
            }
        lastSave = outcome.result
        switch outcome {
        case .sent(let saved): return saved
        case .queued: return nil
        case .refused(let error):
            if case .validation(let fields) = error.kind, !fields.isEmpty { problems = fields }
            return nil
        }
    }
}
