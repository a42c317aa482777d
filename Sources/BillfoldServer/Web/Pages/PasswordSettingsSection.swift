import BillfoldAPI
import BillfoldCore

/// Settings › Password and sign-ins: change the password (which signs out every other browser,
/// and, when the box is ticked, revokes the access tokens) and sign out the other browsers without changing it. The forms post to an address ending
/// "#password", so a refusal's page opens at this section.
struct PasswordSettingsSection {
    /// Browsers and devices signed in as the person, besides this one.
    var otherSessions = 0
    /// What was wrong with the password form, in its fields ("currentPassword", "newPassword",
    /// "newPasswordAgain"). The passwords typed are never sent back.
    var error: BillfoldError?
    /// The box to revoke the access tokens, as the person left it (after a refusal).
    var revokeTokens = false

    var html: HTML {
        H.section(.class("card form-card"), .id("password"), .label(tr("settings.password.title"))) {
            H.h2 { tr("settings.password.title") }
            H.p(.class("secondary")) { tr("settings.password.explained") }
            H.form(.method("post"), .action(WebPages.changePassword.path() + "#password"), .class("edit-form")) {
                Field.input(
                    "currentPassword", label: tr("settings.password.current"), type: "password",
                    error: error?.fields["currentPassword"],
                    extra: [.required, .attr("autocomplete", "current-password")])
                newPasswordField("newPassword", label: tr("settings.password.new"))
                newPasswordField("newPasswordAgain", label: tr("settings.password.again"))
                Field.checkbox("revokeTokens", label: tr("settings.password.revokeTokens"), checked: revokeTokens)
                H.button(.type("submit"), .class("button primary")) { tr("settings.password.change") }
            }
            H.h3 { tr("settings.sessions.title") }
            if otherSessions == 0 {
                H.p(.class("secondary"), .id("other-sessions")) { tr("settings.sessions.onlyThis") }
            } else {
                H.p(.id("other-sessions")) { tr("settings.sessions.others", count: otherSessions) }
                H.form(.method("post"), .action(WebPages.endOtherSessions.path() + "#password")) {
                    H.button(.type("submit"), .class("button danger")) { tr("settings.sessions.endOthers") }
                }
            }
        }
    }

    /// A field for the new password: the browser may suggest one and knows how short it may be.
    private func newPasswordField(_ name: String, label: String) -> HTML {
        Field.input(
            name, label: label, type: "password", error: error?.fields[name],
            extra: [
                .required, .attr("autocomplete", "new-password"),
                .attr("minlength", String(AccountService.minimumPasswordLength)),
            ])
    }
}
