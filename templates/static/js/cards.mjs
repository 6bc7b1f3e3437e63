// The four-colour pack: a choice remembered on this device and applied to every card image
// on the page (images carry data-card="KC" and live in cards/ or cards4/). Cards drawn later
// (table.mjs, for the demo, the practice and the games) take their URL from cardSrc(), so
// they follow the choice too. The toggle only
// appears where a page reserves a place for it ([data-four-colour-toggle]), so without
// JavaScript there is no control that does nothing.
const KEY = "cards.fourColour";

function stored() {
  try { return localStorage.getItem(KEY) === "1"; } catch { return false; }
}

function remember(on) {
  try { localStorage.setItem(KEY, on ? "1" : "0"); } catch { /* private mode: not remembered */ }
}

let fourColour = stored();

/** The image URL of a card ("KC", or "back"), in the pack the visitor chose; pages sit at the
 *  site's top, so the URL is relative to it. */
export function cardSrc(code) {
  return `${fourColour ? "cards4" : "cards"}/${code}.svg`;
}

export function applyFourColour(on, root = document) {
  if (root === document) fourColour = on;
  for (const img of root.querySelectorAll("img[data-card]")) {
    const src = img.getAttribute("src");
    const next = on ? src.replace(/(^|\/)cards\//, "$1cards4/") : src.replace(/(^|\/)cards4\//, "$1cards/");
    if (next !== src) img.setAttribute("src", next);
  }
}

// One choice however many tables the page has: every toggle shows it.
const boxes = [];
for (const holder of document.querySelectorAll("[data-four-colour-toggle]")) {
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = stored();
  label.append(box, "Four-colour suits");
  box.addEventListener("change", () => {
    remember(box.checked);
    applyFourColour(box.checked);
    for (const other of boxes) other.checked = box.checked;
  });
  holder.append(label);
  holder.hidden = false;
  boxes.push(box);
}

if (fourColour) applyFourColour(true);
