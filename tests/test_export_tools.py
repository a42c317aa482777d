"""`billfold export` checked by the tools themselves: hledger (check, bal), ledger (bal, csv) and
beancount (bean-check, the loader), on demo data with several currencies, a bank import and
awkward names. Every account's and category's balance per currency must equal Billfold's own
sums; a CSV export imported into a fresh user gives the same totals."""
import csv
import io
import shutil
import sqlite3
import subprocess
import sys
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import PASSWORD, ROOT, billfold

OWN = ROOT / "Tests" / "Fixtures" / "banks"
DECIMALS = {"PBP": 0, "JPY": 0}


def amount(minor, currency):
    return Decimal(minor).scaleb(-DECIMALS.get(currency, 2))


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("export")
    database = str(folder / "billfold.sqlite")
    billfold("users", "create", "--email", "ana@example.com", "--password", PASSWORD, database=database)
    billfold("demo", "--email", "ana@example.com", "--transactions", "600", database=database)
    billfold("import", "ofx", str(OWN / "statement-v2.ofx"), "--email", "ana@example.com", database=database)
    # Names the journal formats must cope with: a semicolon, quotes, a colon, accents.
    odd = folder / "odd.csv"
    odd.write_text('Date;Payee;Amount;Notes\n'
                   '2026-01-02;"Café ""Zum; Glück""";-4,20;"a note\nwith a line break"\n'
                   '2026-01-03;Ärztehaus: Dr. Müller;-60,00;\n'
                   '2026-01-04;"=HYPERLINK(""http://example.com"",""x"")";-1,00;Ref [2024/01/05]\n'
                   # Payees that start like a journal's status mark or code.
                   '2026-01-05;* (42) Kiosk;-2,00;\n'
                   '2026-01-05;! Alarmanlagen;-3,00;\n'
                   '2026-01-05;(1) Bar;-5,00;\n')
    # Kept as written (no clean payee): the journals must carry these texts as they are.
    billfold("import", "csv", str(odd), "--email", "ana@example.com", "--account", "Spar:konto; Nr. 1",
             "--currency", "EUR", "--keep-bank-text", database=database)
    return folder, database


def billfold_sums(database):
    """Per account and per category (uncategorised apart), per currency, as Billfold stores them."""
    with sqlite3.connect(database) as db:
        accounts = db.execute("SELECT account_id, currency, SUM(amount_minor) FROM transactions "
                              "GROUP BY account_id, currency").fetchall()
        categories = db.execute("SELECT COALESCE(category_id, 0), currency, SUM(amount_minor) FROM transactions "
                                "GROUP BY COALESCE(category_id, 0), currency").fetchall()
    assets = sorted((c, amount(s, c)) for _, c, s in accounts)
    others = sorted((c, -amount(s, c)) for _, c, s in categories)
    return assets, others


def export(book, fmt):
    folder, database = book
    path = folder / f"books.{fmt}"
    billfold("export", fmt, "--email", "ana@example.com", "--output", str(path), "--force", database=database)
    return path


def split(sums):
    """Posting sums per account and currency, grouped as (assets, everything else)."""
    assets, others = [], []
    for (account, currency), value in sums.items():
        if value == 0:
            continue
        (assets if account.lower().startswith("assets") else others).append((currency, value))
    return sorted(assets), sorted(others)


def nonzero(pairs):
    return sorted(p for p in pairs if p[1] != 0)


@pytest.mark.skipif(not shutil.which("hledger"), reason="make test installs hledger")
def test_hledger(book):
    path = export(book, "hledger")
    check = subprocess.run(["hledger", "-f", str(path), "check", "accounts", "commodities"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    out = subprocess.run(["hledger", "-f", str(path), "register", "-O", "csv"], capture_output=True, text=True,
                         check=True).stdout
    sums = defaultdict(Decimal)
    for row in csv.DictReader(io.StringIO(out)):
        value, currency = row["amount"].rsplit(" ", 1)
        sums[(row["account"], currency)] += Decimal(value.replace(",", ""))
    total = subprocess.run(["hledger", "-f", str(path), "balance", "-N", "--flat"], capture_output=True, text=True,
                           check=True)
    assert total.returncode == 0
    assets, others = billfold_sums(book[1])
    got_assets, got_others = split(sums)
    assert got_assets == nonzero(assets)
    assert got_others == nonzero(others)


@pytest.mark.skipif(not shutil.which("ledger"), reason="make test installs ledger")
def test_ledger(book):
    path = export(book, "ledger")
    balance = subprocess.run(["ledger", "-f", str(path), "--pedantic", "balance"], capture_output=True, text=True)
    assert balance.returncode == 0, balance.stderr
    assert balance.stdout.strip().splitlines()[-1].strip() == "0", "every transaction balances"
    # One posting a line (ledger's own csv command does not escape quotes the CSV way).
    out = subprocess.run(["ledger", "-f", str(path), "register", "--format",
                          "%(account)\t%(commodity(amount))\t%(quantity(amount))\n"],
                         capture_output=True, text=True, check=True).stdout
    sums = defaultdict(Decimal)
    for line in out.splitlines():
        account, currency, value = line.split("\t")
        sums[(account, currency)] += Decimal(value.replace(",", ""))
    assets, others = billfold_sums(book[1])
    got_assets, got_others = split(sums)
    assert got_assets == nonzero(assets)
    assert got_others == nonzero(others)


def test_beancount(book):
    path = export(book, "beancount")
    bean_check = Path(sys.executable).parent / "bean-check"
    check = subprocess.run([str(bean_check), str(path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    from beancount import loader
    from beancount.core import data
    entries, errors, _ = loader.load_file(str(path))
    assert not errors
    sums = defaultdict(Decimal)
    for entry in entries:
        if isinstance(entry, data.Transaction):
            for posting in entry.postings:
                sums[(posting.account, posting.units.currency)] += posting.units.number
    assets, others = billfold_sums(book[1])
    got_assets, got_others = split(sums)
    assert got_assets == nonzero(assets)
    assert got_others == nonzero(others)


def test_csv_export_reimported_into_a_fresh_user_gives_the_same_totals(book, tmp_path):
    path = export(book, "csv")
    fresh = str(tmp_path / "fresh.sqlite")
    billfold("users", "create", "--email", "bo@example.com", "--password", PASSWORD, database=fresh)
    billfold("import", "csv", str(path), "--email", "bo@example.com", database=fresh)

    def totals(database):
        with sqlite3.connect(database) as db:
            return db.execute("SELECT currency, SUM(amount_minor), COUNT(*) FROM transactions "
                              "GROUP BY currency ORDER BY currency").fetchall()

    assert totals(fresh) == totals(book[1])
    with sqlite3.connect(fresh) as db:
        assert db.execute("SELECT COUNT(*) FROM transactions WHERE payee LIKE '=HYPERLINK%'").fetchone()[0] == 1
    assert "'=HYPERLINK" in path.read_text(), "a formula is written as text for spreadsheets"
    again = billfold("import", "csv", str(path), "--email", "bo@example.com", database=fresh)
    assert "added 0" in again.stdout


def test_names_marks_and_range(book):
    """Categories sit under expenses or income inside their group; cleared is `*`, pending `!`,
    uncleared unmarked (beancount: `!` with a status line); --from/--to export just those days."""
    folder, database = book
    journal = export(book, "hledger").read_text()
    assert "account income:Income:Salary" in journal, "an income group's category is income"
    assert "account expenses:Food:Groceries" in journal, "a group is the parent account"
    with sqlite3.connect(database) as db:
        counts = dict(db.execute("SELECT status, COUNT(*) FROM transactions GROUP BY status").fetchall())
    heads = [line for line in journal.splitlines() if line[:4].isdigit()]
    assert sum(line[10:13] == " * " for line in heads) == counts.get("cleared", 0)
    assert sum(line[10:13] == " ! " for line in heads) == counts.get("pending", 0)
    bean = export(book, "beancount").read_text()
    assert bean.count('  status: "uncleared"') == counts.get("uncleared", 0)
    assert bean.count('  status: "pending"') == counts.get("pending", 0)

    january = folder / "january-2024.journal"
    billfold("export", "hledger", "--email", "ana@example.com", "--from", "2024-01-01", "--to", "2024-01-31",
             "--output", str(january), database=database)
    days = [line[:10] for line in january.read_text().splitlines() if line[:4].isdigit()]
    assert days == ["2024-01-05", "2024-01-10"], "only the OFX statement's two bookings of January 2024"


def test_payees_that_look_like_marks(book):
    """A payee starting with "*", "!" or "(" stays the payee in hledger and ledger: not a status, not a code."""
    marked = ["* (42) Kiosk", "! Alarmanlagen", "(1) Bar"]
    journal = export(book, "hledger")
    rows = list(csv.DictReader(io.StringIO(subprocess.run(
        ["hledger", "-f", str(journal), "print", "-O", "csv", "date:2026-01-05"],
        capture_output=True, text=True, check=True).stdout)))
    # The demo's own rows on that day are left aside; before, "* (42) Kiosk" came out as "Kiosk", cleared, code 42.
    assert sorted({(r["description"], r["status"], r["code"]) for r in rows if r["description"] in marked}) == \
        sorted((p, "", "") for p in marked)
    assert all(r["code"] == "" for r in rows)
    ledger = export(book, "ledger")
    lines = subprocess.run(["ledger", "-f", str(ledger), "reg", "--begin", "2026/01/05", "--end", "2026/01/06",
                            "--format", "%(payee)|%(code)|%(cleared)|%(pending)\n"],
                           capture_output=True, text=True, check=True).stdout.splitlines()
    assert sorted({line for line in lines if line.split("|")[0] in marked}) == \
        sorted(f"{p}||false|false" for p in marked)
