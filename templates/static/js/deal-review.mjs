// What a finished deal offers beside its outcome: a link that replays it (with a button that
// copies it), and the coach's review of its moves (coach.mjs), each moment drawn on a table by
// the one renderer as the reviewed seat saw it. The play table's, the replay's and the
// friends' table's.

import { ReviewPanel } from "./coach.mjs";
import { ReviewBoard } from "./review-board.mjs";
import { TableView } from "./table-view.mjs";
import { el } from "./util.mjs";

/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {import("./engine-client.mjs").Engine} Engine */

/** The link that replays a finished deal, and a button that copies it.
 *  @param {string} label @param {string} href (replay-link.mjs replayHref) */
export function shareBlock(label, href) {
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

/**
 * The coach's review panel for a finished deal (`args()`: which deal and seat to review).
 * @param {{engine: Engine, game: string, rules: RulesInfo, args: () => Record<string, unknown>,
 *          narrate: (text: string) => void, label?: string,
 *          onResult?: (result: NonNullable<import("./engine").ReviewAnswer["result"]>) => void}} options
 */
export function reviewPanel({ engine, game, rules, args, narrate, label, onResult }) {
  return new ReviewPanel({
    engine, game, args, narrate, label, onResult,
    drawTable: (state) => {
      const holder = el("div", { class: "coach-table" }, el("div", {
        class: "card-table play-table", "data-table": "", role: "group", "aria-label": "The table at that moment",
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
