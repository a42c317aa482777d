// Owner setup: start from the browser's own time zone and language when Billfold offers them.
// Without this script the form keeps its server-side defaults.
const fresh = document.querySelector("form[data-fresh]");
const zone = fresh && document.getElementById("timeZone");
const locale = fresh && document.getElementById("locale");
const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && browserZone && [...zone.options].some((option) => option.value === browserZone)) {
  zone.value = browserZone;
}
const language = navigator.language;
if (locale && language) {
  const match = [...locale.options].find((option) => option.value.toLowerCase() === language.toLowerCase());
  if (match) locale.value = match.value;
}
