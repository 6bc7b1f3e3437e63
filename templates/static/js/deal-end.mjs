// The panels at a deal's end and at the game's end, over the finished table (table-panels.mjs
// showOutcome): the outcome in the engine's words, what goes with it (the replay link, the
// coach's review), and the button that moves on. The play table's and the friends' table's.

import { part } from "./table.mjs";
import { closeOutcome, drawnOutcome, outcomeFrame, showOutcome } from "./table-panels.mjs";
import { el } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./shapes").OutcomeShape} OutcomeShape */
/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {import("./table-panels.mjs").OutcomeNodes} OutcomeNodes */

/**
 * A finished deal of a match: its outcome, `extras` (the replay link, the review), and Next
 * deal (`onNext`, after the panel is put away; none for a spectator, who waits for the
 * players). The prompt is emptied (the panel says it) and the outcome is narrated; Escape
 * is Next deal.
 * @param {HTMLElement} box
 * @param {{outcome: OutcomeShape | null | undefined, rules: RulesInfo | undefined, extras: Node[],
 *          onNext: (() => void) | null, prompt: HTMLElement, narrate: (text: string) => void}} options
 * @returns {OutcomeNodes | null}
 */
export function showDealEnd(box, { outcome, rules, extras, onNext, prompt, narrate }) {
  const { body, foot } = outcomeFrame(box);
  const drawn = outcome ? drawnOutcome(box, body, outcome, rules) : null;
  body.append(...extras);
  const next = el("button", { type: "button", class: "play-next-deal", "data-action": "next-deal", text: _("Next deal") });
  next.addEventListener("click", () => {
    box.hidden = true;
    if (onNext) onNext();
  });
  if (onNext) foot.append(next);
  prompt.replaceChildren(); // the panel says it
  narrate(`${part(box, "h3").textContent}. ${part(box, "p").textContent}`);
  // Over the finished table, which stays as the deal left it until Next deal (or Escape).
  showOutcome(box, { dismiss: () => next.isConnected && next.click() });
  return drawn;
}

/**
 * The game's end: its outcome, `extras`, and `buttons` in the panel's foot (Play again); `say()`
 * writes the page's words (prompt, narration) before the panel is shown. Escape puts the
 * panel away, focus going on to `after` (the page's New game), if any.
 * @param {HTMLElement} box
 * @param {{outcome: OutcomeShape, rules: RulesInfo | undefined, extras: Node[], buttons: HTMLElement[],
 *          say: () => void, after?: HTMLElement | null}} options
 * @returns {OutcomeNodes}
 */
export function showGameEnd(box, { outcome, rules, extras, buttons, say, after = null }) {
  const { body, foot } = outcomeFrame(box);
  const drawn = drawnOutcome(box, body, outcome, rules);
  body.append(...extras);
  foot.append(...buttons);
  say();
  showOutcome(box, { dismiss: () => closeOutcome(box, after) });
  return drawn;
}
