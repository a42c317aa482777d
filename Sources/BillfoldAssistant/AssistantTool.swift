import BillfoldCore
import MCP

/// One thing an assistant may ask of Billfold: its name, what it does (written for the model), the
/// JSON schema of its arguments, whether it changes anything, and how it is answered.
struct AssistantTool: Sendable {
    let name: String
    let title: String
    let description: String
    /// Each argument's JSON schema, by name.
    let arguments: [String: Value]
    let required: [String]
    /// Changes the books: offered only to a token that may write.
    let writes: Bool
    /// Calling it twice with the same arguments does no more than once.
    let idempotent: Bool
    let answer: @Sendable (ToolArguments, AssistantSession) async throws -> any Codable & Sendable

    init(
        _ name: String, title: String, description: String, arguments: [String: Value] = [:],
        required: [String] = [], writes: Bool = false, idempotent: Bool = true,
        answer: @escaping @Sendable (ToolArguments, AssistantSession) async throws -> any Codable & Sendable
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.arguments = arguments
        self.required = required
        self.writes = writes
        self.idempotent = idempotent
        self.answer = answer
    }

    /// The tool as `tools/list` describes it.
    var tool: Tool {
        Tool(
            name: name, title: title, description: description,
            inputSchema: .object([
                "type": "object", "properties": .object(arguments),
                "required": .array(required.map { .string($0) }), "additionalProperties": false,
            ]),
            annotations: .init(
                title: title, readOnlyHint: !writes, destructiveHint: false, idempotentHint: idempotent,
                openWorldHint: false))
    }
}

/// The JSON schemas the tools' arguments are written in.
enum Schema {
    static func text(_ description: String) -> Value {
        .object(["type": "string", "description": .string(description)])
    }

    static func day(_ description: String) -> Value {
        .object(["type": "string", "format": "date", "description": .string(description)])
    }

    static func flag(_ description: String) -> Value {
        .object(["type": "boolean", "description": .string(description)])
    }

    static func whole(_ description: String, from low: Int, to high: Int) -> Value {
        .object([
            "type": "integer", "minimum": .int(low), "maximum": .int(high), "description": .string(description),
        ])
    }

    static func choice(_ values: [String], _ description: String) -> Value {
        .object([
            "type": "string", "enum": .array(values.map { .string($0) }), "description": .string(description),
        ])
    }

    /// A name or an id: what a person calls a category, account or tag.
    static func named(_ description: String) -> Value {
        .object(["type": ["string", "integer"], "description": .string(description)])
    }
}

/// A call's arguments, read as the schema says or refused with a message a person can act on
/// (in their language), so a model can correct itself.
struct ToolArguments: Sendable {
    let values: [String: Value]
    let tool: String

    /// Refuses an argument the tool does not take, naming the ones it does.
    init(_ values: [String: Value]?, for tool: AssistantTool) throws(BillfoldError) {
        self.values = values ?? [:]
        self.tool = tool.name
        for name in self.values.keys.sorted() where tool.arguments[name] == nil {
            throw BillfoldError.validation(
                name,
                Phrase(
                    "assistant.unknownArgument",
                    ["name": name, "tool": tool.name, "names": tool.arguments.keys.sorted().joined(separator: ", ")]))
        }
        for name in tool.required where self.values[name] == nil || self.values[name] == .null {
            throw BillfoldError.validation(
                name, Phrase("assistant.missingArgument", ["name": name, "tool": tool.name]))
        }
    }

    /// Text, trimmed; nil when left out, null or empty.
    func text(_ name: String) throws(BillfoldError) -> String? {
        switch values[name] {
        case nil, .null: return nil
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        default: throw BillfoldError.validation(name, Phrase("assistant.notText", ["name": name]))
        }
    }

    /// A name or an id, as text.
    func named(_ name: String) throws(BillfoldError) -> String? {
        if case .int(let id) = values[name] { return String(id) }
        return try text(name)
    }

    func day(_ name: String) throws(BillfoldError) -> Day? {
        try text(name).map { text throws(BillfoldError) in try Day(parsing: text, field: name) }
    }

    func flag(_ name: String) throws(BillfoldError) -> Bool? {
        switch values[name] {
        case nil, .null: return nil
        case .bool(let flag): return flag
        default: throw BillfoldError.validation(name, Phrase("assistant.notFlag", ["name": name]))
        }
    }

    func whole(_ name: String, in range: ClosedRange<Int>) throws(BillfoldError) -> Int? {
        let number: Int?
        switch values[name] {
        case nil, .null: return nil
        case .int(let value): number = value
        case .double(let value) where value == value.rounded(): number = Int(exactly: value)
        case .string(let text): number = Int(text)
        default: number = nil
        }
        guard let number, range.contains(number) else {
            throw BillfoldError.validation(
                name,
                Phrase(
                    "assistant.notWhole",
                    ["name": name, "min": String(range.lowerBound), "max": String(range.upperBound)]))
        }
        return number
    }

    /// A transaction's id.
    func id(_ name: String) throws(BillfoldError) -> Int64 {
        guard let id = try whole(name, in: 1...Int.max) else {
            throw BillfoldError.validation(name, Phrase("assistant.missingArgument", ["name": name, "tool": tool]))
        }
        return Int64(id)
    }
}
