// The practice table: positions the visitor finishes, with feedback on every card.
// The build (sitegen/practice.py) checked each position with the engine and wrote its record,
// the visitor's seats, the accepted answers and the author's feedback into a JSON data block.
// Here the engine worker judges every click: which cards are legal, what an illegal card
// breaks (its rule, in the engine's words), what a card does (`explain`), and it plays the
// scripted cards of the other seats. This module only draws and forwards.

import "./anchor.mjs"; // a link to a section lands on it while this component starts
import { getEngine, mountStatus, startWhenNear } from "./engine-client.mjs";
import { choicesFor, optionFor, part, withData } from "./table.mjs";
import { drawScore } from "./table-panels.mjs";
import { TableController } from "./table-controller.mjs";
import { el, html, reducedMotion, sleep, storage } from "./util.mjs";
import { PracticeWords } from "./practice-words.mjs";
import { forgetPosition, keptPositions } from "./coach.mjs";
import { frame } from "./frame.mjs";
import { takeOver } from "./early.mjs";
import { EarlyCard } from "./practice-early.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine").PracticePosition} Position */
/** @typedef {import("./engine").VisitorStep} VisitorStep */
/** @typedef {import("./engine").ScriptedStep} ScriptedStep */
/** @typedef {import("./shapes").Explanation} Explanation */
/** @typedef {{state: EngineState, explanation: Explanation}} Applied "apply"'s answer */
/** @typedef {import("./practice-words.mjs").PracticeData} PracticeData */
/** @typedef {import("./shapes").Refusal} Refusal */
/** @typedef {import("./table-view.mjs").TableView} TableView */
/** @typedef {import("./table-events.mjs").ChoicePicker} ChoicePicker */

const STORE = "practice:v1:";
const SLOW = 700;          // milliseconds between scripted cards

/** The positions done on this device. */
const progress = {
  /** @param {string} id */
  done(id) {
    try { return storage()?.getItem(STORE + id) === "done"; } catch { return false; }
  },
  /** @param {string} id */
  mark(id) {
    try { storage()?.setItem(STORE + id, "done"); } catch { /* storage full or blocked */ }
  },
  /** @param {string} id */
  clear(id) {
    try { storage()?.removeItem(STORE + id); } catch { /* storage blocked */ }
  },
};

class Practice extends PracticeWords {
  /** @param {HTMLElement} root @param {PracticeData} data */
  constructor(root, data) {
    super(data);
    this.root = root;
    this.engine = getEngine(root);
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
    /** @type {TableController | null} the live table, driven over the position shown */
    this.table = null;
    /** @type {TableView | null} its renderer */
    this.view = null;
    this.scoreBox = el("div");
    this.tableBox = el("div");
    this.prompt = el("p");
    this.swapRow = el("p");
    this.choices = el("div");
    /** @type {ChoicePicker | null} the question which capture (buildLive makes it) */
    this.picker = null;
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
    this.early = new EarlyCard(this.engine); // a card pressed before the table is set up
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
      if (this.liveBox && this.liveBox.classList.contains("is-waiting")) this.prompt.textContent = _("Setting up the table…");
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
      const section = el("section", { class: "practice-position practice-kept", id: `practice-${p.id}`,
        "data-position": p.id, "aria-labelledby": `practice-${p.id}-title`, hidden: true });
      const title = el("h3", { id: `practice-${p.id}-title` });
      title.append(el("span", { class: "practice-number", text: `${this.positions.length + 1}.` }), ` ${p.title}`);
      const rules = el("p", { class: "practice-rules", text: `${_("Rules:")} ` });
      p.rules.forEach((r, i) => {
        const a = el("a", { href: r.href, text: r.title });
        rules.append(...(i ? [", ", a] : [a]));
      });
      const written = el("div", { class: "practice-static" });
      written.append(el("p", { class: "practice-fact", text: _("The table comes as soon as the game engine is ready.") }));
      const live = el("div", { class: "practice-live", hidden: true });
      section.append(title, html("div", "practice-question", p.question), rules, written, live);
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
      const button = el("button", { type: "button", class: "practice-go" });
      button.dataset.go = p.id;
      button.append(el("span", { class: "practice-go-number", text: `${i + 1}.` }), ` ${p.title}`);
      const mark = el("span", { class: "practice-done-mark" });
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
      part(button, ".practice-done-mark").textContent = finished ? ` ${_("(done)")}` : "";
      if (this.current && this.current.id === id) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
    this.progressText.textContent = _("{done} of {n} done.", { done, n: this.positions.length });
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
    const table = el("div", { class: `card-table practice-table game-${this.game}`, "data-table": "", role: "group", "aria-label": _("The card table") });
    this.scoreBox = el("div", { class: "play-scores practice-score" });
    this.tableBox = table;

    this.prompt = el("p", { class: "practice-prompt" });
    this.swapRow = el("p", { class: "practice-swap", hidden: true });
    this.choices = el("div", { class: "practice-choices", role: "group", hidden: true });
    this.feedback = el("div", { class: "practice-feedback", role: "status", "aria-live": "polite" });
    // The other seats' scripted cards and each trick's count are announced as they come.
    this.log = el("ol", { class: "practice-log", "aria-label": _("What has been played"), "aria-live": "polite", "aria-relevant": "additions" });
    this.closing = el("div", { class: "practice-end", hidden: true });
    // The table, driven over the controller's source interface (table-controller.mjs): the
    // position's state, the visitor's seat at its step, the visitor's choice judged here. A
    // card pressed is played, or (Scopa) its captures are asked about when there are several;
    // the question stays open beside the feedback until the right one is taken.
    const controller = this.table = new TableController(table, {
      state: () => this.state,
      seats: () => {
        const step = this.step();
        return step && step.visitor && this.handle !== null && !this.busy ? [step.seat] : [];
      },
      choose: (action) => {
        if (this.busy) return;
        controller.picker?.close();
        this.choose(action);
      },
      several: (_actions, card) => {
        const choices = this.state && !this.busy ? choicesFor(this.state.table, card) : null;
        if (choices) controller.picker?.offer(choices);
      },
    }, {
      interactive: p.seats,
      picker: { box: this.choices, look: "practice", id: `practice-choices-${p.id}`, hands: live, keep: true, choose: (action) => this.choose(action) },
    });
    this.view = controller.view;
    this.picker = controller.picker;
    const actions = el("p", { class: "practice-actions" });
    this.resetButton = el("button", { type: "button", class: "practice-reset", text: _("Start this position again") });
    this.resetButton.addEventListener("click", () => this.reset());
    this.nextButton = el("button", { type: "button", class: "practice-next", text: _("Next position"), hidden: true });
    this.nextButton.addEventListener("click", () => {
      const i = this.current ? this.positions.indexOf(this.current) : -1;
      if (i + 1 < this.positions.length) this.show(this.positions[i + 1].id, { focus: true });
    });
    // Under Save-Data the engine waits for a press: this is the press.
    const startButton = this.startButton = el("button", { type: "button", class: "practice-start", text: _("Play this position") });
    startButton.hidden = this.engine.status !== "idle";
    startButton.addEventListener("click", () => {
      startButton.hidden = true;
      this.engine.start();
    });
    actions.append(startButton, " ", this.resetButton, " ", this.nextButton);
    if (p.kept) {
      const forget = el("button", { type: "button", class: "practice-forget", text: _("Forget this position") });
      forget.addEventListener("click", () => this.forget(p));
      actions.append(" ", forget);
    }
    this.prompt.textContent = this.engine.status === "failed"
      ? _("The game engine could not load, so this position cannot be played here.")
      : this.engine.status === "idle" ? _("The table starts when you press Play this position.")
        : _("Setting up the table…");
    live.append(table, this.scoreBox, this.prompt, this.swapRow, this.choices, this.feedback, this.log,
      this.closing, actions);
    live.hidden = false;
    // Until the engine has set the table up, the written version stays (and stays if the
    // engine cannot load at all).
    live.classList.add("is-waiting");
    part(section, ".practice-static").hidden = false;
    this.liveBox = live;
    this.staticBox = part(section, ".practice-static");
    this.early.forget();
    this.early.watch(this.staticBox, p.seats, () => this.current === p && live.classList.contains("is-waiting"), () => this.prompt);
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
      if (run === this.run) this.say("problem", _("The engine could not set up this position: {error}", { error: err instanceof Error ? err.message : "" }));
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
    this.positions.splice(this.positions.indexOf(p), 1);
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
        this.picker?.close();
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
        this.say("retry", null, [this.markup("", words), el("p", { class: "practice-retry", text: _("Try again.") })]);
        view.light(action.split(" ")[0], "mistake");
        this.frame();
      }
    } catch (err) {
      if (run === this.run) this.say("problem", _("The engine could not answer: {error}", { error: err instanceof Error ? err.message : "" }));
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

  finish() {
    const p = this.current;
    if (!p) return;
    progress.mark(p.id);
    this.renderMenu();
    this.prompt.textContent = _("Position complete.");
    this.closing.replaceChildren();
    const title = el("h4", { class: "practice-end-title", text: _("Why") });
    title.tabIndex = -1;
    this.closing.append(title, html("div", "practice-closing", p.closing));
    const rules = el("p", { class: "practice-end-rules" });
    rules.append(`${p.rules.length > 1 ? _("Rules:") : _("Rule:")} `);
    p.rules.forEach((r, i) => {
      if (i) rules.append(", ");
      const a = el("a", { text: r.title });
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

  /** @param {EngineState} state @param {Explanation | null} [explanation] */
  showState(state, explanation) {
    this.state = state;
    this.liveBox?.classList.remove("is-waiting");
    this.staticBox.hidden = true;
    const step = this.step();
    this.table?.show({ turn: step && step.visitor ? step.seat : -1 });
    drawScore(this.scoreBox, state.table.score, null, { className: "practice-score-table" });
    const centre = state.table.centre;
    if (explanation && explanation.trick_complete && centre.complete && centre.words) {
      this.log.append(el("li", { class: "practice-move is-trick", text: centre.words }));
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
    this.table?.listen();
    if (yourTurn && step) this.prompt.textContent = step.prompt;
    this.renderSwap(yourTurn ? step : null);
    if (yourTurn) this.early.play(this.liveBox);
  }

  /** The swap, offered only while it is legal for the visitor (as the rules page says).
   *  @param {VisitorStep | ScriptedStep | null} step */
  renderSwap(step) {
    this.swapRow.replaceChildren();
    this.swapRow.hidden = true;
    const swap = step && this.state ? choicesFor(this.state.table, null) : null;
    if (!swap) return;
    const [option] = swap.options;
    const button = el("button", { type: "button", class: "practice-swap-button", "data-action": option.action, text: option.label });
    button.addEventListener("click", () => this.choose(option.action));
    this.swapRow.append(button);
    this.swapRow.hidden = false;
  }
}

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-practice]"))) {
  // At once, not when near: showing one position hides the others, and that must not move
  // the text below while someone reads it (a link to #scoring-a-deal lands after it).
  withData(root, root.querySelector(".practice-data"), (/** @type {PracticeData} */ data) => {
    new Practice(root, data);
    takeOver(root);
  });
}
