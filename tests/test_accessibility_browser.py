"""axe-core (the copy the axe-core-python package ships) over every main page of a household's book,
light and dark, desktop and phone, in headless Chromium: no violation at all. Beside it what axe
cannot measure: the spending chart's amounts against the tinted bars they sit on (at least 4.5 : 1),
and the names a screen reader gives a transaction's row (no drawn pictograms in them)."""
import pathlib

import axe_core_python
import pytest
import requests
from selenium.webdriver.common.by import By

from conftest import billfold, new_person
from test_browser import sign_in

AXE = (pathlib.Path(axe_core_python.__file__).parent / "axe.min.js").read_text()
PAGES = ["/home", "/transactions", "/transactions?status=uncleared", "/accounts", "/review", "/categories",
         "/projects", "/settings", "/awards", "/imports", "/import", "/transactions/new", "/activity", "/rules", "/recurring", "/budgets", "/reports", "/reports/net-worth", "/reports/year",
         "/rules/new", "/rules/apply"]

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
