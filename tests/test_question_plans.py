"""Every question the list can be asked is answered through indexes and sums, on both databases.

The questions are generated (scripts/questions.py: every combination of category, group or none,
a busy or a quiet account, status, tag, three date ranges and a common and a rare word: 864),
asked of a real server logging its statements, and each statement's plan is read from the
database itself:
- no statement reads a whole table (SQLite's `SCAN` of a table, PostgreSQL's `Seq Scan` where an
  index could serve; PostgreSQL is asked with sequential scans turned down, since on a small book
  its planner rightly prefers them);
- no total adds up the person's rows beyond the partial days at a range's edges, except rows found
  by id through a bounded list: the words' notes (the rest of a search comes from the per-payee
  sums) or the tag's rows when words narrow a tag, looked up by id, never found by walking the
  person's rows; and the count of the newest rows a page's window read (at most 2,000);
- on SQLite, an account's rows are found through the account's own index, and a page's rows listed
  by id (a group's) by id, never by walking all the person's rows in time order (a quiet account's
  page read every one of them to find none), and the rows the sums leave out through their own.
"""
import datetime
import json
import os
import re
import subprocess
import sys
import time

import pytest
import requests

from conftest import ROOT, Server, database_kinds, postgres_database

sys.path.insert(0, str(ROOT / "scripts"))
import questions  # noqa: E402
import statements  # noqa: E402

# The tables whose whole reading would be a scan of everybody's rows, or of the person's.
LEDGER_TABLES = {
    "transactions", "transaction_tags", "transaction_totals", "transaction_totals_by_block",
    "transaction_totals_by_month",
    "transaction_payee_totals", "transaction_payee_day_totals", "transaction_tag_totals",
}
DAY = 86400


@pytest.fixture(scope="module", params=database_kinds())
def traced(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("plans-" + request.param)
    database = str(folder / "billfold.sqlite") if request.param == "sqlite" else postgres_database()
    server = Server(database, folder, env={"BILLFOLD_LOG_LEVEL": "trace"})
    api = lambda method, path, **kw: server.api(method, path, **kw)  # noqa: E731
    tag = api("POST", "/api/v1/tags", json={"name": "Trips"}).json()["id"]
    rows = api("GET", "/api/v1/transactions?limit=200").json()["transactions"]
    for row in rows[::7]:
        assert api("PUT", f"/api/v1/transactions/{row['id']}/tags", json={"tagIds": [tag]}).status_code == 200
    categories = api("GET", "/api/v1/categories").json()["categories"]
    by_name = {c["name"]: c["id"] for c in categories}
    accounts = {a["name"]: a["id"] for a in api("GET", "/api/v1/accounts").json()["accounts"]}
    ids = {"groceries": by_name["Groceries"], "food": by_name["Food"], "account": accounts["Girokonto"],
           "quiet": accounts["PAYBACK"], "tag": tag}
    yield request.param, server, ids
    server.stop()


def asked(server, path):
    """The statements the server ran for one question."""
    log = server.folder / "server.log"
    start = log.stat().st_size
    answer = server.api("GET", path)
    assert answer.status_code == 200, answer.text
    time.sleep(0.02)
    with open(log, encoding="utf-8", errors="replace") as text:
        text.seek(start)
        return [s for s in statements.statements(text.read().replace("\x00", ""))
                if s.lstrip().upper().startswith("SELECT")]


def sqlite_plans(database, statements):
    import sqlite3
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return [[row[3] for row in db.execute("EXPLAIN QUERY PLAN " + s)] for s in statements]


def postgres_plans(database, statements):
    """Each statement's plan nodes: (node type, relation), all asked of one psql."""
    script = "SET enable_seqscan = off;\n" + "".join(f"EXPLAIN (FORMAT JSON) {s}\n" for s in statements)
    out = subprocess.run(["psql", database, "-qAtX", "-v", "ON_ERROR_STOP=1"], input=script, text=True,
                         capture_output=True, check=True).stdout
    plans, depth, current = [], 0, ""
    for line in out.splitlines():  # one JSON document per statement, possibly over several lines
        current += line
        depth += line.count("[") - line.count("]")
        if depth == 0 and current.strip():
            plans.append(json.loads(current))
            current = ""
    found = []
    for plan in plans:
        nodes, stack = [], [plan[0]["Plan"]]
        while stack:
            node = stack.pop()
            nodes.append((node["Node Type"], node.get("Relation Name", "")))
            stack += node.get("Plans", [])
        found.append(nodes)
    return found


def full_scans(engine, statements, plans):
    """The plan lines of the statements that read a whole ledger table."""
    found = []
    for statement, plan in zip(statements, plans):
        if engine == "sqlite":
            for line in plan:
                match = re.match(r"SCAN (\w+)", line)
                if match and match.group(1) in LEDGER_TABLES:
                    found.append((line, statement))
        else:
            found += [(f"Seq Scan on {relation}", statement) for kind, relation in plan
                      if kind == "Seq Scan" and relation in LEDGER_TABLES]
    return found


def rows_summed(statement):
    """Whether a statement adds up transaction rows (rather than sums)."""
    flat = " ".join(statement.split())
    return bool(re.search(r"\bFROM transactions\b", flat)) and (
        "SUM(amount_minor)" in flat or "COUNT(*)" in flat)


def bounded(statement):
    """Why a statement may add up rows: what bounds them, or None."""
    flat = " ".join(statement.split())
    lower = re.search(r"booked_at >= (-?\d+)", flat)
    upper = re.search(r"booked_at < (-?\d+)", flat)
    if lower and upper and int(upper.group(1)) - int(lower.group(1)) <= DAY:
        return "a partial day at an edge"
    if "transaction_notes_search MATCH" in flat or "LOWER(notes) LIKE" in flat:
        return "the rows whose notes hold the words"
    if "FROM transaction_tags WHERE tag_id" in flat:
        return "the tag's rows"
    if re.search(r"LIMIT \d+\) AS recent\W*$", flat):
        return "the newest rows a page's window reads"
    return None


def walked_for_account(statement, plan):
    """The plan line where an account's rows, or a page's listed by id, are looked for among all
    the person's, or None."""
    flat = " ".join(statement.split())
    listed = re.match(r"SELECT [^()]* FROM transactions WHERE user_id = \d+ AND id IN \(", flat)
    if not (listed or re.search(r"\baccount_id = \d+", flat)) or bounded(statement) == "a partial day at an edge":
        return None
    return next((line for line in plan if re.match(r"SEARCH transactions USING (COVERING )?INDEX transactions_newest",
                                                   line)), None)


def kind_rows_walked(statement, plan):
    """The plan line where the rows the sums leave out (split parents, group rows) are looked for
    through another index than their own, or None."""
    flat = " ".join(statement.split())
    if not re.search(r"FROM transactions( INDEXED BY \w+)? WHERE user_id = \d+ AND kind IS NOT NULL", flat):
        return None
    return next((line for line in plan if line.startswith("SEARCH transactions")
                 and "transactions_with_kind" not in line), None)


def test_every_question_reads_indexes_and_sums(traced):
    engine, server, ids = traced
    today = datetime.date.today()
    asked_of = []  # (question, statement)
    for name, path in questions.combinations(ids, today, every=True):
        batch = asked(server, path)
        assert batch, f"{name}: no statements logged"
        asked_of += [(name, statement) for statement in batch]
    assert len({name for name, _ in asked_of}) == 864
    statements_asked = [statement for _, statement in asked_of]
    plans = (sqlite_plans(server.database, statements_asked) if engine == "sqlite"
             else postgres_plans(server.database, statements_asked))
    problems, rows_read = [], 0
    for (name, statement), plan in zip(asked_of, plans):
        for line, _ in full_scans(engine, [statement], [plan]):
            problems.append(f"{name}: {line}: {statement[:300]}")
        walked = (walked_for_account(statement, plan) or kind_rows_walked(statement, plan)) if engine == "sqlite" \
            else None
        if walked:
            problems.append(f"{name}: rows through {walked}: {' '.join(statement.split())[:300]}")
        if not rows_summed(statement):
            continue
        rows_read += 1
        why = bounded(statement)
        if why is None:
            problems.append(f"{name}: sums rows unbounded: {' '.join(statement.split())[:400]}")
        elif engine == "sqlite" and why in ("the rows whose notes hold the words", "the tag's rows"):
            # Rows found through a list are looked up by id, not by walking the person's index.
            walked = [line for line in plan if re.match(r"SEARCH transactions USING (COVERING )?INDEX", line)]
            if walked:
                problems.append(f"{name}: walks {walked[0]} for {why}")
    assert rows_read > 0, "the edges and the notes are read from rows: the check saw them"
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:15])


REPORT_QUESTIONS = [
    "/api/v1/reports/monthly", "/api/v1/reports/monthly?months=36&by=group",
    "/api/v1/reports/monthly?category={groceries}", "/api/v1/reports/monthly?tag={tag}",
    "/api/v1/reports/net-worth", "/api/v1/reports/year", "/api/v1/home", "/api/v1/budgets",
    "/v1/budgets?start_date={year_ago}&end_date={today}", "/api/v1/transactions",
]


def test_reports_read_the_day_sums_through_their_own_indexes(traced):
    """Reports, Home, budgets and the converted totals read a person's per-day sums by day or by
    currency, through the indexes that hold every column they ask for (M048): never through the
    sums' key, which leads with the category and made them read every sum row and then the
    table for each. A report's months and net worth read the month sums (M049) by the person and
    a range of months, from their key alone."""
    engine, server, ids = traced
    today = datetime.date.today()
    asked_of = []
    for path in REPORT_QUESTIONS:
        path = path.format(today=today, year_ago=today - datetime.timedelta(days=365), **ids)
        asked_of += [(path, statement) for statement in asked(server, path)]
    statements_asked = [statement for _, statement in asked_of]
    plans = (sqlite_plans(server.database, statements_asked) if engine == "sqlite"
             else postgres_plans(server.database, statements_asked))
    problems = [f"{path}: {line}" for (path, statement), plan in zip(asked_of, plans)
                for line, _ in full_scans(engine, [statement], [plan])]
    day_reads = 0
    month_statements = 0
    month_reads = set()
    for (path, statement), plan in zip(asked_of, plans):
        flat = " ".join(statement.split())
        if re.search(r"\bJOIN transaction_totals_by_month\b", flat):
            month_reads.add(path.split("?")[0])
            month_statements += 1
            lines = ([line for line in plan if "transaction_totals_by_month" in line] if engine == "sqlite"
                     else [f"{node} {relation}" for node, relation in plan if relation == "transaction_totals_by_month"])
            wanted = (r"SEARCH transaction_totals_by_month USING PRIMARY KEY \(user_id=\? AND month>\? AND month<\?\)"
                      if engine == "sqlite" else r"^(Index Scan|Index Only Scan|Bitmap Heap Scan) ")
            if not any(re.search(wanted, line) for line in lines):
                problems.append(f"{path}: {lines}: {flat[:300]}")
        if engine != "sqlite" or not re.search(r"\bFROM transaction_totals\b|JOIN transaction_totals\b", flat) \
                or not re.search(r"\bday (>=|<)|GROUP BY (category_key, )?currency, day", flat):
            continue
        day_reads += 1
        lines = [line for line in plan if "transaction_totals " in line or line.endswith("transaction_totals")]
        if not any(re.search(r"USING COVERING INDEX transaction_totals_by_(day|currency)", line) for line in lines):
            problems.append(f"{path}: {lines}: {flat[:300]}")
    # Whether a range's days are read beside its months depends on today's date (MonthCut).
    assert engine != "sqlite" or (day_reads >= 1 and day_reads + month_statements >= 4), "the check saw the sums read"
    assert {"/api/v1/reports/monthly", "/api/v1/reports/net-worth", "/api/v1/reports/year"} <= month_reads
    assert not problems, f"{len(problems)} problems, the first:\n" + "\n".join(problems[:15])
