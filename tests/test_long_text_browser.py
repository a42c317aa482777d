"""Long text never pushes a page wider than the window, and every path keeps one limit per field:
a payee, a tag and an item title as long as the rules allow, without a space, at desktop and phone
width in headless Chromium; the API refuses a payee that is short in letters but long in code
units (letters carrying piles of combining marks), as the forms' maxlength does."""
import pytest
import requests

from conftest import api_caller, new_person
from test_browser import sign_in

WIDTHS = [(1440, 900), (390, 844)]


@pytest.fixture()
def long_texts(sqlite_server, browser):
    email, token = new_person(sqlite_server, "long", "Lou")
    api = api_caller(sqlite_server, token)

    made = api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-03-01T10:00:00Z", "payee": "P" * 200, "amount": "-1.00", "currency": "EUR",
        "notes": "N" * 2000})
    tag = api("POST", "/api/v1/tags", json={"name": "T" * 100})
    api("PUT", f"/api/v1/transactions/{made['id']}/tags", json={"tagIds": [tag["id"]]})
    project = api("POST", "/api/v1/projects", json={"title": "J" * 100})
    api("POST", f"/api/v1/projects/{project['id']}/items", json={"title": "I" * 100, "detail": "D" * 500})
    sign_in(browser, sqlite_server, email=email)
    return {"token": token, "transaction": made["id"], "project": project["id"]}


def test_long_words_wrap_instead_of_widening_the_page(browser, shot, sqlite_server, long_texts):
    pages = {"list": "/transactions", "detail": f"/transactions/{long_texts['transaction']}",
             "project": f"/projects/{long_texts['project']}", "settings": "/settings"}
    for width, height in WIDTHS:
        browser.set_window_size(width, height)
        for name, path in pages.items():
            browser.get(sqlite_server.url + path)
            wide = browser.execute_script(
                "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
            shot(f"{name}-{width}")
            assert wide[0] <= wide[1], f"{path} at {width}px is {wide[0]}px wide"


def test_a_payee_long_in_code_units_is_refused_on_every_path(sqlite_server, long_texts):
    piled = ("a" + "\u0301" * 24) * 200  # 200 letters, 5,000 code units
    headers = {"Authorization": f"Bearer {long_texts['token']}"}
    answer = requests.post(sqlite_server.url + "/api/v1/transactions", headers=headers, timeout=30, json={
        "bookedAt": "2026-03-01T10:00:00Z", "payee": piled, "amount": "-1.00", "currency": "EUR"})
    assert answer.status_code == 400 and "200" in answer.text, answer.text
    edited = requests.patch(sqlite_server.url + f"/api/v1/transactions/{long_texts['transaction']}",
                            headers=headers, timeout=30, json={"payee": piled})
    assert edited.status_code == 400, edited.text
