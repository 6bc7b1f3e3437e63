// The table's cause and effect (the animation side of the one renderer, table-view.mjs): a
// card new in the centre travels there from its hand, and a finished trick or capture leaves
// for the side that took it. Under prefers-reduced-motion nothing travels (the marks stay).

import { reducedMotion } from "./util.mjs";

/** @typedef {import("./shapes").TableShape} TableShape */
/** @typedef {import("./shapes").CentreShape} CentreShape */
/** @typedef {{node: HTMLElement, rect: DOMRect}} Ghost a copy of a card leaving the centre */
/** @typedef {{table: HTMLElement, centre: HTMLElement, seats: HTMLElement[]}} Stage the view's boxes */

/** Milliseconds a card travels (tests may set `<html data-travel-ms>` to shorten it). */
function travelMs() {
  const set = Number(document.documentElement.dataset.travelMs);
  return Number.isFinite(set) && set >= 0 && document.documentElement.dataset.travelMs !== "" ? set : 320;
}

/** The element `selector` finds in `root`.
 *  @param {ParentNode} root @param {string} selector */
function part(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

/** Each card element's place on screen, by card, before a redraw (the "first" of FLIP).
 *  @param {Element} root */
export function places(root) {
  /** @type {Map<string, DOMRect>} */
  const out = new Map();
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-hand] [data-card], [data-centre] li[data-card]"))) {
    const box = node.closest("li") || node;
    out.set(node.dataset.card ?? "", box.getBoundingClientRect());
  }
  return out;
}

/** A card new in the centre travels there from where it was (its hand; a hidden hand: the
 *  seat's hand row), from the card's old place to its new one (FLIP).
 *  @param {Stage} view @param {Map<string, DOMRect>} before @param {Set<string | undefined>} known */
export function travel(view, before, known) {
  const list = part(view.centre, "[data-centre]");
  const moving = [];
  for (const li of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll("li[data-card]"))) {
    if (known.has(li.dataset.card)) continue;
    const seat = li.dataset.seat;
    let from = before.get(li.dataset.card ?? "");
    if (!from && seat !== undefined && view.seats[Number(seat)]) from = part(view.seats[Number(seat)], "[data-hand]").getBoundingClientRect();
    if (from) moving.push({ li, from, to: li.getBoundingClientRect() });
  }
  // Every place read before anything is written: one layout however many cards travel.
  for (const { li, from, to } of moving) {
    li.dataset.travel = "from-hand";
    if (reducedMotion()) continue;
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    li.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: travelMs(), easing: "cubic-bezier(.2,.7,.3,1)" });
  }
}

/** Copies of the cards of a finished trick (or capture) that are not in the centre drawn
 *  next, left where they were, to be sent on to the side that took them.
 *  @param {Stage} view @param {CentreShape} centre @param {CentreShape} next @returns {Ghost[]} */
export function ghosts(view, centre, next) {
  if (centre.winner === null) return [];
  const staying = new Set(next.cards.map((c) => c.card));
  const list = part(view.centre, "[data-centre]");
  return [.../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll("li[data-card]"))]
    .filter((li) => !staying.has(li.dataset.card ?? ""))
    .map((li) => ({ node: /** @type {HTMLElement} */ (li.cloneNode(true)), rect: li.getBoundingClientRect() }));
}

/** The cards of a finished trick or capture go to the side that took them.
 *  @param {Stage} view @param {Ghost[]} ghosts @param {CentreShape | null} centre @param {TableShape} _table */
export function send(view, ghosts, centre, _table) {
  if (!ghosts.length || reducedMotion() || !centre || centre.winner === null) return;
  const box = view.seats[centre.winner];
  if (!box) return;
  const target = box.getBoundingClientRect();
  const base = view.table.getBoundingClientRect();
  for (const { node, rect } of ghosts) {
    node.classList.add("is-leaving");
    node.setAttribute("aria-hidden", "true");
    Object.assign(node.style, { position: "absolute", left: `${rect.left - base.left}px`, top: `${rect.top - base.top}px`,
      width: `${rect.width}px`, margin: "0", pointerEvents: "none", zIndex: "3" });
    view.table.append(node);
    const dx = target.left + target.width / 2 - (rect.left + rect.width / 2);
    const dy = target.top + target.height / 2 - (rect.top + rect.height / 2);
    const run = node.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.6)`, opacity: 0 }],
      { duration: travelMs(), easing: "ease-in", fill: "forwards" });
    run.onfinish = () => node.remove();
    run.oncancel = () => node.remove();
  }
}

/** @param {CentreShape} a @param {CentreShape} b */
export function sameCentre(a, b) {
  return a.cards.length === b.cards.length && a.cards.every((c, i) => c.card === b.cards[i].card && c.mark === b.cards[i].mark);
}
