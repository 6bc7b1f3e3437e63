// The replay viewer ([[play: replay]], the replay page): the finished deal a shared link
// carries (replay-link.mjs), loaded in the engine and stepped through move by move, the
// sharer's seat at the bottom, with the coach's review of it for the seat the viewer picks.

import { EngineError, getEngine, mountStatus } from "./engine-client.mjs";
import { moveWords, part } from "./table.mjs";
import { TableController } from "./table-controller.mjs";
import { drawOutcome, drawProgress, drawScore } from "./table-panels.mjs";
import { reviewPanel } from "./deal-review.mjs";
import { recordFromHash, seatFromHash, startFromHash } from "./replay-link.mjs";
import { el, reducedMotion } from "./util.mjs";
import { _, pgettext } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {import("./engine").PlayData} PlayData the page's data (sitegen/play.py) */
/** @typedef {import("./coach.mjs").ReviewPanel} ReviewPanel */

export class ReplayViewer {
  /** @param {HTMLElement} root @param {PlayData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.engine = getEngine(root);
    /** @param {string} selector */
    const find = (selector) => part(root, selector);
    /** @type {readonly string[]} the games this site plays (sitegen/play.py, from engine/gameinfo.py) */
    this.games = data.games;
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
    /** @type {TableController | null} the table, driven over a replay: no seat chooses, Next says what comes */
    this.table = null;
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
      this.open(recordFromHash(hash, this.games), startFromHash(hash), seatFromHash(hash));
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
    if (!problem && record && !this.data.rules[record.game]) problem = _("This link holds a game this site does not know.");
    if (problem || !record) {
      this.setProblem(`${problem} ${_("Play a game on the Madrasso, Briscola or Scopa page, then use the Replay link at the end of a deal.")}`);
      return;
    }
    const players = Number(record.players) || this.data.default_players[record.game];
    const names = this.data.seat_names[players];
    const teams = (this.data.team_names || {})[record.game] || null;
    this.el.last.textContent = _("Loading the game…");
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
      if (this.table) this.table.reset({});
      else this.table = new TableController(this.root, { state: () => this.state, seats: () => [], choose: () => {} });
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
        this.setProblem(_("The game cannot be shown while the engine is not running (see the message above)."));
        return;
      }
      this.setProblem(_("This link's game cannot be replayed: {error}.", { error: String((err && err.message) || err) }));
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
    this.el.play.textContent = pgettext("playback", "Pause");
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
    if (this.el.play) this.el.play.textContent = pgettext("playback", "Play");
  }

  /** @param {EngineState} state */
  show(state) {
    this.state = state;
    this.table?.show();
    drawScore(this.el.scores, state.table.score, this.rules);
    drawProgress(this.el.progress, state.table.progress, this.rules);
    this.el.position.textContent = _("Move {n} of {total}", { n: state.index, total: state.length });
    const text = state.last ? moveWords(state.table) : _("The cards are dealt. Press Next or Play.");
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
    box.append(el("p", { class: "replay-review-seat" }, el("label", {}, `${_("Review the moves of")} `, picker)), panel());
    this.reviewBox = box;
    return box;
  }
}
