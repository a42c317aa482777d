import BillfoldCore

// The wire shapes read back into Core's values, for clients (BillfoldKit) that run Core's rules
// on what the server sent.

extension TransactionDTO {
    /// The transaction as Core knows it; throws when a field is not what the server writes.
    public func transaction() throws(BillfoldError) -> Transaction {
        let currency = try Currency(code: currency)
        var transaction = Transaction(
            id: id, accountID: accountId, bookedAt: try BookingTime(iso8601: bookedAt), payee: payee,
            originalName: originalName, notes: notes, money: try Money(parsing: amount, currency: currency),
            status: status, categoryID: categoryId, externalID: externalId,
            createdAt: Timestamp.epochSeconds(createdAt) ?? 0,
            updatedAt: Timestamp.epochSeconds(updatedAt) ?? 0)
        // A server from before category sources sends none: the category is then the person's.
        if let categorySource, categoryId != nil { transaction.categorySource = categorySource }
        return transaction
    }
}

extension CategoryDTO {
    /// The category as Core knows it (its usage numbers stay in the DTO).
    public var category: Category {
        Category(
            id: id, name: name, description: description, groupID: groupId, isGroup: isGroup, colour: colour,
            icon: icon,
            flags: CategoryFlags(
                isIncome: isIncome, excludeFromBudget: excludeFromBudget, excludeFromTotals: excludeFromTotals,
                archived: archived),
            order: order, createdAt: Timestamp.epochSeconds(createdAt) ?? 0,
            updatedAt: updatedAt.flatMap(Timestamp.epochSeconds))
    }
}

extension MeResponse {
    /// The person's preferences as Core knows them (locale, zone, currency, deck size).
    public var preferences: Preferences {
        Preferences(
            locale: locale, timeZone: timeZone, currency: (try? Currency(code: primaryCurrency)) ?? .eur,
            deckSize: deckSize, deckAnimation: DeckAnimation(stored: deckAnimation))
    }
}

extension TotalDTO {
    /// The total as Core knows it; throws when the amount or currency is not what the server writes.
    public func total() throws(BillfoldError) -> CurrencyTotal {
        let currency = try Currency(code: currency)
        return CurrencyTotal(money: try Money(parsing: amount, currency: currency), count: count)
    }
}

extension ConvertedTotalDTO {
    /// The converted total as Core knows it.
    public func total() throws(BillfoldError) -> ConvertedTotal {
        let currency = try Currency(code: currency)
        var missing: [Currency] = []
        for code in missingCurrencies { missing.append(try Currency(code: code)) }
        return ConvertedTotal(
            money: try Money(parsing: amount, currency: currency), missing: missing,
            usedEarlierRates: usedEarlierRates,
            oldestRate: try oldestRate.map { text throws(BillfoldError) in try Day(parsing: text, field: "oldestRate") }
        )
    }
}

extension AwardDTO {
    /// The award and the person's standing with it, as Core knows them.
    public var standing: AwardStanding {
        AwardStanding(
            award: Award(
                id: id, name: name, description: description, colour: colour, icon: icon, criterion: criterion,
                value: target),
            count: progress, earnedAt: earnedAt.flatMap(Timestamp.epochSeconds))
    }
}

extension ProjectDTO {
    /// The project as Core knows it (its item counts stay in the DTO).
    public var project: Project {
        Project(
            id: id, title: title, detail: detail, colour: colour, closed: closed,
            createdAt: Timestamp.epochSeconds(createdAt) ?? 0,
            updatedAt: updatedAt.flatMap(Timestamp.epochSeconds))
    }

    /// Whole percent done, by Core's rule.
    public var percentDone: Int { Completion.percent(completed: completedCount, of: itemCount) }
}

extension ItemDTO {
    /// The item as Core knows it.
    public var item: Item {
        Item(
            id: id, projectID: projectId, title: title, detail: detail, priority: priority, completed: completed,
            createdAt: Timestamp.epochSeconds(createdAt) ?? 0,
            updatedAt: updatedAt.flatMap(Timestamp.epochSeconds))
    }
}

extension SpendingDTO {
    /// The amount as Core's money; throws when it is not what the server writes.
    public func money() throws(BillfoldError) -> Money {
        try Money(parsing: amount, currency: try Currency(code: currency))
    }
}
