import BillfoldCore

/// How a category looks wherever it is shown: its colour as a chip, its icon as a drawing.
enum CategoryLook {
    /// The CSS value of a stored colour: palette names use the stylesheet's light and dark shades.
    static func cssColour(_ colour: String) -> String? {
        if colour.isEmpty { return nil }
        if CategoryColour(rawValue: colour) != nil { return "var(--c-\(colour))" }
        return colour
    }

    /// A small chip with the category's name, as the transaction list shows it.
    static func chip(_ category: Category) -> HTML {
        H.span(.class("chip"), .attr("style", cssColour(category.colour).map { "--chip: \($0)" } ?? "")) {
            category.name
        }
    }

    /// The category's icon on a disc of its colour; a plain disc when it has no icon.
    static func badge(_ category: Category) -> HTML {
        H.span(
            .class("category-badge"), .aria("hidden", "true"),
            .attr("style", cssColour(category.colour).map { "--chip: \($0)" } ?? "")
        ) {
            icon(category.icon.isEmpty ? (category.isGroup ? "folder" : "tag") : category.icon)
        }
    }

    static func icon(_ name: String) -> HTML {
        HTML.raw(
            "<svg class=\"icon\" viewBox=\"0 0 24 24\" width=\"18\" height=\"18\" fill=\"none\" stroke=\"currentColor\" "
                + "stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" aria-hidden=\"true\" focusable=\"false\">"
                + (drawings[name] ?? drawings["tag"]!) + "</svg>")
    }

    /// Drawn for Billfold on a 24-unit grid; `CategoryIcon.all` lists the names clients may use.
    static let drawings: [String: String] = [
        "bag": #"<path d="M6 8h12l-1 12H7z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>"#,
        "bolt": #"<path d="M13 2 4 14h7l-1 8 9-12h-7z"/>"#,
        "box": #"<path d="M3 7l9-4 9 4v10l-9 4-9-4z"/><path d="M3 7l9 4 9-4M12 11v10"/>"#,
        "calendar": #"<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>"#,
        "check": #"<circle cx="12" cy="12" r="9"/><path d="m8 12 3 3 5-6"/>"#,
        "flag": #"<path d="M5 21V4"/><path d="M5 4h12l-2 4 2 4H5"/>"#,
        "flame":
            #"<path d="M12 22c4 0 7-3 7-7 0-5-4-7-5-11-1 3-3 4-4 6-1-1-1-3-1-3-2 2-4 5-4 8 0 4 3 7 7 7z"/>"#,
        "key": #"<circle cx="8" cy="15" r="4"/><path d="M11 12l9-9M16 7l3 3M18 5l2 2"/>"#,
        "link":
            #"<path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1"/><path d="M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1"/>"#,
        "list": #"<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01"/>"#,
        "medal": #"<circle cx="12" cy="15" r="6"/><path d="M8 3l3 6M16 3l-3 6M12 12.5v5"/>"#,
        "repeat":
            #"<path d="M17 2l3 3-3 3"/><path d="M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3"/><path d="M20 13v2a4 4 0 0 1-4 4H4"/>"#,
        "rocket": #"<path d="M12 2c4 3 5 8 4 13H8C7 10 8 5 12 2z"/><path d="M8 15l-3 4h4M16 15l3 4h-4M12 8h.01"/>"#,
        "search": #"<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>"#,
        "swipe":
            #"<rect x="7" y="4" width="10" height="16" rx="2"/><path d="M21 12h-2M20 10l1.5 2-1.5 2M3 12h2M4 10l-1.5 2L4 14"/>"#,
        "trophy":
            #"<path d="M8 4h8v5a4 4 0 0 1-8 0z"/><path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6"/>"#,
        "book": #"<path d="M4 19V5a2 2 0 0 1 2-2h13v14H6a2 2 0 0 0-2 2 2 2 0 0 0 2 2h13"/>"#,
        "briefcase": #"<rect x="3" y="7" width="18" height="13" rx="2"/><path d="M8 7V5h8v2M3 13h18"/>"#,
        "bus":
            #"<rect x="5" y="3" width="14" height="15" rx="2"/><path d="M5 11h14M8 18v3M16 18v3M8.5 14.5h.01M15.5 14.5h.01"/>"#,
        "car": #"<path d="M3 17v-5l2.5-5h13l2.5 5v5z"/><path d="M3 12h18M6.5 17v2M17.5 17v2M7 14.5h.01M17 14.5h.01"/>"#,
        "card": #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 10h18M7 15h4"/>"#,
        "cart":
            #"<path d="M3 4h2l2.2 11h10.6L20 7H6"/><circle cx="9" cy="19.5" r="1.2"/><circle cx="17" cy="19.5" r="1.2"/>"#,
        "cash":
            #"<rect x="2" y="6" width="20" height="12" rx="2"/><circle cx="12" cy="12" r="3"/><path d="M6 9.5v.01M18 14.5v.01"/>"#,
        "coffee":
            #"<path d="M4 8h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M17 9h1a3 3 0 0 1 0 6h-1M8 2.5v3M12 2.5v3"/>"#,
        "film":
            #"<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M7.5 4v16M16.5 4v16M3 9h4.5M3 15h4.5M16.5 9H21M16.5 15H21"/>"#,
        "folder": #"<path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>"#,
        "food": #"<path d="M7 2v20M4 2v6a3 3 0 0 0 6 0V2M18 22V2c-2.5 1.5-4 4.5-4 9h4"/>"#,
        "gift":
            #"<rect x="3" y="8" width="18" height="4" rx="1"/><path d="M5 12v9h14v-9M12 8v13M12 8C10 4 6.5 4 6.5 6s3.5 2 5.5 2c2 0 5.5 0 5.5-2s-3.5-2-5.5 2"/>"#,
        "heart": #"<path d="M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20z"/>"#,
        "home": #"<path d="M3 11 12 3l9 8"/><path d="M5 9.5V20h14V9.5M10 20v-6h4v6"/>"#,
        "leaf": #"<path d="M5 20c-1-9 5-15 15-15 0 10-6 16-15 15z"/><path d="M5 20 13 12"/>"#,
        "medical": #"<path d="M9.5 3h5v6.5H21v5h-6.5V21h-5v-6.5H3v-5h6.5z"/>"#,
        "paw":
            #"<circle cx="8.5" cy="6.5" r="2"/><circle cx="15.5" cy="6.5" r="2"/><circle cx="4.5" cy="11.5" r="1.8"/><circle cx="19.5" cy="11.5" r="1.8"/><path d="M12 12c-3 0-6 3.8-6 6.3 0 1.8 1.8 2.4 3 1.9a8 8 0 0 1 6 0c1.2.5 3-.1 3-1.9 0-2.5-3-6.3-6-6.3z"/>"#,
        "phone": #"<rect x="7" y="2" width="10" height="20" rx="2"/><path d="M11 18h2"/>"#,
        "plane":
            #"<path d="M10.5 3.5a1.5 1.5 0 0 1 3 0V9l8 5v2l-8-2.5V19l2 1.5V22L12 21l-3.5 1v-1.5l2-1.5v-5.5l-8 2.5v-2l8-5z"/>"#,
        "school": #"<path d="M2 9l10-5 10 5-10 5z"/><path d="M6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6"/>"#,
        "star": #"<path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z"/>"#,
        "tag": #"<path d="M3 12V3h9l9 9-9 9z"/><circle cx="7.5" cy="7.5" r="1.5"/>"#,
        "tools": #"<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z"/>"#,
    ]
}
