// The pack the visitor plays with: the deck (Toscane, the default, or Venetian) and the
// four-colour suits, two choices remembered on this device and applied to every card image on
// the page (images carry data-card="KC", or class card-back, and live in cards/, cards4/,
// cardsv/ or cardsv4/).
// Cards drawn later (table.mjs, for the demo, the practice and the games) take their URL from
// cardSrc(), so they follow the choices too; the engine names the cards in the chosen deck's
// words because engine-client.mjs sends currentDeck() with every request. An image with its
// own data-deck (a deck page's gallery) keeps its pack and takes only the colours; an image
// the build drew with data-alt-venetian (a rules page's card mark) takes that name, the
// engine's words for the Venetian card, while it shows one. The controls only appear where a
// page reserves a place for them ([data-four-colour-toggle]), so without JavaScript there is
// no control that does nothing.
import { _ } from "./words.mjs";

const FOUR = "cards.fourColour";
const DECK = "cards.deck";
/** The decks, and how a control names each. */
export const DECKS = { toscane: _("Toscane cards"), venetian: _("Venetian cards") };

/** @param {string} key */
function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** @param {string} key @param {string} value */
function remember(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: not remembered */ }
}

let fourColour = read(FOUR) === "1";
let deck = read(DECK) === "venetian" ? "venetian" : "toscane";

/** @param {string} ofDeck @param {boolean} four */
function folder(ofDeck, four) {
  return `cards${ofDeck === "venetian" ? "v" : ""}${four ? "4" : ""}`;
}

/** The deck the visitor chose: "toscane" or "venetian". */
export function currentDeck() {
  return deck;
}

/** The way from the page's folder to the site's top ("" for a page there, "../" for it/'s):
 *  this module sits in js/, one folder under the top. */
const TOP = (() => {
  const top = new URL("..", import.meta.url);
  const here = new URL(".", document.baseURI);
  if (here.origin !== top.origin || !here.pathname.startsWith(top.pathname)) return top.href;
  return "../".repeat(here.pathname.slice(top.pathname.length).split("/").filter(Boolean).length);
})();

/** The image URL of a card ("KC", or "back"), in the pack the visitor chose, relative to the
 *  page (the card folders are at the site's top).
 *  @param {string} code */
export function cardSrc(code) {
  return `${TOP}${folder(deck, fourColour)}/${code}.svg`;
}

const FOLDER = /(^|\/)cardsv?4?\//;

/** Show every card image under `root` in the chosen pack.
 *  @param {ParentNode} root */
export function applyChoices(root = document) {
  for (const img of root.querySelectorAll("img[data-card], img.card-back")) {
    if (!(img instanceof HTMLImageElement)) continue;
    const own = img.dataset.deck || deck;
    const src = img.getAttribute("src") || "";
    const next = src.replace(FOLDER, `$1${folder(own, fourColour)}/`);
    if (next !== src) img.setAttribute("src", next);
    if (!img.dataset.deck && img.dataset.altVenetian) {
      if (img.dataset.altToscane === undefined) img.dataset.altToscane = img.alt;
      img.alt = (own === "venetian" ? img.dataset.altVenetian : img.dataset.altToscane) ?? "";
    }
  }
}

/** The four-colour choice (kept for callers of the first version of this module).
 *  @param {boolean} on @param {ParentNode} root */
export function applyFourColour(on, root = document) {
  if (root === document) fourColour = on;
  applyChoices(root);
}

// One choice however many tables the page has: every control shows it.
/** @type {HTMLInputElement[]} */
const boxes = [];
/** @type {HTMLInputElement[]} */
const radios = [];
let groups = 0;

/** @param {string} next */
function chooseDeck(next) {
  deck = next;
  remember(DECK, next);
  applyChoices();
  for (const radio of radios) radio.checked = radio.value === next;
  document.dispatchEvent(new CustomEvent("cards:deck", { detail: { deck: next } }));
}

for (const holder of document.querySelectorAll("[data-four-colour-toggle]")) {
  if (!(holder instanceof HTMLElement)) continue;
  const group = document.createElement("span");
  group.className = "deck-choice";
  group.setAttribute("role", "radiogroup");
  group.setAttribute("aria-label", _("Pack of cards"));
  groups += 1;
  for (const [value, words] of Object.entries(DECKS)) {
    const label = document.createElement("label");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = `deck-choice-${groups}`;
    radio.value = value;
    radio.checked = value === deck;
    radio.addEventListener("change", () => { if (radio.checked) chooseDeck(value); });
    label.append(radio, words);
    group.append(label, " ");
    radios.push(radio);
  }
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = fourColour;
  label.append(box, _("Four-colour suits"));
  box.addEventListener("change", () => {
    remember(FOUR, box.checked ? "1" : "0");
    applyFourColour(box.checked);
    for (const other of boxes) other.checked = box.checked;
  });
  holder.append(group, " ", label);
  holder.hidden = false;
  boxes.push(box);
}

if (fourColour || deck !== "toscane") applyChoices();
