import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Foundation

/// Bringing a bank file in: choose or drop it, see what Billfold read (the format; for CSV the
/// columns, each changeable, with the first rows as they will be booked and the rows it cannot
/// read with why), choose the account, and import. The script sends the file to the native API
/// with `dryRun=true` for every change, then once without to import.
struct ImportPage: WebPage {
    let accounts: [Account]
    let currency: Currency

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("import.title"), section: .transactions, scripts: ["import.js"]).document {
            H.a(.class("back-link"), .href(WebPages.transactions.path())) { tr("import.backToTransactions") }
            H.header(.class("page-header")) {
                H.h1 { tr("import.title") }
                H.a(.class("button"), .href(WebPages.imports.path())) { tr("import.earlierImports") }
            }
            H.section(
                .class("card import-card"), .id("import"), .data("api", NativeAPI.addImport.path()),
                .data("transactions", WebPages.transactions.path()), .data("imports", WebPages.imports.path())
            ) {
                H.form(.class("edit-form import-form"), .id("import-form"), .attr("novalidate", nil)) {
                    H.label(.class("drop-zone"), .for("file"), .id("drop-zone")) {
                        H.sentence("import.chooseOrDrop", elements: ["choose": H.strong { tr("import.chooseFile") }])
                        H.small(.class("secondary")) { tr("import.fileHint") }
                        H.input(
                            .type("file"), .id("file"), .name("file"),
                            .attr("accept", ".csv,.txt,.ofx,.qfx,.qif,.xml,text/csv,application/xml"))
                    }
                    H.p(.class("file-name secondary"), .id("file-name"), .attr("aria-live", "polite")) { "" }
                    H.div(.class("form-row")) {
                        H.div(.class("field")) {
                            H.label(.for("account")) { tr("import.account") }
                            H.input(
                                .type("text"), .id("account"), .name("account"), .attr("list", "accounts"),
                                .attr("autocomplete", "off"), .attr("placeholder", tr("import.accountPlaceholder")))
                            H.el("datalist", [.id("accounts")]) {
                                for account in accounts where !account.isArchived {
                                    H.el("option", [.value(account.displayName)])
                                }
                            }
                            H.small(.class("secondary")) { tr("import.accountHelp") }
                        }
                        H.div(.class("field")) {
                            H.label(.for("currency")) { tr("import.newAccountCurrency") }
                            H.input(
                                .type("text"), .id("currency"), .name("currency"), .value(currency.code),
                                .attr("maxlength", "3"), .attr("autocapitalize", "characters"))
                        }
                        H.div(.class("field")) {
                            H.label(.for("format")) { tr("import.format") }
                            H.el("select", [.id("format"), .name("format")]) {
                                H.el("option", [.value("auto")]) { tr("import.detect") }
                                for format in BankFormat.allCases {
                                    H.el("option", [.value(format.rawValue)]) { format.label }
                                }
                            }
                        }
                    }
                    mappingFields
                }
                H.div(.class("import-result"), .id("result"), .attr("aria-live", "polite")) {}
            }
        }
    }

    /// The CSV mapping, shown once a CSV is read; the script fills the column choices.
    private var mappingFields: HTML {
        H.el("fieldset", [.class("mapping"), .id("mapping"), .hidden]) {
            H.el("legend", []) { tr("import.mapping.legend") }
            H.div(.class("mapping-grid")) {
                for (name, label) in [
                    ("date", tr("import.column.date")), ("amount", tr("import.column.amount")),
                    ("debit", tr("import.column.debit")), ("credit", tr("import.column.credit")),
                    ("direction", tr("import.column.direction")), ("payee", tr("import.column.payee")),
                    ("payer", tr("import.column.payer")), ("notes", tr("import.column.notes")),
                    ("category", tr("import.column.category")), ("currencyColumn", tr("import.column.currency")),
                    ("id", tr("import.column.bankID")),
                ] {
                    H.div(.class("field")) {
                        H.label(.for("map-\(name)")) { label }
                        H.el("select", [.id("map-\(name)"), .name(name), .class("column-choice")]) {}
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-dateFormat")) { tr("import.mapping.dateFormat") }
                    H.el("select", [.id("map-dateFormat"), .name("dateFormat")]) {
                        for order in DateOrder.allCases { H.el("option", [.value(order.rawValue)]) { order.rawValue } }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-decimal")) { tr("import.mapping.decimal") }
                    H.el("select", [.id("map-decimal"), .name("decimal")]) {
                        H.el("option", [.value(".")]) { tr("import.mapping.decimalPoint") }
                        H.el("option", [.value(",")]) { tr("import.mapping.decimalComma") }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-delimiter")) { tr("import.mapping.delimiter") }
                    H.el("select", [.id("map-delimiter"), .name("delimiter")]) {
                        for (value, label) in [
                            (",", tr("import.mapping.delimiterComma")), (";", tr("import.mapping.delimiterSemicolon")),
                            ("tab", tr("import.mapping.delimiterTab")), ("|", tr("import.mapping.delimiterBar")),
                        ] {
                            H.el("option", [.value(value)]) { label }
                        }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-encoding")) { tr("import.mapping.encoding") }
                    H.el("select", [.id("map-encoding"), .name("encoding")]) {
                        for encoding in ["utf-8", "windows-1252", "latin1", "utf-16"] {
                            H.el("option", [.value(encoding)]) { encoding }
                        }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-skipLines")) { tr("import.mapping.skipLines") }
                    H.input(
                        .type("number"), .id("map-skipLines"), .name("skipLines"), .attr("min", "0"),
                        .attr("max", "1000"))
                }
                Field.checkbox(
                    "invertAmounts", label: tr("import.mapping.invertAmounts"), checked: false, value: "true",
                    extra: [.id("map-invertAmounts")])
            }
        }
    }
}

/// Every import, newest first, with what it brought and a way to undo it.
struct ImportsPage: WebPage {
    let records: [ImportRecord]
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        Layout(context: context, title: tr("import.imports"), section: .transactions).document {
            H.a(.class("back-link"), .href(WebPages.transactions.path())) { tr("import.backToTransactions") }
            H.header(.class("page-header")) {
                H.h1 { tr("import.imports") }
                H.a(.class("button primary"), .href(WebPages.importFile.path())) { tr("import.importBankFile") }
            }
            if records.isEmpty {
                H.section(.class("card empty-state")) {
                    H.p { tr("import.noImports") }
                }
            } else {
                H.ul(.class("card import-list")) {
                    for record in records { row(record) }
                }
            }
        }
    }

    private func row(_ record: ImportRecord) -> HTML {
        H.li(.class(record.undoneAt == nil ? "import-row" : "import-row undone")) {
            H.div(.class("import-name")) {
                H.strong { record.fileName }
                H.span(.class("secondary")) {
                    "\(record.format.uppercased()) · \(format.dateTime(record.createdAt))"
                }
            }
            H.p(.class("import-counts")) { counts(record) }
            H.div(.class("import-actions")) {
                if let undone = record.undoneAt {
                    H.span(.class("secondary")) { tr("import.undoneAt", ["date": format.dateTime(undone)]) }
                } else {
                    if record.added > 0 {
                        H.a(.href(WebPages.transactions.path(query: [("import", String(record.id))]))) {
                            tr("import.itsTransactions")
                        }
                    }
                    H.a(.class("button danger"), .href(WebPages.confirmUndoImport.path(record.id))) {
                        tr("import.undo")
                    }
                }
            }
        }
    }

    private func counts(_ record: ImportRecord) -> String {
        var parts = [
            tr("import.counts.added", count: record.added), tr("import.counts.already", count: record.skipped),
        ]
        if record.pending > 0 { parts.append(tr("import.counts.pending", count: record.pending)) }
        if record.unreadable > 0 { parts.append(tr("import.counts.unreadable", count: record.unreadable)) }
        return parts.joined(separator: " · ")
    }
}

/// "Undo the import of january.csv? This removes its 312 transactions."
struct UndoImportPage: WebPage {
    let record: ImportRecord
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        let title = tr("import.undoTitle", ["name": record.fileName])
        return Layout(context: context, title: title, section: .transactions).document {
            H.a(.class("back-link"), .href(WebPages.imports.path())) { tr("import.backToImports") }
            H.section(.class("card form-card delete-card")) {
                H.h1 { title }
                H.p(.class("delete-summary")) {
                    record.added == 0
                        ? tr("import.undoNothing")
                        : tr("import.undoSummary", count: record.added)
                }
                H.form(.method("post"), .action(WebPages.undoImport.path(record.id)), .class("edit-form")) {
                    H.div(.class("form-actions")) {
                        H.el("button", [.type("submit"), .class("button danger")]) {
                            record.added == 0 ? tr("import.undo") : tr("import.removeCount", count: record.added)
                        }
                        H.a(.class("button"), .href(WebPages.imports.path())) { tr("import.keep") }
                    }
                }
            }
        }
    }
}
