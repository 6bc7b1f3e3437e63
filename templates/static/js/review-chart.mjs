// The chart of a reviewed deal (coach.mjs's big table, review-board.mjs): each side's expected
// points after every one of the seat's moves (the engine's `expected`: the played move's value,
// from the seat's view then), drawn by the page in SVG. Each point is a button that jumps to its
// move; the move shown on the table is marked. The numbers are the engine's; this draws them.

import { VERDICTS } from "./table-view.mjs";
import { _, pgettext } from "./words.mjs";

/** @typedef {import("./shapes").DealReviewShape} DealReviewShape */
/** @typedef {import("./shapes").ReviewMoveShape} ReviewMoveShape */

const NS = "http://www.w3.org/2000/svg";
const W = 640, H = 180, LEFT = 34, RIGHT = 10, TOP = 12, BOTTOM = 26;

/** @param {string} name @param {Record<string, string | number>} [attrs] @param {string} [text] */
function svg(name, attrs = {}, text = "") {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text) node.textContent = text;
  return node;
}

/** @param {number} n */
function whole(n) {
  return String(Math.round(n));
}

export class ReviewChart {
  /**
   * @param {DealReviewShape} deal @param {number} steps the timeline's length
   * @param {(step: number) => void} jump go to step (1..steps: after the timeline's action step-1)
   * @param {{you: string, other: string}} names the two sides' names in the legend
   */
  constructor(deal, steps, jump, names) {
    this.moves = deal.moves;
    this.steps = Math.max(1, steps);
    const sides = deal.moves.every((m) => m.expected && m.expected.sides);
    /** @type {(m: ReviewMoveShape) => number[]} */
    const values = sides ? (m) => /** @type {number[]} */ (m.expected.sides) : (m) => [m.expected ? m.expected.margin : 0];
    const all = deal.moves.flatMap(values);
    let lo = sides ? 0 : Math.min(0, ...all);
    let hi = Math.max(1, ...all.map((v) => (sides ? v : Math.abs(v))));
    if (!sides) { hi = Math.max(hi, -lo); lo = -hi; }
    /** @param {number} step */
    this.x = (step) => LEFT + ((step - 0.5) / this.steps) * (W - LEFT - RIGHT);
    /** @param {number} v */
    const y = (v) => TOP + (1 - (v - lo) / (hi - lo || 1)) * (H - TOP - BOTTOM);
    this.element = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart-svg", role: "group",
      "aria-label": sides ? _("Expected points after each of your moves: {you} and {other}", names) : _("Your expected margin after each of your moves") });
    const frame = svg("g", { "aria-hidden": "true", class: "review-chart-frame" });
    for (const v of sides ? [lo, (lo + hi) / 2, hi] : [lo, 0, hi]) {
      frame.append(svg("line", { x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v), class: v === 0 && !sides ? "review-chart-zero" : "review-chart-grid" }),
        svg("text", { x: LEFT - 4, y: y(v) + 4, "text-anchor": "end", class: "review-chart-label" }, whole(v)));
    }
    frame.append(svg("text", { x: LEFT, y: H - 6, class: "review-chart-label" }, _("Start of the deal")),
      svg("text", { x: W - RIGHT, y: H - 6, "text-anchor": "end", class: "review-chart-label" }, pgettext("deal", "End")));
    this.cursor = svg("line", { y1: TOP - 6, y2: H - BOTTOM + 4, class: "review-chart-cursor" });
    frame.append(this.cursor);
    this.element.append(frame);
    const lines = sides ? [0, 1] : [0];
    for (const side of lines) {
      const d = deal.moves.map((m, i) => `${i ? "L" : "M"}${this.x(m.index + 1).toFixed(1)} ${y(values(m)[side]).toFixed(1)}`).join(" ");
      this.element.append(svg("path", { d, class: `review-chart-line side-${side}`, "aria-hidden": "true" }));
    }
    /** @type {SVGGElement[]} */
    this.points = deal.moves.map((m) => {
      const verdict = VERDICTS[m.mark];
      const v = values(m);
      const points = sides ? _("{you} {a}, {other} {b}", { ...names, a: whole(v[0]), b: whole(v[1]) }) : _("your margin {n}", { n: whole(v[0]) });
      // The match's chance beside the deal's points, never in them.
      const c = m.expected && m.expected.chance;
      const said = typeof c === "number" ? _("{points}; your chance to win the match {p}%", { points, p: Math.round(c * 100) }) : points;
      const point = /** @type {SVGGElement} */ (svg("g", {
        class: `review-chart-point mark-${m.mark}`, role: "button", tabindex: "0", "data-chart-point": m.index + 1,
        "data-verdict": m.mark, "aria-label": _("Go to your move {n}, {when}: {verdict}; expected after it: {said}", { n: m.number, when: m.when, verdict: verdict.word, said }),
      }));
      point.append(svg("title", {}, _("{when}: {verdict} ({said})", { when: m.when, verdict: verdict.word, said })));
      // A wide, invisible target; one dot per side, the seat's side with the verdict's sign.
      point.append(svg("rect", { x: this.x(m.index + 1) - 9, y: TOP - 6, width: 18, height: H - TOP - BOTTOM + 12, class: "review-chart-hit" }));
      lines.forEach((side) => point.append(svg("circle", { cx: this.x(m.index + 1), cy: y(v[side]), r: side ? 4 : 7, class: `review-chart-dot side-${side}` })));
      point.append(svg("text", { x: this.x(m.index + 1), y: y(v[0]) + 4, "text-anchor": "middle", class: "review-chart-sign", "aria-hidden": "true" }, verdict.sign));
      const go = () => jump(m.index + 1);
      point.addEventListener("click", go);
      point.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          go();
        }
      });
      this.element.append(point);
      return point;
    });
  }

  /** Mark the step shown on the table (its move's point, and a line where it stands).
   *  @param {number} step */
  mark(step) {
    const at = step > 0 ? this.x(step) : LEFT;
    this.cursor.setAttribute("x1", at.toFixed(1));
    this.cursor.setAttribute("x2", at.toFixed(1));
    for (const point of this.points) {
      const here = point.getAttribute("data-chart-point") === String(step);
      point.classList.toggle("is-current", here);
      if (here) point.setAttribute("aria-current", "step");
      else point.removeAttribute("aria-current");
    }
  }
}
