import BillfoldCore

// `/api/v1/rules`: a person's rules, in their order. Conditions and actions are Core's JSON
// (`RuleCoding`): `{"field": "payee", "test": "contains", "value": "rewe"}`,
// `{"action": "setCategory", "category": 12}`.

/// A rule as its owner sees it.
public struct RuleDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var enabled: Bool
    /// Its place: lower runs first.
    public var position: Int
    public var stopsAfter: Bool
    public var overridesSource: Bool
    public var conditions: [RuleCondition]
    public var actions: [RuleAction]
    /// How many transactions it has changed so far, on the way in and applied.
    public var matchedCount: Int64

    public init(_ rule: Rule, matchedCount: Int64) {
        id = rule.id
        name = rule.name
        enabled = rule.isEnabled
        position = rule.position
        stopsAfter = rule.stopsAfter
        overridesSource = rule.overridesSource
        conditions = rule.conditions
        actions = rule.actions
        self.matchedCount = matchedCount
    }

    public var rule: Rule {
        Rule(
            id: id, name: name, isEnabled: enabled, position: position, conditions: conditions, actions: actions,
            stopsAfter: stopsAfter, overridesSource: overridesSource)
    }
}

public struct RuleListResponse: Codable, Sendable, Equatable {
    public var rules: [RuleDTO]

    public init(rules: [RuleDTO]) { self.rules = rules }
}

/// A new rule, or a rule replaced whole (`PUT`): conditions and actions are required, the rest
/// takes its default (on, no name, does not stop, leaves a source's category alone).
public struct RuleRequest: Codable, Sendable, Equatable {
    public var name: String?
    public var enabled: Bool?
    public var stopsAfter: Bool?
    public var overridesSource: Bool?
    public var conditions: [RuleCondition]
    public var actions: [RuleAction]

    public init(
        name: String? = nil, enabled: Bool? = nil, stopsAfter: Bool? = nil, overridesSource: Bool? = nil,
        conditions: [RuleCondition], actions: [RuleAction]
    ) {
        self.name = name
        self.enabled = enabled
        self.stopsAfter = stopsAfter
        self.overridesSource = overridesSource
        self.conditions = conditions
        self.actions = actions
    }

    public init(_ rule: Rule) {
        self.init(
            name: rule.name, enabled: rule.isEnabled, stopsAfter: rule.stopsAfter,
            overridesSource: rule.overridesSource, conditions: rule.conditions, actions: rule.actions)
    }

    public var rule: Rule {
        Rule(
            name: name ?? "", isEnabled: enabled ?? true, conditions: conditions, actions: actions,
            stopsAfter: stopsAfter ?? false, overridesSource: overridesSource ?? false)
    }
}

/// `POST /api/v1/rules/order`: the rules' ids in the order they are to run.
public struct RuleOrderRequest: Codable, Sendable, Equatable {
    public var ids: [Int64]

    public init(ids: [Int64]) { self.ids = ids }
}

/// `POST /api/v1/rules/preview` and `/apply`: a rule not yet saved (to test it against the
/// history), or the saved rules with these ids, or without either every saved rule that is on.
public struct RuleRunRequest: Codable, Sendable, Equatable {
    public var rule: RuleRequest?
    public var ruleIds: [Int64]?

    public init(rule: RuleRequest? = nil, ruleIds: [Int64]? = nil) {
        self.rule = rule
        self.ruleIds = ruleIds
    }
}

/// What applying rules to existing transactions would change (or changed).
public struct RulePreviewResponse: Codable, Sendable, Equatable {
    /// How many transactions change.
    public var changed: Int
    /// The first of them (newest first), before and after.
    public var transactions: [RuleChangeDTO]
    /// The money that moves between categories.
    public var moves: [RuleMoveDTO]

    public init(changed: Int, transactions: [RuleChangeDTO], moves: [RuleMoveDTO]) {
        self.changed = changed
        self.transactions = transactions
        self.moves = moves
    }
}

public struct RuleChangeDTO: Codable, Sendable, Equatable {
    public var transactionId: Int64
    /// The booking day, `YYYY-MM-DD` in the person's zone.
    public var date: String
    public var amount: String
    public var currency: String
    public var payee: String
    public var newPayee: String?
    public var categoryId: Int64?
    public var newCategoryId: Int64?
    public var tagIds: [Int64]?
    public var notes: String?
    public var status: String?
    /// The rules that matched, in order.
    public var ruleIds: [Int64]

    public init(
        transactionId: Int64, date: String, amount: String, currency: String, payee: String, newPayee: String?,
        categoryId: Int64?, newCategoryId: Int64?, tagIds: [Int64]?, notes: String?, status: String?, ruleIds: [Int64]
    ) {
        self.transactionId = transactionId
        self.date = date
        self.amount = amount
        self.currency = currency
        self.payee = payee
        self.newPayee = newPayee
        self.categoryId = categoryId
        self.newCategoryId = newCategoryId
        self.tagIds = tagIds
        self.notes = notes
        self.status = status
        self.ruleIds = ruleIds
    }
}

/// Money leaving one category (nil: uncategorised) for another, in one currency.
public struct RuleMoveDTO: Codable, Sendable, Equatable {
    public var fromCategoryId: Int64?
    public var toCategoryId: Int64?
    public var currency: String
    public var amount: String
    public var count: Int

    public init(fromCategoryId: Int64?, toCategoryId: Int64?, currency: String, amount: String, count: Int) {
        self.fromCategoryId = fromCategoryId
        self.toCategoryId = toCategoryId
        self.currency = currency
        self.amount = amount
        self.count = count
    }
}

/// The answer to applying rules: the run (nil when nothing changed), for its one Undo.
public struct RuleApplyResponse: Codable, Sendable, Equatable {
    public var runId: Int64?
    public var changed: Int

    public init(runId: Int64?, changed: Int) {
        self.runId = runId
        self.changed = changed
    }
}

public struct RuleUndoResponse: Codable, Sendable, Equatable {
    public var undone: Int

    public init(undone: Int) { self.undone = undone }
}

/// Rules as a file (`billfold rules export`, `GET /api/v1/rules/export`): each rule with the names
/// of the categories and tags it sets, so a file read on another server finds them by name.
public struct RulesFile: Codable, Sendable, Equatable {
    public var version: Int
    public var rules: [RuleRequest]
    /// Category id → name, for every category the rules set.
    public var categories: [String: String]
    /// Tag id → name, for every tag the rules add.
    public var tags: [String: String]

    public init(rules: [RuleRequest], categories: [String: String], tags: [String: String]) {
        version = 1
        self.rules = rules
        self.categories = categories
        self.tags = tags
    }
}

public struct RulesImportResponse: Codable, Sendable, Equatable {
    public var added: Int

    public init(added: Int) { self.added = added }
}
