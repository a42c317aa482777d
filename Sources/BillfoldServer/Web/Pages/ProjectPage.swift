import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// One project: its items in the chosen order, each with a tick that completes it in one click
/// (undoable), an add-item row, a separate mode to choose several items to delete, and the
/// actions on the project itself.
struct ProjectPage: WebPage {
    let project: Project
    let items: [Item]
    let sort: ItemSort
    /// The projects of the same list, shown beside this one on wide screens.
    var siblings: [Project] = []
    var values = ProjectFormValues()
    var error: BillfoldError?
    /// Choosing items to delete (`?select`): tick boxes instead of ticks.
    var selecting = false
    /// The item just ticked, and whether it is now done, to offer the Undo.
    var ticked: (item: Item, completed: Bool)?

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: project.title, section: .projects, scripts: ["projects.js"])
            .document(status: error == nil ? .ok : .badRequest) {
                H.div(.class("project-split")) {
                    aside
                    H.div(.class("project-main")) { main }
                }
            }
    }

    /// The list beside the project when there is room, as the original apps did on iPad.
    private var aside: HTML {
        let label = project.closed ? tr("projects.closedProjects") : tr("projects.openProjects")
        return H.nav(.class("project-aside card"), .label(label)) {
            H.h2 { project.closed ? tr("projects.closedList") : tr("projects.openList") }
            H.ul {
                for sibling in siblings {
                    H.li {
                        H.a(
                            .href(WebPages.project.path(sibling.id)), .attr("style", ProjectLook.style(sibling)),
                            sibling.id == project.id ? .aria("current", "page") : .class("")
                        ) { sibling.title }
                    }
                }
            }
        }
    }

    @HTMLBuilder private var main: [HTML] {
        H.a(.class("back-link"), .href(project.closed ? WebPages.closedProjects.path() : WebPages.projects.path())) {
            tr("projects.backToProjects")
        }
        H.header(.class("page-header project-header"), .attr("style", ProjectLook.style(project))) {
            H.div {
                H.h1 { project.title }
                if project.closed { H.span(.class("tag")) { tr("projects.closedTag") } }
                if !project.detail.isEmpty { H.p(.class("secondary")) { project.detail } }
            }
            H.div(.class("header-actions")) {
                H.a(.class("button"), .href(WebPages.editProject.path(project.id))) { tr("projects.edit") }
                H.form(
                    .method("post"),
                    .action((project.closed ? WebPages.reopenProject : WebPages.closeProject).path(project.id))
                ) {
                    H.button(.type("submit"), .class("button")) {
                        project.closed ? tr("projects.reopen") : tr("projects.closeProject")
                    }
                }
            }
        }
        if project.closed {
            H.p(.class("card secondary closed-note")) { tr("projects.closedNote") }
        } else {
            addForm
        }
        if let ticked {
            H.div(.class("notice undo-notice"), .attr("role", "status")) {
                H.span {
                    tr(
                        ticked.completed ? "projects.itemIsDone" : "projects.itemIsNotDone",
                        ["title": ticked.item.title])
                }
                H.button(
                    .type("submit"), .class("button"), .attr("form", "complete-form"),
                    .name(ticked.completed ? "undone" : "done"), .value(String(ticked.item.id))
                ) { tr("projects.undo") }
            }
        }
        if items.isEmpty {
            H.section(.class("card empty-state")) {
                H.h2 { tr("projects.noItems") }
                H.p(.class("secondary")) { tr("projects.noItemsHint") }
            }
        } else {
            list
        }
        // The items' ticks and the Undo send this form, each with its own item.
        H.form(.method("post"), .action(WebPages.completeItem.path(project.id)), .id("complete-form")) {}
    }

    private var list: HTML {
        H.section(.class("card list-card")) {
            H.form(.method("get"), .action(WebPages.project.path(project.id)), .class("bulk-bar sort-bar")) {
                H.label(.for("sort")) { tr("projects.sortLabel") }
                H.select(.id("sort"), .name("sort"), .data("autosubmit", "")) {
                    for option in ItemSort.allCases {
                        H.el("option", [.value(option.rawValue)] + (option == sort ? [.selected] : [])) {
                            option.label
                        }
                    }
                }
                H.button(.type("submit"), .class("button small"), .data("without-script", "")) {
                    tr("projects.sortButton")
                }
            }
            H.ul(.class("item-list"), .attr("style", ProjectLook.style(project))) {
                for item in items { row(item) }
            }
            H.div(.class("bulk-bar")) {
                if selecting {
                    H.form(.method("post"), .action(WebPages.deleteItems.path(project.id)), .id("bulk-form")) {
                        H.button(.type("submit"), .class("button danger small"), .id("bulk-delete")) {
                            tr("projects.deleteSelected")
                        }
                    }
                    H.a(.class("button small subtle"), .href(WebPages.project.path(project.id, query: sortQuery))) {
                        tr("projects.cancel")
                    }
                } else {
                    H.a(
                        .class("button small"), .id("select-items"),
                        .href(WebPages.project.path(project.id, query: sortQuery + [("select", "1")]))
                    ) { tr("projects.selectToDelete") }
                }
            }
        }
    }

    private var sortQuery: [(String, String)] { sort == .default ? [] : [("sort", sort.rawValue)] }

    /// An item: its tick (one click completes it, or makes it not done again), or while choosing
    /// items to delete a tick box for that.
    private func row(_ item: Item) -> HTML {
        H.li(
            .class(item.completed ? "item-row completed" : "item-row"), .id("item-\(item.id)"),
            .data("id", String(item.id))
        ) {
            if selecting {
                H.label(.class("select-box")) {
                    H.input(
                        .type("checkbox"), .name("ids[]"), .value(String(item.id)), .class("select"),
                        .attr("form", "bulk-form"))
                    H.span(.class("visually-hidden")) { tr("projects.selectItem", ["title": item.title]) }
                }
            } else {
                H.button(
                    .type("submit"), .class("tick"), .attr("form", "complete-form"),
                    .name(item.completed ? "undone" : "done"), .value(String(item.id)),
                    .aria("pressed", item.completed ? "true" : "false"),
                    .label(
                        tr(
                            item.completed ? "projects.tickMarkNotDone" : "projects.tickMarkDone",
                            ["title": item.title]))
                ) { ProjectLook.status(item) }
            }
            H.a(.class("item-title"), .href(WebPages.editItem.path(project.id, item.id))) { item.title }
            H.span(.class("tag priority-\(item.priority.rawValue)")) { item.priority.label }
        }
    }

    /// Adding an item, while the project is open.
    private var addForm: HTML {
        H.form(.method("post"), .action(WebPages.addItem.path(project.id)), .class("card inline-form add-row")) {
            Field.input(
                "title", label: tr("projects.newItem"), value: values.title, error: error?.fields["title"],
                extra: [
                    .attr("placeholder", tr("projects.newItemPlaceholder")),
                    .attr("maxlength", String(ProjectRules.maxTitle)),
                ])
            Field.select(
                "priority", label: tr("projects.priorityLabel"),
                options: Priority.allCases.reversed().map { ($0.rawValue, $0.label) },
                selected: values.priority ?? Priority.medium.rawValue)
            H.button(.type("submit"), .class("button primary")) { tr("projects.addItem") }
        }
    }
}

/// The edit form of a project or an item.
struct ProjectEditPage: WebPage {
    enum Kind {
        case project(Project)
        case item(Project, Item)
    }

    let kind: Kind
    let values: ProjectFormValues
    var error: BillfoldError?

    private var project: Project {
        switch kind {
        case .project(let project), .item(let project, _): project
        }
    }

    private var action: String {
        switch kind {
        case .project(let project): WebPages.editProject.path(project.id)
        case .item(let project, let item): WebPages.editItem.path(project.id, item.id)
        }
    }

    func document(_ context: PageContext) -> Document {
        let title: String
        if case .item = kind { title = tr("projects.editItemTitle") } else { title = tr("projects.editProjectTitle") }
        return Layout(context: context, title: title, section: .projects).document(
            status: error == nil ? .ok : .badRequest
        ) {
            H.a(.class("back-link"), .href(WebPages.project.path(project.id))) {
                tr("projects.backToProject", ["title": project.title])
            }
            H.section(.class("card form-card")) {
                H.h1 { title }
                if let error, error.fields.isEmpty {
                    H.p(.class("form-error"), .attr("role", "alert")) { error.message }
                }
                H.form(.method("post"), .action(action), .class("edit-form")) {
                    Field.input(
                        "title", label: tr("projects.titleLabel"), value: values.title,
                        error: error?.fields["title"],
                        extra: [.required, .attr("maxlength", String(ProjectRules.maxTitle))])
                    H.div(.class(error?.fields["detail"] == nil ? "field" : "field invalid")) {
                        H.label(.for("detail")) { tr("projects.detailLabel") }
                        H.textarea(.id("detail"), .name("detail"), .attr("rows", "4")) { values.detail ?? "" }
                        if let message = error?.fields["detail"] { H.p(.class("field-error")) { message } }
                    }
                    if case .item = kind {
                        Field.select(
                            "priority", label: tr("projects.priorityLabel"),
                            options: Priority.allCases.reversed().map { ($0.rawValue, $0.label) },
                            selected: values.priority ?? Priority.medium.rawValue)
                        Field.checkbox(
                            "completed", label: tr("projects.completedLabel"), checked: values.completed != nil)
                    } else {
                        CategoryLookFields(
                            values: CategoryFormPage.Values(colourOnly: values.chosenColour), error: error
                        ).colours
                    }
                    H.div(.class("form-actions")) {
                        H.button(.type("submit"), .class("button primary")) { tr("projects.saveChanges") }
                        H.a(.class("button subtle"), .href(WebPages.project.path(project.id))) {
                            tr("projects.cancel")
                        }
                    }
                }
            }
        }
    }
}
