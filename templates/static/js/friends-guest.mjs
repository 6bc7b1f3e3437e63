// A guest at a table with friends: a seat (or a spectator) at someone else's table. It finds
// the host through the relays, checks the host's proof that it holds the table's key before it
// reads a word from it, sits, draws the states its seat is sent and sends its choices; and it
// says in words how its way to the host goes, or why there is none, looking afresh for a host
// it lost (a network that changed under one of the two).

import { KEYS, keep } from "./friends-store.mjs";
import { _ } from "./words.mjs";
import { ICE_MS, Wire, checkHost, cleanName, hop, randomId } from "./friends-net.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./friends-net.mjs").TableInfo} TableInfo */
/** @typedef {import("./friends-net.mjs").ToHost} ToHost */
/** @typedef {import("./friends-net.mjs").ToGuest} ToGuest */
/** @typedef {import("./friends-store.mjs").SavedSeat} SavedSeat */
/** @typedef {import("./friends-table.mjs").Extras} Extras */
/** @typedef {import("./friends-page").FriendsPage} FriendsPage */

const FIND_HOST_MS = 15_000; // no peer met by then: the host is not there
const NO_RELAY_MS = 6_000;    // no relay's socket open by then: none can be reached
const REJOIN_MS = 12_000;     // the host lost and not back: look for it afresh, then this often (doubling)

export class Guest {
  /** @param {FriendsPage} page @param {string} tableId @param {SavedSeat | null} seated */
  constructor(page, tableId, seated) {
    this.page = page;
    this.tableId = tableId;
    this.seated = seated;
    /** @type {string | null} the host's peer, once it proved it holds the table's key */
    this.host = null;
    /** @type {Map<string, string>} */
    this.nonces = new Map();
    /** @type {Map<string, Promise<void>>} peer -> its proof's check, while it runs */
    this.proving = new Map();
    /** @type {TableInfo | null} */
    this.info = null;
    /** @type {EngineState | null} */
    this.state = null;
    /** @type {Extras} */
    this.extras = {};
    this.lost = NaN;      // when the host was lost, or the search began: not yet, so no comparison holds
    this.rejoined = NaN;  // when the search last began afresh
  }

  /** @returns {TableInfo} */
  table() {
    return this.info || { game: "", started: false, seats: [], you: null, waiting: [] };
  }

  async connect() {
    const page = this.page;
    page.step("lobby");
    page.status(_("Looking for the table through the relays…"));
    const wire = this.wire = new Wire({ tableId: this.tableId, relays: page.data.relays, stun: page.data.stun,
      turn: page.data.turn || [], role: "guest", games: page.data.players });
    wire.on("link", () => this.diagnose());
    wire.on("join", (peer) => this.hello(peer));
    wire.on("leave", (peer) => this.left(peer));
    // Its kind's check (friends-net.mjs TO_GUEST) passed.
    wire.on("message", (m, peer) => this.received(/** @type {ToGuest} */ (m), peer));
    wire.on("stream", (stream, peer) => page.voice.received(stream, peer));
    await wire.join();
    this.lost = performance.now();
    setInterval(() => this.diagnose(), 1000);
  }

  /** The true state of this page's way to the host, in words, as soon as it is known: no relay
   *  reachable, the host not found, the host found but no connection (and what helps), or how
   *  the connection goes (directly, through the relay, reconnecting). Looked at every second. */
  async diagnose() {
    const page = this.page;
    const wire = this.wire;
    if (!wire) return;
    if (this.host) {
      const link = await wire.link(this.host);
      this.linked = link;
      // The selected pair's candidate types ("srflx srflx", "relay srflx"): what the words say.
      const pair = (link === "direct" || link === "relay") && wire.pairs ? (wire.pairs[this.host] || []).join(" ") : "";
      if (page.el.connection.dataset.pair !== pair) page.el.connection.dataset.pair = pair;
      page.connection((link && {
        direct: _("Connected to the host directly."),
        relay: _("Connected to the host through the site's relay."),
        reconnecting: _("The connection to the host dropped: reconnecting…"),
      }[link]) || "");
      return;
    }
    const now = performance.now();
    const since = now - this.lost;
    let words = "";
    if (wire.blockedSince(this.lost, ICE_MS)) words = _("The host's browser was found, but no connection to it could be made: {why}. This page keeps trying.", { why: page.blockedWords() });
    else if (!wire.relayReachable() && since > NO_RELAY_MS) words = _("No relay can be reached, so the table cannot be looked for: this network may block them, or the internet connection is down. This page keeps trying.");
    else if (!wire.metSince(this.lost) && since > FIND_HOST_MS) {
      // A guest that sat at this table came through this link: only the host can be gone.
      words = this.lostHost
        ? _("The relays answer, but the host's browser is not there now: its page may be closed or its network down. This page keeps looking.")
        : _("The relays answer, but the table's host is not there: the host's page may be closed, or the link may be wrong. This page keeps looking.");
    }
    if (words) {
      page.connection("");
      if (page.el.status.textContent !== words) page.status(words);
    }
    // 3 s after the host was lost, then 12 s, 24, 48, 96 between tries.
    const wait = this.rejoins ? REJOIN_MS * 2 ** Math.min(this.rejoins - 1, 3) : 3000;
    if (this.lostHost && this.seated && now - this.rejoined > wait) {
      // The host was lost (a network changed under one of the two): look for it afresh, with
      // new offers through the relays, rather than wait for the next announcement (up to 2 min).
      this.rejoined = now;
      this.rejoins = (this.rejoins || 0) + 1;
      // A copy of the bundle that cannot load yet (the network still changing): the next try
      // comes on the schedule above.
      await wire.rejoin().catch(() => {});
    }
  }

  /** @param {string} peer */
  hello(peer) {
    hop("peer-met", null, peer);
    const nonce = randomId();
    this.nonces.set(peer, nonce);
    this.send({ k: "hello", nonce, ...(this.seated ? { token: this.seated.token } : {}) }, peer);
  }

  /** @param {string} peer */
  left(peer) {
    this.page.voice.left(peer);
    this.nonces.delete(peer);
    this.proving.delete(peer);
    if (peer !== this.host) return;
    this.host = null;
    this.lost = performance.now();
    this.rejoined = this.lost;
    this.lostHost = true;
    this.page.status(_("The host's browser has left the table: the game goes on when it comes back."));
  }

  /** @param {ToGuest} m @param {string} peer */
  async received(m, peer) {
    if (m.k === "host") {
      const nonce = this.nonces.get(peer);
      this.nonces.delete(peer);
      if (!nonce) return;
      // The check is asynchronous (WebCrypto): what the host sends right after its proof (the
      // seat list, the state) arrives while it runs, and waits for it below instead of being lost.
      /** @type {Promise<void>} */
      const proving = checkHost(this.tableId, m, this.wire?.selfId ?? "", peer, nonce).then((proved) => {
        if (this.proving.get(peer) === proving) this.proving.delete(peer);
        if (!proved) return;
        hop("host-proved", null, peer);
        this.host = peer;
        this.rejoins = 0;
        this.page.status(this.seated ? _("You are back at the table.") : _("You are at the table: type your name and choose a free seat."));
      });
      this.proving.set(peer, proving);
      return;
    }
    if (peer !== this.host && this.proving.has(peer)) await this.proving.get(peer);
    if (peer !== this.host) return; // only the table's host speaks for the table
    if (m.k === "table") this.showTable(m.table);
    else if (m.k === "seat") {
      const first = !this.seated;
      this.seated = { token: m.token, seat: m.seat, name: this.pendingName || (this.seated && this.seated.name) };
      keep(KEYS.seat(this.tableId), this.seated);
      if (first) this.page.status(_("You sit {seat}: the host starts the game when everybody is there.", { seat: this.page.data.seat_names[this.table().seats.length || 4][m.seat] || "" }));
    } else if (m.k === "state") {
      hop("state-received", m.state.index, this.wire?.selfId);
      this.state = m.state;
      this.extras = { summary: m.summary, deal: m.deal };
      this.draw();
      hop("state-drawn", m.state.index, this.wire?.selfId);
    } else if (m.k === "refused") {
      if (this.state && m.action !== undefined) this.page.seatTable.refused(m.action, m);
      else this.page.status(m.message);
    } else if (m.k === "chat") this.page.appendChat(m.lines);
    else if (m.k === "bye") this.page.status(m.message);
  }

  /** @param {TableInfo} table */
  showTable(table) {
    const starting = this.info && !this.info.started && table.started;
    this.info = table;
    const page = this.page;
    if (starting && table.you !== null) page.status(_("The game is on: you sit {seat}.", { seat: page.data.seat_names[table.seats.length][table.you] }));
    const canSit = table.you === null && table.seats.some((s) => s.who === "open");
    page.el.sit.hidden = !canSit;
    page.renderSeats(table, { onSit: canSit ? (seat) => this.sit(seat) : null });
    if (table.you === null && table.started) page.status(_("You are watching this table: the cards in the players' hands stay hidden."));
    page.voice.sync();
    this.draw();
  }

  draw() {
    if (!this.state || !this.info) return;
    this.page.showState(this.state, { ...this.extras, waiting: this.page.waiting(this.info) }, this.info);
  }

  /** @param {number} seat */
  sit(seat) {
    const name = cleanName(this.page.el.guestName.value);
    if (!this.host) {
      this.page.status(_("The table's host cannot be reached just now: try again in a moment."));
      return;
    }
    if (!name) {
      this.page.status(_("Type your name first, then choose a seat."));
      this.page.el.guestName.focus();
      return;
    }
    this.seated = null;
    this.pendingName = name;
    hop("sit-sent", null);
    this.send({ k: "sit", seat, name }, this.host);
  }

  /** @param {string} action @param {number} at */
  play(action, at) {
    hop("move-sending", at + 1);
    this.send({ k: "move", action, at }, this.host);
    hop("move-sent", at + 1);
  }

  /** @param {number} at */
  next(at) {
    this.send({ k: "next", at }, this.host);
    this.draw();
  }

  /** @param {string} text */
  chat(text) {
    this.send({ k: "chat", text }, this.host);
  }

  /** @param {boolean} on */
  voice(on) {
    this.send({ k: "voice", on }, this.host);
  }

  /** @param {ToHost} message @param {string | null} peer */
  send(message, peer) {
    this.wire?.send(message, [/** @type {string} */ (peer)]);
  }
}
