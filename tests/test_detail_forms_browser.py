"""The transaction page's forms in headless Chromium: "Save tags" in the pane beside the list saves
the payee typed above it too and stays in place; the split form says what is left to split while
typing, adds parts beyond four, and fits a phone."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import api_caller, new_person
from test_browser import sign_in, wait


@pytest.fixture()
def market(sqlite_server, browser):
    email, token = new_person(sqlite_server, "forms", "Fay")
    api = api_caller(sqlite_server, token)

    made = api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-03-01T10:00:00Z", "payee": "Market", "amount": "-60.00", "currency": "EUR"})
    tag = api("POST", "/api/v1/tags", json={"name": "Trip"})
    sign_in(browser, sqlite_server, email=email)
    return {"api": api, "id": made["id"], "tag": tag["id"]}


def test_save_tags_in_the_pane_keeps_the_payee_typed(browser, shot, sqlite_server, market):
    browser.set_window_size(1500, 950)
    browser.get(sqlite_server.url + "/transactions")
    browser.find_element(By.CSS_SELECTOR, f".txn-row[data-id='{market['id']}'] .txn-link").click()
    payee = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#detail-pane input[name=payee]")))
    payee.clear()
    payee.send_keys("Farmers' Market")
    box = browser.find_element(By.CSS_SELECTOR, f"#detail-pane input[name=tag{market['tag']}]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    save = browser.find_element(By.XPATH, "//*[@id='detail-pane']//button[text()='Save tags']")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.click()
    wait(browser).until(lambda b: "Saved." in b.find_element(By.ID, "detail-pane").text)
    assert browser.current_url.endswith("/transactions"), "still beside the list"
    shot("pane-saved")
    assert market["api"]("GET", f"/api/v1/transactions/{market['id']}")["payee"] == "Farmers' Market"
    tags = market["api"]("GET", f"/api/v1/transactions/{market['id']}/tags")["tags"]
    assert [t["name"] for t in tags] == ["Trip"]


def test_the_split_form_says_what_is_left_and_takes_more_parts(browser, shot, sqlite_server, market):
    for width, height in [(1440, 900), (390, 844)]:
        browser.set_window_size(width, height)
        browser.get(sqlite_server.url + f"/transactions/{market['id']}")
        summary = browser.find_element(By.CSS_SELECTOR, "#split summary")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()
        browser.find_element(By.ID, "amount1").send_keys("25")
        remainder = browser.find_element(By.CSS_SELECTOR, ".split-remainder")
        wait(browser).until(lambda b: remainder.text == "Left to split: €35.00")
        browser.find_element(By.ID, "amount2").send_keys("35")
        wait(browser).until(lambda b: remainder.text == "The parts add up to the whole €60.00.")
        add = browser.find_element(By.CSS_SELECTOR, ".add-part")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", add)
        add.click()
        fifth = wait(browser).until(EC.presence_of_element_located((By.ID, "amount5")))
        assert browser.switch_to.active_element == fifth
        fifth.send_keys("5")
        wait(browser).until(lambda b: remainder.text == "The parts come to €5.00 more than the transaction.")
        assert "over" in remainder.get_attribute("class")
        wide = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", remainder)
        shot(f"split-{width}")
        assert wide[0] <= wide[1], f"the split form at {width}px makes the page {wide[0]}px wide"
    # Refused (the parts are over): every part comes back as typed, the form open.
    submit = browser.find_element(By.CSS_SELECTOR, ".split-form button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", submit)
    submit.click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#split .form-error")))
    assert browser.find_element(By.ID, "amount5").get_attribute("value") == "5"
    assert browser.find_element(By.ID, "amount1").get_attribute("value") == "25"
    shot("split-refused")


def test_the_pane_refreshes_the_totals_and_closes_with_escape(browser, shot, sqlite_server, market):
    browser.set_window_size(1500, 950)
    browser.get(sqlite_server.url + "/transactions")
    totals = browser.find_element(By.ID, "totals").text
    assert "-€60.00" in totals, totals
    row = browser.find_element(By.CSS_SELECTOR, f".txn-row[data-id='{market['id']}']")
    assert row.size["height"] < 48, "wide screens list one line a transaction"
    row.find_element(By.CSS_SELECTOR, ".txn-link").click()
    amount = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#detail-pane input[name=amount]")))
    amount.clear()
    amount.send_keys("-75.00")
    save = browser.find_element(By.CSS_SELECTOR, "#detail-pane .edit-form button[type=submit]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.click()
    wait(browser).until(lambda b: "Saved." in b.find_element(By.ID, "detail-pane").text)
    wait(browser).until(lambda b: "-€75.00" in b.find_element(By.ID, "totals").text)
    shot("totals-refreshed")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    wait(browser).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#detail-pane .edit-form"))
    assert not browser.find_elements(By.CSS_SELECTOR, ".txn-row[aria-current]")
    assert browser.switch_to.active_element.get_attribute("class") == "txn-link"
