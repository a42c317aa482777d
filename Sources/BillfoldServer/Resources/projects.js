// A project page: the sort menu applies as soon as it changes (its button is for no-script use),
// and "Delete selected" says how many and stays off until something is selected.
for (const select of document.querySelectorAll("[data-autosubmit]")) {
  select.addEventListener("change", () => select.form.requestSubmit());
}
for (const button of document.querySelectorAll("[data-without-script]")) button.hidden = true;

const form = document.getElementById("bulk-form");
const remove = document.getElementById("bulk-delete");
if (form && remove) {
  const update = () => {
    const chosen = form.querySelectorAll("input.select:checked").length;
    remove.disabled = chosen === 0;
    remove.textContent = chosen ? `Delete ${chosen} selected` : "Delete selected";
  };
  form.addEventListener("change", update);
  update();
}
