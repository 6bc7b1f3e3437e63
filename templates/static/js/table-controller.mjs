// One page controller for every table: it drives the one renderer (table-view.mjs) and the
// table's events side (table-events.mjs: a hand's presses and keys, the question which way a
// card plays) over a small source interface, which a local game against the computer
// (play-table.mjs), a replay (replay.mjs), a practice position (practice.mjs), the demo
// (demo.mjs) and a seat at a friends' table, the host's or a guest's (friends-table.mjs), each
// implement: the state to draw, the seats whose choices are taken now, and a choice accepted.
// What comes next (the computer's move, the script's next card, the host's answer) is the
// source's to say: it calls show() again with the state that follows.

import { TableView } from "./table-view.mjs";
import { ChoicePicker, HandEvents } from "./table-events.mjs";
import { choicesFor } from "./table.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./table-view.mjs").Drawn} Drawn */
/**
 * What drives a table.
 * @typedef {object} TableSource
 * @property {() => EngineState | null} state the state to draw (its `table`, the engine's description)
 * @property {() => number[]} seats the seats whose choices are taken now (none: watching, or waiting)
 * @property {(action: string, seat: number) => void} choose a choice accepted (an illegal card
 *   too, as its code: the engine says the rule that forbids it)
 * @property {(card: string, seat: number) => void} [wait] a card pressed out of turn: why not now
 * @property {(actions: string[], card: string, seat: number) => void} [several] a card that
 *   plays in more than one way (default: the picker asks with the table description's words)
 */
/**
 * @typedef {object} ControllerOptions
 * @property {boolean | number[]} [interactive] the viewer's hand as buttons (or these seats')
 * @property {ConstructorParameters<typeof ChoicePicker>[1] & {box: HTMLElement} | null} [picker]
 *   where the question "which way?" is asked, and how
 * @property {string} [cards] what a pressable card is (table-events.mjs; the demo's are pictures)
 */

export class TableController {
  /** @param {HTMLElement} root holds the `[data-table]` element (or is it)
   *  @param {TableSource} source @param {ControllerOptions} [options] */
  constructor(root, source, { interactive = false, picker = null, cards } = {}) {
    this.root = root;
    this.source = source;
    this.view = new TableView(root, { interactive });
    const table = this.view.table;
    this.picker = picker ? new ChoicePicker(picker.box, picker) : null;
    this.events = new HandEvents(table, {
      cards,
      choose: (action, seat) => source.choose(action, seat),
      wait: (card, seat) => source.wait && source.wait(card, seat),
      several: (actions, card, seat) => {
        if (source.several) {
          source.several(actions, card, seat);
          return;
        }
        const choices = choicesFor(source.state()?.table, card);
        if (choices && this.picker) this.picker.offer(choices);
        else source.choose(actions[0], seat);
      },
    });
  }

  /** A new table for the same root (another game, other seats): the renderer starts afresh.
   *  @param {{interactive?: boolean | number[]}} options */
  reset({ interactive = false }) {
    this.view = new TableView(this.root, { interactive });
  }

  /** The source's seats and legal moves given to the events side (and a question put away
   *  when no one may choose): after anything that changes whose turn it is. */
  listen() {
    const state = this.source.state();
    const seats = state ? this.source.seats() : [];
    this.events.set({ seats, legal: state ? state.legal || [] : [] });
    if (!seats.length && this.picker) this.picker.close();
  }

  /** The source's state drawn, in one go (draw, then settle). `turn`: the seat whose cards are
   *  live (null: the description's own; -1: none).
   *  @param {{turn?: number | null}} [options] */
  show({ turn = null } = {}) {
    const drawn = this.draw({ turn });
    if (drawn) this.view.settle(drawn);
  }

  /** The first half of show (table-view.mjs draw): a page with more to write for the same
   *  state writes it before settle(), so the page is laid out once.
   *  @param {{turn?: number | null}} [options] @returns {Drawn | null} */
  draw({ turn = null } = {}) {
    const state = this.source.state();
    this.listen();
    if (!state) return null;
    return this.view.draw(state.table, { legal: new Set(state.legal || []), turn });
  }

  /** @param {Drawn} drawn */
  settle(drawn) {
    this.view.settle(drawn);
  }

  /** A choice is on its way: the cards go quiet at once, no question open, no press taken. */
  quiet() {
    this.events.set({});
    if (this.picker) this.picker.close();
    this.view.quiet();
  }
}
