"""Fixtures for the Python suites: a real `billfold serve` on a loopback port, prepared through the
real CLI, and headless Chromium driven by selenium. Screenshots go to test-artifacts/screenshots."""
import os
import pathlib
import socket
import subprocess
import tempfile
import time
import uuid

import pytest
import requests

# The CLI and the terminal apps speak the terminal's language (LANG, LC_ALL); the tests read
# English unless a test asks for another (BILLFOLD_LANGUAGE wins over LANG).
os.environ["BILLFOLD_LANGUAGE"] = "en"

ROOT = pathlib.Path(__file__).resolve().parent.parent
BINARY = ROOT / ".build" / "debug" / "billfold"
SHOTS = ROOT / "test-artifacts" / "screenshots"
SHARED_FIXTURES = ROOT.parent / "shared" / "fixtures"
PASSWORD = "correct horse battery"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def billfold(*args, database, check=True):
    """Runs the CLI and returns the completed process (text output)."""
    result = subprocess.run([str(BINARY), *args, "--database", database],
                            capture_output=True, text=True, timeout=300)
    if check and result.returncode != 0:
        raise AssertionError(f"billfold {' '.join(args)} failed ({result.returncode}): {result.stderr}")
    return result


def postgres_database():
    """A fresh database on the throwaway PostgreSQL that `make test` runs, or None."""
    admin = os.environ.get("BILLFOLD_TEST_POSTGRES_URL")
    if not admin:
        return None
    name = "billfold_py_" + uuid.uuid4().hex
    subprocess.run(["psql", admin, "-q", "-c", f"CREATE DATABASE {name}"], check=True)
    base, _, query = admin.partition("?")
    return base.rsplit("/", 1)[0] + "/" + name + ("?" + query if query else "")


# The servers' key for sealing saved tokens (32 bytes in base64); a real server makes its own.
SECRET_KEY = "dGVzdHMtb25seS1rZXktMzItYnl0ZXMtbG9uZy4uLi4="


class Server:
    """A running Billfold with one account full of demo data."""

    def __init__(self, database, folder, env=None):
        self.database = database
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.email = "ana@example.com"
        billfold("users", "create", "--email", self.email, "--password", PASSWORD, "--name", "Ana",
                 database=database)
        billfold("demo", "--email", self.email, "--transactions", "400", database=database)
        self.token = billfold("tokens", "create", "--email", self.email, "--label", "pytest",
                              database=database).stdout.strip().splitlines()[-1]
        self.folder = folder
        self.env = env
        self.log = open(folder / "server.log", "w")
        self.start()

    def start(self):
        """Starts (or, after stop, starts again) the server on its port and waits until it is ready."""
        folder = self.folder
        if self.log.closed:
            self.log = open(folder / "server.log", "a")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", str(self.port), "--database", self.database],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=folder,
            env={**os.environ, "BILLFOLD_SECRET_KEY": SECRET_KEY, **(self.env or {})})
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                if requests.get(self.url + "/health/ready", timeout=1).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        raise AssertionError("billfold serve did not become ready: " + (folder / "server.log").read_text())

    def api(self, method, path, **kwargs):
        headers = kwargs.pop("headers", {})
        headers.setdefault("Authorization", f"Bearer {self.token}")
        return requests.request(method, self.url + path, headers=headers, timeout=30, **kwargs)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def new_person(server, prefix, name):
    """A fresh account on `server` with an access token: (email, token)."""
    email = f"{prefix}-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", name, database=server.database)
    token = billfold("tokens", "create", "--email", email, "--label", "t",
                     database=server.database).stdout.strip().splitlines()[-1]
    return email, token


def api_caller(server, token):
    """Calls `server`'s API as the token's owner: api("POST", path, json=...) -> the answer's JSON,
    after checking it succeeded."""
    def api(method, path, **kwargs):
        answer = requests.request(method, server.url + path, timeout=30,
                                  headers={"Authorization": f"Bearer {token}"}, **kwargs)
        assert answer.status_code < 300, answer.text
        return answer.json()
    return api


def csrf_token(session, url):
    """Loads a page the way a browser would and returns the CSRF token its forms carry."""
    page = session.get(url, timeout=10).text
    marker = 'name="_csrf" value="'
    assert marker in page, "the page's form carries a CSRF token"
    return page.split(marker, 1)[1].split('"', 1)[0]


def database_kinds():
    return ["sqlite", "postgres"] if os.environ.get("BILLFOLD_TEST_POSTGRES_URL") else ["sqlite"]


@pytest.fixture(scope="session", params=database_kinds())
def server(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(request.param)
    database = str(folder / "billfold.sqlite") if request.param == "sqlite" else postgres_database()
    running = Server(database, folder)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def sqlite_server(tmp_path_factory):
    """One server on SQLite, for the browser tests. It may fetch plain http on loopback, where the
    Lunch Money pull test runs its second server."""
    folder = tmp_path_factory.mktemp("browser")
    running = Server(str(folder / "billfold.sqlite"), folder,
                     env={"BILLFOLD_OUTBOUND_ALLOW_HTTP": "1", "BILLFOLD_OUTBOUND_ALLOW_PRIVATE": "1"})
    yield running
    running.stop()


def chromium(javascript=True):
    """Debian's headless Chromium through selenium, optionally with JavaScript switched off."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,900", "--lang=en-US"]:
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.implicitly_wait(0)
    return driver


@pytest.fixture()
def browser():
    driver = chromium()
    yield driver
    driver.quit()


@pytest.fixture()
def shot(browser, request):
    """Saves a screenshot: shot("list") -> test-artifacts/screenshots/<test>-list.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def save(name):
        path = SHOTS / f"{request.node.name}-{name}.png".replace("/", "_")
        browser.save_screenshot(str(path))
        return path

    return save


CATALOGUE = ROOT / "Sources" / "BillfoldCore" / "Strings"


def catalogue(language):
    """The string catalogue of one language: key → text, or key → {plural form: text}."""
    import json
    entries = {}
    for path in sorted((CATALOGUE / language).glob("*.json")):
        entries.update(json.loads(path.read_text(encoding="utf-8")))
    return entries


def say(language, english, **values):
    """What a page in `language` shows where an English page shows `english` (a catalogue text or
    one of its plural forms, `{placeholders}` filled from `values`): tests of pages drawn for a
    person who chose German assert the German words."""
    target = catalogue(language)
    for key, value in catalogue("en").items():
        forms = {"other": value} if isinstance(value, str) else value
        for form, text in forms.items():
            if text == english:
                found = target[key] if isinstance(target[key], str) else target[key].get(form, target[key]["other"])
                for name, filled in values.items():
                    found = found.replace("{" + name + "}", str(filled))
                return found.replace("\u00ad", "")
    raise KeyError(f"“{english}” is not an English catalogue text")
