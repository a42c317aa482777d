import BillfoldAPI
import BillfoldCore

/// `/offline`: what the service worker shows, in the person's words, for a page never opened on
/// this device while Billfold cannot be reached; offline.js lists the pages that were.
struct OfflinePage: WebPage {
    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("offline.title")).document {
            H.header(.class("page-header")) { H.h1 { tr("offline.heading") } }
            H.section(.class("card offline-card")) {
                H.p { tr("offline.explained") }
                H.h2(.id("saved-pages-heading")) { tr("offline.savedPages") }
                H.ul(.id("saved-pages"), .class("saved-pages"), .aria("labelledby", "saved-pages-heading")) {}
                H.p(.id("no-saved-pages"), .class("secondary")) { tr("offline.noSavedPages") }
            }
        }
    }
}
