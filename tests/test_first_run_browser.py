"""A new person's first visit in headless Chromium: Home's first steps, the empty Transactions page
pointing to the web import, and the common categories added in one click, at desktop and phone width."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import new_person
from test_browser import sign_in, wait


def test_first_steps_lead_in(browser, shot, sqlite_server):
    email, _ = new_person(sqlite_server, "first", "Fiona")
    sign_in(browser, sqlite_server, email=email)
    empty = browser.find_element(By.CSS_SELECTOR, ".empty-state")
    assert empty.find_element(By.LINK_TEXT, "Import a bank file").get_attribute("href").endswith("/import")
    assert "billfold command" not in empty.text
    shot("empty-transactions")
    for width, height in [(1440, 900), (390, 844)]:
        browser.set_window_size(width, height)
        browser.get(sqlite_server.url + "/home")
        steps = browser.find_element(By.CSS_SELECTOR, ".first-steps")
        assert [s.text.split("\n")[0] for s in steps.find_elements(By.CSS_SELECTOR, ".first-step strong")] == [
            "Import a bank file", "Check your categories", "Connect Lunch Money"]
        wide = browser.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert wide[0] <= wide[1]
        shot(f"first-steps-{width}")
    browser.set_window_size(1440, 900)
    button = browser.find_element(By.XPATH, "//button[text()='Add common categories']")
    button.click()
    wait(browser).until(EC.url_contains("/categories"))
    notice = browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert notice.endswith("categories added."), notice
    names = browser.find_element(By.TAG_NAME, "main").text
    assert "Groceries" in names and "Salary" in names
    shot("starter-categories")
    browser.get(sqlite_server.url + "/home")
    done = browser.find_elements(By.CSS_SELECTOR, ".first-step.done")
    assert len(done) == 1 and "Check your categories" in done[0].text
