"""axe-core (the copy the axe-core-python package ships) over every main page of a household's book,
light and dark, desktop and phone, in headless Chromium: no violation at all. Beside it what axe
cannot measure: the spending chart's amounts against the tinted bars they sit on (at least 4.5 : 1),
the names a screen reader gives a transaction's row (no drawn pictograms in them), every control a
finger uses at least 44 × 44 px on a phone, and text that follows the browser's font size."""
import pathlib

import axe_core_python
import pytest
import requests
from selenium.webdriver.common.by import By

from conftest import PASSWORD, billfold, chromium, new_person
from test_browser import sign_in

AXE = (pathlib.Path(axe_core_python.__file__).parent / "axe.min.js").read_text()
PAGES = ["/home", "/transactions", "/transactions?status=uncleared", "/accounts", "/review", "/categories",
         "/projects", "/settings", "/awards", "/imports", "/import", "/transactions/new", "/activity", "/rules", "/recurring", "/budgets", "/reports", "/reports/net-worth", "/reports/year",
         "/rules/new", "/rules/apply", "/offline"]

# WCAG's contrast of the colour of each chart amount against its bar's fill and its track.
CHART_CONTRAST = """
function rgb(css) {
  const probe = document.createElement('span');
  probe.style.color = css;
  document.body.append(probe);
  const [r, g, b] = getComputedStyle(probe).color.match(/[\\d.]+/g).map(Number);
  probe.remove();
  const scale = (v) => (v > 1 ? v / 255 : v);
  return [r, g, b].map(scale);
}
function luminance([r, g, b]) {
  const lin = (c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function ratio(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
return [...document.querySelectorAll('.bar-row')].map((row) => {
  const text = rgb(getComputedStyle(row.querySelector('.bar-value')).color);
  const fill = rgb(getComputedStyle(row.querySelector('.bar-fill')).backgroundColor);
  const track = rgb(getComputedStyle(row).backgroundColor);
  return Math.min(ratio(text, fill), ratio(text, track));
});
"""


@pytest.fixture()
def household(sqlite_server, browser):
    email, token = new_person(sqlite_server, "axe", "Ada")
    billfold("demo", "--email", email, "--transactions", "300", database=sqlite_server.database)
    headers = {"Authorization": f"Bearer {token}"}
    statement = "Datum;Empfänger;Betrag\n02.01.2024;REWE;-3,20\n03.01.2024;Bäcker;-1,10\n"
    made = requests.post(sqlite_server.url + "/api/v1/imports?account=Girokonto", data=statement.encode(),
                         headers={**headers, "Content-Type": "text/csv"}, timeout=30)
    assert made.status_code == 201, made.text
    undone = requests.delete(sqlite_server.url + f"/api/v1/imports/{made.json()['id']}", headers=headers, timeout=30)
    assert undone.status_code == 200, undone.text
    sign_in(browser, sqlite_server, email=email)
    return sqlite_server


@pytest.mark.parametrize("scheme,width", [("light", 1440), ("dark", 1440), ("light", 390), ("dark", 390)])
def test_axe_finds_nothing(browser, household, scheme, width):
    browser.set_window_size(width, 900)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    found = {}
    for path in PAGES:
        browser.get(household.url + path)
        browser.execute_script(AXE)
        violations = browser.execute_async_script(
            "const done = arguments[0];"
            "axe.run(document).then(r => done(r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))])))")
        if violations:
            found[path] = violations
    assert found == {}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_chart_amounts_read_against_their_bars(browser, shot, household, scheme):
    browser.set_window_size(1440, 900)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    browser.get(household.url + "/home")
    ratios = browser.execute_script(CHART_CONTRAST)
    shot(f"chart-{scheme}")
    assert ratios and min(ratios) >= 4.5, ratios


def test_row_names_hold_no_pictograms(browser, household):
    browser.get(household.url + "/transactions")
    names = [link.accessible_name for link in browser.find_elements(By.CSS_SELECTOR, ".txn-link")[:20]]
    assert names and all("▤" not in name and "✎" not in name for name in names), names[:3]


# Every control a finger uses, smaller than 44 × 44 px. Links inside a sentence are exempt (WCAG's
# inline exception), and so are a chart's bars: each bar's figure is a link in the table beneath.
SMALL_TARGETS = """
const small = [];
const seen = new Set();
for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]')) {
  let target = el;
  if (el.matches('input[type=checkbox], input[type=radio]') && el.closest('label')) target = el.closest('label');
  if (seen.has(target) || target.closest('svg, .skip-link, .visually-hidden')) continue;
  seen.add(target);
  const style = getComputedStyle(target);
  const box = target.getBoundingClientRect();
  if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
  if (target.tagName === 'A' && style.display === 'inline' && target.parentElement.closest('p')) continue;
  if (box.width < 44 || box.height < 44) {
    const name = (target.getAttribute('aria-label') || target.textContent || target.name || '').trim().slice(0, 30);
    small.push(`${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
}
return small;
"""


def test_every_control_a_finger_uses_is_44_px(browser, shot, household):
    browser.set_window_size(390, 900)
    found = {}
    for path in PAGES + ["/transactions/new?type=transfer"]:
        browser.get(household.url + path)
        small = browser.execute_script(SMALL_TARGETS)
        if small:
            found[path] = small
    browser.get(household.url + "/settings")
    shot("settings-phone")
    assert found == {}


def test_text_follows_the_browsers_font_size(household, tmp_path):
    """A reader who set a larger text size in the browser gets every page's text that much larger:
    no fixed root size, and sizes in rem and em."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    sizes = {}
    for chosen in (16, 24):
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--lang=en-US"]:
            options.add_argument(flag)
        options.add_experimental_option("prefs", {"webkit.webprefs.default_font_size": chosen})
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get(household.url + "/signin")
            driver.find_element(By.ID, "email").send_keys(household.email)
            driver.find_element(By.ID, "password").send_keys(PASSWORD)
            driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
            driver.get(household.url + "/transactions")
            sizes[chosen] = driver.execute_script(
                "const px = (el) => parseFloat(getComputedStyle(el).fontSize);"
                "return [px(document.documentElement), px(document.querySelector('h1')),"
                " px(document.querySelector('.txn-link')), px(document.querySelector('.amount'))];")
        finally:
            driver.quit()
    assert sizes[16][0] == 16 and sizes[24][0] == 24, sizes
    assert all(abs(large - small * 1.5) < 0.01 for small, large in zip(sizes[16], sizes[24])), sizes
