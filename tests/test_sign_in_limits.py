"""Password guessing against a real server behind a trusted proxy (the client address comes from
X-Forwarded-For): one address is stopped at the limit without locking the owner out, and guesses
spread over many addresses are stopped at ten times the limit for the account."""
import pytest
import requests

from conftest import PASSWORD, Server, billfold


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("signin")
    running = Server(str(folder / "billfold.sqlite"), folder, env={
        "BILLFOLD_TRUSTED_PROXIES": "127.0.0.1", "BILLFOLD_SIGNIN_LIMIT": "2"})
    yield running
    running.stop()


def sign_in(server, address, password, email=None):
    return requests.post(server.url + "/api/v1/tokens", timeout=30, headers={"X-Forwarded-For": address},
                         json={"email": email or server.email, "password": password, "label": "phone"})


def test_one_address_guessing_does_not_lock_the_owner_out(guarded):
    for _ in range(2):
        assert sign_in(guarded, "203.0.113.7", "wrong horse").status_code == 401
    stopped = sign_in(guarded, "203.0.113.7", "wrong horse")
    assert stopped.status_code == 429 and int(stopped.headers["Retry-After"]) > 0
    # The right password from that address waits too: the address is what is stopped.
    assert sign_in(guarded, "203.0.113.7", PASSWORD).status_code == 429
    # The owner, elsewhere, signs in.
    assert sign_in(guarded, "198.51.100.20", PASSWORD).status_code == 201


def test_guesses_from_many_addresses_are_bounded_per_account(guarded):
    email = "spread@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", "Sia", database=guarded.database)
    # Two wrong passwords from each of ten addresses: twenty, ten times the limit, all answered.
    for n in range(10):
        for _ in range(2):
            assert sign_in(guarded, f"192.0.2.{n + 1}", "wrong horse", email).status_code == 401
    # The next guess, from an address never seen, is stopped by the account's own count.
    assert sign_in(guarded, "192.0.2.99", "wrong horse", email).status_code == 429


def test_guesses_sent_at_once_are_counted_exactly_and_right_passwords_all_get_in(guarded):
    from concurrent.futures import ThreadPoolExecutor
    email = "burst@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", "Bu", database=guarded.database)
    with ThreadPoolExecutor(16) as pool:
        guesses = list(pool.map(lambda _: sign_in(guarded, "203.0.113.40", "wrong horse", email).status_code,
                                range(16)))
    assert sorted(guesses) == [401] * 2 + [429] * 14
    # The owner elsewhere is not locked out by them.
    assert sign_in(guarded, "198.51.100.40", PASSWORD, email).status_code == 201
    # Twelve devices behind one address sign in at once with the right password: all get in.
    with ThreadPoolExecutor(12) as pool:
        devices = list(pool.map(lambda _: sign_in(guarded, "198.51.100.41", PASSWORD, email).status_code, range(12)))
    assert devices == [201] * 12
