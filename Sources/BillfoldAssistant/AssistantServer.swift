import BillfoldAPI
import BillfoldCore
import BillfoldKit
import Foundation
import Logging
import MCP

/// Billfold for an assistant: a Model Context Protocol server over a transport (standard input
/// and output for `billfold mcp`), answering with the person's Billfold through BillfoldKit.
/// A read-only token is offered the reading tools only. Every failure reaches the assistant as a
/// tool error in the person's language, never as the end of the server.
public struct AssistantServer: Sendable {
    let session: AssistantSession
    /// The person's language, for the errors the tools write.
    var words: Words { Words(locale: session.me.locale) }

    /// `me`: who the client's token signs in (`GET /api/v1/me`), with its scope.
    public init(client: BillfoldClient, me: MeResponse) {
        session = AssistantSession(client: client, me: me)
    }

    /// Every tool, reading ones first.
    static let everyTool: [AssistantTool] = [
        TransactionTools.search, TransactionTools.totals, BookTools.accounts, BookTools.categories,
        BookTools.budgets, BookTools.recurring, BookTools.review,
        WriteTools.setCategory, WriteTools.setStatus, WriteTools.makeRule,
    ]

    /// The tools this token may use.
    var tools: [AssistantTool] {
        session.me.token?.scope == .read ? Self.everyTool.filter { !$0.writes } : Self.everyTool
    }

    static let instructions = """
        Billfold is the person's own ledger of what they spend and earn. Amounts are exact decimal strings with \
        their currency (negative: money out), "shown" is how the person reads them; sums never mix currencies \
        unless "allConverted" says so. Dates are YYYY-MM-DD in the person's time zone. Lists come a page at a \
        time with the totals of the whole filter: narrow the filter rather than read every page. Name \
        categories, accounts and tags as list_categories and list_accounts write them.
        """

    /// Serves over standard input and output until the client closes them.
    public func runOnStandardIO() async throws {
        try await run(on: StdioTransport())
    }

    /// Serves until the transport closes.
    public func run(on transport: any Transport) async throws {
        let server = Server(
            name: "billfold", version: "1.0.0", title: "Billfold", instructions: Self.instructions,
            capabilities: .init(tools: .init(listChanged: false)))
        let tools = self.tools
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: tools.map(\.tool)) }
        await server.withMethodHandler(CallTool.self) { params in await self.call(params) }
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
    }

    /// Answers one call, or says in the person's words why it could not.
    func call(_ params: CallTool.Parameters) async -> CallTool.Result {
        await Words.$current.withValue(words) {
            guard let tool = tools.first(where: { $0.name == params.name }) else {
                let key =
                    Self.everyTool.contains { $0.name == params.name } ? "assistant.readOnly" : "assistant.unknownTool"
                return Self.refusal(words(key, ["name": params.name]))
            }
            do {
                let arguments = try ToolArguments(params.arguments, for: tool)
                let answer = try Self.object(Value(try await tool.answer(arguments, session.forCall())))
                let text = try Self.json(answer)
                return try .init(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: answer)
            } catch let error as BillfoldError {
                return Self.refusal(error.message(in: words))
            } catch let error as ClientError {
                return Self.refusal(error.description)
            } catch {
                return Self.refusal(words("assistant.failed", ["reason": String(describing: error)]))
            }
        }
    }

    /// Structured content is an object: a list is wrapped as `{"items": [...]}`.
    static func object(_ value: Value) -> Value {
        if case .object = value { return value }
        return .object(["items": value])
    }

    static func json(_ answer: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(answer), as: UTF8.self)
    }

    static func refusal(_ message: String) -> CallTool.Result {
        .init(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
    }
}
