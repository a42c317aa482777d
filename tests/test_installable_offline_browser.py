"""Installable, and readable offline, in headless Chromium: the manifest and service worker leave
no installability error (Page.getInstallabilityErrors over the DevTools protocol); with the network
switched off (Network.emulateNetworkConditions) and the server gone, the list, a detail and the
review deck show the copies saved on this device with a banner saying when they are from, a page
never opened shows the offline page instead of the browser's error, and nothing is sent; signing
out empties every cache, so the next person on the device sees nothing of the last one."""
import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import PASSWORD, Server, billfold, say
from test_browser import sign_in, wait

READY = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then(() => {
  if (navigator.serviceWorker.controller) return done(true);
  navigator.serviceWorker.addEventListener('controllerchange', () => done(true));
}).catch((e) => done(String(e)));
"""
CACHES = """
const done = arguments[arguments.length - 1];
(async () => {
  const found = {};
  for (const name of await caches.keys()) {
    found[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
  }
  return found;
})().then(done, (e) => done(String(e)));
"""


@pytest.fixture()
def own_server(tmp_path):
    running = Server(str(tmp_path / "billfold.sqlite"), tmp_path)
    yield running
    running.stop()


def offline(browser, on):
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": on, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def installed(browser, server):
    """Signed in, with the service worker installed and in control of the page."""
    sign_in(browser, server)
    assert browser.execute_async_script(READY) is True


def test_no_installability_errors(browser, shot, own_server):
    installed(browser, own_server)
    browser.get(own_server.url + "/home")
    errors = browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == [], errors
    manifest = requests.get(own_server.url + "/manifest.webmanifest", timeout=10)
    assert manifest.headers["Content-Type"].startswith("application/manifest+json")
    body = manifest.json()
    assert body["display"] == "standalone" and body["start_url"] == "/home"
    for icon in body["icons"]:
        image = requests.get(own_server.url + icon["src"], timeout=10)
        assert image.status_code == 200 and image.headers["Content-Type"] == "image/png"
    worker = requests.get(own_server.url + "/sw.js", timeout=10)
    assert worker.headers["Cache-Control"] == "no-cache" and "__VERSION__" not in worker.text
    shot("home-installable")


FORGET_LIST = """
const done = arguments[arguments.length - 1];
(async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith('billfold-pages-')) await (await caches.open(name)).delete(location.origin + '/transactions');
  }
})().then(() => done(true), (e) => done(String(e)));
"""


def test_the_list_is_kept_even_where_it_was_never_opened(browser, own_server):
    installed(browser, own_server)
    browser.get(own_server.url + "/home")
    assert browser.execute_async_script(FORGET_LIST) is True
    browser.get(own_server.url + "/accounts")
    wait(browser).until(lambda b: any("/transactions" in paths for name, paths in b.execute_async_script(CACHES).items()
                                      if name.startswith("billfold-pages-")))


def test_saved_pages_are_readable_offline_and_nothing_is_sent(browser, shot, own_server):
    installed(browser, own_server)
    browser.get(own_server.url + "/transactions")
    first = browser.find_element(By.CSS_SELECTOR, "#transaction-list a[href^='/transactions/']")
    detail = first.get_attribute("href")
    payee_text = browser.find_element(By.ID, "transaction-list").text
    browser.get(detail)
    detail_text = browser.find_element(By.TAG_NAME, "h1").text
    browser.get(own_server.url + "/review")
    browser.get(own_server.url + "/transactions")
    saved = browser.execute_async_script(CACHES)
    pages = [paths for name, paths in saved.items() if name.startswith("billfold-pages-")]
    assert len(pages) == 1 and {"/transactions", "/review", "/offline"} <= set(pages[0]), saved

    offline(browser, True)
    own_server.stop()
    try:
        browser.get(own_server.url + "/transactions")
        banner = wait(browser).until(EC.visibility_of_element_located((By.ID, "offline-banner"))).text
        assert banner.startswith("Offline: this is the page as it was on"), banner
        assert browser.find_element(By.ID, "transaction-list").text == payee_text
        shot("list-offline")

        browser.get(detail)
        assert browser.find_element(By.TAG_NAME, "h1").text == detail_text
        wait(browser).until(EC.visibility_of_element_located((By.ID, "offline-banner")))
        # A change is not sent: the form stays, the banner says why.
        form = browser.find_element(By.CSS_SELECTOR, "form[method='post']")
        browser.execute_script("arguments[0].requestSubmit()", form)
        wait(browser).until(EC.text_to_be_present_in_element((By.ID, "offline-banner"), "Not sent"))
        assert browser.current_url == detail
        shot("detail-offline")

        browser.get(own_server.url + "/review")
        wait(browser).until(EC.visibility_of_element_located((By.ID, "offline-banner")))
        shot("review-offline")

        # Never opened here: the offline page, in the person's words, listing what is saved.
        browser.get(own_server.url + "/budgets")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Billfold cannot be reached"
        saved_links = wait(browser).until(
            lambda b: [a.text.replace("\xad", "") for a in b.find_elements(By.CSS_SELECTOR, "#saved-pages a")] or None)
        assert "Transactions" in saved_links and "Review" in saved_links, saved_links
        shot("never-opened-offline")
    finally:
        offline(browser, False)
        own_server.start()
    browser.get(own_server.url + "/transactions")
    assert not browser.find_elements(By.ID, "offline-banner")


def test_signing_out_empties_every_cache(browser, shot, own_server):
    installed(browser, own_server)
    browser.get(own_server.url + "/transactions")
    browser.get(own_server.url + "/home")
    assert any(name.startswith("billfold-pages-") for name in browser.execute_async_script(CACHES))
    browser.find_element(By.CSS_SELECTOR, "form.sign-out button").click()
    wait(browser).until(EC.url_contains("/signin"))
    # Nothing stays but the public shell (the stylesheet, scripts and icons, fetched again for
    # the sign-in page): no page, and no record of whose they were.
    def only_the_shell(b):
        kept = b.execute_async_script(CACHES)
        return all(path.startswith("/assets/") for paths in kept.values() for path in paths) and \
            not any(name.startswith("billfold-pages-") or name == "billfold-person" for name in kept)
    wait(browser).until(only_the_shell)

    # The next person on the device: offline, Ana's pages are nowhere to be found.
    billfold("users", "create", "--email", "bo@example.com", "--password", PASSWORD, "--name", "Bo",
             database=own_server.database)
    sign_in(browser, own_server, email="bo@example.com")
    assert browser.execute_async_script(READY) is True
    browser.get(own_server.url + "/transactions")
    # The offline page is kept in the background after a page opens (`keep-offline-page`): on a
    # busy machine it may not be there yet when the test would go offline.
    wait(browser).until(lambda b: any("/offline" in paths for name, paths in b.execute_async_script(CACHES).items()
                                      if name.startswith("billfold-pages-")))
    offline(browser, True)
    own_server.stop()
    try:
        browser.get(own_server.url + "/home")
        assert browser.find_element(By.TAG_NAME, "h1").text == "Billfold cannot be reached"
        assert "Ana" not in browser.page_source
    finally:
        offline(browser, False)
        own_server.start()
