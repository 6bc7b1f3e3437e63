// The guided first game ([[guided: game]], sitegen/guided.py): a real deal against the
// computer at its gentlest level, with the coach at the learner's shoulder. It is a source for
// the page controller (table-controller.mjs), like the game against the computer
// (play-table.mjs): the engine deals (`new`), plays the computer's cards (`bot`) and takes the
// learner's (`apply`); after every move the engine's `guide` op says what the coach says now
// (engine/coach/guide.py), and this module only draws it:
// - on the learner's turn, the playable cards lifted (only those) and the coach's card lit
//   (table-view.mjs light, "hint": a word, a colour and a sign), its reason in one sentence;
// - each computer card explained in words as it lands, from public facts only;
// - each idea introduced once, in a callout, when it first applies;
// - the learner's card marked (a word, a colour and a sign), with a word when it was costly:
//   any legal card may be played, none is refused.
// The deal ends in the coach's review (deal-review.mjs's panel, opened at once). The computer
// plays at the visitor's pace (progress.mjs: the same choice as the play table's).

import { takeOver } from "./early.mjs";
import { EngineError, getEngine, madeWhenDataComes, markPressesWhileStarting, mountStatus, startWhenNear } from "./engine-client.mjs";
import { drawSwap, withData } from "./table.mjs";
import { TableScreen } from "./table-screen.mjs";
import { TableController } from "./table-controller.mjs";
import { verdictBadge } from "./table-view.mjs";
import { showGameEnd } from "./deal-end.mjs";
import { reviewPanel } from "./deal-review.mjs";
import { frame } from "./frame.mjs";
import { el, sleep } from "./util.mjs";
import { paceMs } from "./progress.mjs";
import { _, pgettext } from "./words.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").Loaded} Loaded */
/** @typedef {import("./engine").Applied} Applied */
/** @typedef {import("./engine").GuideAnswer} GuideAnswer */
/** @typedef {import("./engine").PlayData & {level: string, options: Record<string, unknown>}} GuidedData the page's data (sitegen/guided.py) */
/** @typedef {import("./table-events.mjs").ChoicePicker} ChoicePicker */

const YOU = 0;

/** What each mark of the learner's card says, beside its badge. */
const YOUR_MARK = {
  best: _("Your card was the expert’s choice."),
  good: _("Your card was nearly as good as the expert’s."),
};

export class GuidedGame {
  /** @param {HTMLElement} root @param {GuidedData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.game = data.game;
    this.rules = data.rules[this.game];
    this.engine = getEngine(root);
    this.handle = /** @type {number | null} */ (null);
    this.state = /** @type {EngineState | null} */ (null);
    this.busy = false;
    this.token = 0;
    this.params = new URLSearchParams(window.location.search);
    this.names = data.seat_names[data.default_players[this.game]];
    /** how many of the guide's `landed` since the learner's last move are drawn */
    this.landedShown = 0;
    /** whether the learner's last card has its mark drawn */
    this.markShown = false;
    this.screen = new TableScreen(root);
    const find = (/** @type {string} */ s) => /** @type {HTMLElement} */ (root.querySelector(s));
    this.box = {
      newGame: /** @type {HTMLButtonElement} */ (find('[data-action="new"]')),
      swap: /** @type {HTMLButtonElement} */ (find('[data-action="swap"]')),
      coach: find("[data-coach]"),
      yourCard: find("[data-your-card]"),
      ideas: find("[data-ideas]"),
      landedBox: find("[data-landed-box]"),
      landed: find("[data-landed]"),
      end: find("[data-end]"),
      choices: find("[data-choices]"),
      table: find("[data-table]"),
    };
    root.classList.add("is-live");
    this.screen.el.live.hidden = false;
    for (const p of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".play-nojs"))) p.hidden = true;
    mountStatus(this.screen.el.status, this.engine);
    this.table = new TableController(root, {
      state: () => this.state,
      seats: () => (this.mayPlay() ? [YOU] : []),
      choose: (action) => this.play(action),
      wait: () => {
        if (this.state && !this.busy && !this.state.over) this.screen.prompt(_("Wait for your turn: {waiting}", { waiting: this.state.table.waiting_words }));
      },
    }, {
      interactive: true,
      picker: { box: this.box.choices, hands: root, narrate: (text) => this.screen.narrate(text), choose: (action) => this.play(action) },
    });
    this.picker = /** @type {ChoicePicker} */ (this.table.picker);
    this.box.newGame.addEventListener("click", () => this.newGame());
    this.box.swap.addEventListener("click", () => this.play("swap"));
    this.screen.prompt(_("Press Start the guided game to deal. The coach plays beside you."));
    startWhenNear(root, this.engine, [this.box.newGame]);
    markPressesWhileStarting(root, this.engine, '[data-action="new"]');
  }

  /** @returns {Promise<void>} */
  whenReady() {
    if (this.engine.status === "ready") return Promise.resolve();
    if (this.engine.status === "idle") this.engine.start();
    return new Promise((resolve) => this.engine.addEventListener("ready", () => resolve(), { once: true }));
  }

  mayPlay() {
    const state = this.state;
    return Boolean(state && state.to_play === YOU && !state.over && !this.busy);
  }

  /** @param {unknown} err */
  failed(err) {
    this.busy = false;
    this.show();
    if (err instanceof EngineError && err.kind === "unavailable") return; // the status panel says it
    this.screen.prompt(_("The engine could not do that: {error}", { error: String((err instanceof Error && err.message) || err) }));
  }

  show() {
    if (!this.state) return;
    this.table.show({ turn: this.mayPlay() ? YOU : -1 });
    this.screen.scores(this.state.table, this.rules);
    drawSwap(this.box.swap, this.state.table, this.mayPlay());
  }

  /** The table and the latest words in view together; on a screen too short for both (a
   *  phone, four seats), the words and the learner's hand at the table's foot come first. */
  frame() {
    const words = [this.screen.el.last, this.box.landedBox, this.screen.el.prompt, this.box.yourCard, this.box.coach];
    frame([this.box.table, ...words.filter((e) => !e.hidden)], [this.box.ideas], { first: "end" });
  }

  newGame() {
    const token = ++this.token;
    this.busy = true;
    this.box.newGame.textContent = _("Start again");
    this.box.end.hidden = true;
    this.clearWords();
    this.box.ideas.replaceChildren();
    this.screen.prompt(_("Shuffling and dealing…"));
    this.run(async () => {
      await this.whenReady();
      if (token !== this.token) return;
      if (this.handle !== null) await this.engine.request("drop", { handle: this.handle });
      this.handle = null;
      // ?seed= is the tests' hook for a known deal; otherwise the engine shuffles in secret.
      const seed = Number.parseInt(this.params.get("seed") ?? "", 10);
      // One deal, at the game's usual number of players (sitegen/guided.py, from GameInfo).
      const options = this.data.options;
      /** @type {Loaded} */
      const started = await this.engine.request("new", {
        game: this.game, seat: YOU, ...(Number.isInteger(seed) && seed >= 0 ? { seed } : {}), options,
        seat_names: this.names, side_names: (this.data.team_names || {})[this.game] || undefined,
      });
      if (token !== this.token) return;
      this.handle = started.handle;
      this.state = started.state;
      this.table.reset({ interactive: true });
      this.screen.opening(started.state.table);
      this.screen.narrate(_("A new guided game. {opening}", { opening: started.state.table.opening }));
      this.busy = false;
      await this.loop(token, true);
    });
  }

  /** @param {() => Promise<void>} task */
  run(task) {
    task().catch((err) => this.failed(err));
  }

  /** The computer plays until it is the learner's turn or the deal is over; the coach speaks
   *  after every move. @param {number} token @param {boolean} [pressed] */
  async loop(token, pressed = false) {
    while (token === this.token && this.state) {
      const state = this.state;
      this.show();
      await this.guide(token);
      if (token !== this.token) return;
      if (state.over) {
        await this.finish();
        return;
      }
      if (state.to_play === YOU) {
        this.yourTurn(pressed);
        return;
      }
      this.busy = true;
      this.screen.prompt(_("{name} is thinking…", { name: this.names[state.to_play ?? 0] }));
      if (pressed) this.frame();
      // The computer's pace: the visitor's choice (progress.mjs, beside Start), 0 under reduced motion.
      await sleep(paceMs(state.table.last?.pause === "long"));
      if (token !== this.token) return;
      /** @type {Applied} */
      const answer = await this.engine.request("bot", { handle: this.handle, level: this.data.level, play: true });
      if (token !== this.token) return;
      this.state = answer.state;
      this.screen.announce(answer.state.table, answer.state.last);
      this.busy = false;
    }
  }

  /** @param {boolean} pressed */
  yourTurn(pressed) {
    this.busy = false;
    this.root.dataset.turn = "you"; // the learner's turn, the coach's words drawn (the tests wait for it)
    this.screen.prompt(this.state?.table.turn_words || _("Your turn."));
    this.show();
    if (this.suggested) this.table.view.light(this.suggested, "hint");
    const box = this.box.table.getBoundingClientRect();
    if (pressed || (box.bottom > 0 && box.top < window.innerHeight)) this.frame();
  }

  /** What the coach says now (engine/coach/guide.py), drawn. @param {number} token */
  async guide(token) {
    /** @type {GuideAnswer} */
    const answer = await this.engine.request("guide", { handle: this.handle });
    if (token !== this.token) return;
    const fresh = answer.landed.slice(this.landedShown);
    this.landedShown = answer.landed.length;
    for (const landed of fresh) {
      this.box.landed.append(el("li", { "data-landed-card": landed.action.split(" ")[0], text: landed.text }));
      this.box.landedBox.hidden = false;
    }
    if (fresh.length) this.screen.narrate(fresh.map((l) => l.text).join(" "));
    for (const idea of answer.ideas) {
      this.box.ideas.prepend(el("aside", { class: "guided-idea", "data-idea": idea.idea, "aria-label": _("New idea: {title}", { title: idea.title }) },
        el("p", { class: "guided-idea-title" }, el("span", { class: "guided-idea-sign", "aria-hidden": "true", text: "i" }), el("strong", { text: _("New idea: {title}", { title: idea.title }) })),
        el("p", { text: idea.text })));
    }
    if (answer.your_card && !this.markShown) {
      this.markShown = true;
      const { mark, word } = answer.your_card;
      const said = word || YOUR_MARK[/** @type {"best" | "good"} */ (mark)] || _("Your card cost a little.");
      this.box.yourCard.replaceChildren(el("p", {}, verdictBadge(mark), " ", said));
      this.box.yourCard.dataset.mark = mark;
      this.box.yourCard.hidden = false;
    }
    this.suggested = null;
    if (answer.suggestion && answer.to_play === YOU) {
      const { action, words, reason } = answer.suggestion;
      this.suggested = action === "swap" ? null : action.split(" ")[0];
      this.box.coach.replaceChildren(el("p", {}, verdictBadge("hint", pgettext("guide", "Coach")), " ",
        el("span", { class: "guided-suggestion", "data-suggestion": action, text: `${_("I would play {move}.", { move: words })} ` }),
        el("span", { class: "guided-reason", text: reason })));
      this.box.coach.hidden = false;
    }
    this.root.dataset.playable = answer.playable.join(",");
  }

  /** The coach's words of the turn before are put away (the learner's card is on its way). */
  clearWords() {
    this.box.coach.hidden = true;
    this.box.coach.replaceChildren();
    this.box.yourCard.hidden = true;
    this.box.yourCard.replaceChildren();
    this.box.landed.replaceChildren();
    this.box.landedBox.hidden = true;
    this.box.ideas.replaceChildren(); // an idea's callout stays until the learner's next card
    this.landedShown = 0;
    this.markShown = false;
    this.suggested = null;
  }

  /** The learner's card, any legal one: the engine names the rule if it is not.
   *  @param {string} action */
  play(action) {
    if (!this.mayPlay()) return;
    this.busy = true;
    delete this.root.dataset.turn;
    this.table.view.unlight();
    this.picker.close();
    this.table.quiet();
    const token = this.token;
    this.run(async () => {
      const answer = await this.screen.apply(this.engine, this.handle, action, this.rules);
      if (!answer) { // refused: the rule is said, the learner plays again
        this.busy = false;
        this.show();
        return;
      }
      if (token !== this.token) return;
      this.clearWords();
      this.state = answer.state;
      this.screen.announce(answer.state.table, answer.state.last);
      this.busy = false;
      await this.loop(token);
    });
  }

  /** The deal is over: its outcome, and the coach's review opened at once. */
  async finish() {
    this.busy = false;
    this.show();
    const outcome = this.state?.table.outcome;
    if (!outcome) return;
    const handle = this.handle;
    const panel = reviewPanel({
      engine: this.engine, game: this.game, rules: this.rules, args: () => ({ handle }),
      narrate: (text) => this.screen.narrate(text), label: _("Review your game"),
    });
    const again = el("button", { type: "button", "data-action": "again", text: _("Another guided game") });
    again.addEventListener("click", () => this.newGame());
    showGameEnd(this.box.end, {
      outcome, rules: this.rules, extras: [panel.element], buttons: [again], after: this.box.newGame,
      say: () => {
        this.screen.prompt(_("{outcome}. The coach reviews your moves now.", { outcome: outcome.title.replace(/[.!]$/, "") }));
        this.screen.narrate(`${outcome.title}. ${outcome.lines.join(" ")}`);
      },
    });
    await panel.start();
  }
}

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-guided]"))) {
  const game = madeWhenDataComes(root, (/** @type {GuidedData} */ data) => new GuidedGame(root, data),
    (made) => made.newGame());
  const source = /** @type {HTMLElement | null} */ (root.querySelector(".play-data"));
  withData(root, source, game.start, { whenNear: true });
  // A press before the data came is kept and done when it comes, the button saying it is
  // getting ready until the engine has dealt (early.mjs); it starts the engine at once.
  root.addEventListener("click", (event) => {
    /** @type {HTMLElement | null} */
    const button = /** @type {Element} */ (event.target).closest('[data-action="new"]');
    if (game.made() || !button) return;
    game.press(button);
    withData(root, source, game.start);
  });
  takeOver(root);
}
