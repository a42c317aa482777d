"""Issue 17: every page in the person's language. A person who chose German (or any language the
setup page offers) reads no English sentence from the catalogue anywhere; before sign-in the page
follows the browser's Accept-Language; <html lang> is right. Chromium draws the main pages in
German and Japanese, narrow and wide, and nothing spills sideways (long German words)."""
import html.parser
import json
import os
import re
import subprocess

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import BINARY, CATALOGUE, PASSWORD, SHOTS, billfold, catalogue, csrf_token, new_person
LANGUAGES = {"de": "de-DE", "fr": "fr-FR", "es": "es-ES", "it": "it-IT", "nl": "nl-NL", "ja": "ja-JP"}
PAGES = ["/home", "/transactions", "/transactions/new", "/accounts", "/review", "/activity", "/categories",
         "/categories/new", "/projects", "/projects/closed", "/awards", "/import", "/imports",
         "/settings"]


def forms_by_key(language):
    """Every key's forms (one text, or each plural form) in one language."""
    return {key: [value] if isinstance(value, str) else list(value.values())
            for key, value in catalogue(language).items()}


def english_sentences(language):
    """The English catalogue's sentences (the pieces between placeholders, two words or more) that
    the language writes differently: none of them may appear on a page drawn in it."""
    english, other = forms_by_key("en"), forms_by_key(language)
    pieces = set()
    for key, forms in english.items():
        translated = " ".join(other.get(key, []))
        for form in forms:
            for piece in re.split(r"\{[A-Za-z0-9_]+\}", form):
                piece = piece.strip(" .,:;!?·–—-“”\"'()…")
                if len(piece.split()) >= 2 and piece not in translated:
                    pieces.add(piece)
    return pieces


class ReadableText(html.parser.HTMLParser):
    """What a person reads or hears: text outside scripts and styles, and the attributes screen
    readers and tooltips speak."""

    SPOKEN = {"aria-label", "title", "placeholder", "alt"}

    def __init__(self):
        super().__init__()
        self.parts, self.skipping = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skipping += 1
        self.parts += [value for name, value in attrs if name in self.SPOKEN and value]
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.parts.append(dict(attrs).get("value") or "")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def readable(page):
    reader = ReadableText()
    reader.feed(page)
    return re.sub(r"\s+", " ", " ".join(reader.parts))


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from strings_in(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from strings_in(inner)


def user_data(server, token):
    """The person's own words (the demo's project titles, payees, category names, notes: data in
    English whatever the page's language), longest first, to take out of a page before the check."""
    def get(path):
        return requests.get(server.url + path, headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
    found = set()
    for path in ["/api/v1/categories", "/api/v1/accounts", "/api/v1/transactions?limit=200", "/api/v1/tags"]:
        found.update(strings_in(get(path)))
    for project in get("/api/v1/projects")["projects"]:
        found.update(strings_in(project))
        found.update(strings_in(get(f"/api/v1/projects/{project['id']}/items")))
    return sorted((s for s in found if " " in s.strip()), key=len, reverse=True)


def session_in(server, locale):
    """A new person with demo data who chose `locale` on the settings page, signed in, and the
    person's own words (see user_data)."""
    email, token = new_person(server, "lang", "Lena")
    billfold("demo", "--email", email, "--transactions", "80", database=server.database)
    web = requests.Session()
    web.post(server.url + "/signin", timeout=10,
             data={"email": email, "password": PASSWORD, "_csrf": csrf_token(web, server.url + "/signin")})
    answer = web.post(server.url + "/settings", timeout=10, data={
        "locale": locale, "timeZone": "Europe/Berlin", "currency": "EUR", "deckSize": "20",
        "_csrf": csrf_token(web, server.url + "/settings")})
    assert answer.status_code == 200, answer.text[:500]
    return web, user_data(server, token)


def pages_of(server, web):
    """The main pages, plus a transaction, its delete page, an account, a category and a project."""
    paths = list(PAGES)
    page = web.get(server.url + "/transactions", timeout=10).text
    paths += sorted(set(re.findall(r'href="(/transactions/\d+)"', page)))[:1]
    paths += [p + "/delete" for p in paths[-1:]]
    for listing, pattern in (("/accounts", r'href="(/accounts/\d+)"'), ("/categories", r'href="(/categories/\d+/edit)"'),
                             ("/projects", r'href="(/projects/\d+)"')):
        paths += sorted(set(re.findall(pattern, web.get(server.url + listing, timeout=10).text)))[:1]
    return paths


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_no_english_sentence_on_a_page_in_another_language(sqlite_server, language):
    web, own_words = session_in(sqlite_server, LANGUAGES[language])
    sentences = english_sentences(language)
    assert len(sentences) > 50, "the catalogue has English sentences to look for"
    found = {}
    for path in pages_of(sqlite_server, web):
        answer = web.get(sqlite_server.url + path, timeout=10)
        assert answer.status_code == 200, (path, answer.status_code)
        assert f'<html lang="{LANGUAGES[language]}"' in answer.text, path
        text = readable(answer.text)
        for data in own_words:
            text = text.replace(data, " ")
        # Whole words only: Spanish "a lista" does not hold the English "a list".
        left = sorted(s for s in sentences if s in text and re.search(rf"(?<!\w){re.escape(s)}(?!\w)", text))
        if left:
            found[path] = left
    assert not found, f"English left on pages drawn in {language}: {json.dumps(found, ensure_ascii=False, indent=1)}"


def test_the_check_finds_english_on_a_page():
    """The check above can fail: an English page holds sentences it looks for."""
    sentences = english_sentences("de")
    page = '<main><p>All clear: every transaction is reviewed.</p><button aria-label="Sign out"></button></main>'
    assert "All clear: every transaction is reviewed" in sentences
    assert any(s in readable(page) for s in sentences)


@pytest.mark.parametrize("header,lang,signin_word", [
    ("de-CH,de;q=0.9,en;q=0.5", "de", "signin.submit"), ("ja,en;q=0.5", "ja", "signin.submit"),
    ("pl, en-GB;q=0.8", "en", "signin.submit"), (None, "en", "signin.submit")])
def test_before_sign_in_the_page_follows_accept_language(sqlite_server, header, lang, signin_word):
    headers = {"Accept-Language": header} if header else {}
    page = requests.get(sqlite_server.url + "/signin", headers=headers, timeout=10).text
    assert f'<html lang="{lang}"' in page
    word = json.loads((CATALOGUE / lang / "signin.json").read_text(encoding="utf-8"))[signin_word]
    assert word in page


def no_sideways_spill(browser):
    return browser.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


@pytest.mark.parametrize("language", ["de", "ja"])
def test_main_pages_in_german_and_japanese(browser, sqlite_server, language):
    """Screenshots to look at, wide and narrow: long German words wrap, Japanese is drawn in a real
    font (fonts-noto-cjk, installed by make deps)."""
    if language == "ja":
        fonts = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True).stdout
        assert fonts.strip(), "a Japanese font is installed"
    web, _ = session_in(sqlite_server, LANGUAGES[language])
    browser.get(sqlite_server.url + "/signin")
    for name, value in web.cookies.items():
        browser.add_cookie({"name": name, "value": value, "path": "/"})
    SHOTS.mkdir(parents=True, exist_ok=True)
    sentences = english_sentences(language)
    for width in (1280, 390):
        browser.set_window_size(width, 900)
        for path in ["/home", "/transactions", "/review", "/categories", "/settings", "/import", "/projects",
                     "/accounts", "/awards"]:
            browser.get(sqlite_server.url + path)
            assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == LANGUAGES[language]
            assert no_sideways_spill(browser), f"{path} spills sideways at {width}px in {language}"
            if path == "/review":
                # The deck is drawn by review.js from the page's words: its card and buttons.
                WebDriverWait(browser, 10).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".review-card.top"))
                drawn = readable(browser.page_source)
                assert not [s for s in sentences if s in drawn], f"English in the review deck drawn in {language}"
            browser.save_screenshot(str(SHOTS / f"language-{language}-{width}{path.replace('/', '-')}.png"))


@pytest.mark.parametrize("variables, language", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"),
    ({"LC_MESSAGES": "fr_FR.UTF-8"}, "fr"),
])
def test_the_command_line_speaks_the_terminals_language(tmp_path, variables, language):
    """Help, results and errors of `billfold` in the language of the terminal's locale variables."""
    words = catalogue(language)
    env = {**os.environ, "BILLFOLD_LANGUAGE": "", "LANG": "", "LC_ALL": "", "LC_MESSAGES": "", **variables}
    database = str(tmp_path / "words.sqlite")

    def run(*args):
        return subprocess.run([str(BINARY), *args], env=env, capture_output=True, text=True, timeout=120)

    helped = run("users", "create", "--help")
    shown = " ".join(helped.stdout.split())  # help lines wrap at the terminal's width
    assert words["cli.users.create.abstract"] in shown
    assert words["cli.users.create.passwordHelp"] in shown
    created = run("users", "create", "--email", "mia@example.com", "--password", PASSWORD, "--database", database)
    assert created.returncode == 0, created.stderr
    assert created.stdout.strip() == words["cli.users.created"].replace("{email}", "mia@example.com").replace(
        "{id}", re.search(r"\d+", created.stdout).group())
    missing = run("export", "csv", "--email", "nobody@example.com", "--database", database)
    assert missing.returncode != 0
    assert words["cli.noUserWithEmail"].replace("{email}", "nobody@example.com") in missing.stderr
    assert catalogue("en")["cli.noUserWithEmail"].split("{email}")[0] not in missing.stderr
