// The host of a table with friends: its browser is the table. Its engine (a table session in
// the worker) holds the whole game and checks every move; each seat is sent only the state built
// from that seat's view. The host keeps the seats (who sits, who is away, how each is
// connected), the chat, who is still to press Next deal, plays the computer's empty chairs, and
// saves it all so that a reload of its page resumes the table (friends-store.mjs).

import { getEngine, mountStatus } from "./engine-client.mjs";
import { atDealEnd } from "./table.mjs";
import { el, reducedMotion, sleep } from "./util.mjs";
import { _, ngettext, pgettext } from "./words.mjs";
import { CHAT_KEPT, KEYS, keep } from "./friends-store.mjs";
import { ICE_MS, RateLimit, Wire, cleanName, hop, proveHost, randomId } from "./friends-net.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {import("./engine").TableAnswer} TableAnswer */
/** @typedef {import("./engine-client.mjs").EngineError} EngineError */
/** @typedef {import("./friends-net.mjs").SeatWho} SeatWho */
/** @typedef {import("./friends-net.mjs").SeatLink} SeatLink */
/** @typedef {import("./friends-net.mjs").TableInfo} TableInfo */
/** @typedef {import("./friends-net.mjs").ChatLine} ChatLine */
/** @typedef {import("./friends-net.mjs").Refused} Refused */
/** @typedef {import("./friends-net.mjs").ToHost} ToHost */
/** @typedef {import("./friends-net.mjs").HostKey} HostKey */
/** @typedef {import("./friends-store.mjs").TableConfig} TableConfig */
/** @typedef {import("./friends-store.mjs").SavedHost} SavedHost */
/** @typedef {import("./friends-table.mjs").Extras} Extras */
/** @typedef {import("./friends-page").FriendsPage} FriendsPage */
/** @typedef {{who: SeatWho, name: string | null, token: string | null, peer: string | null, voice: boolean,
 *             was?: boolean, link?: SeatLink | null, leftAt?: number}} HostSeat a seat as the host keeps it */

export class Host {
  /** @param {FriendsPage} page @param {HostKey} key @param {TableConfig} config @param {SavedHost | null} saved */
  constructor(page, key, config, saved) {
    this.page = page;
    this.key = key;
    this.config = config;
    this.engine = getEngine(page.root);
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    /** @type {number | null} */
    this.handle = null;
    /** @type {TableAnswer | null} */
    this.answer = null;
    /** @type {Extras} */
    this.extras = {};
    /** @type {Set<number>} */
    this.waitingFor = new Set();
    /** @type {ChatLine[]} */
    this.chatLines = saved ? saved.chat || [] : [];
    /** @type {Map<number, RateLimit>} */
    this.chatLimits = new Map();
    /** @type {number | null} */
    this.computerAt = null;
    /** @type {Map<string, string>} */
    this.sentTables = new Map();
    const compass = page.data.seat_names[config.players];
    /** @type {HostSeat[]} */
    this.seats = compass.map((_, seat) => (seat === config.seat
      ? { who: "host", name: config.name, token: null, peer: null, voice: false }
      : { who: "open", name: null, token: null, peer: null, voice: false }));
    if (saved) {
      saved.seats.forEach((s, seat) => {
        if (seat !== config.seat) Object.assign(this.seats[seat], { who: s.who, name: s.name, token: s.token, was: s.was });
      });
      this.started = saved.started;
      this.record = saved.record;
      this.waitingFor = new Set(saved.waiting || []);
      this.movedOn = saved.movedOn ?? null;
    }
  }

  get you() {
    return this.config.seat;
  }

  async connect() {
    const page = this.page;
    page.step("lobby");
    mountStatus(page.el.engineStatus, this.engine);
    this.engine.start();
    page.showInvite(true);
    page.appendChat(this.chatLines);
    const wire = this.wire = new Wire({ tableId: this.key.tableId, relays: page.data.relays, stun: page.data.stun, turn: page.data.turn || [], role: "host" });
    wire.on("link", () => this.watchLinks());
    wire.on("message", (checked, peer) => {
      const m = /** @type {ToHost} */ (checked); // its kind's check (friends-net.mjs TO_HOST) passed
      if (m.k === "move") hop("move-received", m.at + 1, peer);
      this.enqueue(() => this.received(m, peer));
    });
    wire.on("leave", (peer) => this.enqueue(() => this.left(peer)));
    wire.on("stream", (stream, peer) => page.voice.received(stream, peer));
    page.status(_("Connecting to the relays…"));
    this.seats[this.you].peer = await wire.join();
    if (this.record) {
      page.status(_("Your table is back: the others are reconnecting."));
      await this.enqueue(async () => this.publish(await this.engine.request("table_load", { record: this.record }), true));
    } else {
      page.status(_("The table is open. Send the invitation to your friends, then start when you are ready."));
    }
    this.refresh();
    this.save();
    setInterval(() => this.watchLinks(), 2000);
  }

  /** How each seated guest is connected (directly, through the relay, reconnecting), and the
   *  failed attempts of browsers that found the table: the lobby says it per seat. */
  async watchLinks() {
    const wire = this.wire;
    if (this.watching || !wire) return;
    this.watching = true;
    try {
      let changed = false;
      for (const s of this.seats) {
        if (s.who !== "person") continue;
        /** @type {SeatLink | null} */
        let link = s.peer ? await wire.link(s.peer) : null;
        if (!s.peer && s.leftAt !== undefined && wire.blockedSince(s.leftAt, ICE_MS)) link = "blocked";
        if ((s.link || null) !== link) {
          s.link = link;
          changed = true;
        }
      }
      // Nobody connected, and a browser that met this table through the relays could not
      // connect in the last minute: said once in the lobby (per seat when the seat is known).
      const failed = !wire.peers().length && !this.seats.some((s) => s.link === "blocked")
        && wire.blockedSince(performance.now() - 60_000, ICE_MS);
      this.page.connection(failed
        ? _("A browser found this table but could not connect to it: {why}.", { why: this.page.blockedWords() }) : "");
      if (changed) {
        this.enqueue(() => {
          this.refresh();
          this.schedule();
        });
      }
    } finally {
      this.watching = false;
    }
  }

  /** Run `task` after every task before it (one change of the table at a time).
   *  @param {() => unknown} task */
  enqueue(task) {
    this.queue = this.queue.then(task).catch((err) => {
      this.page.status(_("Something went wrong at the table: {error}", { error: String((err && err.message) || err) }));
    });
    return this.queue;
  }

  /** The seats as `peer` (null: the host) is shown them.
   *  @param {string | null} peer @returns {TableInfo} */
  table(peer = null) {
    const you = peer === null ? this.you : this.seatOf(peer);
    return {
      game: this.config.game, level: this.config.level, started: Boolean(this.started),
      over: Boolean(this.answer && this.answer.public.over),
      seats: this.seats.map((s) => ({
        name: s.name, who: s.who,
        here: s.who === "host" || (s.who === "person" && Boolean(s.peer) && s.link !== "reconnecting") || s.who === "computer",
        peer: s.who === "computer" ? null : s.peer, voice: Boolean(s.voice),
        link: s.who === "person" ? s.link || null : null,
      })),
      waiting: [...this.waitingFor], you,
    };
  }

  /** @param {string} peer */
  seatOf(peer) {
    const seat = this.seats.findIndex((s) => s.who === "person" && s.peer === peer);
    return seat < 0 ? null : seat;
  }

  paused() {
    return Boolean(this.started && this.answer && !this.answer.public.over
      && this.seats.some((s) => s.who === "person" && (!s.peer || s.link === "reconnecting")));
  }

  /** The lobby, the host's own table, every guest's seat list. */
  refresh() {
    const page = this.page;
    const table = this.table();
    page.renderSeats(table, { host: this });
    const open = this.seats.filter((s) => s.who === "open").length;
    page.el.host.hidden = Boolean(this.started);
    const note = open ? ngettext("The computer ({level}) takes the free seat.", "The computer ({level}) takes the {n} free seats.", open, { level: this.config.level }) : _("Everybody is seated.");
    if (page.el.startNote.textContent !== note) page.el.startNote.textContent = note;
    page.showInvite(!this.started || this.seats.some((s) => s.who === "open"));
    for (const peer of this.wire?.peers() ?? []) {
      const table = this.table(peer);
      const text = JSON.stringify(table);
      if (this.sentTables.get(peer) === text) continue; // unchanged: no message, no redrawing there
      this.sentTables.set(peer, text);
      this.send({ k: "table", table }, [peer]);
    }
    page.voice.sync();
    if (this.answer) page.showState(this.answer.states[this.you], { ...this.extras, waiting: page.waiting(table), again: this.again() }, table);
  }

  /** @param {import("./friends-net.mjs").ToGuest} message @param {string | string[]} peers */
  send(message, peers) {
    this.wire?.send(message, peers);
  }

  again() {
    if (!this.answer || !this.answer.public.over) return null;
    const button = el("button", { type: "button", "data-action": "again", text: _("Deal a new game at this table") });
    button.addEventListener("click", () => this.startGame());
    return button;
  }

  // ---- messages from the guests ---------------------------------------------------------------------

  /** @param {ToHost} m @param {string} peer */
  async received(m, peer) {
    const seat = this.seatOf(peer);
    if (m.k === "hello") return this.hello(m, peer);
    if (m.k === "sit") return this.sit(m, peer);
    if (seat === null) return this.refuse(peer, { message: _("Only the people seated at the table can do that.") });
    if (m.k === "move") return this.move(seat, m.action, m.at, peer);
    if (m.k === "next") return this.ready(seat); // `at`: any state of the finished deal will do
    if (m.k === "chat") return this.say(seat, m.text, peer);
    if (m.k === "voice") {
      this.seats[seat].voice = m.on;
      return this.refresh();
    }
    return null;
  }

  /** @param {{nonce: string, token?: string}} m @param {string} peer */
  async hello(m, peer) {
    this.sentTables.delete(peer);
    this.send({ k: "host", ...(await proveHost(this.key, peer, this.wire?.selfId ?? "", m.nonce)) }, [peer]);
    const seat = m.token ? this.seats.findIndex((s) => s.token === m.token) : -1;
    if (seat >= 0) {
      const s = this.seats[seat];
      if (s.who === "computer" && s.was) s.who = "person"; // the seat given to the computer comes back
      s.peer = peer;
      // Back in its seat: whether it pressed Next deal is as it was (a page come back to a
      // finished deal's score still has it to press; one that pressed is not asked again).
      this.send({ k: "seat", seat, token: s.token ?? "" }, [peer]);
    }
    this.send({ k: "chat", lines: this.chatLines.slice(-20) }, [peer]);
    this.refresh();
    this.sendState(peer);
    this.save();
    this.schedule();
  }

  /** @param {{seat: number, name: string}} m @param {string} peer */
  sit(m, peer) {
    const s = this.seats[m.seat];
    if (this.seatOf(peer) !== null) return this.refuse(peer, { message: _("You already have a seat at this table.") });
    if (!s || s.who !== "open") return this.refuse(peer, { message: _("That seat is taken: choose a free one.") });
    const token = randomId();
    Object.assign(s, { who: "person", name: cleanName(m.name), token, peer, voice: false, was: true });
    this.send({ k: "seat", seat: m.seat, token }, [peer]);
    this.chatLine(null, _("{name} sits {seat}.", { name: s.name, seat: this.page.data.seat_names[this.seats.length][m.seat] }));
    this.refresh();
    this.sendState(peer);
    this.save();
    return null;
  }

  /** @param {string} peer */
  left(peer) {
    this.page.voice.left(peer);
    this.sentTables.delete(peer);
    const seat = this.seatOf(peer);
    if (seat === null) return;
    this.seats[seat].peer = null;
    this.seats[seat].voice = false;
    this.seats[seat].link = null;
    this.seats[seat].leftAt = performance.now();
    // Still seated: a finished deal's table waits for them to come back and press Next deal
    // (or for the host to let the computer play their seat), as a deal in play waits for them.
    this.refresh();
    this.schedule();
  }

  /** @param {number} seat */
  giveToComputer(seat) {
    this.enqueue(() => {
      const s = this.seats[seat];
      if (s.who !== "person" || s.peer) return;
      s.who = "computer";
      this.waitingFor.delete(seat); // the computer has seen the score
      this.chatLine(null, _("The computer plays {seat} for {name}.", { seat: this.page.data.seat_names[this.seats.length][seat], name: s.name }));
      this.refresh();
      this.save();
      this.schedule();
    });
  }

  /** Tell `peer` (null: the host's own page) its request was refused, and why.
   *  @param {string | null} peer @param {Refused} error */
  refuse(peer, error) {
    if (peer === null) this.page.seatTable.refused(error.action, error);
    else this.send({ k: "refused", ...error }, [peer]);
  }

  /** @param {number | null} seat @param {string} text */
  chatLine(seat, text) {
    /** @type {ChatLine} */
    const line = { seat, name: seat === null ? pgettext("chat", "Table") : this.page.names(this.table())[seat], text };
    this.chatLines = [...this.chatLines, line].slice(-CHAT_KEPT);
    this.page.appendChat([line]);
    this.send({ k: "chat", lines: [line] }, this.wire?.peers() ?? []);
  }

  /** @param {number} seat @param {string} text @param {string | null} [peer] */
  say(seat, text, peer = null) {
    let limit = this.chatLimits.get(seat);
    if (!limit) this.chatLimits.set(seat, limit = new RateLimit(0.5, 4));
    if (!limit.take()) return this.refuse(peer, { message: _("Slow down: one message every two seconds.") });
    this.chatLine(seat, text);
    this.save();
    return null;
  }

  // ---- the game ----------------------------------------------------------------------------------

  startGame() {
    this.enqueue(async () => {
      if (this.started && this.answer && !this.answer.public.over) return;
      for (const s of this.seats) if (s.who === "open") s.who = "computer";
      this.started = true;
      this.engine.holdSnapshot(true);
      this.waitingFor = new Set();
      this.movedOn = null;
      this.computerAt = null;
      // The game's table options, from the page's data (the build's facts of each game): the
      // number of players when the game is played at more than one count. Read here, not saved,
      // so a table config saved by an older version resumes the same way.
      const counts = this.page.data.players[this.config.game] || [];
      const options = counts.length > 1 ? { players: this.seats.length } : {};
      // The engine shuffles from a secret seed of its own; ?seed=N (the first game of a page
      // load) is the tests' hook for a known deal, as on the play table.
      const seed = Number.parseInt(new URLSearchParams(window.location.search).get("seed") ?? "", 10);
      const hooked = Number.isInteger(seed) && seed >= 0 && !this.usedSeed;
      this.usedSeed = true;
      /** @type {TableAnswer} */
      const answer = await this.engine.request("table_new", { game: this.config.game, options, ...(hooked ? { seed } : {}) });
      if (this.handle !== null) await this.engine.request("drop", { handle: this.handle });
      this.chatLine(null, _("The cards are dealt."));
      this.page.status(_("The game is on. If someone drops, the table waits for them, and you may let the computer play their seat."));
      await this.publish(answer);
    });
  }

  /** A seat's move (`peer` null: the host's own), checked by the engine like any move.
   *  @param {number} seat @param {string} action @param {number} at @param {string | null} peer */
  move(seat, action, at, peer) {
    hop("move-checking", at + 1);
    if (!this.answer || this.answer.public.over) return this.refuse(peer, { message: _("No game is being played."), action });
    if (this.paused()) return this.refuse(peer, { message: this.page.waiting(this.table()) ?? "", action });
    if (this.waitingFor.size || this.betweenDeals()) return this.refuse(peer, { message: _("Wait until everyone has seen the deal's score."), action });
    if (at !== this.answer.public.index) {
      this.refuse(peer, { message: _("The table moved on before your card arrived: look again."), action });
      return peer ? this.sendState(peer) : null;
    }
    return this.engine.request("table_apply", { handle: this.handle, seat, action }).then(
      (/** @type {TableAnswer} */ answer) => {
        hop("engine-answered", answer.public.index);
        return this.publish(answer);
      },
      (/** @type {EngineError} */ err) => {
        if (!err || !["illegal", "syntax", "request"].includes(err.kind)) throw err;
        const { rule, anchor, sentence } = err.data;
        this.refuse(peer, { message: err.message, action, ...(rule ? { rule, anchor, sentence } : {}) });
      });
  }

  /** @param {number} seat */
  ready(seat) {
    this.waitingFor.delete(seat);
    this.refresh();
    this.save();
    this.schedule();
  }

  /** @param {EngineState} state */
  atDealEnd(state) {
    return atDealEnd(state, null);
  }

  /** The table still shows a finished deal's end (the next deal not yet drawn for anyone). */
  betweenDeals() {
    return Boolean(this.answer && !this.answer.public.over && this.atDealEnd(this.answer.public));
  }

  /** Every seat has seen the finished deal: each is sent the next deal's table as dealt (the
   *  engine's `next_deal`, as on the play table), before any seat may act on it; a human seat
   *  leading it sees the new deal's cards on the table before its hand is live. */
  async moveOn() {
    if (!this.betweenDeals() || this.waitingFor.size) return;
    /** @type {TableAnswer} */
    const answer = await this.engine.request("table_state", { handle: this.handle, next_deal: true });
    this.answer = answer;
    this.extras = {};
    this.movedOn = answer.public.index;
    for (const peer of this.wire?.peers() ?? []) this.sendState(peer);
    this.save();
    this.refresh();
    this.schedule();
  }

  /** A new state of the game: sent to every guest for its seat as soon as the engine has
   *  built it, kept (saved in the same task as it is sent: a reload of this page cannot come
   *  between, so it resumes from what every seat was shown), then drawn here. `resumed`: the
   *  saved table this page was reloaded with, whose seats waited as saved.
   *  @param {TableAnswer} answer @param {boolean} [resumed] */
  async publish(answer, resumed = false) {
    const state = answer.public;
    if (answer.handle !== undefined) {
      this.handle = answer.handle;
      this.record = await this.engine.request("table_record", { handle: this.handle });
    } else {
      const actions = /** @type {string[]} */ (this.record?.actions ?? []);
      this.record = { ...this.record, actions: [...actions, answer.action] };
    }
    /** @type {Extras} */
    let extras = {};
    if (state.over || this.atDealEnd(state)) {
      // The deal's score and its public record go out with its last state: both asked at once.
      /** @type {[TableAnswer, EngineRecord]} */
      const [full, deal] = await Promise.all([
        this.engine.request("table_state", { handle: this.handle, with_summary: true }),
        this.engine.request("table_deal_record", { handle: this.handle })]);
      extras = { summary: full.states[0].summary, deal };
      // Every seat with someone at it is to press Next deal. A reloaded page's table waits for
      // whom it waited for (saved with the record): who pressed is not asked again, nobody is
      // skipped, and a table that had moved on to the next deal moves on again.
      if (!state.over && this.movedOn !== state.index && !resumed) this.waitingFor = new Set(this.seats.flatMap((s, seat) => (s.who === "host" || s.who === "person" ? [seat] : [])));
    }
    this.answer = answer;
    this.extras = extras;
    for (const peer of this.wire?.peers() ?? []) this.sendState(peer);
    hop("states-sent", state.index);
    this.save();
    // A second interpreter starting in this page (the engine's snapshot for the next visit)
    // would slow every move for seconds: it waits while the game is on.
    this.engine.holdSnapshot(!state.over);
    this.refresh();
    this.schedule();
    hop("host-drawn", state.index);
  }

  /** @param {string} peer */
  sendState(peer) {
    if (!this.answer) return;
    const seat = this.seatOf(peer);
    const state = seat === null ? this.answer.public : this.answer.states[seat];
    this.send({ k: "state", state, summary: this.extras.summary, deal: this.extras.deal }, [peer]);
    hop("state-sent", state.index, peer);
  }

  /** The computer's move, when an empty chair is to play and nothing holds the table up. */
  schedule() {
    const state = this.answer && this.answer.public;
    if (!state || state.over || this.waitingFor.size) return;
    if (this.betweenDeals()) {
      this.enqueue(() => this.moveOn());
      return;
    }
    if (this.paused()) return;
    if (state.to_play === null || this.seats[state.to_play].who !== "computer" || this.computerAt === state.index) return;
    this.computerAt = state.index;
    const e = state.last && state.last.explanation;
    const pause = reducedMotion() ? 60 : e && (e.trick_complete || e.scopa) ? 1400 : 800;
    sleep(pause).then(() => this.enqueue(async () => {
      const now = this.answer?.public;
      if (!now || now.index !== state.index || this.paused() || this.waitingFor.size || this.betweenDeals()) {
        this.computerAt = null;
        return;
      }
      await this.publish(await this.engine.request("table_bot", { handle: this.handle, level: this.config.level }));
    }));
  }

  save() {
    keep(KEYS.host(this.key.tableId), {
      jwk: this.key.jwk, config: this.config, started: Boolean(this.started), record: this.record || null,
      seats: this.seats.map((s) => ({ who: s.who === "host" ? "host" : s.who, name: s.name, token: s.token, was: Boolean(s.was) })),
      waiting: [...this.waitingFor], chat: this.chatLines, movedOn: this.movedOn ?? null,
    });
  }

  // ---- what the host's own page does, as a seat ------------------------------------------------------

  /** @param {string} action @param {number} at */
  play(action, at) {
    hop("move-sending", at + 1);
    this.enqueue(() => this.move(this.you, action, at, null));
    hop("move-sent", at + 1);
  }

  /** @param {number} _at the state this seat saw (the host's page is the table: it has it) */
  next(_at) {
    this.enqueue(() => this.ready(this.you));
  }

  /** @param {string} text */
  chat(text) {
    this.enqueue(() => this.say(this.you, text));
  }

  /** @param {boolean} on */
  voice(on) {
    this.seats[this.you].voice = on;
    this.refresh();
  }
}
