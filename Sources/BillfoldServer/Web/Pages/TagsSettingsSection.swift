import BillfoldAPI
import BillfoldCore

/// Settings › Tags: the person's tags, to add, rename and delete. Tagging itself happens on a
/// transaction's page; the list filters by tag.
/// The forms post to an address ending "#tags", so a refusal's page opens at this section.
struct TagsSettingsSection {
    var tags: [Tag] = []
    /// What was refused, for which tag (nil: the new tag's form), and the name as typed.
    var error: (tagID: Int64?, name: String, message: String)?

    var html: HTML {
        H.section(.class("card form-card"), .id("tags"), .label(tr("tags.title"))) {
            H.h2 { tr("tags.title") }
            H.p(.class("secondary")) { tr("tags.intro") }
            H.form(.method("post"), .action(WebPages.createTag.path() + "#tags"), .class("inline-form")) {
                Field.input(
                    "name", id: "new-tag", label: tr("tags.newTag"), value: refused(nil)?.name ?? "",
                    error: refused(nil)?.message,
                    extra: [.required, .attr("maxlength", String(TagRules.maxName))])
                H.button(.type("submit"), .class("button")) { tr("tags.add") }
            }
            if tags.isEmpty {
                H.p(.class("secondary")) { tr("tags.none") }
            } else {
                H.ul(.class("tag-settings")) { tags.map(row) }
            }
        }
    }

    private func row(_ tag: Tag) -> HTML {
        let refused = refused(tag.id)
        return H.li(.class("tag-setting")) {
            H.form(.method("post"), .action(WebPages.renameTag.path(tag.id) + "#tags"), .class("inline-form")) {
                Field.input(
                    "name", id: "tag-\(tag.id)", label: tr("tags.nameOf", ["name": tag.name]),
                    value: refused?.name ?? tag.name,
                    error: refused?.message,
                    extra: [.required, .attr("maxlength", String(TagRules.maxName))])
                H.button(.type("submit"), .class("button small")) { tr("tags.rename") }
            }
            H.form(.method("post"), .action(WebPages.deleteTag.path(tag.id) + "#tags")) {
                H.button(
                    .type("submit"), .class("button danger small"), .label(tr("tags.deleteNamed", ["name": tag.name]))
                ) {
                    tr("tags.delete")
                }
            }
        }
    }

    private func refused(_ tagID: Int64?) -> (name: String, message: String)? {
        guard let error, error.tagID == tagID else { return nil }
        return (error.name, error.message)
    }
}
