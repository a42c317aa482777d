// Billfold's service worker (served as /sw.js, scope /): the app's shell and the pages the person
// last opened stay readable without a connection. It never writes: anything but a GET goes to the
// network untouched, and the pages' scripts keep changes from being sent while offline (the
// review deck queues its own). Pages are kept per person, in a cache named by the opaque key the
// server sends with each signed-in page (X-Billfold-Person); a page that comes without one (the
// sign-in page after signing out) empties every cache, so the next person on the device finds
// nothing of the last one. The server fills in the version of its assets below.
const VERSION = "__VERSION__";
const SHELL = "billfold-shell-" + VERSION;
const SHELL_FILES = __SHELL__;
const PAGES = "billfold-pages-";
const PERSON = "billfold-person";
const OFFLINE_PAGE = "/offline";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("billfold-shell-") && name !== SHELL) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(shell(request));
  } else if (request.mode === "navigate" || url.pathname === OFFLINE_PAGE) {
    event.respondWith(page(request, (work) => event.waitUntil(work)));
  }
  // Everything else (the APIs, a list's next rows) goes to the network, with its own offline state.
});

/** A versioned asset: from the shell when kept, else fetched and kept (its address changes with it). */
async function shell(request) {
  const kept = await caches.match(request, { cacheName: SHELL });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) (await caches.open(SHELL)).put(request, response.clone());
  return response;
}

/** A page: from the network, kept for its person; when the network fails, the kept copy.
 * `later` lets the keeping finish after the page is answered (and a failure to keep never
 * costs the page); without it the keeping is waited for. */
async function page(request, later) {
  let response;
  try {
    response = await fetch(request);
  } catch (offline) {
    return (await saved(request)) ?? Response.error();
  }
  const person = response.headers.get("X-Billfold-Person");
  const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
  let work = null;
  if (html && response.ok && !person) {
    // A page for nobody (signed out, the session over): nothing of anyone stays. A download
    // (CSV, a journal) or a JSON answer opened in the window is not a page and changes nothing.
    work = forgetEveryone();
  } else if (html && person && response.status === 200) {
    // Kept under the address it came from (after a redirect, the one it ended at).
    work = keep(person, response.url || request.url, response.clone());
  }
  if (work) {
    const quiet = work.catch(() => {});
    if (later) later(quiet); else await quiet;
  }
  return response;
}

/** Keeps a page for `person`, stamped with when; another person's pages go first. */
async function keep(person, address, response) {
  const current = await currentPerson();
  if (current !== person) {
    await forgetEveryone();
    const record = await caches.open(PERSON);
    await record.put("/person", new Response(person));
  }
  const headers = new Headers(response.headers);
  headers.set("X-Billfold-Saved-At", new Date().toISOString());
  const body = await response.text();
  // The page's title, for the offline page's list of what is saved (headers carry Latin-1 only).
  const title = (body.match(/<title>([^<]*)<\/title>/) || [])[1] || "";
  headers.set("X-Billfold-Title", encodeURIComponent(title.replace(/ · Billfold$/, "")));
  const cache = await caches.open(PAGES + person);
  await cache.put(address, new Response(body, { status: 200, headers }));
}

/** The kept copy of a page (or, without one, the offline page), marked as saved for the page's script. */
async function saved(request) {
  const person = await currentPerson();
  if (!person) return null;
  const cache = await caches.open(PAGES + person);
  const kept = (await cache.match(request.url, { ignoreVary: true }))
    ?? (await cache.match(new URL(OFFLINE_PAGE, self.location.origin).href));
  if (!kept) return null;
  const when = kept.headers.get("X-Billfold-Saved-At") || "";
  const html = (await kept.text()).replace("<html ", `<html data-saved-at="${when}" `);
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function currentPerson() {
  const kept = await (await caches.open(PERSON)).match("/person");
  return kept ? kept.text() : null;
}

/** Every page kept, and whose they were; the shell too (it is fetched again as needed). */
async function forgetEveryone() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PAGES) || name === PERSON) await caches.delete(name);
  }
}

self.addEventListener("message", (event) => {
  if (event.data === "forget") event.waitUntil(forgetAll());
  if (event.data === "keep-offline-page") event.waitUntil(keepOfflinePage());
});

/** Every cache of this site, the shell's too (it is fetched again as needed). */
async function forgetAll() {
  for (const name of await caches.keys()) await caches.delete(name);
}

/** The offline page and the transaction list for the person signed in, unless they are kept
 * already: the list then opens offline (with its rows as they were) even on a device where it
 * was never opened, and any other page not kept shows the offline page. */
async function keepOfflinePage() {
  for (const path of [OFFLINE_PAGE, "/transactions"]) {
    const address = new URL(path, self.location.origin).href;
    const person = await currentPerson();
    if (person && (await (await caches.open(PAGES + person)).match(address))) continue;
    try {
      await page(new Request(address, { credentials: "same-origin" }));
    } catch {
      // Offline or refused: the next page tries again.
    }
  }
}
