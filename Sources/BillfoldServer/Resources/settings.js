// Settings: copy a newly created token to the clipboard.
import { send, sendJSON } from "/assets/fetching.js";
import { tr } from "/assets/words.js";
for (const button of document.querySelectorAll("[data-copy]")) {
  button.addEventListener("click", async () => {
    const text = document.getElementById(button.dataset.copy).textContent;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = tr("js.settings.copied");
    } catch {
      const range = document.createRange();
      range.selectNodeContents(document.getElementById(button.dataset.copy));
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      button.textContent = tr("js.settings.selectedPressCopy");
    }
  });
}

// Lunch Money: check the token as soon as it is entered, with a clear valid/invalid indicator;
// while a check runs the button waits with a spinner, and the answer appears beside the token.
const lunchForm = document.getElementById("lunchmoney-form");
const lunchState = document.getElementById("lunchmoney-state");
const connect = document.getElementById("lunchmoney-connect");
const spinner = () => Object.assign(document.createElement("span"), { className: "spinner" });
function waiting(on, words) {
  connect.disabled = on;
  connect.setAttribute("aria-busy", String(on));
  connect.replaceChildren(...(on ? [spinner(), " " + words] : [tr("js.settings.checkAndConnect")]));
}
if (lunchForm) {
  let checking;
  const check = async () => {
    const token = lunchForm.elements.token.value.trim();
    if (!token) return;
    checking?.abort();
    checking = new AbortController();
    lunchState.className = "connection";
    lunchState.replaceChildren(spinner(), " " + tr("js.settings.checking"));
    waiting(true, tr("js.settings.checking"));
    try {
      const response = await send(lunchForm.dataset.check, {
        method: "POST", body: new URLSearchParams(new FormData(lunchForm)), signal: checking.signal,
        headers: { Accept: "application/json" },
      });
      const answer = await response.json();
      lunchState.className = answer.valid ? "connection valid" : "connection invalid";
      const mark = Object.assign(document.createElement("span"), { className: "indicator", textContent: answer.valid ? "✓" : "✗" });
      mark.setAttribute("aria-hidden", "true");
      lunchState.replaceChildren(mark, " " + answer.message);
    } catch (error) {
      if (error.name === "AbortError") return;
      lunchState.className = "connection invalid";
      lunchState.replaceChildren(tr("js.settings.couldNotCheck", { message: error.message }));
    }
    waiting(false);
  };
  // Sending the form checks again on the server: the button says so until the answer comes.
  lunchForm.addEventListener("submit", () => setTimeout(() => waiting(true, tr("js.settings.checkingAndConnecting"))));
  lunchForm.elements.token.addEventListener("change", check);
  lunchForm.elements.baseURL.addEventListener("change", check);
}

// Lunch Money: while a pull runs, show its progress as it goes.
const pullStatus = document.getElementById("pull-status");
const pullButton = document.getElementById("pull-now");
async function followPull() {
  if (pullButton) pullButton.disabled = true;
  try {
    const status = await sendJSON(pullStatus.dataset.status);
    pullStatus.className = status.failed ? "pull-status form-error" : "pull-status";
    pullStatus.replaceChildren(status.message);
    if (status.running) {
      pullStatus.prepend(Object.assign(document.createElement("span"), { className: "spinner" }), " ");
      setTimeout(followPull, 500);
      return;
    }
  } catch {
    setTimeout(followPull, 2000);
    return;
  }
  if (pullButton) pullButton.disabled = false;
}
if (pullStatus?.dataset.running === "1") followPull();
