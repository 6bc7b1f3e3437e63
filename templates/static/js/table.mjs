// Drawing a card table from the engine's observation: seats, hands, the trick, the turned-up
// card, tricks and points. Shared by the demo, the practice and the games. Pure rendering:
// it decides nothing about the rules (the observation and the explanations say it all).

import { cardSrc } from "./cards.mjs";

const RANK_WORDS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  J: "jack", Q: "queen", K: "king" };
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** The accessible name of a card in notation: "KC" -> "king of clubs". */
export function cardName(code) {
  return `${RANK_WORDS[code[0]]} of ${SUIT_WORDS[code[1]]}`;
}

/** An action in words: a card's name, or the swap. */
export function actionWords(action) {
  return action === "swap" ? "swap the seven of trumps" : cardName(action);
}

const CARD_RATIO = 360 / 240;

/** A component's data: the JSON file named by `element`'s data-src (kept out of the page so it
 *  stays light; the service worker keeps it offline), fetched once, then `start(data)`. When it
 *  cannot be fetched, the component says so in words and stays as the page drew it. With
 *  `whenNear`, nothing happens until the component comes near the viewport (a link to it, a
 *  scroll, Tab), so a long page's first paint does not wait on parts far below it. */
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
      note.textContent = "This part of the page could not load its data (are you offline?). "
        + "Reload the page to try again; the rules on this page are complete without it.";
      root.prepend(note);
      console.warn(`${src}: ${err}`);
    });
}

/** An <img> of a card (or of the back when `code` is null), sized by CSS (class "card"). */
export function cardImage(code, { width = 60, lazy = false } = {}) {
  const img = document.createElement("img");
  img.className = code ? "card" : "card card-back";
  img.setAttribute("src", cardSrc(code || "back"));
  img.alt = code ? cardName(code) : "a card, face down";
  img.width = width;
  img.height = Math.round(width * CARD_RATIO);
  img.decoding = "async";
  if (lazy) img.loading = "lazy";
  if (code) img.dataset.card = code;
  return img;
}

/** Where a seat sits on screen when `you` sit at the bottom: south, east, north, west. */
export function seatPosition(seat, you, players) {
  const around = players === 4 ? ["south", "east", "north", "west"]
    : players === 3 ? ["south", "east", "west"] : ["south", "north"];
  return around[(((seat - you) % players) + players) % players];
}

/** The engine's "Seat 2" and "team 0 (seats 0 and 2)" in the table's own names. */
export function nameSeats(text, seatNames, teamNames) {
  let out = String(text || "");
  out = out.replace(/\b[Tt]eam (\d)(?: \(seats \d and \d\))?/g,
    (whole, t) => (teamNames && teamNames[t]) || whole);
  return out.replace(/\b[Ss]eat (\d)\b/g, (whole, s) => (seatNames && seatNames[s]) || whole);
}

/** An element: `attrs` are attributes ("class", "text" for its text; null, undefined and false
 *  leave one out, true sets it empty), then its children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function clear(element) {
  while (element.firstChild) element.removeChild(element.firstChild);
}

function item(child, className) {
  const li = document.createElement("li");
  if (className) li.className = className;
  li.append(child);
  return li;
}

/**
 * A hand: the cards face up when known, else `count` backs. `highlight` (a set of codes)
 * marks cards, e.g. the legal ones; `aside` (a code) is left out: the turned-up card,
 * shown on the table in front of the dealer instead.
 */
export function renderHand(list, cards, { count = 0, highlight = null, aside = null, width = 60 } = {}) {
  // Keyed by card: the same card keeps its <li> and <img> from one move to the next, so a
  // step redraws only what changed (no new image elements, no re-decoding).
  const codes = cards ? cards.filter((code) => code !== aside) : Array(count).fill(null);
  const old = new Map();
  const backs = [];
  for (const li of list.children) {
    if (li.dataset.card) old.set(li.dataset.card, li);
    else if (li.querySelector(":scope > img.card-back")) backs.push(li); // another kind of item is drawn anew
  }
  const items = codes.map((code) => {
    let li = code ? old.get(code) : backs.shift(); // in order: the backs left stay where they are
    if (!li) {
      li = item(cardImage(code, { width }), "hand-card");
      if (code) li.dataset.card = code;
    }
    li.classList.toggle("is-playable", Boolean(code && highlight && highlight.has(code)));
    return li;
  });
  // Only what changed moves: a card played leaves its hand, the others stay in the page (an
  // image put back into the page is laid out and painted again).
  const kept = new Set(items);
  for (const li of [...list.children]) if (!kept.has(li)) li.remove();
  items.forEach((li, i) => {
    if (list.children[i] !== li) list.insertBefore(li, list.children[i] || null);
  });
  list.dataset.count = String(items.length);
}

/**
 * The trick in the middle: one slot per seat, placed by position. `cards` is
 * [{seat, card}] in play order; `winner` (a seat) is marked once the trick is complete.
 */
export function renderTrick(list, cards, { you = 0, players = 4, seatNames = [], winner = null, width = 64 } = {}) {
  clear(list);
  cards.forEach(({ seat, card }, order) => {
    const li = item(cardImage(card, { width }), `trick-card at-${seatPosition(seat, you, players)}`);
    li.dataset.seat = String(seat);
    li.style.setProperty("--order", String(order));
    const label = document.createElement("span");
    label.className = "visually-hidden";
    label.textContent = ` played by ${seatNames[seat] || "seat " + seat}`;
    li.append(label);
    if (winner === seat) li.classList.add("is-winner");
    list.append(li);
  });
}

const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

/**
 * The turned-up card face up in front of the dealer (`box` sits in the dealer's seat) while
 * the dealer still holds it (who swapped it is the move's words); `badge` names the trump suit.
 */
export function renderTurned(box, badge, observation, { width = 48 } = {}) {
  const { turned, trump } = observation;
  if (badge && trump) {
    badge.textContent = `Trump: ${SUIT_SYMBOLS[trump.suit] || ""} ${trump.name}`;
    badge.dataset.suit = trump.suit;
  }
  if (!box) return;
  clear(box);
  if (turned && turned.in_hand) {
    const img = cardImage(turned.card, { width });
    box.append(img);
  }
  const caption = document.createElement("p");
  caption.className = "turned-caption";
  caption.textContent = turned && turned.in_hand ? `Turned up: ${turned.name}` : "";
  box.append(caption);
  box.hidden = !caption.textContent && !box.querySelector("img");
}

/** Tricks won and points per team; the last trick's ten marked once it is scored. */
export function renderScores(board, observation, { lastTrickBonus = 10 } = {}) {
  for (const row of board.querySelectorAll("[data-team]")) {
    const team = Number(row.dataset.team);
    row.querySelector("[data-tricks]").textContent = String(observation.tricks_won[team]);
    const cell = row.querySelector("[data-points]");
    cell.textContent = String(observation.points[team]);
    if (observation.last_trick === team) {
      const bonus = document.createElement("span");
      bonus.className = "last-trick-bonus";
      bonus.textContent = ` (+${lastTrickBonus} last trick)`;
      cell.append(bonus);
    }
    row.classList.toggle("has-last-trick", observation.last_trick === team);
  }
}

/** Mark whose turn it is (and the dealer) on the seats. */
export function markSeats(table, observation) {
  for (const seat of table.querySelectorAll(".seat[data-seat]")) {
    const s = Number(seat.dataset.seat);
    seat.classList.toggle("is-to-play", observation.current_player === s);
    seat.classList.toggle("is-dealer", observation.dealer === s);
  }
}
