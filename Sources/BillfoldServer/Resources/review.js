// The review deck (PRODUCT §2). Its phases (fetching, fetchEmpty, fetchFailed, swiping, applying,
// done) and what moves it between them are not written here: the page embeds ReviewDeck's table from
// BillfoldCore (#review-machine), and the deck moves only through go(event), which looks the step up
// there and ignores an event the table does not allow in the current phase, as the Swift deck does.
// Right clears; left opens the category picker (another category recategorises and clears, the same
// one only clears, Esc or Cancel goes back to the same card); Skip (S) passes a card untouched; U
// undoes the last step, a skip as much as a decision. When the deck is
// finished, each decision is sent as its own one-item batch, so the progress shown is real; every
// request carries an Idempotency-Key, so a retry never applies anything twice.
// Every step is kept in the browser's storage as it is taken (ReviewDeck.Draft's JSON), so leaving the
// page, a reload or a closed tab loses none: the month's deck opens where it was left. A step takes
// effect the moment its key is pressed; the card flying off is a picture of it, so keys pressed
// quickly each count, in order.
import { enableDrag, pick } from "/assets/review-parts.js";
import { leave } from "/assets/review-leaving.js";
import { ruleOffers } from "/assets/review-offers.js";
import { send, sendJSON } from "/assets/fetching.js";
import { tr, trCount } from "/assets/words.js";

const root = document.getElementById("deck");
const lang = document.documentElement.lang || "en";
const categories = JSON.parse(document.getElementById("review-categories").textContent);
const machine = JSON.parse(document.getElementById("review-machine").textContent);
const byId = new Map(categories.map((c) => [c.id, c]));
const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)");
const deckKey = [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, "0")).join("");

// Every address comes from the page, which builds it from the same routes the server answers.
const urls = root.dataset;
const cardsOf = (month) => urls.cards + (month ? "?month=" + encodeURIComponent(month) : "");

let month = root.dataset.month;
let animation = root.dataset.animation || "fly"; // how a decided card leaves (Settings, or the deck's own picker)
let monthName = root.dataset.monthName;
let phase = machine.initial;
let failure = "";
let cards = [];
let remaining = 0;
let position = 0;
let steps = []; // one per card passed: a decision, or null for a skipped card
let busy = false; // the picker is open
let resumed = 0; // steps of an earlier visit taken again when the deck loaded
let loading = 0; // counts loads: an answer for an older one, or for a deck left behind, changes nothing

const decisions = () => steps.filter(Boolean);

// ---- The phase, moved only by the table ----

const step = (event) => machine.transitions.find((t) => t.from === phase && t.event === event);
const can = (event) => step(event) !== undefined;

/// Moves to the phase the table names for event; false, and nothing changes, when it names none here.
function go(event) {
  const next = step(event);
  if (!next) return false;
  phase = next.to;
  return true;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text, className, onClick) {
  const node = el("button", className, text);
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

function nameOfMonth(text) {
  const [year, number] = text.split("-").map(Number);
  return new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" })
    .format(new Date(Date.UTC(year, number - 1, 15)));
}

/// "Groceries (in Food)", "Uncategorized", or an honest label for an id we do not know.
function categoryLabel(id) {
  if (id === null || id === undefined) return tr("js.review.uncategorized");
  const category = byId.get(id);
  if (!category) return tr("js.review.unknownCategory", { id });
  const group = category.groupId ? byId.get(category.groupId) : null;
  return group ? tr("js.review.categoryInGroup", { name: category.name, group: group.name }) : category.name;
}

function chipFor(id) {
  const category = byId.get(id);
  const chip = el("span", category ? "chip" : "chip chip-none", categoryLabel(id));
  if (category?.colour) chip.style.setProperty("--chip", category.colour);
  return chip;
}

/// Loads the month's cards; event is what asked for it ("reload", "retryLoading"), none at the start.
async function load(event) {
  if (event && !go(event)) return;
  const ticket = ++loading;
  resumed = 0;
  render();
  try {
    const body = await sendJSON(cardsOf(month));
    if (ticket !== loading) return;
    cards = body.cards;
    remaining = body.remaining;
    monthName = body.monthName;
    showMonths(body);
    month = body.month;
    position = 0;
    steps = [];
    go(cards.length ? "loaded" : "loadedEmpty");
    resumed = phase === "swiping" ? resume() : 0;
  } catch (error) {
    if (ticket !== loading) return;
    failure = navigator.onLine ? error.message : tr("js.review.offlineReconnect");
    go("failedToLoad");
  }
  if (resumed && phase !== "swiping") return finish();
  render();
}

// ---- Kept as they are taken ----

const draftKey = () => `${urls.drafts}-${month}`;

/// The month's steps as ReviewDeck.Draft writes them; nothing kept once every decision has its
/// answer (a refused one's card is still uncleared, so it comes round in the next deck).
function keepDraft() {
  try {
    const settled = phase === "done" || !steps.length;
    if (settled) return localStorage.removeItem(draftKey());
    const kept = steps.map((decision, index) => decision === null
      ? { transactionId: cards[index].id, action: "skip" }
      : decision.action === "clear"
        ? { transactionId: decision.transactionId, action: "clear" }
        : { transactionId: decision.transactionId, action: "recategorize", categoryId: decision.categoryId ?? null });
    localStorage.setItem(draftKey(), JSON.stringify({ steps: kept }));
  } catch {
    // Storage full or refused (a private window): the deck works on, only leaving it loses steps.
  }
}

/// Takes again the kept steps that are for the cards in the order they are on top now, as
/// ReviewDeck.resume does: the first that is not ends the replay. The number taken again.
function resume() {
  let kept;
  try {
    kept = JSON.parse(localStorage.getItem(draftKey()) ?? "null")?.steps;
  } catch {
    kept = null;
  }
  if (!Array.isArray(kept)) return 0;
  // Steps for cards no longer in the deck (applied before the page closed, cleared elsewhere) are
  // passed over first, so the decisions still unsent are not lost behind them.
  const here = new Set(cards.map((card) => card.id));
  let taken = 0;
  for (const step of kept.filter((step) => here.has(step?.transactionId))) {
    const card = cards[position];
    if (phase !== "swiping" || !card || card.id !== step.transactionId) break;
    const decision = step.action === "skip" ? null
      : step.action === "recategorize" && (step.categoryId ?? null) !== (card.categoryId ?? null)
        ? { transactionId: card.id, action: "recategorize", categoryId: step.categoryId ?? null, payee: card.payee }
        : { transactionId: card.id, action: "clear", payee: card.payee };
    record(step.action === "skip" ? "skip" : step.action === "clear" ? "swipeRight" : "pick", decision);
    taken += 1;
  }
  return taken;
}

// ---- Deciding ----

/// A card passed by event ("swipeRight", "pick", "skip"); after the last one the deck is finished.
function record(event, decision) {
  if (!go(event)) return false;
  steps.push(decision);
  position += 1;
  if (position === cards.length) go(decisions().length ? "lastCardPassed" : "lastCardPassedUntouched");
  return true;
}

/// A step the person took: kept at once, then drawn.
function pass(event, decision) {
  if (!record(event, decision)) return;
  keepDraft();
  if (phase === "swiping") render();
  else finish();
}

/// The last card passed: the summary, and the decisions sent.
function finish() {
  render();
  if (phase === "applying") applyAll();
  else {
    keepDraft();
    offerNext();
  }
}

function swipeRight() {
  if (busy || !can("swipeRight")) return;
  const card = cards[position];
  // Clearing a card with a suggestion accepts it: the person's decision, as if picked.
  const decision = suggested(card)
    ? { transactionId: card.id, action: "recategorize", categoryId: card.suggestionId, payee: card.payee }
    : { transactionId: card.id, action: "clear", payee: card.payee };
  flyOff("right", () => pass("swipeRight", decision));
}

const suggested = (card) => card.suggestionId != null && card.categoryId == null;

async function swipeLeft() {
  if (busy || !can("pick")) return;
  const card = cards[position];
  busy = true;
  document.querySelector(".review-card.top")?.classList.add("hold-left");
  const choice = await pick(card, { categories, lang, el, chipFor });
  busy = false;
  // The deck may have changed under the picker (the Back button, another month): nothing to decide.
  if (cards[position] !== card || phase !== "swiping") return;
  if (choice.cancel) {
    // Esc or Cancel: back to the same card, nothing decided.
    render();
    document.querySelector(".review-card.top")?.focus();
    announce(tr("js.review.stillOnTop", { payee: card.payee }));
  } else if ((choice.categoryId ?? null) === (card.categoryId ?? null)) {
    flyOff("left", () => pass("pick", { transactionId: card.id, action: "clear", payee: card.payee }));
  } else {
    const decision = { transactionId: card.id, action: "recategorize", categoryId: choice.categoryId, payee: card.payee };
    flyOff("left", () => pass("pick", decision));
    offers.offer(card, choice.categoryId);
  }
}

// ---- "Always put REWE in Groceries?" after a recategorisation (review-offers.js) ----

const offers = ruleOffers({ box: document.getElementById("rule-offer"), url: urls.rules, el, categoryLabel });

function skip() {
  if (busy || !can("skip")) return;
  flyOff("down", () => pass("skip", null));
}

function undo() {
  if (busy || !steps.length || !go("undo")) return;
  steps.pop();
  position -= 1;
  keepDraft();
  render();
  announce(tr("js.review.undone", { payee: cards[position].payee }));
}

function announce(text) {
  const live = document.getElementById("deck-announce");
  if (live) live.textContent = text;
}

// ---- Drawing ----

function render() {
  root.replaceChildren();
  root.append(el("p", "visually-hidden", ""));
  root.lastChild.id = "deck-announce";
  root.lastChild.setAttribute("aria-live", "assertive");
  document.getElementById("deck-month").textContent = monthName;
  if (phase === "fetching") {
    const box = el("div", "card deck-state");
    box.append(el("span", "spinner"), " " + tr("js.review.loading"));
    root.append(box);
  } else if (phase === "fetchFailed") {
    const box = el("div", "card deck-state error");
    box.setAttribute("role", "alert");
    box.append(el("p", "", tr("js.review.loadFailed", { reason: failure })),
      button(tr("js.review.retry"), "button", () => load("retryLoading")));
    root.append(box);
  } else if (phase === "fetchEmpty") {
    const box = el("section", "card empty-state deck-empty");
    box.append(el("h2", "", tr("js.review.nothingInMonth", { month: monthName })),
      el("p", "secondary", tr("js.review.monthCleared")));
    root.append(box);
    offerNext();
  } else if (phase === "swiping") {
    renderSwiping();
  } else {
    renderSummary();
  }
}

function cardFace(card, className) {
  const face = el("article", `card review-card ${className}`);
  const head = el("div", "review-card-head");
  const payee = el("h2", "review-payee", card.payee);
  const amount = el("span", card.isExpense ? "amount expense" : "amount income", card.amount);
  amount.prepend(el("span", "visually-hidden", tr(card.isExpense ? "js.review.spent" : "js.review.received") + " "));
  head.append(payee, amount);
  if (suggested(card)) {
    head.append(el("p", "review-suggestion", tr("js.review.suggested", { category: categoryLabel(card.suggestionId) })));
  }
  const facts = el("dl", "review-facts");
  const chip = chipFor(card.categoryId);
  const rows = [[tr("js.review.fact.date"), card.date], [tr("js.review.fact.account"), card.account],
    [tr("js.review.fact.category"), chip], [tr("js.review.fact.notes"), card.notes || "—"]];
  // The bank's own words, where they tell this payment from others to the same payee.
  if (card.bankText) rows.splice(1, 0, [tr("js.review.fact.bankText"), card.bankText]);
  for (const [term, value] of rows) {
    const row = el("div");
    row.append(el("dt", "", term));
    const dd = el("dd");
    dd.append(value);
    row.append(dd);
    facts.append(row);
  }
  face.append(head, facts, el("div", "glow glow-left", tr("js.review.glowLeft")),
    el("div", "glow glow-right", tr("js.review.glowRight")));
  return face;
}

function renderSwiping() {
  const card = cards[position];
  const progress = el("p", "deck-progress secondary", remaining > cards.length
    ? trCount("js.review.cardOfWithRemaining", remaining, { position: position + 1, total: cards.length })
    : trCount("js.review.cardOf", cards.length, { position: position + 1 }));
  const stage = el("div", "deck-stage");
  if (position + 1 < cards.length) {
    // Only a picture of what comes next: screen readers and the Tab key know the top card alone.
    const behind = cardFace(cards[position + 1], "behind");
    behind.setAttribute("aria-hidden", "true");
    behind.inert = true;
    stage.append(behind);
  }
  const top = cardFace(card, "top");
  top.tabIndex = 0;
  top.setAttribute("aria-label", tr("js.review.cardLabel", { payee: card.payee, amount: card.amount, date: card.date }));
  stage.append(top);
  enableDrag(top, { busy: () => busy, right: swipeRight, left: swipeLeft });
  const controls = el("div", "deck-controls");
  const undoButton = button(tr("js.review.undo"), "button", undo);
  undoButton.disabled = steps.length === 0;
  undoButton.setAttribute("aria-keyshortcuts", "U");
  const skipButton = button(tr("js.review.skip"), "button", skip);
  skipButton.setAttribute("aria-keyshortcuts", "S");
  const left = button(tr("js.review.categoryButton"), "button left", swipeLeft);
  left.setAttribute("aria-keyshortcuts", "ArrowLeft");
  const right = button(tr("js.review.clearButton"), "button primary right", swipeRight);
  right.setAttribute("aria-keyshortcuts", "ArrowRight");
  controls.append(left, undoButton, skipButton, right);
  root.append(progress);
  // Said once, where the person looks, until the deck is left or finished.
  if (resumed) root.append(el("p", "notice deck-resumed", trCount("js.review.resumed", resumed)));
  root.append(stage, controls, el("p", "deck-hint secondary", deckHint()));
}

/// Takes the step at once (`then`), and lets a picture of the card that was on top leave over
/// the next one, so the next key already acts on the next card: flown off to its side, or the
/// person's animation for a decided card (a skipped one always drops), or a fade for reduced motion.
function flyOff(direction, then) {
  const top = document.querySelector(".review-card.top");
  then();
  const stage = document.querySelector(".deck-stage");
  if (!top || !stage) return;
  const ghost = top.cloneNode(true);
  ghost.classList.remove("top", "dragging", "hold-left");
  ghost.removeAttribute("tabindex");
  ghost.setAttribute("aria-hidden", "true");
  ghost.inert = true;
  stage.append(ghost);
  ghost.getBoundingClientRect(); // laid out where it was, so the leaving is drawn from there
  const way = reduceMotion.matches ? "fade"
    : animation === "fly" || direction === "down" ? `fly-${direction}` : animation;
  leave(ghost, stage, way);
}

// ---- The deck's own animation picker: the same setting as Settings', saved at once ----

const animationPicker = document.getElementById("animation-picker");
if (animationPicker) {
  animationPicker.querySelector("button").hidden = true;
  animationPicker.querySelector("select").addEventListener("change", async (event) => {
    animation = event.target.value;
    try {
      const body = new URLSearchParams(new FormData(animationPicker));
      body.set("stay", "1"); // answered 204: the page stays as it is
      const response = await send(animationPicker.action, { method: "POST", body, headers: { Accept: "text/html" } });
      // Anything but 204 (a sign-in page after a redirect, say) saved nothing.
      if (response.status !== 204) throw new Error(tr("js.review.serverAnswered", { status: response.status }));
      announce(tr("js.review.animationSaved", { name: event.target.selectedOptions[0].textContent }));
    } catch (error) {
      // This deck keeps the choice; the next visit asks again.
      announce(tr("js.review.animationNotSaved", { reason: error.message }));
    }
  });
}

document.addEventListener("keydown", (event) => {
  if (phase !== "swiping" || busy || event.target.matches("input, textarea, select")) return;
  // A held key repeats: only its first press decides, or holding → would clear the whole deck.
  if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
  if (event.key === "ArrowRight") swipeRight();
  else if (event.key === "ArrowLeft") swipeLeft();
  else if (event.key === "u" || event.key === "U") undo();
  else if (event.key === "s" || event.key === "S") skip();
  else if ((event.key === "a" || event.key === "A") && offers.pending()) offers.make();
  else return;
  event.preventDefault();
});

// ---- Applying, with real per-item progress ----

function describe(decision) {
  return decision.action === "clear"
    ? tr("js.review.actionClear")
    : tr("js.review.actionMove", { category: categoryLabel(decision.categoryId) });
}

async function applyOne(decision) {
  decision.status = "pending";
  renderSummary();
  decision.attempt ??= 0;
  const body = { transactionId: decision.transactionId, action: decision.action };
  if (decision.action === "recategorize") body.categoryId = decision.categoryId ?? null;
  try {
    const response = await send(urls.batches, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Idempotency-Key": `${deckKey}-${decision.transactionId}-${decision.attempt}`,
      },
      body: JSON.stringify({ decisions: [body] }),
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new Error(answer?.error?.message ?? tr("js.review.serverAnswered", { status: response.status }));
    const item = answer.items[0];
    if (item.outcome === "failed") {
      // Nothing was applied: a retry is a new request with a new key.
      decision.attempt += 1;
      decision.status = "failed";
      decision.message = item.error?.message ?? tr("js.review.notApplied");
    } else {
      decision.status = item.outcome;
    }
  } catch (error) {
    // No answer: the same key again on retry, so if it did go through it is not applied twice.
    decision.status = "failed";
    decision.message = navigator.onLine ? error.message : tr("js.review.offline");
  }
}

const answered = (decision) => decision.status !== "waiting" && decision.status !== "pending";

/// Sends the deck's decisions once it is finished, or again only those given (a failed one's Retry).
async function applyAll(only) {
  if (only && !go("retryFailed")) return;
  const ticket = loading;
  for (const decision of only ?? decisions()) decision.status = "waiting";
  renderSummary();
  for (const decision of only ?? decisions()) {
    await applyOne(decision);
    // After a reload the page shows another deck: these decisions still go out, but no longer move it.
    if (ticket === loading) go(decisions().every(answered) ? "allRecorded" : "record");
  }
  if (ticket !== loading) return;
  keepDraft();
  renderSummary();
  announceAwards();
  if (decisions().every((d) => d.status !== "failed")) offerNext();
  else sendJSON(cardsOf(month)).then(showMonths, () => {}); // the counts follow what was applied
}

/// Awards the deck's decisions earned, said above the summary in the notices every page uses.
async function announceAwards() {
  try {
    const response = await send(urls.awards, { headers: { Accept: "text/html" } });
    if (response.ok) document.getElementById("summary")?.insertAdjacentHTML("beforebegin", await response.text());
  } catch {
    // Offline or timed out: the Awards page still lists them as earned.
  }
}

const statusText = {
  waiting: tr("js.review.status.waiting"),
  pending: tr("js.review.status.pending"),
  applied: tr("js.review.status.applied"),
  unchanged: tr("js.review.status.unchanged"),
  failed: tr("js.review.status.failed"),
};

function renderSummary() {
  if (phase !== "applying" && phase !== "done") return;
  let section = document.getElementById("summary");
  if (!section) {
    root.replaceChildren();
    root.append(el("p", "visually-hidden"));
    root.lastChild.id = "deck-announce";
    section = el("section", "card summary");
    section.id = "summary";
    root.append(section);
  }
  const all = decisions();
  const finished = all.filter((d) => d.status === "applied" || d.status === "unchanged").length;
  const failed = all.filter((d) => d.status === "failed").length;
  const heading = phase === "applying"
    ? trCount("js.review.applying", all.length, { position: Math.min(finished + failed + 1, all.length) })
    : failed
      ? trCount("js.review.appliedSomeFailed", all.length, { finished, failed })
      : trCount("js.review.allApplied", all.length);
  section.replaceChildren(el("h2", "", all.length ? heading : tr("js.review.nothingToApply")));
  const skipped = steps.length - all.length;
  if (skipped) section.append(el("p", "secondary", trCount("js.review.leftUntouched", skipped)));
  const list = el("ol", "apply-list");
  for (const decision of all) {
    const item = el("li", `apply-item ${decision.status ?? "waiting"}`);
    item.dataset.id = decision.transactionId;
    const text = el("div", "apply-text");
    text.append(el("strong", "", decision.payee), el("span", "secondary", describe(decision)));
    const status = el("span", "apply-status", statusText[decision.status ?? "waiting"]);
    if (decision.status === "pending") status.prepend(el("span", "spinner"));
    item.append(text, status);
    if (decision.status === "failed") {
      item.append(el("span", "field-error", decision.message));
      if (can("retryFailed")) item.append(button(tr("js.review.retry"), "button small", () => applyAll([decision])));
    }
    list.append(item);
  }
  // What comes next sits above the list, where the person is looking when the deck ends.
  const next = el("div", "next-offer");
  next.id = "next-offer";
  section.append(next, list);
}

// ---- What comes next: more of this month, the look-back offer, or all clear ----

async function offerNext() {
  let box = document.getElementById("next-offer");
  if (!box) {
    box = el("div", "next-offer");
    box.id = "next-offer";
    root.append(box);
  }
  box.replaceChildren(el("span", "spinner"), " " + tr("js.review.lookingForMore"));
  try {
    const more = await sendJSON(cardsOf(month));
    showMonths(more);
    celebrate(box, more.cards.length === 0);
    if (more.cards.length) {
      return offer(box, trCount("js.review.moreUncleared", more.remaining, { month: more.monthName }),
        trCount("js.review.reviewNext", more.cards.length), () => load("reload"));
    }
    const lookback = await sendJSON(urls.lookback);
    if (lookback && lookback.month !== month) {
      const name = nameOfMonth(lookback.month);
      return offer(box, tr("js.review.lookbackOffer", { month: name }), tr("js.review.reviewMonth", { month: name }),
        () => switchTo(lookback.month));
    }
    const current = await sendJSON(cardsOf(null));
    if (current.month !== month && current.cards.length) {
      return offer(box, trCount("js.review.unclearedIn", current.remaining, { month: current.monthName }),
        tr("js.review.reviewMonth", { month: current.monthName }), () => switchTo(current.month));
    }
    const clear = el("div", "all-clear");
    clear.append(el("h2", "", tr("js.review.allClear")), el("p", "secondary", tr("js.review.nothingUncleared")),
      Object.assign(el("a", "button", tr("js.review.seeActivity")), { href: urls.activity }));
    box.replaceChildren(clear);
  } catch {
    box.replaceChildren(el("p", "secondary", tr("js.review.lookForMoreFailed")),
      button(tr("js.review.retry"), "button small", offerNext));
  }
}

/// A finished deck whose decisions were all applied: a short celebration with what it did
/// ("14 cleared, 3 recategorised and 2 skipped"), above what comes next. Said once per deck.
function celebrate(box, monthClear) {
  const all = decisions();
  if (phase !== "done" || !all.length || all.some((d) => d.status === "failed")) return;
  if (document.getElementById("celebration")) return;
  const cleared = all.filter((d) => d.action === "clear").length;
  const parts = [];
  if (cleared) parts.push(trCount("js.review.done.cleared", cleared));
  if (all.length > cleared) parts.push(trCount("js.review.done.recategorised", all.length - cleared));
  if (steps.length > all.length) parts.push(trCount("js.review.done.skipped", steps.length - all.length));
  const party = el("div", "celebration");
  party.id = "celebration";
  party.setAttribute("role", "status");
  // Drawn only without reduced motion (app.css); the words say it all either way.
  const confetti = el("div", "confetti");
  confetti.setAttribute("aria-hidden", "true");
  for (let index = 0; index < 14; index += 1) {
    const bit = el("span");
    bit.style.setProperty("--i", index);
    confetti.append(bit);
  }
  party.append(confetti,
    el("h2", "", monthClear ? tr("js.review.done.monthClear", { month: monthName }) : tr("js.review.done.deckDone")),
    el("p", "celebration-counts", new Intl.ListFormat(lang, { type: "conjunction" }).format(parts)));
  box.before(party);
}

function offer(box, text, label, action) {
  box.replaceChildren(el("p", "lookback", text), button(label, "button primary", action));
}

function switchTo(next) {
  month = next;
  history.pushState(null, "", urls.review + "?month=" + encodeURIComponent(next));
  load("reload").then(() => {
    // Chosen from the picker: the arrow keys go to the new deck, not to the picker's options.
    if (document.activeElement?.id === "review-month") document.querySelector(".review-card.top")?.focus();
  });
}

// ---- The month picker: every month with something to review, with its count ----

const monthPicker = document.getElementById("month-picker");

/// Redraws the picker's months and counts from a cards answer, so they follow what was applied.
function showMonths(body) {
  if (!monthPicker) return;
  const select = monthPicker.querySelector("select");
  select.replaceChildren(...body.months.map((entry) => {
    const option = el("option", "", entry.label);
    option.value = entry.month;
    option.selected = entry.month === body.month;
    return option;
  }));
  document.getElementById("review-total").textContent = body.total;
}

if (monthPicker) {
  monthPicker.querySelector("button").hidden = true;
  monthPicker.querySelector("select").addEventListener("change", (event) => switchTo(event.target.value));
  monthPicker.addEventListener("submit", (event) => {
    event.preventDefault();
    switchTo(monthPicker.querySelector("select").value);
  });
}

addEventListener("popstate", () => {
  month = new URLSearchParams(location.search).get("month") ?? root.dataset.month;
  load("reload");
});

load();

/// Touch screens have no arrow keys: their hint speaks of swiping and the buttons.
function deckHint() {
  return window.matchMedia("(pointer: coarse)").matches
    ? tr("js.review.hintTouch")
    : tr("js.review.hintKeys");
}
