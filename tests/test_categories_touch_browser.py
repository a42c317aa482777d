"""The categories list on a touch screen (Chromium with touch emulated, touches sent through
DevTools): swipe a row left to reveal Delete and reach the same confirmation, a short swipe or a
scroll reveals nothing, and pulling the list down refreshes it in place. A mouse keeps the buttons."""
import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import new_person
from test_browser import sign_in, wait


class Person:
    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "touch", "Tia")
        for name in ["Books", "Rent", "Travel"]:
            assert self.api("POST", "/api/v1/categories", json={"name": name}).status_code == 201

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)


@pytest.fixture()
def phone(browser, sqlite_server):
    person = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=person.email)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    browser.set_window_size(390, 844)
    browser.get(sqlite_server.url + "/categories")
    wait(browser).until(lambda b: b.execute_script("return document.documentElement.classList.contains('touch-list')"))
    yield person
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def row(browser, name):
    return next(r for r in browser.find_elements(By.CSS_SELECTOR, ".category-row")
                if r.find_element(By.CSS_SELECTOR, ".category-name strong").text == name)


def touch(browser, points):
    """One finger: down at the first point, through the others, up at the last."""
    send = lambda kind, at: browser.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": at[0], "y": at[1]}]})
    send("touchStart", points[0])
    for point in points[1:]:
        send("touchMove", point)
    send("touchEnd", points[-1])


def in_view(browser, element):
    """The element's box in the viewport's coordinates (as touches are sent), scrolled into view."""
    return browser.execute_script("""
        arguments[0].scrollIntoView({ block: "center" });
        const box = arguments[0].getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height };""", element)


def swipe(browser, element, dx, dy=0, steps=8):
    box = in_view(browser, element)
    x, y = box["x"] + box["width"] - 40, box["y"] + box["height"] / 2
    touch(browser, [(x + dx * i / steps, y + dy * i / steps) for i in range(steps + 1)])


def test_swipe_left_reveals_delete_and_the_same_confirmation(browser, shot, phone, sqlite_server):
    rent = row(browser, "Rent")
    delete = rent.find_element(By.CSS_SELECTOR, ".swipe-delete")
    assert delete.text == "Delete"
    list_box = browser.find_element(By.ID, "bulk-form").rect
    assert delete.rect["x"] >= list_box["x"] + list_box["width"] - 2, "Delete waits past the row's edge"
    shot("before")
    # A short swipe snaps back; a finger moving down is a scroll, not a swipe.
    swipe(browser, rent, -30)
    swipe(browser, rent, -8, -120)
    browser.execute_script("scrollTo(0, 0)")
    wait(browser).until(lambda b: "swiped" not in rent.get_attribute("class") and not rent.get_attribute("style"))
    # Far enough left, the row stays open with its Delete in full view.
    swipe(browser, rent, -160)
    wait(browser).until(lambda b: "swiped" in rent.get_attribute("class"))
    wait(browser).until(lambda b: abs(delete.rect["x"] + delete.rect["width"] - (list_box["x"] + list_box["width"])) < 2)
    assert delete.rect["width"] >= 44 and delete.rect["height"] >= 44
    shot("swiped")
    # A touch the system takes over halfway puts the row back.
    box = in_view(browser, rent)
    x, y = box["x"] + box["width"] - 40, box["y"] + box["height"] / 2
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - 80, "y": y}]})
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})
    wait(browser).until(lambda b: not rent.get_attribute("style") and "dragging" not in rent.get_attribute("class"))
    swipe(browser, rent, -160)
    wait(browser).until(lambda b: "swiped" in rent.get_attribute("class"))
    # A keyboard on a touch screen: Tab onto the hidden Delete shows it.
    swipe(browser, rent, 160)
    wait(browser).until(lambda b: "swiped" not in rent.get_attribute("class"))
    browser.execute_script("arguments[0].focus()", delete)
    wait(browser).until(lambda b: "swiped" in rent.get_attribute("class"))
    # A touch on another row closes it.
    swipe(browser, row(browser, "Books"), -4)
    wait(browser).until(lambda b: "swiped" not in rent.get_attribute("class"))
    swipe(browser, rent, -160)
    wait(browser).until(lambda b: "swiped" in rent.get_attribute("class"))
    box = browser.execute_script("const b = arguments[0].getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}", delete)
    # What a finger there touches is the Delete link (DevTools' touches make no click: the tap is
    # a click on that very spot).
    assert browser.execute_script(
        "return document.elementFromPoint(arguments[0], arguments[1]) === arguments[2]",
        box["x"] + box["w"] / 2, box["y"] + box["h"] / 2, delete)
    delete.click()
    wait(browser).until(EC.url_contains("/delete"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Delete “Rent”?"
    browser.find_element(By.CSS_SELECTOR, ".delete-card button[type=submit]").click()
    wait(browser).until(EC.url_contains("/categories?deleted=1"))
    names = [c["name"] for c in phone.api("GET", "/api/v1/categories").json()["categories"]]
    assert "Rent" not in names and "Books" in names


def test_pull_down_refreshes_the_list_in_place(browser, shot, phone):
    browser.execute_script("window.notReloaded = true")
    assert phone.api("POST", "/api/v1/categories", json={"name": "Gifts"}).status_code == 201
    assert not [r for r in browser.find_elements(By.CSS_SELECTOR, ".category-name strong") if r.text == "Gifts"]
    first = browser.find_element(By.CSS_SELECTOR, ".category-row").rect
    x, y = first["x"] + 60, first["y"] + 10
    # Not far enough: nothing happens.
    touch(browser, [(x, y + step) for step in range(0, 50, 10)])
    indicator = browser.find_element(By.CSS_SELECTOR, ".pull-indicator")
    wait(browser).until(lambda b: "shown" not in indicator.get_attribute("class"))
    # What the indicator says along the way, as it says it.
    browser.execute_script("""
        const indicator = document.querySelector('.pull-indicator');
        window.said = [];
        new MutationObserver(() => { if (window.said.at(-1) !== indicator.textContent) window.said.push(indicator.textContent); })
          .observe(indicator, { childList: true, characterData: true, subtree: true });""")
    touch(browser, [(x, y + step) for step in range(0, 150, 15)])
    wait(browser).until(lambda b: "Up to date" in b.execute_script("return window.said"))
    shot("refreshed")
    assert browser.execute_script("return window.said") == [
        "Pull to refresh", "Release to refresh", "Refreshing…", "Up to date"]
    assert [r for r in browser.find_elements(By.CSS_SELECTOR, ".category-name strong") if r.text == "Gifts"]
    assert browser.execute_script("return window.notReloaded") is True, "refreshed in place"
    assert indicator.get_attribute("role") == "status"
    # The swipes still work on the new rows.
    gifts = row(browser, "Gifts")
    swipe(browser, gifts, -160)

    wait(browser).until(lambda b: "swiped" in gifts.get_attribute("class"))


def test_a_mouse_keeps_the_buttons(browser, sqlite_server):
    person = Person(sqlite_server)
    sign_in(browser, sqlite_server, email=person.email)
    browser.get(sqlite_server.url + "/categories")
    assert not browser.execute_script("return document.documentElement.classList.contains('touch-list')")
    delete = row(browser, "Books").find_element(By.LINK_TEXT, "Delete")
    assert delete.is_displayed() and "swipe-delete" not in delete.get_attribute("class")
    assert not browser.find_elements(By.CSS_SELECTOR, ".pull-indicator")
