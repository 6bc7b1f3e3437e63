// Play against the computer (and replay a shared game): the [[play: game]] component's entry.
// It starts the play table (play-table.mjs) when it comes near, or the replay viewer
// (replay.mjs) on the replay page. Design notes and the URL parameters: docs/play.md.

import "./anchor.mjs"; // a link to a section lands on it while this component starts
import { takeOver } from "./early.mjs";
import { madeWhenDataComes } from "./engine-client.mjs";
import { withData } from "./table.mjs";
import { PlayTable } from "./play-table.mjs";
import { ReplayViewer } from "./replay.mjs";

/** @typedef {import("./play-table.mjs").PlayData} PlayData */

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-play]"))) {
  /** @type {HTMLElement | null} */
  const source = root.querySelector(".play-data");
  if (root.dataset.play === "replay") {
    withData(root, source, (/** @type {PlayData} */ data) => {
      new ReplayViewer(root, data);
      takeOver(root);
    });
    continue;
  }
  // The table starts when it comes near; its controls are in the page from the start, so Tab
  // reaches New game in document order, and a visitor who tabs or presses there starts it at
  // once (a press on New game before the table is made is kept and done when it is, the button
  // saying it is getting ready until the engine has dealt: early.mjs).
  const table = madeWhenDataComes(root, (/** @type {PlayData} */ data) => new PlayTable(root, data),
    (made) => made.askNewGame());
  withData(root, source, table.start, { whenNear: true });
  /** @param {Event} event */
  const early = (event) => {
    if (table.made()) return;
    /** @type {HTMLElement | null} */
    const button = event.type === "click" ? /** @type {Element} */ (event.target).closest('[data-action="new"]') : null;
    if (button) table.press(button); // it starts the engine at once, while the data comes
    if (root.dataset.starting) return;
    root.dataset.starting = "";
    withData(root, source, table.start);
  };
  root.addEventListener("focusin", early);
  root.addEventListener("click", early);
  takeOver(root);
}
