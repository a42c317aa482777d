import Foundation

/// A small typed HTML tree. Text and attribute values are escaped when rendered, so a payee named
/// `<script>` shows as text; only `raw` bypasses that, and it is used for trusted constants.
///
/// Why not Plot: Plot's typed contexts have no `<select>` children with text, `<button>`, `aria-*`
/// or `<dialog>`, which the forms here need; this is the same idea in 150 lines.
indirect enum HTML: Sendable {
    case element(String, [Attr], [HTML])
    case void(String, [Attr])
    case text(String)
    case raw(String)
    case group([HTML])

    func render(into out: inout String) {
        switch self {
        case .element(let name, let attrs, let children):
            out += "<" + name
            for attr in attrs { attr.render(into: &out) }
            out += ">"
            // Every form that changes something carries this browser's CSRF token (CrossSiteGuard).
            if name == "form", attrs.contains(where: { $0.name == "method" && $0.value?.lowercased() == "post" }),
                let token = HTML.formToken
            {
                HTML.void("input", [.type("hidden"), .name(CrossSiteGuard.field), .value(token)]).render(into: &out)
            }
            for child in children { child.render(into: &out) }
            out += "</" + name + ">"
        case .void(let name, let attrs):
            out += "<" + name
            for attr in attrs { attr.render(into: &out) }
            out += ">"
        case .text(let text): out += text.htmlEscaped
        case .raw(let html): out += html
        case .group(let nodes): for node in nodes { node.render(into: &out) }
        }
    }

    var rendered: String {
        var out = ""
        render(into: &out)
        return out
    }

    /// The CSRF token the POST forms being rendered get; `Layout` sets it from the page's context.
    @TaskLocal static var formToken: String?

    /// Rendered for a page part: its POST forms carry `formToken`.
    func rendered(formToken: String) -> String {
        HTML.$formToken.withValue(formToken) { rendered }
    }
}

/// An attribute; nil values render as bare boolean attributes (`selected`).
struct Attr: Sendable {
    let name: String
    let value: String?

    func render(into out: inout String) {
        out += " " + name
        if let value { out += "=\"" + value.htmlEscaped + "\"" }
    }

    static func `class`(_ value: String) -> Attr { Attr(name: "class", value: value) }
    static func id(_ value: String) -> Attr { Attr(name: "id", value: value) }
    static func href(_ value: String) -> Attr { Attr(name: "href", value: value) }
    static func name(_ value: String) -> Attr { Attr(name: "name", value: value) }
    static func value(_ value: String) -> Attr { Attr(name: "value", value: value) }
    static func type(_ value: String) -> Attr { Attr(name: "type", value: value) }
    static func `for`(_ value: String) -> Attr { Attr(name: "for", value: value) }
    static func action(_ value: String) -> Attr { Attr(name: "action", value: value) }
    static func method(_ value: String) -> Attr { Attr(name: "method", value: value) }
    static func label(_ value: String) -> Attr { Attr(name: "aria-label", value: value) }
    static func data(_ key: String, _ value: String) -> Attr { Attr(name: "data-" + key, value: value) }
    static func aria(_ key: String, _ value: String) -> Attr { Attr(name: "aria-" + key, value: value) }
    static func attr(_ name: String, _ value: String?) -> Attr { Attr(name: name, value: value) }
    static func flag(_ name: String) -> Attr { Attr(name: name, value: nil) }
    static let required = Attr(name: "required", value: nil)
    static let selected = Attr(name: "selected", value: nil)
    static let hidden = Attr(name: "hidden", value: nil)
}

@resultBuilder
enum HTMLBuilder {
    static func buildBlock(_ parts: [HTML]...) -> [HTML] { parts.flatMap { $0 } }
    static func buildExpression(_ node: HTML) -> [HTML] { [node] }
    static func buildExpression(_ text: String) -> [HTML] { [.text(text)] }
    static func buildExpression(_ nodes: [HTML]) -> [HTML] { nodes }
    static func buildOptional(_ nodes: [HTML]?) -> [HTML] { nodes ?? [] }
    static func buildEither(first nodes: [HTML]) -> [HTML] { nodes }
    static func buildEither(second nodes: [HTML]) -> [HTML] { nodes }
    static func buildArray(_ nodes: [[HTML]]) -> [HTML] { nodes.flatMap { $0 } }
}

/// Element constructors: `H.div(.class("card")) { H.p { "Hello" } }`.
enum H {
    static func el(_ name: String, _ attrs: [Attr], @HTMLBuilder _ content: () -> [HTML] = { [] }) -> HTML {
        .element(name, attrs, content())
    }
    static func div(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("div", attrs, c) }
    static func span(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("span", attrs, c) }
    static func p(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("p", attrs, c) }
    static func a(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("a", attrs, c) }
    static func h1(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("h1", attrs, c) }
    static func h2(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("h2", attrs, c) }
    static func h3(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("h3", attrs, c) }
    static func strong(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("strong", attrs, c)
    }
    static func small(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("small", attrs, c) }
    static func section(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("section", attrs, c)
    }
    static func header(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("header", attrs, c)
    }
    static func footer(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("footer", attrs, c)
    }
    static func nav(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("nav", attrs, c) }
    static func main(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("main", attrs, c) }
    static func ul(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("ul", attrs, c) }
    static func li(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("li", attrs, c) }
    static func dl(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("dl", attrs, c) }
    static func dt(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("dt", attrs, c) }
    static func dd(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("dd", attrs, c) }
    static func form(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("form", attrs, c) }
    static func label(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("label", attrs, c) }
    static func button(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("button", attrs, c)
    }
    static func select(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("select", attrs, c)
    }
    static func option(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("option", attrs, c)
    }
    static func optgroup(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("optgroup", attrs, c)
    }
    static func textarea(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("textarea", attrs, c)
    }
    static func time(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("time", attrs, c) }
    static func code(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("code", attrs, c) }
    static func table(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("table", attrs, c) }
    static func tr(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("tr", attrs, c) }
    static func th(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("th", attrs, c) }
    static func td(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML { el("td", attrs, c) }
    static func fieldset(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("fieldset", attrs, c)
    }
    static func legend(_ attrs: Attr..., @HTMLBuilder content c: () -> [HTML] = { [] }) -> HTML {
        el("legend", attrs, c)
    }
    static func input(_ attrs: Attr...) -> HTML { .void("input", attrs) }
    static func group(@HTMLBuilder _ c: () -> [HTML]) -> HTML { .group(c()) }

    /// Data for a page's script: `<script type="application/json" id="...">`. Every `<`, `>` and
    /// `&` is written as a JSON escape, so no text in the data (`</script>`, `<!--<script>`) can
    /// end the block or switch the HTML parser into another state; the script reads the same text.
    static func json(id: String, _ value: some Encodable) -> HTML {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return el("script", [.type("application/json"), .id(id)]) { HTML.raw(jsonForScriptBlock(text)) }
    }

    static func jsonForScriptBlock(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    var htmlEscaped: String {
        // Byte by byte: the five are ASCII, and UTF-8 never hides them inside another character.
        // (A character walk also left a quote unescaped when a combining mark followed it.)
        func special(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
        guard utf8.contains(where: special) else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            case UInt8(ascii: "\""): out += Array("&quot;".utf8)
            case UInt8(ascii: "'"): out += Array("&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
