// The transactions list: infinite scroll over the server's "Load more" link, with loading,
// error-with-retry and offline states that never leave a spinner forever. Without this script
// the link still works as a plain page link.
import { send } from "/assets/fetching.js";
const more = document.querySelector("#more");
const list = document.querySelector("#transaction-list");
const state = document.querySelector("#more-state");
let link = more ? more.querySelector("[data-more]") : null;
let busy = false;

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
    retry.textContent = "Retry";
    retry.addEventListener("click", loadMore);
    state.append(retry);
  }
}

async function loadMore() {
  if (!link || busy) return;
  if (!navigator.onLine) {
    show("offline", "You are offline. More transactions load when the connection returns.", false);
    return;
  }
  busy = true;
  link.hidden = true;
  show("loading", "Loading more transactions…", false);
  try {
    const response = await send(link.dataset.more);
    if (response.status === 401) {
      // The session ended; signing in again brings the user back to this list.
      location.href = more.dataset.signin + "?next=" + encodeURIComponent(location.pathname + location.search);
      return;
    }
    if (!response.ok) throw new Error("The server answered " + response.status + ".");
    const page = await response.json();
    list.insertAdjacentHTML("beforeend", page.html);
    if (page.next) {
      link.href = page.next;
      link.dataset.more = page.nextRows;
      link.hidden = false;
      state.hidden = true;
    } else {
      link.remove();
      link = null;
      show("done", "That’s everything for this filter.", false);
    }
  } catch (error) {
    // The state below offers the way forward (Retry, or waiting for the connection).
    if (!navigator.onLine) {
      show("offline", "You are offline. More transactions load when the connection returns.", false);
    } else {
      show("error", "Could not load more transactions. " + error.message, true);
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
    if (!busy) show("offline", "You are offline. More transactions load when the connection returns.", false);
  });
}

// Wide screens: a chosen transaction opens in the pane beside the list instead of a new page.
// Modified clicks, narrow screens and any failure fall back to the full detail page.
const pane = document.querySelector("#detail-pane");
const wide = window.matchMedia("(min-width: 1400px)");

function paneState(kind, message, href) {
  const box = document.createElement("div");
  fillState(box, "card pane-state", kind, message);
  if (href) {
    const open = document.createElement("a");
    open.href = href;
    open.textContent = "Open the full page";
    box.append(" ", open);
  }
  pane.replaceChildren(box);
}

async function openInPane(link) {
  for (const row of list.querySelectorAll(".txn-row[aria-current]")) row.removeAttribute("aria-current");
  link.closest(".txn-row").setAttribute("aria-current", "true");
  if (!navigator.onLine) {
    paneState("offline", "You are offline; the details load when the connection returns.", link.href);
    return;
  }
  paneState("loading", "Loading…");
  const url = new URL(link.href);
  url.searchParams.set("pane", "1");
  try {
    const response = await send(url, { headers: { Accept: "text/html" } });
    if (response.status === 401 || response.redirected) {
      location.href = link.href;
      return;
    }
    if (!response.ok) throw new Error("The server answered " + response.status + ".");
    pane.innerHTML = await response.text();
    pane.scrollTop = 0;
    // Saving from the pane leads back to this list with its filters.
    const back = pane.querySelector("input[name=back]");
    if (back) back.value = location.pathname + location.search;
  } catch (error) {
    paneState("error", "Could not load this transaction. " + error.message, link.href);
  }
}

if (pane && list) {
  list.addEventListener("click", (event) => {
    const link = event.target.closest(".txn-link");
    if (!link || !wide.matches || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openInPane(link);
  });
}
