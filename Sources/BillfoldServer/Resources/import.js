// The import page: the chosen file goes to POST /api/v1/imports with dryRun=true, and again on
// every change of the account or the mapping, so the preview is always what will be booked.
// Import sends it once more without dryRun, then links to exactly the imported transactions.
import { send } from "/assets/fetching.js";

const root = document.getElementById("import");
const form = document.getElementById("import-form");
const fileInput = document.getElementById("file");
const dropZone = document.getElementById("drop-zone");
const fileName = document.getElementById("file-name");
const mapping = document.getElementById("mapping");
const result = document.getElementById("result");
const language = document.documentElement.lang || "en";
let file = null;
let timer = null;
let generation = 0;
// After the delimiter, encoding or lines to skip change, the columns are the server's to guess again.
let shapeChanged = false;
const shapeFields = new Set(["delimiter", "encoding", "skipLines", "format"]);

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "className") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function money(amount, currency) {
  try {
    return new Intl.NumberFormat(language, { style: "currency", currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

function query(dryRun) {
  const params = new URLSearchParams();
  params.set("fileName", file.name);
  for (const name of ["account", "currency"]) {
    const value = form.elements[name].value.trim();
    if (value) params.set(name, value);
  }
  if (form.elements.format.value !== "auto") params.set("format", form.elements.format.value);
  if (!mapping.hidden) {
    for (const control of mapping.querySelectorAll("select, input")) {
      const guessed = control.classList.contains("column-choice") || control.type === "checkbox";
      if (guessed && shapeChanged) continue;
      if (control.type === "checkbox") {
        params.set(control.name, control.checked ? "true" : "false");
      } else if (control.classList.contains("column-choice")) {
        // "—" says the file has no such column, so nothing is guessed for it.
        params.set(control.name, control.value === "" ? "none" : control.value);
      } else if (control.value !== "") {
        params.set(control.name, control.value);
      }
    }
  }
  const leaveOut = document.getElementById("skip-unreadable");
  if (leaveOut?.checked) params.set("skipUnreadable", "true");
  if (dryRun) params.set("dryRun", "true");
  return params;
}

async function post(dryRun) {
  const response = await send(`${root.dataset.api}?${query(dryRun)}`, {
    method: "POST",
    body: file,
    headers: { "Content-Type": "application/octet-stream" },
    timeout: 300000,
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.error?.message ?? `The server answered ${response.status}.`);
  return body;
}

function showError(message) {
  result.replaceChildren(element("p", { className: "form-error", role: "alert" }, message));
}

// The column choices: "not in the file", then the header's names (or numbers without a header).
// The options are built once per header; a later preview of the same file only moves the choices,
// so a list someone has open is never swapped under them.
let shownHeader = null;
function fillColumns(header, values) {
  const names = header.length ? header : Array.from({ length: 20 }, (_, index) => `Column ${index + 1}`);
  const key = JSON.stringify(names);
  for (const select of mapping.querySelectorAll(".column-choice")) {
    const chosen = values[select.name] === "none" ? "" : values[select.name] ?? "";
    if (key !== shownHeader) {
      const options = [element("option", { value: "" }, "—")];
      names.forEach((name, index) => {
        const unique = header.length && names.indexOf(name) === names.lastIndexOf(name);
        const value = unique ? name : String(index + 1);
        options.push(element("option", { value, "data-number": String(index + 1) }, header.length ? name : `Column ${index + 1}`));
      });
      select.replaceChildren(...options);
    }
    for (const option of select.options) {
      option.selected = option.value === chosen || (chosen !== "" && option.dataset.number === chosen) ||
        (chosen === "" && option.value === "");
    }
  }
  shownHeader = key;
  for (const name of ["dateFormat", "decimal", "delimiter", "encoding", "skipLines"]) {
    if (values[name] !== undefined) form.elements[name].value = values[name];
  }
  form.elements.invertAmounts.checked = values.invertAmounts === "true";
}

function render(body) {
  // The person's choice to leave out unreadable rows outlives the redraw (while there are any).
  const keep = document.getElementById("skip-unreadable")?.checked === true;
  if (body.mapping) {
    mapping.hidden = false;
    fillColumns(body.header ?? [], body.mapping);
  } else {
    mapping.hidden = true;
  }
  const parts = [element("h2", {}, "What will be imported")];
  parts.push(element("p", { className: "import-summary" }, `${body.format.toUpperCase()}: ${body.summary}`));
  const accounts = element("ul", { className: "import-accounts" });
  for (const account of body.accounts) {
    const note = account.isNew ? ` (new account, ${account.currency})` : "";
    accounts.append(element("li", {}, element("strong", {}, account.name), `${note}: ${account.new} new, ${account.already} already imported`));
  }
  parts.push(accounts);
  if (body.unreadable.length) {
    const list = element("ul", { className: "unreadable" });
    for (const row of body.unreadable.slice(0, 50)) list.append(element("li", {}, `${row.place}: ${row.reason}`));
    parts.push(element("h3", {}, "Rows that cannot be read"), list);
    const box = element("input", { type: "checkbox", id: "skip-unreadable" });
    box.checked = keep;
    box.addEventListener("change", schedule);
    parts.push(element("label", { className: "check" }, box,
      element("span", {}, `Leave out the ${body.unreadable.length} unreadable rows`)));
  }
  if (body.preview.length) {
    const table = element("table", { className: "preview-table" });
    table.append(element("caption", {}, "The first rows as they will be booked"));
    table.append(element("thead", {}, element("tr", {},
      element("th", { scope: "col" }, "Date"), element("th", { scope: "col" }, "Payee"),
      element("th", { scope: "col", className: "amount" }, "Amount"), element("th", { scope: "col" }, "Account"),
      element("th", { scope: "col" }, ""))));
    const rows = element("tbody");
    for (const row of body.preview) {
      const amount = element("td", { className: row.amount.startsWith("-") ? "amount expense" : "amount income" }, money(row.amount, row.currency));
      rows.append(element("tr", row.alreadyImported ? { className: "already" } : {},
        element("td", {}, row.day), element("td", {}, row.payee || row.notes), amount, element("td", {}, row.account),
        element("td", { className: "secondary" }, row.alreadyImported ? "already imported" : "new")));
    }
    table.append(rows);
    parts.push(element("div", { className: "table-scroll" }, table));
  }
  const blocked = body.unreadable.length > 0 && !keep;
  const button = element("button", { type: "button", className: "button primary", id: "commit" },
    body.added === 1 ? "Import 1 transaction" : `Import ${body.added} transactions`);
  if (body.added === 0 || blocked) button.disabled = true;
  button.addEventListener("click", commit);
  parts.push(element("div", { className: "form-actions" }, button));
  result.replaceChildren(...parts);
}

async function preview() {
  if (!file) return;
  const mine = ++generation;
  result.setAttribute("aria-busy", "true");
  try {
    const body = await post(true);
    if (mine === generation) {
      shapeChanged = false;
      render(body);
    }
  } catch (error) {
    if (mine === generation) showError(error.message);
  } finally {
    result.removeAttribute("aria-busy");
  }
}

function schedule() {
  // A preview still on its way was asked with the old choices: it must not overwrite the new ones.
  generation += 1;
  clearTimeout(timer);
  timer = setTimeout(preview, 350);
}

async function commit() {
  const button = document.getElementById("commit");
  button.disabled = true;
  const count = button.textContent.replace("Import ", "");
  const progress = element("progress", { "aria-label": "Importing" });
  result.append(element("p", { className: "importing", role: "status" }, progress, ` Importing ${count}…`));
  try {
    const body = await post(false);
    const link = element("a", { className: "button primary", href: `${root.dataset.transactions}?import=${body.id}` },
      "See the imported transactions");
    const others = body.skipped ? `; ${body.skipped} were already there` : "";
    result.replaceChildren(
      element("h2", {}, "Imported"),
      element("p", { className: "import-done", role: "status" },
        `${body.added === 1 ? "1 transaction" : `${body.added} transactions`} imported into ${body.accounts.map((a) => a.name).join(", ")}${others}.`),
      element("div", { className: "form-actions" }, link,
        element("a", { className: "button", href: root.dataset.imports }, "All imports")));
    file = null;
  } catch (error) {
    showError(error.message);
  }
}

function choose(chosen) {
  if (!chosen) return;
  file = chosen;
  fileName.textContent = `${chosen.name} · ${(chosen.size / 1024).toFixed(chosen.size < 10240 ? 1 : 0)} KB`;
  mapping.hidden = true;
  shownHeader = null;
  shapeChanged = false;
  for (const control of mapping.querySelectorAll("select, input")) {
    if (control.type === "checkbox") control.checked = false;
    else if (!control.classList.contains("column-choice")) control.value = "";
    else control.replaceChildren();
  }
  preview();
}

fileInput.addEventListener("change", () => choose(fileInput.files[0]));
for (const event of ["dragenter", "dragover"]) {
  dropZone.addEventListener(event, (e) => { e.preventDefault(); dropZone.classList.add("dragging"); });
}
for (const event of ["dragleave", "drop"]) {
  dropZone.addEventListener(event, () => dropZone.classList.remove("dragging"));
}
dropZone.addEventListener("drop", (e) => {
  e.preventDefault();
  choose(e.dataTransfer.files[0]);
});
function changed(e) {
  if (e.target === fileInput) return;
  if (shapeFields.has(e.target.name)) shapeChanged = true;
  schedule();
}
form.addEventListener("input", changed);
form.addEventListener("change", changed);
form.addEventListener("submit", (e) => e.preventDefault());
