// The demo deal player: a recorded deal, move by move, on the card table.
// The record and the author's notes come from a JSON file written by the build (sitegen/demo.py,
// named by .demo-data's data-src); the engine worker replays it and explains every move; this module only
// draws what the engine answers and forwards the visitor's presses.

import "./anchor.mjs"; // a link to a section lands on it while this component starts
import { getEngine, keepEarlyPresses, markPressesWhileStarting, mountStatus, startWhenNear } from "./engine-client.mjs";
import { cardImage, withData } from "./table.mjs";
import { TableController } from "./table-controller.mjs";
import { verdictBadge } from "./table-view.mjs";
import { drawScore } from "./table-panels.mjs";
import { el, html, reducedMotion } from "./util.mjs";
import { frame } from "./frame.mjs";
import { _, pgettext } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {{words: string, html: string, mark: string}} AskChoice a choice at a question, with its verdict */
/** @typedef {{seat: number, question_html: string, choices: Record<string, AskChoice>}} Ask the author's question before a move */
/** @typedef {{text_html?: string, ask?: Ask}} DemoMove */
/** @typedef {{seat: number, hidden: string, open: string, cards: string[]}} NextWords who plays next, in the build's words */
/**
 * The demo's data file (sitegen/demo.py).
 * @typedef {object} DemoData
 * @property {import("./engine").EngineRecord & {game: string}} record
 * @property {string[]} seat_names
 * @property {string[]} team_names
 * @property {DemoMove[]} moves
 * @property {(NextWords | null)[]} [next]
 * @property {string} [final]
 * @property {number} speed
 * @property {number} you
 */

class DemoPlayer {
  /** @param {HTMLElement} root @param {DemoData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.names = this.data.seat_names;
    this.teams = this.data.team_names;
    this.game = this.data.record.game;
    /** @type {Map<number, string>} asked move's index -> the visitor's choice there */
    this.answers = new Map();
    this.total = this.data.moves.length;
    this.engine = getEngine(root);
    /** @type {number | null} */
    this.handle = null;
    /** @type {EngineState | null} */
    this.state = null;
    /** @type {number | null} null: every hand open; a seat: that seat's view only */
    this.view = null;
    this.playing = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    /** An element of the component's markup (templates/components/demo.html), there or not.
     *  @param {string} selector @returns {HTMLElement | null} */
    const maybe = (selector) => root.querySelector(selector);
    /** An element the component's markup always has. @param {string} selector */
    const must = (selector) => /** @type {HTMLElement} */ (maybe(selector));
    this.el = {
      table: must("[data-table]"),
      text: must("[data-text]"),
      next: must("[data-next]"),
      narration: must("[data-narration]"),
      position: maybe("[data-position]"),
      play: maybe('[data-action="play"]'),
      back: maybe('[data-action="back"]'),
      forward: maybe('[data-action="forward"]'),
      restart: maybe('[data-action="restart"]'),
      speed: /** @type {HTMLSelectElement | null} */ (maybe('[data-control="speed"]')),
      oneSeat: /** @type {HTMLInputElement | null} */ (maybe('[data-control="one-seat"]')),
      status: maybe(".engine-status"),
      ask: maybe("[data-ask]"),
      scoreTable: must("[data-scores]"),
      frame: must("[data-frame]"),
      board: maybe(".demo-board"),
      commentary: maybe("[data-commentary]"),
    };
    // After the visitor's press the stage is framed on every step (frame); a scroll of their
    // own (wheel, touch) lets the page be until their next press.
    this.framing = false;
    for (const type of ["wheel", "touchmove"]) {
      window.addEventListener(type, () => { this.framing = false; }, { passive: true });
    }
    // The table: the engine's description drawn by the one renderer (table-view.mjs) that the
    // games, the replay and the coach use; until the engine answers, the build's drawing of the
    // same description stays.
    // Driven over the controller's source interface (table-controller.mjs): the recorded deal's
    // state, and at a question the mover's cards, which can be chosen on the table too (their
    // pictures: the demo's hands are not buttons).
    this.table = new TableController(root, {
      state: () => this.state,
      seats: () => {
        const ask = this.question();
        return ask ? [ask.seat] : [];
      },
      choose: (action) => this.cardChoices([action]),
      several: (actions) => this.cardChoices(actions),
    }, { cards: "[data-hand] img[data-card]" });
    this.tableView = this.table.view;
    this.root.classList.add("is-live");
    mountStatus(this.el.status, this.engine);
    startWhenNear(root, this.engine, [this.el.play, this.el.forward].filter((b) => b !== null));
    // A press while the engine starts waits in the queue: its button says so meanwhile.
    markPressesWhileStarting(root, this.engine, ".demo-controls button[data-action]");
    this.engine.addEventListener("failed", () => this.stop());
    // Open the record as soon as the engine is up, so pressing play costs one step only.
    this.engine.addEventListener("ready", () => this.enqueue(async () => {
      if (this.handle === null) this.show(await this.ask("state"));
    }));
    this.bind();
    // Until the engine is ready, the table shows the deal as the build drew it.
    this.renderNext({ over: false, index: 0 });
    this.renderPosition(0, this.total);
    this.renderButtons();
  }

  bind() {
    /** @param {HTMLElement | null} el @param {() => void} fn */
    const on = (el, fn) => el && el.addEventListener("click", () => {
      if (el.getAttribute("aria-disabled") !== "true") {
        this.framing = true;
        fn();
      }
    });
    on(this.el.play, () => this.togglePlay());
    on(this.el.forward, () => { this.stop(); this.step(+1); });
    on(this.el.back, () => { this.stop(); this.step(-1); });
    on(this.el.restart, () => { this.stop(); this.answers.clear(); this.goTo(0); });
    const oneSeat = this.el.oneSeat;
    if (oneSeat) {
      oneSeat.addEventListener("change", () => {
        this.view = oneSeat.checked ? this.data.you : null;
        if (this.handle === null && this.engine.status !== "ready") {
          this.engine.start(); // the seat's view is the engine's to say
          return;
        }
        this.enqueue(async () => this.show(await this.ask("state", { view: this.view })));
      });
    }
    this.root.addEventListener("keydown", (event) => this.key(event));
    // The deck chosen (cards.mjs): the pictures swap at once; the table's words (its caption,
    // the trump's name, the seats' tags), the engine's, are asked for again in the new deck's
    // names, at the same move (engine-client.mjs sends the deck). The move's text and a lit
    // card stay as they are.
    document.addEventListener("cards:deck", () => {
      if (this.handle === null) return;
      this.enqueue(async () => {
        if (this.handle === null || !this.state) return;
        /** @type {EngineState} */
        const fresh = await this.ask("state", { view: this.view });
        this.state = fresh;
        this.table.show();
        drawScore(this.el.scoreTable, fresh.table.score, null);
      });
    });

  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const tag = /** @type {Element} */ (event.target).tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA" || tag === "A") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ([" ", "ArrowRight", "ArrowLeft", "Home", "End"].includes(event.key)) this.framing = true;
    if (event.key === " " && tag !== "BUTTON") {
      event.preventDefault();
      this.togglePlay();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      this.stop();
      this.step(+1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      this.stop();
      this.step(-1);
    } else if (event.key === "Home") {
      event.preventDefault();
      this.stop();
      this.goTo(0);
    } else if (event.key === "End") {
      event.preventDefault();
      this.stop();
      this.goTo(this.total);
    }
  }

  /** @param {() => unknown} task */
  enqueue(task) {
    this.queue = this.queue.then(task).catch((err) => {
      this.stop();
      if (err && err.kind === "unavailable") return; // the status panel says it
      this.el.text.textContent = _("The engine could not do that: {error}", { error: err && err.message });
    });
    return this.queue;
  }

  /** The engine's answer to `op` on the demo's record (opened first, if it is not yet).
   *  @param {string} op @param {Record<string, unknown>} [args] @returns {Promise<EngineState>} */
  async ask(op, args = {}) {
    if (this.handle === null) {
      // The record opens where the first step goes (`at`), seen as `this.view`: a press of
      // Play or Next before the engine is ready gets move 1 in the same answer, one trip
      // through the worker, not two; so does the state asked for at ready.
      const step = op === "step_to" && Number.isInteger(args.index);
      /** @type {Loaded} */
      const loaded = await this.engine.request("load", {
        record: this.data.record, view: this.view, seat_names: this.names, side_names: this.teams,
        at: step ? args.index : 0,
      });
      this.handle = loaded.handle;
      if (op === "load" || op === "state" || step) return loaded.state;
    }
    return this.engine.request(op, { handle: this.handle, ...args });
  }

  index() {
    return this.state ? this.state.index : 0;
  }

  /** @param {number} delta */
  step(delta) {
    return this.enqueue(async () => {
      const target = Math.min(this.total, Math.max(0, this.index() + delta));
      if (this.state && target === this.index()) return;
      this.show(await this.ask("step_to", { index: target }));
    });
  }

  /** @param {number} index */
  goTo(index) {
    return this.enqueue(async () => this.show(await this.ask("step_to", { index })));
  }

  togglePlay() {
    if (this.playing) this.stop();
    else this.play();
  }

  play() {
    performance.mark("demo-play");
    this.playing = true;
    this.renderButtons();
    if (this.engine.status === "failed") this.engine.retry();
    this.enqueue(async () => {
      if (this.index() >= this.total) this.show(await this.ask("step_to", { index: 0 }));
    });
    this.tick();
  }

  tick() {
    if (!this.playing) return;
    this.step(+1).then(() => {
      if (!this.playing) return;
      if (this.index() >= this.total) {
        this.stop();
        return;
      }
      if (this.question() && !this.answers.has(this.index())) {
        // "What would you play?": the demo waits for the visitor's card (or Next, or Play).
        this.stop();
        this.frame();
        this.narrate(`${_("What would you play?")} ${this.el.ask?.querySelector(".demo-ask-question")?.textContent}`);
        return;
      }
      const speed = Number(this.el.speed ? this.el.speed.value : 1) || 1;
      this.timer = setTimeout(() => this.tick(), this.data.speed / speed);
    });
  }

  stop() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.renderButtons();
  }

  // ---- drawing --------------------------------------------------------------------------

  /** @param {EngineState} state */
  show(state) {
    this.state = state;
    this.tableView.unlight();
    this.table.show();
    drawScore(this.el.scoreTable, state.table.score, null);
    this.renderCommentary(state);
    this.renderAsk(state);
    this.renderPosition(state.index, state.length);
    this.renderButtons();
    if (this.framing) this.frame();
    performance.mark(`demo-shown-${state.index}`);
  }

  /** The stage in view: the buttons, the whole table and the latest words (the move's text,
   *  who plays next, or the question) together on the screen, the page scrolled as little as
   *  that needs; taller than the screen, the buttons and the table come first. */
  frame() {
    const asking = this.el.ask && !this.el.ask.hidden;
    const controls = this.el.frame.querySelector(".demo-controls");
    frame([controls, this.el.board, asking ? this.el.ask : this.el.commentary], [], { smooth: !reducedMotion() });
  }

  /** @param {EngineState} state */
  renderCommentary(state) {
    const last = state.last;
    if (!last) {
      this.el.text.replaceChildren(el("p", {}, _("The deal is dealt. Press Play to watch it, or Next to go one move at a time.")));
      this.renderNext(state);
      this.narrate(`${_("Back to the start of the deal.")} ${this.nextWords(state)}`);
      return;
    }
    const move = this.data.moves[last.index] || {};
    this.el.text.innerHTML = move.text_html || ""; // written by the build
    this.renderNext(state);
    let spoken = this.el.text.textContent;
    if (state.over) spoken += ` ${this.finalWords()}`;
    this.narrate(spoken);
  }

  /** Who plays next (the build's words), all the cards allowed unless that hand is hidden.
   *  @param {{index: number}} state */
  nextWords(state) {
    const next = (this.data.next || [])[state.index];
    if (!next) return "";
    return this.view !== null && this.view !== next.seat ? next.hidden : next.open;
  }

  /** @param {{over: boolean, index: number}} state */
  renderNext(state) {
    const el = this.el.next;
    el.replaceChildren();
    if (state.over) {
      el.textContent = this.finalWords();
      el.classList.add("is-final");
      el.hidden = false;
      return;
    }
    el.classList.remove("is-final");
    const words = this.nextWords(state);
    el.hidden = !words;
    el.append(words);
    const next = (this.data.next || [])[state.index];
    if (!next || (this.view !== null && this.view !== next.seat)) return;
    const row = document.createElement("span");
    row.className = "next-cards";
    row.setAttribute("aria-hidden", "true");
    for (const card of next.cards) row.append(cardImage(card, { width: 28 }));
    el.append(row);
  }

  finalWords() {
    return this.data.final || _("The deal is over.");
  }

  // ---- "what would you play?" -------------------------------------------------------------

  /** The question asked before the next move, if the author asked one there. */
  question() {
    const state = this.state;
    if (!state || state.over) return null;
    const move = this.data.moves[state.index];
    return move && move.ask ? move.ask : null;
  }

  /** The question before an asked move, with every legal move to choose; after a choice its
   *  feedback (the engine's, written at build time); once the move is played, the choice and
   *  its feedback stay beside the author's note.
   *  @param {EngineState} state */
  renderAsk(state) {
    const box = this.el.ask;
    if (!box) return;
    box.replaceChildren();
    const ask = this.question();
    // At a question, the mover's cards on the table can be chosen too (table-events.mjs).
    this.table.listen();
    const playedIndex = state.last ? state.last.index : null;
    const after = playedIndex !== null && this.answers.has(playedIndex) ? this.data.moves[playedIndex].ask : null;
    this.el.table.classList.toggle("is-asking", Boolean(ask && !this.answers.has(state.index)));
    this.el.next.hidden = this.el.next.hidden || Boolean(ask); // the choices say it
    if (!ask && !after) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    if (after && playedIndex !== null) {
      const choice = after.choices[/** @type {string} */ (this.answers.get(playedIndex))];
      const feedback = html("div", "demo-ask-feedback", choice.html);
      feedback.dataset.verdict = choice.mark;
      feedback.prepend(verdictBadge(choice.mark));
      box.append(el("p", { class: "label" }, _("Your choice:"), " ", el("strong", {}, choice.words)), feedback);
      return;
    }
    const index = state.index;
    const chosen = this.answers.get(index);
    box.append(el("p", { class: "label demo-ask-title" }, _("What would you play?")));
    if (chosen && ask) {
      // Answered: the choice and its verdict, the feedback, and the ways on (the question,
      // read already, gives its room to the feedback, so the table stays in view with it).
      const choice = ask.choices[chosen];
      const mine = el("p", { class: "demo-ask-chosen" }, _("Your choice:"), " ", el("strong", { class: "demo-ask-words" }, choice.words));
      mine.dataset.choice = chosen;
      const feedback = html("div", "demo-ask-feedback", choice.html);
      feedback.dataset.mark = choice.mark;
      feedback.dataset.verdict = choice.mark;
      feedback.prepend(verdictBadge(choice.mark));
      feedback.setAttribute("role", "status");
      // The card the answer plays, lit on the table with the same verdict.
      const card = chosen.split(" ")[0];
      if (card !== "swap") this.tableView.light(card, choice.mark);
      const go = el("button", { type: "button", class: "demo-ask-continue", "data-action": "ask-continue" }, _("See the move played"));
      go.addEventListener("click", () => { this.framing = true; this.stop(); this.step(+1); });
      const again = el("button", { type: "button", class: "demo-ask-again", "data-action": "ask-again" }, _("Choose another card"));
      again.addEventListener("click", () => {
        this.answers.delete(index);
        this.tableView.unlight();
        if (this.state) this.renderAsk(this.state);
        /** @type {HTMLElement | null} */
        const first = box.querySelector(".demo-ask-choice");
        if (first) first.focus({ preventScroll: true });
      });
      box.append(mine, feedback, el("p", { class: "demo-ask-next" }, go, " ", again));
      return;
    }
    if (!ask) return;
    box.append(html("div", "demo-ask-question", ask.question_html));
    const list = el("ul", { class: "demo-ask-choices", "aria-label": _("{seat}’s choices", { seat: this.names[ask.seat] }) });
    const legal = state.legal.filter((a) => a in ask.choices);
    for (const action of legal) {
      const button = el("button", { type: "button", class: "demo-ask-choice", "data-choice": action });
      for (const card of action.split(" ").filter((c) => c !== "x" && c !== "swap")) button.append(cardImage(card, { width: 28 }));
      button.append(el("span", { class: "demo-ask-words" }, ask.choices[action].words));
      button.addEventListener("click", () => this.choose(index, action));
      list.append(el("li", {}, button));
    }
    box.append(list, el("p", { class: "demo-ask-help" }, _("Choose a card (on the table or here), or press Next to see the move played.")));
  }

  /** @param {number} index @param {string} action */
  choose(index, action) {
    if (!this.state || this.state.index !== index) return;
    this.stop();
    this.framing = true;
    this.answers.set(index, action);
    this.renderAsk(this.state);
    this.frame();
    const ask = this.data.moves[index].ask;
    const feedback = this.el.ask?.querySelector(".demo-ask-feedback");
    this.narrate(feedback ? feedback.textContent ?? "" : "");
    /** @type {HTMLElement | null | undefined} */
    const go = this.el.ask?.querySelector("[data-action=ask-continue]");
    if (go && ask) go.focus({ preventScroll: true });
  }

  /** A card of the mover's hand pressed at a question: that card's move (`actions`, its legal
   *  moves), or the choices again, the first focused, when it plays in more than one way (the
   *  captures of Scopa, whose choices say each one).
   *  @param {string[]} actions */
  cardChoices(actions) {
    const ask = this.question();
    if (!this.state || !ask) return;
    const asked = actions.filter((a) => a in ask.choices);
    if (asked.length === 1) {
      this.choose(this.state.index, asked[0]);
      return;
    }
    if (!asked.length) return;
    this.answers.delete(this.state.index); // the card's captures to choose from, again
    this.renderAsk(this.state);
    /** @type {HTMLElement | null | undefined} */
    const button = this.el.ask?.querySelector(`button[data-choice="${asked[0]}"]`);
    if (button) button.focus({ preventScroll: true });
  }

  /** @param {string} text */
  narrate(text) {
    this.el.narration.textContent = text;
  }

  /** @param {number} index @param {number} length */
  renderPosition(index, length) {
    if (this.el.position) this.el.position.textContent = _("Move {n} of {total}", { n: index, total: length });
  }

  renderButtons() {
    const index = this.index();
    /** @param {HTMLElement | null} el @param {boolean} disabled */
    const set = (el, disabled) => el && el.setAttribute("aria-disabled", disabled ? "true" : "false");
    set(this.el.back, index === 0);
    set(this.el.restart, index === 0);
    set(this.el.forward, index >= this.total);
    if (this.el.play) {
      this.el.play.textContent = this.playing ? pgettext("playback", "Pause") : index >= this.total ? pgettext("playback", "Play again") : pgettext("playback", "Play");
    }
  }
}

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-demo]"))) {
  const pressAgain = keepEarlyPresses(root);
  withData(root, root.querySelector(".demo-data"), (/** @type {DemoData} */ data) => {
    new DemoPlayer(root, data);
    pressAgain();
  });
}

export { DemoPlayer };
