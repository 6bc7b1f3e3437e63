// A learner's progress, kept on this device only (localStorage; nothing leaves the browser):
// the practice positions done (the store practice.mjs writes, read here), the games played and
// won per game and level, each reviewed deal's cost over time, the mistakes by kind; and the
// computer's pace (slow, normal, fast, instant), a choice kept like the four-colour suits
// (cards.mjs): remembered on this device, its control drawn only where a page reserves a place
// for it ([data-pace-choice]), so without JavaScript there is no control that does nothing.
//
// The pages show it through templates/components/progress.html ([data-learner-progress]: hidden
// without JavaScript, and while nothing is recorded): per game a row of marks for its practice
// positions, the games played and won, the reviews' costs as a small chart; one Reset button.
//
// For the play page (its controller calls these; they are small and synchronous):
//   recordGame(game, level, won)        a game finished: played +1, won +1 if `won`
//   recordReview(game, review)          a review finished: its cost, its mistakes by kind
//   pace() / setPace(name)              the computer's pace: "slow" | "normal" | "fast" | "instant"
//   paceMs(long)                        how long to wait before the computer's next move (ms):
//                                       0 under prefers-reduced-motion and at "instant"
//   readProgress() / resetProgress()    everything kept, as one object / all of it forgotten
// Each change dispatches "progress:change" on document, so every view on the page redraws.
import { el, reducedMotion, storage } from "./util.mjs";

/** The practice positions' store: practice.mjs marks a position done with this key + its id. */
export const PRACTICE_STORE = "practice:v1:";
const STORE = "progress:v1";
const PACE = "play.pace";
/** The paces, in the order the control offers them, and their words. */
export const PACES = { slow: "Slow", normal: "Normal", fast: "Fast", instant: "Instant" };
/** The wait before a computer's move at "normal" (the play page's own: a short and a long pause). */
const NORMAL_MS = { short: 750, long: 1400 };
const PACE_FACTOR = { slow: 2, normal: 1, fast: 0.4, instant: 0 };
const KEEP_REVIEWS = 50;

/**
 * @typedef {{played: number, won: number}} Tally
 * @typedef {{at: number, lost: number, unit: string, moves: number, mistakes: number}} ReviewCost
 * @typedef {{games: Record<string, Record<string, Tally>>, reviews: Record<string, ReviewCost[]>,
 *            kinds: Record<string, Record<string, number>>}} Progress
 */

/** @returns {Progress} */
function empty() {
  return { games: {}, reviews: {}, kinds: {} };
}

/** Everything kept (the practice positions are read from their own store: positionsDone).
 *  @returns {Progress} */
export function readProgress() {
  const store = storage();
  try {
    const kept = JSON.parse((store && store.getItem(STORE)) || "null");
    if (kept && typeof kept === "object") return { ...empty(), ...kept };
  } catch {
    // unreadable (written by hand?): start again
  }
  return empty();
}

/** @param {Progress} progress */
function write(progress) {
  const store = storage();
  try {
    if (store) store.setItem(STORE, JSON.stringify(progress));
  } catch {
    // full or blocked: not remembered
  }
  changed();
}

function changed() {
  document.dispatchEvent(new CustomEvent("progress:change"));
}

/** A game finished at `level` ("random", "greedy", "expert", or the page's own name for it).
 *  @param {string} game @param {string} level @param {boolean} won */
export function recordGame(game, level, won) {
  const progress = readProgress();
  const levels = (progress.games[game] ||= {});
  const tally = (levels[level] ||= { played: 0, won: 0 });
  tally.played += 1;
  if (won) tally.won += 1;
  write(progress);
}

/**
 * A finished review (review_step's `result`): what it cost in all, in its unit, and the
 * mistakes it found; `kinds` (optional) counts mistakes by kind ("trump wasted", ...).
 * @param {string} game
 * @param {{lost: number, deals: {grades?: {unit?: string}, moves: {mark: string}[]}[]}} review
 * @param {Record<string, number>} [kinds]
 */
export function recordReview(game, review, kinds = {}) {
  const progress = readProgress();
  const moves = review.deals.flatMap((d) => d.moves);
  const unit = (review.deals[0] && review.deals[0].grades && review.deals[0].grades.unit) || "points";
  const list = (progress.reviews[game] ||= []);
  list.push({ at: Date.now(), lost: review.lost, unit, moves: moves.length,
              mistakes: moves.filter((m) => m.mark === "mistake").length });
  progress.reviews[game] = list.slice(-KEEP_REVIEWS);
  const counts = (progress.kinds[game] ||= {});
  for (const [kind, n] of Object.entries(kinds)) counts[kind] = (counts[kind] || 0) + n;
  write(progress);
}

/** The ids among `ids` done on this device (practice.mjs's store).
 *  @param {string[]} ids */
export function positionsDone(ids) {
  const store = storage();
  if (!store) return [];
  return ids.filter((id) => {
    try {
      return store.getItem(PRACTICE_STORE + id) === "done";
    } catch {
      return false;
    }
  });
}

/** Forget everything kept: the positions done, the games, the reviews (the pace stays: it is a
 *  setting, not progress). */
export function resetProgress() {
  const store = storage();
  try {
    if (store) {
      const keys = [];
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key && (key === STORE || key.startsWith(PRACTICE_STORE))) keys.push(key);
      }
      for (const key of keys) store.removeItem(key);
    }
  } catch {
    // blocked: nothing was kept
  }
  changed();
}

/** The computer's pace chosen on this device. @returns {keyof typeof PACES} */
export function pace() {
  const store = storage();
  let kept = null;
  try {
    kept = store && store.getItem(PACE);
  } catch {
    kept = null;
  }
  return kept && kept in PACES ? /** @type {keyof typeof PACES} */ (kept) : "normal";
}

/** @param {string} name */
export function setPace(name) {
  if (!(name in PACES)) throw new Error(`unknown pace ${name}: one of ${Object.keys(PACES).join(", ")}`);
  const store = storage();
  try {
    if (store) store.setItem(PACE, name);
  } catch {
    // not remembered
  }
  for (const radio of paceRadios) radio.checked = radio.value === name;
  document.dispatchEvent(new CustomEvent("progress:pace", { detail: { pace: name } }));
}

/** The wait before the computer's next move, in ms: the pace's share of the play page's own
 *  pause (a `long` one after a trick or a deal ends); 0 when the visitor asked for less motion.
 *  @param {boolean} [long] */
export function paceMs(long = false) {
  if (reducedMotion()) return 0;
  return Math.round(NORMAL_MS[long ? "long" : "short"] * PACE_FACTOR[pace()]);
}

// ---- the views ------------------------------------------------------------------------------

/** @type {HTMLInputElement[]} */
const paceRadios = [];
let paceGroups = 0;

/** The pace control, in a place a page reserved for it. @param {HTMLElement} holder */
function drawPace(holder) {
  paceGroups += 1;
  const group = el("span", { class: "pace-choice", role: "radiogroup", "aria-label": "The computer's pace" });
  group.append(el("span", { class: "pace-label", "aria-hidden": "true", text: "Computer's pace:" }), " ");
  for (const [value, words] of Object.entries(PACES)) {
    const radio = el("input", { type: "radio", name: `pace-choice-${paceGroups}`, value });
    radio.checked = value === pace();
    radio.addEventListener("change", () => { if (radio.checked) setPace(value); });
    paceRadios.push(radio);
    group.append(el("label", {}, radio, words), " ");
  }
  holder.append(group);
  holder.hidden = false;
}

/** @param {number} n @param {string} noun */
function count(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** The reviews' costs as a small chart (SVG): one point per reviewed deal, oldest first.
 *  @param {ReviewCost[]} reviews */
function costChart(reviews) {
  const ns = "http://www.w3.org/2000/svg";
  const width = 120, height = 28;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
  svg.setAttribute("class", "progress-chart");
  svg.setAttribute("role", "img");
  const last = reviews[reviews.length - 1];
  svg.setAttribute("aria-label", `What your reviewed deals gave away, oldest first: ${reviews.map((r) => Math.round(r.lost)).join(", ")} ${last.unit}`);
  const top = Math.max(1, ...reviews.map((r) => r.lost));
  const step = reviews.length > 1 ? (width - 4) / (reviews.length - 1) : 0;
  const points = reviews.map((r, i) => `${(2 + i * step).toFixed(1)},${(height - 2 - (r.lost / top) * (height - 4)).toFixed(1)}`);
  const line = document.createElementNS(ns, "polyline");
  line.setAttribute("points", points.join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "currentColor");
  line.setAttribute("stroke-width", "1.5");
  svg.append(line);
  for (const point of points) {
    const [x, y] = point.split(",");
    const dot = document.createElementNS(ns, "circle");
    dot.setAttribute("cx", x);
    dot.setAttribute("cy", y);
    dot.setAttribute("r", "2.5");
    dot.setAttribute("fill", "currentColor");
    svg.append(dot);
  }
  return svg;
}

/** Draw one [data-learner-progress] section from what is kept. @param {HTMLElement} section */
function draw(section) {
  const progress = readProgress();
  let any = false;
  for (const row of section.querySelectorAll("[data-progress-game]")) {
    if (!(row instanceof HTMLElement)) continue;
    const game = row.dataset.progressGame || "";
    const ids = (row.dataset.positions || "").split(" ").filter(Boolean);
    const done = new Set(positionsDone(ids));
    const marks = row.querySelector(".progress-marks");
    const words = row.querySelector(".progress-words");
    if (marks) {
      marks.replaceChildren(...ids.map((id, i) => el("li", {
        class: done.has(id) ? "progress-mark is-done" : "progress-mark",
        "data-position": id,
      }, el("span", { "aria-hidden": "true", text: done.has(id) ? "✓" : "·" }),
      el("span", { class: "visually-hidden", text: `position ${i + 1} ${done.has(id) ? "done" : "not done yet"}` }))));
    }
    const levels = progress.games[game] || {};
    const played = Object.values(levels).reduce((n, t) => n + t.played, 0);
    const won = Object.values(levels).reduce((n, t) => n + t.won, 0);
    const parts = [`${done.size} of ${count(ids.length, "practice position")} done`];
    if (played) {
      const by = Object.entries(levels).map(([level, t]) => `${level} ${t.won} of ${t.played}`).join(", ");
      parts.push(`${count(played, "game")} played, ${won} won (${by})`);
    }
    if (words) words.textContent = `${parts.join("; ")}.`;
    const chart = row.querySelector(".progress-costs");
    const reviews = progress.reviews[game] || [];
    if (chart instanceof HTMLElement) {
      const latest = reviews[reviews.length - 1];
      chart.replaceChildren(...(reviews.length ? [
        el("span", { text: `Reviewed deals: ${reviews.length}; the last gave away about ${Math.round(latest.lost)} ${latest.unit}. ` }),
        costChart(reviews)] : []));
      chart.hidden = !reviews.length;
    }
    row.classList.toggle("is-empty", !done.size && !played && !reviews.length);
    if (done.size || played || reviews.length) any = true;
  }
  // Nothing kept: the section stays out of the way (unless the visitor just reset it here).
  section.hidden = !any && section.dataset.reset !== "1";
}

function drawAll() {
  for (const section of document.querySelectorAll("[data-learner-progress]")) {
    if (section instanceof HTMLElement) draw(section);
  }
}

for (const section of document.querySelectorAll("[data-learner-progress]")) {
  if (!(section instanceof HTMLElement)) continue;
  const reset = section.querySelector("[data-progress-reset]");
  if (reset instanceof HTMLButtonElement) {
    reset.hidden = false;
    reset.addEventListener("click", () => {
      section.dataset.reset = "1";
      resetProgress();
      const status = section.querySelector(".progress-status");
      if (status) status.textContent = "Progress reset: nothing is kept on this device now.";
    });
  }
}
for (const holder of document.querySelectorAll("[data-pace-choice]")) {
  if (holder instanceof HTMLElement) drawPace(holder);
}
document.addEventListener("progress:change", drawAll);
// Another tab (a practice position done there) changes the store: redraw.
window.addEventListener("storage", drawAll);
// A practice position finished on this page: practice.mjs marks it in its store, then marks its
// own list (a class on the position's button): redraw then.
for (const practice of document.querySelectorAll("[data-practice]")) {
  new MutationObserver(drawAll).observe(practice, { subtree: true, attributes: true, attributeFilter: ["class"] });
}
drawAll();
