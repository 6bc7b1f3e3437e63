// Play against the computer (and replay a shared game): the [[play: game]] component.
// The visitor sits South (seat 0); the engine worker's computer players take the other seats.
// Every rule, every computer move, every hint and every score comes from the Python engine
// through the worker (docs/worker-protocol.md); this module draws what it answers, forwards
// the visitor's choices, paces the computer's moves and keeps the game in localStorage.
// The table is South's session in the engine: the engine deals from its own secret seed and
// answers only what South may know; what is saved is the game redealt for South, and a shared
// link carries a finished deal alone. Design notes and the URL parameters: docs/play.md.

import "./anchor.mjs"; // a link to a section lands on it while this component starts
import { getEngine, mountStatus, startWhenNear } from "./engine-client.mjs";
import { cardImage, cardName, el, nameSeats, renderHand, seatPosition, withData } from "./table.mjs";
import { ReviewPanel } from "./coach.mjs";

const YOU = 0;
const STORE_VERSION = 2;   // 2: the saved record is the game redealt for South (no seed)
const READABLE_VERSIONS = [1, 2];
const GAME_NAMES = ["madrasso", "briscola", "scopa"];
const LIMITS = { depth: 8, chars: 200_000, actions: 2_000 };
const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

// ---- small helpers ----------------------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or blocked: the game is simply not remembered
  }
}

function base64url(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  let s = text.replace(/-/g, "+").replace(/_/g, "/");
  while (s.length % 4) s += "=";
  const binary = atob(s);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * A link that replays `record` on the replay page (the record travels in the fragment);
 * `at` is the move to open at (e.g. the first move of a finished deal).
 */
export function replayHref(record, page = "replay.html", at = 0) {
  return `${page}#r=${base64url(JSON.stringify(record))}${at ? `&at=${at}` : ""}`;
}

/** The move a replay link opens at (0 unless it says `&at=N`). */
export function startFromHash(hash) {
  const match = /(?:^#|&)at=(\d+)/.exec(hash || "");
  return match ? Number(match[1]) : 0;
}

/**
 * What a replay link carries: `{record}`, or `{problem}` saying in words what is wrong with it
 * (no record, not readable, not a record of these games). The engine checks the record again,
 * strictly; this only keeps a broken link from reaching it (or a blank table).
 */
export function recordFromHash(hash) {
  const match = /(?:^#|&)r=([^&]*)/.exec(hash || "");
  if (!match) return { problem: "This link carries no game to replay." };
  let text;
  try {
    text = unbase64url(match[1]);
  } catch {
    return { problem: "This replay link is damaged: its game cannot be read (part of the link may be missing)." };
  }
  if (text.length > LIMITS.chars) return { problem: "This replay link holds too much to be a game of cards." };
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { problem: "This replay link is damaged: its game cannot be read (part of the link may be missing)." };
  }
  const problem = recordProblem(record);
  return problem ? { problem } : { record };
}

function depthOf(value, limit) {
  if (value === null || typeof value !== "object") return 0;
  if (limit <= 0) return Infinity;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, limit - 1));
  return deepest + 1;
}

/** Why `record` cannot be a record of one of these games, in words; null when it may be. */
export function recordProblem(record, game = null) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return "This link holds no game record.";
  if (!GAME_NAMES.includes(record.game)) return "This link holds a game this site does not know.";
  if (game && record.game !== game) return `This is a game of ${record.game}, not of ${game}.`;
  if (depthOf(record, LIMITS.depth) > LIMITS.depth) return "This link holds something nested too deep to be a game record.";
  const moves = record.actions || record.moves || [];
  if (!Array.isArray(moves) || moves.length > LIMITS.actions) return "This link's moves cannot be read.";
  if (record.actions && !record.actions.every((a) => typeof a === "string")) return "This link's moves cannot be read.";
  if ("players" in record && !(Number.isInteger(record.players) && record.players >= 2 && record.players <= 4)) {
    return "This link's number of players is not one a game here is played with (two to four).";
  }
  return null;
}

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function listWords(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A trick's cards as [{seat, card}] whichever form the game gives them in. */
function trickCards(trick, players) {
  return (trick.cards || []).map((c, i) => (typeof c === "string"
    ? { seat: (trick.leader + i) % players, card: c } : c));
}

/** "7D x 3C 4S" -> {card: "7D", taken: ["3C", "4S"]}; "7D" -> {card: "7D", taken: []}. */
function parseScopa(action) {
  const [card, rest] = action.split(" x ");
  return { card, taken: rest ? rest.split(" ") : [] };
}

// ---- the table: seats around the felt, drawn from an observation ---------------------------------

export class TableView {
  constructor(root, { game, players, names, teams, interactive }) {
    this.root = root;
    this.game = game;
    this.players = players;
    this.names = names;
    this.teams = teams;
    this.interactive = interactive;
    this.build();
  }

  build() {
    const table = this.root.querySelector("[data-table]");
    table.replaceChildren();
    table.dataset.game = this.game;
    table.dataset.seats = String(this.players);
    this.table = table;
    this.seats = [];
    for (let seat = 0; seat < this.players; seat++) {
      const position = seatPosition(seat, YOU, this.players);
      const role = this.roleOf(seat);
      const box = el("div", {
        class: `seat seat-${position}${this.teams ? ` team-${seat % 2}` : ""}`,
        "data-seat": seat, role: "group", "aria-label": `${this.names[seat]}${role ? ` (${role})` : ""}`,
      });
      const label = el("p", { class: "seat-label" },
        el("span", { class: "seat-name", text: this.names[seat] }),
        role ? el("span", { class: "seat-team", text: role }) : null,
        el("span", { class: "seat-dealer", text: "dealer", hidden: true }));
      const hand = el("ul", { class: "hand", "data-hand": "", "aria-label": seat === YOU && this.interactive
        ? "Your cards" : `${this.names[seat]}’s cards` });
      box.append(label, hand);
      if (this.game === "madrasso") box.append(el("div", { class: "turned", "data-turned": "", hidden: true }));
      if (this.game === "scopa") box.append(el("p", { class: "seat-pile", "data-pile": "" }));
      table.append(box);
      this.seats.push(box);
    }
    const centre = el("div", { class: "table-centre" });
    if (this.game === "scopa") {
      centre.append(el("p", { class: "trump-badge", "data-floor-label": "", text: "The table" }),
        el("ul", { class: "floor", "data-floor": "", "aria-label": "The cards on the table" }));
    } else {
      centre.append(el("p", { class: "trump-badge", "data-trump": "" }));
      if (this.game === "briscola") centre.append(el("div", { class: "stock", "data-stock": "" }));
      centre.append(el("ul", { class: "trick", "data-trick": "", "aria-label": "The trick" }));
    }
    table.append(centre);
    this.centre = centre;
  }

  roleOf(seat) {
    if (!this.interactive) return seat === YOU ? "" : "";
    if (seat === YOU) return "you";
    if (this.players === 4) return seat % 2 === YOU % 2 ? "partner" : "opponent";
    return "computer";
  }

  /**
   * Draw `obs` (the engine's observation). `opts.last` is the last move ({seat, action,
   * explanation}); `opts.legal` (a Set of actions) and `opts.yourTurn` make South's cards live.
   */
  render(obs, { last = null, legal = null, yourTurn = false, hinted = null } = {}) {
    const turned = obs.turned || null;
    const turnedAside = this.game === "madrasso" && turned && turned.in_hand ? turned.card : null;
    this.seats.forEach((box, seat) => {
      box.classList.toggle("is-to-play", obs.current_player === seat);
      box.classList.toggle("is-dealer", obs.dealer === seat);
      const dealerMark = box.querySelector(".seat-dealer");
      dealerMark.hidden = obs.dealer !== seat || this.game === "briscola";
      const hand = box.querySelector("[data-hand]");
      const cards = obs.hands ? obs.hands[seat] : null;
      if (cards && seat === YOU && this.interactive) {
        this.renderYourHand(hand, cards, { legal, yourTurn, hinted, turned: turnedAside });
      } else if (cards) {
        hand.replaceChildren(...cards.filter((c) => !(seat === obs.dealer && c === turnedAside))
          .map((c) => el("li", { class: "hand-card" }, cardImage(c, { width: 48 }))));
      } else {
        const count = obs.hand_sizes[seat] - (seat === obs.dealer && turnedAside ? 1 : 0);
        renderHand(hand, null, { count, width: 48 }); // the backs kept from one move to the next
        hand.setAttribute("aria-label", `${this.names[seat]}’s cards: ${plural(count, "card")}, face down`);
      }
      if (this.game === "madrasso") this.renderTurned(box.querySelector("[data-turned]"), obs, seat);
      if (this.game === "scopa") this.renderPile(box.querySelector("[data-pile]"), obs, seat);
    });
    if (this.game === "scopa") this.renderFloor(obs, last);
    else this.renderTrick(obs, last);
    if (this.game === "briscola") this.renderStock(obs);
    const badge = this.centre.querySelector("[data-trump]");
    if (badge && obs.trump) {
      badge.textContent = `Trump: ${SUIT_SYMBOLS[obs.trump.suit] || ""} ${obs.trump.name}`;
      badge.dataset.suit = obs.trump.suit;
    }
  }

  renderYourHand(list, cards, { legal, yourTurn, hinted, turned }) {
    const focused = document.activeElement && list.contains(document.activeElement)
      ? document.activeElement.dataset.card : null;
    const items = cards.map((code) => {
      const playable = yourTurn && legal && [...legal].some((a) => a === code || a.startsWith(`${code} `));
      const button = el("button", {
        type: "button", class: "card-button", "data-card": code, tabindex: "-1",
        "aria-disabled": playable ? "false" : "true",
      }, cardImage(code, { width: 60 }));
      if (code === turned) {
        button.append(el("span", { class: "card-tag", text: "turned up" }));
      }
      const li = el("li", { class: `hand-card${playable ? " is-playable" : ""}${hinted === code ? " is-hinted" : ""}` }, button);
      return li;
    });
    list.replaceChildren(...items);
    list.setAttribute("aria-label", yourTurn ? "Your cards: choose one to play" : "Your cards");
    const buttons = [...list.querySelectorAll("button")];
    const keep = buttons.find((b) => b.dataset.card === focused)
      || buttons.find((b) => b.getAttribute("aria-disabled") === "false") || buttons[0];
    if (keep) keep.tabIndex = 0;
    if (focused && keep) keep.focus({ preventScroll: true });
  }

  renderTurned(box, obs, seat) {
    const { turned, swap } = obs;
    box.replaceChildren();
    if (seat !== obs.dealer || !turned) {
      box.hidden = true;
      return;
    }
    const showCard = turned.in_hand && !(seat === YOU && this.interactive);
    if (showCard) box.append(cardImage(turned.card, { width: 48 }));
    let caption = "";
    if (turned.in_hand) caption = seat === YOU && this.interactive
      ? `You turned up the ${turned.name}: it is in your hand.` : `Turned up: ${turned.name}`;
    if (swap) {
      const who = swap.seat === YOU && this.interactive ? "You" : this.names[swap.seat];
      caption += `${caption ? ". " : ""}${who} swapped the seven for the ${cardName(swap.took)}.`;
    }
    box.append(el("p", { class: "turned-caption", text: caption }));
    box.hidden = !caption;
  }

  renderTrick(obs, last) {
    let trick = obs.trick;
    let winner = null;
    const e = last && last.explanation;
    if (e && e.trick_complete && obs.tricks && obs.tricks.length && !(obs.trick.cards || []).length) {
      trick = obs.tricks[obs.tricks.length - 1];
      winner = trick.winner;
    }
    this.showTrick(trick, winner);
  }

  /** One trick in the middle (`winner` marked), e.g. the last trick of a finished deal. */
  showTrick(trick, winner = null) {
    const list = this.centre.querySelector("[data-trick]");
    list.replaceChildren(...trickCards(trick, this.players).map(({ seat, card }, order) => {
      const li = el("li", { class: `trick-card at-${seatPosition(seat, YOU, this.players)}${winner === seat ? " is-winner" : ""}`, "data-seat": seat },
        cardImage(card, { width: 56 }),
        el("span", { class: "visually-hidden", text: ` played by ${this.names[seat]}${winner === seat ? ", winning the trick" : ""}` }));
      li.dataset.order = String(order);
      return li;
    }));
    list.classList.toggle("is-complete", winner !== null);
  }

  renderStock(obs) {
    const box = this.centre.querySelector("[data-stock]");
    box.replaceChildren();
    const turned = obs.turned;
    if (obs.stock_size > 0) {
      const pile = el("div", { class: "stock-pile" });
      if (turned && turned.in_stock) pile.append(el("span", { class: "stock-trump" }, cardImage(turned.card, { width: 48 })));
      pile.append(el("span", { class: "stock-back" }, cardImage(null, { width: 48 })));
      box.append(pile);
    }
    const words = obs.stock_size > 0
      ? `Stock: ${plural(obs.stock_size, "card")}${turned && turned.in_stock ? `, the ${turned.name} at the bottom` : ""}`
      : "The stock is empty";
    box.append(el("p", { class: "stock-count", "data-stock-count": "", text: words }));
  }

  renderFloor(obs, last) {
    const list = this.centre.querySelector("[data-floor]");
    list.replaceChildren(...(obs.table || []).map((code) => el("li", { class: "floor-card" }, cardImage(code, { width: 56 }))));
    if (!(obs.table || []).length) list.append(el("li", { class: "floor-empty", text: "The table is empty." }));
    const e = last && last.explanation;
    const label = this.centre.querySelector("[data-floor-label]");
    label.textContent = e && e.scopa ? `Scopa! ${this.names[last.seat]} swept the table` : "The table";
    label.classList.toggle("is-scopa", Boolean(e && e.scopa));
  }

  renderPile(box, obs, seat) {
    const side = obs.sides.findIndex((s) => s.includes(seat));
    const first = obs.sides[side][0] === seat;
    if (!first) {
      box.textContent = `Captures with ${this.names[obs.sides[side][0]]}`;
      return;
    }
    const scope = obs.scope[side];
    box.replaceChildren(`Captured: ${plural(obs.captured_counts[side], "card")}`);
    if (scope) {
      box.append(" ", el("span", { class: "scopa-marks", text: `${plural(scope, "scopa", "scope")}` }));
    }
  }
}

// ---- words -----------------------------------------------------------------------------------------

function sideNames(game, players, names, teams) {
  if (game === "madrasso") return teams;
  if (game === "scopa" && players === 4) return ["North and South", "East and West"];
  return names;
}

/** One move in words, from the engine's explanation (the rule's own text). */
export function moveWords(game, last, names, teams) {
  if (!last) return "";
  const e = last.explanation || {};
  const who = names[last.seat];
  if (last.action === "swap") {
    const took = e.took ? cardName(e.took) : "the turned-up card";
    return `${who} swaps the seven of trumps for the turned-up ${took.replace(/^the /, "")}.`;
  }
  // The engine tells South's session only what the table showed (not "East has only one
  // club, and must play it"), so its sentence can be read out as it is.
  const facts = nameSeats(e.text || "", names, teams);
  if (game === "scopa") {
    const { card, taken } = parseScopa(last.action);
    const took = taken.length ? ` and takes ${listWords(taken.map((c) => `the ${cardName(c)}`))}` : "";
    const sweep = e.scopa ? " Scopa!" : "";
    return `${who} plays the ${cardName(card)}${took}.${sweep}`;
  }
  return facts || `${who} plays the ${cardName(last.action)}.`;
}

export function ruleLink(rules, anchor, text = null) {
  if (!anchor || !rules) return null;
  const title = (rules.sections && rules.sections[anchor]) || anchor.replace(/-/g, " ");
  return el("a", { href: `${rules.page}#${anchor}`, text: text || title });
}

// ---- the review of a finished deal -----------------------------------------------------------------

/** The coach's review panel (coach.mjs) for a finished deal, each moment drawn on a table by
 *  this module's one renderer, as the reviewed seat saw it. */
function reviewPanel({ engine, game, players, names, teams, rules, args, narrate, label }) {
  return new ReviewPanel({
    engine, game, args, narrate, label,
    drawTable: (state) => {
      const holder = el("div", { class: "coach-table" }, el("div", {
        class: "card-table play-table", "data-table": "", role: "group", "aria-label": "The table at that moment",
      }));
      new TableView(holder, { game, players, names, teams, interactive: false }).render(state.observation);
      return holder;
    },
    markCards: markMoment,
    // The practice table of the rules page; on that page itself, only the fragment changes
    // (the table and its game stay as they are).
    practiceHref: (id) => {
      const page = new URL(rules.page, document.baseURI);
      return page.pathname === window.location.pathname ? `#practice-${id}` : `${page.href.split("#")[0]}#practice-${id}`;
    },
  });
}

/** Mark on a moment's table the card played and the card the expert prefers. */
function markMoment(holder, { played, best }) {
  for (const [action, tag, mark] of [[played, "played", "is-played"], [best, "expert", "is-preferred"]]) {
    if (!action || action === "swap") continue;
    const img = holder.querySelector(`[data-hand] img[data-card="${action.split(" ")[0]}"]`);
    if (!img) continue;
    const item = img.closest("li");
    item.classList.add(mark);
    item.append(el("span", { class: "card-tag", text: tag }));
  }
}

// ---- the play table --------------------------------------------------------------------------------

export class PlayTable {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.game = this.data.game;
    this.rules = this.data.rules[this.game];
    this.engine = getEngine(root);
    this.handle = null;
    this.state = null;
    this.record = null;
    this.level = this.data.default_level;
    this.ack = null;        // the index of a finished deal the visitor has moved on from
    this.token = 0;         // bumped to stop a running computer loop (new game, undo)
    this.busy = false;
    this.hinted = null;
    this.params = new URLSearchParams(window.location.search);
    this.el = {
      live: root.querySelector("[data-live]"),
      level: root.querySelector('[data-control="level"]'),
      players: root.querySelector('[data-control="players"]'),
      newGame: root.querySelector('[data-action="new"]'),
      swap: root.querySelector('[data-action="swap"]'),
      hint: root.querySelector('[data-action="hint"]'),
      undo: root.querySelector('[data-action="undo"]'),
      status: root.querySelector(".engine-status"),
      progress: root.querySelector("[data-progress]"),
      scores: root.querySelector("[data-scores]"),
      prompt: root.querySelector("[data-prompt]"),
      choices: root.querySelector("[data-choices]"),
      hintText: root.querySelector("[data-hint]"),
      last: root.querySelector("[data-last]"),
      dealEnd: root.querySelector("[data-deal-end]"),
      end: root.querySelector("[data-end]"),
      narration: root.querySelector("[data-narration]"),
    };
    this.key = `play.${this.game}`;
    root.classList.add("is-live");
    this.el.live.hidden = false;
    for (const p of root.querySelectorAll(".play-nojs")) p.hidden = true;
    mountStatus(this.el.status, this.engine);
    this.bind();
    // An engine that stopped answering and was started again (Retry) has forgotten the game:
    // the saved one comes back on the table.
    this.engine.addEventListener("failed", () => {
      if (this.handle !== null) this.lost = true;
      this.handle = null;
      this.token += 1;
      this.busy = false;
    });
    this.engine.addEventListener("ready", () => {
      if (!this.lost) return;
      this.lost = false;
      const saved = this.loadSaved();
      if (saved && saved.record) this.enqueue(() => this.resume(saved.record));
      else this.prompt(saved && saved.unreadable ? saved.unreadable : "Press New game to deal.");
    });
    const params = this.params;
    if (params.get("level") && this.data.levels.includes(params.get("level"))) this.level = params.get("level");
    if (params.get("players") && this.el.players) this.el.players.value = params.get("players");
    const saved = this.loadSaved();
    if (saved && saved.unreadable) {
      this.el.level.value = this.level;
      this.setup(null);
      this.prompt(saved.unreadable);
      startWhenNear(root, this.engine, [this.el.newGame]);
    } else if (saved) {
      this.level = saved.level || this.level;
      this.ack = saved.ack ?? null;
      this.el.level.value = this.level;
      this.setup(saved.record);
      this.prompt("Your game is saved: it comes back on the table as soon as the engine is ready.");
      // Like a first visit, the engine starts when the table comes near (or on a press), so a
      // saved game does not load Python on a visit that never scrolls down to it.
      startWhenNear(root, this.engine, [this.el.newGame, this.el.level]);
      this.enqueue(async () => {
        await this.whenReady();
        await this.resume(saved.record);
      });
    } else {
      this.el.level.value = this.level;
      this.setup(null);
      this.prompt("Choose the computer’s level, then press New game to deal.");
      startWhenNear(root, this.engine, [this.el.newGame]);
    }
    this.renderButtons();
  }

  // ---- setting up ---------------------------------------------------------------------------

  whenReady() {
    if (this.engine.status === "ready") return Promise.resolve();
    return new Promise((resolve) => this.engine.addEventListener("ready", () => resolve(), { once: true }));
  }

  playersFor(record) {
    if (record && record.players) return record.players;
    if (this.game === "scopa" && this.el.players) return Number(this.el.players.value);
    return this.data.default_players[this.game];
  }

  setup(record) {
    this.players = this.playersFor(record);
    this.names = this.data.seat_names[this.players];
    this.teams = (this.data.team_names || {})[this.game] || null;
    this.sides = sideNames(this.game, this.players, this.names, this.teams);
    this.view = new TableView(this.root, {
      game: this.game, players: this.players, names: this.names, teams: this.teams, interactive: true,
    });
    if (this.el.players && record && record.players) this.el.players.value = String(record.players);
  }

  bind() {
    this.el.newGame.addEventListener("click", () => this.askNewGame());
    const table = this.root.querySelector("[data-table]");
    table.addEventListener("click", (event) => this.cardClicked(event));
    table.addEventListener("keydown", (event) => this.cardKey(event));
    this.el.level.addEventListener("change", () => {
      this.level = this.el.level.value;
      this.save();
      this.narrate(`The computer now plays at the ${this.el.level.selectedOptions[0].textContent} level.`);
    });
    this.el.swap.addEventListener("click", () => this.play("swap"));
    this.el.hint.addEventListener("click", () => this.hint());
    this.el.undo.addEventListener("click", () => this.undo());
  }

  enqueue(task) {
    this.queue = (this.queue || Promise.resolve()).then(task).catch((err) => this.failed(err));
    return this.queue;
  }

  failed(err) {
    this.busy = false;
    this.renderButtons();
    if (err && err.kind === "unavailable") return; // the status panel says it
    this.prompt(`The engine could not do that: ${(err && err.message) || err}`);
  }

  /**
   * The saved game, null when there is none, or `{unreadable: message}` when what is stored
   * cannot be a game of this table: it is then set aside (kept under `<key>.set-aside`, so
   * nothing is lost) and the message says so.
   */
  loadSaved() {
    const store = storage();
    if (!store) return null;
    let text = null;
    let saved = null;
    try {
      text = store.getItem(this.key);
      if (text === null) return null;
      saved = JSON.parse(text);
    } catch {
      saved = null;
    }
    const problem = !saved || typeof saved !== "object" || !READABLE_VERSIONS.includes(saved.v)
      ? "unreadable" : recordProblem(saved.record, this.game);
    if (!problem) return saved;
    this.setAside(text);
    return { unreadable: "Your saved game could not be read, so it was set aside. Press New game to deal." };
  }

  setAside(text) {
    const store = storage();
    if (!store) return;
    try {
      if (text !== null && text !== undefined) store.setItem(`${this.key}.set-aside`, text);
      store.removeItem(this.key);
    } catch { /* storage blocked or full: nothing more can be done */ }
  }

  /** Keep the game: the engine's record of it for South (every card South has not seen
   *  dealt afresh, so reading the storage tells nothing about the computers' hands). */
  async save() {
    if (this.handle === null) return;
    this.record = await this.engine.request("record", { handle: this.handle });
    const store = storage();
    if (!store) return;
    try {
      store.setItem(this.key, JSON.stringify({ v: STORE_VERSION, record: this.record, level: this.level, ack: this.ack }));
    } catch { /* storage full or blocked: the game goes on, unsaved */ }
  }

  names4engine() {
    return { seat_names: this.names, side_names: this.teams || undefined };
  }

  async resume(record) {
    let loaded;
    try {
      // South's session again: the engine deals what South has not seen afresh once more.
      loaded = await this.engine.request("load", { record, seat: YOU, ...this.names4engine() });
    } catch (err) {
      if (err && err.kind === "unavailable") throw err;
      this.setAside(storage() && storage().getItem(this.key));
      this.prompt(`Your saved game could not be read, so it was set aside (${err && err.message}). Press New game to deal.`);
      return;
    }
    this.handle = loaded.handle;
    this.state = loaded.state;
    this.record = record;
    this.narrate("Your saved game is back on the table.");
    this.loop();
  }

  /** New game: at once, unless a game is under way (it is saved, and a new deal replaces it):
   *  then a small question beside the button, "Abandon this game? Yes / No". */
  askNewGame() {
    const unfinished = this.handle !== null && this.state && !this.state.over;
    if (!unfinished) {
      this.newGame();
      return;
    }
    if (this.confirmBox) {
      this.confirmBox.querySelector("[data-confirm=no]").focus();
      return;
    }
    const question = el("span", { id: `play-abandon-${this.game}`, text: "Abandon this game?" });
    const yes = el("button", { type: "button", "data-confirm": "yes", text: "Yes" });
    const no = el("button", { type: "button", "data-confirm": "no", text: "No" });
    const box = el("span", { class: "play-confirm", role: "group",
      "aria-labelledby": `play-abandon-${this.game}` }, question, " ", yes, " ", no);
    const close = (focusBack) => {
      box.remove();
      this.confirmBox = null;
      if (focusBack) this.el.newGame.focus();
    };
    yes.addEventListener("click", () => {
      close(false);
      this.el.newGame.focus();
      this.newGame();
    });
    no.addEventListener("click", () => {
      close(true);
      this.narrate("Your game goes on.");
    });
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      }
    });
    this.confirmBox = box;
    this.el.newGame.after(box);
    no.focus();
  }

  newGame() {
    if (this.confirmBox) {
      this.confirmBox.remove();
      this.confirmBox = null;
    }
    this.token += 1; // stops a computer loop now running
    this.stopReview();
    this.busy = true;
    this.renderButtons();
    this.enqueue(async () => {
      const token = ++this.token; // and one started since, e.g. by a resume queued before
      if (this.handle !== null) await this.engine.request("drop", { handle: this.handle });
      this.handle = null;
      // The engine shuffles from a secret seed of its own; ?seed= (the first game only) is
      // the tests' hook for a known deal.
      const seed = Number.parseInt(this.params.get("seed"), 10);
      const hooked = Number.isInteger(seed) && seed >= 0 && !this.usedSeedParam;
      if (hooked) this.usedSeedParam = true;
      this.setup(null);
      const options = this.game === "scopa" ? { players: this.players } : {};
      this.prompt("Shuffling and dealing…");
      const started = await this.engine.request("new", {
        game: this.game, seat: YOU, ...(hooked ? { seed } : {}), options, ...this.names4engine(),
      });
      if (token !== this.token) return;
      this.handle = started.handle;
      this.state = started.state;
      this.ack = null;
      this.hinted = null;
      this.el.end.hidden = true;
      this.el.dealEnd.hidden = true;
      this.el.last.textContent = "";
      await this.save();
      this.narrate(`A new game: ${this.dealWords(this.state.observation)}`);
      this.busy = false;
      this.loop();
    });
  }

  dealWords(obs) {
    if (this.game === "madrasso") {
      return `${this.names[obs.dealer]} deals and turns up the ${obs.turned.name}: ${obs.trump.name} are trump.`;
    }
    if (this.game === "briscola") return `the ${obs.turned.name} is turned up: ${obs.trump.name} are trump.`;
    return `${this.names[obs.dealer]} deals; on the table: ${listWords(obs.table.map(cardName))}.`;
  }

  // ---- the game's rhythm ---------------------------------------------------------------------

  atDealEnd(state) {
    if (!state || state.over || !state.last || this.ack === state.index) return false;
    const e = state.last.explanation || {};
    if (this.game === "madrasso") return Boolean(e.deal_complete);
    if (this.game === "scopa") return Boolean(e.last_play);
    return false;
  }

  delay(state) {
    if (reducedMotion()) return 0;
    const e = state.last && state.last.explanation;
    return e && (e.trick_complete || e.scopa) ? 1400 : 750;
  }

  /** The game's rhythm, started and not awaited: whatever goes wrong in it is said (failed). */
  async loop() {
    try {
      await this.run();
    } catch (err) {
      this.failed(err);
    }
  }

  async run() {
    const token = this.token;
    while (token === this.token) {
      const state = this.state;
      this.show();
      if (state.over) {
        await this.finish();
        return;
      }
      if (this.atDealEnd(state)) {
        await this.dealEnd();
        return;
      }
      if (state.to_play === YOU) {
        this.yourTurn();
        return;
      }
      this.busy = true;
      this.renderButtons();
      this.prompt(`${this.names[state.to_play]} is thinking…`);
      await sleep(this.delay(state));
      if (token !== this.token) return;
      const answer = await this.engine.request("bot", { handle: this.handle, level: this.level, play: true });
      if (token !== this.token) return;
      this.state = answer.state;
      this.announce(this.state.last);
      await this.save();
      this.busy = false;
    }
  }

  yourTurn() {
    this.busy = false;
    const legal = this.state.legal;
    let words = "Your turn: choose a card to play.";
    if (this.game === "madrasso") {
      const cards = legal.filter((a) => a !== "swap");
      const all = (this.state.observation.hands[YOU] || []).length;
      if (cards.length < all) words = `Your turn: you may play ${listWords(cards.map((c) => `the ${cardName(c)}`))}.`;
      if (legal.includes("swap")) words += " You hold the seven of trumps: you may swap it for the turned-up card first.";
    } else if (this.game === "scopa") {
      words = "Your turn: choose a card. When it can capture in more than one way, you choose what it takes.";
    }
    this.prompt(words);
    this.renderButtons();
    this.show();
    if (this.focusHand) {
      // The control just pressed has gone (Next deal, a capture choice): go back to the hand.
      this.focusHand = false;
      const card = this.root.querySelector('.seat-south button.card-button[tabindex="0"]');
      if (card) card.focus();
    }
  }

  show() {
    const state = this.state;
    if (!state) return;
    // Between two deals the engine already holds the next deal: keep its cards out of sight
    // until Next deal, and show the finished deal's last trick instead (dealEnd).
    this.root.querySelector("[data-table]").classList.toggle("is-between-deals", this.atDealEnd(state));
    const yourTurn = state.to_play === YOU && !state.over && !this.atDealEnd(state) && !this.busy;
    this.view.render(state.observation, {
      last: state.last, legal: new Set(state.legal), yourTurn, hinted: this.hinted,
    });
    this.renderScores(state.observation);
    this.renderProgress(state);
    this.renderButtons();
  }

  renderButtons() {
    const state = this.state;
    const yourTurn = Boolean(state && state.to_play === YOU && !state.over && !this.atDealEnd(state) && !this.busy);
    this.el.swap.hidden = !(yourTurn && state.legal.includes("swap"));
    this.el.hint.disabled = !yourTurn;
    this.el.undo.disabled = !state || state.index === 0 || this.busy || this.handle === null;
    this.el.newGame.disabled = false;
    if (!yourTurn) this.el.choices.hidden = true;
  }

  // ---- your moves --------------------------------------------------------------------------------

  cardClicked(event) {
    const button = event.target.closest && event.target.closest("button.card-button");
    if (!button || !this.root.contains(button)) return;
    const code = button.dataset.card;
    const state = this.state;
    if (!state || this.busy) return;
    if (state.over || state.to_play !== YOU || this.atDealEnd(state)) {
      const who = state.over ? "The game is over." : this.atDealEnd(state) ? "The deal is over: press Next deal."
        : `Wait for your turn: ${this.names[state.to_play]} is to play.`;
      this.prompt(who);
      return;
    }
    const options = state.legal.filter((a) => a === code || a.startsWith(`${code} `));
    if (options.length === 0) {
      this.play(code); // the engine answers with the rule that forbids it
    } else if (options.length === 1) {
      this.play(options[0]);
    } else {
      this.offerCaptures(code, options);
    }
  }

  cardKey(event) {
    const button = event.target.closest && event.target.closest("button.card-button");
    if (!button) return;
    const buttons = [...button.closest("ul").querySelectorAll("button.card-button")];
    const i = buttons.indexOf(button);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = buttons[(i + 1) % buttons.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = buttons[(i - 1 + buttons.length) % buttons.length];
    else if (event.key === "Home") next = buttons[0];
    else if (event.key === "End") next = buttons[buttons.length - 1];
    if (!next) return;
    event.preventDefault();
    for (const b of buttons) b.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  offerCaptures(code, options) {
    const box = this.el.choices;
    box.replaceChildren(el("p", { class: "choices-title", text: `The ${cardName(code)} can capture in ${options.length} ways. What does it take?` }));
    const list = el("ul", { class: "choices-list" });
    for (const action of options) {
      const { taken } = parseScopa(action);
      const words = taken.length ? `Take ${listWords(taken.map((c) => `the ${cardName(c)}`))}` : "Take nothing";
      const button = el("button", { type: "button", class: "choice", "data-choice": action }, el("span", { text: words }));
      const row = el("span", { class: "choice-cards", "aria-hidden": "true" });
      for (const c of taken) row.append(cardImage(c, { width: 28 }));
      button.append(row);
      button.addEventListener("click", () => {
        box.hidden = true;
        this.focusHand = true;
        this.play(action);
      });
      list.append(el("li", {}, button));
    }
    const cancel = el("button", { type: "button", class: "choice-cancel", text: "Choose another card" });
    cancel.addEventListener("click", () => {
      box.hidden = true;
      const back = this.root.querySelector(`button.card-button[data-card="${code}"]`);
      if (back) back.focus();
    });
    box.append(list, cancel);
    box.hidden = false;
    box.querySelector("button.choice").focus();
    this.narrate(`The ${cardName(code)} can capture in ${options.length} ways: choose one.`);
  }

  play(action) {
    if (this.busy) return;
    this.busy = true;
    this.hinted = null;
    this.el.hintText.hidden = true;
    this.el.choices.hidden = true;
    this.show(); // your cards go quiet at once: one press, one move
    const token = this.token;
    this.enqueue(async () => {
      let answer;
      try {
        answer = await this.engine.request("apply", { handle: this.handle, action });
      } catch (err) {
        this.busy = false;
        if (err && err.kind === "illegal") {
          this.explainIllegal(action, err.data);
          this.show();
          return;
        }
        throw err;
      }
      if (token !== this.token) return;
      this.state = answer.state;
      this.announce(this.state.last);
      await this.save();
      this.busy = false;
      this.loop();
    });
  }

  explainIllegal(action, data) {
    const words = action === "swap" ? "You cannot swap now" : `You cannot play the ${cardName(action.split(" ")[0])}`;
    const p = el("p", { class: "play-illegal" }, `${words} (${data.rule}).`);
    const link = ruleLink(this.rules, data.anchor);
    if (link) p.append(" Rule: ", link, ".");
    this.el.prompt.replaceChildren(p);
    this.narrate(`${words} (${data.rule}).`);
  }

  hint() {
    if (this.busy || !this.state || this.state.to_play !== YOU) return;
    this.el.hintText.hidden = false;
    this.el.hintText.textContent = "The expert is thinking…";
    this.enqueue(async () => {
      // The coach's hint (engine/coach): the expert's move and why, in the game's words.
      const answer = await this.engine.request("hint", { handle: this.handle });
      this.hinted = answer.action === "swap" ? null : answer.action.split(" ")[0];
      this.el.hintText.replaceChildren(el("strong", { text: "Hint: " }), answer.text);
      const facts = [...answer.reasons.stake, ...answer.reasons.known];
      if (facts.length) {
        this.el.hintText.append(el("details", { class: "play-hint-facts" }, el("summary", { text: "What you know here" }),
          el("ul", {}, ...facts.map((fact) => el("li", { text: fact })))));
      }
      this.show();
      this.narrate(`Hint: ${answer.text}`);
    });
  }

  undo() {
    if (this.handle === null) return;
    this.token += 1;
    this.stopReview();
    this.busy = true;
    this.renderButtons();
    this.enqueue(async () => {
      let state;
      try {
        state = await this.engine.request("undo", { handle: this.handle, seat: YOU });
      } catch (err) {
        this.busy = false;
        if (err && err.kind === "request") {
          this.prompt(`Nothing to take back: ${err.message}.`);
          this.loop();
          return;
        }
        throw err;
      }
      this.state = state;
      this.hinted = null;
      this.ack = null;
      this.el.hintText.hidden = true;
      this.el.end.hidden = true;
      this.el.dealEnd.hidden = true;
      this.el.last.textContent = "You took back your last move.";
      this.narrate("You took back your last move. It is your turn again.");
      await this.save();
      this.busy = false;
      this.loop();
    });
  }

  // ---- telling what happened ---------------------------------------------------------------------

  announce(last) {
    if (!last) return;
    const text = moveWords(this.game, last, this.names, this.teams);
    this.el.last.textContent = text;
    this.el.last.classList.toggle("is-swap", last.action === "swap");
    this.narrate(text);
  }

  narrate(text) {
    this.el.narration.textContent = text;
  }

  prompt(text) {
    this.el.prompt.replaceChildren(el("p", { text }));
  }

  renderScores(obs) {
    const box = this.el.scores;
    const table = el("table", { class: "play-score-table" });
    if (this.game === "madrasso") {
      table.append(el("caption", { text: `Deal ${obs.deal}: tricks and points` }),
        el("thead", {}, el("tr", {}, ...["Team", "Tricks", "This deal", "Match total"].map((t) => el("th", { scope: "col", text: t })))));
      const body = el("tbody");
      for (const team of [0, 1]) {
        const last = obs.last_trick === team ? " (+10 last trick)" : "";
        body.append(el("tr", { "data-team": team, class: `team-${team}` },
          el("th", { scope: "row", text: `${this.teams[team]}${team === YOU % 2 && this.interactive !== false ? " (you)" : ""}` }),
          el("td", { "data-tricks": "", text: String(obs.tricks_won[team]) }),
          el("td", { "data-points": "", text: `${obs.points[team]}${last}` }),
          el("td", { "data-total": "", text: String(obs.running_totals[team]) })));
      }
      table.append(body);
    } else if (this.game === "briscola") {
      const won = [0, 0];
      for (const t of obs.tricks) won[t.winner] += 1;
      table.append(el("caption", { text: "Card points in the tricks won" }),
        el("thead", {}, el("tr", {}, ...["Player", "Tricks", "Points"].map((t) => el("th", { scope: "col", text: t })))));
      const body = el("tbody");
      for (const seat of [0, 1]) {
        body.append(el("tr", { "data-seat": seat },
          el("th", { scope: "row", text: seat === YOU && this.interactive !== false ? `${this.names[seat]} (you)` : this.names[seat] }),
          el("td", { "data-tricks": "", text: String(won[seat]) }),
          el("td", { "data-points": "", text: String(obs.points[seat]) })));
      }
      table.append(body);
    } else {
      table.append(el("caption", { text: `Deal ${obs.deal}: captures, and the match to 11` }),
        el("thead", {}, el("tr", {}, ...["Side", "Cards taken", "Scope", "Match total"].map((t) => el("th", { scope: "col", text: t })))));
      const body = el("tbody");
      obs.sides.forEach((seats, side) => {
        body.append(el("tr", { "data-side": side },
          el("th", { scope: "row", text: `${this.sides[side]}${seats.includes(YOU) && this.interactive !== false ? " (you)" : ""}` }),
          el("td", { "data-cards": "", text: String(obs.captured_counts[side]) }),
          el("td", { "data-scope": "", text: String(obs.scope[side]) }),
          el("td", { "data-total": "", text: String(obs.totals[side]) })));
      });
      table.append(body);
    }
    box.replaceChildren(table);
  }

  renderProgress(state) {
    const p = this.el.progress;
    const obs = state.observation;
    p.replaceChildren();
    if (this.game === "madrasso") {
      const match = obs.match || {};
      p.append(`Deal ${obs.deal} of at most ${match.max_deals || 12}. `,
        `The first team to ${match.target || 777} wins, counted from the end of the tenth deal; `,
        "a cappotto (all ten tricks of a deal) wins at once. ");
      const link = ruleLink(this.rules, "winning-the-match", "How the match is won");
      if (link) p.append(link);
      const meters = el("span", { class: "match-meters" });
      for (const team of [0, 1]) {
        const value = Math.min(obs.running_totals[team], match.target || 777);
        meters.append(el("label", { class: `match-meter team-${team}` },
          el("span", { text: `${this.teams[team]}: ${obs.running_totals[team]} of ${match.target || 777}` }),
          el("meter", { min: 0, max: match.target || 777, value })));
      }
      p.append(meters);
    } else if (this.game === "scopa") {
      p.append(`Deal ${obs.deal}. The first side to reach 11 points at the end of a deal wins the match. `);
      const link = ruleLink(this.rules, "winning-the-match", "How the match is won");
      if (link) p.append(link);
    } else {
      p.append("One deal: more than 60 of the pack’s 120 card points wins. ");
      const link = ruleLink(this.rules, "scoring-and-ending", "How the deal is scored");
      if (link) p.append(link);
    }
    p.hidden = false;
  }

  // ---- the end of a deal, the end of the game ------------------------------------------------------

  async dealEnd() {
    this.busy = false;
    this.renderButtons();
    const box = this.el.dealEnd;
    box.replaceChildren();
    if (this.game === "madrasso") {
      const summary = await this.engine.request("summary", { handle: this.handle });
      const number = this.state.observation.deal - 1;
      const deal = (summary.deals || []).find((d) => d.deal === number) || {};
      const points = deal.points || [0, 0];
      const tricks = deal.tricks || [];
      if (tricks.length) this.view.showTrick(tricks[tricks.length - 1], tricks[tricks.length - 1].winner);
      box.append(el("h3", { text: `Deal ${number} is over` }));
      box.append(el("p", { "data-deal-points": "", text: `${this.teams[0]} ${points[0]}, ${this.teams[1]} ${points[1]}`
        + `${deal.last_trick !== undefined && deal.last_trick !== null ? ` (the last trick’s ten to ${this.teams[deal.last_trick]})` : ""}. `
        + `Tricks: ${(deal.tricks_won || []).join(" to ")}.` }));
      const totals = this.state.observation.totals;
      box.append(el("p", { text: `Match totals: ${this.teams[0]} ${totals[0]}, ${this.teams[1]} ${totals[1]}. Next: deal ${number + 1} of at most 12.` }));
    } else {
      const deals = this.state.observation.deals || [];
      const deal = deals[deals.length - 1];
      box.append(el("h3", { text: `Deal ${deal.deal} is over` }));
      box.append(this.scopaBreakdown(deal));
    }
    // The deal just played, as its own record (its cards, its moves, its place in the match):
    // everything in it has been on the table, and nothing after it is in the link.
    box.append(this.shareBlock("Replay this deal", await this.engine.request("deal_record", { handle: this.handle })));
    this.stopReview();
    box.append(this.newReview().element);
    const next = el("button", { type: "button", class: "play-next-deal", "data-action": "next-deal", text: "Next deal" });
    next.addEventListener("click", () => {
      this.stopReview();
      this.ack = this.state.index;
      this.focusHand = true;
      box.hidden = true;
      this.save();
      this.loop();
    });
    box.append(next);
    box.hidden = false;
    this.prompt("The deal is over: see the score below, then press Next deal.");
    this.narrate(`${box.querySelector("h3").textContent}. ${box.querySelector("p").textContent}`);
    next.focus();
  }

  scopaBreakdown(deal) {
    const sides = this.sides;
    const n = deal.points.length;
    const table = el("table", { class: "scopa-breakdown", "data-breakdown": "" });
    table.append(el("caption", { text: "The deal’s points" }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Point" }),
        ...sides.map((s) => el("th", { scope: "col", text: s })))));
    const body = el("tbody");
    const row = (label, cells, anchor) => {
      const head = el("th", { scope: "row" });
      const link = anchor ? ruleLink(this.rules, anchor, label) : null;
      head.append(link || label);
      body.append(el("tr", {}, head, ...cells.map((c) => el("td", { text: c }))));
    };
    const mark = (winner, values) => values.map((v, side) => `${v}${winner === side ? " ✓ 1 point" : ""}`);
    row("Most cards", mark(deal.cards, deal.card_counts), "scoring-a-deal");
    row("Most diamonds", mark(deal.diamonds, deal.diamond_counts), "scoring-a-deal");
    row("Settebello (seven of diamonds)", Array.from({ length: n }, (_, side) => (deal.settebello === side ? "✓ 1 point" : "")), "scoring-a-deal");
    row("Primiera (sum of best cards)", mark(deal.primiera, deal.primiera_sums), "primiera");
    row("Scope (sweeps)", deal.scope.map(String), "scopa-sweeps");
    row("Points this deal", deal.points.map(String));
    row("Match total", deal.totals.map(String), "winning-the-match");
    table.append(body);
    const wrap = el("div", { class: "table-wrap" }, table);
    if (deal.leftovers && deal.leftovers.cards && deal.leftovers.cards.length) {
      wrap.append(el("p", { class: "leftovers", text: `The cards left on the table (${listWords(deal.leftovers.cards.map(cardName))}) went to ${this.names[deal.leftovers.to]}, the last to capture.` }));
    }
    return wrap;
  }

  async finish() {
    this.busy = false;
    this.renderButtons();
    this.el.dealEnd.hidden = true;
    const box = this.el.end;
    box.replaceChildren();
    const result = this.state.result || {};
    let title = "Game over";
    let words = "";
    if (this.game === "madrasso") {
      const match = result.match || {};
      const won = match.winner === YOU % 2;
      title = won ? "You and North win the match!" : "East and West win the match";
      const how = match.reason === "cappotto"
        ? `a cappotto (every trick of deal ${match.deal})`
        : `reaching ${match.target || 777} on trick ${match.after_trick} of deal ${match.deal}`;
      words = `${this.teams[match.winner]} won by ${how}. Final totals: ${this.teams[0]} ${result.totals[0]}, ${this.teams[1]} ${result.totals[1]}.`;
      box.append(el("h3", { text: title }), el("p", { "data-result": "", text: words }));
      const rule = el("p", {}, "The rule that ended it: ");
      rule.append(ruleLink(this.rules, "winning-the-match", "Winning the match") || "winning the match", ".");
      box.append(rule);
    } else if (this.game === "briscola") {
      const [a, b] = result.points;
      title = result.draw ? "A draw" : result.winner === YOU ? "You win!" : `${this.names[1]} wins`;
      words = result.draw ? `60 card points each: a draw.` : `${this.names[0]} (you) ${a}, ${this.names[1]} ${b}: ${Math.max(a, b)} is more than 60 of the 120 card points.`;
      box.append(el("h3", { text: title }), el("p", { "data-result": "", text: words }));
    } else {
      const totals = result.totals || [];
      const winner = result.winner;
      const yourSide = this.state.observation.sides.findIndex((s) => s.includes(YOU));
      title = winner === yourSide ? "You win the match!" : `${this.sides[winner]} wins the match`;
      const deals = result.last_deal ? result.last_deal.deal : result.deals;
      words = `Final score after ${plural(deals, "deal")}: ${totals.map((t, i) => `${this.sides[i]} ${t}`).join(", ")}.`;
      box.append(el("h3", { text: title }), el("p", { "data-result": "", text: words }));
      if (result.last_deal) {
        box.append(el("h4", { text: `Deal ${result.last_deal.deal}` }), this.scopaBreakdown(result.last_deal));
      }
    }
    const last = await this.engine.request("deal_record", { handle: this.handle });
    box.append(this.shareBlock(this.game === "briscola" ? "Replay this game" : "Replay the last deal", last));
    this.stopReview();
    box.append(this.newReview(this.game === "briscola" ? "Review this deal" : "Review the last deal").element);
    if (this.game !== "briscola" && (this.state.observation.deal || 1) > 1) {
      box.append(this.newReview("Review the whole match", "all").element);
    }
    const again = el("button", { type: "button", "data-action": "again", text: "Play again" });
    again.addEventListener("click", () => this.newGame());
    box.append(again);
    box.hidden = false;
    this.prompt(/[.!]$/.test(title) ? title : `${title}.`);
    this.narrate(`${title}. ${words}`);
  }

  /** A review panel for the deal just finished (the session's last deal played out), or with
   *  `deal: "all"` for every deal of the match. */
  newReview(label = "Review this deal", deal = undefined) {
    const handle = this.handle;
    const panel = reviewPanel({
      engine: this.engine, game: this.game, players: this.players, names: this.names, teams: this.teams,
      rules: this.rules, args: () => ({ handle, deal }), narrate: (text) => this.narrate(text), label,
    });
    this.reviews = [...(this.reviews || []), panel];
    return panel;
  }

  /** The table moves on: a review still running is dropped. */
  stopReview() {
    for (const panel of this.reviews || []) panel.cancel();
    this.reviews = [];
  }

  shareBlock(label, record) {
    const href = replayHref(record, this.data.replay_page);
    const wrap = el("p", { class: "play-share" });
    const link = el("a", { href, "data-replay": "", text: label });
    const copy = el("button", { type: "button", class: "play-copy", text: "Copy the link" });
    copy.addEventListener("click", async () => {
      const url = new URL(href, document.baseURI).href;
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = "Link copied";
      } catch {
        copy.textContent = "Copy failed: use the link";
      }
    });
    wrap.append(link, " ", copy, el("span", { class: "play-share-note", text: " (the link holds this finished deal, every card of it: anyone can replay it, no server needed)" }));
    return wrap;
  }
}

// ---- the replay viewer -----------------------------------------------------------------------------

class ReplayViewer {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.engine = getEngine(root);
    this.el = {
      live: root.querySelector("[data-live]"),
      status: root.querySelector(".engine-status"),
      position: root.querySelector("[data-position]"),
      last: root.querySelector("[data-last]"),
      end: root.querySelector("[data-end]"),
      scores: root.querySelector("[data-scores]"),
      progress: root.querySelector("[data-progress]"),
      narration: root.querySelector("[data-narration]"),
      play: root.querySelector('[data-action="play"]'),
    };
    root.classList.add("is-live");
    this.el.live.hidden = false;
    for (const p of root.querySelectorAll(".play-nojs")) p.hidden = true;
    mountStatus(this.el.status, this.engine);
    this.playing = false;
    this.queue = Promise.resolve();
    this.handle = null;
    this.controls = ["start", "back", "forward", "end", "play"].map((name) => root.querySelector(`[data-action="${name}"]`));
    const openLink = () => this.open(recordFromHash(window.location.hash), startFromHash(window.location.hash));
    openLink();
    window.addEventListener("hashchange", openLink);
    // An engine that failed and was started again (Retry) has forgotten the game: open it again.
    this.engine.addEventListener("failed", () => { this.handle = null; this.lost = true; });
    this.engine.addEventListener("ready", () => {
      if (!this.lost) return;
      this.lost = false;
      openLink();
    });
    const on = (name, fn) => root.querySelector(`[data-action="${name}"]`).addEventListener("click", fn);
    on("start", () => { this.stop(); this.go(0); });
    on("back", () => { this.stop(); this.step(-1); });
    on("forward", () => { this.stop(); this.step(1); });
    on("end", () => { this.stop(); this.go("end"); });
    on("play", () => (this.playing ? this.stop() : this.start()));
    root.addEventListener("keydown", (event) => {
      const tag = event.target.tagName;
      if (tag === "A" || tag === "INPUT" || tag === "SELECT") return;
      const keys = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1), Home: () => this.go(0), End: () => this.go("end") };
      if (keys[event.key]) {
        event.preventDefault();
        this.stop();
        keys[event.key]();
      }
    });
  }

  /** The link's game (`{record}` or `{problem}`, from recordFromHash), opened at move `at`. */
  open({ record = null, problem = null }, at = 0) {
    this.stop();
    this.record = record;
    this.state = null;
    this.setControls(false);
    if (!problem && !this.data.rules[record.game]) problem = "This link holds a game this site does not know.";
    if (problem) {
      this.setProblem(`${problem} Play a game on the Madrasso, Briscola or Scopa page, then use the Replay link at the end of a deal.`);
      return;
    }
    const players = record.players || this.data.default_players[record.game];
    const names = this.data.seat_names[players];
    const teams = (this.data.team_names || {})[record.game] || null;
    this.el.last.textContent = "Loading the game…";
    this.enqueue(async () => {
      if (this.handle !== null) {
        const old = this.handle;
        this.handle = null;
        await this.engine.request("drop", { handle: old });
      }
      const loaded = await this.engine.request("load", {
        record, at: Math.min(at, (record.actions || record.moves || []).length), view: null,
        seat_names: names, side_names: teams || undefined,
      });
      // The table is laid only now that the engine has read the record (and said how many
      // sit at it): a bad link leaves a message, not an empty table.
      this.game = record.game;
      this.rules = this.data.rules[this.game];
      this.players = loaded.state.observation.num_players;
      this.names = names;
      this.teams = teams;
      this.view = new TableView(this.root, { game: this.game, players: this.players, names, teams, interactive: false });
      this.score = new PlayScores(this);
      this.handle = loaded.handle;
      this.show(loaded.state);
      this.setControls(true);
    });
  }

  setControls(enabled) {
    for (const button of this.controls) if (button) button.disabled = !enabled;
    // No game, no table: an empty felt under a message would look like a game still coming.
    const table = this.root.querySelector("[data-table]");
    if (table) table.hidden = !enabled && !this.state;
  }

  setProblem(text) {
    this.setControls(false);
    this.el.last.textContent = text;
    this.el.narration.textContent = text;
    this.el.position.textContent = "";
    this.el.end.hidden = true;
  }

  enqueue(task) {
    this.queue = this.queue.then(task).catch((err) => {
      this.stop();
      if (err && err.kind === "unavailable") {
        this.setProblem("The game cannot be shown while the engine is not running (see the message above).");
        return;
      }
      this.setProblem(`This link's game cannot be replayed: ${(err && err.message) || err}.`);
    });
    return this.queue;
  }

  go(index) {
    return this.enqueue(async () => {
      if (!this.handle) return;
      this.show(await this.engine.request("step_to", { handle: this.handle, index }));
    });
  }

  step(delta) {
    return this.enqueue(async () => {
      if (!this.handle || !this.state) return;
      const target = Math.max(0, Math.min(this.state.length, this.state.index + delta));
      if (target === this.state.index) return;
      this.show(await this.engine.request("step_to", { handle: this.handle, index: target }));
    });
  }

  start() {
    this.playing = true;
    this.el.play.textContent = "Pause";
    const tick = async () => {
      if (!this.playing) return;
      await this.step(1);
      if (!this.state || this.state.index >= this.state.length) {
        this.stop();
        return;
      }
      this.timer = setTimeout(tick, reducedMotion() ? 50 : 900);
    };
    if (this.state && this.state.index >= this.state.length) this.go(0).then(tick);
    else tick();
  }

  stop() {
    this.playing = false;
    clearTimeout(this.timer);
    if (this.el.play) this.el.play.textContent = "Play";
  }

  show(state) {
    this.state = state;
    this.view.render(state.observation, { last: state.last });
    this.score.render(state);
    this.el.position.textContent = `Move ${state.index} of ${state.length}`;
    const text = state.last ? moveWords(this.game, state.last, this.names, this.teams) : "The cards are dealt. Press Next or Play.";
    this.el.last.textContent = text;
    this.el.narration.textContent = text;
    this.el.end.hidden = !state.over;
    if (state.over) {
      this.el.end.replaceChildren(el("p", { "data-result": "", text: resultWords(this.game, state.result, this.names, this.teams, state.observation) }),
        this.reviewBlock());
    }
  }

  /** The review of the shared deal, for the seat the viewer picks (kept while the link is
   *  open, so stepping back and forth does not lose it). */
  reviewBlock() {
    if (this.reviewBox && this.reviewBox.dataset.handle === String(this.handle)) return this.reviewBox;
    if (this.review) this.review.cancel();
    const box = el("div", { class: "replay-review", "data-handle": this.handle });
    const picker = el("select", { "data-control": "review-seat" },
      ...this.names.slice(0, this.players).map((name, seat) => el("option", { value: seat, text: name })));
    const handle = this.handle;
    const panel = () => {
      if (this.review) this.review.cancel();
      this.review = reviewPanel({
        engine: this.engine, game: this.game, players: this.players, names: this.names, teams: this.teams,
        rules: this.rules, args: () => ({ handle, seat: Number(picker.value) }),
        narrate: (text) => { this.el.narration.textContent = text; },
      });
      return this.review.element;
    };
    picker.addEventListener("change", () => box.lastChild.replaceWith(panel()));
    box.append(el("p", { class: "replay-review-seat" }, el("label", {}, "Review the moves of ", picker)), panel());
    this.reviewBox = box;
    return box;
  }
}

/** Scores and progress for the replay viewer (the same tables as the play table). */
class PlayScores {
  constructor(viewer) {
    this.viewer = viewer;
  }

  render(state) {
    const v = this.viewer;
    drawScores(v.el.scores, v, state.observation);
    PlayTable.prototype.renderProgress.call(scoreHolder(v.el.scores, v, v.el.progress), state);
  }
}

function scoreHolder(box, { game, players, names, teams, rules }, progress = null) {
  return {
    game, teams, names, rules, sides: sideNames(game, players, names, teams),
    el: { scores: box, progress }, interactive: false,
  };
}

/** The score table of the play table, for a table that is only watched (the replay, the
 *  demos of Briscola and Scopa). */
export function drawScores(box, table, obs) {
  PlayTable.prototype.renderScores.call(scoreHolder(box, table), obs);
}

export function resultWords(game, result, names, teams, obs) {
  if (!result) return "";
  if (game === "madrasso") {
    const m = result.match || {};
    return `${teams[m.winner]} won the match by ${m.reason === "cappotto" ? "a cappotto" : `reaching ${m.target}`} in deal ${m.deal}: ${result.totals[0]} to ${result.totals[1]}.`;
  }
  if (game === "briscola") {
    return result.draw ? "A draw, 60 card points each." : `${names[result.winner]} won the deal, ${result.points[0]} to ${result.points[1]}.`;
  }
  const sides = sideNames(game, obs.num_players, names, teams);
  const totals = result.totals.map((t, i) => `${sides[i]} ${t}`).join(", ");
  // A shared deal that did not end the match: its totals after it.
  if (result.winner === null || result.winner === undefined) return `The deal is over. The match so far: ${totals}.`;
  return `${sides[result.winner]} won the match: ${totals}.`;
}

for (const root of document.querySelectorAll("[data-play]")) {
  withData(root, root.querySelector(".play-data"), (data) => {
    if (root.dataset.play === "replay") new ReplayViewer(root, data);
    else new PlayTable(root, data);
  }, { whenNear: root.dataset.play !== "replay" });
}
