// What a finished deal offers beside its outcome: a link that replays it (with a button that
// copies it), and the coach's review of its moves (coach.mjs), each moment drawn on a table by
// the one renderer as the reviewed seat saw it. The play table's, the replay's and the
// friends' table's.

import { ReviewPanel, keepPosition } from "./coach.mjs";
import { ReviewBoard } from "./review-board.mjs";
import { TableView, verdictBadge } from "./table-view.mjs";
import { el } from "./util.mjs";
import { _, ngettext, pgettext } from "./words.mjs";

/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {import("./engine-client.mjs").Engine} Engine */
/** @typedef {import("./shapes").ReviewResultShape} ReviewResultShape */
/** @typedef {import("./shapes").DealReviewShape} DealReviewShape */
/** @typedef {import("./shapes").ReviewMoveShape} ReviewMoveShape */

/** The link that replays a finished deal, and a button that copies it.
 *  @param {string} label @param {string} href (replay-link.mjs replayHref) */
export function shareBlock(label, href) {
  const wrap = el("p", { class: "play-share" });
  const link = el("a", { href, "data-replay": "", text: label });
  const copy = el("button", { type: "button", class: "play-copy", text: _("Copy the link") });
  copy.addEventListener("click", async () => {
    const url = new URL(href, document.baseURI).href;
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = _("Link copied");
    } catch {
      copy.textContent = _("Copy failed: use the link");
    }
  });
  wrap.append(link, " ", copy, el("span", { class: "play-share-note", text: ` ${_("(the link holds this finished deal, every card of it: anyone can replay it, no server needed)")}` }));
  return wrap;
}

/**
 * The coach's review panel for a finished deal (`args()`: which deal and seat to review).
 * @param {{engine: Engine, game: string, rules: RulesInfo, args: () => Record<string, unknown>,
 *          narrate: (text: string) => void, label?: string,
 *          onResult?: (result: NonNullable<import("./engine").ReviewAnswer["result"]>) => void}} options
 */
export function reviewPanel({ engine, game, rules, args, narrate, label, onResult }) {
  return new MatchReviewPanel({
    engine, game, args, narrate, label, onResult,
    drawTable: (state) => {
      const holder = el("div", { class: "coach-table" }, el("div", {
        class: "card-table play-table", "data-table": "", role: "group", "aria-label": _("The table at that moment"),
      }));
      new TableView(holder).render(state.table);
      return holder;
    },
    markCards: markMoment,
    // The deal stepped through on the full-size table, from the reviewed seat's view.
    board: (deal, handle) => new ReviewBoard({ engine, deal, handle }),
    // The practice table of the rules page; on that page itself, only the fragment changes
    // (the table and its game stay as they are).
    practiceHref: (id) => {
      const page = new URL(rules.page, document.baseURI);
      return page.pathname === window.location.pathname ? `#practice-${id}` : `${page.href.split("#")[0]}#practice-${id}`;
    },
  });
}

/**
 * The review panel; a review of several deals (a match) also lists the costliest moments of
 * the whole match first, under its summary (the engine's `costliest` over the deals): which
 * deal and trick, the mark (word, colour and sign), what it cost and why, a button that shows
 * the moment on its deal's big table, and "Practise this moment".
 */
class MatchReviewPanel extends ReviewPanel {
  /** @param {NonNullable<import("./engine").ReviewAnswer["result"]>} result */
  show(result) {
    super.show(result);
    const shaped = /** @type {ReviewResultShape} */ (/** @type {unknown} */ (result));
    if (shaped.deals.length < 2 || !shaped.costliest || !shaped.costliest.length) return;
    const summary = this.out.querySelector("[data-review-summary]");
    if (summary) summary.after(this.matchMoments(shaped));
  }

  /** @param {ReviewResultShape} result */
  matchMoments(result) {
    const list = el("ol", { class: "match-costliest", "data-match-costliest": "" });
    for (const { deal: number, move: n } of result.costliest) {
      const deal = result.deals.find((d) => d.deal === number);
      const move = deal && deal.moves[n - 1];
      if (!deal || !move) continue;
      const item = el("li", { class: `match-moment mark-${move.mark}`, "data-match-moment": "", "data-deal": number, "data-mark": move.mark },
        el("p", { class: "match-moment-head" }, el("strong", { text: _("Deal {deal}, {when}", { deal: number, when: move.when }) }), " ",
          verdictBadge(move.mark)),
        el("p", { class: "match-moment-move", text: move.cost ? _("Your move: {move}. It cost about {cost}.", { move: move.played_words, cost: move.cost }) : _("Your move: {move}.", { move: move.played_words }) }),
        el("p", { class: "match-moment-reason", text: move.reason }));
      const buttons = el("p", { class: "match-moment-buttons" });
      const see = el("button", { type: "button", class: "match-moment-see", "data-action": "see-moment", "data-jump": move.index + 1, text: _("See it on the table") });
      see.addEventListener("click", () => {
        const board = /** @type {ReviewBoard | undefined} */ (this.boards.find((b) => b instanceof ReviewBoard && b.deal.deal === number));
        if (board) board.jump(move.index + 1);
      });
      buttons.append(see);
      const moment = /** @type {{index: number, practice?: import("./engine").PracticePosition | null}[]} */ (/** @type {unknown} */ (deal.moments))
        .find((m) => m.index === move.index);
      if (moment && moment.practice) {
        const practice = moment.practice;
        const keep = el("button", { type: "button", class: "coach-practise", "data-action": "practise", text: _("Practise this moment") });
        keep.addEventListener("click", () => {
          this.view.close();
          window.location.assign(this.options.practiceHref(keepPosition(this.options.game, practice)));
        });
        buttons.append(" ", keep);
      }
      item.append(buttons);
      list.append(item);
    }
    const section = el("section", { class: "match-moments", "data-match-moments": "", "aria-labelledby": `match-moments-${++matchLists}` },
      el("h3", { id: `match-moments-${matchLists}`, class: "coach-heading", text: ngettext("The costliest moment of the match", "The {n} costliest moments of the match", list.children.length) }), list);
    return section;
  }
}
let matchLists = 0;

/** Mark on a moment's table the card played and the card the expert prefers.
 *  @param {HTMLElement} holder @param {{played: string, best: string}} moves */
function markMoment(holder, { played, best }) {
  for (const [action, tag, mark] of [[played, pgettext("card tag", "played"), "is-played"], [best, pgettext("card tag", "expert"), "is-preferred"]]) {
    if (!action || action === "swap") continue;
    const img = holder.querySelector(`[data-hand] img[data-card="${action.split(" ")[0]}"]`);
    const item = img && img.closest("li");
    if (!item) continue;
    item.classList.add(mark);
    item.append(el("span", { class: "card-tag", text: tag }));
  }
}

/** The review panels of a table's finished deals, dropped together when the table moves on. */
export class Reviews {
  /** @param {{engine: Engine, game: string, rules: RulesInfo, narrate: (text: string) => void}} options */
  constructor(options) {
    this.options = options;
    /** @type {ReviewPanel[]} */
    this.panels = [];
  }

  /** A review panel (`args()`: review_start's arguments), its element to put in a panel;
   *  `onResult` hears the review's result when it is shown.
   *  @param {() => Record<string, unknown>} args @param {string} [label]
   *  @param {(result: NonNullable<import("./engine").ReviewAnswer["result"]>) => void} [onResult] */
  add(args, label, onResult) {
    const panel = reviewPanel({ ...this.options, args, label, onResult });
    this.panels.push(panel);
    return panel.element;
  }

  /** The table moves on: a review still running is dropped. */
  stop() {
    for (const panel of this.panels) panel.cancel();
    this.panels = [];
  }
}
