"""The categories pages in headless Chromium: add (with a validation error first), edit, delete
with reassignment, bulk delete, search and sort, the empty state, and the pages without JavaScript.
Each test saves screenshots of the states it passes through."""
import uuid

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import PASSWORD, SHOTS, billfold, chromium
from test_browser import sign_in, wait


def unique(prefix):
    return f"{prefix} {uuid.uuid4().hex[:6]}"


def row(browser, name):
    """The list row whose name is `name`, or None."""
    for item in browser.find_elements(By.CSS_SELECTOR, ".category-row"):
        if item.find_element(By.CSS_SELECTOR, ".category-name strong").text == name:
            return item
    return None


def names_shown(browser):
    """The names in the list, in order; None while the script is swapping the list."""
    try:
        return [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".category-name strong")]
    except StaleElementReferenceException:
        return None


def error_text(browser, field):
    return browser.find_element(By.ID, f"{field}-error").get_attribute("textContent").strip()


def create(server, **body):
    response = server.api("POST", "/api/v1/categories", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def test_add_with_a_validation_error_first(browser, shot, sqlite_server):
    server = sqlite_server
    sign_in(browser, server)
    browser.get(server.url + "/categories/new")
    name = browser.find_element(By.ID, "name")
    save = browser.find_element(By.ID, "save")
    assert not save.is_enabled(), "Save is disabled while the form is invalid"
    name.send_keys("A")
    wait(browser).until(lambda b: error_text(b, "name") == "A name needs at least 2 characters.")
    assert not save.is_enabled()
    assert browser.find_element(By.ID, "name-count").text == "1 / 100"
    shot("too-short")
    # The same rule and words the server uses for names already taken in the chosen place.
    name.send_keys(Keys.BACKSPACE, "groceries")
    Select(browser.find_element(By.ID, "groupId")).select_by_visible_text("Food")
    wait(browser).until(lambda b: error_text(b, "name") == "A category named “groceries” already exists in “Food”.")
    shot("taken-in-group")
    title = unique("Aquarium")
    name.clear()
    name.send_keys(title)
    browser.find_element(By.ID, "description").send_keys("Fish food and filters")
    browser.find_element(By.CSS_SELECTOR, ".swatch[title=Teal]").click()
    browser.find_element(By.CSS_SELECTOR, ".icon-choice[title=Paw]").click()
    wait(browser).until(lambda b: save.is_enabled())
    assert error_text(browser, "name") == ""
    shot("valid")
    save.click()
    wait(browser).until(EC.url_contains("/categories?saved="))
    assert browser.find_element(By.CSS_SELECTOR, ".notice").text == f"Saved “{title}”."
    added = row(browser, title)
    assert added is not None and "child" in added.get_attribute("class"), "shown indented under Food"
    shot("added")
    saved = [c for c in server.api("GET", "/api/v1/categories").json()["categories"] if c["name"] == title][0]
    assert (saved["colour"], saved["icon"], saved["description"]) == ("teal", "paw", "Fish food and filters")


def test_a_failed_save_keeps_what_was_typed(browser, shot, sqlite_server):
    server = sqlite_server
    sign_in(browser, server)
    title = unique("Plants")
    browser.get(server.url + "/categories/new")
    browser.find_element(By.ID, "name").send_keys(title)
    browser.find_element(By.ID, "description").send_keys("Pots and soil")
    browser.find_element(By.CSS_SELECTOR, ".swatch[title=Green]").click()
    # Someone else takes the name after the page loaded: only the server can know.
    create(server, name=title.upper())
    browser.find_element(By.ID, "save").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".form-error")))
    assert error_text(browser, "name") == f"A category named “{title}” already exists in the top level."
    assert browser.find_element(By.ID, "name").get_attribute("value") == title
    assert browser.find_element(By.ID, "description").get_attribute("value") == "Pots and soil"
    assert browser.find_element(By.CSS_SELECTOR, "input[name=colour][value=green]").is_selected()
    shot("kept")


def test_edit_and_move_into_a_group(browser, shot, sqlite_server):
    server = sqlite_server
    title = unique("Hobbies")
    created = create(server, name=title, description="Old words")
    sign_in(browser, server)
    browser.get(server.url + "/categories")
    row(browser, title).find_element(By.LINK_TEXT, "Edit").click()
    wait(browser).until(EC.url_contains(f"/categories/{created['id']}/edit"))
    shot("before")
    description = browser.find_element(By.ID, "description")
    description.clear()
    description.send_keys("Model trains and paint")
    Select(browser.find_element(By.ID, "groupId")).select_by_visible_text("Leisure")
    browser.find_element(By.ID, "save").click()
    wait(browser).until(EC.url_contains("/categories?saved="))
    moved = row(browser, title)
    assert "child" in moved.get_attribute("class")
    assert moved.find_element(By.CSS_SELECTOR, ".description").text == "Model trains and paint"
    shot("after")
    detail = server.api("GET", f"/api/v1/categories/{created['id']}").json()
    leisure = [c for c in server.api("GET", "/api/v1/categories").json()["categories"] if c["name"] == "Leisure"][0]
    assert detail["groupId"] == leisure["id"] and detail["updatedAt"] is not None


def test_delete_with_reassignment(browser, shot, sqlite_server):
    server = sqlite_server
    title = unique("Snacks")
    snacks = create(server, name=title)
    target_name = unique("Treats")
    target = create(server, name=target_name)
    ids = [t["id"] for t in server.api("GET", "/api/v1/transactions?category=none&limit=3").json()["transactions"]]
    if len(ids) < 3:
        ids = [t["id"] for t in server.api("GET", "/api/v1/transactions?limit=3").json()["transactions"]]
    for id in ids:
        assert server.api("PATCH", f"/api/v1/transactions/{id}", json={"categoryId": snacks["id"]}).ok
    before = server.api("GET", "/api/v1/transactions?limit=1").json()["totals"]
    sign_in(browser, server)
    browser.get(server.url + "/categories")
    row(browser, title).find_element(By.LINK_TEXT, "Delete").click()
    wait(browser).until(EC.url_contains("/delete"))
    assert browser.find_element(By.TAG_NAME, "h1").text == f"Delete “{title}”?"
    assert "3 transactions use it." in browser.find_element(By.CSS_SELECTOR, ".delete-summary").text
    shot("confirm")
    # Deleting without choosing where they go is refused, and nothing changes.
    browser.find_element(By.CSS_SELECTOR, ".delete-card button[type=submit]").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".form-error")))
    assert "Choose where they go" in browser.find_element(By.CSS_SELECTOR, ".form-error").text
    shot("refused")
    Select(browser.find_element(By.ID, "reassignTo")).select_by_visible_text(target_name)
    browser.find_element(By.CSS_SELECTOR, ".delete-card button[type=submit]").click()
    wait(browser).until(EC.url_contains("/categories?deleted=1"))
    assert browser.find_element(By.CSS_SELECTOR, ".notice").text == (
        f"Deleted 1 category. 3 transactions moved to “{target_name}”.")
    assert row(browser, title) is None
    shot("done")
    for id in ids:
        assert server.api("GET", f"/api/v1/transactions/{id}").json()["categoryId"] == target["id"]
    assert server.api("GET", "/api/v1/transactions?limit=1").json()["totals"] == before, "no transaction lost"


def test_bulk_delete(browser, shot, sqlite_server):
    server = sqlite_server
    names = [unique("Old"), unique("Older")]
    for name in names:
        create(server, name=name)
    sign_in(browser, server)
    browser.set_window_size(390, 844)
    browser.get(server.url + "/categories?q=Old")
    # On a phone every tick box is a 44 px target (the box around it takes the tap).
    targets = browser.execute_script("""
        return [...document.querySelectorAll('input[type=checkbox]')].filter((box) => box.offsetParent !== null)
          .map((box) => (box.closest('label') ?? box).getBoundingClientRect()).map((r) => [r.width, r.height]);
    """)
    assert targets and all(w >= 44 and h >= 44 for w, h in targets), targets
    browser.set_window_size(1280, 900)
    button = browser.find_element(By.ID, "bulk-delete")
    assert not button.is_enabled(), "nothing selected yet"
    for name in names:
        row(browser, name).find_element(By.CSS_SELECTOR, "input.select").click()
    assert button.text == "Delete 2 selected"
    assert "2 of" in browser.find_element(By.ID, "selection-count").text
    shot("selected")
    button.click()
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Delete 2 categories?"))
    assert {c.text for c in browser.find_elements(By.CSS_SELECTOR, ".delete-names .chip")} == set(names)
    assert "No transactions use them." in browser.find_element(By.CSS_SELECTOR, ".delete-summary").text
    shot("confirm")
    browser.find_element(By.CSS_SELECTOR, ".delete-card button[type=submit]").click()
    wait(browser).until(EC.url_contains("deleted=2"))
    assert "Deleted 2 categories." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    left = {c["name"] for c in server.api("GET", "/api/v1/categories").json()["categories"]}
    assert not set(names) & left


def test_search_and_sort_refresh_in_place(browser, shot, sqlite_server):
    server = sqlite_server
    sign_in(browser, server)
    browser.get(server.url + "/categories")
    browser.execute_script("window.stillHere = true")
    browser.find_element(By.ID, "q").send_keys("weekly")
    wait(browser).until(lambda b: names_shown(b) == ["Food", "Groceries"])
    assert browser.execute_script("return window.stillHere") is True, "no full reload"
    assert "q=weekly" in browser.current_url
    shot("search")
    search = browser.find_element(By.ID, "q")
    search.clear()
    search.send_keys("zzz-nothing")
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, "#category-list h2"),
                                                         "No categories match “zzz-nothing”"))
    shot("no-match")
    search.clear()
    Select(browser.find_element(By.ID, "sort")).select_by_value("usage")
    wait(browser).until(EC.url_contains("sort=usage"))
    listed = server.api("GET", "/api/v1/categories?sort=usage").json()["categories"]
    top = [c["name"] for c in listed if c["groupId"] is None]
    wait(browser).until(lambda b: (names_shown(b) or [None])[0] == top[0])
    assert browser.execute_script("return window.stillHere") is True
    shot("by-usage")


@pytest.fixture()
def plain_browser():
    """Chromium with JavaScript switched off."""
    driver = chromium(javascript=False)
    yield driver
    driver.quit()


def test_works_without_javascript(plain_browser, sqlite_server):
    browser, server = plain_browser, sqlite_server
    sign_in(browser, server)
    browser.get(server.url + "/categories")
    browser.find_element(By.ID, "q").send_keys("weekly")
    browser.find_element(By.CSS_SELECTOR, ".category-filters button[type=submit]").click()
    wait(browser).until(EC.url_contains("q=weekly"))
    assert names_shown(browser) == ["Food", "Groceries"]
    # The server checks the form when no script did, and keeps what was typed.
    browser.get(server.url + "/categories/new")
    browser.find_element(By.ID, "name").send_keys("x")
    browser.find_element(By.ID, "description").send_keys("kept")
    browser.find_element(By.ID, "save").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".form-error")))
    assert error_text(browser, "name") == "A name needs at least 2 characters."
    assert browser.find_element(By.ID, "description").get_attribute("value") == "kept"
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / "test_works_without_javascript-refused.png"))


def test_empty_state_and_dark_theme(browser, shot, sqlite_server):
    server = sqlite_server
    email = f"new-{uuid.uuid4().hex[:6]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", "Nia", database=server.database)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    sign_in(browser, server, email=email)
    browser.get(server.url + "/categories")
    empty = browser.find_element(By.CSS_SELECTOR, ".empty-state")
    assert "No categories yet" in empty.text
    shot("empty-dark")
    empty.find_element(By.LINK_TEXT, "Create your first category").click()
    wait(browser).until(EC.url_contains("/categories/new"))
    browser.find_element(By.ID, "name").send_keys("First one")
    browser.find_element(By.ID, "save").click()
    wait(browser).until(EC.url_contains("saved="))
    assert row(browser, "First one") is not None
    shot("first-dark")
