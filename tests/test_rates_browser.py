"""Exchange rates in headless Chromium: the list's one converted total, a currency without a rate
named and left out, a person's own rate set and deleted in Settings, a refused rate, at desktop
and phone width and in dark mode, with screenshots."""
import datetime

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import new_person
from test_browser import open_as, sign_in, wait


class Person:
    """A fresh account with a euro and a dollar spending today."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "rates", "Rafa")
        today = datetime.date.today().isoformat()
        for payee, amount, currency in [("Market", "-50.00", "EUR"), ("Diner", "-100.00", "USD")]:
            made = self.api("POST", "/api/v1/transactions", json={
                "bookedAt": f"{today}T12:00:00Z", "payee": payee, "amount": amount, "currency": currency})
            assert made.status_code == 201, made.text

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)


@pytest.fixture()
def person(sqlite_server, browser):
    someone = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=someone.email)
    return someone


def submit(browser, button):
    """Clicks a form's button and waits for the page it leads to."""
    old = browser.find_element(By.TAG_NAME, "html")
    button.click()
    wait(browser).until(EC.staleness_of(old))


def converted(browser):
    return " ".join(browser.find_element(By.CSS_SELECTOR, ".total-converted").text.split())


def test_converted_total_and_own_rates(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/transactions")
    assert "USD has no rate and is left out" in converted(browser), "never counted one for one"
    assert "-€50.00" in converted(browser)

    browser.get(sqlite_server.url + "/settings#rates")
    section = browser.find_element(By.ID, "rates")
    section.find_element(By.ID, "rate-currency").send_keys("USD")
    section.find_element(By.ID, "rate-rate").send_keys("1,5")
    submit(browser, section.find_element(By.CSS_SELECTOR, ".rate-form button[type=submit]"))
    section = browser.find_element(By.ID, "rates")
    assert "is not a rate" in section.text
    assert section.find_element(By.ID, "rate-currency").get_attribute("value") == "USD", "what was typed stays"
    field = section.find_element(By.ID, "rate-rate")
    field.clear()
    field.send_keys("0.9")
    submit(browser, section.find_element(By.CSS_SELECTOR, ".rate-form button[type=submit]"))
    assert "Rate set." in browser.page_source
    rows = browser.find_elements(By.CSS_SELECTOR, ".personal-rates li")
    assert len(rows) == 1 and "1 USD = 0.9 EUR" in rows[0].text
    shot("settings")

    browser.get(sqlite_server.url + "/transactions")
    assert "≈ -€140.00" in converted(browser), "50 euros and 100 dollars at 0.9"
    assert "left out" not in converted(browser)
    shot("list")

    # Net worth: what the accounts hold now, all converted at today's rate, beside each currency.
    browser.get(sqlite_server.url + "/reports/net-worth")
    assert "≈ -€140.00" in converted(browser)
    assert "each month's end at that day's rate" in converted(browser)
    assert "Net worth, all converted to EUR" in browser.find_element(By.ID, "net-worth").text
    last = browser.find_elements(By.CSS_SELECTOR, "#net-worth-table tbody tr")[-1]
    assert last.find_element(By.CSS_SELECTOR, "td[data-converted=EUR]").text == "≈ -€140.00"
    shot("net-worth")

    # Home's net-worth card leads with the converted figure, each currency beneath it.
    browser.get(sqlite_server.url + "/home")
    card = browser.find_element(By.CSS_SELECTOR, ".home-net-worth")
    assert card.find_element(By.CSS_SELECTOR, ".home-net-worth-figure[data-converted=EUR]").text == "≈ -€140.00"
    assert "from -€50.00 · -$100.00" in card.find_element(By.CSS_SELECTOR, ".home-net-worth-parts").text
    shot("home")

    # The reports: spending in euros, and with the dollars converted in beside it.
    browser.get(sqlite_server.url + "/reports")
    figures = converted(browser)
    assert "Spending ≈ €140.00" in figures and "Net ≈ -€140.00" in figures and "Income ≈ €0.00" in figures
    shot("reports")

    # Budgets: what was spent this month in every currency.
    browser.get(sqlite_server.url + "/budgets")
    assert "≈ €140.00" in converted(browser) and "SPENT, ALL CONVERTED" in converted(browser).upper()
    shot("budgets")

    browser.get(sqlite_server.url + "/settings#rates")
    submit(browser, browser.find_element(By.CSS_SELECTOR, ".personal-rates button.danger"))
    assert "Rate deleted." in browser.page_source
    assert not browser.find_elements(By.CSS_SELECTOR, ".personal-rates li")


@pytest.mark.parametrize("path", ["/transactions", "/settings", "/reports/net-worth", "/reports", "/budgets"])
@pytest.mark.parametrize("width,scheme", [(390, "dark"), (1280, "dark")])
def test_rates_on_a_phone_and_in_dark_mode(browser, shot, person, sqlite_server, path, width, scheme):
    person.api("POST", "/api/v1/rates", json={"currency": "USD", "rate": "0.9"})
    open_as(browser, sqlite_server.url + path, width, scheme)
    shot(f"{path.strip('/').replace('/', '-')}-{width}-{scheme}")
