// The budgets sheet: Enter moves down the column as Tab does, and an amount changed is saved at
// once (the page comes back and its figures are redrawn in place, focus where it was). Without
// the script, Save sends every amount and rollover together.

import { send } from "/assets/fetching.js";

const form = document.getElementById("budget-sheet");

function inputs() {
  return [...form.querySelectorAll("input.budget-input")];
}

// Puts the new page's totals and rows in place of these, keeping the field being typed in.
function redraw(html) {
  const fresh = new DOMParser().parseFromString(html, "text/html");
  const focused = document.activeElement?.id;
  for (const selector of [".budget-totals", "#budget-sheet tbody", "main > .notice"]) {
    const now = document.querySelector(selector);
    const then = fresh.querySelector(selector);
    if (now && then) now.replaceWith(then);
    else if (now) now.remove();
  }
  const error = fresh.querySelector("main > .field-error");
  document.querySelector("main > .field-error")?.remove();
  if (error) form.before(error);
  if (focused) document.getElementById(focused)?.focus();
}

async function save(input) {
  const id = input.id.replace("budget-", "");
  const body = new URLSearchParams({ month: form.month.value, action: "save", only: id });
  body.set(input.name, input.value);
  input.setAttribute("aria-busy", "true");
  try {
    // getAttribute: the form's buttons are named "action", which hides `form.action`.
    const answer = await send(form.getAttribute("action"), { method: "POST", body, headers: { Accept: "text/html" } });
    redraw(await answer.text());
  } catch {
    // Not saved: the form still holds it, and Save sends it again.
  } finally {
    input.removeAttribute("aria-busy");
  }
}

if (form) {
  form.addEventListener("change", (event) => {
    if (event.target.matches("input.budget-input")) save(event.target);
  });
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !event.target.matches("input.budget-input")) return;
    event.preventDefault();
    const all = inputs();
    const next = all[all.indexOf(event.target) + (event.shiftKey ? -1 : 1)];
    // Leaving the field fires its change, which saves it.
    if (next) next.focus();
    else event.target.blur();
  });
}
