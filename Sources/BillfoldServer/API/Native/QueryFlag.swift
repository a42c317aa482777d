import BillfoldCore

/// A yes-or-no query parameter (`dryRun=true`, `suggestions=1`): absent is no; anything but the
/// usual words for yes and no is refused, naming the parameter.
enum QueryFlag {
    static func read(_ text: String?, name: String) throws(BillfoldError) -> Bool {
        switch text?.trimmingCharacters(in: .whitespaces).lowercased() {
        case nil, "", "false", "0", "off", "no": return false
        case "true", "1", "on", "yes": return true
        default: throw BillfoldError.validation(name, Phrase("error.service.imports.notAFlag", ["name": name]))
        }
    }
}
