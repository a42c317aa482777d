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
        Layout(context: context, title: "Import a bank file", section: .transactions, scripts: ["import.js"]).document {
            H.a(.class("back-link"), .href(WebPages.transactions.path())) { "← Transactions" }
            H.header(.class("page-header")) {
                H.h1 { "Import a bank file" }
                H.a(.class("button"), .href(WebPages.imports.path())) { "Earlier imports" }
            }
            H.section(
                .class("card import-card"), .id("import"), .data("api", NativeAPI.addImport.path()),
                .data("transactions", WebPages.transactions.path()), .data("imports", WebPages.imports.path())
            ) {
                H.form(.class("edit-form import-form"), .id("import-form"), .attr("novalidate", nil)) {
                    H.label(.class("drop-zone"), .for("file"), .id("drop-zone")) {
                        H.strong { "Choose a file" }
                        " or drop it here"
                        H.small(.class("secondary")) {
                            "CSV from any bank, OFX or QFX, QIF, CAMT.053 · up to 50 MB"
                        }
                        H.input(
                            .type("file"), .id("file"), .name("file"),
                            .attr("accept", ".csv,.txt,.ofx,.qfx,.qif,.xml,text/csv,application/xml"))
                    }
                    H.p(.class("file-name secondary"), .id("file-name"), .attr("aria-live", "polite")) { "" }
                    H.div(.class("form-row")) {
                        H.div(.class("field")) {
                            H.label(.for("account")) { "Account" }
                            H.input(
                                .type("text"), .id("account"), .name("account"), .attr("list", "accounts"),
                                .attr("autocomplete", "off"), .attr("placeholder", "An account's name, or a new one"))
                            H.el("datalist", [.id("accounts")]) {
                                for account in accounts where !account.isArchived {
                                    H.el("option", [.value(account.displayName)])
                                }
                            }
                            H.small(.class("secondary")) {
                                "OFX and CAMT files name their accounts; leave this empty to use theirs."
                            }
                        }
                        H.div(.class("field")) {
                            H.label(.for("currency")) { "Currency of a new account" }
                            H.input(
                                .type("text"), .id("currency"), .name("currency"), .value(currency.code),
                                .attr("maxlength", "3"), .attr("autocapitalize", "characters"))
                        }
                        H.div(.class("field")) {
                            H.label(.for("format")) { "Format" }
                            H.el("select", [.id("format"), .name("format")]) {
                                H.el("option", [.value("auto")]) { "Detect" }
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
            H.el("legend", []) { "How to read the columns" }
            H.div(.class("mapping-grid")) {
                for (name, label) in [
                    ("date", "Date"), ("amount", "Amount"), ("debit", "Money out (debit)"),
                    ("credit", "Money in (credit)"), ("payee", "Payee"), ("notes", "Notes"), ("category", "Category"),
                    ("currencyColumn", "Currency"), ("id", "Bank's id"),
                ] {
                    H.div(.class("field")) {
                        H.label(.for("map-\(name)")) { label }
                        H.el("select", [.id("map-\(name)"), .name(name), .class("column-choice")]) {}
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-dateFormat")) { "Date format" }
                    H.el("select", [.id("map-dateFormat"), .name("dateFormat")]) {
                        for order in DateOrder.allCases { H.el("option", [.value(order.rawValue)]) { order.rawValue } }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-decimal")) { "Decimal mark" }
                    H.el("select", [.id("map-decimal"), .name("decimal")]) {
                        H.el("option", [.value(".")]) { "Point (1,234.56)" }
                        H.el("option", [.value(",")]) { "Comma (1.234,56)" }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-delimiter")) { "Delimiter" }
                    H.el("select", [.id("map-delimiter"), .name("delimiter")]) {
                        for (value, label) in [(",", ", comma"), (";", "; semicolon"), ("tab", "Tab"), ("|", "| bar")] {
                            H.el("option", [.value(value)]) { label }
                        }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-encoding")) { "Encoding" }
                    H.el("select", [.id("map-encoding"), .name("encoding")]) {
                        for encoding in ["utf-8", "windows-1252", "latin1", "utf-16"] {
                            H.el("option", [.value(encoding)]) { encoding }
                        }
                    }
                }
                H.div(.class("field")) {
                    H.label(.for("map-skipLines")) { "Lines before the table" }
                    H.input(
                        .type("number"), .id("map-skipLines"), .name("skipLines"), .attr("min", "0"),
                        .attr("max", "1000"))
                }
                Field.checkbox(
                    "invertAmounts", label: "Amounts are what I owe (card statement)", checked: false, value: "true",
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
        Layout(context: context, title: "Imports", section: .transactions).document {
            H.a(.class("back-link"), .href(WebPages.transactions.path())) { "← Transactions" }
            H.header(.class("page-header")) {
                H.h1 { "Imports" }
                H.a(.class("button primary"), .href(WebPages.importFile.path())) { "Import a bank file" }
            }
            if records.isEmpty {
                H.section(.class("card empty-state")) {
                    H.p { "Nothing imported yet. Bring in your bank's CSV, OFX, QIF or CAMT.053 export." }
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
                    H.span(.class("secondary")) { "Undone \(format.dateTime(undone))" }
                } else {
                    if record.added > 0 {
                        H.a(.href(WebPages.transactions.path(query: [("import", String(record.id))]))) {
                            "Its transactions"
                        }
                    }
                    H.a(.class("button danger"), .href(WebPages.confirmUndoImport.path(record.id))) { "Undo" }
                }
            }
        }
    }

    private func counts(_ record: ImportRecord) -> String {
        var parts = ["\(format.transactions(record.added)) added", "\(record.skipped) already there"]
        if record.pending > 0 { parts.append("\(record.pending) pending left out") }
        if record.unreadable > 0 { parts.append("\(record.unreadable) unreadable left out") }
        return parts.joined(separator: " · ")
    }
}

/// "Undo the import of january.csv? This removes its 312 transactions."
struct UndoImportPage: WebPage {
    let record: ImportRecord
    let format: DisplayFormat

    func document(_ context: PageContext) -> Document {
        let title = "Undo the import of “\(record.fileName)”?"
        return Layout(context: context, title: title, section: .transactions).document {
            H.a(.class("back-link"), .href(WebPages.imports.path())) { "← Imports" }
            H.section(.class("card form-card delete-card")) {
                H.h1 { title }
                H.p(.class("delete-summary")) {
                    record.added == 0
                        ? "It added no transactions; undoing it only marks it undone."
                        : "This removes the \(format.transactions(record.added)) it added, with any change made to them since. Nothing else is touched."
                }
                H.form(.method("post"), .action(WebPages.undoImport.path(record.id)), .class("edit-form")) {
                    H.div(.class("form-actions")) {
                        H.el("button", [.type("submit"), .class("button danger")]) {
                            record.added == 0 ? "Undo" : "Remove \(format.transactions(record.added))"
                        }
                        H.a(.class("button"), .href(WebPages.imports.path())) { "Keep it" }
                    }
                }
            }
        }
    }
}
