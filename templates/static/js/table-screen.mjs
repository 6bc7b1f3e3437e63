// The words and controls around a table of the play components' markup
// (templates/components/play.html): the prompt, the last move, the live narration, the score
// and the match's progress, a refused move's rule, the coach's hint, and the framing of the
// stage, and the visitor's move sent to the engine (`apply`: its answer, or the refusal said).
// The play table's, the guided game's and the friends' table's; nothing here decides a rule.

import { EngineError } from "./engine-client.mjs";
import { moveWords, part } from "./table.mjs";
import { drawProgress, drawScore, illegalNote } from "./table-panels.mjs";
import { frame } from "./frame.mjs";
import { el } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").RulesInfo} RulesInfo */
/** @typedef {import("./engine").HintAnswer} HintAnswer */
/** @typedef {import("./engine").Applied} Applied */
/** @typedef {import("./engine-client.mjs").Engine} Engine */
/** @typedef {import("./shapes").TableShape} TableShape */

export class TableScreen {
  /** @param {HTMLElement} root the play component (or the friends' game step, with its markup) */
  constructor(root) {
    this.root = root;
    /** @param {string} selector */
    const find = (selector) => part(root, selector);
    this.el = {
      live: find("[data-live]"),
      table: find("[data-table]"),
      level: /** @type {HTMLSelectElement} */ (find('[data-control="level"]')),
      players: /** @type {HTMLSelectElement | null} */ (root.querySelector('[data-control="players"]')),
      newGame: /** @type {HTMLButtonElement} */ (find('[data-action="new"]')),
      swap: /** @type {HTMLButtonElement} */ (find('[data-action="swap"]')),
      hint: /** @type {HTMLButtonElement} */ (find('[data-action="hint"]')),
      undo: /** @type {HTMLButtonElement} */ (find('[data-action="undo"]')),
      status: find(".engine-status"),
      progress: /** @type {HTMLElement | null} */ (root.querySelector("[data-progress]")),
      scores: find("[data-scores]"),
      prompt: find("[data-prompt]"),
      choices: find("[data-choices]"),
      hintText: find("[data-hint]"),
      last: find("[data-last]"),
      dealEnd: find("[data-deal-end]"),
      end: find("[data-end]"),
      narration: find("[data-narration]"),
    };
    /** @type {"move" | "opening" | null} what the last move's line says now */
    this.lastSaid = null;
  }

  /** @param {string} text */
  narrate(text) {
    this.el.narration.textContent = text;
  }

  /** @param {string} text */
  prompt(text) {
    this.el.prompt.replaceChildren(el("p", { text }));
  }

  /** The move just made, in the engine's words, on the last move's line and said aloud.
   *  @param {TableShape | null | undefined} table @param {EngineState["last"]} last */
  announce(table, last) {
    if (!last) return;
    const text = moveWords(table);
    this.lastSaid = "move";
    this.el.last.textContent = text;
    this.el.last.classList.toggle("is-swap", last.action === "swap");
    this.narrate(text);
  }

  /** A new deal as dealt: its opening said on the last move's line (not the finished deal's move).
   *  @param {TableShape} table */
  opening(table) {
    this.el.last.textContent = table.opening || "";
    this.lastSaid = "opening";
    this.el.last.classList.remove("is-swap");
  }

  /** The last move's line emptied, or `text` on it. @param {string} [text] */
  clearLast(text = "") {
    this.el.last.textContent = text;
    this.lastSaid = null;
  }

  /** A refused move: the engine's sentence (the card and the rule), and the rule's link.
   *  @param {RulesInfo | undefined} rules @param {{sentence?: string, anchor?: string | null}} data */
  illegal(rules, data) {
    this.el.prompt.replaceChildren(illegalNote(rules, data));
    this.narrate(data.sentence ?? "");
  }

  /** The visitor's move sent to the engine's session `handle`: the engine's answer, or null
   *  when the engine refused the move (the card and the rule that forbids it are said on the
   *  prompt: `illegal`). Anything else that goes wrong is thrown, for the caller to say.
   *  @param {Engine} engine @param {number | null} handle @param {string} action
   *  @param {RulesInfo | undefined} rules @returns {Promise<Applied | null>} */
  async apply(engine, handle, action, rules) {
    try {
      return await engine.request("apply", { handle, action });
    } catch (err) {
      if (err instanceof EngineError && err.kind === "illegal") {
        this.illegal(rules, err.data);
        return null;
      }
      throw err;
    }
  }

  /** The score and the match's progress. @param {TableShape} table @param {RulesInfo | undefined} rules */
  scores(table, rules) {
    drawScore(this.el.scores, table.score, rules);
    if (this.el.progress) drawProgress(this.el.progress, table.progress, rules);
  }

  /** The coach's hint: its words, and what the visitor knows there (folded).
   *  @param {HintAnswer} answer */
  hint(answer) {
    this.el.hintText.replaceChildren(el("strong", { text: `${_("Hint:")} ` }), answer.text);
    const facts = [...answer.reasons.stake, ...answer.reasons.known];
    if (facts.length) {
      this.el.hintText.append(el("details", { class: "play-hint-facts" }, el("summary", { text: _("What you know here") }),
        el("ul", {}, ...facts.map((fact) => el("li", { text: fact })))));
    }
  }

  /** The visitor's turn: the stage framed after a press (`pressed`: New game, Next deal), and
   *  at every turn while the visitor is at the table (some of it on screen: a visitor who
   *  scrolled away to read is left where they are), so the latest words never sit below the
   *  fold. Answers whether it framed.
   *  @param {boolean} pressed */
  frameTurn(pressed) {
    const box = this.el.table.getBoundingClientRect();
    const near = box.bottom > 0 && box.top < window.innerHeight;
    if (!pressed && !near) return false;
    this.frameStage();
    return true;
  }

  /** The stage in view: the whole table and the latest words, then as the screen has room your
   *  moves' buttons (Swap, Hint, Undo) and the game's settings above the stage (after New game
   *  and Next deal, pressed from wherever the visitor was, and at each of your turns). */
  frameStage() {
    frame([this.el.table, this.el.last, this.el.prompt],
      [this.root.querySelector(".play-buttons"), this.root.querySelector(".play-controls")]);
  }
}
