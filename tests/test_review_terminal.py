"""`billfold review` in a real terminal (tmux, 80×24), on BillfoldKit against a running server:
keys go in with send-keys, the screen comes back with capture-pane, and the server is asked what
changed. The deck's month is given (--month 2020-03, a month the demo data never touches), so the
test does not depend on today's date."""
import json
import os
import re
import shutil
import subprocess
import time

import pytest
import requests

from conftest import catalogue, BINARY, SHOTS, Server

MONTH = "2020-03"


@pytest.fixture(scope="module")
def review_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("terminal")
    running = Server(str(folder / "billfold.sqlite"), folder)
    yield running
    running.stop()


@pytest.fixture()
def config(tmp_path, review_server):
    """A signed-in CLI: its own config directory with the server's token."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    signed = subprocess.run([str(BINARY), "login", "--server", review_server.url, "--token", review_server.token],
                            env=env, capture_output=True, text=True, timeout=60)
    assert signed.returncode == 0, signed.stderr
    assert "as ana@example.com" in signed.stdout
    return env


class Screen:
    """A tmux session running one command, 80 columns by 24 rows."""

    def __init__(self, command, env, name, size=(80, 24)):
        assert shutil.which("tmux"), "make test installs tmux"
        self.name = name
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)
        # The command is followed by a marker, so the test can see that it ended and the shell is
        # back, and by the terminal's modes afterwards ("icanon echo" when it was put back).
        modes = "stty -a | tr ' ;' '\\n\\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\\n' ' '"
        line = " ".join(command) + f"; echo REVIEW-ENDED-$?; echo MODES: $({modes}); sleep 60"
        exports = " ".join(f"{key}='{env[key]}'" for key in ("XDG_CONFIG_HOME", "PATH") if key in env)
        extra = " ".join(f"{key}='{value}'" for key, value in env.items()
                         if key in ("NO_COLOR", "LANG", "LC_ALL", "BILLFOLD_LANGUAGE"))
        subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", str(size[0]), "-y", str(size[1]),
                        f"env {exports} {extra} {line}"], check=True)

    def text(self, escapes=False):
        args = ["tmux", "capture-pane", "-t", self.name, "-p"] + (["-e"] if escapes else [])
        return subprocess.run(args, capture_output=True, text=True, check=True).stdout

    def wait_for(self, needle, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            screen = self.text()
            if needle in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"“{needle}” never appeared. The screen:\n{self.text()}")

    def wait_for_lines(self, rows, timeout=20):
        """The screen once the deck has redrawn itself for `rows` rows: its title on the first row
        and its key help on the last (tmux keeps the old bottom rows when a window shrinks, so the
        last row alone says nothing)."""
        deadline = time.time() + timeout
        previous = None
        while time.time() < deadline:
            lines = self.text().splitlines()
            # Two equal captures in a row: tmux may be caught halfway through the redraw.
            if len(lines) >= rows and lines[0].startswith("Review") and lines[rows - 1].strip() and lines == previous:
                return lines
            previous = lines
            time.sleep(0.1)
        raise AssertionError(f"never {rows} rows. The screen:\n{self.text()}")

    def keys(self, *keys):
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def type(self, text):
        subprocess.run(["tmux", "send-keys", "-t", self.name, "-l", text], check=True)

    def resize(self, columns, rows):
        subprocess.run(["tmux", "resize-window", "-t", self.name, "-x", str(columns), "-y", str(rows)], check=True)

    def save(self, name):
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"terminal-{name}.txt").write_text(self.text())

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def add(server, payee, day, category=None, month=MONTH):
    body = {"bookedAt": f"{month}-{day:02d}T10:00:00+01:00", "payee": payee, "amount": "-12.50",
            "currency": "EUR", "status": "uncleared"}
    if category:
        body["categoryId"] = category
    answer = server.api("POST", "/api/v1/transactions", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def categories(server):
    return {c["name"]: c["id"] for c in server.api("GET", "/api/v1/categories").json()["categories"]}


def test_clear_recategorise_undo_and_apply_in_the_terminal(review_server, config):
    names = categories(review_server)
    alpha = add(review_server, "Alpha Market", 1)
    bravo = add(review_server, "Bravo Books", 2)
    charlie = add(review_server, "Charlie Cafe", 3, category=names["Rent"])
    delta = add(review_server, "Delta Deli", 4)
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", MONTH], config, "deck")
    try:
        first = screen.wait_for("card 1 of 4")
        assert "Alpha Market" in first and "March 2020" in first and "€12.50" in first
        assert "Uncategorized" in first
        screen.save("card")
        screen.keys("Right")
        second = screen.wait_for("card 2 of 4")
        assert "Alpha Market flew off →" in second, "the default fly-off, in words"
        screen.keys("Right")
        third = screen.wait_for("card 3 of 4")
        assert "Charlie Cafe" in third and "Rent" in third
        # Move it to a category found by typing, then take that back.
        screen.keys("Left")
        screen.wait_for("Move “Charlie Cafe” to a category")
        screen.type("cin")
        picked = screen.wait_for("Filter: cin")
        assert "Rent (current)" not in picked and "Leisure:" in picked
        screen.save("picker")
        screen.keys("Enter")
        screen.wait_for("card 4 of 4")
        screen.keys("u")
        screen.wait_for("card 3 of 4")
        # Now to Groceries; Esc in the picker goes back to the last card, and s skips it untouched.
        screen.keys("Left")
        screen.wait_for("Filter:")
        screen.type("groc")
        screen.wait_for("Filter: groc")
        screen.keys("Enter")
        screen.wait_for("card 4 of 4")
        screen.keys("Left")
        screen.wait_for("Filter:")
        screen.keys("Escape")
        back = screen.wait_for("s skip")
        assert "card 4 of 4" in back and "Delta Deli" in back
        screen.keys("s")
        done = screen.wait_for("Done: 3 applied.")
        assert "✓ Alpha Market — clear" in done
        assert "✓ Bravo Books — clear" in done
        assert "✓ Charlie Cafe — move to Groceries and clear" in done
        assert "Delta Deli" not in done
        screen.save("done")
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0")
    finally:
        screen.close()

    def now(transaction):
        return review_server.api("GET", f"/api/v1/transactions/{transaction['id']}").json()

    assert now(alpha)["status"] == "cleared" and now(alpha)["categoryId"] is None
    assert now(bravo)["status"] == "cleared"
    assert now(charlie)["status"] == "cleared" and now(charlie)["categoryId"] == names["Groceries"]
    assert now(delta)["status"] == "uncleared" and now(delta)["categoryId"] is None
    activity = review_server.api("GET", "/api/v1/activity").json()["items"]
    assert sorted(item["transaction"]["payee"] for item in activity) == ["Alpha Market", "Bravo Books", "Charlie Cafe"]


def test_a_decided_card_leaves_the_way_the_person_chose(review_server, config):
    month = "2019-07"
    add(review_server, "Foxtrot Fuel", 1, month=month)
    add(review_server, "Golf Garage", 2, month=month)
    database = review_server.database
    chosen = subprocess.run(["sqlite3", database, "UPDATE users SET deck_animation = 'explode'"],
                            capture_output=True, text=True, timeout=30)
    assert chosen.returncode == 0, chosen.stderr
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", month], config, "leave")
    try:
        screen.wait_for("card 1 of 2")
        screen.keys("Right")
        second = screen.wait_for("card 2 of 2")
        assert "Foxtrot Fuel exploded ✺" in second, second
        screen.save("exploded")
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0")
    finally:
        subprocess.run(["sqlite3", database, "UPDATE users SET deck_animation = 'fly'"], timeout=30)
        screen.close()


def test_the_card_shows_the_bank_text_beside_a_renamed_payee(review_server, config):
    month = "2019-11"
    echo = add(review_server, "ECHO SHOP 4711 HAMBURG", 1, month=month)
    assert review_server.api("PATCH", f"/api/v1/transactions/{echo['id']}", json={"payee": "PayPal"}).status_code == 200
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", month], config, "bank")
    try:
        card = screen.wait_for("card 1 of 1")
        assert "PayPal" in card and "ECHO SHOP 4711 HAMBURG" in card, card
        screen.save("bank-text")
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0")
    finally:
        screen.close()


def test_a_deck_left_early_comes_back_where_it_was(review_server, config):
    month = "2020-04"
    hotel, india, juliett = (add(review_server, payee, day, month=month)
                             for day, payee in enumerate(["Hotel", "India", "Juliett"], start=1))
    command = [str(BINARY), "review", "--server", review_server.url, "--month", month]
    screen = Screen(command, config, "kept")
    try:
        screen.wait_for("card 1 of 3")
        # Both keys at once: each counts, in order.
        screen.keys("Right", "s")
        screen.wait_for("card 3 of 3")
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0")
    finally:
        screen.close()
    assert review_server.api("GET", f"/api/v1/transactions/{hotel['id']}").json()["status"] == "uncleared"

    screen = Screen(command, config, "kept")
    try:
        back = screen.wait_for("card 3 of 3")
        assert "Juliett" in back and "Picked up where you left off: 2 cards already decided" in back, back
        screen.save("resumed")
        screen.keys("u")
        assert "India" in screen.wait_for("card 2 of 3")
        screen.keys("Right", "Right")
        screen.wait_for("Done: 3 applied.")
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0")
    finally:
        screen.close()
    for transaction in (hotel, india, juliett):
        assert review_server.api("GET", f"/api/v1/transactions/{transaction['id']}").json()["status"] == "cleared"

    screen = Screen(command, config, "kept")
    try:
        assert "Picked up" not in screen.wait_for("Nothing to review in April 2020")
        screen.keys("q")
    finally:
        screen.close()


def test_no_colour_and_a_pipe(review_server, config):
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", "2001-01"],
                    {**config, "NO_COLOR": "1"}, "plain")
    try:
        empty = screen.wait_for("Nothing to review in January 2001")
        assert "\x1b[1m" not in screen.text(escapes=True), "NO_COLOR: no styles"
        assert "q quit" in empty
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0")
    finally:
        screen.close()
    piped = subprocess.run([str(BINARY), "review", "--server", review_server.url], env=config,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    assert piped.returncode != 0
    assert "needs an interactive terminal" in piped.stderr + piped.stdout


def test_login_and_logout(review_server, tmp_path):
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    login = subprocess.run([str(BINARY), "login", "--server", review_server.url, "--email", review_server.email],
                           input="correct horse battery\n", env=env, capture_output=True, text=True, timeout=60)
    assert login.returncode == 0, login.stderr
    token_file = tmp_path / "cfg" / "billfold" / "signin.json"
    assert oct(token_file.stat().st_mode & 0o777) == "0o600"
    wrong = subprocess.run([str(BINARY), "login", "--server", review_server.url, "--email", review_server.email],
                           input="wrong horse\n", env=env, capture_output=True, text=True, timeout=60)
    assert wrong.returncode != 0 and "do not match" in wrong.stderr
    token = json.loads(token_file.read_text())["token"]
    me = requests.get(review_server.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert me.status_code == 200 and me.json()["token"]["scope"] == "read-write"
    logout = subprocess.run([str(BINARY), "logout"], env=env, capture_output=True, text=True, timeout=60)
    assert logout.returncode == 0 and "Signed out" in logout.stdout, logout.stderr
    assert not token_file.exists()
    # Revoked on the server, not only forgotten here.
    gone = requests.get(review_server.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert gone.status_code == 401


def test_a_read_only_login_reads_and_is_refused_a_change(review_server, tmp_path):
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    login = subprocess.run([str(BINARY), "login", "--server", review_server.url, "--email", review_server.email,
                            "--scope", "read", "--expires", "2099-12-31"],
                           input="correct horse battery\n", env=env, capture_output=True, text=True, timeout=60)
    assert login.returncode == 0, login.stderr
    token = json.loads((tmp_path / "cfg" / "billfold" / "signin.json").read_text())["token"]
    me = requests.get(review_server.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert me.json()["token"]["scope"] == "read" and me.json()["token"]["expiresAt"].startswith("2100-01-01")
    listed = subprocess.run([str(BINARY), "transactions", "--server", review_server.url], env=env,
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    made = subprocess.run([str(BINARY), "rules", "add", "--server", review_server.url, "--when", "payee contains Nope",
                           "--clear"], env=env, capture_output=True, text=True, timeout=60)
    assert made.returncode != 0 and "may only read" in made.stderr, made.stderr
    # The server being out of reach still forgets the token here, and says it stays valid there.
    review_server.stop()
    try:
        logout = subprocess.run([str(BINARY), "logout"], env=env, capture_output=True, text=True, timeout=60)
    finally:
        review_server.start()
    assert logout.returncode == 0 and "stays valid there" in logout.stderr
    assert not (tmp_path / "cfg" / "billfold" / "signin.json").exists()


def test_transactions_table(review_server, config):
    add(review_server, "Echo Electronics", 5)
    listed = subprocess.run([str(BINARY), "transactions", "--server", review_server.url, "--from", f"{MONTH}-01",
                             "--to", f"{MONTH}-31", "--search", "echo"],
                            env={**config, "COLUMNS": "80"}, capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0].split()[:3] == ["Date", "Payee", "Category"]
    assert all(len(line) <= 80 for line in lines if line and not line.startswith("Totals"))
    assert any("Echo Electronics" in line and "-€12.50" in line and "uncleared" in line for line in lines)
    assert lines[-1] == "Totals of the filter: -€12.50 (1 transaction)"
    unknown = subprocess.run([str(BINARY), "transactions", "--category", "Nope"], env=config,
                             capture_output=True, text=True, timeout=60)
    assert unknown.returncode != 0 and "No category is called “Nope”" in unknown.stderr
    assert "Usage" not in unknown.stderr


def test_resize_redraws_and_ctrl_c_restores_the_terminal(review_server, config):
    add(review_server, "Foxtrot Flowers", 6)
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", MONTH], config, "resize")
    try:
        first = screen.wait_for("card 1 of")
        assert first.splitlines()[23].strip().startswith("→ clear"), "the key help is on the last row"
        screen.resize(100, 30)
        taller = screen.wait_for_lines(30)
        assert taller[29].strip().startswith("→ clear"), "redrawn for 30 rows:\n" + "\n".join(taller)
        screen.resize(64, 20)
        narrow = screen.wait_for_lines(20)
        assert narrow[19].strip().startswith("→ clear")
        box = next((line for line in narrow if line.startswith("┌")), "no card:\n" + "\n".join(narrow))
        assert len(box) <= 64, "the card fits the narrower window"
        assert all(len(line) <= 64 for line in narrow)
        screen.save("resized")
        screen.keys("C-c")
        screen.wait_for("REVIEW-ENDED-130")
        # The shell prints the terminal's modes on the line after: wait for that line too.
        ended = screen.wait_for("MODES:")
        modes = next(line for line in ended.splitlines() if line.startswith("MODES:"))
        assert modes.split()[1:] == ["icanon", "echo"], "raw mode is undone: " + modes
        assert "card 1 of" not in ended, "the alternate screen is left"
    finally:
        screen.close()
    # Nothing was decided.
    assert all(t["status"] == "uncleared" for t in review_server.api(
        "GET", "/api/v1/transactions", params={"q": "Foxtrot"}).json()["transactions"])


def test_transactions_page_by_page_in_a_terminal(review_server, config):
    screen = Screen([str(BINARY), "transactions", "--server", review_server.url], config, "paging")
    try:
        first = screen.wait_for("50 shown; Enter for more")
        assert re.search(r"^20\d\d-\d\d-\d\d ", first, re.MULTILINE), "rows start with their day"
        screen.keys("Enter")
        screen.wait_for("100 shown; Enter for more")
        screen.type("q")
        screen.keys("Enter")
        ended = screen.wait_for("REVIEW-ENDED-0")
        assert "Totals of the filter:" in ended and "transactions)" in ended
    finally:
        screen.close()


def test_the_deck_speaks_the_terminals_language(review_server, config):
    """A person whose terminal is German (LANG) reads the deck's title, its key help and its
    questions in German, from the same catalogue as the web app."""
    body = {"bookedAt": "2021-07-05T10:00:00+02:00", "payee": "Kiosk am Eck", "amount": "-3.20",
            "currency": "EUR", "status": "uncleared"}
    assert review_server.api("POST", "/api/v1/transactions", json=body).status_code == 201
    german = catalogue("de")
    env = {**config, "BILLFOLD_LANGUAGE": "", "LANG": "de_DE.UTF-8"}
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", "2021-07"], env, "deck-de")
    try:
        card = screen.wait_for(german["terminal.keys.swiping"])
        position = german["terminal.review.titleMonthCard"]["one"].split("{month}")[1]
        assert position.replace("{position}", "1").replace("{count}", "1") in card
        assert "Kiosk am Eck" in card
        for english in catalogue("en")["terminal.keys.swiping"].split("  ")[1:]:
            assert english not in card, english
        screen.save("card-de")
        screen.keys("Right")
        done = screen.wait_for(german["terminal.keys.question"], timeout=30)
        assert german["terminal.review.doneAllApplied"]["one"].replace("{count}", "1") in done
        assert "[y/N]" in done
        screen.save("done-de")
        screen.keys("n")
        screen.wait_for(german["terminal.keys.quit"])
        screen.keys("q")
        screen.wait_for("REVIEW-ENDED-0", timeout=30)
    finally:
        screen.close()


def test_the_card_shows_the_suggestion_and_right_takes_it(review_server, config):
    """A payee filed three times before: its card (and the list) says where it would go, and → takes it."""
    month = "2020-05"
    names = categories(review_server)
    for day in (3, 10, 17):
        body = {"bookedAt": f"2020-02-{day:02d}T10:00:00+01:00", "payee": "Zeta Zoo", "amount": "-12.50",
                "currency": "EUR", "status": "cleared", "categoryId": names["Rent"]}
        assert review_server.api("POST", "/api/v1/transactions", json=body).status_code == 201
    card = add(review_server, "Zeta Zoo", 4, month=month)
    # The transaction list says so too, in its category column.
    listed = subprocess.run([str(BINARY), "transactions", "--server", review_server.url, "--from", f"{month}-01",
                             "--to", f"{month}-31", "--search", "zeta"],
                            env={**config, "COLUMNS": "120"}, capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert any("Zeta Zoo" in line and "Suggested: Rent" in line for line in listed.stdout.splitlines()), listed.stdout
    screen = Screen([str(BINARY), "review", "--server", review_server.url, "--month", month], config, "suggest")
    try:
        shown = screen.wait_for("card 1 of 1")
        assert "Zeta Zoo" in shown and "Suggested: Rent (→ takes it)" in shown
        screen.save("suggestion")
        screen.keys("Right")
        done = screen.wait_for("Done: 1 applied.")
        assert "✓ Zeta Zoo — move to Rent and clear" in done
        screen.keys("q")
    finally:
        screen.close()
    taken = review_server.api("GET", f"/api/v1/transactions/{card['id']}").json()
    assert taken["categoryId"] == names["Rent"] and taken["status"] == "cleared"
    assert taken["categorySource"] == "person"
