"""Recurring payments in headless Chromium: found in an imported history (a price change, a
missed payment), confirmed, dismissed, one added by hand (and one refused with the reason), at
desktop and phone width and in dark mode, with screenshots."""
import datetime

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import new_person
from test_browser import notice_saying, open_as, sign_in, wait


def months_ago(today, months, day):
    month = today.month - months
    year = today.year + (month - 1) // 12
    return datetime.date(year, (month - 1) % 12 + 1, day)


class Person:
    """A fresh account whose bank file has Netflix each month (dearer the last time), Spotify
    until three months ago, and a supermarket without a rhythm."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "recurring", "Rita")
        today = datetime.date.today()
        # Netflix last came a month ago less two days: due any day now, not missed.
        netflix = [today - datetime.timedelta(days=30 * back - 2) for back in range(5, 0, -1)]
        rows = [(day, "NETFLIX.COM 866-579", "-12,99" if day != netflix[-1] else "-15,49") for day in netflix]
        rows += [(months_ago(today, back, 3), "SPOTIFY P2B3C", "-9,99") for back in range(6, 2, -1)]
        rows += [(months_ago(today, 2, day), "REWE MARKT", amount) for day, amount in [(1, "-23,10"), (9, "-41,80"),
                                                                                    (11, "-8,00"), (27, "-12,00")]]
        csv = "Date;Payee;Amount\n" + "".join(f"{day.isoformat()};{text};{amount}\n" for day, text, amount in rows)
        answer = self.api("POST", "/api/v1/imports?account=Giro&currency=EUR", data=csv.encode(),
                          headers={"Content-Type": "text/csv"})
        assert answer.status_code == 201, answer.text

    def api(self, method, path, headers=None, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}", **(headers or {})}, **kwargs)

    def recurring(self):
        return {item["payee"]: item for item in self.api("GET", "/api/v1/recurring").json()["recurring"]}


@pytest.fixture()
def person(sqlite_server, browser):
    someone = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=someone.email)
    return someone


def row(browser, name):
    return next(item for item in browser.find_elements(By.CSS_SELECTOR, ".recurring-row")
                if item.find_element(By.CSS_SELECTOR, ".recurring-title strong").text == name)


def test_found_confirmed_dismissed_and_added_by_hand(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/home")
    browser.find_element(By.CSS_SELECTOR, "a[data-nav=budgets]").click()
    browser.find_element(By.ID, "to-recurring").click()
    wait(browser).until(EC.url_contains("/recurring"))
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".recurring-summary")))
    summary = browser.find_element(By.CSS_SELECTOR, ".recurring-summary").text
    assert "Your recurring payments cost €25.48 a month" in summary
    assert "new to look at" not in summary and "1 missed" in summary and "1 price change" in summary
    netflix = row(browser, "Netflix")
    assert "The price changed from €12.99 to €15.49" in netflix.text
    assert "€15.49 a month" in netflix.text and "€185.88 a year" in netflix.text and "Monthly" in netflix.text
    spotify = row(browser, "Spotify")
    assert "Missed" in spotify.text and "not seen since" in spotify.text
    assert not [r for r in browser.find_elements(By.CSS_SELECTOR, ".recurring-title strong") if r.text == "Rewe"]
    shot("found")

    netflix.find_element(By.CSS_SELECTOR, "button[aria-label='Confirm Netflix as recurring']").click()
    notice_saying(browser, "Confirmed as recurring.")
    assert "Confirmed" in row(browser, "Netflix").text
    assert person.recurring()["Netflix"]["state"] == "confirmed"

    row(browser, "Spotify").find_element(By.CSS_SELECTOR, "button[aria-label='Spotify is not recurring']").click()
    notice_saying(browser, "Dismissed: it will not be offered again.")
    dismissed = browser.find_element(By.CSS_SELECTOR, "details.dismissed-recurring")
    assert "Dismissed (1)" in dismissed.text
    assert "Your recurring payments cost €15.49 a month" in browser.find_element(By.CSS_SELECTOR, ".recurring-summary").text

    # Refused with the reason, the form as typed; then added.
    browser.find_element(By.ID, "payee").send_keys("FitX")
    browser.find_element(By.ID, "amount").send_keys("abc")
    browser.execute_script("document.getElementById('nextDate').value = arguments[0]",
                           (datetime.date.today() + datetime.timedelta(days=10)).isoformat())
    browser.find_element(By.CSS_SELECTOR, "#add-recurring button[type=submit]").click()
    error = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#add-recurring .field.invalid")))
    assert error.find_element(By.TAG_NAME, "input").get_attribute("id") == "amount"
    assert browser.find_element(By.ID, "payee").get_attribute("value") == "FitX"
    shot("refused")
    amount = browser.find_element(By.ID, "amount")
    amount.clear()
    amount.send_keys("24.90")
    Select(browser.find_element(By.ID, "rhythm")).select_by_visible_text("Monthly")
    browser.execute_script("document.getElementById('nextDate').value = arguments[0]",
                           (datetime.date.today() + datetime.timedelta(days=10)).isoformat())
    browser.find_element(By.CSS_SELECTOR, "#add-recurring button[type=submit]").click()
    notice_saying(browser, "Recurring payment added.")
    gym = row(browser, "FitX")
    assert "Added by hand" in gym.text and "not seen yet" in gym.text and "€24.90 a month" in gym.text
    assert person.recurring()["FitX"]["amount"] == "-24.90"
    shot("added")

    # Home lists the ones due next; a dismissed one is not among them.
    browser.get(sqlite_server.url + "/home")
    card = browser.find_element(By.CSS_SELECTOR, ".home-recurring")
    assert "Netflix" in card.text and "FitX" in card.text and "Spotify" not in card.text
    assert "Your recurring payments cost €40.39 a month" in card.text
    shot("home")
    card.find_element(By.LINK_TEXT, "All recurring payments").click()
    gym = row(browser, "FitX")
    gym.find_element(By.CSS_SELECTOR, "button[aria-label='Delete FitX']").click()
    notice_saying(browser, "Recurring payment deleted.")
    assert "FitX" not in person.recurring()


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark"), (390, "dark")])
def test_readable_on_a_phone_and_in_dark_mode(browser, shot, person, sqlite_server, width, scheme):
    open_as(browser, sqlite_server.url + "/recurring", width, scheme)
    netflix = row(browser, "Netflix")
    assert netflix.is_displayed()
    for button in netflix.find_elements(By.CSS_SELECTOR, "button"):
        assert button.size["height"] >= 32 and button.is_displayed()
    shot(f"{width}-{scheme}")
