import Foundation

/// Where a browser may be sent after signing in: only a path on this site.
///
/// Browsers are forgiving in ways an attacker relies on: `/\evil.example` and `/<TAB>/evil.example`
/// are read as `//evil.example`, a scheme-relative address on another host, and a CR or LF in a
/// `Location` header splits the response. So the rule is a whitelist, not a list of known tricks.
public enum SafeRedirect {
    /// `next` when it is a same-origin path such as `/transactions?status=uncleared#top`, otherwise nil.
    public static func localPath(_ next: String?) -> String? {
        guard let next, next.hasPrefix("/"), next.utf8.count <= 2048 else { return nil }
        // Never a second slash at the start (scheme-relative), a backslash anywhere, a control
        // character, or a space (browsers strip and fold these before parsing).
        if next.hasPrefix("//") { return nil }
        for scalar in next.unicodeScalars {
            if scalar == "\\" || scalar == " " || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format || scalar.value > 0x7E
            {
                return nil
            }
        }
        // It must also parse as a relative reference with no scheme or authority of its own.
        guard let components = URLComponents(string: next), components.scheme == nil, components.host == nil,
            components.path.hasPrefix("/"), !components.path.hasPrefix("//")
        else { return nil }
        return next
    }
}
