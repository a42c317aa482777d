"""The review deck in headless Chromium: drag right with a mouse, swipe left and pick a category,
cancel, undo, finish a deck and watch the batch apply (with one item failing and retried), follow
the look-back offer, and the activity page. Each test uses its own account and saves screenshots."""
import datetime

import pytest
import requests
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import new_person
from test_browser import sign_in, wait


class Reviewer:
    """A fresh account with four uncleared transactions this month and two three months ago."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "review", "Rae")
        self.food = self.api("POST", "/api/v1/categories", json={"name": "Food", "isGroup": True}).json()
        self.groceries = self.api("POST", "/api/v1/categories",
                                  json={"name": "Groceries", "groupId": self.food["id"]}).json()
        self.rent = self.api("POST", "/api/v1/categories", json={"name": "Rent"}).json()
        today = datetime.datetime.now(datetime.timezone.utc)
        start = today.replace(day=1, hour=8, minute=0, second=0, microsecond=0)
        earlier = (start - datetime.timedelta(days=80)).replace(day=10)
        self.past_month = earlier.strftime("%B %Y")
        self.ids = {}
        for index, (payee, when, category) in enumerate([
            ("Alpha Market", start, self.groceries["id"]), ("Bravo Books", start, None),
            ("Charlie Cafe", start, None), ("Delta Deli", start, self.groceries["id"]),
            ("Old One", earlier, None), ("Old Two", earlier, None),
        ]):
            body = {"bookedAt": (when + datetime.timedelta(minutes=index)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "payee": payee, "amount": f"-{index + 1}.50", "currency": "EUR", "status": "uncleared"}
            if category:
                body["categoryId"] = category
            created = self.api("POST", "/api/v1/transactions", json=body)
            assert created.status_code == 201, created.text
            self.ids[payee] = created.json()["id"]

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)

    def transaction(self, payee):
        return self.api("GET", f"/api/v1/transactions/{self.ids[payee]}").json()


@pytest.fixture()
def reviewer(sqlite_server, browser):
    person = Reviewer(sqlite_server)
    sign_in(browser, sqlite_server, email=person.email)
    browser.get(sqlite_server.url + "/review")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".review-card.top")))
    return person


def top_payee(browser):
    return browser.find_element(By.CSS_SELECTOR, ".review-card.top .review-payee").text


def progress(browser):
    return browser.find_element(By.CSS_SELECTOR, ".deck-progress").text


def press(browser, key):
    ActionChains(browser).send_keys(key).perform()


def test_drag_right_with_the_mouse(browser, shot, reviewer):
    assert top_payee(browser) == "Alpha Market" and progress(browser).startswith("Card 1 of 4")
    shot("deck")
    card = browser.find_element(By.CSS_SELECTOR, ".review-card.top")
    # A short drag snaps back and decides nothing.
    ActionChains(browser).click_and_hold(card).move_by_offset(40, 0).release().perform()
    wait(browser).until(lambda b: b.find_element(By.CSS_SELECTOR, ".review-card.top").get_attribute("style")
                        in ("", "--left: 0; --right: 0;"))
    assert top_payee(browser) == "Alpha Market"
    # Past the threshold the card follows, glows green, then flies off and is cleared.
    card = browser.find_element(By.CSS_SELECTOR, ".review-card.top")
    ActionChains(browser).click_and_hold(card).move_by_offset(100, 0).perform()
    assert float(browser.execute_script("return arguments[0].style.getPropertyValue('--right')", card)) > 0.5
    shot("dragging")
    ActionChains(browser).move_by_offset(120, 10).release().perform()
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    assert progress(browser).startswith("Card 2 of 4")
    assert reviewer.transaction("Alpha Market")["status"] == "uncleared", "nothing applied before the deck ends"
    shot("after-drag")


def test_touch_screens_hear_of_swiping_not_keys(browser, shot, reviewer):
    assert "press ← and →" in browser.find_element(By.CSS_SELECTOR, ".deck-hint").text
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    browser.set_window_size(390, 844)
    browser.get(reviewer.server.url + "/review")
    hint = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".deck-hint"))).text
    assert hint == "Swipe the card, or use the buttons."
    shot("touch-hint")


def test_the_card_shows_the_bank_text_and_the_picker_what_it_moves(browser, shot, reviewer, sqlite_server):
    # Renamed, the payee no longer says what the bank wrote: the card shows both.
    renamed = reviewer.api("PATCH", f"/api/v1/transactions/{reviewer.ids['Alpha Market']}", json={"payee": "PayPal"})
    assert renamed.status_code == 200, renamed.text
    browser.get(sqlite_server.url + "/review")
    wait(browser).until(lambda b: top_payee(b) == "PayPal")
    facts = browser.find_element(By.CSS_SELECTOR, ".review-card.top .review-facts").text
    assert "bank text" in facts.lower() and "Alpha Market" in facts
    # Where the bank's words are the payee's (whatever their case), nothing is repeated.
    assert "Bank text" not in browser.find_element(By.CSS_SELECTOR, ".review-card.behind").get_attribute("textContent")
    shot("bank-text")
    press(browser, Keys.ARROW_LEFT)
    subject = wait(browser).until(EC.visibility_of_element_located((By.ID, "picker-subject"))).text
    assert subject.startswith("PayPal · -€1.50 · "), subject
    shot("picker-subject")


def test_left_pick_cancel_and_undo(browser, shot, reviewer):
    press(browser, Keys.ARROW_LEFT)
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    current = browser.find_element(By.ID, "picker-current").text
    assert "Groceries (in Food)" in current
    headers = [h.text for h in browser.find_elements(By.CSS_SELECTOR, "#picker-list .picker-group")]
    assert headers == ["FOOD"] or headers == ["Food"]
    assert all(h.get_attribute("role") == "presentation" for h in browser.find_elements(By.CSS_SELECTOR, ".picker-group"))
    shot("picker")
    browser.find_element(By.ID, "picker-filter").send_keys("ren")
    wait(browser).until(lambda b: [o.text for o in b.find_elements(By.CSS_SELECTOR, ".picker-option")] == ["Rent"])
    shot("filtered")
    browser.find_element(By.ID, "picker-filter").send_keys(Keys.ENTER)
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    # Bravo Books has no category: the picker says so; Escape goes back to the same card.
    press(browser, Keys.ARROW_LEFT)
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    assert "Uncategorized" in browser.find_element(By.ID, "picker-current").text
    press(browser, Keys.ESCAPE)
    wait(browser).until(EC.invisibility_of_element_located((By.ID, "picker")))
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    assert "Card 2 of" in browser.find_element(By.CSS_SELECTOR, ".deck-progress").text
    # The picker's Cancel button does the same.
    press(browser, Keys.ARROW_LEFT)
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    browser.find_element(By.ID, "picker-cancel").click()
    wait(browser).until(EC.invisibility_of_element_located((By.ID, "picker")))
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    shot("cancelled-same-card")
    # S skips: the card is passed untouched.
    press(browser, "s")
    wait(browser).until(lambda b: top_payee(b) == "Charlie Cafe")
    # U brings back the card just passed; undo twice reaches the first card, and no further.
    press(browser, "u")
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    press(browser, "u")
    wait(browser).until(lambda b: top_payee(b) == "Alpha Market")
    assert not browser.find_element(By.XPATH, "//button[text()='Undo']").is_enabled()
    press(browser, "u")
    assert top_payee(browser) == "Alpha Market"
    shot("undone")


def test_finish_the_deck_watch_it_apply_then_look_back(browser, shot, reviewer, sqlite_server):
    temporary = reviewer.api("POST", "/api/v1/categories", json={"name": "Temporary"}).json()
    browser.get(sqlite_server.url + "/review")
    wait(browser).until(lambda b: top_payee(b) == "Alpha Market")
    press(browser, Keys.ARROW_RIGHT)  # Alpha: clear
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    press(browser, Keys.ARROW_LEFT)  # Bravo: to Rent
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    browser.find_element(By.ID, "picker-filter").send_keys("Rent", Keys.ENTER)
    wait(browser).until(lambda b: top_payee(b) == "Charlie Cafe")
    press(browser, Keys.ARROW_LEFT)  # Charlie: to Temporary, which goes before the batch applies
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    browser.find_element(By.ID, "picker-filter").send_keys("Temporary", Keys.ENTER)
    wait(browser).until(lambda b: top_payee(b) == "Delta Deli")
    assert reviewer.api("DELETE", f"/api/v1/categories/{temporary['id']}").status_code == 200
    press(browser, Keys.ARROW_LEFT)  # Delta: the same category it has, so only cleared
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    browser.find_element(By.ID, "picker-filter").send_keys(Keys.ENTER)
    wait(browser).until(EC.presence_of_element_located((By.ID, "summary")))
    wait(browser).until(lambda b: "failed" in b.find_element(By.CSS_SELECTOR, "#summary h2").text)
    items = {i.find_element(By.TAG_NAME, "strong").text: i for i in browser.find_elements(By.CSS_SELECTOR, ".apply-item")}
    assert [items[p].find_element(By.CSS_SELECTOR, ".apply-status").text for p in
            ["Alpha Market", "Bravo Books", "Delta Deli"]] == ["Done", "Done", "Done"]
    failed = items["Charlie Cafe"]
    assert "failed" in failed.get_attribute("class")
    assert f"No category with the id {temporary['id']} exists." in failed.text
    # The awards this deck earned are announced on the deck, not only on the next page.
    award = wait(browser).until(
        lambda b: [n for n in b.find_elements(By.CSS_SELECTOR, ".award-notice") if "First Swipe" in n.text])
    assert award[0].get_attribute("role") == "status"
    # The picker's counts follow what was applied (Charlie Cafe is still to review).
    wait(browser).until(lambda b: b.find_element(By.ID, "review-total").text == "3 to review in all, across 2 months.")
    shot("one-failed")
    assert reviewer.transaction("Charlie Cafe")["status"] == "uncleared", "a failed item stays uncleared"
    assert reviewer.transaction("Bravo Books")["categoryId"] == reviewer.rent["id"]
    assert reviewer.transaction("Delta Deli")["status"] == "cleared"
    # Retry sends it again: it fails again the same way, and nothing else is applied twice.
    failed.find_element(By.XPATH, ".//button[text()='Retry']").click()
    wait(browser).until(lambda b: "failed" in b.find_element(By.CSS_SELECTOR, "#summary h2").text
                        and b.find_elements(By.XPATH, "//button[text()='Retry']"))
    activity = reviewer.api("GET", "/api/v1/activity").json()["items"]
    assert sorted(a["transaction"]["payee"] for a in activity) == ["Alpha Market", "Bravo Books", "Delta Deli"]
    # The look-back offer names the oldest month with uncleared transactions, and follows it.
    browser.get(sqlite_server.url + "/review")
    wait(browser).until(lambda b: top_payee(b) == "Charlie Cafe")
    press(browser, Keys.ARROW_RIGHT)
    offer = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".lookback")))
    assert offer.text == f"You have uncleared transactions from {reviewer.past_month} — review them?"
    applied = browser.find_element(By.CSS_SELECTOR, ".apply-list")
    assert offer.location["y"] < applied.location["y"], "the offer is above the applied list"
    shot("look-back")
    browser.find_element(By.XPATH, f"//button[text()='Review {reviewer.past_month}']").click()
    wait(browser).until(lambda b: top_payee(b) == "Old One")
    assert browser.find_element(By.ID, "deck-month").text == reviewer.past_month
    shot("past-month")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: top_payee(b) == "Old Two")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".all-clear")))
    shot("all-clear")
    browser.get(sqlite_server.url + "/activity")
    heading = browser.find_element(By.CSS_SELECTOR, ".activity-heading").text
    assert heading.startswith("6 changes on ")
    main = browser.find_element(By.TAG_NAME, "main").text
    assert "Recategorised from Uncategorized to Rent and cleared" in main
    assert "in the review deck" in main
    shot("activity")
    # Each entry leads to its transaction's history.
    browser.find_element(By.CSS_SELECTOR, ".activity-day .txn-link").click()
    wait(browser).until(lambda b: b.execute_script("return location.hash") == "#history")
    assert "in the review deck" in browser.find_element(By.ID, "history").text
    shot("history")


def test_month_picker_lists_months_with_counts(browser, shot, reviewer, sqlite_server):
    this_month = datetime.datetime.now(datetime.timezone.utc).strftime("%B %Y")
    picker = browser.find_element(By.ID, "review-month")
    labels = [o.text for o in picker.find_elements(By.TAG_NAME, "option")]
    assert labels == [f"{this_month} · 4 to review", f"{reviewer.past_month} · 2 to review"]
    assert browser.find_element(By.ID, "review-total").text == "6 to review in all, across 2 months."
    # The same number as Home's.
    shot("month-picker")
    Select(picker).select_by_index(1)
    wait(browser).until(lambda b: top_payee(b) == "Old One")
    assert "month=" in browser.current_url
    assert browser.find_element(By.ID, "deck-month").text == reviewer.past_month
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: top_payee(b) == "Old Two")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: b.find_element(By.ID, "review-total").text == "4 to review in all.")
    labels = [o.text for o in browser.find_elements(By.CSS_SELECTOR, "#review-month option")]
    assert labels == [f"{this_month} · 4 to review", f"{reviewer.past_month} · nothing to review"]
    shot("month-picker-after")
    browser.get(sqlite_server.url + "/")
    home = browser.find_element(By.CSS_SELECTOR, ".home-review").text
    assert "4 transactions" in home and "waiting to be reviewed, in all months" in home
