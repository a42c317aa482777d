"""Rules in headless Chromium: the rules page (make one with a test against the history first,
reorder by keyboard and by dragging, switch off, apply to existing transactions and undo), and
making a rule where the decision is taken (the review deck, the detail page). Each test uses its
own account and saves screenshots."""
import datetime

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import new_person
from test_browser import notice_saying, sign_in, wait
from test_review_browser import Reviewer, press, top_payee


class Person:
    """A fresh account with Groceries and Fuel, and a few uncategorised transactions."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "rules", "Ruth")
        self.groceries = self.api("POST", "/api/v1/categories", json={"name": "Groceries"}).json()["id"]
        self.fuel = self.api("POST", "/api/v1/categories", json={"name": "Fuel"}).json()["id"]
        today = datetime.datetime.now(datetime.timezone.utc).replace(hour=9, minute=0, second=0, microsecond=0)
        self.ids = {}
        for index, (payee, amount) in enumerate([("REWE Markt", "-12.40"), ("REWE City", "-3.10"),
                                                 ("Shell Station", "-50.00"), ("Bakery", "-2.20")]):
            body = {"bookedAt": (today - datetime.timedelta(days=index)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "payee": payee, "amount": amount, "currency": "EUR", "status": "uncleared"}
            created = self.api("POST", "/api/v1/transactions", json=body)
            assert created.status_code == 201, created.text
            self.ids[payee] = created.json()["id"]

    # The API as this person, the way the review tests call it.
    api = Reviewer.api

    def rule(self, payee_contains, category):
        made = self.api("POST", "/api/v1/rules", json={
            "conditions": [{"field": "payee", "test": "contains", "value": payee_contains}],
            "actions": [{"action": "setCategory", "category": category}]})
        assert made.status_code == 201, made.text
        return made.json()["id"]

    def category_of(self, payee):
        return self.api("GET", f"/api/v1/transactions/{self.ids[payee]}").json().get("categoryId")


@pytest.fixture()
def person(sqlite_server, browser):
    someone = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=someone.email)
    return someone


def rule_ids(browser):
    return [item.get_attribute("data-id") for item in browser.find_elements(By.CSS_SELECTOR, "#rules li.rule")]


def test_make_a_rule_test_it_then_apply_and_undo(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/rules")
    shot("empty")
    browser.find_element(By.LINK_TEXT, "New rule").click()
    browser.find_element(By.ID, "value0").send_keys("rewe")
    Select(browser.find_element(By.ID, "category")).select_by_visible_text("Groceries")
    browser.find_element(By.ID, "name").send_keys("Supermarket")
    # Tested against the history before it is saved: nothing is written.
    browser.find_element(By.ID, "test").click()
    changes = wait(browser).until(EC.visibility_of_element_located((By.ID, "rule-changes")))
    assert "It would change 2 transactions" in changes.text
    assert "Uncategorized → Groceries" in changes.text
    shot("tested")
    assert person.api("GET", "/api/v1/rules").json()["rules"] == []
    assert browser.find_element(By.ID, "value0").get_attribute("value") == "rewe", "the form keeps what was typed"
    browser.find_element(By.ID, "save").click()
    notice_saying(browser, "Rule added.")
    item = browser.find_element(By.CSS_SELECTOR, "#rules li.rule")
    assert "Supermarket" in item.text and "payee contains “rewe”" in item.text and "category Groceries" in item.text
    shot("list")

    browser.find_element(By.LINK_TEXT, "Apply to existing transactions").click()
    assert "It would change 2 transactions" in browser.find_element(By.ID, "rule-changes").text
    shot("apply-preview")
    browser.find_element(By.ID, "apply").click()
    done = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".run-done")))
    assert "Your rules changed 2 transactions." in done.text
    assert person.category_of("REWE Markt") == person.groceries and person.category_of("Bakery") is None
    shot("applied")
    browser.find_element(By.ID, "undo-run").click()
    notice_saying(browser, "2 transactions are back as they were.")
    assert person.category_of("REWE Markt") is None and person.category_of("REWE City") is None
    shot("undone")


def test_reorder_by_keyboard_and_by_dragging(browser, shot, person, sqlite_server):
    first = person.rule("rewe", person.groceries)
    second = person.rule("shell", person.fuel)
    third = person.rule("bakery", person.groceries)
    browser.get(sqlite_server.url + "/rules")
    assert rule_ids(browser) == [str(first), str(second), str(third)]
    # The keyboard: Tab to the third rule's Move up and press Enter; focus comes back to it.
    move_up = browser.find_element(By.CSS_SELECTOR, f"#rule-{third} button[aria-label^='Move']")
    move_up.send_keys(Keys.ENTER)
    wait(browser).until(lambda b: rule_ids(b) == [str(first), str(third), str(second)])
    assert browser.current_url.endswith(f"#rule-{third}")
    shot("moved-up")
    # Dragging the last rule to the top saves the new order.
    items = browser.find_elements(By.CSS_SELECTOR, "#rules li.rule")
    browser.execute_script("""
        const [source, target] = arguments;
        const data = new DataTransfer();
        const fire = (element, type, y) => element.dispatchEvent(new DragEvent(type, {
            bubbles: true, cancelable: true, dataTransfer: data, clientY: y}));
        const box = target.getBoundingClientRect();
        fire(source, "dragstart", 0);
        fire(target, "dragover", box.top + 2);
        fire(target, "drop", box.top + 2);
        fire(source, "dragend", 0);
    """, items[2], items[0])
    wait(browser).until(lambda b: rule_ids(b) == [str(second), str(first), str(third)])
    assert [r["id"] for r in person.api("GET", "/api/v1/rules").json()["rules"]] == [second, first, third]
    shot("dragged")
    # Switched off, kept.
    browser.find_element(By.CSS_SELECTOR, f"#rule-{first} .rule-buttons").find_element(
        By.XPATH, ".//button[text()='Switch off']").click()
    notice_saying(browser, "Rule switched off.")
    assert "Off" in browser.find_element(By.ID, f"rule-{first}").text
    shot("switched-off")


def test_make_a_rule_from_the_review_deck(browser, shot, sqlite_server):
    someone = Reviewer(sqlite_server)
    sign_in(browser, sqlite_server, email=someone.email)
    browser.get(sqlite_server.url + "/review")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".review-card.top")))
    assert top_payee(browser) == "Alpha Market"
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    press(browser, Keys.ARROW_LEFT)
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    browser.find_element(By.ID, "picker-filter").send_keys("Rent", Keys.ENTER)
    offer = wait(browser).until(EC.visibility_of_element_located((By.ID, "rule-offer")))
    assert "Always put “Bravo Books” in Rent?" in offer.text
    shot("offer")
    # One key makes it.
    press(browser, "a")
    wait(browser).until(lambda b: "Rule made" in b.find_element(By.ID, "rule-offer").text)
    shot("made")
    rules = someone.api("GET", "/api/v1/rules").json()["rules"]
    assert [(r["conditions"], r["actions"]) for r in rules] == [(
        [{"field": "bankText", "test": "contains", "value": "Bravo Books"}],
        [{"action": "setCategory", "category": someone.rent["id"]}])]


def test_make_a_rule_from_the_detail_page(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + f"/transactions/{person.ids['Shell Station']}")
    Select(browser.find_element(By.ID, "categoryId")).select_by_visible_text("Fuel")
    browser.find_element(By.CSS_SELECTOR, "form.edit-form button[type=submit]").click()
    offer = wait(browser).until(EC.visibility_of_element_located((By.ID, "rule-offer")))
    assert "Always put “Shell Station” in Fuel?" in offer.text
    shot("offer")
    browser.find_element(By.ID, "rule-make").click()
    notice_saying(browser, "Rule made")
    assert not browser.find_elements(By.ID, "rule-offer")
    rules = person.api("GET", "/api/v1/rules").json()["rules"]
    assert len(rules) == 1 and rules[0]["actions"] == [{"action": "setCategory", "category": person.fuel}]
    # What comes in next is categorised by it.
    added = person.api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-01-02T10:00:00Z", "payee": "Shell Station", "amount": "-40.00", "currency": "EUR"}).json()
    assert added["categoryId"] == person.fuel and added["categorySource"] == "rule"
    shot("made")


def test_accept_a_suggestion_on_the_deck(browser, shot, sqlite_server):
    """A payee filed before: the card says where it would go, and → (clearing) takes it."""
    someone = Reviewer(sqlite_server)
    last_month = (datetime.datetime.now(datetime.timezone.utc).replace(day=1) - datetime.timedelta(days=3))
    for day in (1, 2, 3):
        body = {"bookedAt": last_month.replace(day=day, hour=9).strftime("%Y-%m-%dT%H:%M:%SZ"),
                "payee": "Bravo Books", "amount": "-2.50", "currency": "EUR", "status": "cleared",
                "categoryId": someone.rent["id"]}
        assert someone.api("POST", "/api/v1/transactions", json=body).status_code == 201
    sign_in(browser, sqlite_server, email=someone.email)
    browser.get(sqlite_server.url + "/review")
    wait(browser).until(lambda b: top_payee(b) == "Alpha Market")
    assert not browser.find_elements(By.CSS_SELECTOR, ".review-card.top .review-suggestion")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    hint = browser.find_element(By.CSS_SELECTOR, ".review-card.top .review-suggestion").text
    assert hint == "Suggested: Rent (→ takes it)"
    shot("suggested")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: top_payee(b) == "Charlie Cafe")
    press(browser, "s")
    press(browser, "s")
    wait(browser).until(lambda b: someone.transaction("Bravo Books")["status"] == "cleared")
    taken = someone.transaction("Bravo Books")
    assert taken["categoryId"] == someone.rent["id"] and taken["categorySource"] == "person"
    shot("taken")


def test_a_corrected_payee_becomes_a_rename_rule(browser, shot, person, sqlite_server):
    """Correcting a payee offers a rule that names what the bank calls it so from now on."""
    browser.get(sqlite_server.url + f"/transactions/{person.ids['Shell Station']}")
    payee = browser.find_element(By.ID, "payee")
    payee.clear()
    payee.send_keys("Shell")
    browser.find_element(By.CSS_SELECTOR, "form.edit-form button[type=submit]").click()
    offer = wait(browser).until(EC.visibility_of_element_located((By.ID, "rename-offer")))
    assert "Always show “Shell Station” as “Shell”?" in offer.text
    assert not browser.find_elements(By.ID, "rule-offer")
    shot("offer")
    browser.find_element(By.ID, "rename-make").click()
    notice_saying(browser, "Rule made")
    rules = person.api("GET", "/api/v1/rules").json()["rules"]
    assert [(r["conditions"], r["actions"]) for r in rules] == [(
        [{"field": "bankText", "test": "contains", "value": "Shell Station"}],
        [{"action": "renamePayee", "payee": "Shell"}])]
    added = person.api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-01-02T10:00:00Z", "payee": "SHELL STATION 4411", "amount": "-40.00",
        "currency": "EUR"}).json()
    assert added["payee"] == "Shell" and added["originalName"] == "SHELL STATION 4411"
    # Saving the corrected name again (no change) offers nothing.
    browser.get(sqlite_server.url + f"/transactions/{person.ids['Shell Station']}")
    browser.find_element(By.CSS_SELECTOR, "form.edit-form button[type=submit]").click()
    wait(browser).until(EC.presence_of_element_located((By.ID, "payee")))
    assert not browser.find_elements(By.ID, "rename-offer")


def test_suggestion_in_the_list_and_taken_on_the_detail_page(browser, shot, person, sqlite_server):
    """Bakery filed as Groceries before: its uncategorised row says so in the list, the API says
    so when asked, and the detail page takes it with one click as the person's decision."""
    for day in (3, 4, 5):
        body = {"bookedAt": f"2025-10-0{day}T08:00:00Z", "payee": "Bakery", "amount": "-2.20",
                "currency": "EUR", "status": "cleared", "categoryId": person.groceries}
        assert person.api("POST", "/api/v1/transactions", json=body).status_code == 201
    browser.get(sqlite_server.url + "/transactions")
    row = wait(browser).until(EC.presence_of_element_located(
        (By.CSS_SELECTOR, f".txn-row[data-id='{person.ids['Bakery']}']")))
    assert row.find_element(By.CSS_SELECTOR, ".chip-suggested").text == "Suggested: Groceries"
    others = [r for r in browser.find_elements(By.CSS_SELECTOR, ".txn-row")
              if r.get_attribute("data-id") != str(person.ids["Bakery"])]
    assert not any(r.find_elements(By.CSS_SELECTOR, ".chip-suggested") for r in others)
    shot("list")
    listed = person.api("GET", "/api/v1/transactions?suggestions=true").json()["transactions"]
    bakery = next(t for t in listed if t["id"] == person.ids["Bakery"])
    assert bakery["suggestion"]["categoryId"] == person.groceries and bakery["suggestion"]["confidence"] >= 0.6
    assert all("suggestion" not in t for t in person.api("GET", "/api/v1/transactions").json()["transactions"])
    browser.get(sqlite_server.url + f"/transactions/{person.ids['Bakery']}")
    card = wait(browser).until(EC.visibility_of_element_located((By.ID, "suggestion")))
    assert "Suggested: Groceries" in card.text
    shot("detail")
    browser.find_element(By.ID, "take-suggestion").click()
    notice_saying(browser, "Saved")
    taken = person.api("GET", f"/api/v1/transactions/{person.ids['Bakery']}").json()
    assert taken["categoryId"] == person.groceries and taken["categorySource"] == "person"
    assert "suggestion" not in taken
    # Taking it is a decision like any other: the rule is offered.
    assert "Always put “Bakery” in Groceries?" in browser.find_element(By.ID, "rule-offer").text
