"""Accounts in headless Chromium: open accounts with an opening balance, a transfer between them
that moves both balances and never shows as spending, the list filtered by account, rename and
archive."""
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import PASSWORD, billfold, say
from test_browser import sign_in, wait


@pytest.fixture()
def saver(browser, sqlite_server):
    """A fresh person in Germany, signed in: amounts are typed with a decimal comma."""
    email = f"acct-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", "Ada",
             database=sqlite_server.database)
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/settings")
    Select(browser.find_element(By.ID, "locale")).select_by_value("de-DE")
    browser.find_element(By.CSS_SELECTOR, "form[action='/settings'] button").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Preferences saved.")))
    return sqlite_server


def balances(browser):
    rows = browser.find_elements(By.CSS_SELECTOR, "#content > .table-card table.accounts tbody tr")
    return {r.find_element(By.CSS_SELECTOR, "th a").text: r.find_element(By.CSS_SELECTOR, ".amount").text for r in rows}


def open_account(browser, name, currency, opening):
    form = browser.find_element(By.ID, "new-account")
    form.find_element(By.NAME, "name").send_keys(name)
    field = form.find_element(By.NAME, "currency")
    field.clear()
    field.send_keys(currency)
    form.find_element(By.NAME, "openingBalance").send_keys(opening)
    form.find_element(By.XPATH, f".//button[text()='{say('de', 'Open account')}']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Account opened.")))
    browser.find_element(By.LINK_TEXT, say("de", "← Accounts")).click()


def test_accounts_transfer_filter_rename_archive(browser, shot, saver):
    browser.get(saver.url + "/accounts")
    assert say("de", "No accounts yet") in browser.find_element(By.CSS_SELECTOR, ".empty-state").text
    assert browser.find_element(By.CSS_SELECTOR, "nav a[aria-current='page']").text.endswith(say("de", "Accounts"))
    shot("accounts-empty")
    # A name is needed; what was typed stays.
    browser.find_element(By.ID, "openingBalance").send_keys("12,50")
    browser.find_element(By.XPATH, f"//button[text()='{say('de', 'Open account')}']").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#new-account .field-error")))
    assert say("de", "Give the account a name.") in browser.find_element(By.CSS_SELECTOR, "#new-account .field-error").text
    assert browser.find_element(By.ID, "openingBalance").get_attribute("value") == "12,50"
    browser.find_element(By.ID, "openingBalance").clear()
    open_account(browser, "Girokonto", "EUR", "1.000,00")
    open_account(browser, "Tagesgeld", "EUR", "")
    assert balances(browser) == {"Girokonto": "1.000,00 €", "Tagesgeld": "0,00 €"}

    # A transfer: both balances move, the total of all accounts stays.
    form = browser.find_element(By.ID, "transfer")
    Select(form.find_element(By.NAME, "fromAccountId")).select_by_visible_text("Girokonto · EUR")
    Select(form.find_element(By.NAME, "toAccountId")).select_by_visible_text("Tagesgeld · EUR")
    form.find_element(By.NAME, "amount").send_keys("250,75")
    form.find_element(By.NAME, "notes").send_keys("Rücklage")
    shot("transfer-form")
    form.find_element(By.XPATH, f".//button[text()='{say('de', 'Record transfer')}']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Transfer recorded.")))
    assert balances(browser) == {"Girokonto": "749,25 €", "Tagesgeld": "250,75 €"}
    assert "1.000,00 €" in browser.find_element(By.CSS_SELECTOR, ".totals").text
    shot("accounts")

    # The same account twice is refused beside the field.
    form = browser.find_element(By.ID, "transfer")
    Select(form.find_element(By.NAME, "toAccountId")).select_by_visible_text("Girokonto · EUR")
    form.find_element(By.NAME, "amount").send_keys("5")
    form.find_element(By.XPATH, f".//button[text()='{say('de', 'Record transfer')}']").click()
    error = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#transfer .field-error")))
    assert say("de", "Choose two different accounts.") in error.text
    assert browser.find_element(By.NAME, "amount").get_attribute("value") == "5"
    shot("transfer-refused")

    # The account's transactions: the list filtered by it, the transfer marked and not in the totals.
    browser.get(saver.url + "/accounts")
    browser.find_element(By.XPATH, "//tr[.//a[text()='Tagesgeld']]//td//a").click()
    wait(browser).until(EC.url_contains("account="))
    rows = browser.find_elements(By.CSS_SELECTOR, ".txn-row")
    assert len(rows) == 1 and say("de", "Transfer from {name}", name="Girokonto") in rows[0].text and say("de", "⇄ Transfer") in rows[0].text
    assert Select(browser.find_element(By.ID, "account")).first_selected_option.text == "Tagesgeld"
    totals = browser.find_element(By.ID, "totals").text
    assert "250,75" not in totals and say("de", "Only transfers between your accounts: nothing spent or received.") in totals
    shot("filtered-by-account")
    # Its page: the notes in the summary, the booking time written like every other date, the other side linked.
    browser.get(rows[0].find_element(By.TAG_NAME, "a").get_attribute("href"))
    facts = {d.find_element(By.TAG_NAME, "dt").text.lower(): d.find_element(By.TAG_NAME, "dd").text
             for d in browser.find_elements(By.CSS_SELECTOR, ".detail .facts > div")}
    assert facts[say("de", "Notes").lower()] == "Rücklage"
    booked = facts[say("de", "Booked").lower()]
    assert "T" not in booked and "Nov" in booked, booked
    browser.find_element(By.LINK_TEXT, say("de", "See where it came from")).click()
    wait(browser).until(EC.text_to_be_present_in_element((By.TAG_NAME, "h1"), say("de", "Transfer to {name}", name="Tagesgeld")))
    shot("transfer-detail")

    # Rename and archive: archived accounts are listed apart and not offered for new transactions.
    browser.get(saver.url + "/accounts")
    browser.find_element(By.LINK_TEXT, "Tagesgeld").click()
    name = browser.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Notgroschen")
    browser.find_element(By.XPATH, f"//button[text()='{say('de', 'Save changes')}']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Saved.")))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Notgroschen"
    shot("account")
    browser.find_element(By.XPATH, f"//button[text()='{say('de', 'Archive')}']").click()
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), say("de", "Archived. Bring it back here any time.")))
    browser.get(saver.url + "/accounts")
    assert balances(browser) == {"Girokonto": "749,25 €"}
    archived = browser.find_element(By.CSS_SELECTOR, ".archived-accounts")
    archived.find_element(By.TAG_NAME, "summary").click()
    assert "Notgroschen" in archived.text
    browser.get(saver.url + "/transactions/new")
    options = [o.text for o in Select(browser.find_element(By.ID, "accountId")).options]
    assert not any("Notgroschen" in o for o in options)


def test_accounts_on_a_phone(browser, shot, saver):
    browser.get(saver.url + "/accounts")
    open_account(browser, "Gemeinschaftskonto mit langem Namen", "EUR", "10")
    browser.set_window_size(390, 844)
    browser.get(saver.url + "/accounts")
    nav = browser.find_element(By.CSS_SELECTOR, ".nav-links")
    # Every tab fits the bar: none is cut off at the screen's edge.
    for link in nav.find_elements(By.TAG_NAME, "a"):
        right = link.rect["x"] + link.rect["width"]
        assert right <= 390, link.text
    # A long name wraps instead of pushing the balance off the screen.
    table = browser.find_element(By.CSS_SELECTOR, "table.accounts")
    assert table.rect["x"] + table.rect["width"] <= 390
    assert "Gemeinschaftskonto" in browser.find_element(By.CSS_SELECTOR, "table.accounts tbody th").text
    shot("accounts-phone")
