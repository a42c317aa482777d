"""An import's loose ends in headless Chromium: a file previews at once, into an account named from
the file; pounds stay pounds; the preview shows notes and what the new rows add up to; undoing the
import takes the account it made."""
import re
import uuid

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import PASSWORD, billfold
from test_browser import notice_saying, sign_in, wait


def test_a_file_previews_at_once_and_its_undo_leaves_nothing(browser, shot, sqlite_server, tmp_path):
    email = f"loose-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, database=sqlite_server.database)
    sign_in(browser, sqlite_server, email=email)
    statement = tmp_path / "Monzo_export_2024-01.csv"
    statement.write_text("Date,Payee,Notes,Amount\n2024-01-02,Tesco,Weekly shop,-£12.50\n"
                         "2024-01-03,Pret,,-£3.20\n2024-01-04,Employer,January,£2000.00\n", encoding="utf-8")
    browser.get(sqlite_server.url + "/import")
    browser.find_element(By.ID, "file").send_keys(str(statement))
    summary = wait(browser).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".import-summary")))
    assert summary.text == "CSV: 3 new, 0 already imported"
    assert browser.find_element(By.ID, "account").get_attribute("value") == "Monzo export"
    accounts = browser.find_element(By.CSS_SELECTOR, ".import-accounts").text
    assert "GBP" in accounts and "Together £1,984.30." in accounts, accounts
    first = browser.find_element(By.CSS_SELECTOR, ".preview-table tbody tr").text
    assert "Weekly shop" in first and "£12.50" in first, first
    shot("preview")
    assert browser.find_element(By.ID, "currency").get_attribute("value") == "GBP", "the form says the file's currency"
    browser.find_element(By.ID, "commit").click()
    wait(browser, 60).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".import-done")))
    browser.find_element(By.LINK_TEXT, "See the imported transactions").click()
    wait(browser).until(EC.url_contains("import="))
    rows = [row.text for row in browser.find_elements(By.CSS_SELECTOR, "#transaction-list .txn-row")]
    assert len(rows) == 3 and all("Jan" in row and not re.search(r"\d:\d\d|AM|PM", row) for row in rows), rows
    shot("imported-rows")

    browser.get(sqlite_server.url + "/accounts")
    assert "Monzo export" in browser.find_element(By.TAG_NAME, "main").text
    browser.get(sqlite_server.url + "/imports")
    browser.find_element(By.CSS_SELECTOR, ".import-row").find_element(By.LINK_TEXT, "Undo").click()
    browser.find_element(By.CSS_SELECTOR, "button.danger").click()
    assert notice_saying(browser, "Import undone").startswith("Import undone")
    browser.get(sqlite_server.url + "/accounts")
    assert "Monzo export" not in browser.find_element(By.TAG_NAME, "main").text
