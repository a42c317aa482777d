"""Reports in headless Chromium: the charts and their tables for the last months, a table's cell
opening the list filtered to exactly what it counted (the list's total is the cell), by group,
the CSV download, at desktop and phone width and in dark mode, with screenshots."""
import datetime

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import new_person
from test_browser import open_as, sign_in, wait


def months_back(count):
    """The first day of this month and of the `count` months before, oldest first."""
    first = datetime.date.today().replace(day=1)
    days = [first]
    for _ in range(count):
        days.insert(0, (days[0] - datetime.timedelta(days=1)).replace(day=1))
    return days


class Person:
    """A fresh account with Food (Groceries, Restaurants) and Salary, and three months of them."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "reports", "Rosa")
        food = self.api("POST", "/api/v1/categories", json={"name": "Food", "isGroup": True}).json()["id"]
        self.ids = {"Food": food}
        for name, extra in [("Groceries", {"groupId": food}), ("Restaurants", {"groupId": food}),
                            ("Salary", {"isIncome": True})]:
            self.ids[name] = self.api("POST", "/api/v1/categories", json={"name": name, **extra}).json()["id"]
        for index, first in enumerate(months_back(2)):
            for payee, amount, category in [("REWE", f"-{100 + index * 10}.00", "Groceries"),
                                            ("Pizza", "-30.00", "Restaurants"), ("ACME", "2500.00", "Salary")]:
                made = self.api("POST", "/api/v1/transactions", json={
                    "bookedAt": f"{first.isoformat()}T12:00:00Z", "payee": payee, "amount": amount,
                    "currency": "EUR", "categoryId": self.ids[category]})
                assert made.status_code == 201, made.text

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)


@pytest.fixture()
def person(sqlite_server, browser):
    someone = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=someone.email)
    return someone


def test_charts_tables_links_and_csv(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/budgets")
    browser.find_element(By.ID, "to-reports").click()
    wait(browser).until(EC.url_contains("/reports"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.bar-chart")) == 2
    rows = browser.find_elements(By.CSS_SELECTOR, "#income-spending-table tbody tr")
    assert len(rows) == 12
    assert "€2,500.00" in rows[-1].text and "€150.00" in rows[-1].text and "€2,350.00" in rows[-1].text
    totals = " ".join(browser.find_element(By.CSS_SELECTOR, ".totals").get_attribute("textContent").split())
    assert "Income €7,500.00" in totals and "Spending €420.00" in totals and "Net €7,080.00" in totals
    shot("report")

    groceries = next(tr for tr in browser.find_elements(By.CSS_SELECTOR, "#by-category-table tbody tr")
                     if tr.find_element(By.TAG_NAME, "th").text == "Groceries")
    cell = groceries.find_elements(By.CSS_SELECTOR, "td a")[-1]
    assert cell.text == "€120.00"
    cell.click()
    assert "/transactions" in browser.current_url
    shown = browser.find_element(By.CSS_SELECTOR, ".total[data-currency=EUR]").text
    assert "120.00" in shown, "the list's total is the report's cell"

    browser.get(sqlite_server.url + "/reports")
    Select(browser.find_element(By.ID, "by")).select_by_visible_text("Group")
    Select(browser.find_element(By.ID, "months")).select_by_visible_text("The last 24 months")
    browser.find_element(By.CSS_SELECTOR, ".report-filters button[type=submit]").click()
    wait(browser).until(EC.url_contains("by=group"))
    assert "months=24" in browser.current_url
    assert len(browser.find_elements(By.CSS_SELECTOR, "#income-spending-table tbody tr")) == 24
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#by-category-table tbody th")]
    assert heads == ["Food"]

    link = browser.find_element(By.ID, "report-csv").get_attribute("href")
    session = requests.Session()
    for cookie in browser.get_cookies():
        session.cookies.set(cookie["name"], cookie["value"])
    csv = session.get(link, timeout=30)
    assert csv.status_code == 200 and csv.headers["Content-Type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0] == "Month,Income,Spending,Net,Food" and len(lines) == 25
    assert lines[-1].endswith(",2500.00,150.00,2350.00,150.00")


@pytest.mark.parametrize("width,scheme", [(390, "light"), (1280, "dark"), (390, "dark")])
def test_reports_on_a_phone_and_in_dark_mode(browser, shot, person, sqlite_server, width, scheme):
    open_as(browser, sqlite_server.url + "/reports", width, scheme)
    assert browser.find_element(By.CSS_SELECTOR, "svg.bar-chart").is_displayed()
    shot(f"{width}-{scheme}")


def test_reports_print_without_the_filters(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/reports")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert not browser.find_element(By.CSS_SELECTOR, ".report-filters").is_displayed()
    assert browser.find_element(By.ID, "by-category-table").is_displayed()
    shot("print")


def test_net_worth_year_and_one_category(browser, shot, person, sqlite_server):
    browser.get(sqlite_server.url + "/reports")
    browser.find_element(By.LINK_TEXT, "Net worth").click()
    wait(browser).until(EC.url_contains("/reports/net-worth"))
    last = browser.find_elements(By.CSS_SELECTOR, "#net-worth-table tbody tr")[-1]
    assert "€7,080.00" in last.text, "three months of 2,500 in less what went out"
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.bar-chart rect")) == 3
    shot("net-worth")
    # A bar opens its month's list.
    bars = browser.find_elements(By.CSS_SELECTOR, "svg.bar-chart a")
    browser.get(sqlite_server.url + bars[-1].get_dom_attribute("href"))
    assert "/transactions" in browser.current_url and "from=" in browser.current_url
    assert "2,350.00" in browser.find_element(By.CSS_SELECTOR, ".total[data-currency=EUR]").text

    browser.get(sqlite_server.url + "/reports")
    browser.find_element(By.LINK_TEXT, "Year in review").click()
    wait(browser).until(EC.url_contains("/reports/year"))
    groceries = next(tr for tr in browser.find_elements(By.CSS_SELECTOR, "#year-table tbody tr")
                     if tr.find_element(By.TAG_NAME, "th").text == "Groceries")
    total = groceries.find_element(By.CSS_SELECTOR, "td.total-cell")
    shown = total.text
    shot("year")
    total.find_element(By.TAG_NAME, "a").click()
    assert "/transactions" in browser.current_url
    assert shown.lstrip("€") in browser.find_element(By.CSS_SELECTOR, ".total[data-currency=EUR]").text

    # One category's trend: its bars, the dashed average and the average row.
    browser.get(sqlite_server.url + "/reports")
    Select(browser.find_element(By.ID, "category")).select_by_visible_text("\u2003Groceries")
    browser.find_element(By.CSS_SELECTOR, ".report-filters button[type=submit]").click()
    wait(browser).until(EC.url_contains("category="))
    assert browser.find_elements(By.CSS_SELECTOR, "svg.bar-chart .average-line")
    average = browser.find_element(By.CSS_SELECTOR, "#income-spending-table tfoot").text
    assert "€27.50" in average, "330 over twelve months"
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#by-category-table tbody th")]
    assert heads == ["Groceries"]
    shot("trend")


def test_home_budget_and_net_worth_cards(browser, shot, person, sqlite_server):
    groceries = person.ids["Groceries"]
    month = datetime.date.today().strftime("%Y-%m")
    answer = person.api("PUT", f"/api/v1/budgets/{groceries}", json={"month": month, "amount": "100.00"})
    assert answer.status_code == 200, answer.text
    browser.get(sqlite_server.url + "/home")
    card = browser.find_element(By.CSS_SELECTOR, ".home-budget")
    text = " ".join(card.text.split())
    assert "€150.00 spent of €100.00 budgeted" in text and "Over budget: Groceries" in text
    worth = browser.find_element(By.CSS_SELECTOR, ".home-net-worth")
    assert "€7,080.00" in worth.text
    assert len(worth.find_elements(By.CSS_SELECTOR, "svg.bar-chart rect")) == 3
    shot("home")
    browser.find_element(By.ID, "home-net-worth").click()
    wait(browser).until(EC.url_contains("/reports/net-worth"))


@pytest.mark.parametrize("path", ["/reports/net-worth", "/reports/year", "/home"])
@pytest.mark.parametrize("width,scheme", [(390, "light"), (390, "dark"), (1280, "dark")])
def test_new_reports_on_a_phone_and_in_dark_mode(browser, shot, person, sqlite_server, path, width, scheme):
    open_as(browser, sqlite_server.url + path, width, scheme)
    shot(f"{path.strip('/').replace('/', '-')}-{width}-{scheme}")
