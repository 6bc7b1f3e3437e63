// A practice position's card pressed on its written table (the build's drawing) while the
// engine sets the position up (practice.mjs): the press is not lost. The table says it is
// getting ready (early.mjs), the prompt says which card goes, and the card is pressed on the
// live table as soon as it is the visitor's turn there (a Scopa card that captures in several
// ways then asks which, as a press on the live table does).

import { gettingReady } from "./early.mjs";
import { capital } from "./util.mjs";
import { _ } from "./words.mjs";

export class EarlyCard {
  /** @param {import("./engine-client.mjs").Engine} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {string | null} the card kept */
    this.card = null;
    /** ends the written table's getting-ready state */
    this.done = () => {};
  }

  /** Keep a press on one of the visitor's cards of `written` (once per table) while `waiting()`.
   *  @param {HTMLElement} written @param {number[]} seats the visitor's
   *  @param {() => boolean} waiting @param {() => HTMLElement} prompt */
  watch(written, seats, waiting, prompt) {
    if (written.dataset.keeps) return;
    written.dataset.keeps = "";
    written.addEventListener("click", (event) => {
      const target = event.target instanceof Element ? event.target : null;
      /** @type {HTMLImageElement | null | undefined} */
      const img = target?.closest("[data-hand] img[data-card]");
      /** @type {HTMLElement | null | undefined} */
      const seat = img?.closest(".seat[data-seat]");
      if (!img || !seat || !seats.includes(Number(seat.dataset.seat)) || !waiting()) return;
      if (this.engine.status === "idle") this.engine.start(); // the press says: play
      this.forget();
      this.card = img.dataset.card ?? null;
      for (const card of written.querySelectorAll(".hand-card.is-chosen")) card.classList.remove("is-chosen");
      img.closest(".hand-card")?.classList.add("is-chosen");
      prompt().textContent = _("{card}: played as soon as the table is set up.", { card: capital(img.alt) });
      gettingReady(/** @type {HTMLElement} */ (written.querySelector(".card-table") ?? written), new Promise((resolve) => {
        this.done = () => resolve(undefined);
        this.engine.addEventListener("failed", () => resolve(undefined), { once: true });
      }));
    });
  }

  /** Drop the card kept (another position shown, or this one started again). */
  forget() {
    this.card = null;
    this.done();
  }

  /** The visitor's turn on the live table `live`: the card kept, pressed there.
   *  @param {HTMLElement | null} live */
  play(live) {
    const card = this.card;
    if (!card) return;
    this.card = null;
    /** @type {HTMLButtonElement | null | undefined} */
    const button = live?.querySelector(`.card-button[data-card="${card}"]:not([disabled])`);
    setTimeout(() => {
      this.done();
      if (button && button.isConnected) button.click();
    });
  }
}
