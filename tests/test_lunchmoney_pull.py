"""Settings › Lunch Money in headless Chromium, against a second Billfold serving /v1 on another
loopback port: a bad token is marked invalid, a good one valid, the token is never shown again,
and connecting brings in the categories and transactions with progress, once ("Pull now" again adds nothing)."""

import pytest
import requests
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import Server, new_person
from test_browser import sign_in, wait


@pytest.fixture()
def source(tmp_path):
    """The "Lunch Money" side: another Billfold with 400 demo transactions."""
    running = Server(str(tmp_path / "source.sqlite"), tmp_path)
    yield running
    running.stop()


def test_connect_and_pull_from_another_server(browser, shot, sqlite_server, source):
    email, token = new_person(sqlite_server, "puller", "Pia")
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/settings#lunchmoney")
    base = browser.find_element(By.ID, "baseURL")
    assert base.get_attribute("value") == "https://dev.lunchmoney.app", "Lunch Money's own address by default"
    base.clear()
    base.send_keys(source.url)
    secret = browser.find_element(By.ID, "token")
    secret.send_keys("bf_wrong-token")
    # A slow network: while the check runs, the button waits with a spinner and cannot be pressed.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 1500, "downloadThroughput": -1, "uploadThroughput": -1})
    browser.find_element(By.ID, "baseURL").click()  # leaving the field checks it
    connect = browser.find_element(By.ID, "lunchmoney-connect")
    wait(browser).until(lambda b: not connect.is_enabled())
    assert connect.text == "Checking…" and connect.find_elements(By.CSS_SELECTOR, ".spinner")
    shot("checking")
    state = browser.find_element(By.ID, "lunchmoney-state")
    wait(browser).until(lambda b: "invalid" in state.get_attribute("class"))
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert connect.is_enabled() and connect.text == "Check and connect"
    # The answer is beside the token, in view.
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", state)
    assert 0 <= top <= browser.execute_script("return window.innerHeight")
    assert "The token was refused" in state.text
    shot("invalid")
    secret.clear()
    secret.send_keys(source.token)
    browser.find_element(By.ID, "baseURL").click()
    wait(browser).until(lambda b: "valid" in state.get_attribute("class").split())
    assert state.text.strip().endswith("Valid."), "valid, and nothing of what the other server said"
    assert "ana@example.com" not in state.text
    shot("valid")
    browser.find_element(By.CSS_SELECTOR, "#lunchmoney-form button[type=submit]").click()
    wait(browser).until(EC.url_contains("done=connected"))
    assert f"Connected to {source.url}." in browser.find_element(By.ID, "lunchmoney-state").text
    assert source.token not in browser.page_source, "the token is never shown again"
    # Connecting starts the first pull by itself.
    def status(b):
        """The progress line; read by script because the page reloads while it is being read."""
        try:
            return (b.execute_script("return document.getElementById('pull-status')?.textContent") or "").strip()
        except WebDriverException:
            return ""
    wait(browser, 120).until(lambda b: status(b).startswith("Done"))
    assert status(browser).startswith("Done: 400 transactions read, 400 added, 0 updated, 0 already here")
    shot("pulled")
    mine = requests.get(sqlite_server.url + "/api/v1/transactions?limit=1", timeout=30,
                        headers={"Authorization": f"Bearer {token}"}).json()
    theirs = source.api("GET", "/api/v1/transactions?limit=1").json()
    assert sum(t["count"] for t in mine["totals"]) == 400
    assert {t["currency"]: t["amount"] for t in mine["totals"]} == {t["currency"]: t["amount"] for t in theirs["totals"]}
    names = {c["name"] for c in requests.get(sqlite_server.url + "/api/v1/categories", timeout=30,
                                             headers={"Authorization": f"Bearer {token}"}).json()["categories"]}
    assert {"Food", "Groceries", "Rent"} <= names
    browser.find_element(By.ID, "pull-now").click()
    # The first pull's line stays until the page reloads, so wait for the second one's words.
    wait(browser, 120).until(lambda b: "0 added, 0 updated, 400 already here" in status(b))
    mine = requests.get(sqlite_server.url + "/api/v1/transactions?limit=1", timeout=30,
                        headers={"Authorization": f"Bearer {token}"}).json()
    assert sum(t["count"] for t in mine["totals"]) == 400, "pulling again adds nothing"
