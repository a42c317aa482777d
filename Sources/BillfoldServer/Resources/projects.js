import { tr, trCount } from "/assets/words.js";

// A project page: the sort menu applies as soon as it changes (its button is for no-script use),
// and while choosing items to delete, "Delete selected" says how many and stays off until one is.
for (const select of document.querySelectorAll("[data-autosubmit]")) {
  select.addEventListener("change", () => select.form.requestSubmit());
}
for (const button of document.querySelectorAll("[data-without-script]")) button.hidden = true;

// While choosing items to delete, the tick boxes belong to the bulk form (form="bulk-form").
const remove = document.getElementById("bulk-delete");
if (remove) {
  const update = () => {
    const chosen = document.querySelectorAll('input.select[form="bulk-form"]:checked').length;
    remove.disabled = chosen === 0;
    remove.textContent = chosen ? trCount("js.projects.deleteCount", chosen) : tr("js.projects.deleteSelected");
  };
  document.addEventListener("change", update);
  update();
}
