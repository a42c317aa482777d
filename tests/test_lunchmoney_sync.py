"""Two-way sync with a connected Lunch Money, against a second Billfold serving /v1 on another
loopback port as the remote: changes made here reach it through the outbox, changes made there
come back on a pull, an outage is waited out with nothing sent twice, and a field changed on both
sides is held for the person instead of being overwritten either way."""
import time

import pytest
import requests

from conftest import PASSWORD, Server, csrf_token, database_kinds, new_person, postgres_database
from test_browser import sign_in


def until(check, timeout=60, what="the condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.3)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(params=database_kinds())
def pair(request, tmp_path):
    """(here, remote): Billfold with the sync's retries sped up, and the Lunch Money it connects to."""
    (tmp_path / "remote").mkdir()
    (tmp_path / "here").mkdir()
    remote = Server(str(tmp_path / "remote" / "lm.sqlite"), tmp_path / "remote")
    database = (postgres_database() if request.param == "postgres" else str(tmp_path / "here" / "b.sqlite"))
    here = Server(database, tmp_path / "here", env={
        "BILLFOLD_OUTBOUND_ALLOW_HTTP": "1", "BILLFOLD_OUTBOUND_ALLOW_PRIVATE": "1",
        "BILLFOLD_LUNCHMONEY_RETRY_SECONDS": "1"})
    yield here, remote
    here.stop()
    remote.stop()


class Person:
    """Someone using `here` through the web pages and the native API."""

    def __init__(self, server):
        self.server = server
        self.email, self.token = new_person(server, "sync", "Sam")
        self.web = requests.Session()
        self.web.post(server.url + "/signin", data={
            "email": self.email, "password": PASSWORD, "_csrf": csrf_token(self.web, server.url + "/signin")},
            timeout=10)

    def api(self, method, path, **kwargs):
        return requests.request(method, self.server.url + path, timeout=30,
                                headers={"Authorization": f"Bearer {self.token}"}, **kwargs)

    def post(self, path, data, page):
        data = {**data, "_csrf": csrf_token(self.web, self.server.url + page)}
        return self.web.post(self.server.url + path, data=data, timeout=30)

    def page(self, path):
        return self.web.get(self.server.url + path, timeout=30).text

    def pull(self):
        """Pulls now and returns the finished pull's line."""
        self.post("/settings/lunchmoney/pull", {}, "/settings")
        return until(lambda: (lambda s: not s["running"] and s["message"])(
            self.web.get(self.server.url + "/settings/lunchmoney/pull", timeout=10).json()), 120, "the pull")

    def mine(self, remote_id):
        """Here's copy of the remote's transaction."""
        rows = self.api("GET", "/api/v1/transactions?limit=500").json()["transactions"]
        return next(t for t in rows if t["externalId"] == f"lunchmoney:{remote_id}")


def remote_row(remote, remote_id):
    return remote.api("GET", f"/v1/transactions/{remote_id}").json()


def test_changes_go_both_ways_survive_an_outage_and_conflicts_wait(pair, browser, shot):
    here, remote = pair
    sam = Person(here)
    # Connecting starts the first pull: the deck has the account's transactions straight away.
    answer = sam.post("/settings/lunchmoney", {"baseURL": remote.url, "token": remote.token}, "/settings")
    assert answer.status_code == 200 and "Connected to Lunch Money" in answer.text
    status = until(lambda: (lambda s: not s["running"] and s["message"])(
        sam.web.get(here.url + "/settings/lunchmoney/pull", timeout=10).json()), 120, "the first pull")
    assert status.startswith("Done: 400 transactions read, 400 added"), status
    deck = sam.api("GET", "/api/v1/review/months").json()
    assert sum(m["count"] for m in deck["months"]) > 0, "the review deck has the pulled transactions"

    uncleared = [t for t in sam.api("GET", "/api/v1/transactions?status=uncleared&limit=50").json()["transactions"]]
    first, second, third, fourth = uncleared[:4]
    ids = {t["id"]: int(t["externalId"].split(":")[1]) for t in uncleared[:4]}
    groceries = next(c for c in sam.api("GET", "/api/v1/categories").json()["categories"]
                     if c["name"] == "Groceries")
    remote_groceries = next(c for c in remote.api("GET", "/v1/categories?format=flattened").json()["categories"]
                            if c["name"] == "Groceries")

    # Here → there: clear one, recategorise another.
    assert sam.api("PATCH", f"/api/v1/transactions/{first['id']}", json={"status": "cleared"}).status_code == 200
    assert sam.api("PATCH", f"/api/v1/transactions/{second['id']}",
                   json={"categoryId": groceries["id"]}).status_code == 200
    until(lambda: remote_row(remote, ids[first["id"]])["status"] == "cleared", what="the clear to arrive")
    until(lambda: remote_row(remote, ids[second["id"]])["category_id"] == remote_groceries["id"],
          what="the category to arrive")
    assert "Synced to Lunch Money ✓" in sam.page(f"/transactions/{first['id']}")

    # There → here: a note made in Lunch Money comes in on the next pull, and nothing goes back.
    assert remote.api("PUT", f"/v1/transactions/{ids[third['id']]}",
                      json={"transaction": {"notes": "split with Kim"}}).status_code == 200
    assert "1 updated" in sam.pull()
    assert sam.mine(ids[third["id"]])["notes"] == "split with Kim"

    # Lunch Money down: the change waits, then goes once it is back, exactly once.
    remote.stop()
    assert sam.api("PATCH", f"/api/v1/transactions/{fourth['id']}", json={"notes": "while away"}).status_code == 200
    until(lambda: "Waiting to sync" in sam.page(f"/transactions/{fourth['id']}")
          and "did not answer" in sam.page(f"/transactions/{fourth['id']}"), what="the outbox to report waiting")
    remote.start()
    until(lambda: remote_row(remote, ids[fourth["id"]])["notes"] == "while away", what="the outbox to drain")
    history = remote.api("GET", f"/api/v1/transactions/{ids[fourth['id']]}/history").json()
    notes = [line for line in history["edits"] if line["field"] == "notes"]
    assert [line["newValue"] for line in notes] == ["while away"], "sent once, not once per retry"
    until(lambda: "Every change made here is in Lunch Money ✓" in sam.page("/settings"), what="an empty outbox")

    # Both sides change the payee: the sender sees Lunch Money's change and holds ours.
    assert remote.api("PUT", f"/v1/transactions/{ids[first['id']]}",
                      json={"transaction": {"payee": "Corner Shop (there)"}}).status_code == 200
    assert sam.api("PATCH", f"/api/v1/transactions/{first['id']}",
                   json={"payee": "Corner Shop (here)"}).status_code == 200
    page = until(lambda: (lambda p: "changed in both places" in p and p)(sam.page(f"/transactions/{first['id']}")),
                 what="the conflict")
    assert "“Corner Shop (here)”" in page and "“Corner Shop (there)”" in page
    assert remote_row(remote, ids[first["id"]])["payee"] == "Corner Shop (there)", "never overwritten"
    assert "1 change made in both places" in sam.page("/settings")
    sign_in(browser, here, email=sam.email)
    browser.get(here.url + f"/transactions/{first['id']}")
    shot("conflict")
    browser.get(here.url + "/settings#lunchmoney")
    shot("settings-conflict")
    # The person keeps Billfold's: it goes out.
    sam.post(f"/transactions/{first['id']}/sync", {"action": "keep:payee"}, f"/transactions/{first['id']}")
    until(lambda: remote_row(remote, ids[first["id"]])["payee"] == "Corner Shop (here)", what="the kept payee")

    # A conflict found by a pull: both change the same note; the pull keeps ours and holds it.
    assert remote.api("PUT", f"/v1/transactions/{ids[third['id']]}",
                      json={"transaction": {"notes": "there"}}).status_code == 200
    remote.stop()
    assert sam.api("PATCH", f"/api/v1/transactions/{third['id']}", json={"notes": "here"}).status_code == 200
    remote.start()
    line = sam.pull()
    assert "1 change was made in both places" in line, line
    assert sam.mine(ids[third["id"]])["notes"] == "here"
    page = sam.page(f"/transactions/{third['id']}")
    assert "Notes changed in both places" in page
    # Taking Lunch Money's value settles it with nothing sent.
    sam.post(f"/transactions/{third['id']}/sync", {"action": "take:notes"}, f"/transactions/{third['id']}")
    assert sam.mine(ids[third["id"]])["notes"] == "there"
    time.sleep(2)
    assert remote_row(remote, ids[third["id"]])["notes"] == "there"
    assert "Synced to Lunch Money ✓" in sam.page(f"/transactions/{third['id']}")
