"""How a decided card leaves the review deck (the person's choice, in Settings and on the deck),
a plain fade for reduced motion, and the celebration when a deck is done — in headless Chromium."""
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

WAYS = ["crush", "burn", "abduction", "holy-fire", "explode", "float-away", "fly"]


class Deck:
    """A fresh person with `count` uncleared transactions this month and one three months ago."""

    def __init__(self, server, count):
        self.server = server
        self.email, self.token = new_person(server, "leave", "Lee")
        self.rent = self.api("POST", "/api/v1/categories", json={"name": "Rent"}).json()
        start = datetime.datetime.now(datetime.timezone.utc).replace(day=1, hour=8, minute=0, second=0, microsecond=0)
        earlier = (start - datetime.timedelta(days=80)).replace(day=10)
        self.past_month = earlier.strftime("%B %Y")
        for index in range(count + 1):
            when = earlier if index == count else start + datetime.timedelta(minutes=index)
            created = self.api("POST", "/api/v1/transactions", json={
                "bookedAt": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "payee": f"Shop {index + 1}",
                "amount": f"-{index + 1}.00", "currency": "EUR", "status": "uncleared"})
            assert created.status_code == 201, created.text

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)


def open_deck(browser, server, deck):
    sign_in(browser, server, email=deck.email)
    browser.get(server.url + "/review")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".review-card.top")))
    # Every leaving card, and the explosion's pieces and the beam, as they are added.
    browser.execute_script("""
        window.left = [];
        window.still = []; // leaving cards that did not move (no animation or transition running)
        new MutationObserver((changes) => {
          for (const change of changes) for (const node of change.addedNodes) {
            if (node.dataset?.leaving) {
              window.left.push(node.dataset.leaving);
              if (!node.getAnimations().length) window.still.push(node.dataset.leaving);
            }
            if (node.classList?.contains("deck-shards")) {
              window.left.push("shards:" + node.children.length);
              // The pieces are still flying well after the card's flash.
              setTimeout(() => window.left.push(node.isConnected ? "shards flying" : "shards gone"), 400);
            }
            if (node.classList?.contains("deck-beam")) window.left.push("beam");
          }
        }).observe(document.getElementById("deck"), { childList: true, subtree: true });""")


def announced(browser):
    return browser.execute_script("return document.getElementById('deck-announce').textContent")


def top_payee(browser):
    return browser.find_element(By.CSS_SELECTOR, ".review-card.top .review-payee").text


def press(browser, key):
    ActionChains(browser).send_keys(key).perform()


def test_each_way_a_card_can_leave(browser, shot, sqlite_server):
    deck = Deck(sqlite_server, 8)
    open_deck(browser, sqlite_server, deck)
    picker = Select(browser.find_element(By.ID, "deckAnimation"))
    assert picker.first_selected_option.get_attribute("value") == "fly", "the fly-off is the default"
    assert [o.get_attribute("value") for o in picker.options] == ["fly"] + WAYS[:-1]
    # A skipped card drops out of the way whatever the choice.
    Select(browser.find_element(By.ID, "deckAnimation")).select_by_value("burn")
    browser.execute_script("document.querySelector('.review-card.top').focus()")
    press(browser, "s")
    wait(browser).until(lambda b: top_payee(b) == "Shop 2")
    press(browser, "u")
    wait(browser).until(lambda b: top_payee(b) == "Shop 1")
    assert browser.execute_script("const left = window.left; window.left = []; return left") == ["fly-down"]
    assert browser.execute_script("return window.still") == []
    for number, way in enumerate(WAYS, start=1):
        browser.execute_script("document.getElementById('deck-announce').textContent = ''")
        Select(browser.find_element(By.ID, "deckAnimation")).select_by_value(way)
        wait(browser).until(lambda b: "Cards now leave by" in announced(b), announced(browser))
        # The arrow keys act on the deck once the picker is left (on the select they choose).
        browser.execute_script("document.querySelector('.review-card.top').focus()")
        press(browser, Keys.ARROW_RIGHT)
        wait(browser).until(lambda b: top_payee(b) == f"Shop {number + 1}")
        if way in ("burn", "explode", "abduction"):
            shot(way)  # mid-way: the leaving is still being drawn
        # It leaves by that way, and is gone after.
        wait(browser).until(lambda b: not b.find_elements(By.CSS_SELECTOR, ".review-card.ghost, .deck-shards, .deck-beam"))
    left = browser.execute_script("return window.left")
    assert left == ["crush", "burn", "abduction", "beam", "holy-fire", "explode", "shards:12", "shards flying",
                    "float-away", "fly-right"], left
    assert browser.execute_script("return window.still") == [], "every card moved as it left"
    # Saved for the person: the API says so, and the next visit starts with it.
    assert deck.api("GET", "/api/v1/me").json()["deckAnimation"] == "fly"
    Select(browser.find_element(By.ID, "deckAnimation")).select_by_value("burn")
    wait(browser).until(lambda b: deck.api("GET", "/api/v1/me").json()["deckAnimation"] == "burn")
    browser.get(sqlite_server.url + "/review")
    assert browser.find_element(By.ID, "deck").get_attribute("data-animation") == "burn"


def test_settings_choose_it_and_reduced_motion_fades(browser, shot, sqlite_server):
    deck = Deck(sqlite_server, 3)
    sign_in(browser, sqlite_server, email=deck.email)
    browser.get(sqlite_server.url + "/settings")
    Select(browser.find_element(By.ID, "deckAnimation")).select_by_value("explode")
    browser.find_element(By.CSS_SELECTOR, "form[action='/settings'] button[type=submit]").click()
    wait(browser).until(lambda b: "saved" in b.current_url)
    assert deck.api("GET", "/api/v1/me").json()["deckAnimation"] == "explode"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        open_deck(browser, sqlite_server, deck)
        assert browser.find_element(By.ID, "deck").get_attribute("data-animation") == "explode"
        press(browser, Keys.ARROW_RIGHT)
        wait(browser).until(lambda b: b.execute_script("return window.left.length") >= 1)
        assert browser.execute_script("return window.left") == ["fade"], "a plain fade, no pieces flying"
        assert browser.execute_script("return window.still") == [], "it does fade"
        # The celebration, without its confetti.
        press(browser, Keys.ARROW_RIGHT)
        wait(browser).until(lambda b: top_payee(b) == "Shop 3")
        press(browser, Keys.ARROW_RIGHT)
        party = wait(browser).until(EC.visibility_of_element_located((By.ID, "celebration")))
        assert browser.execute_script(
            "return getComputedStyle(document.querySelector('.confetti')).display") == "none"
        assert "3 cleared" in party.text
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_finished_deck_celebrates_then_offers_the_look_back(browser, shot, sqlite_server):
    deck = Deck(sqlite_server, 4)
    open_deck(browser, sqlite_server, deck)
    press(browser, Keys.ARROW_RIGHT)  # Shop 1: clear
    wait(browser).until(lambda b: top_payee(b) == "Shop 2")
    press(browser, Keys.ARROW_RIGHT)  # Shop 2: clear
    wait(browser).until(lambda b: top_payee(b) == "Shop 3")
    press(browser, Keys.ARROW_LEFT)  # Shop 3: to Rent
    wait(browser).until(EC.visibility_of_element_located((By.ID, "picker")))
    browser.find_element(By.ID, "picker-filter").send_keys("Rent", Keys.ENTER)
    wait(browser).until(lambda b: top_payee(b) == "Shop 4")
    press(browser, "s")  # Shop 4: skipped
    party = wait(browser).until(EC.visibility_of_element_located((By.ID, "celebration")))
    assert party.get_attribute("role") == "status"
    assert party.find_element(By.TAG_NAME, "h2").text == "Deck done!", "one card is still to review"
    assert party.find_element(By.CSS_SELECTOR, ".celebration-counts").text == "2 cleared, 1 recategorised, and 1 skipped"
    assert len(party.find_elements(By.CSS_SELECTOR, ".confetti span")) == 14
    # What comes next follows it: the skipped card's month again.
    offer = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".lookback")))
    assert offer.location["y"] > party.location["y"]
    shot("deck-done")
    browser.find_element(By.CSS_SELECTOR, "#next-offer button").click()
    wait(browser).until(lambda b: top_payee(b) == "Shop 4")
    press(browser, Keys.ARROW_RIGHT)
    party = wait(browser).until(EC.visibility_of_element_located((By.ID, "celebration")))
    month = datetime.datetime.now(datetime.timezone.utc).strftime("%B %Y")
    assert party.find_element(By.TAG_NAME, "h2").text == f"{month} is clear!"
    assert party.find_element(By.CSS_SELECTOR, ".celebration-counts").text == "1 cleared"
    offer = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".lookback")))
    assert offer.text == f"You have uncleared transactions from {deck.past_month} — review them?"
    shot("month-clear")
