// The import page: the chosen file goes to POST /api/v1/imports with dryRun=true, and again on
// every change of the account or the mapping, so the preview is always what will be booked.
// Import sends it once more without dryRun, then links to exactly the imported transactions.
import { send } from "/assets/fetching.js";
import { tr, trCount } from "/assets/words.js";

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

// A catalogue text with one element in it: `{name}` in the text becomes `node`, wherever the
// language puts it; the rest stays text.
function withElement(text, name, node) {
  const at = text.indexOf(`{${name}}`);
  if (at < 0) return [text];
  return [text.slice(0, at), node, text.slice(at + name.length + 2)].filter((part) => part !== "");
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
  if (!response.ok) {
    throw new Error(body?.error?.message ?? tr("js.fetching.serverAnswered", { status: response.status }));
  }
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
  const numbered = (index) => tr("js.import.column", { number: index + 1 });
  const names = header.length ? header : Array.from({ length: 20 }, (_, index) => numbered(index));
  const key = JSON.stringify(names);
  for (const select of mapping.querySelectorAll(".column-choice")) {
    const chosen = values[select.name] === "none" ? "" : values[select.name] ?? "";
    if (key !== shownHeader) {
      const options = [element("option", { value: "" }, "—")];
      names.forEach((name, index) => {
        // A column without a name (Volksbank's S/H beside "Umsatz") goes by its number.
        const named = header.length && name.trim() !== "";
        const unique = named && names.indexOf(name) === names.lastIndexOf(name);
        const value = unique ? name : String(index + 1);
        options.push(element("option", { value, "data-number": String(index + 1) }, named ? name : numbered(index)));
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
  // A file that names no account previews into one named from the file: the field says which, and
  // the import goes there unless the person changes it.
  const accountField = form.elements.account;
  if (body.suggestedAccount && !accountField.value.trim()) accountField.value = body.suggestedAccount;
  // The person's choice to leave out unreadable rows outlives the redraw (while there are any).
  const keep = document.getElementById("skip-unreadable")?.checked === true;
  if (body.mapping) {
    mapping.hidden = false;
    fillColumns(body.header ?? [], body.mapping);
  } else {
    mapping.hidden = true;
  }
  const parts = [element("h2", {}, tr("js.import.whatWillBeImported"))];
  parts.push(element("p", { className: "import-summary" },
    tr("js.import.summary", { format: body.format.toUpperCase(), summary: body.summary })));
  const accounts = element("ul", { className: "import-accounts" });
  for (const account of body.accounts) {
    const line = account.isNew
      ? tr("js.import.newAccountLine", { currency: account.currency, new: account.new, already: account.already })
      : tr("js.import.accountLine", { new: account.new, already: account.already });
    const item = element("li", {}, ...withElement(line, "name", element("strong", {}, account.name)));
    if (account.new > 0 && account.total) {
      item.append(" ", element("span", { className: "import-total" },
        tr("js.import.accountTotal", { amount: money(account.total, account.currency) })));
    }
    accounts.append(item);
  }
  parts.push(accounts);
  // A new account takes the file's currency (its amounts' signs or its header): the form says so.
  const fresh = body.accounts.filter((account) => account.isNew);
  const currency = form.elements.currency;
  if (fresh.length === 1 && !currency.dataset.typed) currency.value = fresh[0].currency;
  if (body.unreadable.length) {
    const list = element("ul", { className: "unreadable" });
    for (const row of body.unreadable.slice(0, 50)) {
      list.append(element("li", {}, tr("js.import.unreadableRow", { place: row.place, reason: row.reason })));
    }
    parts.push(element("h3", {}, tr("js.import.unreadableHeading")), list);
    const box = element("input", { type: "checkbox", id: "skip-unreadable" });
    box.checked = keep;
    box.addEventListener("change", schedule);
    parts.push(element("label", { className: "check" }, box,
      element("span", {}, trCount("js.import.leaveOutUnreadable", body.unreadable.length))));
  }
  if (body.preview.length) {
    const table = element("table", { className: "preview-table" });
    table.append(element("caption", {}, tr("js.import.previewCaption")));
    table.append(element("thead", {}, element("tr", {},
      element("th", { scope: "col" }, tr("js.import.date")), element("th", { scope: "col" }, tr("js.import.payee")),
      element("th", { scope: "col", className: "amount" }, tr("js.import.amount")),
      element("th", { scope: "col" }, tr("js.import.notes")),
      element("th", { scope: "col" }, tr("js.import.category")),
      element("th", { scope: "col" }, tr("js.import.account")),
      element("th", { scope: "col" }, ""))));
    const rows = element("tbody");
    for (const row of body.preview) {
      const amount = element("td", { className: row.amount.startsWith("-") ? "amount expense" : "amount income" }, money(row.amount, row.currency));
      // The clean payee it is booked as, with the bank's text on hover; the rules' category.
      const payee = element("td", row.originalName && row.originalName !== row.payee ? { title: row.originalName } : {},
        row.payee || row.notes);
      const category = element("td", {}, row.categoryName || "");
      if (row.categoryName) category.append(" ", element("span", { className: "secondary" }, "(" + tr("js.import.byRules") + ")"));
      rows.append(element("tr", row.alreadyImported ? { className: "already" } : {},
        element("td", {}, row.day), payee, amount,
        element("td", { className: "secondary preview-notes" }, row.payee ? row.notes : ""), category,
        element("td", {}, row.account),
        element("td", { className: "secondary" },
          row.alreadyImported ? tr("js.import.rowAlreadyImported") : tr("js.import.rowNew"))));
    }
    table.append(rows);
    parts.push(element("div", { className: "table-scroll" }, table));
  }
  const blocked = body.unreadable.length > 0 && !keep;
  const button = element("button",
    { type: "button", className: "button primary", id: "commit", "data-count": String(body.added) },
    trCount("js.import.importButton", body.added));
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
    if (mine === generation) result.removeAttribute("aria-busy");
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
  const count = Number(button.dataset.count);
  const progress = element("progress", { "aria-label": tr("js.import.importingLabel") });
  result.append(element("p", { className: "importing", role: "status" }, progress,
    ` ${trCount("js.import.importing", count)}`));
  try {
    const body = await post(false);
    const link = element("a", { className: "button primary", href: `${root.dataset.transactions}?import=${body.id}` },
      tr("js.import.seeImported"));
    const into = body.accounts.map((a) => a.name).join(", ");
    result.replaceChildren(
      element("h2", {}, tr("js.import.imported")),
      element("p", { className: "import-done", role: "status" },
        body.skipped
          ? trCount("js.import.doneWithSkipped", body.added, { accounts: into, skipped: body.skipped })
          : trCount("js.import.done", body.added, { accounts: into })),
      element("div", { className: "form-actions" }, link,
        element("a", { className: "button", href: root.dataset.imports }, tr("js.import.allImports"))));
    file = null;
  } catch (error) {
    showError(error.message);
  }
}

function choose(chosen) {
  if (!chosen) return;
  file = chosen;
  const size = (chosen.size / 1024).toFixed(chosen.size < 10240 ? 1 : 0);
  fileName.textContent = tr("js.import.fileNameSize", { name: chosen.name, size });
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
  // A currency the person typed is theirs: previews no longer fill it in.
  if (e.target.name === "currency" && e.type === "input") e.target.dataset.typed = "1";
  if (shapeFields.has(e.target.name)) shapeChanged = true;
  schedule();
}
form.addEventListener("input", changed);
form.addEventListener("change", changed);
form.addEventListener("submit", (e) => e.preventDefault());
