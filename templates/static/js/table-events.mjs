// The table's events side (beside table-view.mjs, which draws, and table-motion.mjs, which
// animates; as chessground splits state, render, events and animation): a press or a key on
// a hand's card is handled here, once, for every page with a table. Legal moves go in (`set`),
// a choice comes out (`choose`); a card that plays in more than one way (Scopa's captures) is
// asked about with a ChoicePicker. Keys: the arrows, Home and End move between the cards of a
// hand (a roving tabindex: Tab leaves the hand and comes back to the card last on); Enter and
// Space press the card focused (it is a button).

import { cardImage } from "./table.mjs";
import { el } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./shapes").ChoiceGroup} ChoiceGroup */
/**
 * What a page says to its table's events.
 * @typedef {object} HandCallbacks
 * @property {(action: string, seat: number) => void} choose one move chosen (an illegal card
 *   goes too, as its code: the engine names the rule that forbids it)
 * @property {(actions: string[], card: string, seat: number) => void} [several] the card plays
 *   in more than one way: the page asks which (default: the first)
 * @property {(card: string, seat: number) => void} [wait] a card pressed when its seat may
 *   not choose now
 * @property {string} [cards] what a card is (a selector): the live hand's buttons by default
 */

/** Arrows, Home and End move between the cards of a hand (a roving tabindex), the cards that
 *  cannot be chosen now (disabled) passed over.
 *  @param {KeyboardEvent} event */
export function handKey(event) {
  const target = /** @type {Element | null} */ (event.target);
  /** @type {HTMLButtonElement | null} */
  const button = target && target.closest && target.closest("button.card-button");
  if (!button || event.altKey || event.ctrlKey || event.metaKey) return;
  const hand = /** @type {Element} */ (button.closest("ul"));
  const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (hand.querySelectorAll("button.card-button:not([disabled])"))];
  const i = buttons.indexOf(button);
  if (i < 0) return;
  let next = null;
  if (event.key === "ArrowRight" || event.key === "ArrowDown") next = buttons[(i + 1) % buttons.length];
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = buttons[(i - 1 + buttons.length) % buttons.length];
  else if (event.key === "Home") next = buttons[0];
  else if (event.key === "End") next = buttons[buttons.length - 1];
  if (!next) return;
  event.preventDefault();
  for (const b of buttons) b.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

export class HandEvents {
  /** @param {HTMLElement} table the `[data-table]` element @param {HandCallbacks} callbacks */
  constructor(table, callbacks) {
    this.table = table;
    this.callbacks = callbacks;
    /** @type {number[]} the seats that may choose now */
    this.seats = [];
    /** @type {readonly string[]} their legal moves */
    this.legal = [];
    table.addEventListener("click", (event) => this.click(event));
    table.addEventListener("keydown", handKey);
  }

  /** Legal moves in: the seats that may choose now (none: every press waits) and their moves.
   *  @param {{seats?: number[], legal?: readonly string[]}} moves */
  set({ seats = [], legal = [] }) {
    this.seats = seats;
    this.legal = legal;
  }

  /** @param {Event} event */
  click(event) {
    const target = /** @type {Element | null} */ (event.target);
    /** @type {HTMLElement | null} */
    const card = target && target.closest && target.closest(this.callbacks.cards || "button.card-button");
    if (!card || !this.table.contains(card)) return;
    /** @type {HTMLElement | null} */
    const seatBox = card.closest("[data-seat]");
    this.press(card.dataset.card ?? "", Number(seatBox ? seatBox.dataset.seat : -1));
  }

  /** A card chosen (pressed, or picked for the keyboard). @param {string} card @param {number} seat */
  press(card, seat) {
    const { choose, several, wait } = this.callbacks;
    if (!this.seats.includes(seat)) {
      if (wait) wait(card, seat);
      return;
    }
    const actions = this.legal.filter((action) => action.split(" ")[0] === card);
    if (actions.length > 1 && several) several(actions, card, seat);
    else choose(actions.length ? actions[0] : card, seat);
  }
}

/** The two looks of the question "which way?" (the play table's, the practice table's). */
const LOOKS = {
  play: { title: "choices-title", choice: "choice", cancel: "choice-cancel", key: "data-choice", cards: true },
  practice: { title: "practice-choices-label", choice: "practice-capture", cancel: "practice-capture-cancel", key: "data-action", cards: false },
};

/** A card that plays in more than one way (Scopa's captures): the engine's question and each
 *  way's words, a button each, and "Choose another card" (which goes back to the card). */
export class ChoicePicker {
  /**
   * @param {HTMLElement} box where the question goes (hidden while none is asked)
   * `hands`: where the cards asked about are (their hands); `keep`: the question stays open
   * after a choice (practice: a wrong way is answered beside it, and another may be tried).
   * @param {{look?: keyof typeof LOOKS, id?: string, hands?: ParentNode, keep?: boolean,
   *          choose: (action: string) => void, narrate?: (text: string) => void}} options
   */
  constructor(box, { look = "play", id = "", hands = document, keep = false, choose, narrate }) {
    this.box = box;
    this.hands = hands;
    this.keep = keep;
    this.look = LOOKS[look];
    this.list = look === "play";
    this.id = id;
    this.choose = choose;
    this.narrate = narrate;
    /** @type {string | null} the card asked about */
    this.card = null;
  }

  /** The card asked about, lifted in its hand (or none). @param {string | null} card */
  mark(card) {
    for (const item of this.hands.querySelectorAll(".hand-card")) {
      const button = item.querySelector("button.card-button");
      item.classList.toggle("is-selected", card !== null && button instanceof HTMLElement && button.dataset.card === card);
    }
  }

  /** Ask which way `choices` (the table description's group for one card) is to be played.
   *  @param {ChoiceGroup} choices */
  offer(choices) {
    const look = this.look;
    this.card = choices.card;
    this.mark(choices.card);
    const title = el("p", { class: look.title, text: choices.question, id: this.id || null });
    if (this.id) this.box.setAttribute("aria-labelledby", this.id);
    this.box.replaceChildren(title);
    const buttons = choices.options.map((option) => {
      const button = el("button", { type: "button", class: look.choice, [look.key]: option.action },
        look.cards ? el("span", { text: option.label }) : option.label);
      if (look.cards) {
        button.append(el("span", { class: "choice-cards", "aria-hidden": "true" },
          ...option.takes.map((c) => cardImage(c.card, { width: 28 }))));
      }
      button.addEventListener("click", () => {
        if (!this.keep) this.close();
        this.choose(option.action);
      });
      return button;
    });
    if (this.list) this.box.append(el("ul", { class: "choices-list" }, ...buttons.map((b) => el("li", {}, b))));
    else for (const b of buttons) this.box.append(b, " ");
    const cancel = el("button", { type: "button", class: look.cancel, text: _("Choose another card") });
    cancel.addEventListener("click", () => {
      const card = this.card;
      this.close();
      /** @type {HTMLElement | null} */
      const back = this.hands.querySelector(`button.card-button[data-card="${card}"]`);
      if (back) back.focus();
    });
    this.box.append(cancel);
    this.box.hidden = false;
    /** @type {HTMLElement} */ (buttons[0]).focus();
    if (this.narrate) this.narrate(choices.question ?? "");
  }

  /** The question put away (a move chosen, or another card). */
  close() {
    this.box.hidden = true;
    this.card = null;
    this.mark(null);
  }

  /** Whether a question is open, and about which card. */
  get open() {
    return this.box.hidden ? null : this.card;
  }
}
