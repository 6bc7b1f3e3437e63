// The review valued while the deal is played (issue 30): after each of the learner's moves the
// engine values it for the review to come (`review_note`, docs/coach.md: one move a request,
// asked again while `waiting` > 0), so a deal's review only assembles when Review is pressed.
// Notes go in the quiet moments only: while the computer's pause runs (when a note fits in what
// is left of it) and while the learner thinks or reads a deal's end. A press or a computer's
// move that the page waits for stops the next note from starting (`busy`). A note runs at most
// SLICE ms (`budget`: the engine stops there and the next note goes on where it stopped, with
// the same values in the end), so a press that comes while one is in flight waits for the
// worker that long at most, not for a whole move's valuation (up to 0.5 s under load). A note
// that fails is only a lost head start: the review values whatever is left itself.

/** @typedef {import("./engine-client.mjs").Engine} Engine */

/** The longest a note runs in the worker, ms (bench/press_delay.py measures what a press waits). */
export const SLICE = 20;

export class ReviewNotes {
  /** @param {Engine} engine */
  constructor(engine) {
    this.engine = engine;
    this.handle = /** @type {number | null} */ (null);
    this.waiting = 0;       // the moves the engine said are still to value (1: not asked yet)
    this.until = 0;         // the quiet moment's end (performance.now(); Infinity: until a press)
    this.took = SLICE + 8;  // a note's time so far, ms (the longest of the recent ones, decaying)
    this.running = false;
  }

  /** The learner moved in game `handle` (or a saved game came back): a move to value. @param {number | null} handle */
  moved(handle) {
    this.handle = handle;
    this.waiting = Math.max(this.waiting, 1);
  }

  /** A quiet moment of `ms` from now: notes go while one fits in it. @param {number} ms */
  quiet(ms) {
    this.until = performance.now() + ms;
    this.pump();
  }

  /** The page is about to wait for the engine (a press, the computer's move): no new note. */
  busy() {
    this.until = 0;
  }

  /** The game is gone (a new game, the engine restarted). */
  stop() {
    this.handle = null;
    this.waiting = 0;
    this.until = 0;
  }

  async pump() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.handle !== null && this.waiting > 0 && performance.now() + this.took < this.until) {
        const handle = this.handle;
        const start = performance.now();
        const answer = await this.engine.request("review_note", { handle, budget: SLICE });
        this.took = Math.max(this.took * 0.8, performance.now() - start, 20);
        if (handle === this.handle) this.waiting = answer.waiting;
      }
    } catch {
      this.waiting = 0; // a head start lost: the review values the rest
    } finally {
      this.running = false;
    }
  }
}
