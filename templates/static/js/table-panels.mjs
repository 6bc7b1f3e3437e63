// The words around the table, drawn from the engine's description: a rule's link, the score,
// the match's progress, a deal's or the game's outcome and the panel that shows it over the
// finished table, and a refused move's sentence. Every page with a table uses these; none of
// them knows a game.

import { el } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./shapes").ScoreShape} ScoreShape */
/** @typedef {import("./shapes").ProgressShape} ProgressShape */
/** @typedef {import("./shapes").OutcomeShape} OutcomeShape */
/** @typedef {import("./shapes").RuleLink} RuleLink */
/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {{box: HTMLElement, nodes: ChildNode[]}} OutcomeNodes an outcome's words in a panel */

/** A link to a rules-page section (`link`: {anchor, text}; no text: the section's title).
 *  @param {RulesInfo | null | undefined} rules @param {RuleLink | null | undefined} link
 *  @param {string | null} [text] */
export function ruleLink(rules, link, text = null) {
  if (!link || !link.anchor || !rules) return null;
  const words = text || link.text || (rules.sections && rules.sections[link.anchor]) || link.anchor.replace(/-/g, " ");
  return el("a", { href: `${rules.page}#${link.anchor}`, text: words });
}

/** A score table (the description's `score`, or an outcome's `breakdown`).
 *  @param {ScoreShape} score
 *  @param {{rules?: RulesInfo | null, className?: string, data?: string | null}} [options] */
export function scoreTable(score, { rules = null, className = "play-score-table", data = null } = {}) {
  const table = el("table", { class: className, ...(data ? { [data]: "" } : {}) });
  table.append(el("caption", { text: score.caption }),
    el("thead", {}, el("tr", {}, ...score.columns.map((c) => el("th", { scope: "col", text: c.head })))));
  const body = el("tbody");
  for (const row of score.rows) {
    const head = el("th", { scope: "row" });
    head.append((row.rule && ruleLink(rules, row.rule)) || row.head);
    const tr = el("tr", { [`data-${score.row_key}`]: row.key, class: `${score.row_key}-${row.key}` }, head);
    row.cells.forEach((text, i) => {
      const key = score.columns[i + 1] && score.columns[i + 1].key;
      tr.append(el("td", { ...(key ? { [`data-${key}`]: "" } : {}), text }));
    });
    body.append(tr);
  }
  table.append(body);
  return table;
}

/** The match's progress: its words, a link to the rule, and a meter per side.
 *  @param {HTMLElement} p @param {ProgressShape} progress @param {RulesInfo | null | undefined} rules */
export function drawProgress(p, progress, rules) {
  p.hidden = false;
  if (!changed(p, JSON.stringify([progress, rules && rules.page]))) return;
  p.replaceChildren(`${progress.text} `);
  const link = ruleLink(rules, progress.rule);
  if (link) p.append(link);
  if (progress.meters.length) {
    const meters = el("span", { class: "match-meters" });
    for (const m of progress.meters) {
      meters.append(el("label", { class: `match-meter team-${m.side}` }, el("span", { text: m.label }),
        el("meter", { min: 0, max: m.max, value: m.value })));
    }
    p.append(meters);
  }
}

/** A deal's or the game's outcome into `box`: its title, its lines, the breakdown, the rule.
 *  @param {HTMLElement} box @param {OutcomeShape} outcome @param {RulesInfo | null | undefined} rules
 *  @param {{heading?: "h2" | "h3" | "h4"}} [options] */
export function drawOutcome(box, outcome, rules, { heading = "h3" } = {}) {
  box.append(el(heading, { text: outcome.title }));
  outcome.lines.forEach((line, i) => box.append(el("p", i === 0 ? { "data-result": "", "data-deal-points": "", text: line } : { text: line })));
  if (outcome.breakdown) {
    box.append(el("div", { class: "table-wrap" }, scoreTable(outcome.breakdown, { rules, className: "scopa-breakdown", data: "data-breakdown" })));
  }
  const link = ruleLink(rules, outcome.rule);
  if (link) box.append(el("p", { class: "outcome-rule" }, `${_("The rule:")} `, link, "."));
}

let outcomeIds = 0;
/** @type {WeakMap<HTMLElement, (() => void) | null>} */
const dismissals = new WeakMap();
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Show `box` (an outcome drawn by drawOutcome, with its links and buttons) as the panel over
 * the finished table: a dialog named by its heading, beside the board on a wide screen and
 * over the table's lower part on a phone (play.css: the stage's `:has()` rules), the page
 * scrolled so the last cards and the panel are both on screen. Focus goes to the panel and
 * Tab stays in it; Escape calls `dismiss` (what its button does; null: Escape does nothing).
 * @param {HTMLElement} box @param {{dismiss?: (() => void) | null}} [options]
 */
export function showOutcome(box, { dismiss = null } = {}) {
  const heading = box.querySelector("h2, h3, h4");
  if (heading) {
    if (!heading.id) heading.id = `outcome-title-${++outcomeIds}`;
    box.setAttribute("aria-labelledby", heading.id);
  }
  box.setAttribute("role", "dialog");
  if (!dismissals.has(box)) box.addEventListener("keydown", (event) => outcomeKey(box, event));
  dismissals.set(box, dismiss);
  box.hidden = false;
  const stage = /** @type {Element} */ (box.closest(".play-stage") || box.parentElement);
  const top = stage.getBoundingClientRect().top;
  if (top < 0 || box.getBoundingClientRect().bottom > window.innerHeight) window.scrollBy(0, top);
  // The panel scrolls inside the screen below its top, its last button in view (play.css).
  const room = Math.max(window.innerHeight - Math.max(box.getBoundingClientRect().top, 0) - 8, 200);
  box.style.setProperty("--outcome-room", `${Math.round(room)}px`);
  box.focus({ preventScroll: true });
}

/** Put the outcome panel away (Escape at the end of the game: the finished table stays),
 *  focus going on to `next` (e.g. the page's New game), if there is one.
 *  @param {HTMLElement} box @param {HTMLElement | null} [next] */
export function closeOutcome(box, next = null) {
  box.hidden = true;
  if (next) next.focus();
}

/** @param {HTMLElement} box @param {KeyboardEvent} event */
function outcomeKey(box, event) {
  if (event.key === "Escape") {
    const dismiss = dismissals.get(box);
    if (!dismiss) return;
    event.preventDefault();
    event.stopPropagation();
    dismiss();
  } else if (event.key === "Tab") {
    // Focus stays in the panel until it is dismissed: from its last control back to its first.
    const stops = [.../** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll(FOCUSABLE))].filter((node) => node.getClientRects().length);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    const at = document.activeElement;
    if (event.shiftKey && (at === first || at === box)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && at === last) {
      event.preventDefault();
      first.focus();
    }
  }
}

/** @type {WeakMap<Element, string>} a box -> the key of what was last drawn into it */
const drawnKeys = new WeakMap();

/** Whether `box` needs drawing again for `key` (what it shows, as a string); remembered.
 *  @param {Element} box @param {string} key */
export function changed(box, key) {
  if (drawnKeys.get(box) === key && box.firstChild) return false;
  drawnKeys.set(box, key);
  return true;
}

/** The score table into `box` (scoreTable's `options` besides its rules), drawn again only
 *  when the score changed.
 *  @param {HTMLElement} box @param {ScoreShape} score @param {RulesInfo | null | undefined} rules
 *  @param {{className?: string, data?: string | null}} [options] */
export function drawScore(box, score, rules, options = {}) {
  if (changed(box, JSON.stringify([score, rules && rules.page]))) box.replaceChildren(scoreTable(score, { ...options, rules }));
}


/** An outcome panel's two parts: its `body` (the outcome, the links, the review), which scrolls
 *  within the panel, and its `foot` (the button that moves on), below the body and never over
 *  it. The play table's and the friends' table's.
 *  @param {HTMLElement} box */
export function outcomeFrame(box) {
  const body = el("div", { class: "outcome-body" });
  const foot = el("div", { class: "outcome-foot" });
  box.replaceChildren(body, foot);
  return { body, foot };
}

/** drawOutcome's words in an outcome panel's `body`, remembered so they can be said again.
 *  @param {HTMLElement} box @param {HTMLElement} body @param {OutcomeShape} outcome @param {RulesInfo | undefined} rules
 *  @returns {OutcomeNodes} */
export function drawnOutcome(box, body, outcome, rules) {
  const before = body.childNodes.length;
  drawOutcome(body, outcome, rules);
  return { box, nodes: [...body.childNodes].slice(before) };
}

/** The outcome's words said again in their place (another deck's names), the panel kept.
 *  @param {OutcomeNodes} drawn @param {OutcomeShape} outcome @param {RulesInfo | undefined} rules
 *  @returns {OutcomeNodes} */
export function redrawOutcome({ box, nodes }, outcome, rules) {
  const fresh = document.createElement("div");
  drawOutcome(fresh, outcome, rules);
  const added = [...fresh.childNodes];
  const oldHeading = nodes.find((node) => /^H[2-4]$/.test(node.nodeName));
  const newHeading = added.find((node) => /^H[2-4]$/.test(node.nodeName));
  if (oldHeading instanceof Element && newHeading instanceof Element && oldHeading.id) newHeading.id = oldHeading.id; // the dialog's name
  if (nodes.length && nodes[0].isConnected) nodes[0].before(...added);
  for (const node of nodes) node.remove();
  return { box, nodes: added };
}

/** A refused move, as the play table and the friends' table say it: the engine's sentence
 *  (the card and the rule), and the rule's link.
 *  @param {RulesInfo | null | undefined} rules @param {{sentence?: string, anchor?: string | null}} data */
export function illegalNote(rules, data) {
  const p = el("p", { class: "play-illegal" }, data.sentence);
  const link = data.anchor ? ruleLink(rules, { anchor: data.anchor, text: null }) : null;
  if (link) p.append(` ${_("Rule:")} `, link, ".");
  return p;
}
