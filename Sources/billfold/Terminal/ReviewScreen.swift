import BillfoldCore
import BillfoldKit

/// Draws the review deck's view model as lines of a terminal of a given size: a pure function of
/// the model, the picker (when open) and the question being asked, so every screen looks the
/// same whatever brought it about.
@MainActor
struct ReviewScreen {
    let model: ReviewViewModel
    let picker: CategoryPicker?
    /// A yes/no question at the bottom, e.g. the look-back offer.
    let question: String?
    /// How the card just decided left, in words, shown above the next card.
    var farewell: String? = nil
    let colour: Bool
    let width: Int
    let height: Int

    private func style(_ text: String, _ codes: String) -> String {
        colour ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }
    private func bold(_ text: String) -> String { style(text, "1") }
    private func dim(_ text: String) -> String { style(text, "2") }
    private func green(_ text: String) -> String { style(text, "32") }
    private func red(_ text: String) -> String { style(text, "31") }

    private func fit(_ text: String) -> String { text.fitted(to: width) }

    var lines: [String] {
        var lines: [String] = []
        let month = model.monthName
        var title = month.isEmpty ? tr("terminal.review.title") : tr("terminal.review.titleMonth", ["month": month])
        if model.screen == .swiping {
            let position = model.position
            let card = ["month": month, "position": String(position.current)]
            title =
                month.isEmpty
                ? tr("terminal.review.titleCard", count: position.total, card)
                : tr("terminal.review.titleMonthCard", count: position.total, card)
        }
        lines.append(bold(fit(title)))
        lines.append(dim(String(repeating: "─", count: min(width, 78))))
        lines += body
        // The key help sits on the last line; the body is cut to make room.
        let help = fit(keys)
        let room = max(0, height - 1)
        if lines.count > room - 1 { lines = Array(lines.prefix(max(0, room - 1))) }
        while lines.count < room { lines.append("") }
        lines.append(dim(help))
        return lines
    }

    private var body: [String] {
        switch model.screen {
        case .loading:
            return ["", tr("review.loading")]
        case .failed(let error):
            return ["", red(tr("kit.review.loadFailed")), fit(error.message)]
        case .empty:
            var lines = ["", tr("terminal.review.nothingInMonth", ["month": model.monthName])]
            if let question { lines += ["", bold(fit(question))] }
            return lines
        case .swiping:
            if let picker { return pickerLines(picker) }
            return cardLines
        case .applying, .done:
            return applyLines
        }
    }

    private var cardLines: [String] {
        guard let card = model.card else { return [] }
        let format = model.preferences.format
        let amount = format.money(card.money)
        let inner = min(width, 78) - 4
        func row(_ text: String, _ styled: (String) -> String = { $0 }) -> String {
            let cut = text.fitted(to: inner)
            return "│ " + styled(cut) + String(repeating: " ", count: max(0, inner - cut.columns)) + " │"
        }
        var lines = [
            farewell.map { dim(fit($0)) } ?? "", "┌" + String(repeating: "─", count: inner + 2) + "┐",
            row(card.payee, bold),
        ]
        // The bank's own words, where they tell this payment from others to the same payee.
        if let bank = card.bankTextBesidePayee { lines.append(row(bank, dim)) }
        lines += [
            row(amount, card.money.minorUnits < 0 ? { $0 } : green),
            row(format.booked(card) + " · " + model.accountName(of: card)),
            row(model.categoryName(of: card)),
        ]
        if let suggested = model.suggestion(for: card) {
            lines.append(row(tr("terminal.review.suggested", ["category": suggested.name]), bold))
        }
        if !card.notes.isEmpty { lines.append(row(card.notes, dim)) }
        lines.append("└" + String(repeating: "─", count: inner + 2) + "┘")
        if model.remaining > model.position.total {
            lines.append(
                dim(tr("terminal.review.deckHolds", count: model.remaining, ["total": String(model.position.total)])))
        }
        if model.resumedSteps > 0 { lines.append(fit(tr("terminal.review.resumed", count: model.resumedSteps))) }
        return lines
    }

    private func pickerLines(_ picker: CategoryPicker) -> [String] {
        let payee = model.card?.payee ?? ""
        var lines = [
            "", bold(fit(tr("terminal.picker.title", ["payee": payee]))),
            tr("terminal.picker.filter", ["filter": picker.filter + "▏"]), "",
        ]
        let all = picker.lines
        if all.isEmpty { return lines + [dim(tr("terminal.picker.noMatch", ["filter": picker.filter]))] }
        let selected = picker.selectedLine
        // Keep the selection in view when the list is longer than the screen.
        let room = max(3, height - 8)
        let start = max(0, min((selected ?? 0) - room / 2, all.count - room))
        for index in all.indices.dropFirst(start).prefix(room) {
            let line = all[index]
            let text = String(repeating: " ", count: line.indent) + line.text
            if line.choice == nil {
                lines.append(dim(fit("  " + text)))
            } else if index == selected {
                lines.append(style(fit("› " + text), "7"))
            } else {
                lines.append(fit("  " + text))
            }
        }
        return lines
    }

    private var applyLines: [String] {
        let items = model.items
        let done = items.filter { $0.progress != .pending }.count
        var lines = [""]
        if model.screen == .applying {
            lines.append(bold(tr("terminal.review.applying", count: items.count, ["done": String(done)])))
        } else {
            let failed = model.failedCount
            let queued = model.queuedCount
            let counts = [
                "applied": String(items.count - failed - queued), "queued": String(queued), "failed": String(failed),
            ]
            let summary =
                switch (queued > 0, failed > 0) {
                case (false, false): tr("terminal.review.doneAllApplied", count: items.count)
                case (true, false): tr("terminal.review.doneSomeWaiting", count: items.count, counts)
                case (false, true): tr("terminal.review.doneSomeFailed", count: items.count, counts)
                case (true, true): tr("terminal.review.doneSomeWaitingSomeFailed", count: items.count, counts)
                }
            lines.append(bold(summary))
        }
        for item in items {
            let what = ["payee": item.payee, "action": describe(item.decision)]
            switch item.progress {
            case .pending: lines.append(fit("  … " + tr("terminal.review.item", what)))
            case .applied: lines.append(fit("  " + green("✓") + " " + tr("terminal.review.item", what)))
            case .unchanged: lines.append(fit("  " + green("✓") + " " + tr("terminal.review.itemUnchanged", what)))
            case .queued: lines.append(fit("  " + dim("⧗") + " " + tr("terminal.review.itemWaiting", what)))
            case .failed(let reason):
                lines.append(
                    fit(
                        "  " + red("✗") + " "
                            + tr("terminal.review.itemFailed", what.merging(["reason": reason]) { $1 })))
            }
        }
        if items.isEmpty { lines.append(tr("terminal.review.nothingChanged")) }
        if let question { lines += ["", bold(fit(question))] }
        return lines
    }

    private func describe(_ decision: ReviewDecision) -> String {
        switch decision.action {
        case .clear: return tr("terminal.review.actionClear")
        case .recategorize(let id):
            return tr("terminal.review.actionMove", ["category": model.categories.name(of: id)])
        }
    }

    private var keys: String {
        if picker != nil { return tr("terminal.keys.picker") }
        if question != nil { return tr("terminal.keys.question") }
        switch model.screen {
        case .loading, .applying: return tr("terminal.keys.quit")
        case .failed: return tr("terminal.keys.loadFailed")
        case .empty: return tr("terminal.keys.quit")
        case .swiping: return tr("terminal.keys.swiping")
        case .done: return model.failedCount > 0 ? tr("terminal.keys.retryFailed") : tr("terminal.keys.quit")
        }
    }
}
