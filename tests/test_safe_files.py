"""Files with people's money and the database they come from: exports never empty or replace a
file by accident, every file Billfold writes is its owner's only, and instances started together
on a fresh PostgreSQL database all come up."""
import os
import stat
import subprocess

import pytest

from conftest import BINARY, PASSWORD, billfold, postgres_database


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture()
def books(tmp_path):
    database = str(tmp_path / "books.sqlite")
    billfold("users", "create", "--email", "ana@example.com", "--password", PASSWORD, database=database)
    billfold("demo", "--email", "ana@example.com", "--transactions", "30", database=database)
    return tmp_path, database


def test_export_refuses_an_existing_file_and_leaves_nothing_on_failure(books):
    folder, database = books
    kept = folder / "kept.csv"
    kept.write_text("my own notes\n")
    refused = billfold("export", "csv", "--email", "ana@example.com", "--output", str(kept), database=database,
                       check=False)
    assert refused.returncode != 0 and "--force" in refused.stderr
    assert kept.read_text() == "my own notes\n"
    # An unknown person: the file is not made, and nothing is left beside it.
    missing = folder / "new.csv"
    failed = billfold("export", "csv", "--email", "nobody@example.com", "--output", str(missing), database=database,
                      check=False)
    assert failed.returncode == 1 and not missing.exists()
    # A bad day, the same.
    bad = billfold("export", "csv", "--email", "ana@example.com", "--from", "2026-02-30", "--output", str(missing),
                   database=database, check=False)
    assert bad.returncode != 0 and not missing.exists()
    # Written, it is its owner's only; --force replaces the old file once the export is complete.
    billfold("export", "hledger", "--email", "ana@example.com", "--output", str(kept), "--force", database=database)
    assert "my own notes" not in kept.read_text() and kept.read_text().count("\n") > 30
    assert mode(kept) == 0o600
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []
    # A device is written to as it is: nothing is made beside it, nothing is refused.
    piped = billfold("export", "csv", "--email", "ana@example.com", "--output", "/dev/stdout", database=database)
    assert piped.stdout.startswith("Date,Payee,Amount") and piped.stdout.count("\n") > 30


def test_the_database_and_its_backups_are_their_owners_only(books):
    folder, database = books
    assert mode(database) == 0o600
    for suffix in ("-wal", "-shm"):
        if os.path.exists(database + suffix):
            assert mode(database + suffix) == 0o600
    billfold("backup", "--to", str(folder / "copy.sqlite"), database=database)
    assert mode(folder / "copy.sqlite") == 0o600
    billfold("restore", "--from", str(folder / "copy.sqlite"), database=str(folder / "restored.sqlite"))
    assert mode(folder / "restored.sqlite") == 0o600


def test_instances_started_together_on_a_fresh_postgres_database_all_come_up():
    database = postgres_database()
    if database is None:
        pytest.skip("make test runs this against its own PostgreSQL")
    runs = [subprocess.Popen([str(BINARY), "users", "create", "--email", f"p{n}@example.com", "--password", PASSWORD,
                              "--database", database], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for n in range(4)]
    endings = [(run.wait(timeout=300), run.stderr.read()) for run in runs]
    assert [code for code, _ in endings] == [0, 0, 0, 0], endings


def test_demo_killed_partway_leaves_nothing(tmp_path):
    import signal
    import sqlite3
    database = str(tmp_path / "demo.sqlite")
    billfold("users", "create", "--email", "ana@example.com", "--password", PASSWORD, database=database)
    run = subprocess.Popen([str(BINARY), "demo", "--email", "ana@example.com", "--transactions", "400000",
                            "--database", database], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Killed once it reports its first tenth written.
    first = run.stderr.readline()
    run.send_signal(signal.SIGKILL)
    run.wait(timeout=60)
    assert "40,000" in first or "%" in first, f"the demo reported progress before it was killed: {first!r}"
    with sqlite3.connect(database) as books:
        assert books.execute("SELECT COUNT(*) FROM transactions").fetchone()[0] == 0
        assert books.execute("SELECT COUNT(*) FROM accounts").fetchone()[0] == 0
    # Run again to the end, it writes the whole year.
    billfold("demo", "--email", "ana@example.com", "--transactions", "3000", database=database)
    with sqlite3.connect(database) as books:
        assert books.execute("SELECT COUNT(*) FROM transactions").fetchone()[0] == 3000
