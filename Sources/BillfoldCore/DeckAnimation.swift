/// How a card leaves the review deck once decided (the swipe app's own list). The web draws each
/// with CSS and the page's script, a plain fade when the person asks for reduced motion; the
/// terminal deck says it in a line of text.
public enum DeckAnimation: String, Sendable, CaseIterable, Codable {
    /// Flies off to the side it was swiped to: the deck's own, and the default.
    case fly
    case crush
    case burn
    case abduction
    case holyFire = "holy-fire"
    case explode
    case floatAway = "float-away"

    /// A stored or sent name; an unknown one (from a newer version) flies.
    public init(stored text: String?) { self = text.flatMap(DeckAnimation.init(rawValue:)) ?? .fly }
}
