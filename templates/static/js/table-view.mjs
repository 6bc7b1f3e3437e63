// The one table renderer: draws the engine's table description (engine/table.py, the `table`
// of every state answer) for the demo, play, the replay, the coach's moments and the friends'
// table. It places what it is given (seats, hands, the centre, the stock, the score, the
// match's progress, a deal's outcome, all already in words) and shows cause and effect: a
// played card travels from its hand to the centre (Web Animations, from the card's old place),
// the card taking the trick is marked before the trick goes to the winner's side, a capture is
// shown with the card that made it before they leave, the last trick can be looked at again.
// Under prefers-reduced-motion the marks stay and nothing travels. It knows no game.

import { cardImage } from "./table.mjs";
import { el, reducedMotion } from "./util.mjs";
import { _, pgettext } from "./words.mjs";
import { changed, closeOutcome, drawOutcome, drawProgress, drawScore, ruleLink, scoreTable, showOutcome } from "./table-panels.mjs";
import { ghosts, places, sameCentre, send, travel } from "./table-motion.mjs";

// The words around the table (table-panels.mjs), for the modules that read them here.
export { closeOutcome, drawOutcome, drawProgress, drawScore, reducedMotion, ruleLink, scoreTable, showOutcome };

/** @typedef {import("./shapes").TableShape} TableShape */
/** @typedef {import("./shapes").SeatShape} SeatShape */
/** @typedef {import("./shapes").HandCard} HandCard */
/** @typedef {import("./shapes").CentreShape} CentreShape */
/** @typedef {import("./shapes").StockShape} StockShape */
/** @typedef {keyof typeof VERDICTS} Verdict */
/** @typedef {{legal?: Set<string> | null, busy?: boolean, turn?: number | null}} DrawOptions */
/** @typedef {import("./table-motion.mjs").Ghost} Ghost */
/**
 * What `draw` did, for `settle`.
 * @typedef {object} Drawn
 * @property {Map<string, DOMRect>} before
 * @property {Set<string | undefined>} known
 * @property {Ghost[]} leaving
 * @property {CentreShape | null} centre
 * @property {TableShape} table
 */

/** The element `selector` finds in `root`, one the page's markup or this renderer put there.
 *  @param {ParentNode} root @param {string} selector */
function part(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

// ---- drawing only what changed ---------------------------------------------------------------
// A move changes a card or two: the renderer keeps every other element (and its <img>, so no
// image is made, decoded, laid out and painted again) and moves only what changed.

/** @type {WeakMap<Element, string | null>} an item drawn by keepItems -> its key (a card; null: face down) */
const itemKeys = new WeakMap();

/** `list`'s children become `items`, in order; an element already in place is not touched.
 *  @param {Element} list @param {Element[]} items */
function place(list, items) {
  const kept = new Set(items);
  for (const node of [...list.children]) if (!kept.has(node)) node.remove();
  items.forEach((node, i) => {
    if (list.children[i] !== node) list.insertBefore(node, list.children[i] || null);
  });
}

/** A hand's card names by code, as the description gives them (the images' alt texts).
 *  @param {HandCard[]} cards @returns {Map<string | null, string | undefined>} */
function cardNames(cards) {
  return new Map(cards.filter((c) => c.card).map((c) => [c.card, c.name ?? undefined]));
}

/** The items of `list` for `keys` (a card, or null for one face down): the element drawn for
 *  the same key last time when there is one (the cards face down in order), else `make(key)`.
 *  @template {HTMLElement} T
 *  @param {Element} list @param {(string | null)[]} keys @param {(key: string | null) => T} make
 *  @returns {T[]} */
function keepItems(list, keys, make) {
  /** @type {Map<string, T>} */
  const old = new Map();
  /** @type {T[]} */
  const backs = [];
  for (const node of /** @type {HTMLCollectionOf<T>} */ (list.children)) {
    const key = itemKeys.get(node);
    if (key === null) backs.push(node);
    else if (key !== undefined) old.set(key, node);
  }
  const items = keys.map((key) => {
    let node = key === null ? backs.shift() : old.get(key);
    if (!node) {
      node = make(key);
      itemKeys.set(node, key);
    }
    return node;
  });
  place(list, items);
  return items;
}

/** Set an attribute only when it changes (an unchanged write can still restyle the element).
 *  @param {Element} node @param {string} name @param {string} value */
function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** @param {Element} node @param {string} value */
function setClass(node, value) {
  if (node.className !== value) node.className = value;
}

/** A card's tag ("known", "trump"...) as the last child of `holder`, or none.
 *  @param {Element} holder @param {string | null} tag */
function setTag(holder, tag) {
  let span = holder.querySelector(":scope > .card-tag");
  if (!tag) {
    if (span) span.remove();
    return;
  }
  if (!span) span = holder.appendChild(el("span", { class: "card-tag" }));
  if (span.textContent !== tag) span.textContent = tag;
}

/** The cards the seat to play may play, from the description's choices (none: an empty set).
 *  @param {TableShape} table */
function playableCards(table) {
  return new Set(((table && table.choices) || []).map((group) => group.card).filter(Boolean));
}

// ---- verdicts --------------------------------------------------------------------------------
// A verdict (a demo question's answer, a practice answer, a hint) is seen, not guessed: a word,
// a colour AND a sign, never colour alone (table.css: .verdict and [data-verdict]), and the
// card it concerns lit on the table (TableView.light). One look for every page that judges.

/** The marks a verdict may have, each with its default word and its sign. */
export const VERDICTS = {
  best: { word: pgettext("verdict", "Best"), sign: "\u2714" },       // heavy check mark
  good: { word: pgettext("verdict", "Good"), sign: "\u2248" },       // almost equal: nearly as good as the best
  inaccuracy: { word: pgettext("verdict", "Inaccurate"), sign: "!" },
  mistake: { word: pgettext("verdict", "Mistake"), sign: "\u2718" }, // heavy ballot X
  hint: { word: pgettext("verdict", "Hint"), sign: "\u2605" },       // black star: the coach's suggestion, not a verdict on a move made
};

/** A verdict's badge: its sign (for the eye; the word says it to everyone) and its word.
 *  @param {string} mark a Verdict @param {string | null} [word] */
export function verdictBadge(mark, word = null) {
  const known = VERDICTS[/** @type {Verdict} */ (mark)] || VERDICTS.mistake;
  return el("span", { class: "verdict", "data-verdict": mark },
    el("span", { class: "verdict-sign", "aria-hidden": "true", text: known.sign }),
    el("strong", { class: "verdict-word", text: word || known.word }));
}

export class TableView {
  /**
   * `root` holds a `[data-table]` element. `interactive`: the viewer's own hand is a row of
   * buttons (`data-card`, `data-seat`) the page listens to; or a list of seats whose hands are
   * (a practice position where the visitor plays more than one seat).
   * @param {HTMLElement} root @param {{interactive?: boolean | number[]}} [options]
   */
  constructor(root, { interactive = false } = {}) {
    this.root = root;
    this.table = root.matches && root.matches("[data-table]") ? root : part(root, "[data-table]");
    this.interactive = interactive;
    this.shape = "";
    /** @type {TableShape | null} */
    this.previous = null;
    /** @type {{card: string, mark: string} | null} */
    this.lit = null;
    /** @type {HTMLElement[]} */
    this.seats = [];
    /** @type {HTMLElement} the centre's box (built by build()) */
    this.centre = this.table;
  }

  /** Lay the seats and the centre once per table shape (players, viewer, kind of centre); the
   *  seat at the bottom may change without it (drawSeat moves each seat to its place).
   *  @param {TableShape} table */
  build(table) {
    const shape = `${table.players}/${table.viewer}/${table.centre.kind}/${Boolean(table.stock)}`;
    if (shape === this.shape) return;
    this.shape = shape;
    const t = this.table;
    t.replaceChildren();
    t.dataset.seats = String(table.players);
    const pairs = table.sides.length < table.players;
    this.seats = table.seats.map((s) => {
      const box = el("div", {
        class: `seat seat-${s.position}${pairs ? ` team-${s.side}` : ""}`, "data-seat": s.seat,
        role: "group", "aria-label": s.label,
      });
      box.append(el("p", { class: "seat-label" }, el("span", { class: "seat-name", text: s.name }),
        s.role_words ? el("span", { class: "seat-team", text: s.role_words }) : null,
        el("span", { class: "seat-dealer", text: pgettext("seat badge", "dealer"), hidden: true })),
      el("ul", { class: "hand", "data-hand": "" }),
      el("div", { class: "turned", "data-turned": "", hidden: true }),
      el("p", { class: "seat-pile", "data-pile": "", hidden: true }));
      t.append(box);
      return box;
    });
    const centre = el("div", { class: "table-centre" });
    const listClass = table.centre.kind === "trick" ? "trick" : "floor";
    centre.append(el("p", { class: "trump-badge", "data-trump": "", "data-floor-label": "" }));
    if (table.stock) centre.append(el("div", { class: "stock", "data-stock": "" }));
    centre.append(el("ul", { class: listClass, [`data-${listClass}`]: "", "data-centre": "", "aria-label": table.centre.kind === "trick" ? _("The trick") : _("The cards on the table") }),
      el("p", { class: "centre-words", "data-centre-words": "", "aria-live": "polite" }),
      el("details", { class: "table-review", "data-review": "", hidden: true }, el("summary"), el("ul", { class: "review-cards" }), el("p", { class: "review-words" })));
    t.append(centre);
    this.centre = centre;
    this.previous = null;
  }

  /**
   * Draw `table` (the engine's description). For the interactive viewer: `legal` (a Set of
   * actions) makes its cards live on its turn (the coach's hint is lit with light(card, "hint")).
   * @param {TableShape} table @param {DrawOptions} [options]
   */
  render(table, options = {}) {
    this.settle(this.draw(table, options));
  }

  /** `render`'s first half: the table into the page, with no place read after a write. A page
   *  with more to write for the same state (its words, the score) writes it before `settle`
   *  (the travel, which reads the cards' new places): the page is laid out once, not twice.
   *  @param {TableShape} table @param {DrawOptions} [options] @returns {Drawn} */
  draw(table, { legal = null, busy = false, turn = null } = {}) {
    // Where every card is now (the build's drawing of the same table included), before the
    // redraw: a card new in the centre travels from there.
    const before = places(this.table);
    const known = new Set([.../** @type {NodeListOf<HTMLElement>} */ (this.table.querySelectorAll("[data-centre] li[data-card]"))]
      .map((li) => li.dataset.card));
    this.build(table);
    const leaving = this.previous && this.previous.centre.complete && !sameCentre(this.previous.centre, table.centre)
      ? ghosts(this, this.previous.centre, table.centre) : [];
    this.table.dataset.game = table.game;
    this.table.classList.toggle("is-between-deals", table.between_deals);
    table.seats.forEach((s, i) => this.drawSeat(this.seats[i], s, table, { legal, busy, turn }));
    this.drawCentre(table);
    if (table.stock) this.drawStock(table.stock);
    this.relight();
    const drawn = { before, known, leaving, centre: this.previous && this.previous.centre, table };
    this.previous = table;
    return drawn;
  }

  /** `render`'s second half: what `draw` put in the centre travels there, a finished trick
   *  leaves for its taker.
   *  @param {Drawn} drawn */
  settle({ before, known, leaving, centre, table }) {
    travel(this, before, known);
    send(this, leaving, centre, table);
  }

  /** @param {HTMLElement} box @param {SeatShape} s @param {TableShape} table
   *  @param {{legal: Set<string> | null, busy: boolean, turn: number | null}} options */
  drawSeat(box, s, table, { legal, busy, turn }) {
    const place = `seat-${s.position}`;
    if (!box.classList.contains(place)) { // the table turned: another seat at the bottom
      box.classList.remove(...[...box.classList].filter((name) => /^seat-(south|east|north|west)$/.test(name)));
      box.classList.add(place);
    }
    box.classList.toggle("is-to-play", s.badges.includes("to play"));
    box.classList.toggle("is-dealer", s.badges.includes("dealer"));
    part(box, ".seat-dealer").hidden = !s.badges.includes("dealer");
    const hand = part(box, "[data-hand]");
    const mine = Array.isArray(this.interactive) ? this.interactive.includes(s.seat)
      : Boolean(this.interactive) && s.seat === table.viewer;
    const aside = mine ? [] : s.hand.cards.filter((c) => c.aside);
    const inHand = mine ? s.hand.cards : s.hand.cards.filter((c) => !c.aside);
    const name = cardNames(s.hand.cards);
    const yourTurn = (turn === null ? table.your_turn : turn === s.seat) && !busy;
    if (mine) this.drawYourHand(hand, inHand, { legal, yourTurn, seat: s.seat });
    else {
      const items = keepItems(hand, inHand.map((c) => c.card), (card) => el("li", { class: "hand-card", ...(card ? { "data-card": card } : {}) },
        cardImage(card, { width: 48, name: name.get(card) })));
      // The seat to play: the cards it may play are marked (the description's choices are the
      // mover's only where this viewer may know them: its own turn, or a public record).
      const next = s.seat === table.to_play && !busy ? playableCards(table) : null;
      items.forEach((li, i) => {
        setTag(li, inHand[i].tag);
        li.classList.toggle("is-playable", Boolean(next && inHand[i].card && next.has(inHand[i].card)));
      });
      setAttr(hand, "aria-label", s.hand.words);
    }
    setAttr(hand, "data-count", String(inHand.length));
    hand.classList.toggle("is-yours", mine);
    const turned = part(box, "[data-turned]");
    const caption = "caption"; // the note's key among the turned cards' (no card is called so)
    const shown = keepItems(turned, [...aside.map((c) => c.card), ...(s.note ? [caption] : [])],
      (key) => (key === caption ? el("p", { class: "turned-caption" }) : cardImage(key, { width: 48, name: name.get(key) })));
    const note = shown.at(-1);
    if (s.note && note && note.textContent !== s.note) note.textContent = s.note;
    turned.hidden = !s.note && !aside.length;
    const pile = part(box, "[data-pile]");
    if (pile.textContent !== (s.pile || "")) pile.textContent = s.pile || "";
    pile.hidden = !s.pile;
  }

  /** @param {HTMLElement} list @param {HandCard[]} cards
   *  @param {{legal: Set<string> | null, yourTurn: boolean, seat: number}} options */
  drawYourHand(list, cards, { legal, yourTurn, seat }) {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focused = active && list.contains(active) ? active.dataset.card : null;
    // Each card keeps its button from one state to the next: only its marks change.
    const playable = new Set(yourTurn && legal ? [...legal].map((a) => a.split(" ")[0]) : []);
    const name = cardNames(cards);
    const items = keepItems(list, cards.map((c) => c.card), (card) => el("li", { class: "hand-card" },
      el("button", { type: "button", class: "card-button", "data-card": card, tabindex: "-1" },
        cardImage(card, { width: 60, name: name.get(card) }))));
    const buttons = items.map((li, i) => {
      const { card, tag } = cards[i];
      const live = card !== null && playable.has(card);
      setClass(li, `hand-card${live ? " is-playable" : ""}`);
      const button = /** @type {HTMLButtonElement} */ (li.firstElementChild);
      setAttr(button, "data-seat", String(seat));
      setAttr(button, "aria-disabled", live ? "false" : "true");
      setTag(button, tag);
      return button;
    });
    setAttr(list, "aria-label", yourTurn ? _("Your cards: choose one to play") : _("Your cards"));
    const keep = buttons.find((b) => b.dataset.card === focused)
      || buttons.find((b) => b.getAttribute("aria-disabled") === "false") || buttons[0];
    for (const b of buttons) setAttr(b, "tabindex", b === keep ? "0" : "-1");
    if (focused && keep && document.activeElement !== keep) keep.focus({ preventScroll: true });
  }

  /** Light `card` on the table (in a hand or in the centre) with a verdict's `mark`
   *  (VERDICTS): its colour and its sign on the card; any card lit before goes dark. Answers
   *  the element lit, or null when the card is not on the table.
   *  @param {string} card @param {string} mark a Verdict */
  light(card, mark) {
    this.unlight();
    this.lit = { card, mark }; // kept lit through redraws until unlight()
    return this.relight();
  }

  /** @returns {HTMLElement | null} */
  relight() {
    if (!this.lit) return null;
    const { card, mark } = this.lit;
    this.darken();
    const node = [.../** @type {NodeListOf<HTMLElement>} */ (this.table.querySelectorAll("[data-hand] [data-card], [data-centre] li[data-card]"))]
      .find((n) => n.dataset.card === card);
    if (!node) return null;
    const item = node.closest("li") || node;
    item.classList.add("is-lit");
    item.dataset.verdict = mark;
    item.dataset.verdictSign = (VERDICTS[/** @type {Verdict} */ (mark)] || VERDICTS.mistake).sign;
    return item;
  }

  /** Every lit card goes dark. */
  unlight() {
    this.lit = null;
    this.darken();
  }

  darken() {
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (this.table.querySelectorAll(".is-lit, [data-verdict-sign]"))) {
      item.classList.remove("is-lit");
      delete item.dataset.verdict;
      delete item.dataset.verdictSign;
    }
  }

  /** The viewer's cards go quiet at once (a move is on its way): nothing else is drawn. */
  quiet() {
    for (const li of this.table.querySelectorAll("[data-hand] .hand-card.is-playable")) li.classList.remove("is-playable");
    for (const b of this.table.querySelectorAll('[data-hand] button.card-button[aria-disabled="false"]')) b.setAttribute("aria-disabled", "true");
  }

  /** The cards of `centre` into `list`, each marked as the description says. A card already
   *  there keeps its element (so only new cards travel, and nothing is decoded twice).
   *  @param {HTMLElement} list @param {CentreShape} centre @param {string} itemClass */
  centreCards(list, centre, itemClass) {
    /** @type {Map<string | undefined, HTMLElement>} */
    const old = new Map();
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll("li[data-card]"))) old.set(li.dataset.card, li);
    const items = centre.cards.map((c, order) => {
      const li = old.get(c.card) || el("li", { "data-card": c.card }, cardImage(c.card, { width: 56, name: c.name }),
        el("span", { class: "visually-hidden" }));
      li.className = `${itemClass}${c.position ? ` at-${c.position}` : ""}${c.mark ? ` is-${c.mark}` : ""}`;
      li.dataset.order = String(order);
      if (c.seat !== null) li.dataset.seat = String(c.seat);
      else delete li.dataset.seat;
      if (c.mark) li.dataset.mark = c.mark;
      else delete li.dataset.mark;
      const words = /** @type {ChildNode} */ (li.lastChild);
      if (words.textContent !== ` ${c.words}`) words.textContent = ` ${c.words}`;
      return li;
    });
    if (!centre.cards.length && centre.empty) items.push(el("li", { class: "floor-empty", text: centre.empty }));
    place(list, items);
    list.classList.toggle("is-complete", centre.complete);
    list.classList.toggle("is-sweep", centre.sweep);
  }

  /** @param {TableShape} table */
  drawCentre(table) {
    const c = table.centre;
    const badge = part(this.centre, "[data-trump]");
    badge.textContent = c.label;
    if (c.suit) badge.dataset.suit = c.suit;
    badge.classList.toggle("is-scopa", c.sweep);
    const list = part(this.centre, "[data-centre]");
    this.centreCards(list, c, c.kind === "trick" ? "trick-card" : "floor-card");
    const words = part(this.centre, "[data-centre-words]");
    words.textContent = c.words || "";
    words.hidden = !c.words;
    const review = /** @type {HTMLDetailsElement} */ (part(this.centre, "[data-review]"));
    if (!c.review) {
      review.hidden = true;
      review.open = false;
      return;
    }
    const key = JSON.stringify(c.review.cards);
    if (review.dataset.key !== key) {
      review.dataset.key = key;
      part(review, "summary").textContent = _("{label}: look again", { label: c.review.label });
      this.centreCards(part(review, "ul"), c.review, c.review.kind === "trick" ? "review-card" : "review-card");
      part(review, ".review-words").textContent = c.review.words || "";
    }
    review.hidden = false;
  }

  /** @param {StockShape} stock */
  drawStock(stock) {
    const box = part(this.centre, "[data-stock]");
    if (changed(box, `${stock.count > 0}/${stock.turned}`)) { // the pile only when it changes
      box.replaceChildren();
      if (stock.count > 0) {
        const pile = el("div", { class: "stock-pile" });
        if (stock.turned) pile.append(el("span", { class: "stock-trump" }, cardImage(stock.turned, { width: 48, name: stock.turned_name ?? undefined })));
        pile.append(el("span", { class: "stock-back" }, cardImage(null, { width: 48 })));
        box.append(pile);
      }
      box.append(el("p", { class: "stock-count", "data-stock-count": "" }));
    }
    const count = part(box, "[data-stock-count]");
    if (count.textContent !== stock.words) count.textContent = stock.words;
  }
}
