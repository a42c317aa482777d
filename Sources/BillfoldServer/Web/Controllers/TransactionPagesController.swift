import BillfoldAPI
import BillfoldCore
import BillfoldImport
import Vapor

/// The transactions pages: list, "load more" fragment, detail with editing, and the add form.
struct TransactionPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.on(WebPages.transactions, use: list)
        routes.on(WebPages.transactionRows, use: moreRows)
        routes.on(WebPages.newTransaction, use: newForm)
        routes.on(WebPages.addTransaction, use: create)
        routes.on(WebPages.transaction, use: detail)
        routes.on(WebPages.saveTransaction, use: update)
        routes.on(WebPages.syncTransaction, use: sync)
        routes.on(WebPages.changeTransactionParts, use: changeParts)
        routes.on(WebPages.confirmDeleteTransaction, use: confirmDelete)
        routes.on(WebPages.deleteTransaction, use: delete)
        routes.on(WebPages.confirmDeleteSelected, use: confirmDeleteSelected)
        routes.on(WebPages.deleteSelected, use: deleteSelected)
        routes.on(WebPages.restoreDeletion, use: restore)
        routes.on(WebPages.restoreDeletionPage, use: restorePage)
    }

    func confirmDelete(request: Request) async throws -> Response {
        let service = try request.transactionService
        let transaction = try await service.get(try request.transactionID)
        let back = Self.safeBack(try? request.query.get(String.self, at: "back"))
        return TransactionDeletePage(
            transactions: [transaction], format: try request.user.preferences.format, back: back
        )
        .response(request)
    }

    struct DeleteForm: Content {
        var back: String?
        /// The transactions chosen in the list, as `1,2,3`.
        var ids: String?
    }

    /// Several transactions chosen in the list, to confirm before they go together.
    func confirmDeleteSelected(request: Request) async throws -> Response {
        let service = try request.transactionService
        let form = try request.query.decode(DeleteForm.self)
        let transactions = try await service.get(try Self.chosenIDs(form.ids))
        return TransactionDeletePage(
            transactions: transactions, format: try request.user.preferences.format, back: Self.safeBack(form.back)
        ).response(request)
    }

    func deleteSelected(request: Request) async throws -> Response {
        let form = try request.content.decode(DeleteForm.self)
        let done = try await request.transactionService.delete(try Self.chosenIDs(form.ids))
        return request.redirect(to: Self.adding(("deleted", String(done.deletionId)), to: Self.safeBack(form.back)))
    }

    /// `1,2,3` as ids; anything else in the list is refused rather than skipped.
    static func chosenIDs(_ text: String?) throws(BillfoldError) -> [Int64] {
        let parts = (text ?? "").split(separator: ",", omittingEmptySubsequences: true)
        var ids: [Int64] = []
        for part in parts {
            guard let id = Int64(part.trimmingCharacters(in: .whitespaces)), id > 0 else {
                throw BillfoldError.validation(
                    "ids", Phrase("error.service.transactions.notATransactionID", ["text": String(part)]))
            }
            if !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty, ids.count <= TransactionService.maxDelete else {
            throw BillfoldError.validation(
                "ids",
                Phrase("error.service.transactions.chooseToDelete", ["max": String(TransactionService.maxDelete)]))
        }
        return ids
    }

    /// Deletes, then shows the list it came from with the offer to undo.
    func delete(request: Request) async throws -> Response {
        let service = try request.transactionService
        let back = Self.safeBack(try request.content.decode(DeleteForm.self).back)
        let done = try await service.delete([try request.transactionID])
        return request.redirect(to: Self.adding(("deleted", String(done.deletionId)), to: back))
    }

    /// Undoes, then shows the list the delete came from, with its filters.
    func restore(request: Request) async throws -> Response {
        let service = try request.transactionService
        let back = Self.safeBack(try request.content.decode(DeleteForm.self).back)
        let restored = try await service.restore(try request.pathID(of: .deletion))
        return request.redirect(to: Self.adding(("restored", String(restored.count)), to: back))
    }

    /// A reload of the undo's address: the list with the offer to undo, while it stands.
    func restorePage(request: Request) async throws -> Response {
        let id = try request.pathID(of: .deletion)
        guard try await request.transactionService.deletionCount(id) != nil else {
            throw BillfoldError(
                .notFound, Phrase("error.service.transactions.nothingToUndo"))
        }
        return request.redirect(to: WebPages.transactions.path(query: [("deleted", String(id))]))
    }

    /// `back` (a transactions list URL) with one more query item.
    static func adding(_ item: (String, String), to back: String) -> String {
        back + (back.contains("?") ? "&" : "?") + Endpoint.queryString([item])
    }

    /// `accounts`: the user's accounts when the caller has them already.
    private func rows(
        _ request: Request, service: TransactionService, categories: CategoryTree, listQuery: String,
        accounts: [Account]? = nil
    ) async throws -> TransactionRows {
        let names =
            if let accounts { TransactionService.names(of: accounts) } else { try await service.accountNames() }
        return TransactionRows(
            format: try request.user.preferences.format, categories: categories, accounts: names, listQuery: listQuery)
    }

    /// How a list page's rows are drawn, with the suggestions for its uncategorised ones.
    private func rows(
        _ request: Request, service: TransactionService, page: TransactionService.Page, listQuery: String,
        accounts: [Account]? = nil
    ) async throws -> TransactionRows {
        var rows = try await rows(
            request, service: service, categories: page.categories, listQuery: listQuery, accounts: accounts)
        rows.suggestions = try await request.suggestionService.suggestions(
            for: page.transactions + page.members.values.joined())
        return rows
    }

    func list(request: Request) async throws -> Response {
        let service = try request.transactionService
        let query = try request.query.decode([String: String].self)
        var notice: String?
        var filter = TransactionFilter()
        var page: TransactionService.Page
        do {
            filter = try TransactionFilter(query: query)
            page = try await service.list(
                filter, after: try TransactionCursor(parameter: query["cursor"]), limit: PageSize.default,
                foldingGroups: true)
        } catch let error as BillfoldError {
            // A bad bookmark still shows the list, with the reason, instead of a dead end.
            notice = request.words("transactions.badFilterNotice", ["reason": error.message(in: request.words)])
            filter = TransactionFilter()
            page = try await service.list(filter, after: nil, limit: PageSize.default, foldingGroups: true)
        }
        page.converted = try await request.ratesService.converted(page.query, totals: page.totals)
        let accounts = try await service.accounts()
        var view = TransactionListPage(
            filter: filter, page: page,
            rows: try await rows(
                request, service: service, page: page, listQuery: TransactionListPage.query(filter),
                accounts: accounts),
            accounts: accounts, tags: try await service.tags.all())
        // Just deleted: the offer to undo, while it stands.
        if let id = query["deleted"].flatMap({ Int64($0) }), let count = try await service.deletionCount(id) {
            view.deleted = (id, count)
        }
        if let restored = query["restored"].flatMap({ Int($0) }) {
            notice = request.words("transactions.restored", count: restored)
        }
        return view.response(request, notice: notice)
    }

    struct MoreRows: Content {
        var html: String
        /// The "Load more" link's page, and the rows after these for the script.
        var next: String?
        var nextRows: String?
    }

    /// The next page as HTML rows, rendered here so dates and amounts are formatted exactly as on
    /// the first page.
    func moreRows(request: Request) async throws -> Response {
        let service = try request.transactionService
        let query = try request.query.decode([String: String].self)
        let filter = try TransactionFilter(query: query)
        let page = try await service.list(
            filter, after: try TransactionCursor(parameter: query["cursor"]), limit: PageSize.default,
            foldingGroups: true)
        let listQuery = TransactionListPage.query(filter)
        let renderer = try await rows(request, service: service, page: page, listQuery: listQuery)
        let view = TransactionListPage(filter: filter, page: page, rows: renderer)
        // Drawn in the request's words, as the first page is.
        let html = request.drawn {
            HTML.group(renderer.rows(page.transactions, members: page.members, tags: page.tags)).rendered(
                formToken: request.csrfToken)
        }
        return try MoreRows(
            html: html,
            next: view.nextURL,
            nextRows: view.nextRowsURL
        )
        .apiResponse()
    }

    /// Retry, or the person's choice in a conflict; back to the transaction with what was done.
    func sync(request: Request) async throws -> Response {
        struct Form: Content { var action: String? }
        let transaction = try await request.transactionService.get(try request.transactionID)
        let done = try await request.lunchMoneySync.act(
            try request.content.decode(Form.self).action ?? "", on: transaction)
        return request.redirect(to: WebPages.transaction.path(transaction.id, query: [("synced", done.rawValue)]))
    }

    func detail(request: Request) async throws -> Response {
        let service = try request.transactionService
        let transaction = try await service.get(try request.transactionID)
        let notice =
            (try? request.query.get(String.self, at: "ruleMade")) != nil
            ? request.words("rules.offer.made")
            : (try? request.query.get(String.self, at: "saved")) != nil
                ? request.words("transactions.saved")
                : (try? request.query.get(String.self, at: "synced")).flatMap(LunchMoneySyncService.Done.init)?.notice(
                    in: request.words)
                    ?? (try? request.query.get(String.self, at: "done")).flatMap { Self.doneNotices[$0] }.map {
                        request.words($0)
                    }
        var page = try await detailPage(request, service: service, transaction: transaction, error: nil)
        try await page.offerDecisions(
            request, afterRecategorising: (try? request.query.get(String.self, at: "offer")) != nil,
            afterRenaming: (try? request.query.get(String.self, at: "renamed")) != nil)
        // The list's script asks for the detail alone to show it beside the list.
        if (try? request.query.get(String.self, at: "pane")) != nil {
            return request.respond(page.pane(request.pageContext(notice: notice)))
        }
        return page.response(request, notice: notice)
    }

    /// The booking fields of the form as a change: only what differs from what the form showed,
    /// so saving a note on an imported transaction does not count as correcting its amount.
    private func bookingChange(_ form: TransactionDetailPage.Values, of current: Transaction, user: User)
        throws(BillfoldError)
        -> (money: Money?, bookedAt: BookingTime?, accountID: Int64?)
    {
        var money: Money?
        if let text = form.amount {
            let currency =
                try form.currency.map { code throws(BillfoldError) in try Currency(code: code) }
                ?? current.money.currency
            let typed = try Self.typedAmount(text, currency: currency, for: user)
            if typed != current.money { money = typed }
        }
        var bookedAt: BookingTime?
        let zone = user.preferences.zone
        if let text = form.bookedAt, text != Self.localDateTime(current.bookedAt.date, in: zone) {
            bookedAt = try BookingTime(localDateTime: text, timeZone: zone)
        }
        let accountID = try Self.optionalID(form.accountId, field: "accountId")
        return (money, bookedAt, accountID == current.accountID ? nil : accountID)
    }

    func update(request: Request) async throws -> Response {
        let service = try request.transactionService
        let id = try request.transactionID
        let form = try request.content.decode(TransactionDetailPage.Values.self)
        // The tags' fields come with the form when its page showed them (`tagsShown`).
        let fields = try request.content.decode([String: String].self)
        let back = Self.safeBack(form.back)
        // Read before anything is changed: a refused save shows the transaction as it is stored.
        let current = try await service.get(id)
        do {
            let tagsBefore = Set((try await service.tags.tags(of: [id])[id] ?? []).map(\.id))
            let booking = try bookingChange(form, of: current, user: try request.user)
            let categoryID: Int64?? = try form.categoryId.map { text in
                if text.isEmpty { return nil }
                guard let id = Int64(text) else {
                    throw BillfoldError.validation("categoryId", Phrase("error.service.transactions.chooseCategory"))
                }
                return id
            }
            let change = TransactionChange(
                categoryID: categoryID,
                notes: try form.notes.map { try TransactionRules.notes($0) },
                status: try form.status.map { try TransactionStatus(parsing: $0) },
                payee: try form.payee.map { try TransactionRules.payee($0) }, money: booking.money,
                bookedAt: booking.bookedAt, accountID: booking.accountID, overridesSource: form.overrideImported != nil)
            let updated = try await service.update(current, change)
            var tagsChanged = false
            if fields["tagsShown"] != nil {
                try await saveTags(fields, on: id, service: service)
                tagsChanged = Set((try await service.tags.tags(of: [id])[id] ?? []).map(\.id)) != tagsBefore
            }
            // "Saved." only when something changed (an unchanged save comes back as it was); from
            // the pane, the pane is drawn again in place.
            // Put in another category by the person: a rule for it is offered.
            let recategorised = updated.categoryID != current.categoryID && updated.categoryID != nil
            // The payee corrected: a rule that names it so is offered.
            let renamed = updated.payee != current.payee
            let query =
                (updated != current || tagsChanged ? [("saved", "1")] : []) + [("back", back)]
                + (recategorised ? [("offer", "1")] : []) + (renamed ? [("renamed", "1")] : [])
                + (request.sentFromPane ? [("pane", "1")] : [])
            return request.redirect(to: WebPages.transaction.path(id, query: query))
        } catch let error as BillfoldError where error.code != .notFound {
            // The tags' refusals (a new tag's name, too many) are said in the tags' card.
            let aboutTags = error.fields["tags"] != nil || error.fields["name"] != nil
            var page = try await detailPage(
                request, service: service, transaction: current, error: aboutTags ? nil : error, back: back)
            page.typed = form
            if fields["tagsShown"] != nil {
                page.parts?.typedTags = (Set(Self.tickedTags(fields)), fields["newTag"] ?? "")
                if aboutTags { page.parts?.tagsError = error }
            }
            // Refused, whichever card says why: a 400, so the request's transaction writes nothing.
            let response =
                request.sentFromPane
                ? request.respond(page.pane(request.pageContext())) : page.response(request)
            response.status = .badRequest
            return response
        }
    }

    func detailPage(
        _ request: Request, service: TransactionService, transaction: Transaction, error: BillfoldError?,
        back: String? = nil, partsError: BillfoldError? = nil
    ) async throws -> TransactionDetailPage {
        let accounts = try await service.accounts()
        let renderer = try await rows(
            request, service: service, categories: try await service.categoryTree(), listQuery: "",
            accounts: accounts)
        let back = back ?? Self.safeBack(try? request.query.get(String.self, at: "back"))
        return TransactionDetailPage(
            transaction: transaction, rows: renderer,
            accountName: renderer.accounts[transaction.accountID] ?? "", back: back,
            history: try await service.history(of: transaction.id),
            lunchMoney: try await request.lunchMoneySync.state(of: transaction), error: error, accounts: accounts,
            localBookedAt: Self.localDateTime(transaction.bookedAt.date, in: try request.user.preferences.zone),
            parts: TransactionPartsSection(
                transaction: transaction, rows: renderer,
                children: try await service.children(of: [transaction])[transaction.id] ?? [],
                tags: try await service.tags.all(),
                carried: try await service.tags.tags(of: [transaction.id])[transaction.id] ?? [], error: partsError))
    }

    /// The list to return to: only a transactions list URL (or a bare query for it), never
    /// another site, and nothing a redirect's header could be split with (a line break would let
    /// a link set the victim's cookies).
    static func safeBack(_ back: String?) -> String {
        let list = WebPages.transactions.path()
        guard let back, !back.isEmpty else { return list }
        let candidate = back.hasPrefix("/") ? back : list + "?" + back.filter { $0 != "/" }
        guard let path = SafeRedirect.localPath(candidate),
            path == list || path.hasPrefix(list + "?") || path.hasPrefix(list + "/")
        else { return list }
        return path
    }

    func newForm(request: Request) async throws -> Response {
        let service = try request.transactionService
        let user = try request.user
        let now = request.now
        let values = NewTransactionPage.Values(
            bookedAt: Self.localDateTime(now, in: user.preferences.zone), payee: "", amount: "",
            currency: user.preferences.currency.code, status: TransactionStatus.uncleared.rawValue)
        return NewTransactionPage(
            values: values, categories: try await service.categoryTree(),
            accounts: try await service.accounts()
        ).response(request)
    }

    func create(request: Request) async throws -> Response {
        let service = try request.transactionService
        let user = try request.user
        let values = try request.content.decode(NewTransactionPage.Values.self)
        do {
            let currency = try Currency(code: values.currency)
            let new = try NewTransaction(
                bookedAt: BookingTime(localDateTime: values.bookedAt, timeZone: user.preferences.zone),
                payee: values.payee, notes: values.notes ?? "",
                money: Self.typedAmount(values.amount, currency: currency, for: user),
                status: try TransactionStatus(parsing: values.status ?? "uncleared"),
                categoryID: try Self.optionalID(values.categoryId, field: "categoryId")
            ).validated()
            let created = try await service.create(
                new, accountID: try Self.optionalID(values.accountId, field: "accountId"))
            return request.redirect(to: WebPages.transaction.path(created.id, query: [("saved", "1")]))
        } catch let error as BillfoldError {
            return NewTransactionPage(
                values: values, categories: try await service.categoryTree(),
                accounts: try await service.accounts(), error: error
            ).response(request)
        }
    }
}

extension TransactionListPage {
    static func query(_ filter: TransactionFilter) -> String {
        Endpoint.queryString(filter.queryItems)
    }
}
