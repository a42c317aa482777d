import BillfoldAPI
import BillfoldCore

/// The detail page's history: each change with its old and new value, in the person's words.
extension TransactionDetailPage {
    var historySection: HTML {
        let format = rows.format
        // `#history`: where the Activity page's links land.
        return H.section(.class("card history"), .id("history"), .label(tr("transactions.history"))) {
            H.h2 { tr("transactions.history") }
            H.ul(.class("history-list")) {
                for edit in history {
                    H.li {
                        H.time(.class("secondary")) { format.dateTime(edit.changedAt) }
                        H.span { describe(edit) }
                        if let source = edit.source {
                            H.span(.class("secondary history-source")) { ChangeSourceWords.place(source) }
                        }
                    }
                }
                H.li {
                    H.time(.class("secondary")) { format.dateTime(transaction.createdAt) }
                    H.span {
                        transaction.externalID == nil
                            ? tr("transactions.history.addedByHand") : tr("transactions.history.imported")
                    }
                }
            }
        }
    }

    /// "Category: Groceries → Books", in the words the page uses elsewhere.
    func describe(_ edit: TransactionEdit) -> String {
        tr(
            "transactions.history.change",
            [
                "field": Self.label(edit.field), "old": shown(edit.field, edit.oldValue),
                "new": shown(edit.field, edit.newValue),
            ])
    }

    static func label(_ field: TransactionEdit.Field) -> String { tr("transactions.\(field.catalogueName)") }

    /// A field's name inside a sentence ("the change to category").
    static func nameInText(_ field: TransactionEdit.Field) -> String {
        tr("transactions.fieldInText.\(field.catalogueName)")
    }

    /// A field's value as history (and the sync) keeps it, in the page's words.
    func shown(_ field: TransactionEdit.Field, _ value: String?) -> String {
        switch field {
        case .category:
            guard let value else { return tr("transactions.uncategorized") }
            guard let id = Int64(value) else { return tr("transactions.history.lunchMoneyCategory") }
            // History outlives categories: an id no longer found belonged to a deleted one.
            return rows.categories.category(id)?.name ?? tr("transactions.history.deletedCategory")
        case .status: return value.flatMap(TransactionStatus.init(rawValue:))?.label ?? "—"
        case .notes, .payee:
            return value.map { tr("transactions.history.quoted", ["text": $0]) } ?? tr("transactions.history.none")
        case .amount: return value ?? "—"
        case .bookedAt:
            guard let value, let at = try? BookingTime(iso8601: value) else { return value ?? "—" }
            return rows.format.dateTime(at.epochSeconds)
        case .account:
            return value.flatMap { Int64($0) }.flatMap { rows.accounts[$0] } ?? tr("transactions.history.closedAccount")
        case .categorySource:
            return value.flatMap(CategorySource.init(rawValue:)).map(Self.name(of:)) ?? "—"
        }
    }

    /// Who set a category, in the page's words ("a rule").
    static func name(of source: CategorySource) -> String { tr("transactions.categorySource.\(source.rawValue)") }
}
