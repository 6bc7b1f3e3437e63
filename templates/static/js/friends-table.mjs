// How one seat of a table with friends sees the game: the one page controller
// (table-controller.mjs) driving the one renderer and the table's events side over this seat's
// states (a source: the host's state for this seat, this seat's turn, its choice sent to the
// host), the seat at the bottom, the words around the table
// (table-screen.mjs) and the panels at a deal's and the game's end (deal-end.mjs), as the
// play table has them. It imports nothing from the play page's own modules.
//
// This is the one place the friends' table draws a game; nothing else in the friends' modules
// draws cards. The states come from the host's engine (a table session, docs/friends.md), each
// built from this seat's view, its `table` described for it: nothing here decides a rule.

import { TableController } from "./table-controller.mjs";
import { TableScreen } from "./table-screen.mjs";
import { showDealEnd, showGameEnd } from "./deal-end.mjs";
import { shareBlock } from "./deal-review.mjs";
import { replayHref } from "./replay-link.mjs";
import { atDealEnd, drawSwap, moveWords, nameSeats, part } from "./table.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").PlayData} PlayData */
/** @typedef {import("./engine").RulesInfo} RulesInfo */
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
    /** @type {number | null} the index of a finished deal this seat has moved on from */
    this.ack = null;
    /** @type {string[]} */
    this.names = [];
    this.key = ""; // who sits where, as setup() was last told ("": not yet)
    /** @type {RulesInfo | undefined} */
    this.rules = undefined;
    this.screen = new TableScreen(root);
    this.el = this.screen.el;
    // The table, driven over the controller's source interface (table-controller.mjs): the
    // host's latest state for this seat, this seat's turn, and its choice sent to the host.
    this.table = new TableController(root, {
      state: () => this.state,
      seats: () => (this.you !== null && this.yourTurn() ? [this.you] : []),
      choose: (action) => this.play(action), // an illegal card goes too: the host's engine names the rule
      wait: () => {
        if (this.state && !this.busy) this.prompt(this.state.over ? _("The game is over.") : _("Wait for your turn: {waiting}", { waiting: this.state.table.waiting_words }));
      },
    }, { picker: { box: this.el.choices, hands: root, narrate: (text) => this.screen.narrate(text), choose: (action) => this.play(action) } });
    this.el.swap.addEventListener("click", () => this.play("swap"));
  }

  /** The seats: the game, how many sit, which one is this page's (null: a spectator), names.
   *  @param {{game: string, players: number, you: number | null, names: string[]}} seats */
  setup({ game, players, you, names }) {
    const key = JSON.stringify([game, players, you, names]);
    if (key === this.key) return;
    this.key = key;
    this.you = you;
    this.names = names;
    this.rules = this.data.rules[game];
    this.table.reset({ interactive: you !== null });
    part(this.root, ".play-keys").hidden = you === null; // a spectator has no cards to choose
    if (this.state) this.show(this.state, this.extras);
  }

  /** @param {string} text */
  prompt(text) {
    this.screen.prompt(text);
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
    if (!this.key) return; // setup() first: the seats come before the states
    state = { ...state, table: named(state.table, this.names) };
    // The next deal's table (the host's `next_deal`) comes at the same index as the finished one.
    const fresh = !this.state || state.index !== this.state.index || state.over !== this.state.over
      || state.table.between_deals !== this.state.table.between_deals;
    this.state = state;
    this.extras = extras;
    this.busy = false;
    if (fresh && state.index === 0) this.ack = null;
    const between = atDealEnd(state, this.ack);
    const yourTurn = this.yourTurn();
    // A finished deal's panel keeps its last trick on the felt. The cards are drawn first, the
    // words and the score next, then the cards travel: the page is laid out once.
    const drawn = fresh || !between ? this.table.draw({ turn: yourTurn ? this.you : -1 }) : null;
    this.table.listen();
    // Written after the table is drawn: the renderer reads the cards' places first (FLIP).
    this.el.table.removeAttribute("aria-busy");
    // Between two deals the hand stays out of sight until the next deal's table comes with it.
    this.el.table.classList.toggle("is-between-deals", state.table.between_deals);
    this.screen.scores(state.table, this.rules);
    drawSwap(this.el.swap, state.table, yourTurn);
    if (fresh && state.last && state.table.last) this.screen.announce(state.table, state.last);
    else if (fresh && state.last) this.screen.opening(state.table); // the next deal as dealt: its opening, not the finished deal's last move
    if (!state.last) this.el.last.textContent = "";
    this.el.end.hidden = !state.over;
    if (!between) this.el.dealEnd.hidden = true;
    if (state.over) {
      if (fresh) this.finish(state, extras);
    } else if (between && fresh && extras.deal) {
      this.dealEnd(extras.deal);
    } else if (extras.waiting) {
      this.prompt(extras.waiting);
    } else if (yourTurn) {
      this.prompt(state.table.turn_words || _("Your turn."));
    } else if (state.table.between_deals && !between && !state.over) {
      this.prompt(_("The next deal is being dealt…")); // this seat pressed Next deal; the host's table follows
    } else if (!between) {
      this.prompt(state.table.waiting_words || "");
    }
    if (drawn) this.table.settle(drawn);
  }

  /** A finished deal of the match: its outcome and its replay link; Next deal says this seat
   *  has seen it. A spectator has no seat to say it is ready: the players' Next deal moves the
   *  table on.
   *  @param {import("./engine").EngineRecord} deal */
  dealEnd(deal) {
    const spectator = this.you === null;
    showDealEnd(this.el.dealEnd, {
      outcome: this.state?.table.outcome, rules: this.rules, extras: [this.share(_("Replay this deal"), deal)],
      prompt: this.el.prompt, narrate: (text) => this.screen.narrate(text),
      onNext: spectator ? null : () => {
        this.ack = this.state?.index ?? null;
        if (this.state) this.onNext(this.state.index);
      },
    });
    if (spectator) this.prompt(_("The deal is over: the next one starts when the players have seen the score."));
  }

  /** @param {string} label @param {import("./engine").EngineRecord} record */
  share(label, record) {
    return shareBlock(label, replayHref(record, this.data.replay_page, 0, this.you ?? 0));
  }

  /** @param {string} action */
  play(action) {
    if (!this.yourTurn() || !this.state) return;
    this.busy = true;
    this.onPlay(action, this.state.index); // first: the move is on its way while the cards go quiet
    this.el.table.setAttribute("aria-busy", "true"); // until the host answers
    this.el.swap.hidden = true;
    this.table.quiet(); // the cards go quiet; the table is drawn when the host's answer comes
  }

  /** The host's engine refused this seat's move: say which rule, as the play table does.
   *  @param {string | undefined} action @param {Refused} error */
  refused(action, error) {
    this.busy = false;
    if (this.state) this.show(this.state, this.extras);
    if (error.sentence) this.screen.illegal(this.rules, error);
    else this.prompt(error.message);
  }

  /** The end of the game, told the same way to every seat.
   *  @param {EngineState} state @param {Extras} extras */
  finish(state, extras) {
    const box = this.el.end;
    const outcome = state.table.outcome;
    if (!outcome) return; // a game over always has its outcome
    const title = outcome.title.replace(/[.!]$/, "");
    showGameEnd(box, {
      outcome, rules: this.rules, extras: extras.deal ? [this.share(outcome.replay, extras.deal)] : [],
      buttons: extras.again ? [extras.again] : [],
      say: () => {
        this.prompt(`${title}.`);
        this.screen.narrate(`${title}. ${/** @type {HTMLElement} */ (box.querySelector("[data-result]")).textContent}`);
      },
    });
  }
}

export { moveWords };
