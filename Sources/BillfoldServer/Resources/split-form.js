// The split form (TransactionPartsSection): says what is left to split as the parts are typed, and
// adds part rows beyond the four the page draws, up to SplitRules.maxParts. Bound through the
// document, so a form drawn later (the pane beside the list) works the same. The server still
// reads and checks every part; this only helps while typing.
import { tr } from "/assets/words.js";

const lang = document.documentElement.lang || "en";
// "Add a part" shows only where this script runs: without it, the four rows are the form.
document.documentElement.classList.add("split-ready");

/// A typed amount in minor units, read as the server reads a person's typing: the locale's
/// decimal mark, else a point or comma followed by no more digits than the currency has. NaN
/// for text that is no amount yet.
function minorUnits(text, form) {
  const digits = Number(form.dataset.minorUnits);
  const mark = form.dataset.decimal;
  let clean = text.replace(/[\s'\u00a0\u202f]/g, "");
  if (!clean) return 0;
  const other = mark === "," ? "." : ",";
  if (!clean.includes(mark)) {
    const at = clean.lastIndexOf(other);
    const tail = at < 0 ? "" : clean.slice(at + 1);
    if (at >= 0 && tail.length > 0 && tail.length <= digits) clean = clean.slice(0, at) + mark + tail;
  }
  clean = clean.split(other).join("").replace(mark, ".");
  if (!/^[-+]?\d*(\.\d*)?$/.test(clean) || clean === "." || clean === "-" || clean === "+") return NaN;
  return Math.round(Number(clean) * 10 ** digits);
}

function money(minor, form) {
  const digits = Number(form.dataset.minorUnits);
  const value = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(lang, { style: "currency", currency: form.dataset.currency }).format(value);
  } catch {
    // A points currency has no ISO code.
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value)} ${form.dataset.currency}`;
  }
}

/// The line under the parts: what is left, that they add up, or by how much they are over.
function update(form) {
  const total = Number(form.dataset.totalMinor);
  let sum = 0;
  for (const input of form.querySelectorAll("input[name^=amount]")) {
    let part = minorUnits(input.value, form);
    if (Number.isNaN(part)) return;
    // A part typed as a plain figure takes the whole's sign, as the server reads it.
    if (total < 0 && part > 0) part = -part;
    sum += part;
  }
  const line = form.querySelector(".split-remainder");
  const left = total - sum;
  line.classList.toggle("over", Math.sign(left) === -Math.sign(total) && left !== 0);
  if (sum === 0) line.textContent = "";
  else if (left === 0) line.textContent = tr("js.split.exact", { amount: money(Math.abs(total), form) });
  else if (Math.sign(left) === Math.sign(total)) line.textContent = tr("js.split.left", { amount: money(Math.abs(left), form) });
  else line.textContent = tr("js.split.over", { amount: money(Math.abs(left), form) });
}

/// Another row like the last, numbered on, empty; the keyboard goes to its amount.
function addPart(form) {
  const rows = form.querySelectorAll(".split-part:not(.split-head)");
  if (rows.length >= Number(form.dataset.maxParts)) return;
  const last = rows[rows.length - 1];
  const number = rows.length + 1;
  const row = last.cloneNode(true);
  const from = String(rows.length);
  for (const node of row.querySelectorAll("[id], [for], [name], [aria-label]")) {
    for (const attribute of ["id", "for", "name"]) {
      const value = node.getAttribute(attribute);
      if (value) node.setAttribute(attribute, value.replace(/\d+$/, String(number)));
    }
    const label = node.getAttribute("aria-label");
    if (label) node.setAttribute("aria-label", label.replace(from, String(number)));
  }
  const title = row.querySelector("label");
  if (title) title.textContent = title.textContent.replace(from, String(number));
  for (const input of row.querySelectorAll("input")) input.value = "";
  for (const select of row.querySelectorAll("select")) select.selectedIndex = 0;
  last.after(row);
  row.querySelector("input[name^=amount]")?.focus();
}

document.addEventListener("input", (event) => {
  const form = event.target.closest?.(".split-form");
  if (form) update(form);
});
document.addEventListener("click", (event) => {
  const button = event.target.closest?.(".add-part");
  if (button) addPart(button.closest(".split-form"));
});
for (const form of document.querySelectorAll(".split-form")) update(form);
