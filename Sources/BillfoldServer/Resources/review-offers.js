// "Always put REWE in Groceries?": after the review deck moves a card to another category, a
// rule for what the bank calls it is offered; its button (or the A key) makes it.

import { send } from "/assets/fetching.js";
import { tr } from "/assets/words.js";

/// The offer in `box` (hidden until offered). `el` makes an element, `categoryLabel` names a
/// category, `url` is where rules are made. Answers offer(card, categoryId), make() and pending().
export function ruleOffers({ box, url, el, categoryLabel }) {
  let offered = null;

  function hide() {
    offered = null;
    if (box) box.hidden = true;
  }

  function offer(card, categoryId) {
    if (!box || categoryId == null || !card.ruleText) return hide();
    offered = { text: card.ruleText, categoryId };
    const category = categoryLabel(categoryId);
    box.replaceChildren(el("p", "", tr("js.review.ruleOffer", { text: card.ruleText, category })));
    const make = el("button", "button primary small", tr("js.review.ruleMake"));
    make.type = "button";
    make.id = "rule-make";
    make.setAttribute("aria-keyshortcuts", "A");
    make.addEventListener("click", makeRule);
    const no = el("button", "button subtle small", tr("js.review.ruleNotNow"));
    no.type = "button";
    no.addEventListener("click", hide);
    const buttons = el("div", "offer-buttons", "");
    buttons.append(make, no);
    box.append(buttons);
    box.hidden = false;
  }

  async function makeRule() {
    if (!offered) return;
    const { text, categoryId } = offered;
    offered = null;
    const body = {
      conditions: [{ field: "bankText", test: "contains", value: text }],
      actions: [{ action: "setCategory", category: categoryId }],
    };
    try {
      const response = await send(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await response.json().catch(() => null);
      if (!response.ok) {
        throw new Error(answer?.error?.message ?? tr("js.review.serverAnswered", { status: response.status }));
      }
      box.replaceChildren(el("p", "", tr("js.review.ruleMade", { text, category: categoryLabel(categoryId) })));
    } catch (error) {
      box.replaceChildren(el("p", "error", error.message));
    }
  }

  return { offer, make: makeRule, pending: () => offered !== null };
}
