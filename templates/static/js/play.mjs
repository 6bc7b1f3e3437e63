// Play against the computer (and replay a shared game): the [[play: game]] component.
// The visitor sits South (seat 0); the engine worker's computer players take the other seats.
// Every rule, every computer move, every hint and every score comes from the Python engine
// through the worker (docs/worker-protocol.md); this module draws what it answers, forwards
// the visitor's choices, paces the computer's moves and keeps the game in localStorage.
// The table is South's session in the engine: the engine deals from its own secret seed and
// answers only what South may know; what is saved is the game redealt for South, and a shared
// link carries a finished deal alone. Design notes and the URL parameters: docs/play.md.

import "./anchor.mjs"; // a link to a section lands on it while this component starts
import { EngineError, getEngine, mountStatus, startWhenNear } from "./engine-client.mjs";
import { cardImage, choicesFor, el, withData } from "./table.mjs";
import {
  TableView, closeOutcome, drawOutcome, drawProgress, drawScore, reducedMotion, ruleLink, showOutcome,
} from "./table-view.mjs";
import { ReviewPanel } from "./coach.mjs";
import { frame } from "./frame.mjs";

export { TableView, ruleLink };

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine").Applied} Applied */
/** @typedef {import("./engine").HintAnswer} HintAnswer */
/** @typedef {import("./engine").PlayData} PlayData */
/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {import("./engine").EngineErrorData} EngineErrorData */
/** @typedef {import("./engine").MomentState} MomentState */
/** @typedef {import("./engine-client.mjs").Engine} Engine */
/** @typedef {import("./shapes").TableShape} TableShape */
/** @typedef {import("./shapes").OutcomeShape} OutcomeShape */
/** @typedef {import("./shapes").ChoiceGroup} ChoiceGroup */
/** @typedef {import("./shapes").EventShape} EventShape */
/** @typedef {{box: HTMLElement, nodes: ChildNode[]}} OutcomeNodes an outcome's words in a panel */
/** @typedef {{v: number, record: EngineRecord, level?: string, ack?: number | null}} SavedGame */

const YOU = 0;
const STORE_VERSION = 2;   // 2: the saved record is the game redealt for South (no seed)
const READABLE_VERSIONS = [1, 2];
const GAME_NAMES = ["madrasso", "briscola", "scopa"];
const LIMITS = { depth: 8, chars: 200_000, actions: 2_000 };

// ---- small helpers ----------------------------------------------------------------------------

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or blocked: the game is simply not remembered
  }
}

/** @param {string} text */
function base64url(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function unbase64url(text) {
  let s = text.replace(/-/g, "+").replace(/_/g, "/");
  while (s.length % 4) s += "=";
  const binary = atob(s);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * A link that replays `record` on the replay page (the record travels in the fragment);
 * `at` is the move to open at (e.g. the first move of a finished deal); `seat`, the seat of
 * whoever shares it, sits at the bottom of the replay (seat 0 goes unsaid: it is the default).
 * @param {EngineRecord} record @param {string} [page] @param {number} [at] @param {number} [seat]
 */
export function replayHref(record, page = "replay.html", at = 0, seat = YOU) {
  return `${page}#r=${base64url(JSON.stringify(record))}${at ? `&at=${at}` : ""}${seat ? `&seat=${seat}` : ""}`;
}

/** The move a replay link opens at (0 unless it says `&at=N`).
 *  @param {string} hash */
export function startFromHash(hash) {
  const match = /(?:^#|&)at=(\d+)/.exec(hash || "");
  return match ? Number(match[1]) : 0;
}

/** The seat a replay link puts at the bottom (`&seat=N`; null: the first seat).
 *  @param {string} hash */
export function seatFromHash(hash) {
  const match = /(?:^#|&)seat=(\d+)/.exec(hash || "");
  return match ? Number(match[1]) : null;
}

/**
 * What a replay link carries: `{record}`, or `{problem}` saying in words what is wrong with it
 * (no record, not readable, not a record of these games). The engine checks the record again,
 * strictly; this only keeps a broken link from reaching it (or a blank table).
 * @param {string} hash @returns {{record?: EngineRecord & {game: string}, problem?: string}}
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

/** @param {unknown} value @param {number} limit @returns {number} */
function depthOf(value, limit) {
  if (value === null || typeof value !== "object") return 0;
  if (limit <= 0) return Infinity;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, limit - 1));
  return deepest + 1;
}

/** Why `record` cannot be a record of one of these games, in words; null when it may be.
 *  @param {any} record anything read from a link or the storage, until this says it may be a record
 *  @param {string | null} [game] */
export function recordProblem(record, game = null) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return "This link holds no game record.";
  if (!GAME_NAMES.includes(record.game)) return "This link holds a game this site does not know.";
  if (game && record.game !== game) return `This is a game of ${record.game}, not of ${game}.`;
  if (depthOf(record, LIMITS.depth) > LIMITS.depth) return "This link holds something nested too deep to be a game record.";
  const moves = record.actions || record.moves || [];
  if (!Array.isArray(moves) || moves.length > LIMITS.actions) return "This link's moves cannot be read.";
  if (record.actions && !record.actions.every((/** @type {unknown} */ a) => typeof a === "string")) return "This link's moves cannot be read.";
  if ("players" in record && !(Number.isInteger(record.players) && record.players >= 2 && record.players <= 4)) {
    return "This link's number of players is not one a game here is played with (two to four).";
  }
  return null;
}

// ---- words -----------------------------------------------------------------------------------------

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

// ---- the panel at a deal's end ---------------------------------------------------------------------

/** An outcome panel's two parts: its `body` (the outcome, the links, the review), which scrolls
 *  within the panel, and its `foot` (the button that moves on), below the body and never over
 *  it. The play table's and the friends' table's.
 *  @param {HTMLElement} box */
export function outcomeFrame(box) {
  const body = el("div", { class: "outcome-body" });
  const foot = el("div", { class: "outcome-foot" });
  box.replaceChildren(body, foot);
  return { body, foot };
}

// ---- the review of a finished deal -----------------------------------------------------------------

/** The coach's review panel (coach.mjs) for a finished deal, each moment drawn on a table by
 *  this module's one renderer, as the reviewed seat saw it. */
/** drawOutcome's words in an outcome panel's `body`, remembered so they can be said again.
 *  @param {HTMLElement} box @param {HTMLElement} body @param {OutcomeShape} outcome @param {RulesInfo | undefined} rules
 *  @returns {OutcomeNodes} */
function drawnOutcome(box, body, outcome, rules) {
  const before = body.childNodes.length;
  drawOutcome(body, outcome, rules);
  return { box, nodes: [...body.childNodes].slice(before) };
}

/** The outcome's words said again in their place (another deck's names), the panel kept.
 *  @param {OutcomeNodes} drawn @param {OutcomeShape} outcome @param {RulesInfo | undefined} rules
 *  @returns {OutcomeNodes} */
function redrawOutcome({ box, nodes }, outcome, rules) {
  const fresh = document.createElement("div");
  drawOutcome(fresh, outcome, rules);
  const added = [...fresh.childNodes];
  const oldHeading = nodes.find((node) => /^H[2-4]$/.test(node.nodeName));
  const newHeading = added.find((node) => /^H[2-4]$/.test(node.nodeName));
  if (oldHeading instanceof Element && newHeading instanceof Element && oldHeading.id) newHeading.id = oldHeading.id; // the dialog's name
  if (nodes.length && nodes[0].isConnected) nodes[0].before(...added);
  for (const node of nodes) node.remove();
  return { box, nodes: added };
}

/**
 * @param {{engine: Engine, game: string, rules: RulesInfo, args: () => Record<string, unknown>,
 *          narrate: (text: string) => void, label?: string}} options
 */
function reviewPanel({ engine, game, rules, args, narrate, label }) {
  return new ReviewPanel({
    engine, game, args, narrate, label,
    drawTable: (state) => {
      const holder = el("div", { class: "coach-table" }, el("div", {
        class: "card-table play-table", "data-table": "", role: "group", "aria-label": "The table at that moment",
      }));
      new TableView(holder).render(state.table);
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

/** Mark on a moment's table the card played and the card the expert prefers.
 *  @param {HTMLElement} holder @param {{played: string, best: string}} moves */
function markMoment(holder, { played, best }) {
  for (const [action, tag, mark] of [[played, "played", "is-played"], [best, "expert", "is-preferred"]]) {
    if (!action || action === "swap") continue;
    const img = holder.querySelector(`[data-hand] img[data-card="${action.split(" ")[0]}"]`);
    const item = img && img.closest("li");
    if (!item) continue;
    item.classList.add(mark);
    item.append(el("span", { class: "card-tag", text: tag }));
  }
}

// ---- the play table --------------------------------------------------------------------------------

/** The element of the play table's markup (templates/components/play.html) `selector` names.
 *  @param {ParentNode} root @param {string} selector */
function part(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

/** Whether `state` shows a finished deal of a match still to be moved on from (`ack`: the
 *  index of the finished deal the viewer has moved on from, if any).
 *  @param {EngineState | null | undefined} state @param {number | null} ack */
export function atDealEnd(state, ack) {
  return Boolean(state && state.table.between_deals && ack !== state.index);
}

/** Arrows, Home and End move between the cards of a hand (a roving tabindex).
 *  @param {KeyboardEvent} event */
export function cardKey(event) {
  const target = /** @type {Element | null} */ (event.target);
  /** @type {HTMLButtonElement | null} */
  const button = target && target.closest && target.closest("button.card-button");
  if (!button) return;
  const hand = /** @type {Element} */ (button.closest("ul"));
  const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (hand.querySelectorAll("button.card-button"))];
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

export class PlayTable {
  /** @param {HTMLElement} root @param {PlayData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.game = this.data.game;
    this.rules = this.data.rules[this.game];
    this.engine = getEngine(root);
    /** @type {number | null} */
    this.handle = null;
    /** @type {EngineState | null} */
    this.state = null;
    /** @type {EngineRecord | null} */
    this.record = null;
    this.level = this.data.default_level;
    /** @type {number | null} the index of a finished deal the visitor has moved on from */
    this.ack = null;
    this.token = 0;         // bumped to stop a running computer loop (new game, undo)
    this.busy = false;
    this.params = new URLSearchParams(window.location.search);
    /** @type {number | null} the seat at the bottom (the friends' table's; here South) */
    this.you = YOU;
    this.players = 0;
    /** @type {string[]} */
    this.names = [];
    /** @type {string[] | null} */
    this.teams = null;
    /** @type {TableView} */
    this.view = new TableView(root, { interactive: true });
    /** @type {ReviewPanel[]} */
    this.reviews = [];
    /** @type {Promise<unknown> | null} */
    this.queue = null;
    /** @param {string} selector */
    const find = (selector) => part(root, selector);
    this.el = {
      live: find("[data-live]"),
      level: /** @type {HTMLSelectElement} */ (find('[data-control="level"]')),
      players: /** @type {HTMLSelectElement | null} */ (root.querySelector('[data-control="players"]')),
      newGame: /** @type {HTMLButtonElement} */ (find('[data-action="new"]')),
      swap: /** @type {HTMLButtonElement} */ (find('[data-action="swap"]')),
      hint: /** @type {HTMLButtonElement} */ (find('[data-action="hint"]')),
      undo: /** @type {HTMLButtonElement} */ (find('[data-action="undo"]')),
      status: find(".engine-status"),
      progress: /** @type {HTMLElement | null} */ (root.querySelector("[data-progress]")),
      scores: find("[data-scores]"),
      prompt: find("[data-prompt]"),
      choices: find("[data-choices]"),
      hintText: find("[data-hint]"),
      last: find("[data-last]"),
      dealEnd: find("[data-deal-end]"),
      end: find("[data-end]"),
      narration: find("[data-narration]"),
    };
    this.key = `play.${this.game}`;
    root.classList.add("is-live");
    this.el.live.hidden = false;
    for (const p of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".play-nojs"))) p.hidden = true;
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
      if (saved && "record" in saved) this.enqueue(() => this.resume(saved.record));
      else this.prompt(saved && "unreadable" in saved ? saved.unreadable : "Press New game to deal.");
    });
    const params = this.params;
    const level = params.get("level");
    if (level && this.data.levels.includes(level)) this.level = level;
    const players = params.get("players");
    if (players && this.el.players) this.el.players.value = players;
    const saved = this.loadSaved();
    if (saved && "unreadable" in saved) {
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

  /** @returns {Promise<void>} */
  whenReady() {
    if (this.engine.status === "ready") return Promise.resolve();
    return new Promise((resolve) => this.engine.addEventListener("ready", () => resolve(), { once: true }));
  }

  /** @param {EngineRecord | null} record @returns {number} */
  playersFor(record) {
    if (record && record.players) return Number(record.players);
    if (this.el.players) return Number(this.el.players.value);
    return this.data.default_players[this.game];
  }

  /** @param {EngineRecord | null} record */
  setup(record) {
    this.players = this.playersFor(record);
    this.names = this.data.seat_names[this.players];
    this.teams = (this.data.team_names || {})[this.game] || null;
    this.view = new TableView(this.root, { interactive: true });
    if (this.el.players && record && record.players) this.el.players.value = String(record.players);
  }

  bind() {
    this.el.newGame.addEventListener("click", () => this.askNewGame());
    const table = part(this.root, "[data-table]");
    table.addEventListener("click", (event) => this.cardClicked(event));
    table.addEventListener("keydown", (event) => this.cardKey(event));
    this.el.level.addEventListener("change", () => {
      this.level = this.el.level.value;
      this.save();
      this.narrate(this.el.level.selectedOptions[0].dataset.said ?? ""); // the build's words (sitegen/play.py)
    });
    this.el.swap.addEventListener("click", () => this.play("swap"));
    this.el.hint.addEventListener("click", () => this.hint());
    this.el.undo.addEventListener("click", () => this.undo());
    // The deck chosen mid-game (cards.mjs): the pictures swap at once; the words on screen,
    // the engine's, are asked for again in the new deck's names (engine-client.mjs sends it).
    document.addEventListener("cards:deck", () => this.redrawWords());
  }

  /** The words on screen said again from a fresh engine answer (the same position: nothing is
   *  played, and an answer that a move overtook is dropped, the move's own being in the new
   *  deck's names already): the table, the last move, the prompt, an open choice of captures,
   *  the deal's or game's outcome and the hint. */
  redrawWords() {
    if (this.handle === null || !this.state) return;
    const token = this.token;
    const at = this.state.index;
    this.enqueue(async () => {
      if (this.handle === null || token !== this.token || !this.state || this.state.index !== at) return;
      /** @type {EngineState} */
      const fresh = await this.engine.request("state", { handle: this.handle, next_deal: this.ack === at });
      if (token !== this.token || !this.state || this.state.index !== at) return;
      this.state = fresh;
      this.show();
      const table = fresh.table;
      if (this.lastSaid === "move" && fresh.last) this.el.last.textContent = moveWords(table);
      else if (this.lastSaid === "opening") this.el.last.textContent = table.opening || "";
      const yourTurn = fresh.to_play === YOU && !fresh.over && !this.atDealEnd(fresh) && !this.busy;
      if (yourTurn) this.prompt(table.turn_words || "Your turn.");
      if (yourTurn && this.offered && !this.el.choices.hidden) {
        const choices = choicesFor(table, this.offered);
        if (choices) this.offerCaptures(choices);
      }
      for (const box of [this.el.dealEnd, this.el.end]) {
        if (!box.hidden && this.outcomeNodes && this.outcomeNodes.box === box && table.outcome) {
          this.outcomeNodes = redrawOutcome(this.outcomeNodes, table.outcome, this.rules);
        }
      }
      if (yourTurn && this.hinted === at && !this.el.hintText.hidden) await this.showHint(token);
    });
  }

  /** @param {() => unknown} task */
  enqueue(task) {
    this.queue = (this.queue || Promise.resolve()).then(task).catch((err) => this.failed(err));
    return this.queue;
  }

  /** @param {unknown} err what was thrown: an EngineError, or anything a bug throws */
  failed(err) {
    this.busy = false;
    this.renderButtons();
    if (err instanceof EngineError && err.kind === "unavailable") return; // the status panel says it
    this.prompt(`The engine could not do that: ${(err instanceof Error && err.message) || err}`);
  }

  /**
   * The saved game, null when there is none, or `{unreadable: message}` when what is stored
   * cannot be a game of this table: it is then set aside (kept under `<key>.set-aside`, so
   * nothing is lost) and the message says so.
   * @returns {SavedGame | {unreadable: string} | null}
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

  /** @param {string | null | undefined} text */
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

  /** @param {EngineRecord} record */
  async resume(record) {
    /** @type {Loaded} */
    let loaded;
    try {
      // South's session again: the engine deals what South has not seen afresh once more.
      loaded = await this.engine.request("load", { record, seat: YOU, ...this.names4engine() });
    } catch (err) {
      if (err instanceof EngineError && err.kind === "unavailable") throw err;
      this.setAside(storage()?.getItem(this.key));
      this.prompt(`Your saved game could not be read, so it was set aside (${err instanceof Error ? err.message : err}). Press New game to deal.`);
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
      part(this.confirmBox, "[data-confirm=no]").focus();
      return;
    }
    const question = el("span", { id: `play-abandon-${this.game}`, text: "Abandon this game?" });
    const yes = el("button", { type: "button", "data-confirm": "yes", text: "Yes" });
    const no = el("button", { type: "button", "data-confirm": "no", text: "No" });
    const box = el("span", { class: "play-confirm", role: "group",
      "aria-labelledby": `play-abandon-${this.game}` }, question, " ", yes, " ", no);
    /** @param {boolean} focusBack */
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
    this.framing = true; // the new deal is framed once it is drawn (yourTurn, run)
    this.frameStage();
    this.enqueue(async () => {
      const token = ++this.token; // and one started since, e.g. by a resume queued before
      if (this.handle !== null) await this.engine.request("drop", { handle: this.handle });
      this.handle = null;
      // The engine shuffles from a secret seed of its own; ?seed= (the first game only) is
      // the tests' hook for a known deal.
      const seed = Number.parseInt(this.params.get("seed") ?? "", 10);
      const hooked = Number.isInteger(seed) && seed >= 0 && !this.usedSeedParam;
      if (hooked) this.usedSeedParam = true;
      this.setup(null);
      const options = this.el.players ? { players: this.players } : {};
      this.prompt("Shuffling and dealing…");
      /** @type {Loaded} */
      const started = await this.engine.request("new", {
        game: this.game, seat: YOU, ...(hooked ? { seed } : {}), options, ...this.names4engine(),
      });
      if (token !== this.token) return;
      this.handle = started.handle;
      this.state = started.state;
      this.ack = null;
      this.view.unlight();
      this.el.end.hidden = true;
      this.el.dealEnd.hidden = true;
      this.el.last.textContent = "";
      this.lastSaid = null;
      await this.save();
      this.narrate(`${this.el.newGame.dataset.said} ${this.state.table.opening}`);
      this.busy = false;
      this.loop();
    });
  }

  // ---- the game's rhythm ---------------------------------------------------------------------

  /** @param {EngineState | null} state */
  atDealEnd(state) {
    return atDealEnd(state, this.ack);
  }

  /** A finished deal the visitor has moved on from, still described as its end.
   *  @param {EngineState | null} state */
  movingOn(state) {
    return Boolean(state && state.table.between_deals && this.ack === state.index && this.handle !== null);
  }

  /** @param {EngineState} state */
  delay(state) {
    if (reducedMotion()) return 0;
    const last = state.table.last;
    return last && last.pause === "long" ? 1400 : 750;
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
      if (this.movingOn(this.state)) {
        // The visitor has seen the finished deal: the next deal's table, as dealt, is drawn
        // before any seat acts (its cards on the table before the visitor's hand is live).
        this.busy = true;
        /** @type {EngineState} */
        const next = await this.engine.request("state", { handle: this.handle, next_deal: true });
        if (token !== this.token) return;
        this.state = next;
        this.busy = false;
        // The last move said is the finished deal's: the new deal's opening is said instead.
        this.el.last.textContent = next.table.opening || "";
        this.lastSaid = "opening";
        this.el.last.classList.remove("is-swap");
      }
      const state = this.state;
      if (!state) return;
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
      this.prompt(`${this.names[state.to_play ?? 0]} is thinking…`);
      if (this.framing) this.frameStage(); // the new deal in view while the computer leads
      await sleep(this.delay(state));
      if (token !== this.token) return;
      /** @type {Applied} */
      const answer = await this.engine.request("bot", { handle: this.handle, level: this.level, play: true });
      if (token !== this.token) return;
      this.state = answer.state;
      this.announce(answer.state.last);
      await this.save();
      this.busy = false;
    }
  }

  yourTurn() {
    this.busy = false;
    this.prompt(this.state?.table.turn_words || "Your turn.");
    this.renderButtons();
    this.show();
    this.framed();
    if (this.focusHand) {
      // The control just pressed has gone (Next deal, a capture choice): go back to the hand.
      this.focusHand = false;
      /** @type {HTMLElement | null} */
      const card = this.root.querySelector('.seat-south button.card-button[tabindex="0"]');
      if (card) card.focus();
    }
  }

  /** The visitor's turn: the stage framed after a press (New game, Next deal), and at every
   *  turn while the visitor is at the table (some of it on screen: a visitor who scrolled
   *  away to read is left where they are), so the latest words never sit below the fold. */
  framed() {
    const box = part(this.root, "[data-table]").getBoundingClientRect();
    const near = box.bottom > 0 && box.top < window.innerHeight;
    if (!this.framing && !near) return;
    this.framing = false;
    this.frameStage();
  }

  show() {
    const state = this.state;
    if (!state) return;
    // Between two deals the engine already holds the next deal: keep its cards out of sight
    // until Next deal, and show the finished deal's last trick instead (dealEnd).
    // The table's own words say a deal has just ended; once the visitor has moved on (Next
    // deal), the next deal is played on it.
    const yourTurn = state.to_play === YOU && !state.over && !this.atDealEnd(state) && !this.busy;
    this.view.render(state.table, { legal: new Set(state.legal), turn: yourTurn ? YOU : -1 });
    part(this.root, "[data-table]").classList.toggle("is-between-deals", this.atDealEnd(state));
    this.renderScores(state.table);
    this.renderProgress(state);
    this.renderButtons();
  }

  renderButtons() {
    const state = this.state;
    const yourTurn = Boolean(state && state.to_play === YOU && !state.over && !this.atDealEnd(state) && !this.busy);
    drawSwap(this.el.swap, state && state.table, yourTurn);
    this.el.hint.disabled = !yourTurn;
    this.el.undo.disabled = !state || state.index === 0 || this.busy || this.handle === null;
    this.el.newGame.disabled = false;
    if (!yourTurn) this.el.choices.hidden = true;
  }

  // ---- your moves --------------------------------------------------------------------------------

  /** @param {Event} event */
  cardClicked(event) {
    const target = /** @type {Element | null} */ (event.target);
    /** @type {HTMLElement | null} */
    const button = target && target.closest && target.closest("button.card-button");
    if (!button || !this.root.contains(button)) return;
    const code = button.dataset.card ?? "";
    const state = this.state;
    if (!state || this.busy) return;
    if (state.over || state.to_play !== YOU || this.atDealEnd(state)) {
      const who = state.over ? "The game is over." : this.atDealEnd(state) ? "The deal is over: press Next deal."
        : `Wait for your turn: ${state.table.waiting_words}`;
      this.prompt(who);
      return;
    }
    const choices = choicesFor(state.table, code);
    if (!choices) {
      this.play(code); // the engine answers with the rule that forbids it
    } else if (choices.options.length === 1) {
      this.play(choices.options[0].action);
    } else {
      this.offerCaptures(choices);
    }
  }

  /** @param {KeyboardEvent} event */
  cardKey(event) {
    cardKey(event);
  }

  /** A card that plays in more than one way (Scopa's captures): the engine's question and
   *  each way's words, a button each.
   *  @param {ChoiceGroup} choices */
  offerCaptures(choices) {
    this.offered = choices.card;
    const box = this.el.choices;
    box.replaceChildren(el("p", { class: "choices-title", text: choices.question }));
    const list = el("ul", { class: "choices-list" });
    for (const option of choices.options) {
      const button = el("button", { type: "button", class: "choice", "data-choice": option.action }, el("span", { text: option.label }));
      const row = el("span", { class: "choice-cards", "aria-hidden": "true" });
      for (const c of option.takes) row.append(cardImage(c.card, { width: 28 }));
      button.append(row);
      button.addEventListener("click", () => {
        box.hidden = true;
        this.focusHand = true;
        this.play(option.action);
      });
      list.append(el("li", {}, button));
    }
    const cancel = el("button", { type: "button", class: "choice-cancel", text: "Choose another card" });
    cancel.addEventListener("click", () => {
      box.hidden = true;
      /** @type {HTMLElement | null} */
      const back = this.root.querySelector(`button.card-button[data-card="${choices.card}"]`);
      if (back) back.focus();
    });
    box.append(list, cancel);
    box.hidden = false;
    part(box, "button.choice").focus();
    this.narrate(choices.question ?? "");
  }

  /** @param {string} action */
  play(action) {
    if (this.busy) return;
    this.busy = true;
    this.view.unlight();
    this.el.hintText.hidden = true;
    this.el.choices.hidden = true;
    this.show(); // your cards go quiet at once: one press, one move
    const token = this.token;
    this.enqueue(async () => {
      /** @type {Applied} */
      let answer;
      try {
        answer = await this.engine.request("apply", { handle: this.handle, action });
      } catch (err) {
        this.busy = false;
        if (err instanceof EngineError && err.kind === "illegal") {
          this.explainIllegal(err.data);
          this.show();
          return;
        }
        throw err;
      }
      if (token !== this.token) return;
      this.state = answer.state;
      this.announce(answer.state.last);
      await this.save();
      this.busy = false;
      this.loop();
    });
  }

  /** The coach's hint (engine/coach): the expert's move and why, in the game's words, its card
   *  lit on the table with its word and sign (table-view.mjs VERDICTS.hint); null when the
   *  game moved on meanwhile.
   *  @param {number} token @returns {Promise<HintAnswer | null>} */
  async showHint(token) {
    const at = this.state?.index;
    /** @type {HintAnswer} */
    const answer = await this.engine.request("hint", { handle: this.handle });
    if (token !== this.token || !this.state || this.state.index !== at || this.el.hintText.hidden) return null;
    if (answer.action === "swap") this.view.unlight();
    else this.view.light(answer.action.split(" ")[0], "hint");
    this.el.hintText.replaceChildren(el("strong", { text: "Hint: " }), answer.text);
    const facts = [...answer.reasons.stake, ...answer.reasons.known];
    if (facts.length) {
      this.el.hintText.append(el("details", { class: "play-hint-facts" }, el("summary", { text: "What you know here" }),
        el("ul", {}, ...facts.map((fact) => el("li", { text: fact })))));
    }
    this.show();
    return answer;
  }

  /** A refused move: the engine's sentence (the card and the rule), and the rule's link.
   *  @param {{sentence?: string, anchor?: string | null}} data */
  explainIllegal(data) {
    const p = el("p", { class: "play-illegal" }, data.sentence);
    const link = data.anchor ? ruleLink(this.rules, { anchor: data.anchor, text: null }) : null;
    if (link) p.append(" Rule: ", link, ".");
    this.el.prompt.replaceChildren(p);
    this.narrate(data.sentence ?? "");
  }

  hint() {
    if (this.busy || !this.state || this.state.to_play !== YOU) return;
    this.el.hintText.hidden = false;
    this.el.hintText.textContent = "The expert is thinking…";
    this.hinted = this.state.index;
    const token = this.token;
    this.enqueue(async () => {
      const answer = await this.showHint(token);
      if (!answer) return;
      // The hint's words and its lit card in view together (the words may run below the fold).
      frame([this.root.querySelector("[data-table]"), this.el.hintText]);
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
      /** @type {EngineState} */
      let state;
      try {
        state = await this.engine.request("undo", { handle: this.handle, seat: YOU });
      } catch (err) {
        this.busy = false;
        if (err instanceof EngineError && err.kind === "request") {
          this.prompt(`Nothing to take back: ${err.message}.`);
          this.loop();
          return;
        }
        throw err;
      }
      this.state = state;
      this.view.unlight();
      this.ack = null;
      this.el.hintText.hidden = true;
      this.el.end.hidden = true;
      this.el.dealEnd.hidden = true;
      this.el.last.textContent = "You took back your last move.";
      this.lastSaid = null;
      this.narrate("You took back your last move. It is your turn again.");
      await this.save();
      this.busy = false;
      this.loop();
    });
  }

  // ---- telling what happened ---------------------------------------------------------------------

  /** @param {EngineState["last"]} last */
  announce(last) {
    if (!last) return;
    const text = moveWords(this.state?.table);
    this.lastSaid = "move";
    this.el.last.textContent = text;
    this.el.last.classList.toggle("is-swap", last.action === "swap");
    this.narrate(text);
  }

  /** @param {string} text */
  narrate(text) {
    this.el.narration.textContent = text;
  }

  /** @param {string} text */
  prompt(text) {
    this.el.prompt.replaceChildren(el("p", { text }));
  }

  /** The stage in view: the whole table and the latest words, with the controls when the
   *  screen has room (after New game and Next deal, pressed from wherever the visitor was). */
  frameStage() {
    const table = this.root.querySelector("[data-table]");
    frame([table, this.el.last, this.el.prompt], [this.root.querySelector(".play-controls")]);
  }

  /** @param {TableShape} table */
  renderScores(table) {
    drawScore(this.el.scores, table.score, this.rules);
  }

  /** @param {EngineState} state */
  renderProgress(state) {
    if (this.el.progress) drawProgress(this.el.progress, state.table.progress, this.rules);
  }

  // ---- the end of a deal, the end of the game ------------------------------------------------------

  async dealEnd() {
    this.busy = false;
    this.renderButtons();
    const box = this.el.dealEnd;
    const { body, foot } = outcomeFrame(box);
    const outcome = this.state?.table.outcome;
    if (outcome) this.outcomeNodes = drawnOutcome(box, body, outcome, this.rules);
    // The deal just played, as its own record (its cards, its moves, its place in the match):
    // everything in it has been on the table, and nothing after it is in the link.
    body.append(this.shareBlock("Replay this deal", await this.engine.request("deal_record", { handle: this.handle })));
    this.stopReview();
    body.append(this.newReview().element);
    const next = el("button", { type: "button", class: "play-next-deal", "data-action": "next-deal", text: "Next deal" });
    next.addEventListener("click", () => {
      this.stopReview();
      this.ack = this.state?.index ?? null;
      this.focusHand = true;
      this.framing = true;
      box.hidden = true;
      this.save();
      this.loop();
    });
    foot.append(next);
    this.el.prompt.replaceChildren(); // the panel says it
    this.narrate(`${part(box, "h3").textContent}. ${part(box, "p").textContent}`);
    // Over the finished table, which stays as the deal left it until Next deal (or Escape).
    showOutcome(box, { dismiss: () => next.isConnected && next.click() }); // (a spectator has no button)
  }

  async finish() {
    this.busy = false;
    this.renderButtons();
    this.el.dealEnd.hidden = true;
    const box = this.el.end;
    const { body, foot } = outcomeFrame(box);
    const outcome = this.state?.table.outcome;
    if (!outcome) return; // a game over always has its outcome
    this.outcomeNodes = drawnOutcome(box, body, outcome, this.rules);
    const title = outcome.title;
    const words = outcome.lines.join(" ");
    /** @type {EngineRecord} */
    const last = await this.engine.request("deal_record", { handle: this.handle });
    body.append(this.shareBlock(outcome.replay, last));
    this.stopReview();
    body.append(this.newReview(outcome.review).element);
    if (outcome.whole_match) {
      body.append(this.newReview("Review the whole match", "all").element);
    }
    const again = el("button", { type: "button", "data-action": "again", text: "Play again" });
    again.addEventListener("click", () => this.newGame());
    foot.append(again);
    this.prompt(/[.!]$/.test(title) ? title : `${title}.`);
    this.narrate(`${title}. ${words}`);
    showOutcome(box, { dismiss: () => closeOutcome(box, this.el.newGame) });
  }

  /** A review panel for the deal just finished (the session's last deal played out), or with
   *  `deal: "all"` for every deal of the match.
   *  @param {string} [label] @param {"all"} [deal] */
  newReview(label = "Review this deal", deal = undefined) {
    const handle = this.handle;
    const panel = reviewPanel({
      engine: this.engine, game: this.game, rules: this.rules, args: () => ({ handle, deal }),
      narrate: (text) => this.narrate(text), label,
    });
    this.reviews = [...(this.reviews || []), panel];
    return panel;
  }

  /** The table moves on: a review still running is dropped. */
  stopReview() {
    for (const panel of this.reviews || []) panel.cancel();
    this.reviews = [];
  }

  /** @param {string} label @param {EngineRecord} record */
  shareBlock(label, record) {
    const href = replayHref(record, this.data.replay_page, 0, this.you ?? YOU);
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
  /** @param {HTMLElement} root @param {PlayData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.engine = getEngine(root);
    /** @param {string} selector */
    const find = (selector) => part(root, selector);
    this.el = {
      live: find("[data-live]"),
      status: find(".engine-status"),
      position: find("[data-position]"),
      last: find("[data-last]"),
      end: find("[data-end]"),
      scores: find("[data-scores]"),
      progress: find("[data-progress]"),
      narration: find("[data-narration]"),
      play: find('[data-action="play"]'),
    };
    root.classList.add("is-live");
    this.el.live.hidden = false;
    for (const p of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".play-nojs"))) p.hidden = true;
    mountStatus(this.el.status, this.engine);
    this.playing = false;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    /** @type {number | null} */
    this.handle = null;
    /** @type {EngineState | null} */
    this.state = null;
    /** @type {(EngineRecord & {game: string}) | null} */
    this.record = null;
    /** @type {number | null} */
    this.seat = null;
    this.lost = false;
    this.game = "";
    /** @type {RulesInfo | undefined} */
    this.rules = undefined;
    this.players = 0;
    /** @type {string[]} */
    this.names = [];
    /** @type {string[] | null} */
    this.teams = null;
    /** @type {TableView | null} */
    this.view = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {HTMLElement | null} */
    this.reviewBox = null;
    /** @type {ReviewPanel | null} */
    this.review = null;
    this.controls = ["start", "back", "forward", "end", "play"]
      .map((name) => /** @type {HTMLButtonElement | null} */ (root.querySelector(`[data-action="${name}"]`)));
    const openLink = () => {
      const hash = window.location.hash;
      this.open(recordFromHash(hash), startFromHash(hash), seatFromHash(hash));
    };
    openLink();
    window.addEventListener("hashchange", openLink);
    // An engine that failed and was started again (Retry) has forgotten the game: open it again.
    this.engine.addEventListener("failed", () => { this.handle = null; this.lost = true; });
    this.engine.addEventListener("ready", () => {
      if (!this.lost) return;
      this.lost = false;
      openLink();
    });
    /** @param {string} name @param {() => void} fn */
    const on = (name, fn) => part(root, `[data-action="${name}"]`).addEventListener("click", fn);
    on("start", () => { this.stop(); this.go(0); });
    on("back", () => { this.stop(); this.step(-1); });
    on("forward", () => { this.stop(); this.step(1); });
    on("end", () => { this.stop(); this.go("end"); });
    on("play", () => (this.playing ? this.stop() : this.start()));
    // The deck chosen (cards.mjs): the move's words again, in the new deck's names.
    document.addEventListener("cards:deck", () => this.enqueue(async () => {
      if (this.handle === null || !this.state) return;
      const at = this.state.index;
      /** @type {EngineState} */
      const fresh = await this.engine.request("state", { handle: this.handle });
      if (this.state && this.state.index === at) this.show(fresh);
    }));
    root.addEventListener("keydown", (event) => {
      const tag = /** @type {Element} */ (event.target).tagName;
      if (tag === "A" || tag === "INPUT" || tag === "SELECT") return;
      /** @type {Record<string, () => void>} */
      const keys = { ArrowLeft: () => this.step(-1), ArrowRight: () => this.step(1), Home: () => this.go(0), End: () => this.go("end") };
      if (keys[event.key]) {
        event.preventDefault();
        this.stop();
        keys[event.key]();
      }
    });
  }

  /** The link's game (`{record}` or `{problem}`, from recordFromHash), opened at move `at`,
   *  `seat` (the sharer's; null: the first) at the bottom and the one reviewed first.
   *  @param {ReturnType<typeof recordFromHash>} link @param {number} [at] @param {number | null} [seat] */
  open({ record = undefined, problem = undefined }, at = 0, seat = null) {
    this.stop();
    this.record = record ?? null;
    this.seat = seat;
    this.state = null;
    this.setControls(false);
    if (!problem && record && !this.data.rules[record.game]) problem = "This link holds a game this site does not know.";
    if (problem || !record) {
      this.setProblem(`${problem} Play a game on the Madrasso, Briscola or Scopa page, then use the Replay link at the end of a deal.`);
      return;
    }
    const players = Number(record.players) || this.data.default_players[record.game];
    const names = this.data.seat_names[players];
    const teams = (this.data.team_names || {})[record.game] || null;
    this.el.last.textContent = "Loading the game…";
    this.enqueue(async () => {
      if (this.handle !== null) {
        const old = this.handle;
        this.handle = null;
        await this.engine.request("drop", { handle: old });
      }
      const moves = /** @type {unknown[]} */ (record.actions || record.moves || []);
      /** @type {Loaded} */
      const loaded = await this.engine.request("load", {
        record, at: Math.min(at, moves.length), view: null,
        bottom: seat, seat_names: names, side_names: teams || undefined,
      });
      // The table is laid only now that the engine has read the record (and said how many
      // sit at it): a bad link leaves a message, not an empty table.
      this.game = record.game;
      this.rules = this.data.rules[this.game];
      this.players = loaded.state.table.players;
      this.names = names;
      this.teams = teams;
      this.view = new TableView(this.root);
      this.handle = loaded.handle;
      this.show(loaded.state);
      this.setControls(true);
    });
  }

  /** @param {boolean} enabled */
  setControls(enabled) {
    for (const button of this.controls) if (button) button.disabled = !enabled;
    // No game, no table: an empty felt under a message would look like a game still coming.
    /** @type {HTMLElement | null} */
    const table = this.root.querySelector("[data-table]");
    if (table) table.hidden = !enabled && !this.state;
  }

  /** @param {string} text */
  setProblem(text) {
    this.setControls(false);
    this.el.last.textContent = text;
    this.el.narration.textContent = text;
    this.el.position.textContent = "";
    this.el.end.hidden = true;
  }

  /** @param {() => unknown} task */
  enqueue(task) {
    this.queue = this.queue.then(task).catch((err) => {
      this.stop();
      if (err instanceof EngineError && err.kind === "unavailable") {
        this.setProblem("The game cannot be shown while the engine is not running (see the message above).");
        return;
      }
      this.setProblem(`This link's game cannot be replayed: ${(err && err.message) || err}.`);
    });
    return this.queue;
  }

  /** @param {number | "end"} index */
  go(index) {
    return this.enqueue(async () => {
      if (!this.handle) return;
      this.show(await this.engine.request("step_to", { handle: this.handle, index }));
    });
  }

  /** @param {number} delta */
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

  /** @param {EngineState} state */
  show(state) {
    this.state = state;
    this.view?.render(state.table);
    drawScore(this.el.scores, state.table.score, this.rules);
    drawProgress(this.el.progress, state.table.progress, this.rules);
    this.el.position.textContent = `Move ${state.index} of ${state.length}`;
    const text = state.last ? moveWords(state.table) : "The cards are dealt. Press Next or Play.";
    this.el.last.textContent = text;
    this.el.narration.textContent = text;
    this.el.end.hidden = !state.over;
    if (state.over) {
      this.el.end.replaceChildren();
      if (state.table.outcome) drawOutcome(this.el.end, state.table.outcome, this.rules, { heading: "h4" });
      this.el.end.append(this.reviewBlock());
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
    picker.value = String(this.state?.table.bottom); // the sharer's seat first
    const handle = this.handle;
    const panel = () => {
      if (this.review) this.review.cancel();
      this.review = reviewPanel({
        engine: this.engine, game: this.game, rules: /** @type {RulesInfo} */ (this.rules), args: () => ({ handle, seat: Number(picker.value) }),
        narrate: (text) => { this.el.narration.textContent = text; },
      });
      return this.review.element;
    };
    picker.addEventListener("change", () => box.lastChild?.replaceWith(panel()));
    box.append(el("p", { class: "replay-review-seat" }, el("label", {}, "Review the moves of ", picker)), panel());
    this.reviewBox = box;
    return box;
  }
}

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-play]"))) {
  /** @type {HTMLElement | null} */
  const source = root.querySelector(".play-data");
  if (root.dataset.play === "replay") {
    withData(root, source, (/** @type {PlayData} */ data) => new ReplayViewer(root, data));
    continue;
  }
  // The table starts when it comes near; its controls are in the page from the start, so Tab
  // reaches New game in document order, and a visitor who tabs or presses there starts it at
  // once (a press on New game before the table is made is kept and done when it is).
  /** @type {PlayTable | null} */
  let table = null;
  let pressed = false;
  /** @param {PlayData} data */
  const start = (data) => {
    if (table) return;
    table = new PlayTable(root, data);
    if (pressed) table.askNewGame();
  };
  withData(root, source, start, { whenNear: true });
  /** @param {Event} event */
  const early = (event) => {
    if (table) return;
    if (event.type === "click" && /** @type {Element} */ (event.target).closest('[data-action="new"]')) pressed = true;
    if (root.dataset.starting) return;
    root.dataset.starting = "";
    withData(root, source, start);
  };
  root.addEventListener("focusin", early);
  root.addEventListener("click", early);
}
