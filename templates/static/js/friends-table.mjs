// How one seat of a table with friends sees the game: the one table renderer (table-view.mjs)
// drawing this seat's table description, the seat at the bottom, and PlayTable's deal-end
// panel, capture choice and rule messages, borrowed with a stand-in `this`.
//
// This is the one place the friends' table draws a game; nothing else in the friends' modules
// draws cards. The states come from the host's engine (a table session, docs/friends.md), each
// built from this seat's view, its `table` described for it: nothing here decides a rule.

import { PlayTable, cardKey, drawSwap, moveWords, outcomeFrame } from "./play.mjs";
import { TableView, closeOutcome, drawOutcome, drawProgress, drawScore, showOutcome } from "./table-view.mjs";
import { choicesFor, el, nameSeats } from "./table.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").PlayData} PlayData */
/** @typedef {{summary?: Record<string, unknown>, deal?: import("./engine").EngineRecord, waiting?: string | null,
 *             again?: HTMLElement | null}} Extras what goes with a state (see show) */
/** @typedef {import("./friends-net.mjs").Refused} Refused */

/** The host's engine calls the seats "Seat 0"…: this page's table says the people's names
 *  (as they are now: a seat a person left is the computer's).
 *  @template T @param {T} value @param {string[]} names @returns {T} */
function named(value, names) {
  if (typeof value === "string") return /** @type {T} */ (nameSeats(value, names));
  if (Array.isArray(value)) return /** @type {T} */ (value.map((item) => named(item, names)));
  if (value && typeof value === "object") {
    return /** @type {T} */ (Object.fromEntries(Object.entries(value).map(([key, item]) => [key, named(item, names)])));
  }
  return value;
}

export class SeatTable {
  /**
   * `root` holds the play table's hooks ([data-table], [data-scores]...); `data` is the page's
   * data (rules sections, replay page). `onPlay(action)` sends this seat's move; `onNext()`
   * says the seat has seen a finished deal's score.
   * @param {HTMLElement} root @param {PlayData} data
   * @param {{onPlay: (action: string, at: number) => void, onNext: (at: number) => void}} callbacks
   */
  constructor(root, data, { onPlay, onNext }) {
    this.root = root;
    this.data = data;
    this.onPlay = onPlay;
    this.onNext = onNext;
    /** @type {number | null} */
    this.you = null;
    /** @type {EngineState | null} */
    this.state = null;
    /** @type {Extras} */
    this.extras = {};
    this.busy = false;
    /** @type {string[]} */
    this.names = [];
    this.key = "";
    /** The element of the play table's markup (templates/components/play.html) named `data-NAME`.
     *  @param {string} name */
    const get = (name) => /** @type {HTMLElement} */ (root.querySelector(`[data-${name}]`));
    this.el = {
      scores: get("scores"), progress: get("progress"), prompt: get("prompt"), choices: get("choices"),
      last: get("last"), dealEnd: get("deal-end"), end: get("end"), narration: get("narration"),
      swap: /** @type {HTMLButtonElement} */ (root.querySelector('[data-action="swap"]')),
    };
    const table = get("table");
    table.addEventListener("click", (event) => this.cardClicked(event));
    table.addEventListener("keydown", cardKey);
    this.el.swap.addEventListener("click", () => this.play("swap"));
  }

  /** The seats: the game, how many sit, which one is this page's (null: a spectator), names.
   *  @param {{game: string, players: number, you: number | null, names: string[]}} seats */
  setup({ game, players, you, names }) {
    const key = JSON.stringify([game, players, you, names]);
    if (this.view && key === this.key) return;
    this.key = key;
    this.game = game;
    this.players = players;
    this.you = you;
    this.names = names;
    this.rules = this.data.rules[game];
    this.view = new TableView(this.root, { interactive: you !== null });
    /** @type {HTMLElement} */ (this.root.querySelector(".play-keys")).hidden = you === null; // a spectator has no cards to choose
    this.borrowed = this.playTable();
    if (this.state) this.show(this.state, this.extras);
  }

  /** A PlayTable that draws into this page for this seat: its methods run with it as `this`.
   *  @returns {PlayTable} */
  playTable() {
    const self = this;
    /** @type {PlayTable} */
    const table = Object.create(PlayTable.prototype);
    Object.assign(table, {
      root: this.root, data: this.data, game: this.game, players: this.players, names: this.names, you: this.you,
      rules: this.rules, el: this.el, view: this.view, interactive: false,
      ack: null, handle: null,
      engine: { request: async (/** @type {string} */ op) => (op === "summary" ? self.extras.summary : self.extras.deal) },
      renderButtons() {}, save() {},
      loop() { if (self.state) self.onNext(self.state.index); },
      play(/** @type {string} */ action) { self.play(action); },
      prompt(/** @type {string} */ text) { self.prompt(text); },
      narrate(/** @type {string} */ text) { self.el.narration.textContent = text; },
    });
    return table;
  }

  /** @param {string} text */
  prompt(text) {
    this.el.prompt.replaceChildren(el("p", { text }));
  }

  /** This seat may act: its turn, and a deal being played. A table still described as a
   *  finished deal's end is never played on, even once this seat has pressed Next deal: the
   *  host sends the next deal's table as dealt (`next_deal`) when every seat has seen the
   *  score, and the hand is live on that one (its cards on the table first).
   *  @param {EngineState | null} state */
  yourTurn(state = this.state) {
    return Boolean(state && this.you !== null && state.to_play === this.you && !state.over
      && !state.table.between_deals && !this.busy);
  }

  /**
   * Draw `state` (this seat's, from the host's engine). `extras`: `summary` and `deal` (the
   * finished deal's public record) at the end of a deal or of the game; `waiting` (the prompt
   * while the table waits for someone); `again` (a button for a new game, the host's).
   * @param {EngineState} state @param {Extras} extras
   */
  show(state, extras = {}) {
    const view = this.view;
    const t = this.borrowed;
    if (!view || !t) return; // setup() first: the seats come before the states
    state = { ...state, table: named(state.table, this.names) };
    // The next deal's table (the host's `next_deal`) comes at the same index as the finished one.
    const fresh = !this.state || state.index !== this.state.index || state.over !== this.state.over
      || state.table.between_deals !== this.state.table.between_deals;
    this.state = state;
    this.extras = extras;
    this.busy = false;
    t.state = state;
    if (fresh && state.index === 0) t.ack = null;
    const between = t.atDealEnd(state);
    const yourTurn = this.yourTurn();
    const legal = new Set(state.legal);
    // A finished deal's panel keeps its last trick on the felt. The cards are drawn first, the
    // words and the score next, then the cards travel: the page is laid out once.
    const drawn = fresh || !between ? view.draw(state.table, { legal, turn: yourTurn ? this.you : -1 }) : null;
    const tableElement = /** @type {HTMLElement} */ (this.root.querySelector("[data-table]"));
    // Written after the table is drawn: the renderer reads the cards' places first (FLIP).
    tableElement.removeAttribute("aria-busy");
    // Between two deals the hand stays out of sight until the next deal's table comes with it.
    tableElement.classList.toggle("is-between-deals", state.table.between_deals);
    drawScore(this.el.scores, state.table.score, this.rules);
    drawProgress(this.el.progress, state.table.progress, this.rules);
    drawSwap(this.el.swap, state.table, yourTurn);
    if (!yourTurn) this.el.choices.hidden = true;
    if (fresh && state.last && state.table.last) t.announce(state.last);
    else if (fresh && state.last) {
      // The next deal as dealt: its opening is said, not the finished deal's last move.
      this.el.last.textContent = state.table.opening || "";
      this.el.last.classList.remove("is-swap");
    }
    if (!state.last) this.el.last.textContent = "";
    this.el.end.hidden = !state.over;
    if (!between) this.el.dealEnd.hidden = true;
    if (state.over) {
      if (fresh) this.finish(state, extras);
    } else if (between && fresh && extras.deal) {
      t.dealEnd().then(() => {
        if (this.you !== null) return;
        // A spectator has no seat to say it is ready: the players' Next deal moves the table on.
        this.el.dealEnd.querySelector('[data-action="next-deal"]')?.remove();
        this.prompt("The deal is over: the next one starts when the players have seen the score.");
      });
    } else if (extras.waiting) {
      this.prompt(extras.waiting);
    } else if (yourTurn) {
      this.prompt(state.table.turn_words || "Your turn.");
    } else if (state.table.between_deals && !between && !state.over) {
      this.prompt("The next deal is being dealt…"); // this seat pressed Next deal; the host's table follows
    } else if (!between) {
      this.prompt(state.table.waiting_words || "");
    }
    if (drawn) view.settle(drawn);
  }

  /** @param {Event} event */
  cardClicked(event) {
    const target = /** @type {Element | null} */ (event.target);
    /** @type {HTMLElement | null} */
    const button = target && target.closest && target.closest("button.card-button");
    if (!button || !this.state) return;
    if (!this.yourTurn()) {
      if (!this.busy) this.prompt(this.state.over ? "The game is over." : `Wait for your turn: ${this.state.table.waiting_words}`);
      return;
    }
    const code = button.dataset.card ?? "";
    const choices = choicesFor(this.state.table, code);
    if (choices && choices.options.length > 1) this.borrowed?.offerCaptures(choices);
    else this.play(choices ? choices.options[0].action : code); // an illegal card goes too: the host's engine names the rule
  }

  /** @param {string} action */
  play(action) {
    if (!this.yourTurn() || !this.state) return;
    this.busy = true;
    this.onPlay(action, this.state.index); // first: the move is on its way while the cards go quiet
    /** @type {HTMLElement} */ (this.root.querySelector("[data-table]")).setAttribute("aria-busy", "true"); // until the host answers
    this.el.choices.hidden = true;
    this.el.swap.hidden = true;
    this.view?.quiet(); // the cards go quiet; the table is drawn when the host's answer comes
  }

  /** The host's engine refused this seat's move: say which rule, as the play table does.
   *  @param {string | undefined} action @param {Refused} error */
  refused(action, error) {
    this.busy = false;
    if (this.state) this.show(this.state, this.extras);
    if (error.sentence) this.borrowed?.explainIllegal(error);
    else this.prompt(error.message);
  }

  /** The end of the game, told the same way to every seat.
   *  @param {EngineState} state @param {Extras} extras */
  finish(state, extras) {
    const box = this.el.end;
    const outcome = state.table.outcome;
    if (!outcome || !this.borrowed) return; // a game over always has its outcome
    const { body, foot } = outcomeFrame(box);
    drawOutcome(body, outcome, this.rules);
    const title = outcome.title.replace(/[.!]$/, "");
    if (extras.deal) body.append(this.borrowed.shareBlock(outcome.replay, extras.deal));
    if (extras.again) foot.append(extras.again);
    this.prompt(`${title}.`);
    this.borrowed.narrate(`${title}. ${/** @type {HTMLElement} */ (box.querySelector("[data-result]")).textContent}`);
    showOutcome(box, { dismiss: () => closeOutcome(box) });
  }
}

export { moveWords };
