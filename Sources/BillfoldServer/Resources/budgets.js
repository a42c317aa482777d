// The budgets sheet: Enter moves down the column as Tab does, and an amount changed is saved at
// once (the page comes back and its figures are redrawn in place, focus where it was). Without
// the script, Save sends every amount and rollover together.

import { send } from "/assets/fetching.js";

const form = document.getElementById("budget-sheet");

function inputs() {
  return [...form.querySelectorAll("input.budget-input")];
}

// What was typed or ticked and not saved yet (other than `saved`), to keep across a redraw.
function unsaved(saved) {
  return [...form.querySelectorAll("tbody input")].filter((input) =>
    input !== saved && (input.type === "checkbox" ? input.checked !== input.defaultChecked : input.value !== input.defaultValue));
}

// Puts the new page's totals and rows in place of these, keeping the field being typed in and
// whatever else was typed meanwhile.
function redraw(fresh, saved) {
  const focused = document.activeElement?.id;
  const kept = unsaved(saved).map((input) => [input.name, input.type === "checkbox" ? input.checked : input.value]);
  for (const selector of [".budget-totals", "#budget-sheet tbody", "main > .notice"]) {
    const now = document.querySelector(selector);
    const then = fresh.querySelector(selector);
    if (now && then) now.replaceWith(then);
    else if (now) now.remove();
  }
  const error = fresh.querySelector("main > .field-error");
  document.querySelector("main > .field-error")?.remove();
  if (error) form.before(error);
  for (const [name, value] of kept) {
    const input = form.querySelector(`tbody input[name="${CSS.escape(name)}"]`);
    if (input?.type === "checkbox") input.checked = value;
    else if (input) input.value = value;
  }
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
    // A refused amount comes back as the sheet with its reason (400); anything else that is not
    // the sheet (signed out, an error page) leaves the page as it is, for Save to send again.
    if (!answer.ok && answer.status !== 400) return;
    const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
    if (!fresh.getElementById("budget-sheet")) return;
    redraw(fresh, input);
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
    // Enter that ends an input method's composition (Japanese digits) is not "next field".
    if (event.key !== "Enter" || event.isComposing || !event.target.matches("input.budget-input")) return;
    event.preventDefault();
    const all = inputs();
    const next = all[all.indexOf(event.target) + (event.shiftKey ? -1 : 1)];
    // Leaving the field fires its change, which saves it.
    if (next) next.focus();
    else event.target.blur();
  });
}
