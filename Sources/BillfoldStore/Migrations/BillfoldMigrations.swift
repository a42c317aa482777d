import FluentKit

/// Every migration, in order. New ones go at the end, each in its own file.
public enum BillfoldMigrations {
    public static let all: [any Migration] = [
        M001CreateUsers(),
        M002CreateSessionsAndTokens(),
        M003CreateAccountsAndCategories(),
        M004CreateTransactions(),
        M005CreateTransactionTotals(),
        M006CreateTransactionChanges(),
        M007AddCategoryDetails(),
        M008CreateReviewTables(),
        M009CreateLunchMoneyConnections(),
        M010CreateProjectsAndItems(),
        M011CreateAwardsEarned(),
        M012AddSafetyTables(),
        M013AddReviewBatchLeases(),
        M014CreateIdempotentRequests(),
        M015CreateImports(),
        M016DropAccountIndex(),
        M017CreateDeletions(),
        M018AddAccountsAndTransfers(),
        M019IndexReviewDecisionsByTime(),
        M020AddLunchMoneySync(),
        M021AddSplitsGroupsTagsBudgets(),
        M022AddSourceExternalIDs(),
        M023AddTotalsByBlock(),
        M024AddTextSearch(),
        M025FollowTotalsOnce(),
        M026IndexGroupRowsAndParents(),
        M027AddPayeeTotals(),
        M028LighterWrites(),
        M029OneAccountPerName(),
        M030AccountMadeByImport(),
        M031SignInAttemptsInFlight(),
        M032AddCategorySource(),
    ]
}
