// The categories list on a touch screen: swipe a row left to reveal its Delete (the row's own
// Delete link, to the same confirmation page), and pull the list down from the top to refresh it.
// A keyboard and a mouse keep the buttons: nothing here runs without a coarse pointer.
import { tr } from "/assets/words.js";

const OPEN = 96; // px a row moves to show its Delete (the link's width)
const DECIDE = 10; // px before a touch is taken for a swipe or for a scroll
const PULL = 72; // px of pull that refreshes

/// Sets both up on `region` (the list, swapped by `reload` without losing the gestures).
export function enableTouch(region, reload) {
  if (!matchMedia("(pointer: coarse)").matches) return;
  document.documentElement.classList.add("touch-list");
  swipeRows(region);
  pullToRefresh(region, reload);
}

function swipeRows(region) {
  let row = null, open = null, startX = 0, startY = 0, base = 0, x = 0, mode = null;
  const slide = (li, to) => {
    li.style.transform = to ? `translateX(${to}px)` : "";
    li.classList.toggle("swiped", to <= -OPEN);
  };
  const close = () => {
    if (open) slide(open, 0);
    open = null;
  };
  region.addEventListener("touchstart", (event) => {
    row = event.touches.length === 1 ? event.target.closest(".category-row") : null;
    if (event.target.closest(".swipe-delete")) row = null; // a tap on Delete is a tap
    if (open && row !== open && !event.target.closest(".swipe-delete")) {
      // The touch that closes an open row does only that: it opens no category.
      close();
      closedAt = Date.now();
    }
    if (!row) return;
    startX = event.touches[0].clientX;
    startY = event.touches[0].clientY;
    base = x = row === open ? -OPEN : 0;
    mode = null;
  }, { passive: true });
  region.addEventListener("touchmove", (event) => {
    if (!row) return;
    const dx = event.touches[0].clientX - startX, dy = event.touches[0].clientY - startY;
    if (!mode && Math.abs(dx) + Math.abs(dy) > DECIDE) {
      mode = Math.abs(dx) > Math.abs(dy) ? "swipe" : "scroll";
      if (mode === "swipe") row.classList.add("dragging");
    }
    if (mode !== "swipe") return;
    x = Math.max(-OPEN * 1.4, Math.min(0, base + dx));
    slide(row, x);
  }, { passive: true });
  const end = (cancelled) => {
    if (!row || mode !== "swipe") return;
    row.classList.remove("dragging");
    if (!cancelled && x < -OPEN / 2) {
      slide(row, -OPEN);
      open = row;
    } else {
      slide(row, 0);
      if (open === row) open = null;
    }
    closedAt = Date.now();
    row = null;
  };
  region.addEventListener("touchend", () => end(false));
  // The system took the touch over (a call, an edge gesture): the row goes back.
  region.addEventListener("touchcancel", () => end(true));
  // A swipe, or a touch that closed a row, is not a tap on the name under the finger: a click
  // right after one goes nowhere.
  let closedAt = 0;
  region.addEventListener("click", (event) => {
    if (Date.now() - closedAt < 400 && !event.target.closest(".swipe-delete")) event.preventDefault();
  }, { capture: true });
  // A keyboard on a touch screen: Tab onto a row's Delete shows it.
  region.addEventListener("focusin", (event) => {
    const link = event.target.closest(".swipe-delete");
    if (!link) return close();
    const li = link.closest(".category-row");
    if (open !== li) close();
    slide(li, -OPEN);
    open = li;
  });
  // The row's own Delete link becomes the one revealed behind it.
  const mark = () => {
    for (const link of region.querySelectorAll(".category-row .row-actions .danger")) link.classList.add("swipe-delete");
  };
  mark();
  new MutationObserver(mark).observe(region, { childList: true });
}

function pullToRefresh(region, reload) {
  const indicator = document.createElement("div");
  indicator.className = "pull-indicator";
  indicator.setAttribute("role", "status");
  region.before(indicator);
  let start = null, startX = 0, pulled = 0, busy = false;
  const show = (text, height) => {
    indicator.textContent = text;
    indicator.style.height = height ? `${height}px` : "";
    indicator.classList.toggle("shown", Boolean(height));
  };
  document.addEventListener("touchstart", (event) => {
    const onList = event.touches.length === 1 && scrollY <= 0 && !busy
      && !event.target.closest("input, select, textarea, .swipe-delete");
    start = onList ? event.touches[0].clientY : null;
    startX = event.touches[0].clientX;
    pulled = 0;
  }, { passive: true });
  document.addEventListener("touchmove", (event) => {
    if (start === null) return;
    const down = event.touches[0].clientY - start, across = Math.abs(event.touches[0].clientX - startX);
    // A row swiped sideways is not a pull, however it drifts.
    if (across > down && across > DECIDE) {
      start = null;
      return show("", 0);
    }
    pulled = scrollY > 0 ? 0 : Math.max(0, down);
    if (pulled > DECIDE) {
      show(tr(pulled >= PULL ? "js.categories.releaseToRefresh" : "js.categories.pullToRefresh"),
        Math.min(pulled, PULL * 1.5) * 0.6);
    }
  }, { passive: true });
  document.addEventListener("touchcancel", () => {
    if (start !== null && !busy) show("", 0);
    start = null;
  });
  document.addEventListener("touchend", async () => {
    if (start === null) return;
    const refresh = pulled >= PULL;
    start = null;
    if (!refresh) return show("", 0);
    busy = true;
    show(tr("js.categories.refreshing"), 40);
    try {
      await reload();
      show(tr("js.categories.refreshed"), 40);
    } catch (error) {
      show(tr("js.categories.refreshFailed", { reason: error.message }), 40);
    } finally {
      busy = false;
      setTimeout(() => { if (!busy) show("", 0); }, 1500);
    }
  });
}
