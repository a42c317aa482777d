"""Published rates fetched from a configured address (`BILLFOLD_RATES_URL`), through the outbound
checks, against a real peer on loopback (the test server allows http and private addresses, as
an operator may): a failing address is noted in Settings and changes nothing; `billfold rates
fetch` then brings the ECB's rates, which Settings lists and the converted totals use at once,
without a restart."""
import html
import http.server
import os
import subprocess
import threading
import time

import pytest
import requests

from conftest import BINARY, PASSWORD, SHARED_FIXTURES, Server, billfold, csrf_token

RATES = SHARED_FIXTURES / "rates" / "eurofxref-hist.csv"


class RatesPeer(http.server.BaseHTTPRequestHandler):
    """Answers 503 until `ready` is set, then the ECB's file (its last year, as published)."""
    ready = threading.Event()
    body = b""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if not self.ready.is_set():
            self.send_response(503)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/csv")
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)


@pytest.fixture(scope="module")
def peer():
    lines = RATES.read_text().splitlines(keepends=True)
    RatesPeer.body = (lines[0] + "".join(lines[1:260])).encode()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), RatesPeer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


def test_rates_fetched_from_the_configured_address(peer, tmp_path):
    address = f"http://127.0.0.1:{peer.server_port}/eurofxref-hist.csv?key=s3cret"
    env = {"BILLFOLD_RATES_URL": address, "BILLFOLD_OUTBOUND_ALLOW_HTTP": "1", "BILLFOLD_OUTBOUND_ALLOW_PRIVATE": "1"}
    database = str(tmp_path / "billfold.sqlite")
    server = Server(database, tmp_path, env=env)
    try:
        session = requests.Session()
        session.post(server.url + "/signin", timeout=10, data={
            "email": server.email, "password": PASSWORD, "_csrf": csrf_token(session, server.url + "/signin")})
        # The server tries at once; the peer is down: noted, nothing changed.
        deadline = time.time() + 30
        while time.time() < deadline:
            page = html.unescape(session.get(server.url + "/settings", timeout=10).text)
            if "failed" in page:
                break
            time.sleep(0.5)
        assert f"fetches them every 24 hours from {address.split('?')[0]}." in page
        assert "s3cret" not in page, "a key in the address's query is not shown"
        assert "127.0.0.1: no rates fetched yet. The last fetch," in page
        assert "failed: The rates address answered with status 503 instead of the rates." in page
        source = server.api("GET", "/api/v1/rates").json()["sources"][0]
        assert "changedAt" not in source and source["rates"] == 0, "never fetched: no change time"
        assert source["lastError"] == "The rates address answered with status 503 instead of the rates."
        before = server.api("GET", "/api/v1/transactions", params={"limit": 1}).json()
        assert before["convertedTotal"]["missingCurrencies"] == ["PBP", "USD"], "no rates yet"

        RatesPeer.ready.set()
        fetched = subprocess.run([str(BINARY), "rates", "fetch", "--database", database], capture_output=True,
                                 text=True, timeout=120, env={**os.environ, **env})
        assert fetched.returncode == 0, fetched.stderr
        assert "Imported" in fetched.stdout and "to 2025-05-09" in fetched.stdout

        page = html.unescape(session.get(server.url + "/settings", timeout=10).text)
        assert "127.0.0.1: " in page and "rates, last changed" in page and "failed" not in page
        after = server.api("GET", "/api/v1/transactions", params={"limit": 1}).json()
        assert after["convertedTotal"]["missingCurrencies"] == ["PBP"], "the server reads the new rates at once"
    finally:
        server.stop()


def test_fetch_without_an_address_says_what_to_set(tmp_path):
    result = billfold("rates", "fetch", database=str(tmp_path / "b.sqlite"), check=False)
    assert result.returncode == 78 and "set BILLFOLD_RATES_URL" in result.stderr
