import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation
import MCP

/// What an assistant may change, with a token that may write: a transaction's category or status,
/// and a rule for the transactions to come.
enum WriteTools {
    static let setCategory = AssistantTool(
        "set_transaction_category", title: "Set a transaction's category",
        description: """
            Puts a transaction in a category (by name or id, see list_categories), or takes it out of any with \
            "none". Answers the transaction as saved. Rules learn nothing from this; make a rule for what comes.
            """,
        arguments: [
            "id": Schema.whole("The transaction's id (from search_transactions).", from: 1, to: Int.max),
            "category": Schema.named("The category, by name or id; \"none\" for no category."),
        ],
        required: ["id", "category"], writes: true
    ) { arguments, session in
        let id = try arguments.id("id")
        let name = try arguments.named("category") ?? ""
        var change = UpdateTransactionRequest()
        if FilterArguments.none.contains(name.lowercased()) {
            change.categoryId = .some(nil)
        } else {
            let category = try session.category(name, among: try await session.categories())
            guard !category.isGroup else {
                throw BillfoldError.validation(
                    "category", Phrase("assistant.groupNotCategory", ["name": category.name]))
            }
            change.categoryId = .some(category.id)
        }
        return try await session.rows([try await session.client.changeTransaction(id, change)])[0]
    }

    static let setStatus = AssistantTool(
        "set_transaction_status", title: "Clear a transaction, or mark it for review",
        description: """
            Sets a transaction's status: cleared (reviewed, it leaves the review queue) or uncleared (back in the \
            review queue). Answers the transaction as saved.
            """,
        arguments: [
            "id": Schema.whole(
                "The transaction's id (from search_transactions or review_queue).", from: 1, to: Int.max),
            "status": Schema.choice(["cleared", "uncleared"], "The new status."),
        ],
        required: ["id", "status"], writes: true
    ) { arguments, session in
        let id = try arguments.id("id")
        let status = try TransactionStatus(parsing: try arguments.text("status") ?? "")
        guard status != .pending else {
            throw BillfoldError.validation("status", Phrase("assistant.clearedOrUncleared"))
        }
        var change = UpdateTransactionRequest()
        change.status = status.rawValue
        return try await session.rows([try await session.client.changeTransaction(id, change)])[0]
    }

    struct RuleAnswer: Codable, Sendable {
        var rule: RuleDTO
        /// How many existing transactions it changed, when asked to run on them.
        var changedNow: Int?
    }

    static let makeRule = AssistantTool(
        "create_rule", title: "Make a rule",
        description: """
            Makes a rule that runs on every transaction coming in (imports, Lunch Money, typed ones): when all its \
            conditions hold, its actions are done. Conditions: {field, test, value}: payee or bankText with \
            is / contains / startsWith / matches (a pattern with * and ?); notes contains; amount is, or between \
            value and to (a positive figure, either direction); direction is in / out; account is (a name); \
            currency is (a code). At least one action. applyNow also runs it on the transactions already there.
            """,
        arguments: [
            "conditions": .object([
                "type": "array", "minItems": 1,
                "items": .object([
                    "type": "object", "required": ["field", "test", "value"], "additionalProperties": false,
                    "properties": .object([
                        "field": Schema.choice(
                            ["payee", "bankText", "notes", "amount", "direction", "account", "currency"],
                            "What is tested."),
                        "test": Schema.choice(["is", "contains", "startsWith", "matches", "between"], "How."),
                        "value": Schema.text("What it is compared with."),
                        "to": Schema.text("The upper figure of amount between."),
                    ]),
                ]),
            ]),
            "category": Schema.named("Put it in this category (name or id)."),
            "renamePayee": Schema.text("Show the payee as this."),
            "tags": .object([
                "type": "array", "items": Schema.named("A tag, by name or id."), "description": "Add these tags.",
            ]),
            "appendNotes": Schema.text("Add this to the notes."),
            "markCleared": Schema.flag("Mark it cleared (reviewed)."),
            "name": Schema.text("A name for the rule."),
            "applyNow": Schema.flag("Also run it on the transactions already there (it can be undone in Billfold)."),
        ],
        required: ["conditions"], writes: true, idempotent: false
    ) { arguments, session in
        let conditions = try await RuleWords.conditions(arguments.values["conditions"], session)
        var actions: [RuleAction] = []
        if let name = try arguments.named("category") {
            actions.append(.setCategory(try session.category(name, among: try await session.categories()).id))
        }
        if let payee = try arguments.text("renamePayee") { actions.append(.renamePayee(payee)) }
        if let tags = arguments.values["tags"]?.arrayValue, !tags.isEmpty {
            let known = try await session.tags()
            var ids: [Int64] = []
            for tag in tags {
                let name = tag.intValue.map(String.init) ?? tag.stringValue ?? ""
                ids.append(try session.tag(name, among: known).id)
            }
            actions.append(.addTags(ids))
        }
        if let notes = try arguments.text("appendNotes") { actions.append(.appendNotes(notes)) }
        if try arguments.flag("markCleared") == true { actions.append(.markCleared) }
        guard !actions.isEmpty else {
            throw BillfoldError.validation("category", Phrase("assistant.ruleNeedsAction"))
        }
        let rule = try await session.client.addRule(
            RuleRequest(name: try arguments.text("name"), conditions: conditions, actions: actions))
        var changed: Int?
        if try arguments.flag("applyNow") == true {
            changed = try await session.client.applyRules(RuleRunRequest(ruleIds: [rule.id])).changed
        }
        return RuleAnswer(rule: rule, changedNow: changed)
    }
}

/// A rule's conditions as the tool takes them: Core reads each, an account by its name.
enum RuleWords {
    static func conditions(_ value: Value?, _ session: AssistantSession) async throws -> [RuleCondition] {
        guard let items = value?.arrayValue, !items.isEmpty else {
            throw BillfoldError.validation("conditions", Phrase("assistant.ruleNeedsCondition"))
        }
        var conditions: [RuleCondition] = []
        for item in items {
            let fields = item.objectValue ?? [:]
            func text(_ key: String) -> String? {
                fields[key].flatMap { $0.stringValue ?? $0.intValue.map(String.init) ?? $0.doubleValue.map { "\($0)" } }
            }
            let field = text("field") ?? ""
            var wanted = text("value") ?? ""
            if field == "account" {
                wanted = String(try session.account(wanted, among: try await session.accounts()).id)
            }
            conditions.append(
                try RuleCondition.read(field: field, test: text("test") ?? "", value: wanted, to: text("to")))
        }
        return conditions
    }
}
