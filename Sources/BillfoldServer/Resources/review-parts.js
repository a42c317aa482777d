// Parts of the review deck that know nothing of its state: dragging a card, and the category
// picker (groups as headings that cannot be chosen, type to filter, Enter picks, Escape cancels).
import { tr } from "/assets/words.js";

// ---- Dragging: the card follows the pointer, tilts and glows toward its side ----

export function enableDrag(card, deck) {
  let start = null;
  const threshold = () => Math.min(140, card.offsetWidth * 0.3);
  const move = (dx, dy) => {
    card.style.transform = `translate(${dx}px, ${dy * 0.15}px) rotate(${dx / 18}deg)`;
    const strength = Math.min(1, Math.abs(dx) / threshold());
    card.style.setProperty("--left", dx < 0 ? strength : 0);
    card.style.setProperty("--right", dx > 0 ? strength : 0);
  };
  card.addEventListener("pointerdown", (event) => {
    if (deck.busy() || event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY };
    card.setPointerCapture(event.pointerId);
    card.classList.add("dragging");
  });
  card.addEventListener("pointermove", (event) => {
    if (!start) return;
    move(event.clientX - start.x, event.clientY - start.y);
  });
  const release = (event) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    start = null;
    card.classList.remove("dragging");
    if (Math.abs(dx) >= threshold()) {
      card.style.transform = "";
      if (dx > 0) deck.right();
      else deck.left();
    } else {
      // Below the threshold the card snaps back.
      card.style.transform = "";
      card.style.setProperty("--left", 0);
      card.style.setProperty("--right", 0);
    }
  };
  card.addEventListener("pointerup", release);
  card.addEventListener("pointercancel", release);
}

// ---- The category picker ----

export function pick(card, { categories, lang, el, chipFor }) {
  const dialog = document.getElementById("picker");
  const filter = document.getElementById("picker-filter");
  const list = document.getElementById("picker-list");
  const current = document.getElementById("picker-current");
  current.replaceChildren(el("span", "secondary", tr("js.review.pickerNow") + " "), chipFor(card.categoryId));
  // What is being categorised: the payee, the amount and the day, as on the card.
  const subject = document.getElementById("picker-subject");
  subject.replaceChildren(el("strong", "", card.payee), ` · ${card.amount} · ${card.date}`);
  filter.value = "";
  let options = [];
  let active = 0;

  const draw = () => {
    const needle = filter.value.trim().toLocaleLowerCase(lang);
    const matches = (c) => !needle || c.name.toLocaleLowerCase(lang).includes(needle);
    list.replaceChildren();
    options = [];
    const option = (id, text, indented) => {
      const item = el("li", indented ? "picker-option child" : "picker-option", text);
      item.id = `pick-${id ?? "none"}`;
      item.setAttribute("role", "option");
      item.dataset.id = id ?? "";
      if ((id ?? null) === (card.categoryId ?? null)) item.append(el("span", "picker-now", " " + tr("js.review.pickerNowMark")));
      item.addEventListener("click", () => finish({ categoryId: id }));
      options.push(item);
      return item;
    };
    const uncategorized = tr("js.review.uncategorized");
    if (matches({ name: uncategorized })) list.append(option(null, uncategorized, false));
    const offered = (c) => !c.archived || c.id === card.categoryId;
    for (const top of categories.filter((c) => !c.groupId && offered(c))) {
      if (top.isGroup) {
        const children = categories.filter((c) => c.groupId === top.id && offered(c));
        const shown = matches(top) ? children : children.filter(matches);
        if (!shown.length) continue;
        const header = el("li", "picker-group", top.name);
        header.setAttribute("role", "presentation");
        list.append(header);
        for (const child of shown) list.append(option(child.id, child.name, true));
      } else if (matches(top)) {
        list.append(option(top.id, top.name, false));
      }
    }
    if (!options.length) list.append(el("li", "picker-empty secondary", tr("js.review.noCategoryMatches")));
    active = Math.min(active, Math.max(0, options.length - 1));
    highlight();
  };
  const highlight = () => {
    options.forEach((item, index) => item.setAttribute("aria-selected", String(index === active)));
    if (options[active]) {
      filter.setAttribute("aria-activedescendant", options[active].id);
      options[active].scrollIntoView({ block: "nearest" });
    } else {
      filter.removeAttribute("aria-activedescendant");
    }
  };

  let finish;
  const answer = new Promise((resolve) => {
    finish = (choice) => {
      dialog.removeEventListener("cancel", onCancel);
      filter.removeEventListener("input", onInput);
      filter.removeEventListener("keydown", onKey);
      cancelButton.removeEventListener("click", onCancel);
      if (dialog.open) dialog.close();
      resolve(choice);
    };
  });
  const onCancel = (event) => {
    event.preventDefault();
    finish({ cancel: true });
  };
  const onInput = () => {
    active = 0;
    draw();
  };
  const onKey = (event) => {
    if (event.key === "ArrowDown") active = Math.min(active + 1, options.length - 1);
    else if (event.key === "ArrowUp") active = Math.max(active - 1, 0);
    else if (event.key === "Enter") {
      event.preventDefault();
      if (options[active]) finish({ categoryId: options[active].dataset.id ? Number(options[active].dataset.id) : null });
      return;
    } else return;
    event.preventDefault();
    highlight();
  };
  const cancelButton = document.getElementById("picker-cancel");
  dialog.addEventListener("cancel", onCancel);
  filter.addEventListener("input", onInput);
  filter.addEventListener("keydown", onKey);
  cancelButton.addEventListener("click", onCancel);
  draw();
  // Start on the current category: Enter right away then only clears, never moves by accident.
  const now = options.findIndex((item) => item.dataset.id === String(card.categoryId ?? ""));
  if (now >= 0) {
    active = now;
    highlight();
  }
  dialog.showModal();
  filter.focus();
  return answer;
}

