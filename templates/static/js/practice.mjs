// The practice table: positions the visitor finishes, with feedback on every card.
// The build (sitegen/practice.py) checked each position with the engine and wrote its record,
// the visitor's seats, the accepted answers and the author's feedback into a JSON data block.
// Here the engine worker judges every click: which cards are legal, what an illegal card
// breaks (its rule, in the engine's words), what a card does (`explain`), and it plays the
// scripted cards of the other seats. This module only draws and forwards.

import "./anchor.mjs"; // a link to a section lands on it while this component starts
import { getEngine, mountStatus, startWhenNear } from "./engine-client.mjs";
import { choicesFor, nameSeats, optionFor, withData } from "./table.mjs";
import { TableView, drawScore, verdictBadge } from "./table-view.mjs";
import { forgetPosition, keptPositions } from "./coach.mjs";
import { frame } from "./frame.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine").PracticePosition} Position */
/** @typedef {import("./engine").VisitorStep} VisitorStep */
/** @typedef {import("./engine").ScriptedStep} ScriptedStep */
/** @typedef {import("./shapes").Explanation} Explanation */
/** @typedef {import("./shapes").Refusal} Refusal */
/** @typedef {{state: EngineState, explanation: Explanation}} Applied "apply"'s answer */
/** @typedef {{game: string, rules_page: string, positions: Position[]}} PracticeData the data file (sitegen/practice_view.py) */

const STORE = "practice:v1:";
/** @type {Record<string, [string, string]>} the feedback's kind -> its verdict's mark and word */
const VERDICT_OF = {
  right: ["best", "Right"], retry: ["mistake", "Not this one"], illegal: ["mistake", "Against the rules"],
};
const SLOW = 700;          // milliseconds between scripted cards
/** @type {Record<string, (e: Explanation) => (string | null | undefined)[]>} the engine's kinds of answer, as feedback keys (sitegen/practice.py) */
const KINDS = {
  madrasso: (e) => [e.kind],
  briscola: (e) => [e.kind],
  scopa: (e) => [e.scopa ? "scopa" : null, e.kind,
    e.kind === "match" || e.kind === "sum" ? "capture" : null],
};

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** @param {number} ms @returns {Promise<void>} */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string | null} [className] @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/** HTML the build rendered from the author's Markdown (trusted, from the same page).
 *  @param {keyof HTMLElementTagNameMap} tag @param {string | null} className @param {string | null | undefined} markup */
function html(tag, className, markup) {
  const node = el(tag, className);
  node.innerHTML = markup || "";
  return node;
}

/** @param {string} text */
function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** The positions done on this device. */
const progress = {
  /** @param {string} id */
  done(id) {
    try { return window.localStorage.getItem(STORE + id) === "done"; } catch { return false; }
  },
  /** @param {string} id */
  mark(id) {
    try { window.localStorage.setItem(STORE + id, "done"); } catch { /* private mode */ }
  },
  /** @param {string} id */
  clear(id) {
    try { window.localStorage.removeItem(STORE + id); } catch { /* private mode */ }
  },
};

/** An element `selector` finds under `root`, one the component's markup or this module made.
 *  @param {ParentNode} root @param {string} selector */
function part(root, selector) {
  return /** @type {HTMLElement} */ (root.querySelector(selector));
}

class Practice {
  /** @param {HTMLElement} root @param {PracticeData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.game = this.data.game;
    this.positions = [...this.data.positions];
    this.engine = getEngine(root);
    /** @type {Position | null} the position shown */
    this.current = null;
    this.acted = false;        // the visitor chose a position or a card: steps frame the table
    /** @type {number | null} its game in the worker */
    this.handle = null;
    /** @type {EngineState | null} the worker's last state */
    this.state = null;
    this.stepIndex = 0;
    this.busy = false;
    this.run = 0;              // bumps on every (re)start, so a stale script stops
    /** @type {Map<string, HTMLElement>} */
    this.sections = new Map();
    // The live table's parts (buildLive makes them for the position shown).
    /** @type {TableView | null} */
    this.view = null;
    this.scoreBox = el("div");
    this.tableBox = el("div");
    this.prompt = el("p");
    this.swapRow = el("p");
    this.choices = el("div");
    this.feedback = el("div");
    this.log = el("ol");
    this.closing = el("div");
    this.resetButton = el("button");
    this.nextButton = el("button");
    /** @type {HTMLButtonElement | null} */
    this.startButton = null;
    /** @type {HTMLElement | null} */
    this.liveBox = null;
    /** @type {HTMLElement} */
    this.staticBox = el("div");
    /** @type {HTMLElement} */
    this.list = el("ol");
    /** @type {HTMLElement} */
    this.progressText = el("p");
    for (const section of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".practice-position"))) {
      this.sections.set(section.dataset.position ?? "", section);
    }
    this.addKept();
    root.classList.add("is-live");
    // Folded for reading without JavaScript; here one position shows at a time, unfolded.
    for (const fold of /** @type {NodeListOf<HTMLDetailsElement>} */ (root.querySelectorAll(".practice-fold"))) fold.open = true;
    /** @type {HTMLElement | null} */
    this.status = root.querySelector(".engine-status");
    mountStatus(this.status, this.engine);
    this.buildMenu();
    startWhenNear(root, this.engine, [...root.querySelectorAll(".practice-menu button")]);
    this.engine.addEventListener("ready", () => this.openWhenQuiet());
    this.engine.addEventListener("starting", () => {
      if (this.startButton) this.startButton.hidden = true;
      if (this.liveBox && this.liveBox.classList.contains("is-waiting")) this.prompt.textContent = "Setting up the table…";
    });
    const fromHash = this.positions.find((p) => window.location.hash === `#practice-${p.id}`);
    const first = fromHash || this.positions.find((p) => !progress.done(p.id)) || this.positions[0];
    if (first) this.show(first.id, { focus: Boolean(fromHash && fromHash.kept), first: true });
    // The deck chosen (cards.mjs): the pictures swap at once; the table's words (its caption,
    // the trump's name), the engine's, are asked for again in the new deck's names, at the same
    // step (an answer a move overtook is dropped: the move's own is in the new names already).
    document.addEventListener("cards:deck", () => this.redrawWords());
    // A moment kept from a review on this same page (coach.mjs) arrives by its link.
    window.addEventListener("hashchange", () => {
      if (this.addKept()) this.buildMenu();
      const wanted = this.positions.find((p) => window.location.hash === `#practice-${p.id}`);
      if (wanted && wanted !== this.current) this.show(wanted.id, { focus: true });
    });
  }

  /** The moments kept from reviews of this game (coach.mjs), after the authored positions,
   *  each in a section like the build's (its question; the table comes when the engine is
   *  ready). Answers whether any was new. */
  addKept() {
    let added = false;
    for (const p of keptPositions(this.game)) {
      if (this.sections.has(p.id)) continue;
      const section = el("section", "practice-position practice-kept");
      section.id = `practice-${p.id}`;
      section.dataset.position = p.id;
      section.setAttribute("aria-labelledby", `practice-${p.id}-title`);
      const title = el("h3");
      title.id = `practice-${p.id}-title`;
      title.append(el("span", "practice-number", `${this.positions.length + 1}.`), ` ${p.title}`);
      const rules = el("p", "practice-rules", "Rules: ");
      p.rules.forEach((r, i) => {
        const a = el("a", null, r.title);
        a.href = r.href;
        rules.append(...(i ? [", ", a] : [a]));
      });
      const written = el("div", "practice-static");
      written.append(el("p", "practice-fact", "The table comes as soon as the game engine is ready."));
      const live = el("div", "practice-live");
      live.hidden = true;
      section.append(title, html("div", "practice-question", p.question), rules, written, live);
      section.hidden = true;
      part(this.root, ".practice-data").before(section);
      this.sections.set(p.id, section);
      this.positions.push(p);
      added = true;
    }
    return added;
  }

  // ---- the list of positions ----------------------------------------------------------------

  buildMenu() {
    const nav = part(this.root, ".practice-menu");
    this.list = part(nav, ".practice-list");
    this.progressText = part(nav, ".practice-progress");
    this.list.replaceChildren();
    this.positions.forEach((p, i) => {
      const button = el("button", "practice-go");
      button.type = "button";
      button.dataset.go = p.id;
      button.append(el("span", "practice-go-number", `${i + 1}.`), ` ${p.title}`);
      const mark = el("span", "practice-done-mark");
      button.append(mark);
      button.addEventListener("click", () => this.show(p.id, { focus: true }));
      const li = el("li");
      li.append(button);
      this.list.append(li);
    });
    nav.hidden = false;
    this.renderMenu();
  }

  renderMenu() {
    let done = 0;
    for (const button of /** @type {NodeListOf<HTMLElement>} */ (this.list.querySelectorAll("[data-go]"))) {
      const id = button.dataset.go ?? "";
      const finished = progress.done(id);
      if (finished) done += 1;
      button.classList.toggle("is-done", finished);
      part(button, ".practice-done-mark").textContent = finished ? " (done)" : "";
      if (this.current && this.current.id === id) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
    this.progressText.textContent = `${done} of ${this.positions.length} done.`;
    // The current position's button in the row's view (sideways only: the page stays put).
    const current = this.list.querySelector("[aria-current]");
    if (current) {
      const row = this.list.getBoundingClientRect();
      const at = current.getBoundingClientRect();
      if (at.left < row.left || at.right > row.right) this.list.scrollLeft += at.left - row.left - 8;
    }
  }

  /** @param {string} id @param {{focus: boolean, first?: boolean}} options */
  show(id, { focus, first = false }) {
    const position = this.positions.find((p) => p.id === id);
    if (!position) return;
    this.current = position;
    for (const [key, section] of this.sections) section.hidden = key !== id;
    this.renderMenu();
    const section = /** @type {HTMLElement} */ (this.sections.get(id)); // every position has its section
    this.buildLive(section, position);
    if (focus) {
      const title = part(section, "h3");
      title.tabIndex = -1;
      title.focus({ preventScroll: true }); // the table is framed once it is set up
      this.acted = true;
    }
    if (this.engine.status === "ready") {
      if (first) this.openWhenQuiet();
      else this.open(id);
    } else if (this.engine.status === "idle" && focus) this.engine.start();
  }

  // ---- one position's live table ------------------------------------------------------------

  /** @param {HTMLElement} section @param {Position} p */
  buildLive(section, p) {
    const live = part(section, ".practice-live");
    live.replaceChildren();
    // The table: the engine's description of it (drawn by the one renderer, table-view.mjs),
    // the visitor's hands as buttons.
    const table = el("div", `card-table practice-table game-${this.game}`);
    table.dataset.table = "";
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", "The card table");
    this.view = new TableView(table, { interactive: p.seats });
    table.addEventListener("click", (event) => {
      const target = /** @type {Element | null} */ (event.target);
      /** @type {HTMLElement | null} */
      const button = target && target.closest && target.closest("button.card-button");
      if (button) this.pickCard(button.dataset.card ?? "", Number(button.dataset.seat));
    });
    this.scoreBox = el("div", "play-scores practice-score");
    this.tableBox = table;

    this.prompt = el("p", "practice-prompt");
    this.swapRow = el("p", "practice-swap");
    this.swapRow.hidden = true;
    this.choices = el("div", "practice-choices");
    this.choices.setAttribute("role", "group");
    this.choices.hidden = true;
    this.feedback = el("div", "practice-feedback");
    this.feedback.setAttribute("role", "status");
    this.feedback.setAttribute("aria-live", "polite");
    this.log = el("ol", "practice-log");
    this.log.setAttribute("aria-label", "What has been played");
    // The other seats' scripted cards and each trick's count are announced as they come.
    this.log.setAttribute("aria-live", "polite");
    this.log.setAttribute("aria-relevant", "additions");
    this.closing = el("div", "practice-end");
    this.closing.hidden = true;
    const actions = el("p", "practice-actions");
    this.resetButton = el("button", "practice-reset", "Start this position again");
    this.resetButton.type = "button";
    this.resetButton.addEventListener("click", () => this.reset());
    this.nextButton = el("button", "practice-next", "Next position");
    this.nextButton.type = "button";
    this.nextButton.hidden = true;
    this.nextButton.addEventListener("click", () => {
      const i = this.current ? this.positions.indexOf(this.current) : -1;
      if (i + 1 < this.positions.length) this.show(this.positions[i + 1].id, { focus: true });
    });
    // Under Save-Data the engine waits for a press: this is the press.
    const startButton = this.startButton = el("button", "practice-start", "Play this position");
    startButton.type = "button";
    startButton.hidden = this.engine.status !== "idle";
    startButton.addEventListener("click", () => {
      startButton.hidden = true;
      this.engine.start();
    });
    actions.append(startButton, " ", this.resetButton, " ", this.nextButton);
    if (p.kept) {
      const forget = el("button", "practice-forget", "Forget this position");
      forget.type = "button";
      forget.addEventListener("click", () => this.forget(p));
      actions.append(" ", forget);
    }
    this.prompt.textContent = this.engine.status === "failed"
      ? "The game engine could not load, so this position cannot be played here."
      : this.engine.status === "idle" ? "The table starts when you press Play this position."
        : "Setting up the table…";
    live.append(table, this.scoreBox, this.prompt, this.swapRow, this.choices, this.feedback, this.log,
      this.closing, actions);
    live.hidden = false;
    // Until the engine has set the table up, the written version stays (and stays if the
    // engine cannot load at all).
    live.classList.add("is-waiting");
    part(section, ".practice-static").hidden = false;
    this.liveBox = live;
    this.staticBox = part(section, ".practice-static");
    live.addEventListener("keydown", (event) => this.arrowKeys(event));
  }

  /** The position shown first opens once the engine is quiet (engine-client's whenQuiet): a
   *  press of the demo's Play while the engine starts asks for its first move on the same
   *  worker, and that answer comes first. A position the visitor picks opens at once. */
  openWhenQuiet() {
    this.engine.whenQuiet().then(() => {
      if (this.current && this.handle === null && !this.busy) this.open(this.current.id);
    });
  }

  /** Whose view the table shows: the visitor's seat, or every hand (an open position, or
   *  one where the visitor plays more than one seat).
   *  @param {Position} p */
  viewOf(p) {
    return p.open || p.seats.length > 1 ? null : p.seats[0];
  }

  /** @param {string} id */
  async open(id) {
    const p = this.positions.find((x) => x.id === id);
    if (!p || this.current !== p) return;
    const run = ++this.run;
    this.busy = true;
    try {
      if (this.handle !== null) {
        const old = this.handle;
        this.handle = null;
        this.engine.request("drop", { handle: old }).catch(() => {});
      }
      /** @type {Loaded} */
      const loaded = await this.engine.request("load", {
        record: p.record, at: "end", view: this.viewOf(p), bottom: p.bottom, seat_names: p.seat_names,
        side_names: p.team_names && p.team_names.length ? p.team_names : undefined,
      });
      if (run !== this.run) {
        this.engine.request("drop", { handle: loaded.handle }).catch(() => {});
        return;
      }
      this.handle = loaded.handle;
      this.stepIndex = 0;
      this.showState(loaded.state);
      await this.advance(run);
    } catch (err) {
      if (run === this.run) this.say("problem", `The engine could not set up this position: ${err instanceof Error ? err.message : undefined}`);
    } finally {
      if (run === this.run) this.busy = false;
      if (run === this.run) this.renderTurn();
    }
  }

  async redrawWords() {
    if (this.handle === null || !this.state) return;
    const run = this.run;
    const at = this.state.index;
    try {
      /** @type {EngineState} */
      const fresh = await this.ask("state", {});
      if (run === this.run && this.state && this.state.index === at && fresh.index === at) this.showState(fresh, null);
    } catch (err) {
      // The words stay in the old deck's names until the next answer; nothing is lost.
    }
  }

  /** Drop a kept position from this browser and from the list.
   *  @param {Position} p */
  forget(p) {
    forgetPosition(this.game, p.id);
    progress.clear(p.id);
    this.sections.get(p.id)?.remove();
    this.sections.delete(p.id);
    this.positions = this.positions.filter((x) => x !== p);
    this.current = null;
    this.buildMenu();
    const next = this.positions.find((x) => !progress.done(x.id)) || this.positions[0];
    if (next) this.show(next.id, { focus: true });
  }

  reset() {
    if (!this.current) return;
    progress.clear(this.current.id);
    this.renderMenu();
    this.show(this.current.id, { focus: false });
    this.resetButton.focus();
  }

  // ---- the script ---------------------------------------------------------------------------

  /** @returns {VisitorStep | ScriptedStep | null} */
  step() {
    return (this.current && this.current.steps[this.stepIndex]) || null;
  }

  /** Play the other seats' scripted cards up to the visitor's next step, or the end.
   *  @param {number} run */
  async advance(run) {
    for (;;) {
      const step = this.step();
      if (!step) {
        this.finish();
        return;
      }
      if (step.visitor) { // the table stays as it is, whichever of the visitor's seats plays
        this.renderTurn();
        if (this.acted) this.frame();
        return;
      }
      this.prompt.textContent = step.prompt;
      await sleep(reducedMotion() ? 50 : SLOW);
      if (run !== this.run) return;
      /** @type {Applied} */
      const result = await this.ask("apply", { action: step.action });
      if (run !== this.run) return;
      this.stepIndex += 1;
      this.record(step.seat, step.log, result.explanation, step.note, "auto", this.builtText(step));
      this.showState(result.state, result.explanation);
    }
  }

  /** The visitor chose `action` (a card, "swap", or a Scopa capture).
   *  @param {string} action */
  async choose(action) {
    const step = this.step();
    const view = this.view;
    if (this.busy || !step || !step.visitor || this.handle === null || !this.state || !view) return;
    this.acted = true; // from now on each step frames the table and its words
    const run = this.run;
    this.busy = true;
    try {
      if (!this.state.legal.includes(action)) {
        /** @type {Refusal} */
        const why = await this.ask("explain", { action });
        if (run !== this.run) return;
        this.sayIllegal(why);
        view.light(action.split(" ")[0], "mistake");
        this.frame();
      } else if (step.answers.includes(action)) {
        const { log } = /** @type {import("./shapes").ChoiceOption} */ (optionFor(this.state.table, action)); // the words of the move, from before it
        /** @type {Applied} */
        const result = await this.ask("apply", { action });
        if (run !== this.run) return;
        const text = this.builtText(step, action) || step.feedback[action] || step.correct;
        step.taken = action; // names the branch the later steps are on (builtText)
        this.stepIndex += 1;
        this.choices.hidden = true;
        this.record(step.seat, log, result.explanation, null, "right");
        this.say("right", null, [this.markup("", text)]);
        const hadFocus = this.root.contains(document.activeElement);
        this.showState(result.state, result.explanation);
        view.light(action.split(" ")[0], "best"); // the card played, lit where it landed
        this.frame();
        this.busy = false;
        await this.advance(run);
        if (hadFocus && run === this.run) this.refocus();
      } else {
        let words = this.builtText(step, action);
        if (words === null) { // no build-time text (a position kept from a review): the author's words
          /** @type {Explanation} */
          const facts = await this.ask("explain", { action });
          if (run !== this.run) return;
          const key = this.feedbackKey(step.feedback, action, facts);
          words = key ? step.feedback[key] : "";
        }
        this.say("retry", null, [this.markup("", words), el("p", "practice-retry", "Try again.")]);
        view.light(action.split(" ")[0], "mistake");
        this.frame();
      }
    } catch (err) {
      if (run === this.run) this.say("problem", `The engine could not answer: ${err instanceof Error ? err.message : undefined}`);
    } finally {
      if (run === this.run) {
        this.busy = false;
        this.renderTurn();
      }
    }
  }

  /** The table and the latest words (the prompt, the feedback, the choices) in view together,
   *  the page scrolled as little as that needs; when they cannot all fit, the words first. */
  frame() {
    if (!this.tableBox || !this.tableBox.isConnected) return;
    frame([this.tableBox, this.prompt, this.feedback, this.choices, this.swapRow].filter((node) => node && !node.hidden),
      [], { first: "end" });
  }

  /** After the table changed under the keyboard: the next card to choose, or the ending. */
  refocus() {
    this.busy = false;
    this.renderTurn();
    /** @type {HTMLElement | null} */
    const target = this.closing.hidden
      ? this.root.querySelector(".practice-live .hand-card.is-playable .card-button")
        || this.root.querySelector(".practice-live .card-button:not([disabled])")
      : this.closing.querySelector(".practice-end-title");
    if (target) target.focus({ preventScroll: true });
  }

  /** The feedback on `action` at `step` as one text, the build's (sitegen/practice_view.py:
   *  the author's words, then only the engine's facts they do not say, then the rule's link),
   *  on the branch the visitor's earlier answers took; null where the build wrote none (a
   *  position kept from a review, whose coach's words already say what the card does).
   *  @param {VisitorStep | ScriptedStep} step @param {string | null} [action] @returns {string | null} */
  builtText(step, action = null) {
    const steps = this.current ? this.current.steps : [];
    const at = steps.indexOf(step);
    const branch = steps.slice(0, at).map((s) => (s.visitor ? s.taken : null)).filter((s) => s !== null).join("|");
    if (!step.visitor) return (step.texts && step.texts[branch]) || null; // a scripted step's: its note and the facts not said
    const texts = step.texts && step.texts[branch];
    return (texts && action !== null && texts[action]) || null;
  }

  /** The author's feedback for a legal answer: by action, card, kind, then "other".
   *  @param {Record<string, string>} feedback @param {string} action @param {Explanation} facts */
  feedbackKey(feedback, action, facts) {
    const card = action.split(" ")[0];
    const kinds = (KINDS[this.game] || (() => []))(facts).flatMap((kind) => (kind ? [kind] : []));
    for (const key of [action, card, ...kinds, "other"]) {
      if (Object.prototype.hasOwnProperty.call(feedback, key)) return key;
    }
    return null;
  }

  finish() {
    const p = this.current;
    if (!p) return;
    progress.mark(p.id);
    this.renderMenu();
    this.prompt.textContent = "Position complete.";
    this.closing.replaceChildren();
    const title = el("h4", "practice-end-title", "Why");
    title.tabIndex = -1;
    this.closing.append(title, html("div", "practice-closing", p.closing));
    const rules = el("p", "practice-end-rules");
    rules.append(p.rules.length > 1 ? "Rules: " : "Rule: ");
    p.rules.forEach((r, i) => {
      if (i) rules.append(", ");
      const a = el("a", null, r.title);
      a.href = r.href;
      rules.append(a);
    });
    this.closing.append(rules);
    this.closing.hidden = false;
    const i = this.positions.indexOf(p);
    this.nextButton.hidden = i + 1 >= this.positions.length;
    this.renderTurn();
    if (this.acted) this.frame();
  }

  // ---- talking to the engine ----------------------------------------------------------------

  /** @template T @param {string} op @param {Record<string, unknown>} args @returns {Promise<T>} */
  ask(op, args) {
    return this.engine.request(op, { handle: this.handle, ...args });
  }

  // ---- drawing ------------------------------------------------------------------------------

  /** @param {number} seat */
  name(seat) {
    return (this.current && this.current.seat_names[seat]) || `Seat ${seat}`;
  }

  /** @param {Explanation | null} facts */
  engineWords(facts) {
    const text = nameSeats((facts && facts.text) || "", this.current?.seat_names, this.current?.team_names);
    if (!text) return null;
    return el("p", "practice-engine", text);
  }

  /** @param {string} lead @param {string | null} feedbackHtml */
  markup(lead, feedbackHtml) {
    const box = el("div", "practice-says");
    if (lead) box.append(el("strong", null, lead.trim()));
    if (feedbackHtml) box.append(html("div", null, feedbackHtml));
    return box;
  }

  /** @param {string} kind @param {string | null} text @param {(Node | null)[]} [parts] */
  say(kind, text, parts = []) {
    this.feedback.replaceChildren();
    this.feedback.dataset.kind = kind;
    // The verdict in a word, a colour and a sign (table-view.mjs), as the demo's answers.
    const verdict = VERDICT_OF[kind];
    if (verdict) {
      this.feedback.dataset.verdict = verdict[0];
      this.feedback.append(verdictBadge(...verdict));
    } else delete this.feedback.dataset.verdict;
    if (text) this.feedback.append(el("p", null, text));
    for (const part of parts) if (part) this.feedback.append(part);
  }

  /** A refused card: the engine's sentence (the card and the rule), then the rule's link.
   *  @param {Refusal} why */
  sayIllegal(why) {
    const p = el("p", "practice-illegal");
    p.append(el("strong", null, (why && (why.sentence || why.text)) || ""));
    const parts = [p];
    if (why && why.anchor) {
      const link = el("p", "practice-rule-link");
      const a = el("a", null, this.sectionTitle(why.anchor));
      a.href = `${this.data.rules_page}#${why.anchor}`;
      link.append("The rule: ", a, ". Nothing was played; choose another card.");
      parts.push(link);
    }
    this.say("illegal", null, parts);
  }

  /** @param {string} anchor */
  sectionTitle(anchor) {
    for (const p of this.positions) {
      for (const r of p.rules) if (r.anchor === anchor) return r.title;
    }
    return capital(anchor.replace(/-/g, " "));
  }

  /** One line in the log of what was played (`log`: the move's words, the engine's, after the
   *  seat's name). The visitor's own answer is said in full by the feedback beside the table,
   *  so its line names the move only; a move the position plays itself has its one text here
   *  (`textHtml`, the build's: the note, then the engine's facts that neither the note nor the
   *  table's caption says), or else its note and the engine's facts.
   *  @param {number} seat @param {string} log @param {Explanation} explanation @param {string | null} noteHtml
   *  @param {"auto" | "right"} kind @param {string | null} [textHtml] */
  record(seat, log, explanation, noteHtml, kind, textHtml = null) {
    const li = el("li", `practice-move is-${kind}`);
    const head = el("p", "practice-move-head");
    head.append(el("strong", null, this.name(seat)), ` ${log}.`);
    li.append(head);
    if (kind === "auto" && textHtml) li.append(html("div", "practice-note", textHtml));
    else if (kind === "auto") { // no build-time text: the note and the engine's own words
      if (noteHtml) li.append(html("div", "practice-note", noteHtml));
      const facts = this.engineWords(explanation);
      if (facts) li.append(facts);
    }
    this.log.append(li);
  }

  /** @param {EngineState} state @param {Explanation | null} [explanation] */
  showState(state, explanation) {
    this.state = state;
    this.liveBox?.classList.remove("is-waiting");
    this.staticBox.hidden = true;
    const step = this.step();
    this.view?.render(state.table, { legal: new Set(state.legal || []), turn: step && step.visitor ? step.seat : -1 });
    drawScore(this.scoreBox, state.table.score, null, { className: "practice-score-table" });
    const centre = state.table.centre;
    if (explanation && explanation.trick_complete && centre.complete && centre.words) {
      this.log.append(el("li", "practice-move is-trick", centre.words));
    }
    this.renderTurn();
  }

  /** Whose turn, which cards may be chosen, and the swap button. */
  renderTurn() {
    if (!this.current || !this.state) return;
    const step = this.step();
    const yourTurn = Boolean(step && step.visitor && this.handle !== null && !this.busy);
    const legal = new Set(this.state.legal || []);
    const legalCards = new Set([...legal].map((a) => a.split(" ")[0]));
    for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (this.root.querySelectorAll(".practice-live .card-button"))) {
      const seat = Number(button.dataset.seat);
      const active = yourTurn && seat === step?.seat;
      const playable = active && legalCards.has(button.dataset.card ?? "");
      button.disabled = !active;
      button.setAttribute("aria-disabled", playable ? "false" : "true");
      button.parentElement?.classList.toggle("is-playable", playable);
    }
    if (yourTurn && step) this.prompt.textContent = step.prompt;
    this.renderSwap(yourTurn ? step : null);
  }

  /** The swap, offered only while it is legal for the visitor (as the rules page says).
   *  @param {VisitorStep | ScriptedStep | null} step */
  renderSwap(step) {
    this.swapRow.replaceChildren();
    this.swapRow.hidden = true;
    const swap = step && this.state ? choicesFor(this.state.table, null) : null;
    if (!swap) return;
    const [option] = swap.options;
    const button = el("button", "practice-swap-button", option.label);
    button.type = "button";
    button.dataset.action = option.action;
    button.addEventListener("click", () => this.choose(option.action));
    this.swapRow.append(button);
    this.swapRow.hidden = false;
  }

  /** A card was picked: play it, or (Scopa) offer its legal captures when there are several.
   *  @param {string} code @param {number} seat */
  pickCard(code, seat) {
    const step = this.step();
    if (this.busy || !step || step.seat !== seat || !this.state) return;
    const choices = choicesFor(this.state.table, code);
    const options = choices ? choices.options : [];
    for (const b of /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll(".practice-live .card-button"))) {
      b.parentElement?.classList.toggle("is-selected", options.length > 1 && b.dataset.card === code);
    }
    if (!choices || options.length <= 1) {
      this.choices.hidden = true;
      this.choose(options.length ? options[0].action : code);
      return;
    }
    this.choices.replaceChildren();
    const label = el("p", "practice-choices-label", choices.question);
    label.id = `practice-choices-${this.current?.id}`;
    this.choices.setAttribute("aria-labelledby", label.id);
    this.choices.append(label);
    for (const option of options) {
      const button = el("button", "practice-capture", option.label);
      button.type = "button";
      button.dataset.action = option.action;
      button.addEventListener("click", () => this.choose(option.action));
      this.choices.append(button, " ");
    }
    const cancel = el("button", "practice-capture-cancel", "Choose another card");
    cancel.type = "button";
    cancel.addEventListener("click", () => {
      this.choices.hidden = true;
      for (const b of this.root.querySelectorAll(".practice-live .hand-card.is-selected")) {
        b.classList.remove("is-selected");
      }
      /** @type {HTMLElement | null} */
      const back = this.root.querySelector(`.practice-live .card-button[data-card="${code}"]`);
      if (back) back.focus();
    });
    this.choices.append(cancel);
    this.choices.hidden = false;
    part(this.choices, "button").focus();
  }

  /** Left and right arrows move between the cards of a hand.
   *  @param {KeyboardEvent} event */
  arrowKeys(event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (!target.classList || !target.classList.contains("card-button")) return;
    const hand = /** @type {Element} */ (target.closest(".hand"));
    const buttons = [.../** @type {NodeListOf<HTMLElement>} */ (hand.querySelectorAll(".card-button:not([disabled])"))];
    const i = buttons.indexOf(target);
    if (i < 0) return;
    const next = buttons[(i + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
    event.preventDefault();
    next.focus();
  }
}

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-practice]"))) {
  // At once, not when near: showing one position hides the others, and that must not move
  // the text below while someone reads it (a link to #scoring-a-deal lands after it).
  withData(root, root.querySelector(".practice-data"), (/** @type {PracticeData} */ data) => new Practice(root, data));
}
