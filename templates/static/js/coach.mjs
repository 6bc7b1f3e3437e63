// The coach on the page: the review of a finished deal and the moments kept as practice
// positions. The engine (engine/coach, docs/coach.md) values every move and writes every
// sentence and number; this module runs the review one move a request (so the worker answers
// the table, the demo and the practice between two steps and the page never waits on it),
// draws the answer, and keeps a moment the visitor chooses in localStorage for the practice
// table (practice.mjs) to play.

import { el } from "./util.mjs";
import { VERDICTS, verdictBadge } from "./table-view.mjs";
import { _, ngettext } from "./words.mjs";

/** @typedef {import("./engine").PracticePosition} PracticePosition */
/** @typedef {import("./engine").ReviewAnswer} ReviewAnswer */
/** @typedef {import("./engine").DealReview} DealReview */
/** @typedef {import("./engine").ReviewMoment} ReviewMoment */
/** @typedef {import("./engine").MomentState} MomentState */
/** @typedef {import("./engine-client.mjs").Engine} Engine */
/**
 * What a ReviewPanel is given (see the class).
 * @typedef {object} ReviewOptions
 * @property {Engine} engine
 * @property {() => Record<string, unknown>} args
 * @property {string} game
 * @property {(state: MomentState) => HTMLElement} drawTable
 * @property {(table: HTMLElement, moves: {played: string, best: string}) => void} markCards
 * @property {(id: string) => string} practiceHref
 * @property {((text: string) => void) | null} [narrate]
 * @property {string} [label]
 * @property {string} [title]
 * @property {(result: NonNullable<ReviewAnswer["result"]>) => void} [onResult] the review's result, as it is shown
 * @property {(deal: DealReviewShape, handle: number) => ReviewBoardLike} [board] the deal stepped
 *   through on the big table (deal-review.mjs: review-board.mjs), given the reviewed session
 */
/** @typedef {import("./shapes").DealReviewShape} DealReviewShape */
/** @typedef {import("./shapes").ReviewResultShape} ReviewResultShape */
/**
 * @typedef {object} ReviewBoardLike
 * @property {HTMLElement} element
 * @property {() => Promise<void>} load
 * @property {() => void} drop
 * @property {(event: KeyboardEvent) => void} key
 */

const KEPT = "coach.kept.v1:";   // + game: the kept positions, newest last
const KEEP_AT_MOST = 12;
const MARKS = /** @type {const} */ (["best", "good", "inaccuracy", "mistake"]);
/** How many moves a deal's review gave each mark ("3 best, 1 mistake").
 *  @type {Record<typeof MARKS[number], (n: number) => string>} */
const MARK_COUNTS = {
  best: (n) => ngettext("{n} best", "{n} best", n),
  good: (n) => ngettext("{n} good", "{n} good", n),
  inaccuracy: (n) => ngettext("{n} inaccuracy", "{n} inaccuracy", n),
  mistake: (n) => ngettext("{n} mistake", "{n} mistake", n),
};
let views = 0; // the full views' ids

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// ---- kept moments -----------------------------------------------------------------------------

/** The practice positions kept from reviews of `game`, oldest first (an unreadable store is
 *  no positions: nothing kept is lost by reading it).
 *  @param {string} game @returns {PracticePosition[]} */
export function keptPositions(game) {
  const store = storage();
  if (!store) return [];
  try {
    const list = JSON.parse(store.getItem(KEPT + game) || "[]");
    return Array.isArray(list) ? list.filter(readable) : [];
  } catch {
    return [];
  }
}

/** Whether a stored entry has what the practice table reads (an entry spoilt by hand, or by
 *  another version of the site, is left out rather than breaking the table).
 *  @param {any} p an entry as stored: anything at all, until this says it is a position
 *  @returns {p is PracticePosition} */
function readable(p) {
  return Boolean(p && typeof p === "object" && typeof p.id === "string" && /^[\w-]+$/.test(p.id)
    && typeof p.title === "string" && typeof p.question === "string" && p.record && typeof p.record === "object"
    && [p.steps, p.rules, p.seats, p.seat_names].every(Array.isArray) && p.steps.length > 0);
}

/** Keep `position` (a moment's `practice`, docs/coach.md) and answer its id; the same
 *  position kept twice is kept once. Two deals can give the same moment number, so a new
 *  position whose id is taken gets one of its own.
 *  @param {string} game @param {PracticePosition} position */
export function keepPosition(game, position) {
  const list = keptPositions(game);
  const same = list.find((p) => JSON.stringify(p.record) === JSON.stringify(position.record));
  if (same) return same.id;
  let id = position.id;
  for (let n = 2; list.some((p) => p.id === id); n++) id = `${position.id}-${n}`;
  list.push({ ...position, id, kept: true });
  const store = storage();
  if (store) {
    try {
      store.setItem(KEPT + game, JSON.stringify(list.slice(-KEEP_AT_MOST)));
    } catch { /* storage full or blocked: the position opens once, unkept */ }
  }
  return id;
}

/** @param {string} game @param {string} id */
export function forgetPosition(game, id) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(KEPT + game, JSON.stringify(keptPositions(game).filter((p) => p.id !== id)));
  } catch { /* blocked: nothing to do */ }
}

// ---- the review ---------------------------------------------------------------------------------

/**
 * A "Review this deal" panel. `options`:
 * - `engine`: the page's engine; `args()`: review_start's arguments ({handle, seat?, deal?});
 * - `game`; `drawTable(state)`: an element, the table as the seat saw it (the page's one
 *   renderer), `markCards(element, {played, best})` marks the two moves' cards on it;
 * - `practiceHref(id)`: where a kept position opens (the rules page's practice table);
 * - `narrate(text)`: the page's live region.
 */
export class ReviewPanel {
  /** @param {ReviewOptions} options */
  constructor(options) {
    this.options = options;
    this.run = 0;
    this.made = false;
    /** @type {ReviewBoardLike[]} */
    this.boards = [];
    this.element = el("section", { class: "coach-review", "data-review": "" });
    this.button = el("button", { type: "button", class: "coach-review-start", "data-action": "review", text: options.label || _("Review this deal") });
    this.button.addEventListener("click", () => this.start());
    this.status = el("div", { class: "coach-progress", "data-review-progress": "", hidden: true });
    this.bar = el("progress", { max: 1, value: 0, "aria-label": _("Review progress") });
    this.count = el("span", { class: "coach-progress-count" });
    this.status.append(this.bar, " ", this.count);
    this.out = el("div", { class: "coach-review-result", "data-review-result": "", hidden: true });
    // The result opens in a full view over the page (a modal dialog), not in the deal's narrow
    // end panel: its tables and moments get the screen's width; closing it comes back here.
    this.view = el("dialog", { class: "coach-full", "aria-labelledby": `coach-full-${++views}` });
    const close = el("button", { type: "button", class: "coach-full-close", "data-action": "close-review", text: _("Close the review") });
    close.addEventListener("click", () => this.view.close());
    this.view.append(el("div", { class: "coach-full-head" },
      el("h2", { id: `coach-full-${views}`, text: options.title || _("Your moves, reviewed") }), close), this.out);
    // Keys stay in the dialog: Escape closes it (not the deal's panel behind it), Tab goes round it.
    this.view.addEventListener("keydown", (event) => {
      if (event.key === "Escape" || event.key === "Tab") event.stopPropagation();
      // The arrow keys step the (first) deal's table from anywhere in the view.
      const target = /** @type {Element} */ (event.target);
      if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && this.boards.length && !target.closest("[data-review-board]")) {
        this.boards[0].key(event);
      }
    });
    this.view.addEventListener("close", () => {
      if (this.button.isConnected && !this.button.hidden) this.button.focus({ preventScroll: true });
    });
    this.element.append(el("p", { class: "coach-review-intro" }, this.button,
      el("span", { class: "coach-review-note", text: ` ${_("The expert looks again at each of your moves, from what you knew then.")}` })),
    this.status, this.view);
  }

  /** Open the review's full view (once the review is made). */
  open() {
    if (!this.view.isConnected || this.view.open) return;
    this.view.showModal();
    this.view.scrollTop = 0;
  }

  /** Stop a review that is running (the table moved on); its answers are dropped. */
  cancel() {
    this.run += 1;
    for (const board of this.boards) board.drop();
    this.boards = [];
  }

  async start() {
    if (this.made) {
      this.open();
      return;
    }
    const run = ++this.run;
    const { engine } = this.options;
    this.button.disabled = true;
    this.out.hidden = true;
    this.status.hidden = false;
    this.bar.value = 0;
    this.count.textContent = _("Starting the review…");
    /** @type {ReviewAnswer} */
    let answer;
    try {
      answer = await engine.request("review_start", this.options.args());
      const review = answer.review;
      this.progress(answer);
      // One request a move: between two of them the worker answers everyone else.
      do {
        if (run !== this.run) return;
        answer = await engine.request("review_step", { review });
        this.progress(answer);
      } while (!answer.finished);
    } catch (err) {
      if (run !== this.run) return;
      this.status.hidden = true;
      this.button.disabled = false;
      this.out.hidden = false;
      this.out.replaceChildren(el("p", { class: "coach-problem", text: _("The review could not be made: {error}", { error: String((err instanceof Error && err.message) || err) }) }));
      return;
    }
    if (run !== this.run) return;
    this.status.hidden = true;
    this.made = true;
    this.button.disabled = false;
    this.button.textContent = _("Open the review again");
    if (answer.result) this.show(answer.result); // a finished review has its result
  }

  /** @param {ReviewAnswer} answer */
  progress({ done, total }) {
    this.bar.max = Math.max(1, total);
    this.bar.value = done;
    this.count.textContent = _("Reviewing your moves: {done} of {total}", { done, total });
  }

  /** @param {NonNullable<ReviewAnswer["result"]>} result */
  show(result) {
    if (this.options.onResult) this.options.onResult(result);
    const out = this.out;
    out.replaceChildren();
    const summary = el("p", { class: "coach-summary", "data-review-summary": "", tabindex: "-1", text: result.summary });
    out.append(summary);
    const handle = Number(this.options.args().handle);
    for (const board of this.boards) board.drop();
    this.boards = [];
    for (const deal of result.deals) {
      if (result.deals.length > 1) out.append(el("h4", { text: _("Deal {n}", { n: deal.deal }), class: "coach-deal" }), el("p", { text: deal.summary }));
      const shape = /** @type {DealReviewShape} */ (/** @type {unknown} */ (deal));
      if (this.options.board && Number.isInteger(handle) && Array.isArray(shape.timeline)) {
        const board = this.options.board(shape, handle);
        this.boards.push(board);
        out.append(board.element);
      }
      if (deal.moments.length) {
        out.append(el("h4", { class: "coach-heading", text: ngettext("The costliest moment, to practise", "The costliest {n} moments, to practise", deal.moments.length) }));
        const list = el("ol", { class: "coach-moments", "data-moments": "" });
        for (const moment of deal.moments) list.append(this.moment(moment, deal));
        out.append(list);
      }
      out.append(this.moveTable(deal));
    }
    out.hidden = false;
    // One deal's table after another (each its own session of the deal's record).
    this.boards.reduce((queue, board) => queue.then(() => board.load()).catch(() => {}), Promise.resolve());
    this.open();
    summary.focus({ preventScroll: true });
    if (this.options.narrate) this.options.narrate(result.summary);
  }

  /** @param {ReviewMoment} moment @param {DealReview} deal */
  moment(moment, deal) {
    const { game, drawTable, markCards, practiceHref } = this.options;
    const item = el("li", { class: `coach-moment mark-${moment.mark} game-${game}`, "data-moment": "", "data-mark": moment.mark });
    const table = drawTable(moment.state);
    table.classList.add("coach-moment-table");
    markCards(table, { played: moment.played, best: moment.best });
    const words = el("div", { class: "coach-moment-words" },
      el("p", { class: "coach-moment-head" }, el("strong", { text: capital(moment.when) }), " ",
        verdictBadge(moment.mark), ...kindWords(deal.moves.find((m) => m.index === moment.index), true)),
      el("p", { class: "coach-moment-text", text: moment.text }));
    if (moment.practice) {
      const keep = el("button", { type: "button", class: "coach-practise", "data-action": "practise", text: _("Practise this moment") });
      keep.addEventListener("click", () => {
        // Kept first, then opened where the practice table is (this page or the rules page):
        // the practice table reads the kept positions and shows the one the link names. The
        // full view closes: on this page the practice table is under it.
        this.view.close();
        if (moment.practice) window.location.assign(practiceHref(keepPosition(game, moment.practice)));
      });
      words.append(el("p", { class: "coach-practise-row" }, keep,
        el("span", { class: "coach-practise-note", text: ` ${_("Kept in this browser; the cards you could not see are dealt afresh.")}` })));
    }
    item.append(table, words);
    return item;
  }

  /** @param {DealReview} deal */
  moveTable(deal) {
    const counts = MARKS.filter((m) => deal.marks[m]).map((m) => MARK_COUNTS[m](deal.marks[m])).join(", ");
    const body = el("tbody");
    for (const move of deal.moves) {
      // The expert's choice when it differs; the cost (the engine's words, whole points) only
      // for an inaccuracy or a mistake: a move called best or good costs nothing worth saying.
      const better = move.best !== move.played && move.mark !== "best";
      body.append(el("tr", { "data-move": move.index, "data-mark": move.mark, class: `mark-${move.mark}` },
        el("th", { scope: "row", text: move.when }),
        el("td", { text: move.played_words }),
        el("td", {}, verdictBadge(move.mark, move.forced ? _("{verdict} (no choice)", { verdict: VERDICTS[move.mark].word }) : null), ...kindWords(move, false)),
        el("td", { "data-label": _("The expert’s choice"), text: better ? move.best_words : "" }),
        el("td", { "data-label": _("Cost"), text: move.cost || "" })));
    }
    const table = el("table", { class: "coach-moves", "data-review-moves": "" },
      el("caption", { class: "visually-hidden", text: _("Your moves, marked") }),
      el("thead", {}, el("tr", {}, ...[_("When"), _("You played"), _("Mark"), _("The expert’s choice"), _("Cost")]
        .map((t) => el("th", { scope: "col", text: t })))),
      body);
    return el("details", { class: "coach-moves-box", open: true }, el("summary", { text: _("Every move you made, marked ({n})", { n: deal.moves.length }) }),
      el("p", { class: "coach-counts", text: _("Your moves: {counts}.", { counts }) }), el("div", { class: "table-wrap" }, table));
  }
}

/** A costly move's kind beside its verdict (engine/coach/kinds.py, in the request's language):
 *  its name, and with `why` what a move of that kind did. Nothing for a move that cost nothing.
 *  @param {{kind?: import("./shapes").MistakeKind | null} | undefined} move @param {boolean} why
 *  @returns {(HTMLElement | string)[]} */
export function kindWords(move, why) {
  const kind = move && move.kind;
  if (!kind) return [];
  const name = el("span", { class: "review-kind", "data-kind": kind.id }, el("span", { class: "review-kind-name", text: kind.name }));
  if (why && kind.why) name.append(" ", el("span", { class: "review-kind-why", text: _("({why})", { why: kind.why }) }));
  return [" ", name];
}

/** @param {string} text */
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
