"""Projects, items and awards in headless Chromium: add and delete items, sort, close a project,
and the awards grid with its explanations and the notice after an award is earned."""
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import PASSWORD, billfold
from test_browser import sign_in, wait


@pytest.fixture()
def planner(browser, sqlite_server):
    """A fresh account, signed in; new accounts have no projects and no awards."""
    email = f"plan-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", "Per",
             database=sqlite_server.database)
    sign_in(browser, sqlite_server, email=email)
    return sqlite_server


def titles(browser):
    return [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".item-title")]


def add_item(browser, title, priority):
    browser.find_element(By.ID, "title").send_keys(title)
    Select(browser.find_element(By.ID, "priority")).select_by_value(priority)
    browser.find_element(By.XPATH, "//button[text()='Add item']").click()
    wait(browser).until(lambda b: title in titles(b))


def test_items_sorting_deleting_and_closing(browser, shot, planner):
    browser.get(planner.url + "/projects")
    assert "No open projects" in browser.find_element(By.CSS_SELECTOR, ".empty-state").text
    browser.find_element(By.ID, "title").send_keys("Move house")
    browser.find_element(By.XPATH, "//button[text()='Add project']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Move house"))
    assert "No items yet" in browser.find_element(By.CSS_SELECTOR, ".empty-state").text
    # Wide enough: the list of projects stays beside the project.
    current = browser.find_element(By.CSS_SELECTOR, ".project-aside a[aria-current='page']")
    assert current.is_displayed() and current.text == "Move house"
    shot("empty-project")
    # The next page says an award was earned, and only once.
    for title, priority in [("Pack books", "medium"), ("Book van", "high"), ("Clean oven", "low"), ("Address change", "high")]:
        add_item(browser, title, priority)
        if title == "Pack books":
            assert "New award: “First Step”." in browser.find_element(By.CSS_SELECTOR, ".award-notice").text
            shot("award-notice")
        else:
            assert not browser.find_elements(By.CSS_SELECTOR, ".award-notice")
    assert titles(browser) == ["Address change", "Book van", "Pack books", "Clean oven"]
    icons = [e.get_attribute("aria-label") for e in browser.find_elements(By.CSS_SELECTOR, ".status-icon")]
    assert icons[:2] == ["High priority, not done"] * 2 and icons[2] == "Not done"
    shot("items")
    Select(browser.find_element(By.ID, "sort")).select_by_value("name")
    wait(browser).until(EC.url_contains("sort=name"))
    assert titles(browser) == ["Address change", "Book van", "Clean oven", "Pack books"]
    Select(browser.find_element(By.ID, "sort")).select_by_value("created")
    wait(browser).until(EC.url_contains("sort=created"))
    assert titles(browser)[0] == "Address change"
    shot("sorted-by-created")
    # Complete one through its edit page: it sinks to the bottom with a check mark.
    browser.find_element(By.LINK_TEXT, "Book van").click()
    browser.find_element(By.NAME, "completed").click()
    browser.find_element(By.XPATH, "//button[text()='Save changes']").click()
    wait(browser).until(EC.url_contains("done=saved"))
    assert titles(browser)[-1] == "Book van"
    assert browser.find_elements(By.CSS_SELECTOR, ".status-icon")[-1].get_attribute("aria-label") == "Completed"
    # One click on an item's tick completes it, with an Undo; no tick box selects it for deletion.
    assert not browser.find_elements(By.CSS_SELECTOR, "input[type=checkbox]")
    tick = browser.find_element(By.XPATH, "//li[.//a[text()='Clean oven']]//button[contains(@class,'tick')]")
    assert tick.get_attribute("aria-label") == "Mark “Clean oven” done" and tick.rect["width"] >= 44
    tick.click()
    undo = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".undo-notice")))
    assert undo.text.startswith("“Clean oven” is done.")
    done = browser.find_element(By.XPATH, "//li[.//a[text()='Clean oven']]//button[contains(@class,'tick')]")
    assert done.get_attribute("aria-pressed") == "true"
    shot("ticked")
    undo.find_element(By.XPATH, ".//button[text()='Undo']").click()
    wait(browser).until(lambda b: "is not done" in b.find_element(By.CSS_SELECTOR, ".undo-notice").text)
    again = browser.find_element(By.XPATH, "//li[.//a[text()='Clean oven']]//button[contains(@class,'tick')]")
    assert again.get_attribute("aria-pressed") == "false"
    # Choosing several to delete is a mode of its own.
    browser.find_element(By.ID, "select-items").click()
    wait(browser).until(EC.url_contains("select=1"))
    assert not browser.find_elements(By.CSS_SELECTOR, "button.tick")
    delete = browser.find_element(By.ID, "bulk-delete")
    assert not delete.is_enabled()
    for title in ["Clean oven", "Pack books"]:
        browser.find_element(By.XPATH, f"//li[.//a[text()='{title}']]//input[@type='checkbox']").click()
    assert delete.text == "Delete 2 selected"
    shot("selected")
    delete.click()
    wait(browser).until(EC.url_contains("done=deleted"))
    assert titles(browser) == ["Address change", "Book van"]
    browser.find_element(By.XPATH, "//button[text()='Close project']").click()
    wait(browser).until(EC.url_contains("done=closed"))
    assert "CLOSED" in browser.find_element(By.CSS_SELECTOR, ".project-header").text.upper()
    assert browser.find_elements(By.XPATH, "//button[text()='Reopen']")
    assert "This project is closed" in browser.find_element(By.CSS_SELECTOR, ".closed-note").text
    assert not browser.find_elements(By.XPATH, "//button[text()='Add item']"), "a closed project takes no items"
    shot("closed-project")
    browser.get(planner.url + "/projects")
    assert "No open projects" in browser.find_element(By.CSS_SELECTOR, ".empty-state").text
    browser.get(planner.url + "/projects/closed")
    card = browser.find_element(By.CSS_SELECTOR, ".project-card")
    assert "Move house" in card.text and "1 of 2 done · 50%" in card.text
    assert not browser.find_elements(By.ID, "title"), "projects are added from the Open list only"
    shot("closed-list")


def test_awards_grid_explains_each_award(browser, shot, planner):
    browser.get(planner.url + "/projects")
    browser.find_element(By.ID, "title").send_keys("Garden")
    browser.find_element(By.XPATH, "//button[text()='Add project']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), "Garden"))
    for title in ["Dig", "Plant", "Water"]:
        add_item(browser, title, "medium")
    browser.get(planner.url + "/awards")
    earned = [e.get_attribute("data-id") for e in browser.find_elements(By.CSS_SELECTOR, ".award.earned")]
    assert earned == ["first-item"]
    first = browser.find_element(By.CSS_SELECTOR, ".award[data-id='first-item']")
    cards = browser.find_elements(By.CSS_SELECTOR, ".award")
    sizes = [(c.rect["height"], c.rect["y"]) for c in cards]
    icons = [c.find_element(By.CSS_SELECTOR, ".award-badge svg").get_attribute("innerHTML") for c in cards]
    assert len(set(icons)) == len(icons), "each award its own icon"
    first.find_element(By.TAG_NAME, "summary").click()
    assert "Earned on " in first.text
    assert [(c.rect["height"], c.rect["y"]) for c in cards] == sizes, "an opened explanation stretches no card"
    ten = browser.find_element(By.CSS_SELECTOR, ".award[data-id='ten-items']")
    assert "locked" in ten.get_attribute("class")
    ten.find_element(By.TAG_NAME, "summary").click()
    assert "So far: 3 of 10 items." in ten.text
    shot("grid")
