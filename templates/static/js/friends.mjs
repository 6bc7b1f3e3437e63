// A table with friends (the [[friends]] component; docs/friends.md). Two to four people, each on
// their own device: one opens a table (the host), the others follow its invitation link. The
// host's browser is the table (friends-host.mjs): its engine holds the whole game, checks every
// move and builds every seat's state from that seat's view; each guest's browser
// (friends-guest.mjs) receives only its own seat's state (a spectator, the public one) and sends
// its choices. The browsers talk peer to peer (friends-net.mjs); nothing is sent anywhere before
// the visitor presses Open or Join, and the page says first which relays that contacts.
//
// This module is the page: the form that opens a table, the invitation (link and QR code), the
// way in (open, resume, join), what every page at the table shows (status, connection, the seats,
// the chat) and the table drawn by friends-table.mjs; the voice is friends-voice.mjs.

import { getEngine, startWhenNear } from "./engine-client.mjs";
import { withData } from "./table.mjs";
import { el, reducedMotion } from "./util.mjs";
import { _, list, ngettext } from "./words.mjs";
import { SeatTable } from "./friends-table.mjs";
import { ID, cleanChat, cleanName, hop, hostKey } from "./friends-net.mjs";
import { CHAT_KEPT, KEYS, forget, keep, load } from "./friends-store.mjs";
import { Guest } from "./friends-guest.mjs";
import { Host } from "./friends-host.mjs";
import { Voice } from "./friends-voice.mjs";

/** @typedef {import("./engine").EngineState} EngineState */
/** @typedef {import("./engine").FriendsData} FriendsData */
/** @typedef {import("./friends-net.mjs").SeatWho} SeatWho */
/** @typedef {import("./friends-net.mjs").SeatLink} SeatLink */
/** @typedef {import("./friends-net.mjs").TableInfo} TableInfo */
/** @typedef {import("./friends-net.mjs").ChatLine} ChatLine */
/** @typedef {import("./friends-store.mjs").TableConfig} TableConfig */
/** @typedef {import("./friends-store.mjs").SavedHost} SavedHost */
/** @typedef {import("./friends-store.mjs").SavedSeat} SavedSeat */
/** @typedef {import("./friends-table.mjs").Extras} Extras */

/** The table an invitation link names (`#t=<id>`), or null.
 *  @param {string} hash */
function tableIdFromHash(hash) {
  const match = /(?:^#|&)t=([A-Za-z0-9_-]+)/.exec(hash || "");
  return match && ID.test(match[1]) ? match[1] : null;
}

export class FriendsPage {
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
        copy.textContent = _("Link copied");
      } catch {
        this.el.link.select();
        copy.textContent = _("Copy it from the box");
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
      this.status(_("A table with friends needs a browser with WebRTC, on a secure (https) page."));
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
      this.el.resume.replaceChildren(`${_("Your table is still open:")} `,
        el("a", { href: `#t=${last.id}`, "data-resume-link": "", text: _("go back to it") }), ".");
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
      ? _("one of the networks blocks direct connections, and the site's relay could not be reached either (some office networks let only web pages through): try another network, such as the host's Wi-Fi")
      : _("one of your networks blocks direct connections, common on mobile data and office Wi-Fi: join the host's Wi-Fi, or the site's author can add a relay");
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
      for (const [name, value] of [["class", "qr-code"], ["role", "img"], ["aria-label", _("The invitation link as a QR code")], ["shape-rendering", "crispEdges"]]) svg.setAttribute(name, value);
    });
  }

  /** Seat names as the table shows them: people's names, "East (computer)", a free seat's compass name.
   *  @param {TableInfo} table */
  names(table) {
    const compass = this.data.seat_names[table.seats.length];
    return table.seats.map((s, i) => (s.who === "computer" ? _("{seat} (computer)", { seat: compass[i] }) : s.name || compass[i]));
  }

  /** The seats list: who sits where, who is missing, and what this page may do about it. The
   *  host calls this after every move: a seat's line is made again only when what it says (or
   *  offers) changed, and nothing is written when nothing did.
   *  @param {TableInfo} table
   *  @param {{host?: Host | null, onSit?: ((seat: number) => void) | null}} [options] */
  renderSeats(table, { host = null, onSit = null } = {}) {
    const compass = this.data.seat_names[table.seats.length];
    const n = table.seats.length;
    const partners = (this.data.partners[table.game] || []).includes(n); // the game's facts: opposite seats
    const playing = table.started && !table.over;
    const lines = table.seats.map((s, seat) => ({
      seat, kind: s.who, away: !s.here, voice: s.voice, link: s.link || null,
      where: partners ? _("{seat} (partner of {partner})", { seat: compass[seat], partner: compass[(seat + n / 2) % n] }) : compass[seat],
      who: s.who === "open" ? _("free") : s.who === "computer" ? _("the computer")
        : `${s.who === "host" ? _("{name}, the host", { name: s.name }) : s.name}${seat === table.you ? ` ${_("(you)")}` : ""}`,
      sit: s.who === "open" && onSit ? _("Sit {seat}", { seat: compass[seat] }) : null,
      computer: host && s.who === "person" && !s.here && s.link !== "reconnecting" && playing ? _("Let the computer play {seat}", { seat: compass[seat] }) : null,
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
      ? (host ? _("The table waits for {names} to come back, or for you to let the computer play.", { names: list(away) })
        : _("The table waits for {names} to come back (the host may let the computer play).", { names: list(away) }))
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
    if (line.voice) item.append(el("span", { class: "friends-seat-voice", text: ` ${_("(on the voice)")}` }));
    /** @type {Partial<Record<SeatLink, string>>} */
    const links = { direct: ` ${_("(connected directly)")}`, relay: ` ${_("(connected through the relay)")}` };
    if (line.kind === "person" && line.link === "reconnecting") item.append(el("span", { class: "friends-seat-away", text: ` ${_("is reconnecting: their network dropped")}` }));
    else if (line.kind === "person" && line.away) item.append(el("span", { class: "friends-seat-away", text: ` ${line.link === "blocked" ? _("is away: a browser tried to come back but could not connect ({why})", { why: this.blockedWords() }) : _("is away")}` }));
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
    if (back.length) return ngettext("The game is paused: {names} is reconnecting.", "The game is paused: {names} are reconnecting.", back.length, { names: list(back) });
    if (away.length) return _("The game is paused: waiting for {names}.", { names: list(away) });
    const others = table.waiting.filter((seat) => seat !== table.you).map((seat) => names[seat]);
    if (table.waiting.length && (table.you === null || !table.waiting.includes(table.you))) return _("Waiting for {names} to press Next deal.", { names: list(others) });
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

for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-component="friends"]'))) {
  withData(root, root.querySelector(".friends-data"), (/** @type {FriendsData} */ data) => new FriendsPage(root, data));
}

