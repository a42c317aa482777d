"""Splits, groups and tags on a transaction's page in headless Chromium: split a purchase into
parts (a wrong sum is refused with what it adds up to), see the parts counted and the parent not,
unsplit; tag it and find it by its tag; a group made through the API shown with its members and
ungrouped."""
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import PASSWORD, billfold, new_person
from test_browser import sign_in, wait


@pytest.fixture()
def shopper(browser, sqlite_server):
    """A fresh person, signed in, with three purchases added through the API: (server, token, ids)."""
    email, token = new_person(sqlite_server, "split", "Sam")
    sign_in(browser, sqlite_server, email=email)
    headers = {"Authorization": f"Bearer {token}"}
    ids = []
    for payee, amount, day in [("Supermarket", "-60.00", "05"), ("Bakery", "-4.40", "06"), ("Cafe", "-3.10", "07")]:
        made = sqlite_server.api("POST", "/api/v1/transactions", headers=headers, json={
            "bookedAt": f"2026-03-{day}T10:00:00Z", "payee": payee, "amount": amount, "currency": "EUR"})
        assert made.status_code == 201, made.text
        ids.append(made.json()["id"])
    category = sqlite_server.api("POST", "/api/v1/categories", headers=headers, json={"name": "Household"})
    assert category.status_code == 201, category.text
    return sqlite_server, headers, ids


def totals(server, headers, query=""):
    return server.api("GET", "/api/v1/transactions?" + query, headers=headers).json()["totals"]


def test_split_unsplit_and_tags_on_the_page(browser, shot, shopper):
    server, headers, ids = shopper
    browser.get(f"{server.url}/transactions/{ids[0]}")
    browser.find_element(By.CSS_SELECTOR, "#split summary").click()
    browser.find_element(By.ID, "amount1").send_keys("40.00")
    browser.find_element(By.ID, "amount2").send_keys("15.00")
    shot("split-form")
    browser.find_element(By.XPATH, "//button[text()='Split']").click()
    error = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#split .form-error")))
    assert "The parts add up to -55.00 EUR, not -60.00 EUR." in error.text
    # The form comes back open with every part as typed: only the wrong one is typed again.
    assert browser.find_element(By.ID, "amount1").get_attribute("value") == "40.00"
    Select(browser.find_element(By.NAME, "category1")).select_by_visible_text("Household")
    browser.find_element(By.NAME, "payee1").send_keys("Cleaning things")
    browser.find_element(By.ID, "amount2").clear()
    browser.find_element(By.ID, "amount2").send_keys("20.00")
    browser.find_element(By.XPATH, "//button[text()='Split']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Split."))
    section = browser.find_element(By.ID, "split")
    assert "Split into 2 parts" in section.text
    assert [p.text for p in section.find_elements(By.CSS_SELECTOR, ".payee")] == ["Cleaning things", "Supermarket"]
    shot("split-done")
    # Four transactions count (two parts, bakery, cafe): the same money as before.
    assert totals(server, headers) == [{"amount": "-67.50", "count": 4, "currency": "EUR"}]
    browser.get(server.url + "/transactions")
    parent = browser.find_element(By.CSS_SELECTOR, f".txn-row[data-id='{ids[0]}']")
    assert "Split · not counted" in parent.text
    assert "uncounted" in parent.find_element(By.CSS_SELECTOR, ".amount").get_attribute("class")
    shot("list-with-split")
    browser.get(f"{server.url}/transactions/{ids[0]}")
    browser.find_element(By.XPATH, "//button[text()='Unsplit']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Unsplit."))
    assert totals(server, headers) == [{"amount": "-67.50", "count": 3, "currency": "EUR"}]

    # Tags: a new one typed on the page, then the list filtered by it.
    browser.find_element(By.ID, "new-tag").send_keys("Weekly shop")
    browser.find_element(By.XPATH, "//button[text()='Save tags']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Saved."))
    box = browser.find_element(By.CSS_SELECTOR, "#tags input[type=checkbox]")
    assert box.is_selected()
    shot("tags")
    tag = server.api("GET", "/api/v1/tags", headers=headers).json()["tags"][0]
    assert tag["name"] == "Weekly shop"
    browser.get(f"{server.url}/transactions")
    Select(browser.find_element(By.ID, "tag")).select_by_visible_text("Weekly shop")
    browser.find_element(By.XPATH, "//button[text()='Apply']").click()
    wait(browser).until(EC.url_contains(f"tag={tag['id']}"))
    # The list's script may redraw the rows as they are read: read them in one step, and again.
    listed = wait(browser).until(lambda b: [r.get_attribute("data-id") for r in b.find_elements(By.CSS_SELECTOR, ".txn-row")])
    assert listed == [str(ids[0])]
    # The chip says "Tag: Weekly shop" to a screen reader; the words shown are the last line.
    chips = wait(browser).until(lambda b: [c.text.splitlines()[-1] for c in b.find_elements(By.CSS_SELECTOR, ".txn-row .chip-tag")])
    assert chips == ["Weekly shop"]
    shot("list-by-tag")
    browser.get(f"{server.url}/transactions/{ids[0]}")
    browser.find_element(By.CSS_SELECTOR, "#tags input[type=checkbox]").click()
    browser.find_element(By.XPATH, "//button[text()='Save tags']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Saved."))
    assert totals(server, headers, f"tag={tag['id']}") == []


def test_a_group_shows_its_members_and_ungroups(browser, shot, shopper):
    server, headers, ids = shopper
    made = server.api("POST", "/api/v1/transaction-groups", headers=headers,
                      json={"transactionIds": ids[1:], "payee": "Breakfasts"})
    assert made.status_code == 201, made.text
    group = made.json()
    browser.get(f"{server.url}/transactions/{group['id']}")
    section = browser.find_element(By.ID, "split")
    assert "Group of 2 transactions" in section.text
    assert sorted(p.text for p in section.find_elements(By.CSS_SELECTOR, ".payee")) == ["Bakery", "Cafe"]
    shot("group")
    # In the list the group is one row; its members open beneath it.
    browser.get(f"{server.url}/transactions")
    top = wait(browser).until(lambda b: [r.get_attribute("data-id") for r in b.find_elements(By.CSS_SELECTOR, "#transaction-list > .txn-row")])
    assert str(group["id"]) in top and str(ids[1]) not in top and str(ids[2]) not in top
    row = browser.find_element(By.CSS_SELECTOR, f"#transaction-list > .txn-row[data-id='{group['id']}']")
    summary = row.find_element(By.CSS_SELECTOR, ".txn-members summary")
    assert summary.text == "2 transactions in this group"
    summary.click()
    members = row.find_elements(By.CSS_SELECTOR, ".txn-members .txn-row .payee")
    assert sorted(m.text for m in members) == ["Bakery", "Cafe"]
    shot("list-with-group")
    browser.get(f"{server.url}/transactions/{ids[1]}")
    browser.find_element(By.LINK_TEXT, "In a group: see the group").click()
    browser.find_element(By.XPATH, "//button[text()='Ungroup']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Ungrouped"))
    assert server.api("GET", f"/api/v1/transactions/{group['id']}", headers=headers).status_code == 404
    assert totals(server, headers) == [{"amount": "-67.50", "count": 3, "currency": "EUR"}]


def test_tags_are_renamed_and_deleted_in_settings(browser, shot, shopper):
    server, headers, ids = shopper
    for name in ["Trip", "Tax 2026"]:
        assert server.api("POST", "/api/v1/tags", headers=headers, json={"name": name}).status_code == 201
    tags = {t["name"]: t["id"] for t in server.api("GET", "/api/v1/tags", headers=headers).json()["tags"]}
    put = server.api("PUT", f"/api/v1/transactions/{ids[0]}/tags", headers=headers, json={"tagIds": [tags["Trip"]]})
    assert put.status_code == 200, put.text
    browser.get(server.url + "/settings#tags")
    field = browser.find_element(By.ID, f"tag-{tags['Trip']}")
    field.clear()
    field.send_keys("Tax 2026")
    field.find_element(By.XPATH, "ancestor::form//button[text()='Rename']").click()
    error = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, f"#tag-{tags['Trip']}-error")))
    assert error.text == "You already have a tag called “Tax 2026”."
    shot("tags-rename-refused")
    field = browser.find_element(By.ID, f"tag-{tags['Trip']}")
    field.clear()
    field.send_keys("Summer trip")
    field.find_element(By.XPATH, "ancestor::form//button[text()='Rename']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Tag renamed."))
    names = sorted(t["name"] for t in server.api("GET", "/api/v1/tags", headers=headers).json()["tags"])
    assert names == ["Summer trip", "Tax 2026"]
    browser.find_element(By.ID, "new-tag").send_keys("summer TRIP")
    browser.find_element(By.XPATH, "//button[text()='Add tag']").click()
    error = wait(browser).until(EC.presence_of_element_located((By.ID, "new-tag-error")))
    assert "already have a tag" in error.text
    assert browser.find_element(By.ID, "new-tag").get_attribute("value") == "summer TRIP", "what was typed stays"
    shot("tags-settings")
    browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete tag Summer trip']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Tag deleted."))
    assert [t["name"] for t in server.api("GET", "/api/v1/tags", headers=headers).json()["tags"]] == ["Tax 2026"]
    # The transaction it was on is still there, without it.
    tagged = server.api("GET", f"/api/v1/transactions/{ids[0]}/tags", headers=headers)
    assert tagged.status_code == 200 and tagged.json()["tags"] == []
