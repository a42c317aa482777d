"""Schemathesis against the native API (/api/v1): generated requests, positive and negative, must
never get a 5xx, and every answer must be one the OpenAPI document describes (status code, content
type, body schema). The run has a fixed seed and no example database, so it asks the same things
every time; it checks that at least MIN_REQUESTS requests were made and every operation was tried.

It has a server of its own: schemathesis deletes categories, closes projects and changes
transactions, which the other suites' shared server must not see."""
import json
import pathlib
import subprocess
import sys

import pytest
import requests

from conftest import Server, billfold

SCHEMATHESIS = pathlib.Path(sys.executable).parent / "schemathesis"
SEED = 20261122
# Per operation and phase; the coverage phase adds its own ~1,250 requests on top.
MAX_EXAMPLES = 30
MIN_REQUESTS = 1000
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schemathesis")
    running = Server(str(folder / "billfold.sqlite"), folder)
    yield running
    running.stop()


def run_schemathesis(server, token, report, examples, folder, narrowing):
    """One seeded schemathesis run over /api/v1 with `token`, its events written to `report`."""
    command = [
        str(SCHEMATHESIS), "run", server.url + "/api/v1/openapi.json",
        "--header", f"Authorization: Bearer {token}",
        "--include-path-regex", "^/api/v1/", *narrowing,
        "--checks", CHECKS,
        "--seed", str(SEED),
        "--max-examples", str(examples),
        "--generation-database", "none",
        "--workers", "1",
        "--continue-on-failure",
        "--request-timeout", "30",
        "--no-color",
        "--report", "ndjson", "--report-ndjson-path", str(report),
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=folder)


def run_events(path):
    """The NDJSON events schemathesis wrote: one object per line, keyed by the event's name."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_native_api_answers_as_its_openapi_document_says(fuzzed_server, tmp_path):
    report = tmp_path / "events.ndjson"
    # It would learn its own token's id from GET /api/v1/tokens and revoke it, turning the rest of
    # the run into 401s; the Swift tests cover revoking (TokensAndIdempotencyTests).
    result = run_schemathesis(fuzzed_server, fuzzed_server.token, report, MAX_EXAMPLES, tmp_path,
                              ["--exclude-operation-id", "revokeToken", "--exclude-operation-id", "revokeCurrentToken"])
    output = result.stdout + result.stderr
    failures = output[output.find("FAILURES"):] if "FAILURES" in output else output[-6000:]
    assert result.returncode == 0, f"schemathesis found problems (exit {result.returncode}):\n{failures}"

    events = run_events(report)
    finished = [event["ScenarioFinished"] for event in events if "ScenarioFinished" in event]
    requests_made = sum(len(scenario["recorder"].get("interactions", {})) for scenario in finished)
    print(f"schemathesis made {requests_made} requests")
    assert requests_made >= MIN_REQUESTS, f"only {requests_made} requests were made:\n{output[-3000:]}"

    spec = requests.get(fuzzed_server.url + "/api/v1/openapi.json", timeout=10).json()
    documented = {f"{method.upper()} {path}" for path, item in spec["paths"].items()
                  if path.startswith("/api/v1/") for method in item if method in ("get", "post", "patch", "delete")}
    documented -= {"DELETE /api/v1/tokens/{id}", "DELETE /api/v1/tokens/current"}
    tried = {scenario["recorder"]["label"] for scenario in finished
             if scenario["status"] != "skip" and scenario["recorder"].get("interactions")}
    assert documented <= tried, f"operations never tried: {sorted(documented - tried)}"
    # The run's own token survived it (a revoked one would have turned the rest into 401s).
    me = requests.get(fuzzed_server.url + "/api/v1/me", headers={"Authorization": f"Bearer {fuzzed_server.token}"},
                      timeout=10)
    assert me.status_code == 200, "schemathesis revoked its own token during the run"


def test_a_read_only_token_changes_nothing_through_any_operation(fuzzed_server, tmp_path):
    """Every operation, tried with a read-only token: the answers still conform to the document,
    no write is ever answered with success, and the books are the same afterwards."""
    token = billfold("tokens", "create", "--email", fuzzed_server.email, "--label", "read only", "--scope", "read",
                     database=fuzzed_server.database).stdout.strip().splitlines()[-1]
    headers = {"Authorization": f"Bearer {token}"}

    def books():
        listed = requests.get(fuzzed_server.url + "/api/v1/transactions?limit=500", headers=headers, timeout=30)
        assert listed.status_code == 200
        categories = requests.get(fuzzed_server.url + "/api/v1/categories", headers=headers, timeout=30)
        return listed.json(), categories.json()

    before = books()
    report = tmp_path / "events.ndjson"
    # Every write; ending itself is the one a read-only token may make.
    result = run_schemathesis(fuzzed_server, token, report, 5, tmp_path,
                              ["--exclude-method", "GET", "--exclude-operation-id", "revokeCurrentToken"])
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"schemathesis found problems (exit {result.returncode}):\n{output[-6000:]}"
    statuses = []
    for event in run_events(report):
        scenario = event.get("ScenarioFinished")
        if not scenario:
            continue
        for interaction in scenario["recorder"].get("interactions", {}).values():
            response = interaction.get("response") or {}
            request = interaction.get("request") or {}
            statuses.append((request.get("method"), request.get("uri"), response.get("status_code")))
    writes = [s for s in statuses if s[0] != "GET"]
    assert len(writes) >= 100, f"only {len(writes)} writes were tried"
    succeeded = [s for s in writes if s[2] is not None and 200 <= s[2] < 300]
    assert not succeeded, f"a read-only token's writes succeeded: {succeeded[:10]}"
    assert books() == before
