// Categories list: search and sort refresh the list in place (the form still submits without
// this script), and the selection drives "Delete selected".
import { send } from "/assets/fetching.js";
import { tr, trCount } from "/assets/words.js";
import { enableTouch } from "/assets/categories-touch.js";
const filters = document.querySelector(".category-filters");
const region = document.getElementById("category-list");

function setUpSelection() {
  const form = document.getElementById("bulk-form");
  if (!form) return;
  const boxes = () => [...form.querySelectorAll("input.select")];
  const all = document.getElementById("select-all");
  const button = document.getElementById("bulk-delete");
  const count = document.getElementById("selection-count");
  const total = boxes().length;
  all.hidden = false;
  const update = () => {
    const chosen = boxes().filter((box) => box.checked).length;
    button.disabled = chosen === 0;
    button.textContent =
      chosen > 0 ? trCount("js.categories.deleteSomeSelected", chosen) : tr("js.categories.deleteSelected");
    count.textContent =
      chosen > 0 ? trCount("js.categories.selectedOf", chosen, { total }) : trCount("js.categories.count", total);
    all.checked = chosen === total;
    all.indeterminate = chosen > 0 && chosen < total;
    for (const box of boxes()) box.closest(".category-row").classList.toggle("selected", box.checked);
  };
  all.setAttribute("aria-labelledby", "select-all-label");
  all.addEventListener("change", () => {
    for (const box of boxes()) box.checked = all.checked;
    update();
  });
  form.addEventListener("change", (event) => {
    if (event.target.matches("input.select")) update();
  });
  update();
}

let pending;
/// The list again for the filters (or the page's address, without them), swapped in place; throws
/// when it cannot be had, and the list stays as it was.
async function load() {
  const params = filters ? new URLSearchParams(new FormData(filters)) : new URLSearchParams(location.search);
  for (const [key, value] of [...params]) if (!value || (key === "sort" && value === "name")) params.delete(key);
  params.delete("fragment");
  const query = params.toString();
  const list = filters?.getAttribute("action") ?? location.pathname;
  history.replaceState(null, "", list + (query ? "?" + query : ""));
  pending?.abort();
  pending = new AbortController();
  region.setAttribute("aria-busy", "true");
  try {
    const response = await send(list + "?fragment=1" + (query ? "&" + query : ""), {
      signal: pending.signal,
      headers: { Accept: "text/html" },
    });
    if (!response.ok) throw new Error(tr("js.fetching.serverAnswered", { status: response.status }));
    region.innerHTML = await response.text();
    setUpSelection();
  } finally {
    region.removeAttribute("aria-busy");
  }
}

async function refresh() {
  try {
    await load();
  } catch (error) {
    if (error.name === "AbortError") return;
    // The list stays as it was; submitting the form reloads the page the plain way.
    filters.submit();
  }
}

// On a touch screen: swipe a row left for its Delete, pull the list down to refresh it.
if (region) enableTouch(region, load);

if (filters) {
  for (const button of filters.querySelectorAll("[data-without-script]")) button.hidden = true;
  let timer;
  const later = (event) => {
    clearTimeout(timer);
    timer = setTimeout(refresh, event.target.type === "search" ? 200 : 0);
  };
  filters.addEventListener("input", later);
  // A select may report only "change"; a second refresh for the same query is harmless.
  filters.addEventListener("change", later);
  filters.addEventListener("submit", (event) => {
    event.preventDefault();
    refresh();
  });
}
setUpSelection();
