// The review on the big table (issue 30): a reviewed deal stepped through move by move on the
// full-size table, drawn by the one renderer through the page controller over a review source.
// The table at each step is the engine's, from the reviewed seat's view (the deal's public
// record opened with `view: seat`: the other hands stay face down until their cards are
// played); the marks, the expert's card, the reason and the chart's points are the review's
// (review_step's result: `moves`, `timeline`, `costliest`). Previous / Next and the arrow keys
// step; the chart's points and the costliest moments jump.

import { TableController } from "./table-controller.mjs";
import { VERDICTS, verdictBadge } from "./table-view.mjs";
import { cardImage, moveWords } from "./table.mjs";
import { ReviewChart } from "./review-chart.mjs";
import { kindWords } from "./coach.mjs";
import { el } from "./util.mjs";
import { _, ngettext, pgettext } from "./words.mjs";

/** @typedef {import("./shapes").DealReviewShape} DealReviewShape */
/** @typedef {import("./shapes").ReviewMoveShape} ReviewMoveShape */
/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine-client.mjs").Engine} Engine */

let boards = 0;

/** @param {string} text */
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export class ReviewBoard {
  /**
   * @param {{engine: Engine, deal: DealReviewShape, handle: number}} options
   *   `handle`: the reviewed game's session (its `deal_record` gives the deal's public record)
   */
  constructor({ engine, deal, handle }) {
    this.engine = engine;
    this.deal = deal;
    this.source = handle;
    this.timeline = deal.timeline;
    /** @type {Map<number, ReviewMoveShape>} the seat's moves by their timeline index */
    this.moves = new Map(deal.moves.map((m) => [m.index, m]));
    this.step = 0;
    /** The step last asked for: where Previous, Next and the arrows go from (the shown `step`
     *  lags behind it while the engine answers, and quick presses must not go from there). */
    this.aim = 0;
    /** @type {number | null} the open session of the deal's record, from the seat's view */
    this.handle = null;
    /** @type {EngineState | null} */
    this.state = null;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    this.dropped = false;
    /** @type {number | null} a step asked for before the table was laid (jump) */
    this.pending = null;
    const id = `review-board-${++boards}`;
    this.element = el("section", { class: "review-board", "data-review-board": "", "aria-labelledby": id });
    // Each deal's board its own name (a match's review has one per deal).
    const title = deal.deal > 1
      ? _("Step through deal {deal} on the table", { deal: deal.deal })
      : _("Step through the deal on the table");
    this.element.append(el("h3", { id, class: "review-board-title", text: title }));
    this.costliest = this.costlyList();
    this.holder = el("div", { class: "review-board-table" }, el("div", {
      class: "card-table play-table", "data-table": "", role: "group", "aria-label": _("The table at this move"),
    }));
    this.prev = el("button", { type: "button", class: "review-board-prev", "data-action": "review-prev", "aria-keyshortcuts": "ArrowLeft" }, `\u2190 ${_("Previous")}`);
    this.next = el("button", { type: "button", class: "review-board-next", "data-action": "review-next", "aria-keyshortcuts": "ArrowRight" }, `${pgettext("step", "Next")} \u2192`);
    this.counter = el("p", { class: "review-board-counter", "data-review-counter": "" });
    this.prev.addEventListener("click", () => this.go(this.aim - 1));
    this.next.addEventListener("click", () => this.go(this.aim + 1));
    this.words = el("div", { class: "review-step", "data-review-step": "", "aria-live": "polite", tabindex: "-1" });
    this.side = el("div", { class: "review-board-side" },
      el("div", { class: "review-board-nav" }, this.prev, this.counter, this.next), this.words,
      el("p", { class: "review-board-keys", text: _("The arrow keys step too.") }));
    this.main = el("div", { class: "review-board-main" }, this.holder, this.side);
    this.element.append(this.main);
    this.chart = new ReviewChart(deal, this.timeline.length, (step) => this.go(step, { scroll: "start" }),
      { you: _("Your side"), other: _("The other side") });
    this.element.append(el("figure", { class: "review-chart", "data-review-chart": "" }, this.chart.element,
      el("figcaption", { text: deal.moves.some((m) => m.expected && m.expected.sides)
        ? _("What each side could expect at the deal's end after each of your moves (your side: the big dots, with the mark's sign; the other side: the small ones). Press a point to see that move.")
        : _("Your expected margin at the deal's end after each of your moves. Press a point to see that move.") })));
    this.element.addEventListener("keydown", (event) => this.key(event));
    this.table = new TableController(this.holder, { state: () => this.state, seats: () => [], choose: () => {} });
    this.counter.textContent = _("Laying the table…");
    this.prev.disabled = true;
    this.next.disabled = true;
  }

  /** The costliest moments first: a button each that shows its move on the table. */
  costlyList() {
    const list = el("ol", { class: "review-costliest", "data-review-costliest": "" });
    for (const number of this.deal.costliest || []) {
      const move = this.deal.moves[number - 1];
      if (!move) continue;
      const button = el("button", { type: "button", class: "review-costly", "data-jump": move.index + 1 },
        verdictBadge(move.mark), " ", move.cost
          ? _("{when}: you played {move} ({cost})", { when: capital(move.when), move: move.played_words, cost: move.cost })
          : _("{when}: you played {move}", { when: capital(move.when), move: move.played_words }),
        ...kindWords(move, false));
      button.addEventListener("click", () => this.go(move.index + 1, { scroll: "start" }));
      list.append(el("li", {}, button));
    }
    if (!list.children.length) return null;
    this.element.append(el("h4", { class: "coach-heading", text: ngettext("Your costliest moment: see it on the table", "Your {n} costliest moments: see them on the table", list.children.length) }), list);
    return list;
  }

  /** Open the deal's record from the seat's view and show its first move (or `step`).
   *  @param {number} [step] */
  async load(step = 1) {
    try {
      await this.open(step);
    } catch (err) {
      this.counter.textContent = _("The table could not be laid: {error}", { error: String((err instanceof Error && err.message) || err) });
    }
  }

  /** @param {number} step */
  async open(step) {
    const { engine, deal } = this;
    const record = await engine.request("deal_record", { handle: this.source, deal: deal.deal });
    /** @type {EngineState} */
    const now = await engine.request("state", { handle: this.source });
    const names = [...now.table.seats].sort((a, b) => a.seat - b.seat).map((s) => s.name);
    /** @type {Loaded} */
    const loaded = await engine.request("load", { record, view: deal.seat, bottom: deal.seat, at: 0, seat_names: names });
    if (this.dropped) {
      engine.request("drop", { handle: loaded.handle }).catch(() => {});
      return;
    }
    this.handle = loaded.handle;
    this.state = loaded.state;
    const pending = this.pending;
    this.pending = null;
    await this.go(pending ?? step, { scroll: pending === null ? null : "start" });
    if (pending !== null) this.words.focus({ preventScroll: true });
  }

  /** Show `step` on the table from elsewhere in the review (the match's costliest moments):
   *  the table and the step's words come into view, the focus goes to the words, read out.
   *  Before the table is laid, it is shown once laid. @param {number} step */
  jump(step) {
    this.main.scrollIntoView({ block: "start", behavior: "instant" });
    if (this.handle === null) {
      this.pending = step;
      return Promise.resolve();
    }
    return this.go(step, { scroll: "start" }).then(() => this.words.focus({ preventScroll: true }));
  }

  /** The session goes (the review closed for good, or the table moved on). */
  drop() {
    this.dropped = true;
    const handle = this.handle;
    this.handle = null;
    if (handle !== null) this.queue = this.queue.then(() => this.engine.request("drop", { handle })).catch(() => {});
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {Element} */ (event.target);
    if (target.closest("input, select, textarea, summary")) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      event.stopPropagation();
      this.go(this.aim + (event.key === "ArrowRight" ? 1 : -1));
    }
  }

  /** Show the table after the timeline's first `step` actions (0: as dealt); `scroll`: how the
   *  table and the step's words come into view together (null: left where they are).
   *  @param {number} step @param {{scroll?: ScrollLogicalPosition | null}} [options] */
  go(step, { scroll = "start" } = {}) {
    const target = Math.max(0, Math.min(this.timeline.length, step));
    this.aim = target;
    this.queue = this.queue.then(async () => {
      if (this.handle === null) return;
      /** @type {EngineState} */
      const state = await this.engine.request("step_to", { handle: this.handle, index: target });
      if (this.handle === null) return;
      this.state = state;
      this.step = target;
      this.draw(scroll);
    }).catch((err) => {
      this.aim = this.step;
      this.counter.textContent = _("This move cannot be shown: {error}", { error: String((err && err.message) || err) });
    });
    return this.queue;
  }

  /** @param {ScrollLogicalPosition | null} scroll */
  draw(scroll) {
    const step = this.step;
    const action = step > 0 ? this.timeline[step - 1] : null;
    const move = action ? this.moves.get(action.index) : undefined;
    for (const old of this.holder.querySelectorAll(".review-ghost")) old.remove();
    for (const old of this.holder.querySelectorAll(".is-preferred")) old.classList.remove("is-preferred");
    const view = this.table.view;
    view.unlight();
    const drawn = this.table.draw({ turn: -1 });
    this.counter.textContent = _("Move {n} of {total}", { n: step, total: this.timeline.length });
    // A button that goes dead at either end hands the focus to the other (the keys keep working).
    /** @type {[HTMLButtonElement, boolean, HTMLButtonElement][]} */
    const ends = [[this.prev, step <= 0, this.next], [this.next, step >= this.timeline.length, this.prev]];
    for (const [button, dead, other] of ends) {
      const had = document.activeElement === button;
      button.disabled = dead;
      if (dead && had) other.focus({ preventScroll: true });
    }
    this.words.replaceChildren();
    this.words.dataset.mark = move ? move.mark : "";
    this.element.dataset.step = String(step);
    if (!action) {
      this.words.append(el("p", { class: "review-step-move", text: _("The cards are dealt. Press Next to see the first move.") }));
    } else {
      // The mark first (its word, colour and sign), the expert's card, the reason; then what
      // happened on the table.
      const happened = el("p", { class: "review-step-move", text: this.state && this.state.last ? moveWords(this.state.table) : capital(action.words) });
      if (move) {
        const card = move.played.split(" ")[0];
        if (move.played !== "swap") view.light(card, move.mark);
        this.words.append(el("p", { class: "review-step-mark" }, el("strong", { text: _("Your move {n}, {when}:", { n: move.number, when: move.when }) }), " ",
          verdictBadge(move.mark, move.forced ? _("{verdict} (no choice)", { verdict: VERDICTS[move.mark].word }) : null), ...kindWords(move, true)));
        if (move.best !== move.played) {
          this.words.append(el("p", { class: "review-step-best", "data-review-best": move.best }, el("span", { class: "review-ghost-sign", "aria-hidden": "true" }),
            move.cost ? _("Best: {move} (yours cost about {cost})", { move: move.best_words, cost: move.cost }) : _("Best: {move}", { move: move.best_words })));
          this.ghost(move);
        }
        this.words.append(el("p", { class: "review-step-reason", "data-review-reason": "", text: move.reason }), happened);
      } else {
        this.words.append(happened, el("p", { class: "review-step-other", text: _("Not your move: the review marks only yours.") }));
      }
    }
    if (drawn) this.table.settle(drawn);
    this.chart.mark(step);
    if (scroll) this.main.scrollIntoView({ block: scroll, behavior: "instant" });
  }

  /** The expert's card where it would have gone: an outlined ghost in the centre beside the
   *  card played, labelled in words, and the card itself outlined in the seat's hand.
   *  @param {ReviewMoveShape} move */
  ghost(move) {
    const card = move.best.split(" ")[0];
    if (!/^[A2-7JQK][CDHS]$/.test(card)) return;
    const centre = this.holder.querySelector("[data-centre]");
    if (centre) {
      centre.append(el("li", { class: "review-ghost", "data-review-ghost": card, "aria-label": _("Best: {move}", { move: move.best_words }) },
        cardImage(card, { width: 56, name: move.best_words }), el("span", { class: "review-ghost-tag", "aria-hidden": "true", text: pgettext("expert card", "Best") })));
    }
    const inHand = this.holder.querySelector(`.seat[data-seat="${this.deal.seat}"] [data-hand] [data-card="${card}"]`);
    const item = inHand && inHand.closest("li");
    if (item) item.classList.add("is-preferred");
  }
}
