// Category form: checks the fields while the user types, with the limits and message templates
// the server uses (CategoryRules, sent in #category-rules), so both always say the same thing.
import { tr } from "/assets/words.js";

const rules = JSON.parse(document.getElementById("category-rules").textContent);
const form = document.querySelector(".category-form");
const save = document.getElementById("save");
const field = (name) => form.elements[name];
const touched = new Set(form.querySelectorAll(".field.invalid").length ? ["name", "description", "colour"] : []);

const segmenter = "Segmenter" in Intl ? new Intl.Segmenter() : null;
// Letters as a person counts them ("👩‍👩‍👧" is one), as Swift's String.count does: for the shortest name.
const letters = (text) => (segmenter ? [...segmenter.segment(text)].length : [...text].length);
// Against a limit, UTF-16 code units, as TextRules.length and every field's maxlength count.
const length = (text) => text.length;
const say = (key, values = {}) =>
  rules.messages[key].replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

function nameProblem() {
  const name = field("name").value.trim();
  const count = length(name);
  if (count === 0) return say("nameRequired");
  if (letters(name) < rules.nameMin) return say("nameTooShort");
  if (count > rules.nameMax) return say("nameTooLong", { count });
  const group = field("groupId")?.value ?? "";
  if ((rules.taken[group] ?? []).includes(name.toLowerCase()))
    return say("nameTaken", { name, place: rules.places[group] ?? rules.places[""] });
  return "";
}

function descriptionProblem() {
  const count = length(field("description").value.trim());
  return count > rules.descriptionMax ? say("descriptionTooLong", { count }) : "";
}

function colourProblem() {
  if (field("colour").value !== "custom") return "";
  return /^#[0-9a-fA-F]{6}$/.test(field("customColour").value.trim()) ? "" : say("colourInvalid");
}

const checks = { name: nameProblem, description: descriptionProblem, colour: colourProblem };

function show(name, problem) {
  const input = name === "colour" ? field("customColour") : field(name);
  const box = input.closest(".field, .swatches");
  const message = document.getElementById(`${name}-error`);
  const visible = touched.has(name) ? problem : "";
  box.classList.toggle("invalid", visible !== "");
  if (visible) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
  if (message.textContent !== visible) message.textContent = visible;
}

function updateCounters() {
  for (const name of ["name", "description"]) {
    const input = field(name);
    const count = length(input.value.trim());
    const counter = document.getElementById(`${name}-count`);
    counter.textContent = `${count} / ${input.dataset.limit}`;
    counter.classList.toggle("over", count > Number(input.dataset.limit));
  }
}

function validate() {
  let valid = true;
  for (const [name, check] of Object.entries(checks)) {
    const problem = check();
    if (problem) valid = false;
    show(name, problem);
  }
  updateCounters();
  save.disabled = !valid;
  return valid;
}

function changed(event) {
  const name = event.target.name;
  if (name === "customColour") {
    form.querySelector('input[name="colour"][value="custom"]').checked = true;
    touched.add("colour");
  } else if (name in checks) {
    touched.add(name);
  } else if (name === "groupId") {
    touched.add("name");
  }
  validate();
}
form.addEventListener("input", changed);
// Some ways of choosing from a list report only "change".
form.addEventListener("change", changed);
form.addEventListener("focusout", (event) => {
  if (event.target.name in checks && event.target.value !== "") touched.add(event.target.name);
  validate();
});
form.addEventListener("submit", (event) => {
  for (const name of Object.keys(checks)) touched.add(name);
  if (!validate()) {
    event.preventDefault();
    form.querySelector("[aria-invalid=true]")?.focus();
    return;
  }
  save.disabled = true;
  save.dataset.label = save.textContent;
  save.textContent = tr("js.categories.saving");
  form.setAttribute("aria-busy", "true");
});
// Back from the next page: the form is usable again.
addEventListener("pageshow", () => {
  if (save.dataset.label) save.textContent = save.dataset.label;
  form.removeAttribute("aria-busy");
  validate();
});
validate();
