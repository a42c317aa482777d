// On every page: installs the service worker (service-worker.js, served as /sw.js), says when the
// page is a copy saved on this device or the connection is gone, keeps forms from being sent while
// offline (nothing is written offline; the review deck queues its own decisions), and empties
// every cache when the person signs out, so the next person on the device sees nothing of theirs.
import { tr } from "./words.js";

const root = document.documentElement;
/** Set by the service worker on a copy it served because the server could not be reached. */
const savedAt = root.dataset.savedAt;
const signedIn = !document.body.classList.contains("bare");

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    // The offline page, in the person's words, for a page never opened before.
    .then((registration) => { if (signedIn && !savedAt) registration.active?.postMessage("keep-offline-page"); })
    .catch(() => {});
}

/** Every page kept on this device, whoever's, and the service worker's own copies. */
async function forget() {
  const work = (async () => {
    if (!("caches" in window)) return;
    for (const name of await caches.keys()) await caches.delete(name);
    navigator.serviceWorker?.controller?.postMessage("forget");
  })();
  // Signing out never waits long on the caches.
  await Promise.race([work.catch(() => {}), new Promise((done) => setTimeout(done, 2000))]);
}

function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(root.lang || "en", { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** The banner at the top of the page's content, made once and reworded as things change. */
function banner(text, { reload = false } = {}) {
  let box = document.getElementById("offline-banner");
  if (!box) {
    box = document.createElement("div");
    box.id = "offline-banner";
    box.className = "notice offline-banner";
    box.setAttribute("role", "status");
    (document.getElementById("content") ?? document.body).prepend(box);
  }
  box.replaceChildren(document.createTextNode(text));
  if (reload) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    button.textContent = tr("js.offline.reload");
    button.addEventListener("click", () => location.reload());
    box.append(" ", button);
  }
}

function describe() {
  // The offline page says it all itself.
  if (document.getElementById("saved-pages")) return;
  if (savedAt) {
    if (navigator.onLine) banner(tr("js.offline.savedBack", { time: when(savedAt) }), { reload: true });
    else banner(tr("js.offline.saved", { time: when(savedAt) }));
  } else if (!navigator.onLine) {
    banner(tr("js.offline.gone"));
  } else {
    document.getElementById("offline-banner")?.remove();
  }
}

addEventListener("online", describe);
addEventListener("offline", describe);
describe();

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (form.matches(".sign-out")) {
    event.preventDefault();
    await forget();
    if (navigator.onLine && !savedAt) form.submit();
    else banner(tr("js.offline.signOutLater"));
    return;
  }
  if (savedAt || !navigator.onLine) {
    event.preventDefault();
    event.stopImmediatePropagation();
    banner(tr("js.offline.waits"), { reload: navigator.onLine });
  }
}, true);

// Signed out (or the session ended): nothing of anyone stays behind.
if (!signedIn) forget();

/** On the offline page: the pages saved on this device, by their titles. */
async function listSaved(list) {
  const links = [];
  for (const name of "caches" in window ? await caches.keys() : []) {
    if (!name.startsWith("billfold-pages-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.pathname === "/offline") continue;
      const kept = await cache.match(request);
      const link = document.createElement("a");
      link.href = url.pathname + url.search;
      link.textContent = decodeURIComponent(kept?.headers.get("X-Billfold-Title") || "") || url.pathname;
      const item = document.createElement("li");
      item.append(link);
      links.push(item);
    }
  }
  list.replaceChildren(...links);
  document.getElementById("no-saved-pages").hidden = links.length > 0;
}

const savedList = document.getElementById("saved-pages");
if (savedList) listSaved(savedList).catch(() => {});
