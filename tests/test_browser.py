"""The web pages in headless Chromium, as a person uses them. Each test saves screenshots."""
import re
import subprocess

import requests
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import BINARY, PASSWORD, Server, billfold, free_port, say


class PatientWait(WebDriverWait):
    """A page being replaced while a condition reads it means "not yet", not a failure. Chromium
    reports that as a stale element, or sometimes as a generic inspector error naming a node that
    "does not belong to the document"; both are waited out."""

    def until(self, method, message=""):
        def tolerant(driver):
            try:
                return method(driver)
            except WebDriverException as error:
                if isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error):
                    return False
                raise
        return super().until(tolerant, message)


def wait(browser, timeout=15):
    """Waits for a condition; scripts redraw parts of pages, so a stale element means "not yet"."""
    return PatientWait(browser, timeout, ignored_exceptions=[StaleElementReferenceException])


def notice_saying(browser, words):
    """The text of the page's notice once one says `words`. The page before may still show a
    notice of its own (an undo offer, an award) that the next page replaces mid-read."""
    return wait(browser).until(lambda b: next(
        (n.text for n in b.find_elements(By.CSS_SELECTOR, ".notice") if words in n.text), False))


def sign_in(browser, server, email=None, password=PASSWORD):
    browser.get(server.url + "/signin")
    browser.find_element(By.ID, "email").send_keys(email or server.email)
    browser.find_element(By.ID, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(browser).until(EC.url_contains("/transactions"))


def open_as(browser, url, width, scheme):
    """Opens `url` at `width` pixels in the light or dark scheme; fails when the page is wider
    than the window (the elements that stick out are named)."""
    browser.set_window_size(width, 900)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(url)
    wide = browser.execute_script(
        "return [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > "
        "document.documentElement.clientWidth + 1).slice(0, 3).map(e => e.tagName + '.' + e.className)")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width, wide


def rows(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#transaction-list .txn-row")


def test_sign_in_filter_by_category_and_read_the_sums(browser, shot, sqlite_server):
    server = sqlite_server
    browser.get(server.url + "/transactions")
    assert "/signin" in browser.current_url
    shot("sign-in")
    sign_in(browser, server)
    assert len(rows(browser)) == 50
    shot("list")
    categories = Select(browser.find_element(By.ID, "category"))
    food = next(o for o in categories.options if o.text == "Food (all)")
    food_id = food.get_attribute("value")
    categories.select_by_visible_text("Food (all)")
    wait(browser).until(EC.url_contains(f"category={food_id}"))
    shot("filtered-by-food")
    # The sums on the page are the API's sums for the whole filter, one per currency.
    totals = server.api("GET", f"/api/v1/transactions?category={food_id}&limit=1").json()["totals"]
    shown = {t.get_attribute("data-currency"): t.text
             for t in browser.find_elements(By.CSS_SELECTOR, ".total[data-currency]")}
    assert set(shown) == {t["currency"] for t in totals}
    for total in totals:
        whole, _, cents = total["amount"].lstrip("-").partition(".")
        figure = f"{int(whole):,}" + (f".{cents}" if cents else "")
        assert figure in shown[total["currency"]], (figure, shown)
        assert f"{total['count']} transaction" in shown[total["currency"]]
    # Every row shown belongs to a Food category, and the filter survives a reload.
    browser.refresh()
    categories = Select(browser.find_element(By.ID, "category"))
    options = [o.get_attribute("textContent") for o in categories.options]
    food_at = options.index("Food (all)")
    children = set()
    for text in options[food_at + 1:]:
        if not text.startswith("\u2003"):
            break
        children.add(text.strip())
    assert Select(browser.find_element(By.ID, "category")).first_selected_option.text == "Food (all)"
    chips = {c.text for c in browser.find_elements(By.CSS_SELECTOR, "#transaction-list .chip")}
    assert chips and chips <= {"Groceries", "Restaurants", "Coffee"} and chips <= children


def test_scrolling_loads_the_next_pages(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    assert len(rows(browser)) == 50
    browser.execute_script("document.querySelector('#more').scrollIntoView()")
    wait(browser).until(lambda b: len(rows(b)) >= 100)
    ids = [r.get_attribute("data-id") for r in rows(browser)]
    assert len(ids) == len(set(ids)), "no row twice"
    shot("after-scrolling")


def test_load_more_shows_error_with_retry_and_offline(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.execute_script("""
        window.realFetch = window.fetch;
        window.fetch = () => Promise.resolve(new Response('boom', {status: 500}));
        document.querySelector('#more').scrollIntoView();""")
    state = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#more-state.error")))
    assert "Could not load more transactions" in state.text
    assert not browser.find_element(By.CSS_SELECTOR, "[data-more]").is_displayed(), "Retry is the one way on"
    shot("error-with-retry")
    browser.execute_script("window.fetch = window.realFetch;")
    state.find_element(By.TAG_NAME, "button").click()
    wait(browser).until(lambda b: len(rows(b)) >= 100)
    browser.set_network_conditions(offline=True, latency=0, download_throughput=0, upload_throughput=0)
    browser.execute_script("window.dispatchEvent(new Event('offline'))")
    browser.execute_script("document.querySelector('[data-more]').click()")
    offline = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#more-state.offline")))
    assert "offline" in offline.text
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", offline)
    shot("offline")


def test_open_a_detail_and_change_its_category(browser, shot, sqlite_server):
    server = sqlite_server
    sign_in(browser, server)
    first = rows(browser)[0]
    transaction_id = first.get_attribute("data-id")
    first.find_element(By.TAG_NAME, "a").click()
    wait(browser).until(EC.url_contains(f"/transactions/{transaction_id}"))
    shot("detail")
    before = server.api("GET", f"/api/v1/transactions/{transaction_id}").json()
    picker = Select(browser.find_element(By.ID, "categoryId"))
    books = int(next(o for o in picker.options if o.text == "Books").get_attribute("value"))
    picker.select_by_visible_text("Books")
    browser.find_element(By.ID, "notes").clear()
    browser.find_element(By.ID, "notes").send_keys("Birthday present")
    browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
    assert notice_saying(browser, "Saved") == "Saved."
    assert "Books" in browser.find_element(By.CSS_SELECTOR, ".facts").text
    shot("detail-saved")
    history = browser.find_element(By.CSS_SELECTOR, ".history")
    assert "→ Books" in history.text and "Notes:" in history.text
    browser.execute_script("arguments[0].scrollIntoView()", history)
    shot("detail-history")
    after = server.api("GET", f"/api/v1/transactions/{transaction_id}").json()
    assert after["categoryId"] == books != before["categoryId"]
    assert after["notes"] == "Birthday present"


def test_settings_tokens_and_german_locale(browser, shot, sqlite_server):
    server = sqlite_server
    billfold("users", "create", "--email", "de@example.com", "--password", PASSWORD, database=server.database)
    billfold("demo", "--email", "de@example.com", "--transactions", "60", database=server.database)
    sign_in(browser, server, email="de@example.com")
    browser.get(server.url + "/settings")
    Select(browser.find_element(By.ID, "locale")).select_by_value("de-DE")
    Select(browser.find_element(By.ID, "timeZone")).select_by_value("Europe/Berlin")
    browser.find_element(By.CSS_SELECTOR, "form[action='/settings'] button").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Preferences saved.")))
    browser.find_element(By.ID, "label").send_keys("Laptop script")
    # A day already past is refused at its field, and nothing is made.
    expiry = browser.find_element(By.ID, "expiresOn")
    browser.execute_script("arguments[0].value = '2001-01-31'", expiry)
    browser.find_element(By.CSS_SELECTOR, "form[action='/settings/tokens'] button").click()
    error = wait(browser).until(EC.visibility_of_element_located((By.ID, "expiresOn-error"))).text
    assert error == say("de", "Choose today or a later day, or leave it empty for a token that never expires.")
    assert not browser.find_elements(By.ID, "new-token")
    browser.find_element(By.ID, "label").clear()
    browser.find_element(By.ID, "label").send_keys("Laptop script")
    Select(browser.find_element(By.ID, "scope")).select_by_value("read")
    browser.execute_script("arguments[0].value = '2099-01-31'", browser.find_element(By.ID, "expiresOn"))
    browser.find_element(By.CSS_SELECTOR, "form[action='/settings/tokens'] button").click()
    token = wait(browser).until(EC.visibility_of_element_located((By.ID, "new-token"))).text
    assert token.startswith("bf_")
    shot("token-created")
    bearer = {"Authorization": f"Bearer {token}"}
    me = requests.get(server.url + "/api/v1/me", headers=bearer).json()
    assert me["locale"] == "de-DE" and me["token"]["scope"] == "read"
    # Through 31 January in Berlin: refused from midnight there, 23:00 UTC.
    assert me["token"]["expiresAt"] == "2099-01-31T23:00:00Z"
    refused = requests.post(server.url + "/api/v1/categories", headers=bearer, json={"name": "Nope"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "token_read_only"
    browser.get(server.url + "/settings")
    assert token not in browser.page_source, "a token is shown once"
    row = browser.find_element(By.XPATH, "//table[contains(@class,'tokens')]//tr[td[1][normalize-space()='Laptop script']]")
    assert say("de", "Read only") in row.text and "2099" in row.text
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    shot("tokens-table")
    browser.find_element(By.CSS_SELECTOR, f"button[aria-label='{say('de', 'Revoke token {label}', label='Laptop script')}']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Token revoked. Apps using it can no longer sign in.")))
    assert requests.get(server.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"}).status_code == 401
    browser.get(server.url + "/transactions")
    amounts = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#transaction-list .amount")]
    assert any(re.search(r"\d,\d\d\s€$", a) for a in amounts), amounts
    shot("list-de-DE")
    # The demo's Home is not empty: its projects, something up next.
    browser.get(server.url + "/home")
    projects = browser.find_element(By.CSS_SELECTOR, ".home-projects").text
    assert "Move to the new flat" in projects and "Summer trip to Lisbon" in projects
    shot("home-demo")


def test_narrow_screen_has_a_tab_bar(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.set_window_size(390, 844)
    browser.refresh()
    nav = browser.find_element(By.CSS_SELECTOR, ".app-nav")
    assert nav.rect["y"] > 600, "the navigation sits at the bottom"
    # The filters fold into one "Filter" control, so the list starts on the first screen.
    fold = browser.find_element(By.CSS_SELECTOR, ".filters-fold")
    assert fold.get_attribute("open") is None
    summary = browser.find_element(By.CSS_SELECTOR, ".filters-summary")
    assert summary.text.startswith("Filter") and summary.rect["height"] >= 44
    assert rows(browser)[0].rect["y"] < 844 - nav.rect["height"], "the first row is on the first screen"
    shot("phone-list")
    summary.click()
    assert browser.find_element(By.ID, "category").is_displayed()
    assert browser.find_element(By.ID, "status").rect["height"] >= 44
    shot("phone-filters-open")
    browser.get(rows(browser)[0].find_element(By.TAG_NAME, "a").get_attribute("href"))
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".detail")))
    shot("phone-detail")


def test_first_visit_creates_the_owner_then_adds_a_transaction(browser, shot, tmp_path):
    port = free_port()
    database = str(tmp_path / "fresh.sqlite")
    process = subprocess.Popen([str(BINARY), "serve", "--port", str(port), "--database", database],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        wait(browser, 60).until(lambda _: _ready(url))
        browser.get(url + "/")
        assert browser.current_url.endswith("/setup")
        browser_zone = browser.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone")
        assert Select(browser.find_element(By.ID, "timeZone")).first_selected_option.get_attribute("value") == browser_zone
        assert Select(browser.find_element(By.ID, "locale")).first_selected_option.get_attribute("value") == "en-US"
        browser.find_element(By.ID, "name").send_keys("Olivia Owner")
        browser.find_element(By.ID, "email").send_keys("owner@example.com")
        browser.find_element(By.ID, "password").send_keys("short")
        Select(browser.find_element(By.ID, "timeZone")).select_by_value("Asia/Tokyo")
        shot("setup")
        browser.execute_script("document.getElementById('password').removeAttribute('minlength')")
        browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        error = wait(browser).until(EC.visibility_of_element_located((By.ID, "password-error")))
        assert "at least 8" in error.text
        assert browser.find_element(By.ID, "email").get_attribute("value") == "owner@example.com"
        assert Select(browser.find_element(By.ID, "timeZone")).first_selected_option.get_attribute("value") == "Asia/Tokyo"
        browser.find_element(By.ID, "password").send_keys("long enough now")
        browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait(browser).until(EC.url_contains("/transactions"))
        assert "No transactions yet" in browser.page_source
        shot("empty-state")
        browser.find_element(By.LINK_TEXT, "Add transaction").click()
        browser.find_element(By.ID, "payee").send_keys("Farmers market")
        browser.find_element(By.ID, "amount").send_keys("-18.40")
        assert browser.find_element(By.CSS_SELECTOR, "label[for=currency]").text == "Currency"
        shot("add-form")
        browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
        notice_saying(browser, "Saved")
        assert "Farmers market" in browser.find_element(By.TAG_NAME, "h1").text
        browser.get(url + "/transactions")
        assert "-€18.40" in browser.find_element(By.ID, "totals").text
        shot("first-transaction")
    finally:
        process.terminate()
        process.wait(timeout=15)


def _ready(url):
    try:
        return requests.get(url + "/health/ready", timeout=1).status_code == 200
    except requests.ConnectionError:
        return False


def test_wide_screen_shows_list_and_detail_side_by_side(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.set_window_size(1600, 950)
    browser.refresh()
    pane = browser.find_element(By.ID, "detail-pane")
    assert "Choose a transaction" in pane.text
    second = rows(browser)[1]
    payee = second.find_element(By.CSS_SELECTOR, ".payee").text
    second.find_element(By.TAG_NAME, "a").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#detail-pane h1"))
    assert browser.find_element(By.CSS_SELECTOR, "#detail-pane h1").text == payee
    assert browser.current_url.endswith("/transactions"), "the list stays"
    assert rows(browser)[1].get_attribute("aria-current") == "true"
    list_box = browser.find_element(By.ID, "transaction-list").rect
    assert browser.find_element(By.ID, "detail-pane").rect["x"] > list_box["x"] + list_box["width"] - 1
    shot("side-by-side")


def test_the_pane_saves_in_place_and_the_keyboard_moves_between_rows(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.set_window_size(1600, 950)
    browser.refresh()
    browser.execute_script("window.scrollTo(0, 500)")
    scrolled = browser.execute_script("return window.scrollY")
    assert scrolled > 0
    row = rows(browser)[8]
    row_id = row.get_attribute("data-id")
    browser.execute_script("arguments[0].click()", row.find_element(By.TAG_NAME, "a"))
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#detail-pane textarea#notes"))
    notes = browser.find_element(By.CSS_SELECTOR, "#detail-pane #notes")
    notes.clear()
    notes.send_keys("Paid back by Sam")
    browser.find_element(By.CSS_SELECTOR, "#detail-pane .edit-form button[type=submit]").click()
    saved = wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#detail-pane .notice"))
    assert saved[0].text == "Saved."
    assert browser.current_url.endswith("/transactions"), "the list stays"
    assert browser.execute_script("return window.scrollY") == scrolled, "and its scroll position"
    fresh = browser.find_element(By.CSS_SELECTOR, f'.txn-row[data-id="{row_id}"]')
    assert "Paid back by Sam" in fresh.find_element(By.CSS_SELECTOR, ".txn-notes").text, "the row shows the change"
    assert fresh.get_attribute("aria-current") == "true"
    shot("pane-saved")
    # Saving again with nothing changed says nothing.
    browser.find_element(By.CSS_SELECTOR, "#detail-pane .edit-form button[type=submit]").click()
    wait(browser).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#detail-pane .notice"))
    assert browser.find_element(By.CSS_SELECTOR, "#detail-pane h1").text
    history = browser.find_element(By.CSS_SELECTOR, "#detail-pane .history").text
    assert history.count("Paid back by Sam") == 1, "no second change was recorded"
    # The keyboard: j and k (or the arrows) move between rows, Enter opens one and goes into the pane.
    first = rows(browser)[0].find_element(By.TAG_NAME, "a")
    browser.execute_script("arguments[0].focus()", first)
    ActionChains(browser).send_keys("j").perform()
    ActionChains(browser).send_keys(Keys.ARROW_DOWN).perform()
    focused = browser.switch_to.active_element
    assert focused.get_attribute("href") == rows(browser)[2].find_element(By.TAG_NAME, "a").get_attribute("href")
    ActionChains(browser).send_keys("k").perform()
    focused = browser.switch_to.active_element
    assert focused.get_attribute("href") == rows(browser)[1].find_element(By.TAG_NAME, "a").get_attribute("href")
    payee = rows(browser)[1].find_element(By.CSS_SELECTOR, ".payee").text
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    wait(browser).until(lambda b: b.switch_to.active_element.tag_name == "h1"
                        and b.switch_to.active_element.text == payee)
    assert browser.execute_script("return document.activeElement.closest('#detail-pane') !== null")
    shot("keyboard-pane")


def test_saving_the_full_page_unchanged_says_nothing(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.set_window_size(1000, 900)
    rows(browser)[3].find_element(By.TAG_NAME, "a").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".edit-form")))
    browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
    wait(browser).until(EC.url_contains("back="))
    assert not browser.find_elements(By.CSS_SELECTOR, "main .notice")
    notes = browser.find_element(By.ID, "notes")
    notes.send_keys(" (checked)")
    browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
    assert wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "main .notice"))[0].text == "Saved."


def test_correct_a_typed_amount_and_date_and_an_imported_one_only_with_the_override(browser, shot, sqlite_server):
    server = sqlite_server
    created = server.api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-03-01T10:00:00+01:00", "payee": "Corner bakery", "amount": "-43.00", "currency": "EUR"})
    assert created.status_code == 201, created.text
    typo = created.json()
    sign_in(browser, server)
    browser.get(f"{server.url}/transactions/{typo['id']}")
    amount = browser.find_element(By.ID, "amount")
    assert amount.get_attribute("value") == "-43.00"
    amount.clear()
    # Typed the way a German keyboard user would: a decimal comma.
    amount.send_keys("-4,30")
    browser.execute_script("document.getElementById('bookedAt').value = '2026-03-02T08:15'")
    shot("typed")
    browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
    assert notice_saying(browser, "Saved") == "Saved."
    after = server.api("GET", f"/api/v1/transactions/{typo['id']}").json()
    assert after["amount"] == "-4.30"
    assert after["bookedAt"].startswith("2026-03-02T08:15")
    history = browser.find_element(By.CSS_SELECTOR, ".history").text
    assert "Amount: -43.00 EUR → -4.30 EUR" in history and "Date:" in history
    browser.execute_script("arguments[0].scrollIntoView()", browser.find_element(By.CSS_SELECTOR, ".history"))
    shot("corrected")

    # A demo row stands for an imported one: its amount is the bank's.
    imported = server.api("GET", "/api/v1/transactions?limit=5").json()["transactions"]
    bank = next(t for t in imported if t["id"] != typo["id"])
    browser.get(f"{server.url}/transactions/{bank['id']}")
    assert "as imported" in browser.find_element(By.CSS_SELECTOR, ".booking-fields legend").text
    field = browser.find_element(By.ID, "amount")
    field.clear()
    field.send_keys("-1.00")
    browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
    error = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".form-error")))
    assert "was imported" in error.text
    assert server.api("GET", f"/api/v1/transactions/{bank['id']}").json()["amount"] == bank["amount"]
    shot("imported-refused")
    field = browser.find_element(By.ID, "amount")
    field.clear()
    field.send_keys("-1.00")
    browser.find_element(By.NAME, "overrideImported").click()
    browser.find_element(By.CSS_SELECTOR, ".edit-form button[type=submit]").click()
    notice_saying(browser, "Saved")
    assert server.api("GET", f"/api/v1/transactions/{bank['id']}").json()["amount"] == "-1.00"


def test_delete_a_transaction_after_confirming_then_undo(browser, shot, sqlite_server):
    server = sqlite_server
    created = server.api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-02-10T12:00:00+01:00", "payee": "Double entry", "amount": "-9.99", "currency": "EUR"})
    mistake = created.json()
    totals_before = server.api("GET", "/api/v1/transactions").json()["totals"]
    sign_in(browser, server)
    browser.get(f"{server.url}/transactions/{mistake['id']}")
    browser.find_element(By.LINK_TEXT, "Delete…").click()
    wait(browser).until(EC.url_contains(f"/transactions/{mistake['id']}/delete"))
    assert "Delete “Double entry”?" in browser.find_element(By.TAG_NAME, "h1").text
    summary = browser.find_element(By.CSS_SELECTOR, ".delete-summary").text
    assert "€9.99 on" in summary and "Billfold" not in summary
    shot("confirm")
    browser.find_element(By.CSS_SELECTOR, ".delete-card button[type=submit]").click()
    undo = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".undo-notice")))
    assert "Deleted 1 transaction." in undo.text
    assert server.api("GET", f"/api/v1/transactions/{mistake['id']}").status_code == 404
    shot("deleted")
    undo.find_element(By.CSS_SELECTOR, "button").click()
    assert notice_saying(browser, "Restored") == "Restored 1 transaction."
    assert server.api("GET", f"/api/v1/transactions/{mistake['id']}").json()["payee"] == "Double entry"
    assert server.api("GET", "/api/v1/transactions").json()["totals"] == totals_before


def test_select_several_in_the_list_delete_them_together_then_undo(browser, shot, sqlite_server):
    server = sqlite_server
    totals_before = server.api("GET", "/api/v1/transactions").json()["totals"]
    made = [server.api("POST", "/api/v1/transactions", json={
        "bookedAt": f"2026-02-1{n}T12:00:00+01:00", "payee": f"Duplicate {n}", "amount": "-1.0" + str(n),
        "currency": "EUR"}).json() for n in range(3)]
    sign_in(browser, server)
    browser.set_window_size(1600, 950)
    browser.get(server.url + "/transactions?q=Duplicate")
    toggle = wait(browser).until(EC.visibility_of_element_located((By.ID, "select-toggle")))
    assert not browser.find_elements(By.CSS_SELECTOR, ".txn-select"), "no tick boxes until Select"
    toggle.click()
    assert browser.find_element(By.ID, "selection-count").text == "Tick the transactions to delete."
    boxes = browser.find_elements(By.CSS_SELECTOR, ".txn-select")
    assert len(boxes) == 3 and all(b.rect["width"] >= 44 and b.rect["height"] >= 44 for b in boxes)
    # A click on a row ticks it instead of opening it; so does its box.
    rows(browser)[0].find_element(By.CSS_SELECTOR, ".payee").click()
    rows(browser)[2].find_element(By.CSS_SELECTOR, ".txn-select input").click()
    assert browser.find_element(By.ID, "selection-count").text == "2 selected"
    assert "Choose a transaction" in browser.find_element(By.ID, "detail-pane").text, "nothing opened"
    shot("selected")
    browser.find_element(By.ID, "delete-selected").click()
    wait(browser).until(EC.url_contains("/transactions/delete?"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Delete 2 transactions?"
    listed = [li.find_element(By.CSS_SELECTOR, ".payee").text for li in
              browser.find_elements(By.CSS_SELECTOR, ".delete-list li")]
    assert listed == ["Duplicate 2", "Duplicate 0"]
    shot("confirm-several")
    browser.find_element(By.CSS_SELECTOR, ".delete-card button[type=submit]").click()
    undo = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".undo-notice")))
    assert "Deleted 2 transactions." in undo.text and "q=Duplicate" in browser.current_url
    assert [r.find_element(By.CSS_SELECTOR, ".payee").text for r in rows(browser)] == ["Duplicate 1"]
    assert server.api("GET", f"/api/v1/transactions/{made[0]['id']}").status_code == 404
    undo.find_element(By.CSS_SELECTOR, "button").click()
    assert notice_saying(browser, "Restored") == "Restored 2 transactions."
    for created in made:
        assert server.api("DELETE", f"/api/v1/transactions/{created['id']}").status_code == 200
    assert server.api("GET", "/api/v1/transactions").json()["totals"] == totals_before


def test_rows_tell_the_account_from_the_note_and_the_totals_say_what_they_are(browser, shot, sqlite_server):
    server = sqlite_server
    sign_in(browser, server)
    noted = next(row for row in rows(browser) if row.find_elements(By.CSS_SELECTOR, ".txn-notes"))
    note = noted.find_element(By.CSS_SELECTOR, ".txn-notes")
    account = noted.find_element(By.CSS_SELECTOR, ".txn-account")
    assert note.text != account.text
    assert note.value_of_css_property("font-style") == "italic"
    assert account.find_element(By.XPATH, "..").get_attribute("class") == "txn-meta", "the account sits with the date"
    assert all(row.find_elements(By.CSS_SELECTOR, ".txn-account") for row in rows(browser))
    labels = [label.text for label in browser.find_elements(By.CSS_SELECTOR, ".total[data-currency] .total-label")]
    assert labels and all(label.upper() == "NET" for label in labels)
    # Several currencies: one converted total follows, marked as converted.
    converted = browser.find_element(By.CSS_SELECTOR, ".total-converted .total-label")
    assert converted.text.upper() == "ALL CONVERTED"
    shot("rows")


def test_sign_out_comes_after_the_main_content_in_tab_order(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.set_window_size(1280, 800)
    browser.get(sqlite_server.url + "/")
    order = browser.execute_script("""
        const focusable = [...document.querySelectorAll('a[href], button, input, select, textarea')]
          .filter((el) => !el.disabled && el.type !== 'hidden' && el.offsetParent !== null);
        return focusable.map((el) => el.closest('main') ? 'main' : (el.closest('.app-nav') ? 'nav' : el.textContent.trim()));
    """)
    assert order[-1] == "Sign out" and "main" in order
    assert order.index("Sign out") > max(i for i, where in enumerate(order) if where == "main")
    button = browser.find_element(By.CSS_SELECTOR, ".sign-out button").rect
    nav = browser.find_element(By.CSS_SELECTOR, ".app-nav").rect
    assert button["x"] < nav["x"] + nav["width"] and button["y"] > 600, "still drawn at the sidebar's foot"
    shot("sign-out-last")


def test_error_pages_speak_to_people(browser, shot, sqlite_server):
    sign_in(browser, sqlite_server)
    browser.get(sqlite_server.url + "/transactions/987654321")
    assert browser.find_element(By.TAG_NAME, "h1").text == "We can’t find that"
    page = browser.find_element(By.CSS_SELECTOR, ".error-page")
    assert "It may have been deleted" in page.text
    fine = browser.find_element(By.CSS_SELECTOR, ".fine-print").text
    assert fine.startswith("For support: not_found · request ")
    assert browser.find_element(By.LINK_TEXT, "Go to Home").is_displayed()
    shot("not-found")
