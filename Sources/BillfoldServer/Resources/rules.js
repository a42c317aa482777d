// The rules list: drag a rule to a new place and the order is saved. Without the script the
// Move up and Move down buttons do the same (and stay, for the keyboard).

import { send } from "/assets/fetching.js";

const list = document.getElementById("rules");

function ids() {
  return [...list.querySelectorAll("li.rule")].map((item) => item.dataset.id);
}

if (list) {
  let dragged = null;
  let before = null;
  list.addEventListener("dragstart", (event) => {
    dragged = event.target.closest("li.rule");
    if (!dragged) return;
    before = ids().join(",");
    dragged.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged.dataset.id);
  });
  list.addEventListener("dragover", (event) => {
    const over = event.target.closest("li.rule");
    if (!dragged || !over || over === dragged) return;
    event.preventDefault();
    const box = over.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    list.insertBefore(dragged, after ? over.nextSibling : over);
  });
  list.addEventListener("drop", (event) => event.preventDefault());
  list.addEventListener("dragend", async () => {
    if (!dragged) return;
    dragged.classList.remove("dragging");
    dragged = null;
    const order = ids().join(",");
    if (order === before) return;
    const body = new URLSearchParams({ ids: order });
    // The page comes back with the order saved, its numbers and buttons redrawn.
    const answer = await send(list.dataset.order, { method: "POST", body, headers: { Accept: "text/html" } });
    window.location.assign(answer.url || window.location.href);
  });
}
