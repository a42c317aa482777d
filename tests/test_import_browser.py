"""The import flow in headless Chromium: choose a bank CSV, see the mapping Billfold guessed and
the first rows as they will be booked, change a column and see the preview follow, import, follow
the link to exactly the imported transactions, find it on the Imports list, undo it after the
confirmation, and download an export. A malformed file shows its line and why."""
import uuid

import requests
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from conftest import PASSWORD, ROOT, api_caller, billfold, csrf_token, new_person
from test_browser import notice_saying, sign_in, wait

OWN = ROOT / "Tests" / "Fixtures" / "banks"


def person(server):
    email = f"import-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, database=server.database)
    return email


def test_import_preview_mapping_import_and_undo(browser, shot, sqlite_server, tmp_path):
    email = person(sqlite_server)
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/transactions")
    browser.find_element(By.LINK_TEXT, "Import").click()
    wait(browser).until(EC.url_contains("/import"))
    browser.find_element(By.ID, "account").send_keys("Girokonto")
    browser.find_element(By.ID, "file").send_keys(str(OWN / "latin1-semicolon.csv"))
    summary = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".import-summary")))
    assert summary.text == "CSV: 4 new, 0 already imported"
    assert Select(browser.find_element(By.ID, "map-date")).first_selected_option.text == "Buchungstag"
    assert Select(browser.find_element(By.ID, "map-decimal")).first_selected_option.get_attribute("value") == ","
    assert browser.find_element(By.ID, "map-skipLines").get_attribute("value") == "3"
    cells = [row.text for row in browser.find_elements(By.CSS_SELECTOR, ".preview-table tbody tr")]
    assert len(cells) == 4 and "Bäckerei Müller" in cells[0] and "2024-01-02" in cells[0]
    assert "Girokonto" in browser.find_element(By.CSS_SELECTOR, ".import-accounts").text
    # The preview may be drawn again meanwhile (the account typed asks again): find it afresh.
    browser.execute_script("document.querySelector('.import-summary').scrollIntoView()")
    shot("preview")

    # Payee from the purpose column instead: the preview follows.
    Select(browser.find_element(By.ID, "map-payee")).select_by_visible_text("Verwendungszweck")
    wait(browser).until(lambda b: "Brötchen" in b.find_element(By.CSS_SELECTOR, ".preview-table tbody tr").text)
    Select(browser.find_element(By.ID, "map-payee")).select_by_visible_text("Empfänger")
    wait(browser).until(lambda b: "Bäckerei" in b.find_element(By.CSS_SELECTOR, ".preview-table tbody tr").text)

    browser.find_element(By.ID, "commit").click()
    done = wait(browser, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".import-done")))
    assert done.text == "4 transactions imported into Girokonto."
    shot("imported")
    browser.find_element(By.LINK_TEXT, "See the imported transactions").click()
    wait(browser).until(EC.url_contains("import="))
    payees = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#transaction-list .txn-row .payee")]
    assert sorted(payees) == ["Arbeitgeber GmbH", "Bäckerei Müller", "Café", "Café"], payees
    assert "Showing the transactions one import brought" in browser.page_source

    browser.get(sqlite_server.url + "/imports")
    row = browser.find_element(By.CSS_SELECTOR, ".import-row")
    assert "latin1-semicolon.csv" in row.text and "4 transactions added" in row.text
    shot("imports")
    row.find_element(By.LINK_TEXT, "Undo").click()
    assert "This removes the 4 transactions it added" in browser.find_element(By.CSS_SELECTOR, ".delete-summary").text
    shot("undo")
    browser.find_element(By.CSS_SELECTOR, "button.danger").click()
    assert notice_saying(browser, "Import undone") == "Import undone: 4 transactions removed."
    assert "Undone" in browser.find_element(By.CSS_SELECTOR, ".import-row").text


def preview_table(browser):
    """The preview's headers and rows as text, or False while the page is drawing it again (the
    account and the file each ask for a preview, and the second replaces the first's table)."""
    try:
        headers = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".preview-table thead th")]
        rows = [[c.text for c in r.find_elements(By.TAG_NAME, "td")]
                for r in browser.find_elements(By.CSS_SELECTOR, ".preview-table tbody tr")]
    except StaleElementReferenceException:
        return False
    return (headers, rows) if headers and rows else False


def fresh(read):
    """`read()`, or False when the preview was drawn again under it (to be asked again)."""
    try:
        return read()
    except StaleElementReferenceException:
        return False


def test_the_preview_shows_what_the_rules_make_of_each_row(browser, shot, sqlite_server):
    """A rule for the bakery: the preview names its category beside the row, and only there."""
    email, token = new_person(sqlite_server, "import-rules", "Ida")
    api = api_caller(sqlite_server, token)
    food = api("POST", "/api/v1/categories", json={"name": "Food"})["id"]
    api("POST", "/api/v1/rules", json={
        "conditions": [{"field": "bankText", "test": "contains", "value": "Bäckerei"}],
        "actions": [{"action": "setCategory", "category": food}]})
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/import")
    browser.find_element(By.ID, "account").send_keys("Girokonto")
    browser.find_element(By.ID, "file").send_keys(str(OWN / "latin1-semicolon.csv"))
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".preview-table")))
    headers, rows = wait(browser).until(preview_table)
    assert "Category" in headers
    column = headers.index("Category")
    bakery = next(r for r in rows if "Bäckerei" in r[1])
    assert bakery[column] == "Food (set by your rules)"
    assert all(r[column] == "" for r in rows if r is not bakery)
    browser.execute_script("document.querySelector('.preview-table').scrollIntoView()")
    shot("preview-with-rules")


def test_unreadable_rows_named_and_left_out_by_choice(browser, shot, sqlite_server, tmp_path):
    email = person(sqlite_server)
    bad = tmp_path / "statement.csv"
    bad.write_text("Date;Payee;Amount\n2024-01-02;Bakery;-1,00\n2024-02-31;Kiosk;-2,00\n")
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/import")
    browser.find_element(By.ID, "account").send_keys("Cash box")
    browser.find_element(By.ID, "file").send_keys(str(bad))
    problem = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".unreadable li")))
    assert problem.text == "line 3: “2024-02-31” is not a date: there is no such day."
    assert browser.find_element(By.ID, "commit").get_attribute("disabled") is not None
    browser.execute_script("document.querySelector('.unreadable li').scrollIntoView()")
    shot("unreadable")
    # One row is said as one ("the unreadable row"), not "the 1 unreadable rows".
    label = wait(browser).until(lambda b: fresh(
        lambda: b.find_element(By.ID, "skip-unreadable").find_element(By.XPATH, "./ancestor::label").text))
    assert label == "Leave out the unreadable row", label

    # The preview may be drawn once more (the account typed, then the file) while the box is
    # ticked: tick it on the preview that stays.
    def left_out(b):
        box = b.find_element(By.ID, "skip-unreadable")
        if not box.is_selected():
            box.click()
        return b.find_element(By.ID, "commit").get_attribute("disabled") is None

    wait(browser).until(lambda b: fresh(lambda: left_out(b)))
    browser.find_element(By.ID, "commit").click()
    done = wait(browser, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".import-done")))
    assert done.text.startswith("1 transaction imported into Cash box")


def test_leaving_out_unreadable_rows_then_mapping_them_readable_redraws_the_preview(browser, sqlite_server, tmp_path):
    email = person(sqlite_server)
    two = tmp_path / "two-amounts.csv"
    two.write_text("Date;Payee;Amount;Other\n2024-01-02;Bakery;-1,00;-1,00\n2024-01-03;Kiosk;zwei;-2,00\n")
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/import")
    browser.find_element(By.ID, "account").send_keys("Cash box")
    browser.find_element(By.ID, "file").send_keys(str(two))
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".unreadable li")))
    browser.find_element(By.ID, "skip-unreadable").click()
    wait(browser).until(lambda b: b.find_element(By.ID, "commit").get_attribute("disabled") is None)
    # Now every row reads: the box goes, and the preview is drawn, not an error.
    Select(browser.find_element(By.ID, "map-amount")).select_by_visible_text("Other")
    wait(browser).until(lambda b: "Import 2 transactions" in b.find_element(By.ID, "commit").text)
    assert not browser.find_elements(By.ID, "skip-unreadable")
    assert not browser.find_elements(By.CSS_SELECTOR, ".import-result .form-error")
    assert browser.find_element(By.ID, "commit").get_attribute("disabled") is None


def test_a_nameless_direction_column_is_chosen_by_number_and_signs_the_preview(browser, shot, sqlite_server, tmp_path):
    """Volksbank's S/H column has no name: the form shows it as a numbered column, the preview is
    signed by it, and the payer column gives money in its payee."""
    email = person(sqlite_server)
    giro = tmp_path / "volksbank.csv"
    giro.write_text('Buchungstag;Auftraggeber/Zahlungsempfänger;Empfänger/Zahlungspflichtiger;Umsatz;" "\n'
                    "15.01.2024;Max Mustermann;REWE Markt;23,45;S\n"
                    "10.01.2024;Arbeitgeber AG;Max Mustermann;3.210,77;H\n", encoding="utf-8")
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/import")
    browser.find_element(By.ID, "account").send_keys("Volksbank")
    currency = browser.find_element(By.ID, "currency")
    currency.clear()
    currency.send_keys("EUR")
    browser.find_element(By.ID, "file").send_keys(str(giro))
    wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".preview-table tbody tr")))
    assert Select(browser.find_element(By.ID, "map-direction")).first_selected_option.text == "Column 5"
    assert Select(browser.find_element(By.ID, "map-payer")).first_selected_option.text == \
        "Auftraggeber/Zahlungsempfänger"
    # Read in one step once the preview settles: the page may draw it again as the mapping is chosen.
    rows = wait(browser).until(lambda b: (lambda r: r if len(r) >= 2 and "REWE Markt" in r[0] else None)(
        b.execute_script("return [...document.querySelectorAll('.preview-table tbody tr')].map(r => r.innerText)")))
    assert "REWE Markt" in rows[0] and "-€23.45" in rows[0], rows
    assert "Arbeitgeber AG" in rows[1] and "€3,210.77" in rows[1] and "-€3,210.77" not in rows[1], rows
    browser.execute_script("document.getElementById('map-direction').scrollIntoView()")
    shot("direction")


def test_export_downloads_keep_the_filter(sqlite_server):
    session = requests.Session()
    email = person(sqlite_server)
    session.post(sqlite_server.url + "/signin", timeout=10,
                 data={"email": email, "password": PASSWORD, "_csrf": csrf_token(session, sqlite_server.url + "/signin")})
    billfold("import", "csv", str(OWN / "latin1-semicolon.csv"), "--email", email, "--account", "Giro",
             database=sqlite_server.database)
    journal = session.get(sqlite_server.url + "/export", params={"format": "hledger"})
    assert journal.status_code == 200
    assert journal.headers["Content-Disposition"].startswith('attachment; filename="billfold-')
    assert "assets:Giro  -3.20 EUR" in journal.text
    view = session.get(sqlite_server.url + "/export", params={"format": "csv", "q": "café"})
    lines = view.text.strip().splitlines()
    assert lines[0].startswith("Date,Payee,Amount") and len(lines) == 3
    assert session.get(sqlite_server.url + "/export", params={"format": "pdf"}).status_code == 400


def test_your_data_in_settings_and_export_this_view(browser, shot, sqlite_server):
    email = person(sqlite_server)
    sign_in(browser, sqlite_server, email=email)
    browser.get(sqlite_server.url + "/settings")
    section = browser.find_element(By.CSS_SELECTOR, "section[aria-label='Your data']")
    links = {a.text: a.get_attribute("href") for a in section.find_elements(By.TAG_NAME, "a")}
    assert links["Import a bank file"].endswith("/import") and links["Imports"].endswith("/imports")
    assert links["beancount"].endswith("/export?format=beancount") and links["CSV"].endswith("/export?format=csv")
    browser.execute_script("arguments[0].scrollIntoView()", section)
    shot("your-data")
    browser.get(sqlite_server.url + "/transactions?status=uncleared&q=bakery")
    browser.find_element(By.CSS_SELECTOR, ".export-menu summary").click()
    ledger = wait(browser).until(EC.visibility_of_element_located((By.LINK_TEXT, "ledger")))
    assert ledger.get_attribute("href").endswith("/export?format=ledger&status=uncleared&q=bakery")
    shot("export-menu")
