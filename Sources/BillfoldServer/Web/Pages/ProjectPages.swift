import BillfoldAPI
import BillfoldCore
import NIOHTTP1

/// Open and Closed project lists; a project is added only from the Open list.
struct ProjectListPage: WebPage {
    let closed: Bool
    let projects: [(project: Project, items: [Item])]
    var values = ProjectFormValues()
    var error: BillfoldError?

    func document(_ context: PageContext) -> Document {
        let title = closed ? tr("projects.closedProjects") : tr("nav.projects")
        return Layout(context: context, title: title, section: .projects)
            .document(status: error == nil ? .ok : .badRequest) {
                H.header(.class("page-header")) {
                    H.h1 { tr("nav.projects") }
                    H.a(.class("button"), .href(WebPages.awards.path())) { tr("projects.awardsLink") }
                }
                H.nav(.class("tabs"), .label(tr("projects.listsLabel"))) {
                    H.a(.href(WebPages.projects.path()), closed ? .class("tab") : .aria("current", "page")) {
                        tr("projects.openList")
                    }
                    H.a(.href(WebPages.closedProjects.path()), closed ? .aria("current", "page") : .class("tab")) {
                        tr("projects.closedList")
                    }
                }
                if !closed {
                    H.form(.method("post"), .action(WebPages.addProject.path()), .class("card inline-form add-row")) {
                        Field.input(
                            "title", label: tr("projects.newProject"), value: values.title,
                            error: error?.fields["title"],
                            extra: [
                                .attr("placeholder", tr("projects.newProjectPlaceholder")),
                                .attr("maxlength", String(ProjectRules.maxTitle)),
                            ])
                        H.button(.type("submit"), .class("button primary")) { tr("projects.addProject") }
                    }
                }
                if projects.isEmpty {
                    H.section(.class("card empty-state")) {
                        H.h2 { closed ? tr("projects.noClosed") : tr("projects.noOpen") }
                        H.p(.class("secondary")) {
                            closed
                                ? tr("projects.noClosedHint")
                                : tr("projects.noOpenHint")
                        }
                    }
                } else {
                    H.ul(.class("project-grid")) {
                        for (project, items) in projects { card(project, items) }
                    }
                }
            }
    }

    private func card(_ project: Project, _ items: [Item]) -> HTML {
        let done = items.filter(\.completed).count
        return H.li(.class("card project-card"), .attr("style", ProjectLook.style(project))) {
            H.a(.class("project-title"), .href(WebPages.project.path(project.id))) { project.title }
            if !project.detail.isEmpty { H.p(.class("secondary")) { project.detail } }
            ProjectLook.progress(project, items)
            H.p(.class("secondary")) {
                tr(
                    "projects.cardProgress",
                    [
                        "done": Words.current.number(done), "total": Words.current.number(items.count),
                        "percent": Words.current.number(ProjectLook.percent(items)),
                    ])
            }
        }
    }
}

/// What the project and item forms post.
struct ProjectFormValues: Codable, Sendable {
    var title: String = ""
    var detail: String?
    var colour: String?
    var customColour: String?
    var priority: String?
    var completed: String?

    /// The chosen swatch, or the typed colour when "Custom" is chosen.
    var chosenColour: String { colour == "custom" ? (customColour ?? "") : (colour ?? "") }
}

enum ProjectLook {
    /// The project's colour as `--tint`, for its bar and its items' status icons.
    static func style(_ project: Project) -> String {
        CategoryLook.cssColour(project.colour).map { "--tint: \($0)" } ?? ""
    }

    /// How much of a project is done, in whole percent (0 for a project without items).
    static func percent(_ items: [Item]) -> Int {
        Completion.percent(completed: items.filter(\.completed).count, of: items.count)
    }

    /// A completion bar that screen readers announce with the project's name.
    static func progress(_ project: Project, _ items: [Item]) -> HTML {
        let percent = percent(items)
        return H.div(
            .class("progress"), .attr("role", "progressbar"), .aria("valuenow", String(percent)),
            .aria("valuemin", "0"), .aria("valuemax", "100"),
            .label(tr("projects.progressLabel", ["title": project.title, "percent": String(percent)]))
        ) { H.span(.attr("style", "width: \(percent)%")) }
    }

    /// Completed, high priority or incomplete: an icon and the words a screen reader says.
    static func status(_ item: Item) -> HTML {
        let (symbol, words) =
            item.completed
            ? ("✓", tr("projects.status.completed"))
            : (item.priority == .high
                ? ("!", tr("projects.status.highNotDone")) : ("○", tr("projects.status.notDone")))
        return H.span(
            .class("status-icon " + (item.completed ? "done" : item.priority == .high ? "high" : "open")),
            .attr("role", "img"), .label(words)
        ) { symbol }
    }
}
