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
        var title = "Review" + (month.isEmpty ? "" : " · \(month)")
        if model.screen == .swiping {
            let position = model.position
            title += " · card \(position.current) of \(position.total)"
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
            return ["", "Loading your uncleared transactions…"]
        case .failed(let error):
            return ["", red("Could not load the cards."), fit(error.message)]
        case .empty:
            var lines = ["", "Nothing to review in \(model.monthName). Everything is cleared."]
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
            return "│ " + styled(cut) + String(repeating: " ", count: max(0, inner - cut.count)) + " │"
        }
        var lines = [
            "", "┌" + String(repeating: "─", count: inner + 2) + "┐",
            row(card.payee, bold),
            row(amount, card.money.minorUnits < 0 ? { $0 } : green),
            row(format.dateTime(card.bookedAt.epochSeconds) + " · " + model.accountName(of: card)),
            row(model.categoryName(of: card)),
        ]
        if !card.notes.isEmpty { lines.append(row(card.notes, dim)) }
        lines.append("└" + String(repeating: "─", count: inner + 2) + "┘")
        if model.remaining > model.position.total {
            lines.append(dim("\(model.remaining) uncleared this month; this deck holds \(model.position.total)."))
        }
        return lines
    }

    private func pickerLines(_ picker: CategoryPicker) -> [String] {
        let payee = model.card?.payee ?? ""
        var lines = ["", bold(fit("Move “\(payee)” to a category")), "Filter: " + picker.filter + "▏", ""]
        let all = picker.lines
        if all.isEmpty { return lines + [dim("No category matches “\(picker.filter)”.")] }
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
            lines.append(bold("Applying \(done) of \(items.count)…"))
        } else {
            let failed = model.failedCount
            let queued = model.queuedCount
            var summary =
                failed == 0 && queued == 0
                ? "Done: \(items.count) applied."
                : "\(items.count - failed - queued) of \(items.count) applied"
            if queued > 0 { summary += ", \(queued) waiting until the server can be reached" }
            if failed > 0 { summary += ", \(failed) failed" }
            lines.append(bold(summary + (summary.hasSuffix(".") ? "" : ".")))
        }
        for item in items {
            let what = describe(item.decision)
            switch item.progress {
            case .pending: lines.append(fit("  … \(item.payee) — \(what)"))
            case .applied: lines.append(fit("  " + green("✓") + " \(item.payee) — \(what)"))
            case .unchanged: lines.append(fit("  " + green("✓") + " \(item.payee) — already so"))
            case .queued: lines.append(fit("  " + dim("⧗") + " \(item.payee) — \(what): waiting to be sent"))
            case .failed(let reason): lines.append(fit("  " + red("✗") + " \(item.payee) — \(what): \(reason)"))
            }
        }
        if items.isEmpty { lines.append("Nothing was changed.") }
        if let question { lines += ["", bold(fit(question))] }
        return lines
    }

    private func describe(_ decision: ReviewDecision) -> String {
        switch decision.action {
        case .clear: return "clear"
        case .recategorize(let id):
            return "move to \(model.categories.name(of: id)) and clear"
        }
    }

    private var keys: String {
        if picker != nil { return "type to filter  ↑/↓ choose  Enter move  Esc back to the card" }
        if question != nil { return "y yes  n no  q quit" }
        switch model.screen {
        case .loading, .applying: return "q quit"
        case .failed: return "r try again  q quit"
        case .empty: return "q quit"
        case .swiping: return "→ clear  ← move to a category  s skip  u undo  q quit"
        case .done: return model.failedCount > 0 ? "r retry failed  q quit" : "q quit"
        }
    }
}
