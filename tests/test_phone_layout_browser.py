"""Every page fits a phone (390 px) and a desktop: nothing runs off the right edge, tab labels break
only where a word may (a space or a soft hyphen, or between Japanese characters), and Settings' Lunch
Money section explains a missing secret key as a paragraph, not four red columns. Headless Chromium,
with an account holding long names, several accounts and a notice on Settings."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import api_caller, Server, new_person
from test_browser import sign_in, wait

PAGES = ["/home", "/transactions", "/accounts", "/review", "/categories", "/projects", "/settings", "/awards", "/recurring", "/budgets", "/reports", "/reports/net-worth", "/reports/year",
         "/import", "/transactions/new"]

# Where a tab label broke onto a new line: the characters at the breaks, checked in the page.
BREAKS = r"""
const cjk = /[\u3040-\u30ff\u3400-\u9fff]/;
const breaks = [];
for (const label of document.querySelectorAll('.nav-text')) {
  const text = label.firstChild;
  if (!text || text.nodeType !== 3) continue;
  const range = document.createRange();
  let top = null;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const rect = range.getClientRects()[0];
    if (!rect || rect.width === 0) continue;
    if (top !== null && rect.top > top + 2) {
      // A soft hyphen draws its hyphen at the line's end and may measure with its neighbour.
      const allowed = /[\s\u00ad]/.test(text.data.slice(Math.max(0, last), i + 1).slice(0, -1) + text.data.slice(Math.max(0, i - 2), i))
        || cjk.test(text.data[i]);
      if (!allowed) breaks.push([label.textContent, text.data.slice(0, i), text.data.slice(i)]);
    }
    top = rect.top;
    last = i;
  }
}
return breaks;
"""


@pytest.fixture(scope="module")
def keyless_server(tmp_path_factory):
    """A server without BILLFOLD_SECRET_KEY: Settings explains how to set one."""
    folder = tmp_path_factory.mktemp("keyless")
    running = Server(str(folder / "billfold.sqlite"), folder, env={"BILLFOLD_SECRET_KEY": ""})
    yield running
    running.stop()


@pytest.fixture()
def household(keyless_server, browser):
    email, token = new_person(keyless_server, "phone", "Pia")
    api = api_caller(keyless_server, token)

    for name, currency, opening in [("Gemeinschaftskonto Haushalt und Urlaub", "EUR", "12345.67"),
                                    ("Tagesgeld", "EUR", "8000"), ("Travel Visa", "USD", "0")]:
        api("POST", "/api/v1/accounts", json={"name": name, "currency": currency, "openingBalance": opening})
    api("POST", "/api/v1/transactions", json={
        "bookedAt": "2026-03-01T10:00:00Z", "payee": "Stadtwerke Energieversorgung", "amount": "-123456.78",
        "currency": "EUR"})
    sign_in(browser, keyless_server, email=email)
    return keyless_server


@pytest.mark.parametrize("width,height", [(390, 844), (1440, 900)])
def test_no_page_runs_off_the_edge(browser, shot, household, width, height):
    browser.set_window_size(width, height)
    for path in PAGES:
        browser.get(household.url + path)
        wide = browser.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        shot(f"{path.strip('/').replace('/', '-')}-{width}")
        assert wide[0] <= wide[1], f"{path} at {width}px is {wide[0]}px wide"
        if width < 700:
            assert browser.execute_script(BREAKS) == [], f"a tab label broke mid-word on {path}"


def test_settings_notices_fit_and_read_as_text(browser, shot, household):
    browser.set_window_size(390, 844)
    browser.get(household.url + "/settings")
    token = browser.find_element(By.NAME, "label")
    token.send_keys("A phone with a rather long name for its token")
    token.submit()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".notice, .token-row")))
    wide = browser.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    shot("settings-token-390")
    assert wide[0] <= wide[1], f"Settings with its notice is {wide[0]}px wide"
    state = browser.find_element(By.ID, "lunchmoney-state")
    assert "BILLFOLD_SECRET_KEY" in state.text
    assert state.value_of_css_property("display") != "flex", "a paragraph, not columns"
    assert "invalid" not in state.get_attribute("class"), "advice, not an error"
    for width, height in [(390, 844), (1440, 900)]:
        browser.set_window_size(width, height)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", state)
        shot(f"lunchmoney-advice-{width}")


@pytest.mark.parametrize("language", ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "ja-JP"])
def test_tab_labels_break_only_between_words(browser, household, language):
    browser.set_window_size(390, 844)
    browser.get(household.url + "/settings")
    # The language is the person's preference; set through the API for this person.
    browser.execute_script("""
      const form = document.querySelector('form[action="/settings"]');
      if (form) { form.querySelector('[name=locale]').value = arguments[0]; form.submit(); }
    """, language)
    wait(browser).until(lambda b: b.execute_script("return document.documentElement.lang") == language.split("-")[0]
                        or b.execute_script("return document.documentElement.lang") == language)
    assert browser.execute_script(BREAKS) == [], language
