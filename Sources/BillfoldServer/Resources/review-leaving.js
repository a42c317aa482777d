// How a decided card leaves the deck (the person's choice, DeckAnimation in BillfoldCore): a
// picture of it (the ghost) is drawn leaving over the next card, while the deck already acts on
// the next one. Each way is drawn with CSS keyframes, mostly on transform and opacity, which the
// compositor runs by itself (the burn's clip and the glows' filters are drawn each frame, on one
// card); the explosion's pieces move by the Web Animations API. With reduced motion asked for,
// every way is a plain fade.

const lengths = { fade: 200, crush: 520, burn: 850, abduction: 950, "holy-fire": 900, explode: 700, "float-away": 1100 };

/// Draws `ghost` (already in `stage`, where the card was) leaving: `way` is an animation's name,
/// or "fly-right", "fly-left", "fly-down" for the deck's own fly-off. The ghost is gone after.
export function leave(ghost, stage, way) {
  // The fly-off is the card's own transition to `.fly-right` (and left, down); the others are
  // keyframes on `.leave-…`.
  const flies = way.startsWith("fly-");
  ghost.classList.add("ghost", flies ? way : `leave-${way}`);
  ghost.dataset.leaving = way;
  let helper = null;
  if (way === "abduction") helper = beam(stage);
  if (way === "explode") helper = explode(ghost, stage);
  // The ghost goes when its own animation ends (the explosion's flash ends before its pieces
  // land, which go by the timer); the timer is also for a tab in the background, where
  // animations wait.
  if (flies) ghost.addEventListener("transitionend", () => ghost.remove(), { once: true });
  else ghost.addEventListener("animationend", (event) => { if (!event.pseudoElement) ghost.remove(); });
  setTimeout(() => {
    ghost.remove();
    helper?.remove();
  }, (lengths[way] ?? 450) + 150);
}

/// A saucer over the card and its beam of light; the card is drawn up into it.
function beam(stage) {
  const light = document.createElement("div");
  light.className = "deck-beam";
  light.setAttribute("aria-hidden", "true");
  const saucer = document.createElement("div");
  saucer.className = "deck-saucer";
  light.append(saucer);
  stage.append(light);
  return light;
}

/// The card in twelve pieces, each flung outward and spun; the ghost itself only flashes.
function explode(ghost, stage) {
  const box = document.createElement("div");
  box.className = "deck-shards";
  box.setAttribute("aria-hidden", "true");
  const columns = 4, rows = 3;
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const piece = ghost.cloneNode(true);
      piece.className = piece.className.replace(/\bleave-\S+/g, "") + " shard";
      const top = (row / rows) * 100, left = (column / columns) * 100;
      piece.style.clipPath = `inset(${top}% ${100 - left - 100 / columns}% ${100 - top - 100 / rows}% ${left}%)`;
      box.append(piece);
      const dx = (column - (columns - 1) / 2) * (30 + Math.random() * 25);
      const dy = (row - (rows - 1) / 2) * (35 + Math.random() * 30) - 20;
      const spin = (Math.random() - 0.5) * 120;
      piece.animate(
        [{ transform: "none", opacity: 1 },
          { transform: `translate(${dx}%, ${dy}%) rotate(${spin}deg) scale(.6)`, opacity: 0 }],
        { duration: lengths.explode, easing: "cubic-bezier(.1,.7,.3,1)", fill: "forwards" });
    }
  }
  stage.append(box);
  return box;
}
