// A learner's progress, kept on this device only (localStorage; nothing leaves the browser):
// the practice positions done (the store practice.mjs writes, read here), the games played and
// won per game and level, each reviewed deal's cost over time, the mistakes by kind; and the
// computer's pace (slow, normal, fast, instant), a choice kept like the four-colour suits
// (cards.mjs): remembered on this device, its control drawn only where a page reserves a place
// for it ([data-pace-choice]), so without JavaScript there is no control that does nothing.
//
// The pages show it through templates/components/progress.html ([data-learner-progress]: hidden
// without JavaScript, and while nothing is recorded): per game a row of marks for its practice
// positions, the games played and won, the reviews' costs as a small chart, the mistakes by kind
// (which are getting rarer, in words and a sign) with a link to a practice position for the most
// frequent; one Reset button. Its sentences come from the component (translated by the build).
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
import { _, ngettext, pgettext, wordsLanguage } from "./words.mjs";

/** The practice positions' store: practice.mjs marks a position done with this key + its id. */
export const PRACTICE_STORE = "practice:v1:";
const STORE = "progress:v1";
const PACE = "play.pace";
/** The paces, in the order the control offers them, and their words. */
export const PACES = { slow: pgettext("pace", "Slow"), normal: pgettext("pace", "Normal"), fast: pgettext("pace", "Fast"), instant: pgettext("pace", "Instant") };
/** The computer's levels as the progress names them (play-table.mjs records the level's id). */
const LEVEL_WORDS = { random: pgettext("computer level, short", "beginner"), greedy: pgettext("computer level, short", "club player"), expert: pgettext("computer level, short", "expert") };
/** The wait before a computer's move at "normal" (the play page's own: a short and a long pause). */
const NORMAL_MS = { short: 750, long: 1400 };
const PACE_FACTOR = { slow: 2, normal: 1, fast: 0.4, instant: 0 };
const KEEP_REVIEWS = 50;

/**
 * @typedef {{played: number, won: number}} Tally
 * @typedef {{at: number, lost: number, unit: string, moves: number, mistakes: number,
 *            kinds?: Record<string, number>}} ReviewCost
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
 * A cost in words in the page's language ("17 card points", "17 punti di carta"): the engine
 * keeps a review's unit as an identifier ("points" or "card points"), so a deal reviewed on a
 * page in one language reads right on the other's.
 * @param {number} lost @param {string} unit
 */
function costWords(lost, unit) {
  const n = Math.round(lost);
  return unit === "card points"
    ? ngettext("{n} card point", "{n} card points", n, { n })
    : ngettext("{n} point", "{n} points", n, { n });
}

/**
 * A finished review (review_step's `result`): what it cost in all, in its unit, the
 * mistakes it found, and its costly moves by kind (each reviewed move's `kind`, the engine's
 * engine/coach/kinds.py; `kinds` given instead counts them so).
 * @param {string} game
 * @param {{lost: number, deals: {grades?: {unit?: string}, moves: {mark: string, kind?: {id: string} | null}[]}[]}} review
 * @param {Record<string, number>} [kinds]
 */
export function recordReview(game, review, kinds) {
  const progress = readProgress();
  const moves = review.deals.flatMap((d) => d.moves);
  const unit = (review.deals[0] && review.deals[0].grades && review.deals[0].grades.unit) || "points";
  // Each costly move's kind, when the engine said them (a result without them counts no kinds).
  const costly = moves.filter((m) => m.mark === "inaccuracy" || m.mark === "mistake");
  if (!kinds && costly.every((m) => m.kind)) {
    kinds = {};
    for (const m of costly) if (m.kind) kinds[m.kind.id] = (kinds[m.kind.id] || 0) + 1;
  }
  const list = (progress.reviews[game] ||= []);
  // `lost` counts the deal's points alone: what a move cost of the chance to win the match is
  // said in the review's words and never added to points (docs/coach.md), so the chart of
  // costs per deal plots points a deal can hold.
  list.push({ at: Date.now(), lost: review.lost, unit, moves: moves.length,
              mistakes: moves.filter((m) => m.mark === "mistake").length, kinds });
  progress.reviews[game] = list.slice(-KEEP_REVIEWS);
  const counts = (progress.kinds[game] ||= {});
  for (const [kind, n] of Object.entries(kinds || {})) counts[kind] = (counts[kind] || 0) + n;
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
  const group = el("span", { class: "pace-choice", role: "radiogroup", "aria-label": _("The computer's pace") });
  group.append(el("span", { class: "pace-label", "aria-hidden": "true", text: _("Computer's pace:") }), " ");
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
  svg.setAttribute("aria-label", _("What your reviewed deals gave away, oldest first: {costs}", { costs: reviews.map((r) => costWords(r.lost, last.unit)).join(", ") }));
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

/** How many deals of the latest count as "lately" when the kinds are compared. */
export const RECENT = 5;

/**
 * @typedef {{id: string, name: string, why: string, practice: string | null}} KindInfo
 * @typedef {{id: string, name: string, why: string, total: number, recent: number | null,
 *            before: number | null, trend: "rarer" | "more" | "same" | null}} KindCount
 */

/** The mistakes by kind over the reviewed deals kept (those recorded with their kinds): per
 *  kind its count, and with more than RECENT deals its rate a deal in the last RECENT and
 *  before them; the kinds seen, most frequent first (ties: the engine's order).
 *  @param {ReviewCost[]} reviews @param {KindInfo[]} kinds
 *  @returns {{deals: number, counts: KindCount[]}} */
export function kindCounts(reviews, kinds) {
  const deals = reviews.filter((r) => r.kinds);
  const recent = deals.length > RECENT ? deals.slice(-RECENT) : null;
  const earlier = recent ? deals.slice(0, -RECENT) : null;
  /** @param {ReviewCost[]} list @param {string} id */
  const sum = (list, id) => list.reduce((n, r) => n + ((r.kinds && r.kinds[id]) || 0), 0);
  const counts = kinds.map((k) => {
    const total = sum(deals, k.id);
    const a = recent ? sum(recent, k.id) / recent.length : null;
    const b = earlier ? sum(earlier, k.id) / earlier.length : null;
    /** @type {KindCount["trend"]} */
    const trend = a === null || b === null ? null
      : Math.abs(a - b) < 0.05 ? "same" : a < b ? "rarer" : "more";
    return { id: k.id, name: k.name, why: k.why, total, recent: a, before: b, trend };
  }).filter((c) => c.total > 0);
  counts.sort((x, y) => y.total - x.total);
  return { deals: deals.length, counts };
}

/** @param {string} text @param {Record<string, string | number>} values */
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** @param {number} rate */
function perDeal(rate) {
  return new Intl.NumberFormat(wordsLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);
}

/** The mistakes by kind of one game's row (its kinds listed by the build, hidden, each with
 *  its name and line), most frequent first, and the link to practise the most frequent kind
 *  that a practice position teaches (the build's links, one per kind taught).
 *  @param {HTMLElement} box @param {ReviewCost[]} reviews @param {Record<string, string>} words */
function drawKinds(box, reviews, words) {
  const items = /** @type {HTMLElement[]} */ ([...box.querySelectorAll(".progress-kind")]);
  const links = /** @type {HTMLElement[]} */ ([...box.querySelectorAll(".progress-kind-link")]);
  const taught = new Set(links.map((a) => a.dataset.kind));
  const kinds = items.map((li) => ({ id: li.dataset.kind || "", name: li.dataset.name || "", why: "",
                                     practice: taught.has(li.dataset.kind) ? li.dataset.kind || "" : null }));
  const { deals, counts } = kindCounts(reviews, kinds);
  box.hidden = !deals;
  const byId = new Map(counts.map((c) => [c.id, c]));
  const list = box.querySelector(".progress-kind-list");
  for (const li of items) {
    const c = byId.get(li.dataset.kind || "");
    li.hidden = !c;
    if (!c) continue;
    li.querySelector(".progress-kind-said")?.remove();
    const count = el("span", { class: "progress-kind-count", text: fill(words.count || "", { name: c.name, n: c.total }) });
    const trend = c.trend ? [" ", el("span", { class: `progress-kind-trend is-${c.trend}`, "data-trend": c.trend,
      text: fill(words[c.trend] || "", { recent: perDeal(c.recent || 0), before: perDeal(c.before || 0), last: RECENT }) })] : [];
    li.prepend(el("span", { class: "progress-kind-said" }, count, ...trend, " "));
  }
  // Most frequent first.
  if (list) for (const c of counts) { const li = items.find((i) => i.dataset.kind === c.id); if (li) list.append(li); }
  const note = box.querySelector(".progress-kind-note");
  if (note) note.textContent = !counts.length ? words.none || "" : deals > RECENT ? "" : fill(words.early || "", { last: RECENT });
  const top = counts.find((c) => taught.has(c.id));
  const practice = box.querySelector(".progress-kind-practice");
  if (practice instanceof HTMLElement) practice.hidden = !top;
  const lead = box.querySelector(".progress-kind-lead");
  if (lead) lead.textContent = top ? fill(words.practise || "", { name: top.name }) : "";
  for (const link of links) link.hidden = !top || link.dataset.kind !== top.id;
}

/** Draw one [data-learner-progress] section from what is kept. @param {HTMLElement} section */
function draw(section) {
  const progress = readProgress();
  /** @type {Record<string, string>} */
  let kindWords = {};
  try {
    kindWords = JSON.parse(section.dataset.kindWords || "{}");
  } catch {
    kindWords = {};
  }
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
      el("span", { class: "visually-hidden", text: done.has(id) ? _("position {n} done", { n: i + 1 }) : _("position {n} not done yet", { n: i + 1 }) }))));
    }
    const levels = progress.games[game] || {};
    const played = Object.values(levels).reduce((n, t) => n + t.played, 0);
    const won = Object.values(levels).reduce((n, t) => n + t.won, 0);
    const parts = [ngettext("{done} of {n} practice position done", "{done} of {n} practice positions done", ids.length, { done: done.size })];
    if (played) {
      const by = Object.entries(levels).map(([level, t]) => _("{level} {won} of {played}",
        { level: LEVEL_WORDS[/** @type {keyof typeof LEVEL_WORDS} */ (level)] || level, won: t.won, played: t.played })).join(", ");
      parts.push(ngettext("{n} game played, {won} won ({levels})", "{n} games played, {won} won ({levels})", played, { won, levels: by }));
    }
    if (words) words.textContent = `${parts.join("; ")}.`;
    const chart = row.querySelector(".progress-costs");
    const reviews = progress.reviews[game] || [];
    if (chart instanceof HTMLElement) {
      const latest = reviews[reviews.length - 1];
      chart.replaceChildren(...(reviews.length ? [
        el("span", { text: `${_("Reviewed deals: {n}; the last gave away about {cost}.", { n: reviews.length, cost: costWords(latest.lost, latest.unit) })} ` }),
        costChart(reviews)] : []));
      chart.hidden = !reviews.length;
    }
    const kindsBox = row.querySelector(".progress-kinds");
    if (kindsBox instanceof HTMLElement) drawKinds(kindsBox, reviews, kindWords);
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
      if (status) status.textContent = _("Progress reset: nothing is kept on this device now.");
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
