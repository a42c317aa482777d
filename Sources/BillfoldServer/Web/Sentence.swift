import BillfoldCore

extension H {
    /// A catalogue sentence with elements inside it: `{link}` in the text becomes the element
    /// given for it, wherever the language puts it; other placeholders are filled with text.
    /// `H.sentence("home.noAwards", elements: ["link": H.a(.href(…)) { tr("home.allAwards") }])`
    static func sentence(
        _ key: String, _ values: [String: String] = [:], count: Int? = nil, elements: [String: HTML]
    ) -> HTML {
        // Each element's place is marked by a character no catalogue text holds, then cut out.
        var marked = values
        for (offset, name) in elements.keys.sorted().enumerated() {
            marked[name] = "\u{E000}\(offset)\u{E001}"
        }
        let text = count.map { BillfoldCore.tr(key, count: $0, marked) } ?? BillfoldCore.tr(key, marked)
        let names = elements.keys.sorted()
        var nodes: [HTML] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "\u{E000}"), let close = rest[open...].firstIndex(of: "\u{E001}"),
            let offset = Int(rest[rest.index(after: open)..<close]), names.indices.contains(offset)
        {
            if open > rest.startIndex { nodes.append(.text(String(rest[..<open]))) }
            nodes.append(elements[names[offset]]!)
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { nodes.append(.text(String(rest))) }
        return .group(nodes)
    }
}
