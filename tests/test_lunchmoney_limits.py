"""A Lunch Money pull is held in memory until it is imported, from an address a user typed. Against
a peer on loopback that says `has_more` forever: the pull stops at the server's cap on transactions,
and Disconnect stops a running pull at its next page; in both cases nothing is imported and the
peer is asked nothing more."""
import http.server
import json
import threading
import time
from urllib.parse import parse_qs, urlparse

import pytest

from conftest import Server
from test_lunchmoney_sync import Person, until


class Endless(http.server.BaseHTTPRequestHandler):
    """Lunch Money's v1 as a hostile server could answer it: every page is full and there is always
    more. `/slow/…` takes a second a page and sends one row. The server counts the pages asked for."""

    def log_message(self, *args):
        pass

    def answer(self, value):
        body = json.dumps(value).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path.endswith("/v1/me"):
            self.answer({"user_name": "Endless", "user_email": "endless@example.com"})
        elif url.path.endswith("/v1/categories"):
            self.answer({"categories": []})
        elif url.path.endswith("/v1/transactions"):
            self.server.pages += 1
            query = parse_qs(url.query)
            offset, limit = int(query["offset"][0]), int(query["limit"][0])
            slow = url.path.startswith("/slow/")
            if slow:
                time.sleep(1)
            rows = [{"id": offset + n + 1, "date": "2026-01-02", "amount": "1.0000", "currency": "eur",
                     "payee": f"Row {offset + n + 1}", "status": "uncleared"} for n in range(1 if slow else limit)]
            self.answer({"transactions": rows, "has_more": True})
        else:
            self.send_response(404)
            self.end_headers()


@pytest.fixture(scope="module")
def peer():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Endless)
    server.daemon_threads = True
    server.pages = 0
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    """A Billfold that takes at most 2,000 transactions in one pull."""
    folder = tmp_path_factory.mktemp("capped")
    running = Server(str(folder / "billfold.sqlite"), folder, env={
        "BILLFOLD_OUTBOUND_ALLOW_HTTP": "1", "BILLFOLD_OUTBOUND_ALLOW_PRIVATE": "1",
        "BILLFOLD_LUNCHMONEY_MAX_TRANSACTIONS": "2000"})
    yield running
    running.stop()


def status(person):
    return person.web.get(person.server.url + "/settings/lunchmoney/pull", timeout=10).json()


def imported(person):
    return sum(t["count"] for t in person.api("GET", "/api/v1/transactions?limit=1").json()["totals"])


def test_a_pull_stops_at_the_cap_and_imports_nothing(capped, peer):
    person = Person(capped)
    base = f"http://127.0.0.1:{peer.server_port}/many"
    peer.pages = 0
    answer = person.post("/settings/lunchmoney", {"baseURL": base, "token": "t"}, "/settings")
    assert answer.status_code == 200 and "done=connected" in answer.url, answer.text
    line = until(lambda: (lambda s: not s["running"] and s["message"])(status(person)), 120, "the pull's end")
    assert line == (f"The pull stopped: {base} has more than 2000 transactions, more than this server takes in "
                    "one pull (its operator can raise BILLFOLD_LUNCHMONEY_MAX_TRANSACTIONS). Nothing was imported.")
    assert status(person)["failed"] is True
    assert peer.pages == 2, "two full pages reach the cap; a third is not asked for"
    assert imported(person) == 0


def test_disconnecting_stops_a_running_pull(sqlite_server, peer):
    person = Person(sqlite_server)
    base = f"http://127.0.0.1:{peer.server_port}/slow"
    answer = person.post("/settings/lunchmoney", {"baseURL": base, "token": "t"}, "/settings")
    assert "done=connected" in answer.url, answer.text
    until(lambda: "Fetching transactions: 2 so far" in status(person)["message"], 60, "the pull under way")
    answer = person.post("/settings/lunchmoney/disconnect", {}, "/settings")
    assert "done=disconnected" in answer.url
    line = until(lambda: (lambda s: not s["running"] and s["message"])(status(person)), 30, "the pull's end")
    assert line == "The pull stopped: Lunch Money was disconnected. Nothing was imported."
    asked = peer.pages
    time.sleep(3)
    assert peer.pages == asked, "nothing more is asked of the peer once the pull has stopped"
    assert imported(person) == 0
