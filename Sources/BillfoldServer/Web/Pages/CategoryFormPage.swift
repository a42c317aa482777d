import BillfoldAPI
import BillfoldCore
import Foundation
import NIOHTTP1

/// The add and edit form for a category or a group. The script checks the fields while the user
/// types with the rules `CategoryRules` gives it, and the server checks them again with the same
/// messages; a failed save comes back with everything the user typed.
struct CategoryFormPage: WebPage {
    /// The form as posted; checkboxes are present only when ticked.
    struct Values: Codable, Sendable {
        var name: String = ""
        var description: String = ""
        var groupId: String?
        var isGroup: String?
        var colour: String?
        var customColour: String?
        var icon: String?
        var isIncome: String?
        var excludeFromBudget: String?
        var excludeFromTotals: String?
        var archived: String?

        init() {}

        /// Only a colour, for other forms that offer the same swatches (projects).
        init(colourOnly colour: String) {
            let named = CategoryColour(rawValue: colour) != nil || colour.isEmpty
            self.colour = named ? colour : "custom"
            customColour = named ? nil : colour
        }

        init(_ category: Category) {
            self.init(colourOnly: category.colour)
            name = category.name
            description = category.description
            groupId = category.groupID.map(String.init)
            isGroup = category.isGroup ? "1" : nil
            icon = category.icon
            isIncome = category.flags.isIncome ? "on" : nil
            excludeFromBudget = category.flags.excludeFromBudget ? "on" : nil
            excludeFromTotals = category.flags.excludeFromTotals ? "on" : nil
            archived = category.flags.archived ? "on" : nil
        }

        var draft: CategoryDraft {
            CategoryDraft(
                name: name, description: description, groupID: groupId.flatMap { Int64($0) }, isGroup: isGroup != nil,
                colour: colour == "custom" ? (customColour ?? "") : (colour ?? ""), icon: icon ?? "",
                flags: CategoryFlags(
                    isIncome: isIncome != nil, excludeFromBudget: excludeFromBudget != nil,
                    excludeFromTotals: excludeFromTotals != nil, archived: archived != nil))
        }
    }

    let values: Values
    let tree: CategoryTree
    let format: DisplayFormat
    /// The category being edited, with its usage; nil when adding.
    var editing: CategoryUsage?
    var error: BillfoldError?

    private var isGroup: Bool { editing?.category.isGroup ?? (values.isGroup != nil) }
    private var title: String {
        if editing == nil {
            return isGroup ? tr("categories.newGroup") : tr("categories.newCategory")
        }
        return isGroup ? tr("categories.editGroup") : tr("categories.editCategory")
    }
    private var action: String {
        editing.map { WebPages.editCategory.path($0.category.id) } ?? WebPages.newCategory.path()
    }

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: title, section: .categories, scripts: ["category-form.js"])
            .document(status: error == nil ? .ok : .badRequest) {
                H.a(.class("back-link"), .href(WebPages.categories.path())) { tr("categories.backToList") }
                H.section(.class("card form-card")) {
                    H.h1 { title }
                    if let editing {
                        H.p(.class("secondary")) {
                            tr("categories.usedBy", count: editing.transactionCount)
                        }
                    }
                    if let error {
                        H.p(.class("form-error"), .attr("role", "alert"), .id("form-error")) {
                            error.fields.isEmpty ? error.message : tr("categories.correctFields")
                        }
                    }
                    form
                }
                rulesJSON
            }
    }

    private var form: HTML {
        H.form(.method("post"), .action(action), .class("edit-form category-form"), .attr("novalidate", nil)) {
            if isGroup && editing == nil { H.input(.type("hidden"), .name("isGroup"), .value("1")) }
            CountedField(
                name: "name", label: tr("categories.nameLabel"), value: values.name,
                limit: CategoryRules.nameLength.upperBound,
                error: error?.fields["name"], multiline: false
            ).html
            CountedField(
                name: "description", label: tr("categories.descriptionLabel"), value: values.description,
                limit: CategoryRules.maxDescription, error: error?.fields["description"], multiline: true
            ).html
            if !isGroup {
                Field.select(
                    "groupId", label: tr("categories.groupLabel"),
                    options: [("", tr("categories.noGroup"))] + tree.groups.map { (String($0.id), $0.name) },
                    selected: values.groupId ?? "", error: error?.fields["groupId"])
            }
            CategoryLookFields(values: values, error: error).colours
            CategoryLookFields(values: values, error: error).icons
            if isGroup, values.excludeFromBudget != nil {
                // A group's flag (from a Lunch Money import) is kept; its categories carry their own.
                HTML.void("input", [.type("hidden"), .name("excludeFromBudget"), .value("on")])
            }
            if !isGroup {
                H.fieldset(.class("field flags")) {
                    H.legend { tr("categories.options") }
                    Field.checkbox(
                        "isIncome", label: tr("categories.incomeOption"), checked: values.isIncome != nil)
                    Field.checkbox(
                        "excludeFromTotals", label: tr("categories.excludeFromTotalsOption"),
                        checked: values.excludeFromTotals != nil)
                    Field.checkbox(
                        "excludeFromBudget", label: tr("categories.excludeFromBudgetOption"),
                        checked: values.excludeFromBudget != nil)
                    Field.checkbox(
                        "archived", label: tr("categories.archivedOption"), checked: values.archived != nil
                    )
                }
            }
            H.div(.class("form-actions")) {
                H.button(.type("submit"), .class("button primary"), .id("save")) {
                    editing == nil
                        ? (isGroup ? tr("categories.createGroup") : tr("categories.createCategory"))
                        : tr("categories.saveChanges")
                }
                H.a(.class("button subtle"), .href(WebPages.categories.path())) { tr("categories.cancel") }
                if let editing {
                    H.a(
                        .class("button danger push-right"),
                        .href(WebPages.confirmDeleteCategory.path(editing.category.id))
                    ) {
                        tr("categories.deleteEllipsis")
                    }
                }
            }
        }
    }

    /// The rules and the names already taken in each group, for checking while typing.
    private var rulesJSON: HTML {
        var taken: [String: [String]] = [:]
        for category in tree.all where category.id != editing?.category.id {
            taken[category.groupID.map(String.init) ?? "", default: []].append(CategoryRules.nameKey(category.name))
        }
        var places: [String: String] = ["": CategoryRules.place(nil)]
        for group in tree.groups { places[String(group.id)] = CategoryRules.place(group) }
        let rules = FormRules(
            nameMin: CategoryRules.nameLength.lowerBound, nameMax: CategoryRules.nameLength.upperBound,
            descriptionMax: CategoryRules.maxDescription,
            messages: Dictionary(
                uniqueKeysWithValues: CategoryRules.Message.allCases.map { ($0.key, tr($0.catalogueKey)) }),
            taken: taken, places: places)
        return H.json(id: "category-rules", rules)
    }

    struct FormRules: Encodable {
        var nameMin: Int
        var nameMax: Int
        var descriptionMax: Int
        var messages: [String: String]
        var taken: [String: [String]]
        var places: [String: String]
    }
}

/// A text field with a live "12 / 100" count, linked to its error for screen readers.
struct CountedField {
    let name: String
    let label: String
    let value: String
    let limit: Int
    let error: String?
    let multiline: Bool

    var html: HTML {
        let described = [name + "-count", name + "-error"].joined(separator: " ")
        let attrs: [Attr] =
            [.id(name), .name(name), .aria("describedby", described), .data("limit", String(limit))]
            + (error == nil ? [] : [.aria("invalid", "true")])
        return H.div(.class(error == nil ? "field" : "field invalid")) {
            H.div(.class("label-row")) {
                H.label(.for(name)) { label }
                H.span(.class("counter secondary"), .id(name + "-count")) { "\(value.count) / \(limit)" }
            }
            if multiline {
                H.el("textarea", attrs + [.attr("rows", "3")]) { value }
            } else {
                HTML.void("input", attrs + [.type("text"), .value(value), .attr("autocomplete", "off")])
            }
            H.p(.class("field-error"), .id(name + "-error"), .attr("aria-live", "polite")) { error ?? "" }
        }
    }
}

/// The colour swatches and icon choices of the category form.
struct CategoryLookFields {
    let values: CategoryFormPage.Values
    let error: BillfoldError?

    var colours: HTML {
        let chosen = values.colour ?? ""
        return H.fieldset(.class(error?.fields["colour"] == nil ? "field swatches" : "field swatches invalid")) {
            H.legend { tr("categories.colourLegend") }
            H.div(.class("choice-grid")) {
                swatch("", label: tr("categories.colourDefault"), style: "", chosen: chosen)
                for colour in CategoryColour.allCases {
                    swatch(
                        colour.rawValue, label: colour.label, style: "--chip: var(--c-\(colour.rawValue))",
                        chosen: chosen)
                }
                swatch("custom", label: tr("categories.colourCustom"), style: "", chosen: chosen)
            }
            H.div(.class("custom-colour")) {
                H.label(.for("customColour")) { tr("categories.customColourLabel") }
                H.input(
                    .id("customColour"), .name("customColour"), .type("text"), .value(values.customColour ?? ""),
                    .attr("placeholder", "#2E7D32"), .attr("autocomplete", "off"), .aria("describedby", "colour-error"))
            }
            H.p(.class("field-error"), .id("colour-error"), .attr("aria-live", "polite")) {
                error?.fields["colour"] ?? ""
            }
        }
    }

    private func swatch(_ value: String, label: String, style: String, chosen: String) -> HTML {
        H.label(.class("swatch"), .attr("title", label)) {
            HTML.void(
                "input", [.type("radio"), .name("colour"), .value(value)] + (value == chosen ? [.flag("checked")] : []))
            H.span(
                .class("swatch-dot swatch-\(value.isEmpty ? "default" : value)"), .attr("style", style),
                .aria("hidden", "true"))
            H.span(.class("visually-hidden")) { label }
        }
    }

    var icons: HTML {
        let chosen = values.icon ?? ""
        return H.fieldset(.class(error?.fields["icon"] == nil ? "field icons" : "field icons invalid")) {
            H.legend { tr("categories.iconLegend") }
            H.div(.class("choice-grid")) {
                for icon in [""] + CategoryIcon.all {
                    H.label(
                        .class("icon-choice"),
                        .attr("title", icon.isEmpty ? tr("categories.iconNone") : Self.iconName(icon))
                    ) {
                        HTML.void(
                            "input",
                            [.type("radio"), .name("icon"), .value(icon)] + (icon == chosen ? [.flag("checked")] : []))
                        H.span(.class("icon-face"), .aria("hidden", "true")) {
                            if icon.isEmpty { "–" } else { CategoryLook.icon(icon) }
                        }
                        H.span(.class("visually-hidden")) {
                            icon.isEmpty ? tr("categories.noIcon") : Self.iconName(icon)
                        }
                    }
                }
            }
            if let message = error?.fields["icon"] { H.p(.class("field-error")) { message } }
        }
    }

    /// An icon's name, as its choice is titled and read out.
    static func iconName(_ icon: String) -> String {
        let key = "categories.icon.\(icon)"
        return Words.current.has(key) ? tr(key) : icon.capitalized
    }
}
