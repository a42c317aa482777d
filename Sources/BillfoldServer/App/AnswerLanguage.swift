import BillfoldCore
import Vapor

/// How a family of routes chooses the language it answers in, declared where the family is
/// registered, beside its error dialect (`registerRoutes`).
enum LanguageChoice: Sendable {
    /// The signed-in person's language (Settings), else what `Accept-Language` asks for: pages.
    case person
    /// What `Accept-Language` asks for, whoever signed in: the APIs, in their clients' language.
    case acceptLanguage
}

/// Puts the family's `LanguageChoice` on the request, for `Request.answerWords`.
struct AnswerLanguage: Middleware {
    let choice: LanguageChoice

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        request.storage[LanguageChoiceKey.self] = choice
        return next.respond(to: request)
    }
}

struct LanguageChoiceKey: StorageKey { typealias Value = LanguageChoice }

extension Request {
    /// The words an answer is made in (set as `Words.current` around every handler), as the
    /// route's family chose (`AnswerLanguage`); a request no family took (an unknown address) is
    /// answered as its address's family would be.
    var answerWords: Words {
        let choice =
            storage[LanguageChoiceKey.self] ?? (ErrorDialect.unrouted(url.path) == .pages ? .person : .acceptLanguage)
        switch choice {
        case .person: return words
        case .acceptLanguage: return acceptedWords
        }
    }
}
