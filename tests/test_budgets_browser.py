"""Budgets in headless Chromium: amounts typed in place (Enter moves down the column and each is
saved at once), what is over standing out, rollover, a refused amount with its reason, copying to
the next months, at desktop and phone width and in dark mode, with screenshots."""
import datetime

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import new_person
from test_browser import notice_saying, open_as, sign_in, wait


class Person:
    """A fresh account with Food (Groceries, Restaurants), Rent and Salary, and this month's
    spending in them."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "budgets", "Bea")
        food = self.api("POST", "/api/v1/categories", json={"name": "Food", "isGroup": True}).json()["id"]
        self.ids = {"Food": food}
        for name, extra in [("Groceries", {"groupId": food}), ("Restaurants", {"groupId": food}), ("Rent", {}),
                            ("Salary", {"isIncome": True})]:
            self.ids[name] = self.api("POST", "/api/v1/categories", json={"name": name, **extra}).json()["id"]
        today = datetime.datetime.now(datetime.timezone.utc).replace(day=1, hour=9, minute=0, second=0,
                                                                      microsecond=0)
        for payee, amount, category in [("REWE", "-120.50", "Groceries"), ("Pizza", "-45.00", "Restaurants"),
                                        ("Landlord", "-900.00", "Rent"), ("ACME", "3000.00", "Salary")]:
            made = self.api("POST", "/api/v1/transactions", json={
                "bookedAt": today.strftime("%Y-%m-%dT%H:%M:%SZ"), "payee": payee, "amount": amount,
                "currency": "EUR", "categoryId": self.ids[category]})
            assert made.status_code == 201, made.text

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)

    def line(self, name, month=None):
        sheet = self.api("GET", "/api/v1/budgets" + (f"?month={month}" if month else "")).json()
        return next(line for line in sheet["lines"] if line["name"] == name)


@pytest.fixture()
def person(sqlite_server, browser):
    someone = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=someone.email)
    return someone


def totals(browser):
    """The month's totals as written (the page shows their labels in capitals)."""
    return " ".join(browser.find_element(By.CSS_SELECTOR, ".budget-totals").get_attribute("textContent").split())


def row(browser, name):
    return next(tr for tr in browser.find_elements(By.CSS_SELECTOR, "#budget-sheet tbody tr")
                if tr.find_element(By.TAG_NAME, "th").text.split("\n")[0] == name)


def test_type_budgets_in_place_roll_over_and_copy(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/home")
    browser.find_element(By.CSS_SELECTOR, "a[data-nav=budgets]").click()
    wait(browser).until(EC.url_contains("/budgets"))
    assert "Income €3,000.00" in totals(browser) and "Left to budget €3,000.00" in totals(browser)
    shot("empty")

    groceries = browser.find_element(By.ID, f"budget-{person.ids['Groceries']}")
    groceries.send_keys("200", Keys.ENTER)
    # Read in the page itself: the save's redraw may replace the focused field (same id) at any moment.
    assert browser.execute_script("return document.activeElement.id") == f"budget-{person.ids['Restaurants']}"
    wait(browser).until(lambda _: person.line("Groceries").get("budgeted") == "200.00")
    wait(browser).until(lambda b: "€79.50" in row(b, "Groceries").text)
    browser.switch_to.active_element.send_keys("10", Keys.ENTER)
    wait(browser).until(lambda b: "over" in row(b, "Restaurants").get_attribute("class"))
    assert "-€35.00" in row(browser, "Restaurants").text
    food = row(browser, "Food")
    assert "€210.00" in food.text and "€165.50" in food.text, "the group totals its categories"
    assert "Budgeted €210.00" in totals(browser) and "Left to budget €2,790.00" in totals(browser)
    shot("typed")

    row(browser, "Groceries").find_element(By.CSS_SELECTOR, "input[type=checkbox]").click()
    browser.find_element(By.ID, "save-budgets").click()
    notice_saying(browser, "Budgets saved.")
    assert person.line("Groceries")["rollsOver"] is True

    rent = browser.find_element(By.ID, f"budget-{person.ids['Rent']}")
    rent.send_keys("abc")
    browser.find_element(By.ID, "save-budgets").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#budget-sheet .field-error")))
    assert browser.find_element(By.ID, f"budget-{person.ids['Rent']}").get_attribute("aria-invalid") == "true"
    assert person.line("Rent").get("budgeted") is None, "nothing was written"
    shot("refused")
    rent = browser.find_element(By.ID, f"budget-{person.ids['Rent']}")
    rent.send_keys(Keys.CONTROL, "a")
    rent.send_keys("900")
    browser.find_element(By.ID, "save-budgets").click()
    notice_saying(browser, "Budgets saved.")

    browser.find_element(By.CSS_SELECTOR, "button[value=copy]").click()
    notice_saying(browser, "9 budgets copied.")
    month = datetime.date.today().replace(day=1) + datetime.timedelta(days=32)
    following = f"{month.year:04d}-{month.month:02d}"
    assert person.line("Rent", following)["budgeted"] == "900.00"
    groceries_next = person.line("Groceries", following)
    assert groceries_next["carried"] == "79.50", "what was left rolled into the next month"
    browser.find_element(By.CSS_SELECTOR, ".month-steps a:last-child").click()
    assert "+€79.50 from" in row(browser, "Groceries").text
    shot("next-month")


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark"), (390, "dark")])
def test_budgets_on_a_phone_and_in_dark_mode(browser, shot, person, sqlite_server, width, scheme):
    person.api("PUT", f"/api/v1/budgets/{person.ids['Groceries']}", json={"amount": "100"})
    open_as(browser, sqlite_server.url + "/budgets", width, scheme)
    assert "over" in row(browser, "Groceries").get_attribute("class")
    for field in browser.find_elements(By.CSS_SELECTOR, "input.budget-input"):
        assert field.size["height"] >= 44
    shot(f"{width}-{scheme}")
