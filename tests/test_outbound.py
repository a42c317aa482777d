"""Settings › Lunch Money may make the server fetch an address a user typed. Against real peers on
loopback (the test server allows http and private addresses, as an operator may): redirects are
not followed, a slow peer is given up on, a huge answer is cut off, an open port that is not a web
server reads the same as a closed one, and nothing a peer says is echoed back."""
import http.server
import socket
import threading
import time

import pytest
import requests

from conftest import PASSWORD, csrf_token, free_port


class Peer(http.server.BaseHTTPRequestHandler):
    """A stand-in for a server somebody points Billfold at. Paths choose its behaviour."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.startswith("/redirect/v1/me"):
            self.send_response(302)
            self.send_header("Location", f"http://127.0.0.1:{self.server.server_port}/good/v1/me")
            self.end_headers()
        elif self.path.startswith("/good/v1/me"):
            body = b'{"user_name":"SECRET-NAME","user_email":"secret@internal.example"}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif self.path.startswith("/slow/v1/me"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            for _ in range(120):  # a byte a second, for two minutes, unless the client gives up
                try:
                    self.wfile.write(b" ")
                    self.wfile.flush()
                except OSError:
                    return
                time.sleep(1)
        elif self.path.startswith("/huge/v1/me"):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            chunk = b" " * (1 << 20)
            try:
                for _ in range(64):
                    self.wfile.write(chunk)
            except OSError:
                pass
        else:
            self.send_response(404)
            self.end_headers()


@pytest.fixture(scope="module")
def peer():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Peer)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def not_http():
    """An open port whose service speaks something else and hangs up."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    stop = threading.Event()

    def serve():
        listener.settimeout(0.5)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except OSError:
                continue
            connection.sendall(b"SSH-2.0-OpenSSH_9.2\r\n")
            connection.close()

    threading.Thread(target=serve, daemon=True).start()
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    listener.close()


@pytest.fixture(scope="module")
def session(sqlite_server):
    s = requests.Session()
    s.post(sqlite_server.url + "/signin",
           data={"email": sqlite_server.email, "password": PASSWORD,
                 "_csrf": csrf_token(s, sqlite_server.url + "/signin")}, timeout=30)
    return s


def check(sqlite_server, session, base):
    token = csrf_token(session, sqlite_server.url + "/settings")
    started = time.monotonic()
    answer = session.post(sqlite_server.url + "/settings/lunchmoney/check",
                          data={"baseURL": base, "token": "some-token", "_csrf": token},
                          headers={"Accept": "application/json"}, timeout=90)
    assert answer.status_code == 200, answer.text
    return answer.json(), time.monotonic() - started


def test_a_valid_peer_is_only_called_valid(sqlite_server, session, peer):
    body, _ = check(sqlite_server, session, peer + "/good")
    assert body == {"valid": True, "message": "Valid."}


def test_redirects_are_not_followed(sqlite_server, session, peer):
    body, _ = check(sqlite_server, session, peer + "/redirect")
    assert not body["valid"]
    assert "SECRET" not in body["message"]
    assert "did not answer like Lunch Money" in body["message"]


def test_a_slow_peer_is_given_up_on(sqlite_server, session, peer):
    body, elapsed = check(sqlite_server, session, peer + "/slow")
    assert not body["valid"]
    assert "did not answer in time" in body["message"]
    assert elapsed < 60, "the request ended on its own limit instead of hanging"


def test_a_huge_answer_is_cut_off(sqlite_server, session, peer):
    body, _ = check(sqlite_server, session, peer + "/huge")
    assert not body["valid"]
    assert "too large" in body["message"]


def test_open_and_closed_ports_read_the_same(sqlite_server, session, not_http):
    open_port, _ = check(sqlite_server, session, not_http)
    closed, _ = check(sqlite_server, session, f"http://127.0.0.1:{free_port()}")
    strip = lambda text: text.split(" Check the address")[0].rsplit(":", 1)[0]
    assert strip(open_port["message"]) == strip(closed["message"])
    assert not open_port["valid"] and not closed["valid"]
    assert "SSH" not in open_port["message"]
