"""Password and sign-ins in headless Chromium, beside a second "browser" (a requests session):
Settings counts the other sign-ins, a wrong current password or two different new ones change
nothing, a change signs out every other browser and keeps this one, "Sign out everywhere else"
does the same without a change, and `billfold users set-password` resets a forgotten password
from standard input and signs the person out everywhere. Their access token keeps working."""
import subprocess
import uuid

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import BINARY, PASSWORD, billfold
from test_browser import sign_in, wait


def second_browser(server, email, password):
    """Another browser signed in as the person: a session with its own cookie."""
    session = requests.Session()
    page = session.get(server.url + "/signin", timeout=10).text
    token = page.split('name="_csrf" value="', 1)[1].split('"', 1)[0]
    answer = session.post(server.url + "/signin", data={"email": email, "password": password, "_csrf": token},
                          timeout=30, allow_redirects=False)
    assert answer.status_code == 303, answer.text
    return session


def signed_in(session, server):
    answer = session.get(server.url + "/settings", timeout=10, allow_redirects=False)
    return answer.status_code == 200


def change_password(browser, current, new, again, revoke_tokens=False):
    form = browser.find_element(By.CSS_SELECTOR, "form[action='/settings/password#password']")
    for name, value in [("currentPassword", current), ("newPassword", new), ("newPasswordAgain", again)]:
        form.find_element(By.NAME, name).send_keys(value)
    if revoke_tokens:
        form.find_element(By.NAME, "revokeTokens").click()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


def test_change_password_and_sign_out_elsewhere(browser, shot, sqlite_server):
    server = sqlite_server
    email = f"pw-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", email, "--password", PASSWORD, "--name", "Pia", database=server.database)
    token = billfold("tokens", "create", "--email", email, "--label", "phone",
                     database=server.database).stdout.strip().splitlines()[-1]
    other = second_browser(server, email, PASSWORD)
    stranger_email = f"pw-other-{uuid.uuid4().hex[:8]}@example.com"
    billfold("users", "create", "--email", stranger_email, "--password", PASSWORD, database=server.database)
    stranger = second_browser(server, stranger_email, PASSWORD)

    sign_in(browser, server, email=email)
    browser.get(server.url + "/settings#password")
    assert browser.find_element(By.ID, "other-sessions").text == "One other browser or device is signed in as you."

    # A wrong current password changes nothing and says which field is wrong.
    change_password(browser, "not my password", "a new secret 1", "a new secret 1")
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#password .field-error")))
    assert browser.find_element(By.ID, "currentPassword-error").text == "That is not your current password."
    assert browser.find_element(By.ID, "currentPassword").get_attribute("value") == "", "a password is never sent back"
    # Two different new passwords neither.
    change_password(browser, PASSWORD, "a new secret 1", "a new secret 2")
    wait(browser).until(EC.presence_of_element_located((By.ID, "newPasswordAgain-error")))
    assert "differ" in browser.find_element(By.ID, "newPasswordAgain-error").text
    shot("settings-password-refused")
    assert signed_in(other, server), "nothing changed: the other browser is still signed in"

    change_password(browser, PASSWORD, "a new secret 1", "a new secret 1")
    wait(browser).until(EC.text_to_be_present_in_element(
        (By.CSS_SELECTOR, ".notice"), "Password changed. Every other browser was signed out; access tokens keep working."))
    assert browser.find_element(By.ID, "other-sessions").text == "No other browser or device is signed in as you."
    shot("settings-password-changed")
    assert not signed_in(other, server), "the other browser was signed out"
    assert signed_in(stranger, server), "another person's sign-in is theirs"
    assert requests.get(server.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"},
                        timeout=10).status_code == 200, "access tokens keep working"
    refused = requests.post(server.url + "/api/v1/tokens", json={"email": email, "password": PASSWORD, "label": "x"},
                            timeout=30)
    assert refused.status_code == 401, "the old password no longer signs in"

    # Changed again with the box ticked: the access tokens go too, and the notice says so.
    browser.get(server.url + "/settings#password")
    change_password(browser, "a new secret 1", "a new secret 2", "a new secret 2", revoke_tokens=True)
    wait(browser).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "every access token revoked"))
    shot("settings-password-tokens-revoked")
    assert requests.get(server.url + "/api/v1/me", headers={"Authorization": f"Bearer {token}"},
                        timeout=10).status_code == 401, "the access token was revoked"

    # Sign out everywhere else, without a change.
    other = second_browser(server, email, "a new secret 2")
    browser.get(server.url + "/settings#password")
    browser.find_element(By.XPATH, "//button[text()='Sign out everywhere else']").click()
    wait(browser).until(EC.text_to_be_present_in_element(
        (By.CSS_SELECTOR, ".notice"), "Every other browser and device was signed out."))
    assert not signed_in(other, server)
    browser.get(server.url + "/settings")
    assert "/settings" in browser.current_url, "this browser stays signed in"

    # Forgotten: the operator sets a new one from standard input; every browser is signed out.
    reset = subprocess.run([str(BINARY), "users", "set-password", "--email", email, "--database", server.database],
                           input="the operator's one\n", capture_output=True, text=True, timeout=60)
    assert reset.returncode == 0, reset.stderr
    assert f"Set the password of {email}" in reset.stdout
    browser.get(server.url + "/settings")
    assert "/signin" in browser.current_url
    sign_in(browser, server, email=email, password="the operator's one")
    short = subprocess.run([str(BINARY), "users", "set-password", "--email", email, "--password", "short",
                            "--database", server.database], capture_output=True, text=True, timeout=60)
    assert short.returncode != 0 and "at least 8 characters" in short.stderr
    nobody = subprocess.run([str(BINARY), "users", "set-password", "--email", "nobody@example.com", "--password",
                             "long enough", "--database", server.database], capture_output=True, text=True, timeout=60)
    assert nobody.returncode != 0 and "No user has the email nobody@example.com" in nobody.stderr
