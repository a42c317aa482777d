"""Operating Billfold: a backup taken while the server is busy writing restores to the same rows
and the same sums, on SQLite (billfold backup/restore) and PostgreSQL (billfold backup through
pg_dump, pg_restore back); JSON logs carry one object per request and never a secret."""
import json
import os
import subprocess
import threading
import time
import uuid

import requests

from conftest import BINARY, PASSWORD, Server, billfold, csrf_token, postgres_database


def write_while(server, seconds_before, action):
    """Posts transactions from two threads, runs `action` in the middle, and returns what it returned."""
    stop = threading.Event()
    statuses = []

    def writer(name):
        n = 0
        while not stop.is_set():
            n += 1
            answer = server.api("POST", "/api/v1/transactions", json={
                "bookedAt": "2026-03-01T10:00:00Z", "payee": f"Load {name}-{n}", "amount": "-1.25", "currency": "EUR"})
            statuses.append(answer.status_code)

    threads = [threading.Thread(target=writer, args=(name,)) for name in "ab"]
    for thread in threads:
        thread.start()
    time.sleep(seconds_before)
    result = action()
    time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join()
    assert statuses and all(status == 201 for status in statuses), set(statuses)
    return result


def sqlite_rows(path, sql):
    out = subprocess.run(["sqlite3", path, sql], capture_output=True, text=True, check=True).stdout
    return [line.split("|") for line in out.strip().splitlines()]


def test_sqlite_backup_under_write_load_restores_the_same_rows_and_sums(tmp_path):
    server = Server(str(tmp_path / "live.sqlite"), tmp_path)
    try:
        copy = tmp_path / "copy.sqlite"
        done = write_while(server, 1.0, lambda: billfold("backup", "--to", str(copy), database=server.database))
        assert "Backed up" in done.stdout
        again = billfold("backup", "--to", str(copy), database=server.database, check=False)
        assert again.returncode != 0 and "already exists" in again.stderr, "a backup never overwrites"
        restored = tmp_path / "restored.sqlite"
        assert "Restored" in billfold("restore", "--from", str(copy), database=str(restored)).stdout
        refused = billfold("restore", "--from", str(copy), database=str(restored), check=False)
        assert refused.returncode != 0 and "restore never overwrites" in refused.stderr
        rows = "SELECT id, payee, amount_minor, currency, status FROM transactions ORDER BY id"
        copied = sqlite_rows(str(restored), rows)
        live = {row[0]: row for row in sqlite_rows(server.database, rows)}
        assert len(copied) > 400, "the copy has the demo data and some of the load"
        assert all(live[row[0]] == row for row in copied), "every copied row is the live row"
        sums = "SELECT currency, SUM(amount_minor) FROM transactions GROUP BY currency ORDER BY currency"
        kept = "SELECT currency, SUM(total_minor) FROM transaction_totals GROUP BY currency ORDER BY currency"
        assert sqlite_rows(str(restored), sums) == sqlite_rows(str(restored), kept), "one consistent snapshot"
    finally:
        server.stop()


def test_postgres_backup_under_write_load_with_pg_dump(tmp_path):
    database = postgres_database()
    if database is None:
        return
    server = Server(database, tmp_path)
    try:
        dump = tmp_path / "copy.dump"
        done = write_while(server, 1.0, lambda: billfold("backup", "--to", str(dump), database=database))
        assert "pg_dump" in done.stdout
        target = postgres_database()
        subprocess.run(["pg_restore", "--no-owner", "--dbname", target.split("?")[0], str(dump)], check=True)
        query = lambda url, sql: subprocess.run(["psql", url.split("?")[0], "-At", "-c", sql], capture_output=True,
                                                text=True, check=True).stdout.strip().splitlines()
        rows = "SELECT id, payee, amount_minor FROM transactions ORDER BY id"
        live = set(query(database, rows))
        copied = query(target, rows)
        assert len(copied) > 400 and all(row in live for row in copied)
        sums = "SELECT currency, SUM(amount_minor) FROM transactions GROUP BY currency ORDER BY currency"
        kept = "SELECT currency, SUM(total_minor) FROM transaction_totals GROUP BY currency ORDER BY currency"
        assert query(target, sums) == query(target, kept)
    finally:
        server.stop()


def test_json_logs_one_object_per_request_and_no_secrets(tmp_path):
    server = Server(str(tmp_path / "logs.sqlite"), tmp_path, env={"BILLFOLD_LOG_FORMAT": "json"})
    try:
        assert server.api("GET", "/api/v1/transactions?limit=5").status_code == 200
        session = requests.Session()
        session.post(server.url + "/signin", data={"email": server.email, "password": PASSWORD,
                                                   "_csrf": csrf_token(session, server.url + "/signin")}, timeout=10)
        assert session.get(server.url + "/transactions", timeout=10).status_code == 200
        requests.get(server.url + f"/v1/me?access_token={server.token}", timeout=10)
    finally:
        server.stop()
    text = (tmp_path / "server.log").read_text()
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    requests_logged = [line for line in lines if line.get("message") == "request"]
    listed = next(line for line in requests_logged if line["route"] == "/api/v1/transactions")
    assert listed["status"] == 200 and listed["method"] == "GET" and "duration_ms" in listed
    assert listed["request-id"] and listed["user_id"]
    assert any(line["route"] == "/v1/me" for line in requests_logged)
    for secret in [server.token, PASSWORD, session.cookies.get("billfold_session")]:
        assert secret and secret not in text, "no token, password or cookie in the log"
