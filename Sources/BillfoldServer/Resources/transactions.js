// The transactions list: infinite scroll over the server's "Load more" link, with loading,
// error-with-retry and offline states that never leave a spinner forever. Without this script
// the link still works as a plain page link.
import { send } from "/assets/fetching.js";
import { tr, trCount } from "/assets/words.js";
const more = document.querySelector("#more");
const list = document.querySelector("#transaction-list");
const state = document.querySelector("#more-state");
let link = more ? more.querySelector("[data-more]") : null;
let busy = false;

// Phones: the filters start folded into their "Filter" control, so the list is on the first screen.
const fold = document.querySelector(".filters-fold");
if (fold && window.matchMedia("(max-width: 760px)").matches) fold.open = false;

// Filters apply as soon as a choice is made.
for (const select of document.querySelectorAll("[data-autosubmit], .filters select")) {
  select.addEventListener("change", () => select.form.requestSubmit());
}

// Fills a status box: a spinner while loading, then the message. Shared by "load more" and the pane.
function fillState(box, className, kind, message) {
  box.className = className + " " + kind;
  box.replaceChildren();
  if (kind === "loading") {
    const spinner = document.createElement("span");
    spinner.className = "spinner";
    spinner.setAttribute("aria-hidden", "true");
    box.append(spinner);
  }
  box.append(document.createTextNode(message));
}

function show(kind, message, withRetry) {
  state.hidden = false;
  fillState(state, "more-state", kind, message);
  if (withRetry) {
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button small";
    retry.textContent = tr("js.transactions.retry");
    retry.addEventListener("click", loadMore);
    state.append(retry);
  }
}

async function loadMore() {
  if (!link || busy) return;
  if (!navigator.onLine) {
    show("offline", tr("js.transactions.offline"), false);
    return;
  }
  busy = true;
  link.hidden = true;
  show("loading", tr("js.transactions.loadingMore"), false);
  try {
    const response = await send(link.dataset.more);
    if (response.status === 401) {
      // The session ended; signing in again brings the user back to this list.
      location.href = more.dataset.signin + "?next=" + encodeURIComponent(location.pathname + location.search);
      return;
    }
    if (!response.ok) throw new Error(tr("js.transactions.serverAnswered", { status: response.status }));
    const page = await response.json();
    list.insertAdjacentHTML("beforeend", page.html);
    if (selecting) list.querySelectorAll(".txn-row").forEach(addTickBox);
    if (page.next) {
      link.href = page.next;
      link.dataset.more = page.nextRows;
      link.hidden = false;
      state.hidden = true;
    } else {
      link.remove();
      link = null;
      show("done", tr("js.transactions.endOfList"), false);
    }
  } catch (error) {
    // The state below offers the way forward (Retry, or waiting for the connection).
    if (!navigator.onLine) {
      show("offline", tr("js.transactions.offline"), false);
    } else {
      show("error", tr("js.transactions.loadMoreFailed", { reason: error.message }), true);
    }
  } finally {
    busy = false;
  }
}

if (link) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    loadMore();
  });
  if ("IntersectionObserver" in window) {
    new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && link && !link.hidden) loadMore();
    }, { rootMargin: "400px" }).observe(more);
  }
  window.addEventListener("online", () => {
    if (state.classList.contains("offline")) loadMore();
  });
  window.addEventListener("offline", () => {
    if (!busy) show("offline", tr("js.transactions.offline"), false);
  });
}

// Wide screens: a chosen transaction opens in the pane beside the list instead of a new page.
// Modified clicks, narrow screens and any failure fall back to the full detail page.
const pane = document.querySelector("#detail-pane");
const wide = window.matchMedia("(min-width: 1400px)");
// What the pane says before a transaction is chosen, to say again when it is closed.
const paneEmpty = pane?.innerHTML ?? "";

function paneState(kind, message, href) {
  const box = document.createElement("div");
  fillState(box, "card pane-state", kind, message);
  if (href) {
    const open = document.createElement("a");
    open.href = href;
    open.textContent = tr("js.transactions.openFullPage");
    box.append(" ", open);
  }
  pane.replaceChildren(box);
}

/// Shows a pane answer: the detail, and after a save the transaction's new row in the list.
function fillPane(html) {
  pane.innerHTML = html;
  pane.scrollTop = 0;
  // Saving from the pane returns to this list with its filters when the script is not there.
  const back = pane.querySelector("input[name=back]");
  if (back) back.value = location.pathname + location.search;
  const row = pane.querySelector("#pane-row");
  if (row) {
    const fresh = row.content.firstElementChild;
    const old = list.querySelector(`.txn-row[data-id="${fresh.dataset.id}"]`);
    if (old) {
      fresh.setAttribute("aria-current", "true");
      old.replaceWith(fresh);
    }
  }
}

async function openInPane(link, focusPane) {
  for (const row of list.querySelectorAll(".txn-row[aria-current]")) row.removeAttribute("aria-current");
  link.closest(".txn-row").setAttribute("aria-current", "true");
  if (!navigator.onLine) {
    paneState("offline", tr("js.transactions.paneOffline"), link.href);
    return;
  }
  paneState("loading", tr("js.transactions.loading"));
  const url = new URL(link.href);
  url.searchParams.set("pane", "1");
  try {
    const response = await send(url, { headers: { Accept: "text/html" } });
    if (response.status === 401 || response.redirected) {
      location.href = link.href;
      return;
    }
    if (!response.ok) throw new Error(tr("js.transactions.serverAnswered", { status: response.status }));
    fillPane(await response.text());
    // Opened with Enter: the keyboard goes on in the pane.
    if (focusPane) pane.querySelector("h1")?.focus();
  } catch (error) {
    paneState("error", tr("js.transactions.paneFailed", { reason: error.message }), link.href);
  }
}

/// Saves the pane's form in place: the list and its scroll stay; the pane says what happened.
async function saveFromPane(form, submitter) {
  const body = new URLSearchParams(new FormData(form, submitter));
  body.set("pane", "1");
  const button = submitter ?? form.querySelector("button[type=submit]");
  if (button) button.disabled = true;
  try {
    const response = await send(form.action, { method: "POST", body, headers: { Accept: "text/html" } });
    const url = new URL(response.url);
    // Signed out meanwhile, or sent elsewhere: the browser goes there.
    if (response.status === 401 || (response.redirected && url.searchParams.get("pane") !== "1")) {
      location.href = response.url;
      return;
    }
    if (!response.ok && response.status !== 400) {
      throw new Error(tr("js.transactions.serverAnswered", { status: response.status }));
    }
    fillPane(await response.text());
    (pane.querySelector(".notice, .error-summary, .field.invalid input") ?? pane.querySelector("h1"))?.focus();
    if (response.ok) refreshTotals();
  } catch (error) {
    if (button) button.disabled = false;
    const problem = document.createElement("p");
    problem.className = "field-error pane-save-error";
    problem.setAttribute("role", "alert");
    problem.textContent = tr("js.transactions.saveFailed", {
      reason: navigator.onLine ? error.message : tr("js.transactions.youAreOffline"),
    });
    form.querySelector(".pane-save-error")?.remove();
    form.append(problem);
  }
}

/// The totals bar drawn again for the same filter, after a save in the pane changed an amount,
/// a status or a category under it.
async function refreshTotals() {
  try {
    const response = await send(location.href, { headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("totals");
    const old = document.getElementById("totals");
    if (fresh && old) old.replaceWith(document.importNode(fresh, true));
  } catch {
    // Offline or timed out: the totals stay as they were until the list is loaded again.
  }
}

/// Esc closes the pane; the row it showed keeps the keyboard.
function closePane() {
  const row = list.querySelector(".txn-row[aria-current]");
  row?.removeAttribute("aria-current");
  pane.innerHTML = paneEmpty;
  row?.querySelector(".txn-link")?.focus();
}

if (pane && list) {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !wide.matches || !list.querySelector(".txn-row[aria-current]")) return;
    // An open list or a field being typed in takes its own Esc first (a select closes, a search clears).
    if (event.target.matches?.("select, input[type=search]")) return;
    event.preventDefault();
    closePane();
  });
  list.addEventListener("click", (event) => {
    const link = event.target.closest(".txn-link");
    if (!link || selecting || !wide.matches || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openInPane(link, event.detail === 0);
  });
  pane.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.classList.contains("edit-form") || !wide.matches) return;
    event.preventDefault();
    saveFromPane(form, event.submitter);
  });
}

// Choosing several to delete: Select shows a tick box on each row (a click on a row then ticks
// it), and "Delete…" asks to confirm on the server's page, which deletes them with one undo.
const selectionBar = document.querySelector("#selection-bar");
let selecting = false;
const chosen = new Set();

function addTickBox(row) {
  if (!row.dataset.id || row.querySelector(".txn-select")) return;
  const label = document.createElement("label");
  label.className = "txn-select select-box";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.value = row.dataset.id;
  box.checked = chosen.has(row.dataset.id);
  const name = document.createElement("span");
  name.className = "visually-hidden";
  name.textContent = tr("js.transactions.selectRow", { name: row.querySelector(".payee")?.textContent ?? "" });
  label.append(box, name);
  row.prepend(label);
  row.classList.toggle("selected", box.checked);
}

function showSelection() {
  const toggle = selectionBar.querySelector("#select-toggle");
  const remove = selectionBar.querySelector("#delete-selected");
  toggle.textContent = selecting ? tr("js.transactions.cancel") : tr("js.transactions.select");
  toggle.setAttribute("aria-pressed", String(selecting));
  selectionBar.querySelector("#selection-count").textContent =
    !selecting
      ? ""
      : chosen.size === 0
        ? tr("js.transactions.tickToDelete")
        : trCount("js.transactions.selected", chosen.size);
  remove.hidden = !selecting || chosen.size === 0;
  const query = new URLSearchParams({ ids: [...chosen].join(","), back: selectionBar.dataset.back });
  remove.href = selectionBar.dataset.confirm + "?" + query;
}

if (selectionBar && list) {
  selectionBar.hidden = false;
  selectionBar.querySelector("#select-toggle").addEventListener("click", () => {
    selecting = !selecting;
    list.classList.toggle("selecting", selecting);
    if (selecting) {
      list.querySelectorAll(".txn-row").forEach(addTickBox);
    } else {
      chosen.clear();
      for (const box of list.querySelectorAll(".txn-select")) box.remove();
      for (const row of list.querySelectorAll(".txn-row.selected")) row.classList.remove("selected");
    }
    showSelection();
  });
  list.addEventListener("change", (event) => {
    const box = event.target.closest(".txn-select input");
    if (!box) return;
    if (box.checked) chosen.add(box.value);
    else chosen.delete(box.value);
    box.closest(".txn-row").classList.toggle("selected", box.checked);
    showSelection();
  });
  // While selecting, a click anywhere on a row ticks it.
  list.addEventListener("click", (event) => {
    const link = event.target.closest(".txn-link");
    if (!selecting || !link) return;
    event.preventDefault();
    const box = link.closest(".txn-row").querySelector(".txn-select input");
    box.checked = !box.checked;
    box.dispatchEvent(new Event("change", { bubbles: true }));
  });
  showSelection();
}

// Keyboard: ↓/j and ↑/k move between rows (Enter opens one); typing in a field is left alone.
if (list) {
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest("input, textarea, select, [contenteditable]")) return;
    const onRow = event.target.closest?.(".txn-link");
    const down = event.key === "j" || (onRow && event.key === "ArrowDown");
    const up = event.key === "k" || (onRow && event.key === "ArrowUp");
    if (!down && !up) return;
    const links = [...list.querySelectorAll(".txn-link")];
    if (!links.length) return;
    const at = links.indexOf(onRow ?? list.querySelector(".txn-row[aria-current] .txn-link"));
    const next = at < 0 ? 0 : Math.min(Math.max(at + (down ? 1 : -1), 0), links.length - 1);
    links[next].focus();
    links[next].scrollIntoView({ block: "nearest" });
    event.preventDefault();
  });
}
