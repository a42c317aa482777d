#!/usr/bin/env python3
"""How smoothly each way a card leaves the review deck is drawn (asserts nothing): a throwaway
server and person with a deck of cards, headless Chromium at phone size with touch and its CPU
slowed 4× (DevTools' throttling, about a mid-range phone), and for each way the frames the page
drew (requestAnimationFrame) in the 1.2 s after → : how many, and the longest gap between two.
At 60 frames a second a gap is 16.7 ms; a gap over 33 ms is a dropped frame a person may see.
  scripts/measure-deck-frames.py [BIN]   (BIN: the billfold binary, .build/release/billfold by default)
"""
import datetime
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from conftest import chromium  # noqa: E402  the tests' own headless Chromium
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

WAYS = ["fly", "crush", "burn", "abduction", "holy-fire", "explode", "float-away"]
BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/billfold"


def billfold(*args, database):
    return subprocess.run([BIN, *args, "--database", database], check=True, capture_output=True, text=True).stdout


def main():
    work = tempfile.mkdtemp(prefix="billfold-frames-")
    database = os.path.join(work, "billfold.sqlite")
    billfold("users", "create", "--email", "frames@example.com", "--password", "frames-password", database=database)
    token = billfold("tokens", "create", "--email", "frames@example.com", "--label", "frames",
                     database=database).strip().splitlines()[-1]
    # A deck that holds every card: three leavings of each way.
    subprocess.run(["sqlite3", database, "UPDATE users SET deck_size = 50"], check=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([BIN, "serve", "--port", str(port), "--database", database],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    browser = None
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/health/ready", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        start = datetime.datetime.now(datetime.timezone.utc).replace(day=1, hour=8, minute=0, second=0)
        for index in range(len(WAYS) * 3 + 1):
            body = json.dumps({"bookedAt": (start + datetime.timedelta(minutes=index)).strftime("%Y-%m-%dT%H:%M:%SZ"),
                               "payee": f"Shop {index + 1}", "amount": "-1.00", "currency": "EUR",
                               "status": "uncleared"}).encode()
            request = urllib.request.Request(base + "/api/v1/transactions", data=body, method="POST", headers={
                "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=10)
        browser = chromium()
        browser.set_window_size(390, 844)
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        browser.get(base + "/signin")
        browser.find_element(By.ID, "email").send_keys("frames@example.com")
        browser.find_element(By.ID, "password").send_keys("frames-password")
        browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(browser, 20).until(lambda b: "/transactions" in b.current_url)
        browser.get(base + "/review")
        WebDriverWait(browser, 20).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".review-card.top"))
        print("way          frames in 1.2 s   longest gap   gaps over 33 ms   (CPU slowed 4×)")
        for way in WAYS:
            results = []
            for _ in range(3):
                Select(browser.find_element(By.ID, "deckAnimation")).select_by_value(way)
                time.sleep(0.3)
                browser.execute_script("document.querySelector('.review-card.top').focus()")
                browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
                browser.execute_script("""
                    window.frames_ = [];
                    const tick = (t) => { window.frames_.push(t); if (t - window.frames_[0] < 1200) requestAnimationFrame(tick); };
                    requestAnimationFrame(tick);""")
                browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
                time.sleep(1.6)
                browser.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
                frames = browser.execute_script("return window.frames_")
                gaps = [b - a for a, b in zip(frames, frames[1:])]
                results.append((len(frames), max(gaps), sum(1 for g in gaps if g > 33.4)))
            frames, gap, dropped = sorted(results)[1]  # the middle of three
            print(f"{way:<12} {frames:>15}   {gap:>8.1f} ms   {dropped:>15}")
    finally:
        if browser:
            browser.quit()
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
