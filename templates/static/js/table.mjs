// Small helpers shared by the page's modules: a card's image, the engine's seat numbers in the
// table's names, what a table description offers (choices, the swap, a move's words, a deal's
// end), an element of a component's markup, and a component's data file. The table itself is drawn by
// table-view.mjs, from the engine's description; a card's name comes with it (the engine's
// words: no script names a card itself).

import { cardSrc } from "./cards.mjs";
import { giveUp } from "./early.mjs";
import { el } from "./util.mjs";
import { _ } from "./words.mjs";

export { el };

/** @typedef {import("./shapes").TableShape} TableShape */
/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./shapes").ChoiceGroup} ChoiceGroup */
/** @typedef {import("./shapes").ChoiceOption} ChoiceOption */

const CARD_RATIO = 360 / 240;

/** A component's data: the JSON file named by `element`'s data-src (kept out of the page so it
 *  stays light; the service worker keeps it offline), fetched once, then `start(data)`. When it
 *  cannot be fetched, the component says so in words and stays as the page drew it. With
 *  `whenNear`, nothing happens until the component comes near the viewport (a link to it, a
 *  scroll, Tab), so a long page's first paint does not wait on parts far below it.
 *  @template T
 *  @param {Element} root
 *  @param {HTMLElement | null} element
 *  @param {(data: T) => void} start
 *  @param {{whenNear?: boolean}} [options] */
export function withData(root, element, start, { whenNear = false } = {}) {
  const src = element && element.dataset.src;
  if (!src) return;
  if (whenNear && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      withData(root, element, start);
    }, { rootMargin: "1200px 0px" });
    observer.observe(root);
    return;
  }
  fetch(new URL(src, document.baseURI))
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    })
    .then(start, (err) => {
      const note = document.createElement("p");
      note.className = "component-fallback";
      note.setAttribute("role", "status");
      note.textContent = _("This part of the page could not load its data (are you offline?). Reload the page to try again; the rules on this page are complete without it.");
      root.prepend(note);
      giveUp(root); // a press kept while it loaded no longer says it is getting ready
      console.warn(`${src}: ${err}`);
    });
}

/** An <img> of a card (or of the back when `code` is null), sized by CSS (class "card"). Its
 *  alt text is `name`, the card's name as the engine's description gives it; without one the
 *  image is decorative (alt ""): words beside it already say the card.
 *  @param {string | null} code
 *  @param {{width?: number, lazy?: boolean, name?: string}} [options] */
export function cardImage(code, { width = 60, lazy = false, name = "" } = {}) {
  const img = document.createElement("img");
  img.className = code ? "card" : "card card-back";
  img.setAttribute("src", cardSrc(code || "back"));
  img.alt = code ? name : _("a card, face down");
  img.width = width;
  img.height = Math.round(width * CARD_RATIO);
  img.decoding = "async";
  if (lazy) img.loading = "lazy";
  if (code) img.dataset.card = code;
  // A card that failed to load (the network changed under the page and its connection to the
  // site was reset) is asked for again as the network comes back: a few times, each later.
  let tries = 0;
  img.addEventListener("error", () => {
    if (tries >= 4) return;
    tries += 1;
    setTimeout(() => img.setAttribute("src", cardSrc(code || "back")), 1000 * tries);
  });
  return img;
}

/** The viewer's choices for `card` (a code; null: the action that plays no card, Madrasso's
 *  swap) from the table's description: `{card, name, question, options: [{action, label,
 *  log, takes}]}`, every word the engine's; null when the viewer has none for it.
 *  @param {TableShape | null | undefined} table @param {string | null} card
 *  @returns {ChoiceGroup | null} */
export function choicesFor(table, card) {
  return ((table && table.choices) || []).find((group) => group.card === card) || null;
}

/** The words of the viewer's legal `action` (its option in the table's choices), or null.
 *  @param {TableShape | null | undefined} table @param {string} action
 *  @returns {ChoiceOption | null} */
export function optionFor(table, action) {
  for (const group of (table && table.choices) || []) {
    const option = group.options.find((o) => o.action === action);
    if (option) return option;
  }
  return null;
}

/** The engine's "Seat 2" and "team 0 (seats 0 and 2)" in the table's own names.
 *  @param {string | null | undefined} text
 *  @param {readonly string[] | null} [seatNames] @param {readonly string[] | null} [teamNames] */
export function nameSeats(text, seatNames, teamNames) {
  let out = String(text || "");
  out = out.replace(/\b[Tt]eam (\d)(?: \(seats \d and \d\))?/g,
    (whole, t) => (teamNames && teamNames[Number(t)]) || whole);
  return out.replace(/\b[Ss]eat (\d)\b/g, (whole, s) => (seatNames && seatNames[Number(s)]) || whole);
}


/** The element of a component's markup (or one a module put there) `selector` names.
 *  @param {ParentNode} root @param {string} selector */
export function part(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

/** The swap's button (Madrasso): shown, with the engine's words, only while the viewer may
 *  swap; the play table's and the friends' table's.
 *  @param {HTMLElement} button @param {TableShape | null} table @param {boolean} yourTurn */
export function drawSwap(button, table, yourTurn) {
  const swap = yourTurn ? choicesFor(table, null) : null;
  button.hidden = !swap;
  if (swap && button.textContent !== swap.options[0].label) button.textContent = swap.options[0].label;
}

/** One move in words: the engine's (the table description's `last`).
 *  @param {TableShape | null | undefined} table */
export function moveWords(table) {
  return (table && table.last && table.last.text) || "";
}

/** Whether `state` shows a finished deal of a match still to be moved on from (`ack`: the
 *  index of the finished deal the viewer has moved on from, if any).
 *  @param {EngineState | null | undefined} state @param {number | null} ack */
export function atDealEnd(state, ack) {
  return Boolean(state && state.table.between_deals && ack !== state.index);
}
