"""The home page in headless Chromium: open projects with completion, up next and more to explore
linking to item edit pages, the review count with its button, this month's spending
per category (a track each, its name inside), and recent awards; on a desktop and on a phone."""
import datetime

import requests
from selenium.webdriver.common.by import By

from conftest import new_person
from test_browser import sign_in


def test_home_dashboard(browser, shot, sqlite_server):
    email, token = new_person(sqlite_server, "home", "Hal")

    def api(method, path, **body):
        response = requests.request(method, sqlite_server.url + path, json=body or None, timeout=30,
                                    headers={"Authorization": f"Bearer {token}"})
        assert response.ok, response.text
        return response.json() if response.content else None

    project = api("POST", "/api/v1/projects", title="Kitchen", colour="orange")["id"]
    for index in range(12):
        item = api("POST", f"/api/v1/projects/{project}/items", title=f"Task {index:02d}",
                   priority="high" if index < 11 else "low")
        if index == 0:
            api("PATCH", f"/api/v1/projects/{project}/items/{item['id']}", completed=True)
    food = api("POST", "/api/v1/categories", name="Food", colour="green")["id"]
    now = datetime.datetime.now(datetime.timezone.utc).replace(day=1, hour=9, minute=0, second=0, microsecond=0)
    for payee, amount, category in [("Market", "-40.00", food), ("Cafe", "-5.50", food), ("Kiosk", "-2.00", None),
                                    ("Salary", "1000.00", None)]:
        body = {"bookedAt": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "payee": payee, "amount": amount, "currency": "EUR"}
        if category:
            body["categoryId"] = category
        api("POST", "/api/v1/transactions", **body)

    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/home")
    assert "4 transactions" in browser.find_element(By.CSS_SELECTOR, ".home-review").text
    assert browser.find_element(By.LINK_TEXT, "Start reviewing").get_attribute("href").endswith("/review")
    projects = browser.find_element(By.CSS_SELECTOR, ".home-projects").text
    assert "Kitchen" in projects and "8%" in projects, "1 of 12 done"
    up_next = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".up-next a")]
    more = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".more-to-explore a")]
    assert up_next == ["Task 10", "Task 09", "Task 08"] and len(more) == 7, "newest high-priority first"
    assert "Task 00" not in up_next + more and "Task 11" not in up_next + more
    link = browser.find_element(By.LINK_TEXT, "Task 10").get_attribute("href")
    assert f"/projects/{project}/items/" in link and link.endswith("/edit")
    chart = browser.find_element(By.CSS_SELECTOR, "ol.bars")
    assert chart.get_attribute("aria-label") == "Spending this month in EUR, by category"
    bars = chart.find_elements(By.CSS_SELECTOR, ".bar-row")
    rows = [[b.find_element(By.CSS_SELECTOR, ".bar-label").text, b.find_element(By.CSS_SELECTOR, ".bar-value").text]
            for b in bars]
    assert rows == [["Food", "-€45.50"], ["Uncategorized", "-€2.00"]], "spending only; income is not in it"
    # The small category is as readable as the large one: the same track, its whole name shown.
    assert bars[0].rect["width"] == bars[1].rect["width"]
    small = bars[1].find_element(By.CSS_SELECTOR, ".bar-label")
    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", small)
    fills = [b.find_element(By.CSS_SELECTOR, ".bar-fill").rect["width"] for b in bars]
    assert fills[0] == bars[0].rect["width"] and 0 < fills[1] < fills[0] / 10, "filled in proportion to the largest"
    # Every transaction's sum (the PAYBACK app's planned Feed), as the API and the feed say it.
    everything = browser.find_element(By.CSS_SELECTOR, ".home-all-transactions").text
    assert "All transactions" in everything and "+€952.50" in everything and "4 transactions" in everything
    assert api("GET", "/api/v1/home")["totals"] == [{"amount": "952.50", "count": 4, "currency": "EUR"}]
    assert api("GET", "/payback/transactions")["totals"] == [{"amount": 952.5, "count": 4, "currency": "EUR"}]
    awards = browser.find_element(By.CSS_SELECTOR, ".home-awards").text
    assert "First Step" in awards and "Done and Dusted" in awards
    shot("desktop")
    browser.set_window_size(390, 844)
    browser.get(sqlite_server.url + "/home")
    assert browser.find_element(By.CSS_SELECTOR, ".app-nav").location["y"] > 500, "tab bar at the bottom"
    shot("phone")
