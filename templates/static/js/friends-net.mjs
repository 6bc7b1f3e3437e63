// The wire of a table with friends: WebRTC data channels between the browsers at a table, found
// through public signalling relays (trystero's BitTorrent-tracker strategy, bundled into the
// site at build time: js/vendor/trystero-torrent.mjs), and what every message must look like.
// Nothing here runs before the visitor opens or joins a table: the bundle is imported then.
// The protocol (who sends what, the host's proof, the limits) is in docs/friends.md.

import { base64url, unbase64url } from "./util.mjs";

/** @typedef {{[key: string]: unknown}} JsonObject a message as it came: checked before it is read */
/** @typedef {import("trystero").Room} Room */
/** @typedef {import("trystero").BaseRoomConfig & import("trystero").RelayConfig
 *             & {rtcPolyfill?: typeof RTCPeerConnection}} RoomConfig */
/** @typedef {{joinRoom: (config: RoomConfig, roomId: string) => Room, selfId: string,
 *             getRelaySockets: () => Record<string, WebSocket>, pauseRelayReconnection: () => void}} TrysteroTorrent
 *   the bundle's exports */
/** @typedef {{privateKey: CryptoKey, jwk: JsonWebKey, raw: string, tableId: string}} HostKey */
/** @typedef {{key: string, sig: string}} HostProof */
/** @typedef {{urls: string | string[], username?: string, credential?: string}} TurnServer */
/** @typedef {"direct" | "relay" | "reconnecting"} LinkKind how a connection goes, as getStats says */
/**
 * @typedef {object} WireHandlers
 * @property {(message: JsonObject, peer: string) => void} message
 * @property {(peer: string) => void} join
 * @property {(peer: string) => void} leave
 * @property {(stream: MediaStream, peer: string) => void} stream
 * @property {(connection: RTCPeerConnection, state: RTCPeerConnectionState) => void} link
 */


// What each kind of message holds once its check (TO_HOST, TO_GUEST below) has passed.
/** @typedef {"open" | "host" | "person" | "computer"} SeatWho */
/** @typedef {"direct" | "relay" | "reconnecting" | "blocked"} SeatLink */
/** @typedef {{name: string | null, who: SeatWho, here: boolean, peer: string | null, voice: boolean,
 *             link: SeatLink | null}} SeatInfo a seat as the seat list shows it */
/** @typedef {{game: string, level?: string, started: boolean, over?: boolean, seats: SeatInfo[],
 *             waiting: number[], you: number | null}} TableInfo the seats of a table, for one page */
/** @typedef {{seat: number | null, name: string, text: string}} ChatLine */
/** @typedef {{message: string, rule?: string, sentence?: string, anchor?: string | null, action?: string}} Refused */
/**
 * @typedef {{k: "hello", nonce: string, token?: string} | {k: "sit", seat: number, name: string}
 *   | {k: "move", action: string, at: number} | {k: "next", at: number} | {k: "chat", text: string}
 *   | {k: "voice", on: boolean}} ToHost a guest's message to the host
 */
/**
 * @typedef {({k: "host"} & HostProof) | {k: "table", table: TableInfo} | {k: "seat", seat: number, token: string}
 *   | {k: "state", state: import("./engine").EngineState, summary?: Record<string, unknown>, deal?: import("./engine").EngineRecord}
 *   | ({k: "refused"} & Refused) | {k: "chat", lines: ChatLine[]} | {k: "bye", message: string}} ToGuest
 *   the host's message to a guest
 */

const APP_ID = "madrasso-friends";
const BUNDLE = "./vendor/trystero-torrent.mjs";
const ACTION = "table";

/** Bytes a message may take: a guest's are small; the host's carry a seat's state. */
export const LIMITS = { toHost: 2_048, toGuest: 262_144, name: 24, chat: 280, action: 64 };

const encoder = new TextEncoder();

/** An unguessable id: `bytes` random bytes from the system's generator, as base64url. */
export function randomId(bytes = 16) {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export const ID = /^[A-Za-z0-9_-]{22}$/;

/** A peer met this long ago (ms) and no connection made: none will come (the diagnosis's "blocked"). */
export const ICE_MS = 12_000;

/** A point on a move's way from one screen to the others (bench/friends.py reads them): `n` is
 *  the index of the state the move makes, `peer` the guest a state goes to or comes to.
 *  @param {string} name @param {number | null} n @param {string | null} [peer] */
export const hop = (name, n, peer = null) => performance.mark(`friends:${name}`, { detail: { n, peer } });

// ---- the host's key: the table's id is its fingerprint -------------------------------------------

const SIGN = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };

/** @param {BufferSource} rawKey */
async function fingerprint(rawKey) {
  return base64url(await crypto.subtle.digest("SHA-256", rawKey)).slice(0, 22);
}

/**
 * The host's signing key: a new one (`jwk` null) or the one its storage kept. The table's id is
 * the first 128 bits of the public key's SHA-256, so the invitation link names the only key whose
 * owner can answer as the host: a guest at the table cannot pass for it to another.
 * @param {JsonWebKey | null} jwk
 * @returns {Promise<HostKey>}
 */
export async function hostKey(jwk = null) {
  let privateKey;
  let publicJwk;
  if (jwk) {
    privateKey = await crypto.subtle.importKey("jwk", jwk, SIGN, true, ["sign"]);
    publicJwk = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, ext: true };
  } else {
    const pair = await crypto.subtle.generateKey(SIGN, true, ["sign", "verify"]);
    privateKey = pair.privateKey;
    jwk = await crypto.subtle.exportKey("jwk", privateKey);
    publicJwk = await crypto.subtle.exportKey("jwk", pair.publicKey);
  }
  const publicKey = await crypto.subtle.importKey("jwk", publicJwk, SIGN, true, ["verify"]);
  const raw = await crypto.subtle.exportKey("raw", publicKey);
  return { privateKey, jwk, raw: base64url(raw), tableId: await fingerprint(raw) };
}

/** @param {string} tableId @param {string} guest @param {string} host @param {string} nonce */
const proofText = (tableId, guest, host, nonce) => encoder.encode(`${APP_ID}|${tableId}|${guest}|${host}|${nonce}`);

/** The host's answer to a guest's hello: its public key and a signature binding the table, both
 *  peers of this connection and the guest's fresh nonce.
 *  @param {HostKey} key @param {string} guestPeer @param {string} hostPeer @param {string} nonce
 *  @returns {Promise<HostProof>} */
export async function proveHost(key, guestPeer, hostPeer, nonce) {
  const sig = await crypto.subtle.sign(SIGN, key.privateKey, proofText(key.tableId, guestPeer, hostPeer, nonce));
  return { key: key.raw, sig: base64url(sig) };
}

/** Whether `proof` comes from the key the table id names, for this guest, host peer and nonce.
 *  @param {string} tableId @param {HostProof} proof
 *  @param {string} guestPeer @param {string} hostPeer @param {string} nonce */
export async function checkHost(tableId, proof, guestPeer, hostPeer, nonce) {
  try {
    const raw = unbase64url(proof.key);
    if (await fingerprint(raw) !== tableId) return false;
    const key = await crypto.subtle.importKey("raw", raw, SIGN, false, ["verify"]);
    return await crypto.subtle.verify(SIGN, key, unbase64url(proof.sig), proofText(tableId, guestPeer, hostPeer, nonce));
  } catch {
    return false;
  }
}

// ---- what a message must look like ----------------------------------------------------------------

/** @param {unknown} v @param {number} max @param {number} [min] @returns {v is string} */
const isText = (v, max, min = 0) => typeof v === "string" && v.length >= min && v.length <= max;
/** @param {unknown} v @param {number} [max] @returns {v is number} */
const isWhole = (v, max = 100_000) => Number.isInteger(v) && /** @type {number} */ (v) >= 0 && /** @type {number} */ (v) <= max;
/** @param {unknown} v */
const isSeat = (v) => isWhole(v, 7);
/** @param {unknown} v @returns {v is JsonObject} */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
/** @param {unknown} v */
const isPeer = (v) => isText(v, 64, 1);
/** @param {unknown} v @param {readonly string[]} values */
const oneOf = (v, values) => typeof v === "string" && values.includes(v);

/** A name shown at the table: trimmed, no control characters, 1 to 24 characters (null if none).
 *  @param {unknown} text */
export function cleanName(text) {
  if (typeof text !== "string") return null;
  const name = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return name && [...name].length <= LIMITS.name ? name : null;
}

/** A chat line: one line, no control characters, at most LIMITS.chat (null if none).
 *  @param {unknown} text */
export function cleanChat(text) {
  if (typeof text !== "string") return null;
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim();
  return line && line.length <= LIMITS.chat ? line : null;
}

/** What a guest may send the host, by kind; anything else is dropped unread.
 *  @type {Record<string, (m: JsonObject) => boolean>} */
const TO_HOST = {
  hello: (m) => isText(m.nonce, 22, 22) && (m.token === undefined || (typeof m.token === "string" && ID.test(m.token))),
  sit: (m) => isSeat(m.seat) && cleanName(m.name) !== null,
  move: (m) => isText(m.action, LIMITS.action, 1) && isWhole(m.at),
  next: (m) => isWhole(m.at),
  chat: (m) => cleanChat(m.text) !== null,
  voice: (m) => typeof m.on === "boolean",
};

/** @param {unknown} s */
const isSeatInfo = (s) => isObject(s) && (s.name === null || isText(s.name, LIMITS.name))
  && oneOf(s.who, ["open", "host", "person", "computer"]) && typeof s.here === "boolean"
  && (s.peer === null || isPeer(s.peer)) && typeof s.voice === "boolean"
  && (s.link === undefined || s.link === null || oneOf(s.link, ["direct", "relay", "reconnecting", "blocked"]));

/** What the host may send a guest, by kind (`games`: each game's numbers of players, from the
 *  page's data, the engine's GameInfo: a table of another game or size is not read).
 *  @type {Record<string, (m: JsonObject, games: Record<string, number[]>) => boolean>} */
const TO_GUEST = {
  host: (m) => isText(m.key, 100, 80) && isText(m.sig, 100, 80),
  table: (m, games) => isObject(m.table) && oneOf(m.table.game, Object.keys(games))
    && Array.isArray(m.table.seats) && games[/** @type {string} */ (m.table.game)].includes(m.table.seats.length)
    && m.table.seats.every(isSeatInfo) && (m.table.you === null || isSeat(m.table.you))
    && Array.isArray(m.table.waiting) && m.table.waiting.every(isSeat),
  seat: (m) => isSeat(m.seat) && typeof m.token === "string" && ID.test(m.token),
  state: (m) => isObject(m.state) && isObject(m.state.observation) && Array.isArray(m.state.legal)
    && m.state.legal.every((a) => isText(a, LIMITS.action)) && isWhole(m.state.index)
    && (m.deal === undefined || isObject(m.deal)) && (m.summary === undefined || isObject(m.summary)),
  refused: (m) => isText(m.message, 500) && (m.rule === undefined || isText(m.rule, 500))
    && (m.sentence === undefined || isText(m.sentence, 700))
    && (m.anchor === undefined || m.anchor === null || isText(m.anchor, 80))
    && (m.action === undefined || isText(m.action, LIMITS.action)),
  chat: (m) => Array.isArray(m.lines) && m.lines.length <= 50 && m.lines.every((l) => isObject(l)
    && isText(l.name, LIMITS.name, 1) && isText(l.text, LIMITS.chat, 1) && (l.seat === null || isSeat(l.seat))),
  bye: (m) => isText(m.message, 500),
};

/** A token bucket: `burst` messages at once, then `perSecond`. */
export class RateLimit {
  /** @param {number} perSecond @param {number} burst */
  constructor(perSecond, burst) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.at = performance.now();
  }

  take() {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

// ---- the room ---------------------------------------------------------------------------------

/**
 * The browsers at one table. `role` is "host" or "guest": it sets which messages are read and
 * how large and how many they may be. Every message is one JSON object `{k: kind, ...}` on one
 * trystero action; one that is too large, too frequent or not of its kind's shape is dropped
 * before `onMessage` sees it (a peer that keeps sending oversized ones is cut off).
 */
/** The ICE servers every peer connection gets: the STUN servers, then each TURN relay.
 *  @param {string[]} stun @param {TurnServer[]} [turn] @returns {RTCIceServer[]} */
export function iceServers(stun, turn = []) {
  return [...(stun.length ? [{ urls: stun }] : []),
    ...turn.map((t) => ({ urls: t.urls, username: t.username, credential: t.credential }))];
}

/**
 * RTCPeerConnection as trystero makes it (its `rtcPolyfill`), watched: each connection that met a
 * peer (a remote description set: the relay brought an offer or an answer) is counted, and its
 * failure too, so the page can say what went wrong. A connection that loses its network for a
 * while ("disconnected": a phone asleep, a Wi-Fi dropping) is not given up, as trystero would: it
 * is reported, and ICE may bring it back on the same pair; only "failed" ends it.
 * @param {Wire} wire
 */
function watchedConnection(wire) {
  return class WatchedConnection extends RTCPeerConnection {
    /** @param {RTCConfiguration} [config] */
    constructor(config) {
      super(config);
      this.met = false;
      this.metAt = 0;
      this.failed = false;
      wire.connections.add(this);
      const seen = () => {
        const state = this.connectionState;
        if (state === "failed" && this.met && !this.failed) {
          this.failed = true;
          wire.failures += 1;
          wire.lastFailure = performance.now();
        }
        if (state === "closed" || state === "failed") wire.connections.delete(this);
        wire.handlers.link(this, state);
      };
      this.addEventListener("connectionstatechange", seen);
    }

    /** @param {RTCSessionDescriptionInit} description */
    setRemoteDescription(description) {
      if (description && description.type !== "rollback" && !this.met) {
        this.met = true;
        this.metAt = performance.now();
        wire.met += 1;
      }
      return super.setRemoteDescription(description);
    }

    get onconnectionstatechange() {
      return super.onconnectionstatechange;
    }

    /** @param {((this: RTCPeerConnection, event: Event) => unknown) | null} handler */
    set onconnectionstatechange(handler) {
      super.onconnectionstatechange = handler && ((event) => {
        if (this.connectionState !== "disconnected") handler.call(this, event);
      });
    }
  };
}

/** @typedef {InstanceType<ReturnType<typeof watchedConnection>>} WatchedConnection */

export class Wire {
  /** `games`: each game's numbers of players (the page's data), the tables a guest reads.
   *  @param {{tableId: string, relays: string[], stun: string[], turn?: TurnServer[], role: "host" | "guest",
   *           games?: Record<string, number[]>}} options */
  constructor({ tableId, relays, stun, turn = [], role, games = {} }) {
    this.games = games;
    this.tableId = tableId;
    this.relays = relays;
    this.stun = stun;
    this.turn = turn;
    this.role = role;
    /** @type {Set<WatchedConnection>} */
    this.connections = new Set();
    this.met = 0;
    this.failures = 0;
    /** @type {number | null} */
    this.lastFailure = null;
    this.accepts = role === "host" ? TO_HOST : TO_GUEST;
    this.maxBytes = role === "host" ? LIMITS.toHost : LIMITS.toGuest;
    /** @type {Map<string, RateLimit>} */
    this.limits = new Map();
    /** @type {Set<string>} */
    this.blocked = new Set();
    /** @type {WireHandlers} */
    this.handlers = { message: () => {}, join: () => {}, leave: () => {}, stream: () => {}, link: () => {} };
    this.dropped = 0;
    /** @type {Map<number, Promise<TrysteroTorrent>>} the bundle's copies, by search */
    this.copies = new Map();
    this.generation = 0;
    /** @type {TrysteroTorrent | null} the copy the room was joined with */
    this.bundle = null;
    /** @type {Room | null} */
    this.room = null;
    /** @type {((message: JsonObject, peers?: string | string[] | null) => Promise<unknown>) | null} */
    this.sendRaw = null;
  }

  /** The bundle's copy for search `generation`: after a network change a fresh copy (another URL,
   *  another module) gives a new peer id and new relay sockets, since a tracker keeps sending to
   *  the socket that first announced a peer id, and that one died with the old network. Each copy
   *  is imported once; one that failed to load is asked for again next time.
   *  @param {number} generation @returns {Promise<TrysteroTorrent>} */
  copy(generation) {
    let copy = this.copies.get(generation);
    if (!copy) {
      copy = /** @type {Promise<TrysteroTorrent>} */ (import(generation ? `${BUNDLE}?g=${generation}` : BUNDLE));
      copy.catch(() => this.copies.delete(generation));
      this.copies.set(generation, copy);
    }
    return copy;
  }

  async join() {
    const generation = this.generation;
    const bundle = await this.copy(generation);
    // A later search began while this copy loaded (its network hung): that one joins, not this.
    if (generation !== this.generation) return bundle.selfId;
    // A guest loads the next copy now, on a network that works: after a change of network the
    // page's connections to the site may be dead (a phone's NAT mapping gone), and the search
    // afresh must not wait on them (measured: a load that hung for minutes).
    if (this.role === "guest") this.copy(generation + 1).catch(() => {});
    this.bundle = bundle;
    const { joinRoom, selfId, getRelaySockets } = bundle;
    this.selfId = selfId;
    this.relaySockets = getRelaySockets;
    this.joinedAt = performance.now();
    const room = this.room = joinRoom({
      appId: APP_ID,
      relayUrls: this.relays,
      rtcConfig: { iceServers: iceServers(this.stun, this.turn) },
      rtcPolyfill: watchedConnection(this),
    }, this.tableId);
    /** @type {ReturnType<Room["makeAction"]>} */
    const [send, receive, progress] = room.makeAction(ACTION);
    this.sendRaw = /** @type {(message: JsonObject, peers?: string | string[] | null) => Promise<unknown>} */ (send);
    receive((data, peer) => this.receive(data, peer));
    // Every chunk of a message is announced first: a guest's message fits in one (16 KB), so a
    // peer sending more is cut off before it can fill this browser's memory.
    progress((fraction, peer) => {
      if (this.role === "host" && fraction < 1) this.cutOff(peer);
    });
    room.onPeerJoin((peer) => this.handlers.join(peer));
    room.onPeerLeave((peer) => {
      this.limits.delete(peer);
      this.handlers.leave(peer);
    });
    room.onPeerStream((stream, peer) => this.handlers.stream(stream, peer));
    return selfId;
  }

  /** @template {keyof WireHandlers} K @param {K} event @param {WireHandlers[K]} handler */
  on(event, handler) {
    this.handlers[event] = handler;
  }

  /** @param {string} peer */
  cutOff(peer) {
    this.blocked.add(peer);
    const connection = this.room && this.room.getPeers()[peer];
    if (connection) connection.close();
  }

  /** @param {unknown} data @param {string} peer */
  receive(data, peer) {
    if (this.blocked.has(peer)) return;
    let limit = this.limits.get(peer);
    if (!limit) {
      limit = this.role === "host" ? new RateLimit(8, 30) : new RateLimit(100, 400);
      this.limits.set(peer, limit);
    }
    const size = typeof data === "string" ? data.length : JSON.stringify(data ?? null).length;
    const check = isObject(data) && typeof data.k === "string" && Object.hasOwn(this.accepts, data.k) ? this.accepts[data.k] : null;
    if (size > this.maxBytes || !limit.take() || !check || !isObject(data) || !check(data, this.games)) {
      this.dropped += 1;
      return;
    }
    this.handlers.message(data, peer);
  }

  /** @param {JsonObject} message @param {string | string[] | null} [peers] @returns {Promise<unknown>} */
  send(message, peers) {
    if (!this.sendRaw || (Array.isArray(peers) && !peers.length)) return Promise.resolve();
    return this.sendRaw(message, peers).catch(() => {}); // a peer gone mid-send: it reconnects or is missed
  }

  /** @param {MediaStream} stream @param {string[]} peers */
  addStream(stream, peers) {
    if (this.room && peers.length) this.room.addStream(stream, peers);
  }

  /** @param {MediaStream} stream @param {string[]} peers */
  removeStream(stream, peers) {
    if (this.room && peers.length) this.room.removeStream(stream, peers);
  }

  peers() {
    return this.room ? Object.keys(this.room.getPeers()) : [];
  }

  /** Whether a peer met since `since` (performance.now()) could not be reached: a connection
   *  failed, or is still not made `patience` ms after the relay brought the peer.
   *  @param {number} since @param {number} patience */
  blockedSince(since, patience) {
    if (this.lastFailure !== null && this.lastFailure >= since) return true;
    const now = performance.now();
    return [...this.connections].some((c) => c.met && c.metAt >= since && c.connectionState !== "connected"
      && now - c.metAt > patience);
  }

  /** Whether a peer was met through the relays since `since`.
   *  @param {number} since */
  metSince(since) {
    return [...this.connections].some((c) => c.met && c.metAt >= since) || (this.lastFailure !== null && this.lastFailure >= since);
  }

  /** Whether some relay's WebSocket is open now. */
  relayReachable() {
    const sockets = this.relaySockets ? Object.values(this.relaySockets()) : [];
    return sockets.some((socket) => socket && socket.readyState === 1);
  }

  /** How the connection to `peer` goes: "direct" or "relay" (the selected candidate pair's
   *  types, from getStats), "reconnecting" (its network gone for now), or null (none).
   *  @param {string} peer @returns {Promise<LinkKind | null>} */
  async link(peer) {
    const connection = this.room && this.room.getPeers()[peer];
    if (!connection) return null;
    if (connection.connectionState === "disconnected") return "reconnecting";
    if (connection.connectionState !== "connected") return null;
    try {
      const stats = await connection.getStats();
      /** @type {RTCIceCandidatePairStats | null} */
      let pair = null;
      stats.forEach((report) => {
        if (report.type === "transport" && report.selectedCandidatePairId) pair = stats.get(report.selectedCandidatePairId);
      });
      if (!pair) stats.forEach((report) => {
        if (report.type === "candidate-pair" && (report.selected || (report.nominated && report.state === "succeeded"))) pair = pair || report;
      });
      const chosen = /** @type {RTCIceCandidatePairStats | null} */ (pair); // set by the callbacks
      if (!chosen) return null;
      const local = stats.get(chosen.localCandidateId);
      const remote = stats.get(chosen.remoteCandidateId);
      const types = [local && local.candidateType, remote && remote.candidateType];
      this.pairs = { ...(this.pairs || {}), [peer]: types };
      return types.includes("relay") ? "relay" : "direct";
    } catch {
      return null;
    }
  }

  /** Restart the search through the relays: a fresh announcement with fresh offers, under a new
   *  peer id, for a peer lost after its connection failed (a network changed under it). Never
   *  waits on the old network: leaving the old room (a goodbye over channels that may be dead) is
   *  given a moment, then the old copy's relay sockets are closed for good; a search whose copy
   *  still loads when the next begins gives way to it. */
  async rejoin() {
    const room = this.room;
    const old = this.bundle;
    this.room = null;
    this.bundle = null;
    this.sendRaw = null;
    if (room) {
      await Promise.race([room.leave().catch(() => {}), new Promise((done) => setTimeout(done, 1000))]);
    }
    if (old) {
      old.pauseRelayReconnection();
      for (const socket of Object.values(old.getRelaySockets())) socket?.close();
    }
    // The connections left waiting (the last search's offers, each holding its relay
    // allocations) are closed, not left to trystero's next search.
    for (const connection of this.connections) if (connection.connectionState !== "connected") connection.close();
    this.connections.clear();
    this.generation += 1;
    hop("search-afresh", this.generation);
    await this.join();
  }

  leave() {
    return this.room ? this.room.leave() : Promise.resolve();
  }
}
