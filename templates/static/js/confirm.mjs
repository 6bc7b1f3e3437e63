// A small question beside a button ("Abandon this game? Yes / No"), asked before the button's
// action undoes something: focus goes to No, Escape is No, and focus comes back to the button.

import { el } from "./util.mjs";
import { _ } from "./words.mjs";

/**
 * Ask "Abandon this game?" after `button`; `yes()` or `no()` once answered, `closed()` either way.
 * @param {HTMLElement} button @param {string} id the question's id (names the group)
 * @param {{yes: () => void, no: () => void, closed: () => void}} answers
 * @returns {{focus: () => void, close: () => void}}
 */
export function askAbandon(button, id, { yes, no, closed }) {
  const question = el("span", { id, text: _("Abandon this game?") });
  const yesButton = el("button", { type: "button", "data-confirm": "yes", text: _("Yes") });
  const noButton = el("button", { type: "button", "data-confirm": "no", text: _("No") });
  const box = el("span", { class: "play-confirm", role: "group", "aria-labelledby": id }, question, " ", yesButton, " ", noButton);
  /** @param {boolean} focusBack */
  const close = (focusBack) => {
    box.remove();
    closed();
    if (focusBack) button.focus();
  };
  yesButton.addEventListener("click", () => {
    close(false);
    button.focus();
    yes();
  });
  noButton.addEventListener("click", () => {
    close(true);
    no();
  });
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    }
  });
  button.after(box);
  return { focus: () => noButton.focus(), close: () => close(false) };
}
