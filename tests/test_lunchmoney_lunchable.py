"""Billfold's Lunch Money v1-compatible API driven by the real `lunchable` client from PyPI, on
SQLite and on PostgreSQL. Every answer goes through lunchable's pydantic models, so a missing
field or a wrong JSON type fails here as it would for its users."""
import datetime

import pytest
from lunchable import LunchMoney, TransactionInsertObject, TransactionUpdateObject
from lunchable.models.transactions import TransactionSplitObject
from lunchable._config import APIConfig
from lunchable.exceptions import LunchMoneyHTTPError

from conftest import new_person

START = datetime.date(2026, 3, 1)
END = datetime.date(2026, 3, 31)


@pytest.fixture()
def lunch(server, monkeypatch):
    """A client for a fresh account on the running server, with groups, categories and a month
    of transactions (one more than a page of five)."""
    monkeypatch.setattr(APIConfig, "LUNCHMONEY_SCHEME", "http")
    monkeypatch.setattr(APIConfig, "LUNCHMONEY_NETLOC", server.url.removeprefix("http://"))
    _, token = new_person(server, "lm", "Lou")
    client = LunchMoney(access_token=token)
    food = client.insert_category_group(name="Food")
    client.food = food
    client.groceries = client.insert_category(name="Groceries", group_id=food)
    client.rent = client.insert_category(name="Rent", description="Flat")
    rows = [TransactionInsertObject(date=START + datetime.timedelta(days=day), amount=f"{day + 1}.25",
                                    payee=f"Shop {day}", currency="eur", category_id=client.groceries,
                                    status="uncleared" if day % 2 else "cleared")
            for day in range(6)]
    client.ids = client.insert_transactions(rows)
    return client


def test_user_and_categories_flattened_and_nested(lunch):
    assert lunch.get_user().user_name == "Lou"
    flat = lunch.get_categories()
    assert [c.name for c in flat] == ["Food", "Groceries", "Rent"]
    groceries = next(c for c in flat if c.name == "Groceries")
    assert groceries.group_id == lunch.food and groceries.is_group is False
    nested = lunch.get_categories(format="nested")
    assert [c.name for c in nested] == ["Food", "Rent"]
    food = nested[0]
    assert food.is_group and [child.name for child in food.children] == ["Groceries"]
    assert lunch.get_category(lunch.rent).description == "Flat"


def test_uncleared_in_a_date_range_and_paging_with_offset(lunch):
    uncleared = lunch.get_transactions(start_date=START, end_date=END, status="uncleared")
    assert [t.payee for t in uncleared] == ["Shop 1", "Shop 3", "Shop 5"]
    assert all(t.status == "uncleared" and t.currency == "eur" for t in uncleared)
    assert uncleared[0].amount == 2.25, "spending is positive, as in Lunch Money"
    assert uncleared[0].category_name == "Groceries" and uncleared[0].category_group_name == "Food"
    first = lunch.get_transactions(start_date=START, end_date=END, limit=5, offset=0)
    second = lunch.get_transactions(start_date=START, end_date=END, limit=5, offset=5)
    assert len(first) == 5 and len(second) == 1
    assert [t.id for t in first + second] == sorted(lunch.ids)
    # Without limit or offset lunchable follows has_more itself.
    assert len(lunch.get_transactions(start_date=START, end_date=END)) == 6
    by_group = lunch.get_transactions(start_date=START, end_date=END, category_id=lunch.food)
    assert len(by_group) == 6, "a group matches its categories' transactions"
    negative = lunch.get_transactions(start_date=START, end_date=START, debit_as_negative=True)
    assert negative[0].amount == -1.25


def test_update_to_cleared_with_a_new_category(lunch):
    target = lunch.ids[1]
    answer = lunch.update_transaction(target, TransactionUpdateObject(status="cleared", category_id=lunch.rent))
    assert answer == {"updated": True}
    changed = lunch.get_transaction(target)
    assert changed.status == "cleared" and changed.category_id == lunch.rent
    with pytest.raises(LunchMoneyHTTPError):
        lunch.update_transaction(target, TransactionUpdateObject(category_id=lunch.food))


def test_update_sending_back_a_whole_fetched_transaction(lunch):
    fetched = lunch.get_transaction(lunch.ids[3])
    fetched.notes = "Checked against the receipt"
    fetched.status = "cleared"
    assert lunch.update_transaction(fetched.id, fetched) == {"updated": True}
    again = lunch.get_transaction(fetched.id)
    assert again.notes == "Checked against the receipt" and again.status == "cleared"
    assert again.amount == fetched.amount and again.payee == fetched.payee


def test_insert_skips_external_ids_already_there(lunch):
    row = TransactionInsertObject(date=END, amount="9.99", payee="Kiosk", currency="eur", external_id="kiosk-1")
    first = lunch.insert_transactions([row])
    assert len(first) == 1
    assert lunch.insert_transactions([row]) == []
    kiosk = [t for t in lunch.get_transactions(start_date=END, end_date=END) if t.payee == "Kiosk"]
    assert len(kiosk) == 1 and kiosk[0].external_id == "kiosk-1"


def test_a_bad_token_is_refused_with_401(server, monkeypatch):
    monkeypatch.setattr(APIConfig, "LUNCHMONEY_SCHEME", "http")
    monkeypatch.setattr(APIConfig, "LUNCHMONEY_NETLOC", server.url.removeprefix("http://"))
    with pytest.raises(LunchMoneyHTTPError) as refused:
        LunchMoney(access_token="bf_not-a-token").get_categories()
    assert "Access token does not exist." in str(refused.value)


def test_assets_are_billfold_accounts(lunch):
    before = {a.name: a for a in lunch.get_assets()}
    assert "Cash (EUR)" in before, "the account the inserted rows went to"
    cash = before["Cash (EUR)"]
    assert cash.currency == "eur" and cash.type_name == "cash" and cash.closed_on is None
    assert cash.balance == -(1.25 + 2.25 + 3.25 + 4.25 + 5.25 + 6.25), "spending lowers what it holds"
    savings = lunch.insert_asset(type_name="cash", name="Savings", balance=250.5, currency="usd")
    assert savings.name == "Savings" and savings.balance == 250.5 and savings.currency == "usd"
    assert "Savings" in {a.name for a in lunch.get_assets()}
    # A balance sent back is what the account holds now: the opening balance moves to make it so.
    changed = lunch.update_asset(cash.id, balance=100.0, name="Wallet")
    assert changed.name == "Wallet" and changed.balance == 100.0
    assert {a.name: a.balance for a in lunch.get_assets()}["Wallet"] == 100.0
    with pytest.raises(LunchMoneyHTTPError):
        lunch.insert_asset(type_name="spaceship", name="Nope", balance=1)


def test_adding_categories_to_a_group(lunch):
    snacks = lunch.insert_category(name="Snacks")
    group = lunch.insert_into_category_group(lunch.food, category_ids=[snacks], new_categories=["Drinks"])
    assert group.is_group and {c.name for c in group.children} == {"Groceries", "Snacks", "Drinks"}
    assert lunch.get_category(snacks).group_id == lunch.food


def test_what_billfold_does_not_keep_answers_empty(lunch):
    assert lunch.get_plaid_accounts() == []
    assert lunch.trigger_fetch_from_plaid() is True
    assert lunch.get_crypto() == []
    assert lunch.get_recurring_items(start_date=START) == [], "daily shopping is not recurring"
    with pytest.raises(LunchMoneyHTTPError):
        lunch.update_crypto(1, name="Coins")


def test_recurring_items_found_in_the_history(lunch):
    lunch.insert_transactions([
        TransactionInsertObject(date=datetime.date(2026, month, 15), amount="9.99", payee="STREAMLY*SUB 4411",
                                currency="eur") for month in (1, 2, 3)])
    items = lunch.get_recurring_items(start_date=START)
    assert [item.payee for item in items] == ["STREAMLY*SUB 4411"], "named as the latest transaction is"
    item = items[0]
    assert item.amount == 9.99 and item.currency == "eur" and item.is_income is False
    assert item.granularity == "month" and item.quantity == 1 and item.cadence == "monthly"
    assert [t.date for t in item.transactions_within_range] == [datetime.date(2026, 3, 15)]
    assert item.transactions_within_range[0].recurring_id == item.id
    assert list(item.occurrences) == [datetime.date(2026, 3, 15)]
    with pytest.warns(DeprecationWarning):  # lunchable's own warning: Lunch Money deprecated the route
        expenses = lunch.get_recurring_expenses(start_date=START)
    assert [e.payee for e in expenses] == [item.payee] and expenses[0].cadence == "monthly"


def test_tags_in_inserts_updates_and_the_list_filter(lunch):
    ids = lunch.insert_transactions([TransactionInsertObject(date=END, amount="3.00", payee="Bakery", currency="eur",
                                                             tags=["Weekend", "Food run"])])
    tags = {t.name: t for t in lunch.get_tags()}
    assert set(tags) == {"Weekend", "Food run"} and tags["Weekend"].archived is False
    bakery = lunch.get_transaction(ids[0])
    assert sorted(t.name for t in bakery.tags) == ["Food run", "Weekend"]
    # An update by id replaces the tags; one without tags keeps them. (lunchable 1.4.3 cannot
    # send back a whole fetched transaction that has tags: its own model refuses the tag objects.)
    lunch.update_transaction(lunch.ids[0], TransactionUpdateObject(tags=[tags["Weekend"].id]))
    weekend = lunch.get_transactions(start_date=START, end_date=END, tag_id=tags["Weekend"].id)
    assert sorted(t.id for t in weekend) == sorted([ids[0], lunch.ids[0]])
    lunch.update_transaction(ids[0], TransactionUpdateObject(notes="Croissants"))
    assert sorted(t.name for t in lunch.get_transaction(ids[0]).tags) == ["Food run", "Weekend"]
    lunch.update_transaction(ids[0], TransactionUpdateObject(tags=None))
    assert lunch.get_transaction(ids[0]).tags == []
    with pytest.raises(LunchMoneyHTTPError):
        lunch.update_transaction(ids[0], TransactionUpdateObject(tags=[999999]))
    # Rows skipped as already there take no tags; the others get their own.
    again = lunch.insert_transactions([
        TransactionInsertObject(date=END, amount="1.00", payee="Old", currency="eur", external_id="kiosk-9"),
        TransactionInsertObject(date=END, amount="2.00", payee="Paper", currency="eur", tags=["News"])])
    skipped_then_tagged = lunch.insert_transactions([
        TransactionInsertObject(date=END, amount="1.00", payee="Old", currency="eur", external_id="kiosk-9",
                                tags=["Wrong"]),
        TransactionInsertObject(date=END, amount="3.00", payee="Milk", currency="eur", tags=["Dairy"])])
    assert len(again) == 2 and len(skipped_then_tagged) == 1
    assert [t.name for t in lunch.get_transaction(skipped_then_tagged[0]).tags] == ["Dairy"]
    assert lunch.get_transaction(again[0]).tags == []


def test_split_and_unsplit(lunch):
    parent = lunch.ids[5]  # 6.25 spent
    answer = lunch.update_transaction(parent, split=[
        TransactionSplitObject(date=START, amount=4.00, category_id=lunch.rent, notes="Most of it"),
        TransactionSplitObject(date=START, amount=2.25)])
    assert answer["updated"] is True and len(answer["split"]) == 2
    rows = {t.id: t for t in lunch.get_transactions(start_date=START, end_date=END)}
    assert rows[parent].has_children is True and rows[parent].parent_id is None
    parts = [rows[i] for i in answer["split"]]
    assert [p.parent_id for p in parts] == [parent, parent]
    assert [p.amount for p in parts] == [4.0, 2.25] and parts[0].category_id == lunch.rent
    assert parts[1].category_id == lunch.groceries, "a part without a category keeps its parent's"
    with pytest.raises(LunchMoneyHTTPError):  # the parts must add up
        lunch.update_transaction(lunch.ids[4], split=[TransactionSplitObject(date=START, amount=1),
                                                      TransactionSplitObject(date=START, amount=1)])
    with pytest.raises(LunchMoneyHTTPError):  # not a split parent: nothing is unsplit
        lunch.unsplit_transactions([parent, lunch.ids[4]])
    assert sorted(lunch.unsplit_transactions([parent])) == sorted(answer["split"])
    after = {t.id: t for t in lunch.get_transactions(start_date=START, end_date=END)}
    assert set(after) == set(lunch.ids) and after[parent].has_children is False
    again = lunch.update_transaction(parent, split=[TransactionSplitObject(date=START, amount=6.00),
                                                    TransactionSplitObject(date=START, amount=0.25)])
    removed = lunch.unsplit_transactions([parent], remove_parents=True)
    assert sorted(removed) == sorted(again["split"] + [parent])
    assert parent not in {t.id for t in lunch.get_transactions(start_date=START, end_date=END)}


def test_transaction_groups(lunch):
    group = lunch.insert_transaction_group(date=END, payee="Weekly shop", transactions=lunch.ids[:3],
                                           category_id=lunch.groceries, notes="Three shops")
    assert isinstance(group, int)
    found = lunch.get_transaction_group(lunch.ids[1])
    assert found.id == group and found.is_group and found.payee == "Weekly shop"
    assert sorted(c.id for c in found.children) == sorted(lunch.ids[:3])
    assert found.amount == 1.25 + 2.25 + 3.25
    members = lunch.get_transactions(start_date=START, end_date=END)
    assert {t.id: t.group_id for t in members if t.id in lunch.ids[:3]} == {i: group for i in lunch.ids[:3]}
    assert [t.id for t in lunch.get_transactions(start_date=START, end_date=END, is_group=True)] == [group]
    with pytest.raises(LunchMoneyHTTPError):  # already in a group
        lunch.insert_transaction_group(date=END, payee="Again", transactions=lunch.ids[:2])
    assert sorted(lunch.remove_transaction_group(group)) == sorted(lunch.ids[:3])
    assert all(t.group_id is None for t in lunch.get_transactions(start_date=START, end_date=END))


def test_budgets(lunch):
    assert lunch.upsert_budget(start_date=START, category_id=lunch.rent, amount=700) is None
    grouped = lunch.upsert_budget(start_date=START, category_id=lunch.groceries, amount=250.5)
    assert grouped["category_id"] == lunch.food and grouped["amount"] == 250.5
    budgets = {b.category_id: b for b in lunch.get_budgets(start_date=START, end_date=END)}
    groceries = budgets[lunch.groceries].data[START]
    assert groceries.budget_amount == 250.5 and groceries.num_transactions == 6
    assert groceries.spending_to_base == 1.25 + 2.25 + 3.25 + 4.25 + 5.25 + 6.25
    assert budgets[lunch.food].data[START].num_transactions == 6, "a group counts its categories'"
    assert budgets[lunch.rent].data[START].budget_amount == 700
    assert lunch.remove_budget(start_date=START, category_id=lunch.rent) is True
    assert lunch.get_budgets(start_date=START, end_date=END)[0].data[START].budget_amount is None
    with pytest.raises(LunchMoneyHTTPError):
        lunch.upsert_budget(start_date=datetime.date(2026, 3, 2), category_id=lunch.rent, amount=1)
