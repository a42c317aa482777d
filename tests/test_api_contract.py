"""The native API and the CLI, against a running server on SQLite and on PostgreSQL."""
import json
import pathlib

import pytest
import requests
from openapi_spec_validator import validate

from conftest import BINARY, SHARED_FIXTURES, billfold, csrf_token


def test_openapi_document_is_valid(server):
    response = requests.get(server.url + "/api/v1/openapi.json", timeout=10)
    assert response.status_code == 200
    spec = response.json()
    validate(spec)
    assert {"/api/v1/transactions", "/api/v1/transactions/{id}", "/api/v1/me", "/api/v1/categories",
            "/api/v1/categories/{id}", "/api/v1/categories/bulk-delete", "/api/categories"} <= set(spec["paths"])


def test_every_documented_get_route_exists(server):
    spec = requests.get(server.url + "/api/v1/openapi.json", timeout=10).json()
    for path, item in spec["paths"].items():
        if "get" in item and "{" not in path:
            assert server.api("GET", path).status_code == 200, path


def test_list_matches_the_documented_shape(server):
    page = server.api("GET", "/api/v1/transactions?limit=3").json()
    # Euros, dollars and points: the one converted total comes too, naming what has no rate.
    assert set(page) == {"transactions", "nextCursor", "totals", "convertedTotal"}
    assert page["convertedTotal"]["currency"] == "EUR"
    assert page["convertedTotal"]["missingCurrencies"] == ["PBP", "USD"]
    assert len(page["transactions"]) == 3
    assert isinstance(page["nextCursor"], str)
    keys = {"id", "bookedAt", "payee", "originalName", "notes", "amount", "currency", "status", "categoryId",
            "categorySource", "accountId", "externalId", "createdAt", "updatedAt", "transferId", "kind", "parentId", "groupId"}
    assert set(page["transactions"][0]) == keys
    # Demo rows are the person's; an uncategorised row says no one set a category.
    assert all((t["categoryId"] is None) == (t["categorySource"] is None) for t in page["transactions"])
    assert {t["currency"] for t in page["totals"]} == {"EUR", "USD", "PBP"}
    assert sum(t["count"] for t in page["totals"]) == 400


@pytest.mark.parametrize("body,status,code", [
    ("{", 400, "invalid_json"),
    ('{"payee": 1}', 400, "validation_failed"),
    ('{"bookedAt": "2026-11-20T10:00:00Z", "payee": "x", "amount": "1.001", "currency": "EUR"}', 400, "invalid_amount"),
])
def test_bad_input_gets_the_error_shape(server, body, status, code):
    response = server.api("POST", "/api/v1/transactions", data=body, headers={"Content-Type": "application/json"})
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and error["message"]


def test_tokens_create_prints_the_token_alone_on_the_last_line(server):
    result = billfold("tokens", "create", "--email", server.email, "--label", "script", database=server.database)
    token = result.stdout.strip().splitlines()[-1]
    assert token.startswith("bf_") and " " not in token
    assert server.api("GET", "/api/v1/me", headers={"Authorization": f"Bearer {token}"}).status_code == 200


def test_invalid_configuration_names_the_setting(tmp_path):
    result = __import__("subprocess").run([str(BINARY), "serve", "--port", "eighty"], capture_output=True,
                                          text=True, cwd=tmp_path, timeout=30)
    assert result.returncode != 0
    assert "--port" in result.stderr


@pytest.mark.skipif(not (SHARED_FIXTURES / "PBTransactions.json").exists(), reason="no ../shared/fixtures")
def test_payback_import_of_the_original_file_is_idempotent(server, tmp_path):
    billfold("users", "create", "--email", "points@example.com", "--password", "long enough",
             database=server.database)
    original = str(SHARED_FIXTURES / "PBTransactions.json")
    first = billfold("import", "payback", original, "--email", "points@example.com", database=server.database)
    assert "added 21" in first.stdout
    again = billfold("import", "payback", original, "--email", "points@example.com", database=server.database)
    assert "added 0" in again.stdout
    broken = tmp_path / "broken.json"
    data = json.loads(pathlib.Path(original).read_text())
    data["items"][4]["transactionDetail"]["bookingDate"] = "2022-02-29T10:59:05+0200"
    broken.write_text(json.dumps(data))
    failed = billfold("import", "payback", str(broken), "--email", "points@example.com",
                      database=server.database, check=False)
    assert failed.returncode != 0
    assert "Item 5" in failed.stderr and "items[4].transactionDetail.bookingDate" in failed.stderr


def test_an_oversized_body_is_refused_with_413_and_nothing_written(server):
    before = server.api("GET", "/api/v1/transactions?limit=1").json()["totals"]
    body = json.dumps({"bookedAt": "2026-11-20T10:00:00Z", "payee": "x", "amount": "1", "currency": "EUR",
                       "notes": "n" * 1_100_000})
    response = server.api("POST", "/api/v1/transactions", data=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "payload_too_large"
    assert server.api("GET", "/api/v1/transactions?limit=1").json()["totals"] == before


def test_a_body_of_exactly_the_limit_is_taken(server):
    """The limits are sizes a body may have: 1 MiB by default, 50 MiB for a bank file; a byte more is 413."""
    def transaction(size):
        body = json.dumps({"bookedAt": "2026-11-20T10:00:00Z", "payee": "x", "amount": "1", "currency": "EUR",
                           "notes": ""})
        body = body.replace('"notes": ""', '"notes": "' + "n" * (size - len(body)) + '"')
        assert len(body) == size
        return server.api("POST", "/api/v1/transactions", data=body, headers={"Content-Type": "application/json"})
    at_limit = transaction(1 << 20)
    assert at_limit.status_code == 400 and at_limit.json()["error"]["fields"].get("notes"), at_limit.text
    assert transaction((1 << 20) + 1).status_code == 413

    def bank_file(size):
        body = b"%PDF-1.7\n" + b"\0" * (size - 9)
        return server.api("POST", "/api/v1/imports?account=Limits&currency=EUR&dryRun=true", data=body,
                          headers={"Content-Type": "application/octet-stream"})
    at_limit = bank_file(50 << 20)
    assert at_limit.status_code == 400 and at_limit.json()["error"]["code"] == "invalid_import_file", at_limit.text
    assert bank_file((50 << 20) + 1).status_code == 413


def test_serve_demo_prints_credentials_that_sign_in(tmp_path):
    """The README's first command: a demo account full of data, its sign-in printed."""
    import subprocess
    import time

    from conftest import free_port

    port = free_port()
    log = tmp_path / "demo.log"
    with open(log, "w") as out:
        process = subprocess.Popen([str(BINARY), "serve", "--demo", "--port", str(port)], cwd=tmp_path,
                                   stdout=out, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if requests.get(url + "/health/ready", timeout=1).ok:
                    break
            except requests.ConnectionError:
                time.sleep(0.2)
        text = log.read_text()
        email = text.split("email:")[1].split()[0]
        password = text.split("password:")[1].split()[0]
        assert (tmp_path / "billfold.sqlite").exists(), "the default database is in the working directory"
        session = requests.Session()
        signed_in = session.post(url + "/signin", data={"email": email, "password": password,
                                                        "_csrf": csrf_token(session, url + "/signin")}, timeout=10)
        assert signed_in.url.endswith("/transactions") and "Sign out" in signed_in.text
        assert "No transactions yet" not in signed_in.text
        for currency in ("EUR", "USD", "PBP"):
            assert f'data-currency="{currency}"' in signed_in.text
    finally:
        process.terminate()
        process.wait(timeout=15)
