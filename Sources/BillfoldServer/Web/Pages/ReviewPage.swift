import BillfoldAPI
import BillfoldCore
import Foundation

/// The review deck page. The deck itself runs in `review.js`: it loads the month's cards from
/// `WebPages.reviewCards`, lets the user swipe, then applies the decisions through the native API and
/// offers the look-back. The page carries what the script needs to draw the category picker.
struct ReviewPage: WebPage {
    let month: Month
    let monthName: String
    /// The month picker's choices, newest first, and the count over every month.
    let months: [ReviewMonthChoice]
    let total: String
    let categories: CategoryTree

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("nav.review"), section: .review, scripts: ["review.js"]).document {
            H.header(.class("page-header")) {
                H.div {
                    H.h1 { tr("nav.review") }
                    H.p(.class("secondary"), .id("deck-month")) { monthName }
                }
                H.a(.class("button"), .href(WebPages.activity.path())) { tr("activity.title") }
            }
            monthPicker(context)
            H.div(
                .id("deck"), .class("deck"), .data("month", month.description),
                .data("month-name", monthName), .data("cards", WebPages.reviewCards.path()),
                .data("batches", NativeAPI.reviewBatch.path()), .data("lookback", NativeAPI.reviewLookback.path()),
                .data("activity", WebPages.activity.path()),
                .data("awards", WebPages.reviewAwards.path()),
                .data("review", WebPages.review.path()), .data("rules", NativeAPI.addRule.path()),
                .data("animation", (context.user?.preferences.deckAnimation ?? .fly).rawValue),
                // Where the script keeps an unfinished deck's steps in this browser, per person.
                .data("drafts", "billfold-review-draft-\(context.user?.id ?? 0)"),
                .aria("live", "polite")
            ) {
                H.div(.class("card deck-state"), .id("deck-loading")) {
                    H.span(.class("spinner"), .aria("hidden", "true"))
                    tr("review.loading")
                }
                H.el("noscript", []) {
                    H.div(.class("card empty-state")) {
                        H.p {
                            H.sentence(
                                "review.needsJavaScript",
                                elements: [
                                    "link": H.a(.href(WebPages.transactions.path(query: [("status", "uncleared")]))) {
                                        tr("review.unclearedListLink")
                                    }
                                ])
                        }
                    }
                }
            }
            // After a card is recategorised: "Always put REWE in Groceries?" (the script fills it).
            H.div(.id("rule-offer"), .class("card rule-offer"), .attr("hidden", nil), .aria("live", "polite")) {}
            pickerDialog
            categoriesJSON
            H.json(id: "review-machine", ReviewDeck.machine)
        }
    }

    /// Every month with something to review, with its count; without the script it is a form.
    private func monthPicker(_ context: PageContext) -> HTML {
        H.div(.class("month-bar")) {
            H.form(.id("month-picker"), .class("month-picker"), .method("get"), .action(WebPages.review.path())) {
                H.label(.for("review-month")) { tr("review.month") }
                H.select(.id("review-month"), .name("month")) {
                    for choice in months {
                        H.el("option", [.value(choice.month)] + (choice.month == month.description ? [.selected] : []))
                        {
                            choice.label
                        }
                    }
                }
                H.button(.type("submit"), .class("button")) { tr("review.show") }
            }
            H.p(.class("secondary"), .id("review-total"), .aria("live", "polite")) { total }
            // How a decided card leaves; the script saves a change at once, without the button.
            H.form(
                .id("animation-picker"), .class("month-picker animation-picker"), .method("post"),
                .action(WebPages.saveDeckAnimation.path())
            ) {
                DeckAnimationField.select(context.user?.preferences.deckAnimation ?? .fly, error: nil)
                H.input(.type("hidden"), .name("month"), .value(month.description))
                H.button(.type("submit"), .class("button")) { tr("review.animation.save") }
            }
        }
    }

    /// The category picker: type to filter, groups as headings that cannot be chosen.
    private var pickerDialog: HTML {
        H.el("dialog", [.id("picker"), .class("picker"), .aria("labelledby", "picker-title")]) {
            H.form(.method("dialog"), .class("picker-form")) {
                H.h2(.id("picker-title")) { tr("review.picker.title") }
                H.p(.id("picker-subject"), .class("picker-subject")) {}
                H.div(.class("picker-current"), .id("picker-current")) {}
                H.div(.class("field")) {
                    H.label(.for("picker-filter"), .class("visually-hidden")) { tr("review.picker.filterLabel") }
                    H.input(
                        .id("picker-filter"), .type("search"),
                        .attr("placeholder", tr("review.picker.filterPlaceholder")),
                        .attr("autocomplete", "off"), .attr("role", "combobox"), .aria("controls", "picker-list"),
                        .aria("expanded", "true"), .aria("autocomplete", "list"))
                }
                H.ul(
                    .id("picker-list"), .class("picker-list"), .attr("role", "listbox"),
                    .label(tr("review.picker.listLabel"))
                ) {}
                H.div(.class("form-actions")) {
                    H.button(.type("button"), .class("button"), .id("picker-cancel")) { tr("review.picker.cancel") }
                }
            }
        }
    }

    private var categoriesJSON: HTML {
        struct Entry: Encodable {
            var id: Int64
            var name: String
            var groupId: Int64?
            var isGroup: Bool
            var archived: Bool
            /// A CSS colour for the chip.
            var colour: String?
        }
        let entries = categories.topLevel.flatMap { [$0] + categories.children(of: $0.id) }.map {
            Entry(
                id: $0.id, name: $0.name, groupId: $0.groupID, isGroup: $0.isGroup, archived: $0.flags.archived,
                colour: CategoryLook.cssColour($0.colour)
                    ?? $0.groupID.flatMap { categories.category($0) }
                    .flatMap { CategoryLook.cssColour($0.colour) })
        }
        return H.json(id: "review-categories", entries)
    }
}
