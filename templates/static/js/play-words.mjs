// The play table's words said again in a new deck's names (cards.mjs's "cards:deck"): the
// pictures swap at once; the words on screen, the engine's, are asked for again (engine-client.mjs
// sends the deck with each request). One job, out of play-table.mjs.

import { choicesFor, moveWords } from "./table.mjs";
import { redrawOutcome } from "./table-panels.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */

/** The words on screen said again from a fresh engine answer (the same position: nothing is
 *  played, and an answer that a move overtook is dropped, the move's own being in the new
 *  deck's names already): the table, the last move, the prompt, an open choice of captures,
 *  the deal's or game's outcome and the hint.
 *  @param {import("./play-page").PlayTable} t the play table */
export function redrawWords(t) {
  if (t.handle === null || !t.state) return;
  const token = t.token;
  const at = t.state.index;
  t.enqueue(async () => {
    if (t.handle === null || token !== t.token || !t.state || t.state.index !== at) return;
    /** @type {EngineState} */
    const fresh = await t.engine.request("state", { handle: t.handle, next_deal: t.ack === at });
    if (token !== t.token || !t.state || t.state.index !== at) return;
    t.state = fresh;
    t.show();
    const table = fresh.table;
    if (t.screen.lastSaid === "move" && fresh.last) t.el.last.textContent = moveWords(table);
    else if (t.screen.lastSaid === "opening") t.el.last.textContent = table.opening || "";
    const yourTurn = t.mayPlay();
    if (yourTurn) t.screen.prompt(table.turn_words || _("Your turn."));
    const offered = yourTurn ? t.picker.open : null;
    if (offered) {
      const choices = choicesFor(table, offered);
      if (choices) t.picker.offer(choices);
    }
    for (const box of [t.el.dealEnd, t.el.end]) {
      if (!box.hidden && t.outcomeNodes && t.outcomeNodes.box === box && table.outcome) {
        t.outcomeNodes = redrawOutcome(t.outcomeNodes, table.outcome, t.rules);
      }
    }
    if (yourTurn && t.hinted === at && !t.el.hintText.hidden) await t.showHint(token);
  });
}
