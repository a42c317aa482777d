import BillfoldAPI
import BillfoldCore

/// The choice of how a decided card leaves the deck, as Settings and the deck both show it.
enum DeckAnimationField {
    static func select(_ chosen: DeckAnimation, error: String?) -> HTML {
        Field.select(
            "deckAnimation", label: tr("review.animation.label"),
            options: DeckAnimation.allCases.map { ($0.rawValue, name($0)) }, selected: chosen.rawValue, error: error)
    }

    static func name(_ animation: DeckAnimation) -> String { tr("review.animation.\(animation.rawValue)") }

    /// A sent name, or a clear error naming the field.
    static func parse(_ text: String) throws(BillfoldError) -> DeckAnimation {
        guard let animation = DeckAnimation(rawValue: text) else {
            throw .validation(
                "deckAnimation",
                Phrase(
                    "error.service.settings.deckAnimationUnknown",
                    ["names": DeckAnimation.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
        return animation
    }
}
