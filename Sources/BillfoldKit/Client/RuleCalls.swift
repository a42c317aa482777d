import BillfoldAPI
import BillfoldCore
import Foundation

/// The person's rules over `/api/v1/rules`: list, add, replace, delete, order, test against the
/// history, apply with one undo, and as a file.
extension BillfoldClient {
    /// Every rule, in the order they run, with how many transactions each matched.
    public func rules() async throws(ClientError) -> [RuleDTO] {
        try await send(NativeAPI.rules, as: RuleListResponse.self).rules
    }

    /// Adds a rule after the person's last; the rule as saved.
    public func addRule(_ rule: RuleRequest) async throws(ClientError) -> RuleDTO {
        try await send(NativeAPI.addRule, body: rule, as: RuleDTO.self)
    }

    /// Replaces a rule's name, switch, conditions and actions; its place stays.
    public func replaceRule(_ id: Int64, with rule: RuleRequest) async throws(ClientError) -> RuleDTO {
        try await send(NativeAPI.replaceRule, [id], body: rule, as: RuleDTO.self)
    }

    /// Deletes a rule; what it changed stays as it is.
    public func deleteRule(_ id: Int64) async throws(ClientError) {
        try await send(NativeAPI.deleteRule, [id], body: Optional<Empty>.none)
    }

    /// Puts the rules in this order; the rules as they now run.
    public func orderRules(_ ids: [Int64]) async throws(ClientError) -> [RuleDTO] {
        try await send(NativeAPI.orderRules, body: RuleOrderRequest(ids: ids), as: RuleListResponse.self).rules
    }

    /// What applying would change: a rule not yet saved, saved ones by id, or all that are on.
    public func previewRules(_ request: RuleRunRequest = RuleRunRequest()) async throws(ClientError)
        -> RulePreviewResponse
    {
        try await send(NativeAPI.previewRules, body: request, as: RulePreviewResponse.self)
    }

    /// Applies rules to existing transactions as one run, undone whole with `undoRuleRun`.
    public func applyRules(_ request: RuleRunRequest = RuleRunRequest()) async throws(ClientError)
        -> RuleApplyResponse
    {
        try await send(NativeAPI.applyRules, body: request, as: RuleApplyResponse.self)
    }

    /// Puts back what a run of `applyRules` changed, where nothing changed it since.
    public func undoRuleRun(_ id: Int64) async throws(ClientError) -> RuleUndoResponse {
        try await send(NativeAPI.undoRuleRun, [id], body: Optional<Empty>.none, as: RuleUndoResponse.self)
    }

    /// The rules as a file, with the names of the categories and tags they set.
    public func exportRules() async throws(ClientError) -> RulesFile {
        try await send(NativeAPI.exportRules, as: RulesFile.self)
    }

    /// Adds a file's rules after the person's own; how many.
    public func importRules(_ file: RulesFile) async throws(ClientError) -> Int {
        try await send(NativeAPI.importRules, body: file, as: RulesImportResponse.self).added
    }
}

extension BillfoldClient {
    /// The person's tags, by name.
    public func tags() async throws(ClientError) -> [TagDTO] {
        try await send(NativeAPI.tags, as: TagsDTO.self).tags
    }
}
