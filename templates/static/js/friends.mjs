// A table with friends (the [[friends]] component; docs/friends.md). Two to four people, each on
// their own device: one opens a table (the host), the others follow its invitation link. The
// host's browser is the table: its engine (a table session in the worker) holds the whole game,
// checks every move and builds every seat's state from that seat's view; each guest's browser
// receives only its own seat's state (a spectator, the public one) and sends its choices. The
// browsers talk peer to peer (friends-net.mjs); nothing is sent anywhere before the visitor
// presses Open or Join, and the page says first which relays that contacts.

import { getEngine, mountStatus, startWhenNear } from "./engine-client.mjs";
import { atDealEnd } from "./play.mjs";
import { el, withData } from "./table.mjs";
import { SeatTable } from "./friends-table.mjs";
import { ID, RateLimit, Wire, checkHost, cleanChat, cleanName, hostKey, proveHost, randomId } from "./friends-net.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {import("./engine").TableAnswer} TableAnswer */
/** @typedef {import("./engine").FriendsData} FriendsData */
/** @typedef {import("./engine-client.mjs").EngineError} EngineError */
/** @typedef {import("./friends-net.mjs").SeatInfo} SeatInfo */
/** @typedef {import("./friends-net.mjs").SeatWho} SeatWho */
/** @typedef {import("./friends-net.mjs").SeatLink} SeatLink */
/** @typedef {import("./friends-net.mjs").TableInfo} TableInfo */
/** @typedef {import("./friends-net.mjs").ChatLine} ChatLine */
/** @typedef {import("./friends-net.mjs").Refused} Refused */
/** @typedef {import("./friends-net.mjs").ToHost} ToHost */
/** @typedef {import("./friends-net.mjs").ToGuest} ToGuest */
/** @typedef {import("./friends-net.mjs").HostKey} HostKey */
/** @typedef {{game: string, players: number, seat: number, name: string, level: string}} TableConfig the host's choices */
/** @typedef {{who: SeatWho, name: string | null, token: string | null, peer: string | null, voice: boolean,
 *             was?: boolean, link?: SeatLink | null, leftAt?: number}} HostSeat a seat as the host keeps it */
/** @typedef {{jwk: JsonWebKey, config: TableConfig, started: boolean, record: EngineRecord | null,
 *             seats: {who: SeatWho, name: string | null, token: string | null, was: boolean}[],
 *             waiting: number[], chat: ChatLine[], movedOn: number | null}} SavedHost the host's table, kept */
/** @typedef {{token: string, seat: number, name: string | null | undefined}} SavedSeat a guest's seat, kept */
/** @typedef {import("./friends-table.mjs").Extras} Extras */

const STORE_VERSION = 1;
const KEYS = {
  host: (/** @type {string} */ id) => `friends.host.${id}`,
  seat: (/** @type {string} */ id) => `friends.seat.${id}`,
  last: "friends.host.last",
};
const CHAT_KEPT = 40;
const FIND_HOST_MS = 15_000; // no peer met by then: the host is not there
const NO_RELAY_MS = 6_000;    // no relay's socket open by then: none can be reached
const ICE_MS = 12_000;        // a peer met this long ago and no connection: none will come
const REJOIN_MS = 12_000;     // the host lost and not back: look for it afresh, then this often (doubling)

// ---- small helpers ---------------------------------------------------------------------------------

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A point on a move's way from one screen to the others (bench/friends.py reads them): `n` is
 *  the index of the state the move makes, `peer` the guest a state goes to or comes to.
 *  @param {string} name @param {number | null} n @param {string | null} [peer] */
const hop = (name, n, peer = null) => performance.mark(`friends:${name}`, { detail: { n, peer } });
const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** What this device kept under `key` (in this version's shape), or null: the shape the caller
 *  kept there (`T`; keep() writes them, this version's only).
 *  @template T @param {string} key @returns {T | null} */
function load(key) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? "null");
    return value && value.v === STORE_VERSION ? value : null;
  } catch {
    return null;
  }
}

/** @param {string} key @param {object} value */
function keep(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify({ v: STORE_VERSION, ...value }));
  } catch { /* storage full or blocked: the table goes on, not remembered */ }
}

/** @param {string} key */
function forget(key) {
  try { window.localStorage.removeItem(key); } catch { /* nothing to do */ }
}

/** @param {string} hash */
function tableIdFromHash(hash) {
  const match = /(?:^#|&)t=([A-Za-z0-9_-]+)/.exec(hash || "");
  return match && ID.test(match[1]) ? match[1] : null;
}

// ---- the page -------------------------------------------------------------------------------------

class FriendsPage {
  /** @param {HTMLElement} root @param {FriendsData} data */
  constructor(root, data) {
    this.root = root;
    this.data = data;
    /** The element of the component's markup (templates/components/friends.html) `selector` names.
     *  @param {string} selector */
    const q = (selector) => /** @type {HTMLElement} */ (root.querySelector(selector));
    /** @type {Record<string, HTMLElement>} */
    const steps = Object.fromEntries([.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-step]"))]
      .map((s) => [s.dataset.step, s]));
    this.el = {
      steps,
      open: /** @type {HTMLFormElement} */ (q('[data-form="open"]')), resume: q("[data-resume]"),
      join: /** @type {HTMLButtonElement} */ (q('[data-action="join"]')),
      consent: q("[data-consent]"), consentCopy: q("[data-consent-copy]"),
      status: q("[data-status]"), connection: q("[data-connection]"), invite: q("[data-invite]"),
      link: /** @type {HTMLInputElement} */ (q("[data-link]")), qr: q("[data-qr]"),
      seats: q("[data-seat-list]"), sit: q("[data-sit]"), guestName: /** @type {HTMLInputElement} */ (q('[data-control="guest-name"]')),
      host: q("[data-host]"), start: q('[data-action="start"]'), startNote: q("[data-start-note]"),
      missing: q("[data-missing]"), talk: q("[data-talk]"), chat: q("[data-chat]"),
      chatForm: q('[data-form="chat"]'), chatInput: /** @type {HTMLInputElement} */ (q('[data-control="chat"]')),
      voice: q('[data-action="voice"]'), voiceStatus: q("[data-voice-status]"),
      engineStatus: q(".engine-status"),
    };
    this.seatTable = new SeatTable(q('[data-step="game"]'), data, {
      onPlay: (action, at) => this.party?.play(action, at),
      onNext: (at) => this.party?.next(at),
    });
    this.voice = new Voice(this);
    root.classList.add("is-live");
    q("[data-live]").hidden = false;
    for (const p of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".friends-nojs"))) p.hidden = true;
    this.bind();
    window.addEventListener("hashchange", () => window.location.reload());
    this.route();
  }

  bind() {
    const form = this.el.open;
    const control = (/** @type {string} */ name) =>
      /** @type {HTMLSelectElement & HTMLInputElement} */ (form.querySelector(`[data-control="${name}"]`));
    const game = control("game");
    const players = control("players");
    const seat = control("seat");
    const counted = () => (game.selectedOptions[0].dataset.players ?? "").split(" ").map(Number);
    const fit = () => {
      const counts = counted();
      /** @type {HTMLElement} */ (form.querySelector("[data-players-field]")).hidden = counts.length < 2;
      if (!counts.includes(Number(players.value))) players.value = String(counts[counts.length - 1]);
      const n = counts.length < 2 ? counts[0] : Number(players.value);
      const names = this.data.seat_names[n];
      const chosen = Math.min(Number(seat.value) || 0, n - 1);
      seat.replaceChildren(...names.map((name, i) => el("option", { value: i, text: name })));
      seat.value = String(chosen);
    };
    game.addEventListener("change", fit);
    players.addEventListener("change", fit);
    fit();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = cleanName(control("name").value);
      if (!name) {
        control("name").focus();
        return;
      }
      const counts = counted();
      /** @type {TableConfig} */
      const config = {
        game: game.value, players: counts.length < 2 ? counts[0] : Number(players.value),
        seat: Number(seat.value), name, level: control("level").value,
      };
      this.openTable(config);
    });
    this.el.join.addEventListener("click", () => { if (this.tableId) this.joinTable(this.tableId, null); });
    this.el.start.addEventListener("click", () => { if (this.party instanceof Host) this.party.startGame(); });
    this.el.chatForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = cleanChat(this.el.chatInput.value);
      if (!text || !this.party) return;
      this.party.chat(text);
      this.el.chatInput.value = "";
    });
    this.el.voice.addEventListener("click", () => this.voice.toggle());
    const copy = /** @type {HTMLButtonElement} */ (this.root.querySelector('[data-action="copy"]'));
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(this.el.link.value);
        copy.textContent = "Link copied";
      } catch {
        this.el.link.select();
        copy.textContent = "Copy it from the box";
      }
    });
  }

  /** Show the step `name` ("open", "join", "lobby"; null: none of the first two). @param {string | null} name */
  step(name) {
    for (const [key, section] of Object.entries(this.el.steps)) {
      if (key === "open" || key === "join") section.hidden = key !== name;
    }
    if (name === "lobby") this.el.steps.lobby.hidden = false;
  }

  route() {
    this.tableId = tableIdFromHash(window.location.hash);
    if (!window.crypto || !crypto.subtle || !window.RTCPeerConnection) {
      this.step(null);
      this.el.steps.lobby.hidden = false;
      this.status("A table with friends needs a browser with WebRTC, on a secure (https) page.");
      return;
    }
    if (this.tableId) {
      /** @type {SavedHost | null} */
      const hosted = load(KEYS.host(this.tableId));
      /** @type {SavedSeat | null} */
      const seated = load(KEYS.seat(this.tableId));
      if (hosted) this.resumeHost(hosted);
      else if (seated) this.joinTable(this.tableId, seated);
      else {
        this.el.consentCopy.replaceChildren(...[...this.el.consent.children].map((c) => c.cloneNode(true)));
        this.step("join");
      }
      return;
    }
    this.step("open");
    /** @type {{id?: string} | null} */
    const last = load(KEYS.last);
    if (last && last.id && ID.test(last.id) && load(KEYS.host(last.id))) {
      this.el.resume.replaceChildren("Your table is still open: ",
        el("a", { href: `#t=${last.id}`, "data-resume-link": "", text: "go back to it" }), ".");
      this.el.resume.hidden = false;
    }
    // The host's engine starts when the form comes near, so that it is ready when the game is.
    startWhenNear(this.el.open, getEngine(this.root), [this.el.open]);
  }

  /** @param {TableConfig} config */
  async openTable(config) {
    /** @type {HTMLButtonElement} */ (this.el.open.querySelector('[data-action="open"]')).disabled = true;
    const key = await hostKey();
    const id = key.tableId;
    keep(KEYS.last, { id });
    window.history.replaceState(null, "", `#t=${id}`);
    this.tableId = id;
    this.party = new Host(this, key, config, null);
    await this.party.connect();
  }

  /** @param {SavedHost} saved */
  async resumeHost(saved) {
    const key = await hostKey(saved.jwk);
    if (key.tableId !== this.tableId) {
      if (this.tableId) forget(KEYS.host(this.tableId));
      this.step("join");
      return;
    }
    this.party = new Host(this, key, saved.config, saved);
    await this.party.connect();
  }

  /** @param {string} id @param {SavedSeat | null} seated */
  async joinTable(id, seated) {
    hop("join-pressed", null);
    this.el.join.disabled = true;
    this.party = new Guest(this, id, seated);
    await this.party.connect();
  }

  // ---- what every page at the table shows ---------------------------------------------------------

  /** @param {string} text */
  status(text) {
    this.el.status.textContent = text;
  }

  /** The line that says how this page is connected, or why it is not (empty: hidden).
   *  @param {string} text */
  connection(text) {
    if (this.el.connection.textContent !== text) this.el.connection.textContent = text;
    this.el.connection.hidden = !text;
  }

  /** What helps when two browsers met and could not connect, by whether the site has a relay. */
  blockedWords() {
    return this.data.turn && this.data.turn.length
      ? "one of the networks blocks direct connections, and the site's relay could not be reached either (some office networks let only web pages through): try another network, such as the host's Wi-Fi"
      : "one of your networks blocks direct connections, common on mobile data and office Wi-Fi: join the host's Wi-Fi, or the site's author can add a relay";
  }

  inviteLink() {
    const url = new URL(window.location.href);
    url.search = ""; // the host's own ?seed= (the tests' hook) is no part of the invitation
    url.hash = `t=${this.tableId}`;
    return url.href;
  }

  /** @param {boolean} show */
  showInvite(show) {
    this.el.invite.hidden = !show;
    if (!show || this.el.qr.firstChild) return;
    const link = this.inviteLink();
    this.el.link.value = link;
    const bundle = "./vendor/qr.mjs"; // npm qr, bundled by sitegen/vendor.py
    /** @type {Promise<typeof import("qr")>} */
    const qr = import(bundle);
    qr.then(({ default: encodeQR }) => {
      if (this.el.qr.firstChild) return;
      this.el.qr.innerHTML = encodeQR(link, "svg", { ecc: "medium", border: 4 });
      const svg = this.el.qr.firstElementChild;
      if (!svg) return;
      for (const [name, value] of [["class", "qr-code"], ["role", "img"], ["aria-label", "The invitation link as a QR code"], ["shape-rendering", "crispEdges"]]) svg.setAttribute(name, value);
    });
  }

  /** Seat names as the table shows them: people's names, "East (computer)", a free seat's compass name.
   *  @param {TableInfo} table */
  names(table) {
    const compass = this.data.seat_names[table.seats.length];
    return table.seats.map((s, i) => (s.who === "computer" ? `${compass[i]} (computer)` : s.name || compass[i]));
  }

  /** The seats list: who sits where, who is missing, and what this page may do about it. The
   *  host calls this after every move: a seat's line is made again only when what it says (or
   *  offers) changed, and nothing is written when nothing did.
   *  @param {TableInfo} table
   *  @param {{host?: Host | null, onSit?: ((seat: number) => void) | null}} [options] */
  renderSeats(table, { host = null, onSit = null } = {}) {
    const compass = this.data.seat_names[table.seats.length];
    const partners = table.seats.length === 4; // Madrasso and four-handed Scopa: partners opposite
    const playing = table.started && !table.over;
    const lines = table.seats.map((s, seat) => ({
      seat, kind: s.who, away: !s.here, voice: s.voice, link: s.link || null,
      where: `${compass[seat]}${partners ? ` (partner of ${compass[(seat + 2) % 4]})` : ""}`,
      who: s.who === "open" ? "free" : s.who === "computer" ? "the computer"
        : `${s.name}${s.who === "host" ? ", the host" : ""}${seat === table.you ? " (you)" : ""}`,
      sit: s.who === "open" && onSit ? `Sit ${compass[seat]}` : null,
      computer: host && s.who === "person" && !s.here && s.link !== "reconnecting" && playing ? `Let the computer play ${compass[seat]}` : null,
    }));
    /** @type {Map<number, {key: string, item: HTMLElement}>} */
    const drawn = this.seatLines || new Map();
    const items = lines.map((line) => {
      const key = JSON.stringify(line);
      const kept = drawn.get(line.seat);
      if (kept && kept.key === key) return kept.item;
      const item = this.seatLine(line, { host, onSit });
      drawn.set(line.seat, { key, item });
      return item;
    });
    for (const seat of [...drawn.keys()]) if (seat >= lines.length) drawn.delete(seat);
    this.seatLines = drawn;
    if (items.some((item, i) => this.el.seats.children[i] !== item) || this.el.seats.children.length !== items.length) {
      this.el.seats.replaceChildren(...items);
    }
    this.el.talk.hidden = table.you === null;
    const away = table.seats.map((s, i) => (s.who === "person" && !s.here ? this.names(table)[i] : null)).filter(Boolean);
    this.el.missing.hidden = !(playing && away.length);
    const missing = away.length
      ? `The table waits for ${away.join(" and ")} to come back${host ? ", or for you to let the computer play" : " (the host may let the computer play)"}.`
      : "";
    if (this.el.missing.textContent !== missing) this.el.missing.textContent = missing;
    this.seatTable.setup({ game: table.game, players: table.seats.length, you: table.you, names: this.names(table) });
  }

  /** One seat's line of the list (`line`: what renderSeats says of it).
   *  @param {{seat: number, kind: SeatWho, away: boolean, voice: boolean, link: SeatLink | null, where: string,
   *           who: string, sit: string | null, computer: string | null}} line
   *  @param {{host: Host | null, onSit: ((seat: number) => void) | null}} options */
  seatLine(line, { host, onSit }) {
    const item = el("li", { "data-seat": line.seat, class: `friends-seat is-${line.kind}${line.away ? " is-away" : ""}` },
      el("span", { class: "friends-seat-where", text: `${line.where}: ` }), el("span", { class: "friends-seat-who", text: line.who }));
    if (line.voice) item.append(el("span", { class: "friends-seat-voice", text: " (on the voice)" }));
    /** @type {Partial<Record<SeatLink, string>>} */
    const links = { direct: " (connected directly)", relay: " (connected through the relay)" };
    if (line.kind === "person" && line.link === "reconnecting") item.append(el("span", { class: "friends-seat-away", text: " is reconnecting: their network dropped" }));
    else if (line.kind === "person" && line.away) item.append(el("span", { class: "friends-seat-away", text: line.link === "blocked" ? ` is away: a browser tried to come back but could not connect (${this.blockedWords()})` : " is away" }));
    else if (line.kind === "person" && line.link && links[line.link]) item.append(el("span", { class: "friends-seat-link", text: links[line.link] }));
    if (line.sit) {
      const button = el("button", { type: "button", "data-sit": line.seat, text: line.sit });
      button.addEventListener("click", () => onSit?.(line.seat));
      item.append(" ", button);
    }
    if (line.computer) {
      const button = el("button", { type: "button", "data-computer": line.seat, text: line.computer });
      button.addEventListener("click", () => host?.giveToComputer(line.seat));
      item.append(" ", button);
    }
    return item;
  }

  /** The prompt while the table waits: someone away, or someone still reading a deal's score.
   *  @param {TableInfo} table */
  waiting(table) {
    if (!table.started || table.over) return null;
    const names = this.names(table);
    const away = table.seats.map((s, i) => (s.who === "person" && !s.here ? names[i] : null)).filter(Boolean);
    const back = table.seats.map((s, i) => (s.who === "person" && s.link === "reconnecting" ? names[i] : null)).filter(Boolean);
    if (back.length) return `The game is paused: ${back.join(" and ")} ${back.length > 1 ? "are" : "is"} reconnecting.`;
    if (away.length) return `The game is paused: waiting for ${away.join(" and ")}.`;
    const others = table.waiting.filter((seat) => seat !== table.you).map((seat) => names[seat]);
    if (table.waiting.length && (table.you === null || !table.waiting.includes(table.you))) return `Waiting for ${others.join(" and ")} to press Next deal.`;
    return null;
  }

  /** @param {EngineState} state @param {Extras} extras @param {TableInfo} table */
  showState(state, extras, table) {
    // A seat that pressed Next deal before this page was loaded (a reload) is not shown the
    // finished deal's panel and its button again: the prompt says whom the table waits for.
    const pressed = state.table.between_deals && table.you !== null && table.waiting.length > 0
      && !table.waiting.includes(table.you);
    if (pressed) extras = { ...extras, deal: undefined };
    const first = this.el.steps.game.hidden;
    this.el.steps.game.hidden = false;
    // Once the game is on, the chat joins the table's words (beside the board on a wide screen).
    if (first) this.el.steps.game.querySelector("[data-words]")?.append(this.el.talk);
    this.seatTable.show(state, extras);
    // The table is far down the page (the introduction, the seats above it): bring it into
    // view when it first appears on this page, as the deal starts or the page comes back to it.
    if (first) this.el.steps.game.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  /** @param {ChatLine[]} lines */
  appendChat(lines) {
    const chat = this.el.chat;
    const reading = chat.scrollHeight - chat.scrollTop - chat.clientHeight > 24; // scrolled back to read
    for (const line of lines) {
      chat.append(el("li", {}, el("b", { text: `${line.name}: ` }), line.text));
    }
    while (chat.children.length > CHAT_KEPT) chat.children[0].remove();
    if (!reading) chat.scrollTop = chat.scrollHeight; // the newest line in view
  }
}

// ---- the voice: the microphone over the same peer connections --------------------------------------

class Voice {
  /** @param {FriendsPage} page */
  constructor(page) {
    this.page = page;
    /** @type {MediaStream | null} */
    this.stream = null;
    /** @type {Set<string>} */
    this.sentTo = new Set();
    /** @type {Map<string, HTMLAudioElement>} */
    this.playing = new Map();
  }

  /** The peers of the people seated now (not this page's own): who hears and is heard. */
  seatedPeers() {
    const party = this.page.party;
    if (!party) return [];
    const self = party.wire?.selfId;
    return party.table().seats.flatMap((s) => (s.who !== "computer" && s.here && s.peer && s.peer !== self ? [s.peer] : []));
  }

  async toggle() {
    const button = this.page.el.voice;
    const party = this.page.party;
    const wire = party?.wire;
    if (!party || !wire) return;
    if (this.stream) {
      wire.removeStream(this.stream, [...this.sentTo].filter((p) => wire.peers().includes(p)));
      for (const track of this.stream.getTracks()) track.stop();
      this.stream = null;
      this.sentTo.clear();
      button.textContent = "Join the voice";
      button.setAttribute("aria-pressed", "false");
      this.page.el.voiceStatus.textContent = "";
      party.voice(false);
      return;
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch (err) {
      this.page.el.voiceStatus.textContent = `The microphone could not be opened (${(err instanceof Error && err.name) || err}).`;
      return;
    }
    button.textContent = "Leave the voice";
    button.setAttribute("aria-pressed", "true");
    this.page.el.voiceStatus.textContent = "You are on the voice: the others at the table hear you.";
    party.voice(true);
    this.sync();
  }

  /** Send the microphone to every seated person not yet hearing it (people sit down, come back). */
  sync() {
    const peers = this.seatedPeers();
    const wire = this.page.party?.wire;
    if (!wire) return;
    for (const peer of [...this.sentTo]) if (!wire.peers().includes(peer)) this.sentTo.delete(peer);
    if (!this.stream) return;
    const fresh = peers.filter((p) => !this.sentTo.has(p));
    fresh.forEach((p) => this.sentTo.add(p));
    wire.addStream(this.stream, fresh);
  }

  /** A peer's microphone: played when it is a seated person's, refused otherwise.
   *  @param {MediaStream} stream @param {string} peer */
  received(stream, peer) {
    if (!this.seatedPeers().includes(peer)) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let audio = this.playing.get(peer);
    if (!audio) {
      audio = el("audio", { autoplay: true, "data-voice-of": peer });
      audio.hidden = true;
      this.page.el.talk.append(audio);
      this.playing.set(peer, audio);
    }
    audio.srcObject = stream;
    audio.play().catch(() => {}); // autoplay may wait for a press on the page
  }

  /** @param {string} peer */
  left(peer) {
    const audio = this.playing.get(peer);
    if (audio) audio.remove();
    this.playing.delete(peer);
    this.sentTo.delete(peer);
  }
}

// ---- the host: the table itself --------------------------------------------------------------------

class Host {
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
    page.status("Connecting to the relays…");
    this.seats[this.you].peer = await wire.join();
    if (this.record) {
      page.status("Your table is back: the others are reconnecting.");
      await this.enqueue(async () => this.publish(await this.engine.request("table_load", { record: this.record }), true));
    } else {
      page.status("The table is open. Send the invitation to your friends, then start when you are ready.");
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
        ? `A browser found this table but could not connect to it: ${this.page.blockedWords()}.` : "");
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
      this.page.status(`Something went wrong at the table: ${(err && err.message) || err}`);
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
    const note = open ? `The computer (${this.config.level}) takes the ${open === 1 ? "free seat" : `${open} free seats`}.` : "Everybody is seated.";
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
    const button = el("button", { type: "button", "data-action": "again", text: "Deal a new game at this table" });
    button.addEventListener("click", () => this.startGame());
    return button;
  }

  // ---- messages from the guests ---------------------------------------------------------------------

  /** @param {ToHost} m @param {string} peer */
  async received(m, peer) {
    const seat = this.seatOf(peer);
    if (m.k === "hello") return this.hello(m, peer);
    if (m.k === "sit") return this.sit(m, peer);
    if (seat === null) return this.refuse(peer, { message: "Only the people seated at the table can do that." });
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
    if (this.seatOf(peer) !== null) return this.refuse(peer, { message: "You already have a seat at this table." });
    if (!s || s.who !== "open") return this.refuse(peer, { message: "That seat is taken: choose a free one." });
    const token = randomId();
    Object.assign(s, { who: "person", name: cleanName(m.name), token, peer, voice: false, was: true });
    this.send({ k: "seat", seat: m.seat, token }, [peer]);
    this.chatLine(null, `${s.name} sits ${this.page.data.seat_names[this.seats.length][m.seat]}.`);
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
      this.chatLine(null, `The computer plays ${this.page.data.seat_names[this.seats.length][seat]} for ${s.name}.`);
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
    const line = { seat, name: seat === null ? "Table" : this.page.names(this.table())[seat], text };
    this.chatLines = [...this.chatLines, line].slice(-CHAT_KEPT);
    this.page.appendChat([line]);
    this.send({ k: "chat", lines: [line] }, this.wire?.peers() ?? []);
  }

  /** @param {number} seat @param {string} text @param {string | null} [peer] */
  say(seat, text, peer = null) {
    let limit = this.chatLimits.get(seat);
    if (!limit) this.chatLimits.set(seat, limit = new RateLimit(0.5, 4));
    if (!limit.take()) return this.refuse(peer, { message: "Slow down: one message every two seconds." });
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
      this.chatLine(null, "The cards are dealt.");
      this.page.status("The game is on. If someone drops, the table waits for them, and you may let the computer play their seat.");
      await this.publish(answer);
    });
  }

  /** A seat's move (`peer` null: the host's own), checked by the engine like any move.
   *  @param {number} seat @param {string} action @param {number} at @param {string | null} peer */
  move(seat, action, at, peer) {
    hop("move-checking", at + 1);
    if (!this.answer || this.answer.public.over) return this.refuse(peer, { message: "No game is being played.", action });
    if (this.paused()) return this.refuse(peer, { message: this.page.waiting(this.table()) ?? "", action });
    if (this.waitingFor.size || this.betweenDeals()) return this.refuse(peer, { message: "Wait until everyone has seen the deal's score.", action });
    if (at !== this.answer.public.index) {
      this.refuse(peer, { message: "The table moved on before your card arrived: look again.", action });
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

// ---- a guest: a seat (or a spectator) at someone else's table ------------------------------------

class Guest {
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
    page.status("Looking for the table through the relays…");
    const wire = this.wire = new Wire({ tableId: this.tableId, relays: page.data.relays, stun: page.data.stun, turn: page.data.turn || [], role: "guest" });
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
        direct: "Connected to the host directly.",
        relay: "Connected to the host through the site's relay.",
        reconnecting: "The connection to the host dropped: reconnecting…",
      }[link]) || "");
      return;
    }
    const now = performance.now();
    const since = now - this.lost;
    let words = "";
    if (wire.blockedSince(this.lost, ICE_MS)) words = `The host's browser was found, but no connection to it could be made: ${page.blockedWords()}. This page keeps trying.`;
    else if (!wire.relayReachable() && since > NO_RELAY_MS) words = "No relay can be reached, so the table cannot be looked for: this network may block them, or the internet connection is down. This page keeps trying.";
    else if (!wire.metSince(this.lost) && since > FIND_HOST_MS) words = "The relays answer, but the table's host is not there: the host's page may be closed, or the link may be wrong. This page keeps looking.";
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
      await wire.rejoin();
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
    this.page.status("The host's browser has left the table: the game goes on when it comes back.");
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
        this.page.status(this.seated ? "You are back at the table." : "You are at the table: type your name and choose a free seat.");
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
      if (first) this.page.status(`You sit ${this.page.data.seat_names[this.table().seats.length || 4][m.seat] || ""}: the host starts the game when everybody is there.`);
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
    if (starting && table.you !== null) page.status(`The game is on: you sit ${page.data.seat_names[table.seats.length][table.you]}.`);
    const canSit = table.you === null && table.seats.some((s) => s.who === "open");
    page.el.sit.hidden = !canSit;
    page.renderSeats(table, { onSit: canSit ? (seat) => this.sit(seat) : null });
    if (table.you === null && table.started) page.status("You are watching this table: the cards in the players' hands stay hidden.");
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
      this.page.status("The table's host cannot be reached just now: try again in a moment.");
      return;
    }
    if (!name) {
      this.page.status("Type your name first, then choose a seat.");
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

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-component="friends"]'))) {
  withData(root, root.querySelector(".friends-data"), (/** @type {FriendsData} */ data) => new FriendsPage(root, data));
}
