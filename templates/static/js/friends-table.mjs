// How one seat of a table with friends sees the game: the play table's own drawing
// (play.mjs: TableView, and PlayTable's scores, progress, deal-end panel, capture choice and
// rule messages, borrowed with a stand-in `this`), turned so that the seat sits at the bottom.
//
// This is the one place the friends' table draws a game. When the engine describes the table
// itself and one renderer draws it (issue 16), `SeatTable.show(state, extras)` becomes a call
// to that renderer with the seat's description; nothing else in the friends' modules draws
// cards. The states come from the host's engine (a table session, docs/friends.md), each
// built from this seat's view: nothing here decides a rule.

import { PlayTable, TableView, moveWords, resultWords, ruleLink } from "./play.mjs";
import { el, seatPosition } from "./table.mjs";

const POSITION = /\bseat-(south|east|north|west)\b/;
const AT = /\bat-(south|east|north|west)\b/;

/** Teams and sides in the people's names: "Anna and Carlo". */
function pairs(names) {
  return [`${names[0]} and ${names[2]}`, `${names[1]} and ${names[3]}`];
}

export class SeatTable {
  /**
   * `root` holds the play table's hooks ([data-table], [data-scores]...); `data` is the page's
   * data (rules sections, replay page). `onPlay(action)` sends this seat's move; `onNext()`
   * says the seat has seen a finished deal's score.
   */
  constructor(root, data, { onPlay, onNext }) {
    this.root = root;
    this.data = data;
    this.onPlay = onPlay;
    this.onNext = onNext;
    this.you = null;
    this.state = null;
    this.busy = false;
    const get = (name) => root.querySelector(`[data-${name}]`);
    this.el = {
      scores: get("scores"), progress: get("progress"), prompt: get("prompt"), choices: get("choices"),
      last: get("last"), dealEnd: get("deal-end"), end: get("end"), narration: get("narration"),
      swap: root.querySelector('[data-action="swap"]'),
    };
    const table = get("table");
    table.addEventListener("click", (event) => this.cardClicked(event));
    table.addEventListener("keydown", (event) => PlayTable.prototype.cardKey.call(null, event));
    this.el.swap.addEventListener("click", () => this.play("swap"));
  }

  /** The seats: the game, how many sit, which one is this page's (null: a spectator), names. */
  setup({ game, players, you, names }) {
    const same = this.view && this.game === game && this.players === players && this.you === you
      && names.every((name, seat) => name === this.names[seat]);
    if (same) return;
    this.game = game;
    this.players = players;
    this.you = you;
    this.names = names;
    this.teams = game === "madrasso" ? pairs(names) : null;
    this.sides = game === "madrasso" || players === 4 ? pairs(names) : names;
    this.rules = this.data.rules[game];
    this.view = new TableView(this.root, { game, players, names, teams: this.teams, interactive: false });
    this.root.querySelector(".play-keys").hidden = you === null; // a spectator has no cards to choose
    this.place();
    this.borrowed = this.playTable();
    if (this.state) this.show(this.state, this.extras);
  }

  /** A PlayTable that draws into this page for this seat: its methods run with it as `this`. */
  playTable() {
    const self = this;
    const table = Object.create(PlayTable.prototype);
    const view = Object.create(this.view);
    view.showTrick = (trick, winner) => {
      TableView.prototype.showTrick.call(this.view, trick, winner);
      this.place();
    };
    Object.assign(table, {
      root: this.root, data: this.data, game: this.game, players: this.players, names: this.names,
      teams: this.teams, sides: this.sides, rules: this.rules, el: this.el, view, interactive: false,
      ack: null, handle: null,
      engine: { request: async (op) => (op === "summary" ? self.extras.summary : self.extras.deal) },
      renderButtons() {}, save() {},
      loop() { self.onNext(self.state.index); },
      play(action) { self.play(action); },
      prompt(text) { self.prompt(text); },
      narrate(text) { self.el.narration.textContent = text; },
    });
    return table;
  }

  /** Every seat where this seat's player sees it: their own at the bottom. */
  place() {
    const you = this.you ?? 0;
    this.view.seats.forEach((box, seat) => {
      box.className = box.className.replace(POSITION, `seat-${seatPosition(seat, you, this.players)}`);
      let role = box.querySelector(".seat-team");
      const words = this.you === null ? "" : seat === this.you ? "you"
        : this.players === 4 ? (seat % 2 === this.you % 2 ? "partner" : "opponent") : "";
      if (!role && words) {
        role = el("span", { class: "seat-team" });
        box.querySelector(".seat-name").after(role);
      }
      if (role) role.textContent = words;
    });
    for (const card of this.root.querySelectorAll(".trick-card[data-seat]")) {
      card.className = card.className.replace(AT, `at-${seatPosition(Number(card.dataset.seat), you, this.players)}`);
    }
  }

  prompt(text) {
    this.el.prompt.replaceChildren(el("p", { text }));
  }

  yourTurn(state = this.state) {
    return Boolean(state && this.you !== null && state.to_play === this.you && !state.over
      && !this.borrowed.atDealEnd(state) && !this.busy);
  }

  /**
   * Draw `state` (this seat's, from the host's engine). `extras`: `summary` and `deal` (the
   * finished deal's public record) at the end of a deal or of the game; `waiting` (the prompt
   * while the table waits for someone); `again` (a button for a new game, the host's).
   */
  show(state, extras = {}) {
    const fresh = !this.state || state.index !== this.state.index || state.over !== this.state.over;
    this.state = state;
    this.extras = extras;
    this.busy = false;
    this.root.querySelector("[data-table]").removeAttribute("aria-busy");
    const t = this.borrowed;
    t.state = state;
    if (fresh && state.index === 0) t.ack = null;
    const between = t.atDealEnd(state);
    this.root.querySelector("[data-table]").classList.toggle("is-between-deals", between);
    const yourTurn = this.yourTurn();
    const legal = new Set(state.legal);
    if (fresh || !between) { // a finished deal's panel keeps its last trick on the felt
      this.view.render(state.observation, { last: state.last, legal, yourTurn });
      this.drawOwnHand(state, legal, yourTurn);
      this.place();
    }
    t.renderScores(state.observation);
    t.renderProgress(state);
    this.el.swap.hidden = !(yourTurn && state.legal.includes("swap"));
    if (!yourTurn) this.el.choices.hidden = true;
    if (fresh && state.last) t.announce(state.last);
    if (!state.last) this.el.last.textContent = "";
    this.el.end.hidden = !state.over;
    if (!between) this.el.dealEnd.hidden = true;
    if (state.over) {
      if (fresh) this.finish(state, extras);
    } else if (between && fresh && extras.deal) {
      t.dealEnd().then(() => {
        if (this.you !== null) return;
        // A spectator has no seat to say it is ready: the players' Next deal moves the table on.
        this.el.dealEnd.querySelector('[data-action="next-deal"]')?.remove();
        this.prompt("The deal is over: the next one starts when the players have seen the score.");
      });
    } else if (extras.waiting) {
      this.prompt(extras.waiting);
    } else if (yourTurn) {
      this.prompt(state.legal.includes("swap")
        ? "Your turn. You hold the seven of trumps: you may swap it for the turned-up card first."
        : "Your turn: choose a card to play.");
    } else if (!between) {
      this.prompt(`${this.names[state.to_play]} is to play.`);
    }
  }

  /** This seat's cards as the play table's buttons (the turned-up card among them, tagged). */
  drawOwnHand(state, legal, yourTurn) {
    const obs = state.observation;
    const cards = this.you === null ? null : obs.hands[this.you];
    if (!cards) return;
    const box = this.view.seats[this.you];
    const turned = this.game === "madrasso" && obs.turned && obs.turned.in_hand && obs.dealer === this.you
      ? obs.turned.card : null;
    this.view.renderYourHand(box.querySelector("[data-hand]"), cards, { legal, yourTurn, hinted: null, turned });
    const aside = turned && box.querySelector("[data-turned] img");
    if (aside) aside.remove();
  }

  cardClicked(event) {
    const button = event.target.closest && event.target.closest("button.card-button");
    if (!button || !this.state) return;
    if (!this.yourTurn()) {
      if (!this.busy) this.prompt(this.state.over ? "The game is over." : `Wait for your turn: ${this.names[this.state.to_play]} is to play.`);
      return;
    }
    const code = button.dataset.card;
    const options = this.state.legal.filter((a) => a === code || a.startsWith(`${code} `));
    if (options.length > 1) this.borrowed.offerCaptures(code, options);
    else this.play(options[0] || code); // an illegal card goes too: the host's engine names the rule
  }

  play(action) {
    if (!this.yourTurn()) return;
    this.busy = true;
    this.onPlay(action, this.state.index); // first: the move is on its way while the cards go quiet
    this.root.querySelector("[data-table]").setAttribute("aria-busy", "true"); // until the host answers
    this.el.choices.hidden = true;
    this.el.swap.hidden = true;
    this.view.render(this.state.observation, { last: this.state.last, legal: new Set(), yourTurn: false });
    this.drawOwnHand(this.state, new Set(), false);
    this.place();
  }

  /** The host's engine refused this seat's move: say which rule, as the play table does. */
  refused(action, error) {
    this.busy = false;
    if (this.state) this.show(this.state, this.extras);
    if (error.rule) this.borrowed.explainIllegal(action || "", error);
    else this.prompt(error.message);
  }

  /** The end of the game, told the same way to every seat. */
  finish(state, extras) {
    const box = this.el.end;
    const result = state.result || {};
    const obs = state.observation;
    let title;
    if (this.game === "madrasso") title = `${this.teams[result.match.winner]} win the match`;
    else if (this.game === "briscola") title = result.draw ? "A draw" : `${this.names[result.winner]} wins`;
    else title = `${this.sides[result.winner]} ${this.players === 4 ? "win" : "wins"} the match`;
    box.replaceChildren(el("h3", { text: `${title}!` }),
      el("p", { "data-result": "", text: resultWords(this.game, result, this.names, this.teams, obs) }));
    const rule = ruleLink(this.rules, this.game === "briscola" ? "scoring-and-ending" : "winning-the-match");
    if (rule) box.append(el("p", {}, "The rule: ", rule, "."));
    if (this.game === "scopa" && result.last_deal) {
      box.append(el("h4", { text: `Deal ${result.last_deal.deal}` }), this.borrowed.scopaBreakdown(result.last_deal));
    }
    if (extras.deal) box.append(this.borrowed.shareBlock(this.game === "briscola" ? "Replay this game" : "Replay the last deal", extras.deal));
    if (extras.again) box.append(extras.again);
    box.hidden = false;
    this.prompt(`${title}.`);
    this.borrowed.narrate(`${title}. ${box.querySelector("[data-result]").textContent}`);
  }
}

export { moveWords };
