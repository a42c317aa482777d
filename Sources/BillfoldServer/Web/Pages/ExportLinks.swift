import BillfoldAPI
import BillfoldCore
import BillfoldImport

/// Where a person takes their books out: Settings' "Your data" section, and "Export this view"
/// on the transactions list, which keeps the list's filter.
enum ExportLinks {
    static let labels: [(ExportFormat, String)] = [
        (.csv, "CSV"), (.hledger, "hledger"), (.ledger, "ledger"), (.beancount, "beancount"),
    ]

    static func path(_ format: ExportFormat, _ filter: TransactionFilter = TransactionFilter()) -> String {
        WebPages.export.path(query: [("format", format.rawValue)] + filter.queryItems)
    }

    /// The list's "Export this view" menu.
    static func menu(_ filter: TransactionFilter) -> HTML {
        H.el("details", [.class("export-menu")]) {
            H.el("summary", [.class("button")]) { filter.isEmpty ? tr("export.menu") : tr("export.thisView") }
            H.ul(.class("card export-choices")) {
                for (format, label) in labels {
                    H.li { H.a(.href(path(format, filter)), .attr("download", nil)) { label } }
                }
            }
        }
    }

    /// Settings › Your data: import and export.
    static var dataSection: HTML {
        H.section(.class("card form-card"), .label(tr("export.yourData"))) {
            H.h2 { tr("export.yourData") }
            H.p(.class("secondary")) { tr("export.yourDataIntro") }
            H.p(.class("export-links")) {
                H.a(.class("button primary"), .href(WebPages.importFile.path())) { tr("import.importBankFile") }
                H.a(.class("button"), .href(WebPages.imports.path())) { tr("import.imports") }
            }
            H.h3 { tr("export.allTransactions") }
            H.p(.class("export-links")) {
                for (format, label) in labels {
                    H.a(.class("button"), .href(path(format)), .attr("download", nil)) { label }
                }
            }
        }
    }
}
