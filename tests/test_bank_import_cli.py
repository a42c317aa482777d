"""`billfold import csv|ofx|qif|camt` on real bank files (../shared/fixtures/banks, read in place)
and the project's own: a dry run writes nothing, --json ends with one JSON object, importing
again adds nothing, a saved profile is used again, and a malformed file is refused whole with
its line."""
import json
import sqlite3

import pytest

from conftest import PASSWORD, ROOT, SHARED_FIXTURES, billfold

BANKS = SHARED_FIXTURES / "banks"
OWN = ROOT / "Tests" / "Fixtures" / "banks"


@pytest.fixture()
def database(tmp_path):
    path = str(tmp_path / "billfold.sqlite")
    billfold("users", "create", "--email", "ana@example.com", "--password", PASSWORD, database=path)
    return path


def count(database):
    with sqlite3.connect(database) as db:
        return db.execute("SELECT COUNT(*) FROM transactions").fetchone()[0]


def last_json(result):
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not BANKS.exists(), reason="the shared bank files are beside the checkout")
def test_csv_dry_run_import_again_and_profile(database):
    ing = str(BANKS / "test_with_saldo_1.csv")
    dry = billfold("import", "csv", ing, "--email", "ana@example.com", "--account", "Girokonto", "--dry-run",
                   "--json", database=database)
    assert "Dry run: 9 new, 0 already imported. Nothing was written." in dry.stdout
    assert "14 lines skipped" in dry.stdout and "date “Buchung” (DD.MM.YYYY)" in dry.stdout
    assert last_json(dry) == {"accounts": ["Girokonto"], "added": 9, "dryRun": True, "format": "csv", "pending": 0,
                              "skipped": 0, "unreadable": []}
    assert count(database) == 0
    first = billfold("import", "csv", ing, "--email", "ana@example.com", "--account", "Girokonto",
                     "--save-profile", "ING", "--json", database=database)
    assert last_json(first)["added"] == 9
    again = billfold("import", "csv", ing, "--email", "ana@example.com", "--account", "Girokonto",
                     "--profile", "ING", "--json", database=database)
    assert last_json(again)["added"] == 0 and last_json(again)["skipped"] == 9
    assert count(database) == 9
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT SUM(amount_minor) FROM transactions").fetchone()[0] == -17860


@pytest.mark.skipif(not BANKS.exists(), reason="the shared bank files are beside the checkout")
def test_ofx_qif_camt(database):
    ofx = billfold("import", "ofx", str(BANKS / "desjardins.ofx"), "--email", "ana@example.com", "--json",
                   database=database)
    assert last_json(ofx)["accounts"] == ["Checking 815-30219-12345-EOP", "Checking 815-30219-11111-EOP"]
    qif = billfold("import", "qif", str(BANKS / "cbb-export.qif"), "--email", "ana@example.com", "--account",
                   "Checkbook", "--currency", "USD", "--json", database=database)
    assert last_json(qif)["added"] == 9
    camt = billfold("import", "camt", str(BANKS / "Business Sample camt.053.001.04.xml"), "--email",
                    "ana@example.com", "--json", database=database)
    assert last_json(camt)["added"] == 3
    assert count(database) == 32


def test_malformed_file_is_refused_whole(database, tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("Date;Payee;Amount\n2024-01-02;A;-1,00\n2024-02-31;B;-2,00\n")
    refused = billfold("import", "csv", str(bad), "--email", "ana@example.com", "--account", "Cash box",
                       "--currency", "EUR", database=database, check=False)
    assert refused.returncode == 1
    assert "line 3: “2024-02-31” is not a date: there is no such day." in refused.stderr
    assert count(database) == 0
    html = tmp_path / "statement.csv"
    html.write_text("<!DOCTYPE html><html><head><title>Session expired</title></head><body></body></html>")
    page = billfold("import", "csv", str(html), "--email", "ana@example.com", "--account", "Cash box",
                    "--currency", "EUR", database=database, check=False)
    assert page.returncode == 1 and "web page" in page.stderr
    mapped = billfold("import", "csv", str(OWN / "debit-credit-us.csv"), "--email", "ana@example.com",
                      "--account", "Visa", "--amount", "Debit", "--debit", "Debit", database=database, check=False)
    assert mapped.returncode != 0 and "not both" in mapped.stderr


def test_every_mapping_option_and_a_saved_profile_on_files_without_a_header(database, tmp_path):
    """A file nothing can be guessed from: no header, the month first, a point as the decimal mark
    where the rest of the world would guess a comma, a pipe between the fields, and a card's
    amounts (what was spent is positive). Every option is needed, and a profile remembers them."""
    first = tmp_path / "card-march.txt"
    first.write_text("03/04/2024|Coffee shop|3.500\n03/05/2024|Refund|-1.250\n", encoding="latin-1")
    options = ["--date", "1", "--payee", "2", "--amount", "3", "--date-format", "MM/DD/YYYY",
               "--decimal-separator", ".", "--delimiter", "|", "--encoding", "latin1", "--skip-lines", "0",
               "--invert-amounts", "--currency", "KWD"]
    dry = billfold("import", "csv", str(first), "--email", "ana@example.com", "--account", "Card", *options,
                   "--save-profile", "card", "--dry-run", "--json", database=database)
    assert "2024-03-04" in dry.stdout and "Coffee shop" in dry.stdout
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM import_profiles").fetchone() == (0,), "a dry run writes nothing"
    billfold("import", "csv", str(first), "--email", "ana@example.com", "--account", "Card", *options,
             "--save-profile", "card", database=database)
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT payee, amount_minor, currency FROM transactions ORDER BY booked_at").fetchall()
    assert rows == [("Coffee shop", -3500, "KWD"), ("Refund", 1250, "KWD")], "KWD has three decimals"

    second = tmp_path / "card-april.txt"
    second.write_text("04/02/2024|Bakery|2.000\n", encoding="latin-1")
    again = billfold("import", "csv", str(second), "--email", "ana@example.com", "--account", "Card",
                     "--profile", "card", "--json", database=database)
    assert last_json(again)["added"] == 1
    with sqlite3.connect(database) as db:
        bakery = db.execute("SELECT amount_minor, booked_at FROM transactions WHERE payee = 'Bakery'").fetchone()
    assert bakery[0] == -2000, "the profile's sign and decimal mark"
    missing = billfold("import", "csv", str(second), "--email", "ana@example.com", "--account", "Card",
                       "--profile", "nope", database=database, check=False)
    assert missing.returncode == 1 and "There is no import profile “nope”. Saved: card." in missing.stderr


def test_dry_run_ends_as_the_import_would(database, tmp_path):
    """A file with an unreadable row: the dry run shows it and says the import would refuse the
    file, with the import's exit status; with --skip-unreadable both go ahead."""
    statement = tmp_path / "statement.csv"
    statement.write_text("Datum;Empfänger;Betrag\n02.01.2024;REWE;-3,20\n31.02.2024;Bäcker;-1,10\n",
                         encoding="utf-8")
    args = ["import", "csv", str(statement), "--email", "ana@example.com", "--account", "Giro", "--currency", "EUR"]
    dry = billfold(*args, "--dry-run", "--json", database=database, check=False)
    assert dry.returncode != 0
    assert "line 3: “31.02.2024” is not a date" in dry.stdout and ".." not in dry.stdout
    assert "would refuse the whole file" in dry.stdout
    assert last_json(dry)["unreadable"] and last_json(dry)["added"] == 1
    real = billfold(*args, database=database, check=False)
    assert real.returncode != 0 and count(database) == 0
    skipping = billfold(*args, "--dry-run", "--skip-unreadable", database=database)
    assert "would refuse" not in skipping.stdout
    billfold(*args, "--skip-unreadable", database=database)
    assert count(database) == 1


def test_direction_and_payer_columns(database, tmp_path):
    """Unsigned amounts beside a direction column are signed by it, unless --direction none says
    the amounts are as written; --payer names who paid, the payee of money in."""
    statement = tmp_path / "giro.csv"
    statement.write_text("Datum;Von;An;Betrag;Art\n"
                         "02.01.2024;Ana;REWE;3,20;S\n"
                         "03.01.2024;Firma;Ana;2500,00;H\n", encoding="utf-8")
    args = ["import", "csv", str(statement), "--email", "ana@example.com", "--account", "Giro", "--currency", "EUR",
            "--payee", "An", "--dry-run", "--json"]
    named = billfold(*args, "--direction", "Art", "--payer", "Von", database=database)
    assert "direction “Art”" in named.stdout and "payer “Von”" in named.stdout
    # The preview shows the payee as it will be booked: the bank's capitals made readable.
    assert "-€3.20  Rewe" in named.stdout and "€2,500.00  Firma" in named.stdout
    as_written = billfold(*args, "--direction", "none", database=database)
    assert "€3.20  Rewe" in as_written.stdout and "-€3.20" not in as_written.stdout
    assert count(database) == 0


def test_suggest_evaluate(tmp_path, database):
    """billfold suggest --evaluate learns from the older 70 % and says how the newer 30 % went."""
    lines = ["Date;Payee;Amount;Category"]
    for month in range(1, 11):
        lines += [f"2024-{month:02d}-03;REWE Markt;-{20 + month},10;Groceries",
                  f"2024-{month:02d}-05;Stadtwerke;-60,00;Utilities",
                  f"2024-{month:02d}-09;Kino Palast;-11,00;Leisure"]
    statement = tmp_path / "year.csv"
    statement.write_text("\n".join(lines) + "\n", encoding="utf-8")
    billfold("import", "csv", str(statement), "--email", "ana@example.com", "--account", "Giro", "--currency", "EUR",
             database=database)
    done = billfold("suggest", "--evaluate", "--email", "ana@example.com", database=database)
    assert "Learned from the older 21 categorised transactions; suggested for the newer 9." in done.stdout
    assert "Right first time: 100.0 % of the newer transactions." in done.stdout
    asked = billfold("suggest", "--email", "ana@example.com", database=database, check=False)
    assert asked.returncode != 0 and "--evaluate" in asked.stderr
