// The page's words for its scripts: the catalogue's "js." entries in the page's language, which
// the page carries in <script type="application/json" id="billfold-words"> (Layout). One catalogue:
// scripts never hold English text of their own.
const element = document.getElementById("billfold-words");
const table = element ? JSON.parse(element.textContent) : {};
const language = document.documentElement.lang || "en";
const plurals = new Intl.PluralRules(language);
const numbers = new Intl.NumberFormat(language);

function fill(text, values) {
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The text of `key` with its {placeholders} filled from `values`. */
export function tr(key, values = {}) {
  const entry = table[key];
  if (entry === undefined) return key;
  return fill(typeof entry === "string" ? entry : entry.other, values);
}

/** The form of `key` for `count` (CLDR's rules, as the server picks them), {count} in the page's locale. */
export function trCount(key, count, values = {}) {
  const entry = table[key];
  if (entry === undefined) return key;
  const form = typeof entry === "string" ? entry : (entry[plurals.select(count)] ?? entry.other);
  return fill(form, { count: numbers.format(count), ...values });
}
