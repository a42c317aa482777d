import Testing

@testable import BillfoldCore

@Suite("Category rules")
struct CategoryRulesTests {
    let tree = CategoryTree([
        Category(id: 1, name: "Food", isGroup: true),
        Category(id: 2, name: "Groceries", groupID: 1),
        Category(id: 3, name: "Rent"),
        Category(id: 4, name: "Empty group", isGroup: true),
    ])

    func problem(_ draft: CategoryDraft, editing: Int64? = nil) -> [String: String] {
        do {
            _ = try draft.validated(in: tree, editing: editing)
            return [:]
        } catch {
            return error.fields
        }
    }

    @Test(
        "names are trimmed and must have 2 to 100 characters",
        arguments: [
            ("A", "A name needs at least 2 characters."),
            ("   ", "Enter a name."),
            ("", "Enter a name."),
            (String(repeating: "x", count: 101), "A name can have at most 100 characters; this one has 101."),
        ])
    func badNames(name: String, message: String) {
        #expect(problem(CategoryDraft(name: name)) == ["name": message])
    }

    @Test("2 and 100 characters are fine, counted as a person counts letters")
    func goodNames() throws {
        #expect(try CategoryDraft(name: "  Ab ").validated(in: tree).name == "Ab")
        #expect(problem(CategoryDraft(name: String(repeating: "é", count: 100))) == [:])
        #expect(problem(CategoryDraft(name: String(repeating: "👩‍👩‍👧", count: 2))) == [:])
    }

    @Test("descriptions may have 200 characters, not 201")
    func descriptions() {
        #expect(problem(CategoryDraft(name: "Books", description: String(repeating: "d", count: 200))) == [:])
        #expect(
            problem(CategoryDraft(name: "Books", description: String(repeating: "d", count: 201)))
                == ["description": "A description can have at most 200 characters; this one has 201."])
    }

    @Test("names are unique within their group, ignoring case; the same name may sit in another group")
    func uniqueness() {
        #expect(
            problem(CategoryDraft(name: "rENT"))
                == ["name": "A category named “rENT” already exists in the top level."])
        #expect(
            problem(CategoryDraft(name: " groceries ", groupID: 1))
                == ["name": "A category named “groceries” already exists in “Food”."])
        #expect(problem(CategoryDraft(name: "Groceries")) == [:])
        #expect(problem(CategoryDraft(name: "Groceries", groupID: 1), editing: 2) == [:], "keeping its own name")
    }

    @Test("a group cannot sit inside a group, and only groups hold categories")
    func nesting() {
        #expect(
            problem(CategoryDraft(name: "Snacks", groupID: 1, isGroup: true))
                == ["groupId": "A group cannot sit inside another group."])
        #expect(
            problem(CategoryDraft(name: "Food", groupID: 4), editing: 1)
                == ["groupId": "A group cannot sit inside another group."])
        #expect(
            problem(CategoryDraft(name: "Snacks", groupID: 3))
                == ["groupId": "“Rent” is a category, not a group; only groups hold categories."])
        #expect(problem(CategoryDraft(name: "Snacks", groupID: 99)) == ["groupId": "No group with the id 99 exists."])
    }

    @Test("colours come from the palette or as #RRGGBB; icons from the set")
    func colourAndIcon() throws {
        #expect(try CategoryRules.colour("Green") == "green")
        #expect(try CategoryRules.colour("#2e7d32") == "#2E7D32")
        #expect(try CategoryRules.colour("") == "")
        for bad in ["#12345", "#GGGGGG", "chartreuse", "2E7D32", "#ＡＢＣ１２３", "#０００ｆｆｆ"] {
            #expect(throws: BillfoldError.self) { try CategoryRules.colour(bad) }
        }
        #expect(try CategoryRules.icon("Cart") == "cart")
        #expect(throws: BillfoldError.self) { try CategoryRules.icon("unicorn") }
    }

    @Test("every broken rule is reported at once")
    func allAtOnce() {
        let fields = problem(
            CategoryDraft(name: "x", description: String(repeating: "d", count: 201), colour: "teal-ish"))
        #expect(Set(fields.keys) == ["name", "description", "colour"])
    }
}

@Suite("Deleting categories")
struct CategoryDeletionTests {
    let tree = CategoryTree([
        Category(id: 1, name: "Food", isGroup: true),
        Category(id: 2, name: "Groceries", groupID: 1),
        Category(id: 3, name: "Cafe", groupID: 1),
        Category(id: 4, name: "Rent"),
        Category(id: 5, name: "Empty"),
    ])
    let counts: [Int64: Int] = [2: 10, 3: 1, 4: 7]

    func code(_ deletion: CategoryDeletion) -> BillfoldError.Code? {
        do {
            _ = try deletion.plan(in: tree, transactionCounts: counts)
            return nil
        } catch { return error.code }
    }

    @Test("an unused category goes without a choice; a used one needs one")
    func inUse() throws {
        #expect(try CategoryDeletion(ids: [5]).plan(in: tree, transactionCounts: counts).deleted == [5])
        #expect(code(CategoryDeletion(ids: [4])) == .categoryInUse)
        let plan = try CategoryDeletion(ids: [4], destination: .uncategorized).plan(in: tree, transactionCounts: counts)
        #expect(plan.transactionsMoving == 7)
    }

    @Test("a group needs a choice: its children go with it, or move out")
    func groups() throws {
        #expect(code(CategoryDeletion(ids: [1])) == .groupNotEmpty)
        let withChildren = try CategoryDeletion(ids: [1], destination: .category(4))
            .plan(in: tree, transactionCounts: counts)
        #expect(Set(withChildren.deleted) == [1, 2, 3] && withChildren.transactionsMoving == 11)
        let keep = try CategoryDeletion(ids: [1], keepChildren: true).plan(in: tree, transactionCounts: counts)
        #expect(keep.deleted == [1] && Set(keep.movedOut) == [2, 3] && keep.transactionsMoving == 0)
    }

    @Test("the destination must be a surviving category of the user's, not a group")
    func destinations() {
        #expect(code(CategoryDeletion(ids: [4], destination: .category(4))) == .validationFailed)
        #expect(code(CategoryDeletion(ids: [4], destination: .category(1))) == .validationFailed)
        #expect(code(CategoryDeletion(ids: [4], destination: .category(99))) == .validationFailed)
        #expect(code(CategoryDeletion(ids: [1], destination: .category(2))) == .validationFailed, "a child going too")
        #expect(code(CategoryDeletion(ids: [42])) == .notFound)
        #expect(code(CategoryDeletion(ids: [])) == .validationFailed)
    }
}
