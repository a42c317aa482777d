"""The review deck keeps every step: keys pressed quickly each count in order, and a deck left
early (Home and back, a reload, a closed tab) opens where it was left, in headless Chromium."""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from test_browser import wait
from test_review_browser import press, progress, reviewer, top_payee  # noqa: F401 (a fixture)


def test_keys_pressed_quickly_each_count_in_order(browser, shot, reviewer):
    # Right on Alpha, S on Bravo and U, sent at once while Alpha's card is still flying off.
    press(browser, Keys.ARROW_RIGHT + "s" + "u")
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    assert progress(browser).startswith("Card 2 of 4"), "U took back the skip, not the clear"
    shot("quick-keys")
    press(browser, "s" + "u" + "u")
    wait(browser).until(lambda b: top_payee(b) == "Alpha Market")
    assert progress(browser).startswith("Card 1 of 4")
    press(browser, Keys.ARROW_RIGHT + Keys.ARROW_RIGHT + "s" + Keys.ARROW_RIGHT)
    wait(browser).until(EC.presence_of_element_located((By.ID, "summary")))
    wait(browser).until(lambda b: "Applied" in b.find_element(By.ID, "summary").text
                        or "applied" in b.find_element(By.ID, "summary").text)
    wait(browser).until(lambda b: reviewer.transaction("Delta Deli")["status"] == "cleared")
    assert [reviewer.transaction(p)["status"] for p in ("Alpha Market", "Bravo Books", "Charlie Cafe")] \
        == ["cleared", "cleared", "uncleared"]
    shot("quick-keys-applied")


def test_a_deck_left_early_opens_where_it_was_left(browser, shot, reviewer):
    press(browser, Keys.ARROW_RIGHT + "s")
    wait(browser).until(lambda b: top_payee(b) == "Charlie Cafe")
    browser.find_element(By.CSS_SELECTOR, "a[data-nav='home']").click()
    wait(browser).until(lambda b: b.current_url.endswith("/home"))
    browser.back()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".review-card.top"))
    assert top_payee(browser) == "Charlie Cafe" and progress(browser).startswith("Card 3 of 4")
    notice = browser.find_element(By.CSS_SELECTOR, ".deck-resumed").text
    assert "2 cards already decided" in notice, notice
    shot("resumed")

    # Undo reaches back past the resume: the skip, then the clear.
    press(browser, "u")
    wait(browser).until(lambda b: top_payee(b) == "Bravo Books")
    press(browser, Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: top_payee(b) == "Charlie Cafe")

    # A closed tab: the browser keeps the steps; a new window opens the deck where it was.
    browser.switch_to.new_window("tab")
    old = browser.window_handles[0]
    browser.switch_to.window(old)
    browser.close()
    browser.switch_to.window(browser.window_handles[0])
    browser.get(reviewer.server.url + "/review")
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".review-card.top"))
    assert top_payee(browser) == "Charlie Cafe"
    assert reviewer.transaction("Alpha Market")["status"] == "uncleared", "nothing applied before the deck ends"
    press(browser, "s" + Keys.ARROW_RIGHT)
    wait(browser).until(lambda b: reviewer.transaction("Delta Deli")["status"] == "cleared")
    assert [reviewer.transaction(p)["status"] for p in ("Alpha Market", "Bravo Books", "Charlie Cafe")] \
        == ["cleared", "cleared", "uncleared"]

    # Finished and answered: nothing is kept, and the next visit starts a fresh deck.
    wait(browser).until(lambda b: "Applied" in b.find_element(By.ID, "summary").text
                        or "applied" in b.find_element(By.ID, "summary").text)
    browser.get(reviewer.server.url + "/review")
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".review-card.top"))
    assert top_payee(browser) == "Charlie Cafe" and progress(browser).startswith("Card 1 of 1")
    assert not browser.find_elements(By.CSS_SELECTOR, ".deck-resumed")


def test_the_card_behind_is_hidden_from_screen_readers(browser, reviewer):
    behind = browser.find_element(By.CSS_SELECTOR, ".review-card.behind")
    assert behind.get_attribute("aria-hidden") == "true"
    assert browser.execute_script("return arguments[0].inert", behind) is True
