/// How one field of a transaction kept in two places (Billfold and a connected Lunch Money)
/// comes together, from its value on each side and the value both last agreed on. Neither side's
/// change is ever dropped: when both changed a field differently, the person decides.
public enum FieldMerge: Equatable, Sendable {
    /// The remote side did not change it; a local change (if any) is still to be sent.
    case keepLocal
    /// Only the remote side changed it: take its value.
    case takeRemote
    /// Both changed it, to the same value.
    case agreed
    /// Both changed it, differently.
    case conflict

    public static func of(local: String?, base: String?, remote: String?) -> FieldMerge {
        if remote == base { return .keepLocal }
        if local == remote { return .agreed }
        if local == base { return .takeRemote }
        return .conflict
    }
}
