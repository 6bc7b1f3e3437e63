// The play table ([[play: game]]): a game against the computer. The visitor sits South (seat
// 0); the engine worker's computer players take the other seats. Every rule, every computer
// move, every hint and every score comes from the Python engine through the worker
// (docs/worker-protocol.md); this module draws what it answers (table-view.mjs), forwards the
// visitor's choices (table-events.mjs), paces the computer's moves (the visitor's pace:
// progress.mjs), has the engine value each of the visitor's moves for the review meanwhile
// (review-notes.mjs), counts a finished game and a deal's review in the visitor's progress
// (progress.mjs) and keeps the game on the device (play-store.mjs). The table is South's
// session in the engine: the engine deals from its own secret seed and answers only what South
// may know. Design notes: docs/play.md.

import { EngineError, getEngine, markPressesWhileStarting, mountStatus, startWhenNear } from "./engine-client.mjs";
import { atDealEnd, drawSwap } from "./table.mjs";
import { redrawWords } from "./play-words.mjs";
import { TableScreen } from "./table-screen.mjs";
import { showDealEnd, showGameEnd } from "./deal-end.mjs";
import { TableController } from "./table-controller.mjs";
import { Reviews, shareBlock } from "./deal-review.mjs";
import { replayHref } from "./replay-link.mjs";
import { GameStore } from "./play-store.mjs";
import { askAbandon } from "./confirm.mjs";
import { frame } from "./frame.mjs";
import { el, sleep } from "./util.mjs";
import { paceMs, recordGame, recordReview } from "./progress.mjs";
import { ReviewNotes } from "./review-notes.mjs";
import { _, pgettext } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine").Applied} Applied */
/** @typedef {import("./engine").HintAnswer} HintAnswer */
/** @typedef {import("./engine").ReviewResultShape} ReviewResultShape */
/** @typedef {import("./engine").PlayData} PlayData the page's data (sitegen/play.py) */
/** @typedef {import("./shapes").TableShape} TableShape */
/** @typedef {import("./table-events.mjs").ChoicePicker} ChoicePicker */
/** @typedef {import("./table-panels.mjs").OutcomeNodes} OutcomeNodes */

const YOU = 0;

export class PlayTable {
  /** @param {HTMLElement} root @param {PlayData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.game = this.data.game;
    this.rules = this.data.rules[this.game];
    this.engine = getEngine(root);
    /** @type {readonly string[]} the games this site plays (sitegen/play.py, from engine/gameinfo.py) */
    this.games = data.games;
    this.store = new GameStore(this.game, this.games);
    this.handle = /** @type {number | null} */ (null);
    this.state = /** @type {EngineState | null} */ (null);
    this.record = /** @type {EngineRecord | null} */ (null);
    this.level = this.data.default_level;
    /** @type {number | null} the index of a finished deal the visitor has moved on from */
    this.ack = null;
    this.token = 0;         // bumped to stop a running computer loop (new game, undo)
    this.busy = false;
    this.params = new URLSearchParams(window.location.search);
    this.players = 0;
    this.names = /** @type {string[]} */ ([]);
    this.teams = /** @type {string[] | null} */ (null);
    this.reviews = new Reviews({ engine: this.engine, game: this.game, rules: this.rules, narrate: (text) => this.screen.narrate(text) });
    this.queue = /** @type {Promise<unknown> | null} */ (null);
    this.notes = new ReviewNotes(this.engine); // the review valued while the computer plays
    this.screen = new TableScreen(root);
    this.el = this.screen.el;
    root.classList.add("is-live");
    this.el.live.hidden = false;
    for (const p of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".play-nojs"))) p.hidden = true;
    mountStatus(this.el.status, this.engine);
    // New game pressed while the engine starts: dealt once it is ready, the button saying so.
    markPressesWhileStarting(root, this.engine, '[data-action="new"]');
    // The table, driven over the controller's source interface (table-controller.mjs): this
    // game's state, South's turn, and South's choice forwarded to the engine.
    this.table = new TableController(root, {
      state: () => this.state,
      seats: () => (this.mayPlay() ? [YOU] : []),
      choose: (action) => this.play(action), // an illegal card too: the engine answers with the rule that forbids it
      wait: () => this.notYet(),
    }, {
      interactive: true,
      picker: {
        box: this.el.choices, hands: root, narrate: (text) => this.screen.narrate(text),
        choose: (action) => {
          this.focusHand = true;
          this.play(action);
        },
      },
    });
    this.picker = /** @type {ChoicePicker} */ (this.table.picker);
    this.bind();
    // An engine that stopped answering and was started again (Retry) has forgotten the game:
    // the saved one comes back on the table.
    this.engine.addEventListener("failed", () => {
      if (this.handle !== null) this.lost = true;
      this.handle = null;
      this.notes.stop();
      this.token += 1;
      this.busy = false;
    });
    this.engine.addEventListener("ready", () => {
      if (!this.lost) return;
      this.lost = false;
      const saved = this.store.load();
      if (saved && "record" in saved) this.enqueue(() => this.resume(saved.record));
      else this.screen.prompt(saved && "unreadable" in saved ? saved.unreadable : _("Press New game to deal."));
    });
    const params = this.params;
    const level = params.get("level");
    if (level && this.data.levels.includes(level)) this.level = level;
    const players = params.get("players");
    if (players && this.el.players) this.el.players.value = players;
    const saved = this.store.load();
    if (saved && "unreadable" in saved) {
      this.el.level.value = this.level;
      this.setup(null);
      this.screen.prompt(saved.unreadable);
      startWhenNear(root, this.engine, [this.el.newGame]);
    } else if (saved) {
      this.level = saved.level || this.level;
      this.ack = saved.ack ?? null;
      this.el.level.value = this.level;
      this.setup(saved.record);
      this.screen.prompt(_("Your game is saved: it comes back on the table as soon as the engine is ready."));
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
      this.screen.prompt(_("Choose the computer’s level, then press New game to deal."));
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
    this.table.reset({ interactive: true });
    if (this.el.players && record && record.players) this.el.players.value = String(record.players);
  }

  bind() {
    this.el.newGame.addEventListener("click", () => this.askNewGame());
    this.el.level.addEventListener("change", () => {
      this.level = this.el.level.value;
      this.save();
      this.screen.narrate(this.el.level.selectedOptions[0].dataset.said ?? ""); // the build's words (sitegen/play.py)
    });
    this.el.swap.addEventListener("click", () => this.play("swap"));
    this.el.hint.addEventListener("click", () => this.hint());
    this.el.undo.addEventListener("click", () => this.undo());
    // The deck chosen mid-game (cards.mjs): the pictures swap at once; the words on screen,
    // the engine's, are asked for again in the new deck's names (engine-client.mjs sends it).
    document.addEventListener("cards:deck", () => redrawWords(this));
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
    this.screen.prompt(_("The engine could not do that: {error}", { error: String((err instanceof Error && err.message) || err) }));
  }

  /** Keep the game: the engine's record of it for South (every card South has not seen
   *  dealt afresh, so reading the storage tells nothing about the computers' hands). */
  async save() {
    if (this.handle === null) return;
    this.record = await this.engine.request("record", { handle: this.handle });
    if (this.record) this.store.save(this.record, this.level, this.ack);
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
      this.store.setAsideStored();
      this.screen.prompt(_("Your saved game could not be read, so it was set aside ({error}). Press New game to deal.", { error: String(err instanceof Error ? err.message : err) }));
      return;
    }
    this.handle = loaded.handle;
    this.state = loaded.state;
    this.record = record;
    this.notes.moved(this.handle);
    this.screen.narrate(_("Your saved game is back on the table."));
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
    if (!this.confirm) {
      this.confirm = askAbandon(this.el.newGame, `play-abandon-${this.game}`, {
        yes: () => this.newGame(),
        no: () => this.screen.narrate(_("Your game goes on.")),
        closed: () => { this.confirm = null; },
      });
    }
    this.confirm.focus();
  }

  newGame() {
    if (this.confirm) this.confirm.close();
    this.token += 1; // stops a computer loop now running
    this.reviews.stop();
    this.notes.stop();
    this.busy = true;
    this.renderButtons();
    this.framing = true; // the new deal is framed once it is drawn (yourTurn, run)
    this.screen.frameStage();
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
      this.screen.prompt(_("Shuffling and dealing…"));
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
      this.screen.clearLast();
      await this.save();
      this.screen.narrate(`${this.el.newGame.dataset.said} ${this.state.table.opening}`);
      this.busy = false;
      this.loop();
    });
  }

  // ---- the game's rhythm ---------------------------------------------------------------------

  /** @param {EngineState | null | undefined} state */
  atDealEnd(state) {
    return atDealEnd(state, this.ack);
  }

  /** A finished deal the visitor has moved on from, still described as its end.
   *  @param {EngineState | null} state */
  movingOn(state) {
    return Boolean(state && state.table.between_deals && this.ack === state.index && this.handle !== null);
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
        this.screen.opening(next.table);
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
      this.screen.prompt(_("{name} is thinking…", { name: this.names[state.to_play ?? 0] }));
      if (this.framing) this.screen.frameStage(); // the new deal in view while the computer leads
      // The computer's pace (progress.mjs: the visitor's choice; 0 under reduced motion), the
      // review's notes in the pause.
      const wait = paceMs(state.table.last?.pause === "long");
      this.notes.quiet(wait);
      await sleep(wait);
      this.notes.busy();
      if (token !== this.token) return;
      /** @type {Applied} */
      const answer = await this.engine.request("bot", { handle: this.handle, level: this.level, play: true });
      if (token !== this.token) return;
      this.state = answer.state;
      this.endedHere = answer.state.over;
      this.screen.announce(answer.state.table, answer.state.last);
      await this.save();
      this.busy = false;
    }
  }

  yourTurn() {
    this.busy = false;
    this.screen.prompt(this.state?.table.turn_words || _("Your turn."));
    this.renderButtons();
    this.show();
    if (this.screen.frameTurn(Boolean(this.framing))) this.framing = false;
    this.notes.quiet(Infinity); // the learner thinks
    if (this.focusHand) {
      // The control just pressed has gone (Next deal, a capture choice): go back to the hand.
      this.focusHand = false;
      /** @type {HTMLElement | null} */
      const card = this.root.querySelector('.seat-south button.card-button[tabindex="0"]');
      if (card) card.focus();
    }
  }

  show() {
    const state = this.state;
    if (!state) return;
    // Between two deals the engine already holds the next deal: keep its cards out of sight
    // until Next deal, and show the finished deal's last trick instead (dealEnd).
    // The table's own words say a deal has just ended; once the visitor has moved on (Next
    // deal), the next deal is played on it.
    this.table.show({ turn: this.mayPlay() ? YOU : -1 });
    this.el.table.classList.toggle("is-between-deals", this.atDealEnd(state));
    this.screen.scores(state.table, this.rules);
    this.renderButtons();
  }

  renderButtons() {
    const state = this.state;
    const yourTurn = this.mayPlay();
    drawSwap(this.el.swap, state && state.table, yourTurn);
    this.el.hint.disabled = !yourTurn;
    this.el.undo.disabled = !state || state.index === 0 || this.busy || this.handle === null;
    this.el.newGame.disabled = false;
    this.table.listen();
  }

  // ---- your moves --------------------------------------------------------------------------------

  /** Whether the visitor may play now: South's turn in a deal being played, nothing on its way. */
  mayPlay() {
    const state = this.state;
    return Boolean(state && state.to_play === YOU && !state.over && !this.atDealEnd(state) && !this.busy);
  }

  /** The renderer of this game's table (a new one each game: TableController.reset). */ get view() {
    return this.table.view;
  }

  /** A card pressed when the visitor may not play one: why not (busy: nothing to say). */
  notYet() {
    const state = this.state;
    if (!state || this.busy) return;
    this.screen.prompt(state.over ? _("The game is over.") : this.atDealEnd(state) ? _("The deal is over: press Next deal.")
      : _("Wait for your turn: {waiting}", { waiting: state.table.waiting_words }));
  }

  /** @param {string} action */
  play(action) {
    if (this.busy) return;
    this.busy = true;
    this.view.unlight();
    this.el.hintText.hidden = true;
    this.picker.close();
    this.show(); // your cards go quiet at once: one press, one move
    this.notes.busy();
    const token = this.token;
    this.enqueue(async () => {
      const answer = await this.screen.apply(this.engine, this.handle, action, this.rules);
      if (!answer) { // refused: the rule is said, the visitor plays again
        this.busy = false;
        this.show();
        return;
      }
      if (token !== this.token) return;
      this.state = answer.state;
      this.endedHere = answer.state.over;
      this.notes.moved(this.handle);
      this.screen.announce(answer.state.table, answer.state.last);
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
    this.screen.hint(answer);
    this.show();
    return answer;
  }

  hint() {
    if (this.busy || !this.state || this.state.to_play !== YOU) return;
    this.el.hintText.hidden = false;
    this.el.hintText.textContent = _("The expert is thinking…");
    this.notes.busy();
    this.hinted = this.state.index;
    const token = this.token;
    this.enqueue(async () => {
      const answer = await this.showHint(token);
      if (!answer) return;
      // The hint's words and its lit card in view together (the words may run below the fold).
      frame([this.el.table, this.el.hintText]);
      this.screen.narrate(_("Hint: {hint}", { hint: answer.text }));
    });
  }

  undo() {
    if (this.handle === null) return;
    this.token += 1;
    this.reviews.stop();
    this.busy = true;
    this.renderButtons();
    // The hand goes quiet until the state before the move is drawn (after it is saved): the
    // cards of the move being taken back are not pressable meanwhile.
    this.table.quiet();
    this.enqueue(async () => {
      /** @type {EngineState} */
      let state;
      try {
        state = await this.engine.request("undo", { handle: this.handle, seat: YOU });
      } catch (err) {
        this.busy = false;
        if (err instanceof EngineError && err.kind === "request") {
          this.screen.prompt(_("Nothing to take back: {reason}.", { reason: err.message }));
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
      this.screen.clearLast(_("You took back your last move."));
      this.screen.narrate(_("You took back your last move. It is your turn again."));
      await this.save();
      this.busy = false;
      this.loop();
    });
  }

  // ---- the end of a deal, the end of the game ------------------------------------------------------

  async dealEnd() {
    this.busy = false;
    this.renderButtons();
    // The deal just played, as its own record (its cards, its moves, its place in the match):
    // everything in it has been on the table, and nothing after it is in the link.
    /** @type {EngineRecord} */
    const record = await this.engine.request("deal_record", { handle: this.handle });
    this.reviews.stop();
    this.notes.quiet(Infinity); // the learner reads the deal's end: the last moves valued
    this.outcomeNodes = showDealEnd(this.el.dealEnd, {
      outcome: this.state?.table.outcome, rules: this.rules,
      extras: [this.shareBlock(_("Replay this deal"), record), this.newReview()],
      prompt: this.el.prompt, narrate: (text) => this.screen.narrate(text),
      onNext: () => {
        this.reviews.stop();
        this.ack = this.state?.index ?? null;
        this.focusHand = true;
        this.framing = true;
        this.save();
        this.loop();
      },
    });
  }

  async finish() {
    this.busy = false;
    this.renderButtons();
    this.el.dealEnd.hidden = true;
    const outcome = this.state?.table.outcome;
    if (!outcome) return; // a game over always has its outcome
    /** @type {EngineRecord} */
    const last = await this.engine.request("deal_record", { handle: this.handle });
    this.reviews.stop();
    this.notes.quiet(Infinity);
    // A game that ended here (not one that came back finished) counts in the progress.
    if (this.endedHere) recordGame(this.game, this.level, this.state?.result?.winner === YOU);
    this.endedHere = false;
    const reviews = [this.newReview(outcome.review)];
    if (outcome.whole_match) reviews.push(this.newReview(_("Review the whole match"), "all"));
    const again = el("button", { type: "button", "data-action": "again", text: pgettext("game", "Play again") });
    again.addEventListener("click", () => this.newGame());
    const title = outcome.title;
    this.outcomeNodes = showGameEnd(this.el.end, {
      outcome, rules: this.rules, extras: [this.shareBlock(outcome.replay, last), ...reviews], buttons: [again],
      after: this.el.newGame,
      say: () => {
        this.screen.prompt(/[.!]$/.test(title) ? title : `${title}.`);
        this.screen.narrate(`${title}. ${outcome.lines.join(" ")}`);
      },
    });
  }

  /** A review panel for the deal just finished (the session's last deal played out), or with
   *  `deal: "all"` for every deal of the match.
   *  @param {string} [label] @param {"all"} [deal] */
  newReview(label = _("Review this deal"), deal = undefined) {
    const handle = this.handle;
    // A deal's review, when its result arrives, counts in the progress (a match's is its deals').
    const counted = deal === undefined
      ? (/** @type {unknown} */ result) => recordReview(this.game, /** @type {ReviewResultShape} */ (result))
      : undefined;
    return this.reviews.add(() => ({ handle, deal }), label, counted);
  }

  /** @param {string} label @param {EngineRecord} record */
  shareBlock(label, record) {
    return shareBlock(label, replayHref(record, this.data.replay_page, 0, YOU));
  }
}
