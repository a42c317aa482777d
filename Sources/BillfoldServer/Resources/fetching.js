// One way for the page scripts to talk to the server: every request has a time limit (so a
// hung connection ends in the error state with Retry instead of a spinner forever), asks for
// JSON unless told otherwise, and sends this page's CSRF token with anything that changes data.

import { tr } from "/assets/words.js";

export const timeoutMs = 15000;

export class TimedOut extends Error {
  constructor() {
    super(tr("js.fetching.timedOut"));
    this.name = "TimedOut";
  }
}

function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content ?? "";
}

// fetch() with a time limit, JSON by default, and the CSRF header on POST, PATCH, PUT and DELETE.
// A caller's own AbortSignal still cancels it.
export async function send(url, options = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimedOut()), options.timeout ?? timeoutMs);
  options.signal?.addEventListener("abort", () => controller.abort(options.signal.reason));
  const method = (options.method ?? "GET").toUpperCase();
  // The APIs answer in Accept-Language's language: ask for the page's, the one the person chose.
  const headers = {
    Accept: "application/json",
    "Accept-Language": document.documentElement.lang || "en",
    ...(options.headers ?? {}),
  };
  if (method !== "GET" && method !== "HEAD") headers["X-CSRF-Token"] = csrfToken();
  try {
    return await fetch(url, { ...options, method, headers, signal: controller.signal });
  } catch (error) {
    if (controller.signal.reason instanceof TimedOut) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

// send(), then the JSON body; a non-2xx answer throws with the server's own message.
export async function sendJSON(url, options = {}) {
  const response = await send(url, options);
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new Error(body?.error?.message ?? tr("js.fetching.serverAnswered", { status: response.status }));
  }
  return body;
}
