// The wire of a table with friends: WebRTC data channels between the browsers at a table, found
// through public signalling relays (trystero's BitTorrent-tracker strategy, bundled into the
// site at build time: js/vendor/trystero-torrent.mjs), and what every message must look like.
// Nothing here runs before the visitor opens or joins a table: the bundle is imported then.
// The protocol (who sends what, the host's proof, the limits) is in docs/friends.md.

const APP_ID = "madrasso-friends";
const BUNDLE = "./vendor/trystero-torrent.mjs";
const ACTION = "table";

/** Bytes a message may take: a guest's are small; the host's carry a seat's state. */
export const LIMITS = { toHost: 2_048, toGuest: 262_144, name: 24, chat: 280, action: 64 };

const encoder = new TextEncoder();

export function base64url(bytes) {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  let s = text.replace(/-/g, "+").replace(/_/g, "/");
  while (s.length % 4) s += "=";
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}

/** An unguessable id: `bytes` random bytes from the system's generator, as base64url. */
export function randomId(bytes = 16) {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export const ID = /^[A-Za-z0-9_-]{22}$/;

// ---- the host's key: the table's id is its fingerprint -------------------------------------------

const SIGN = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };

async function fingerprint(rawKey) {
  return base64url(await crypto.subtle.digest("SHA-256", rawKey)).slice(0, 22);
}

/**
 * The host's signing key: a new one (`jwk` null) or the one its storage kept. The table's id is
 * the first 128 bits of the public key's SHA-256, so the invitation link names the only key whose
 * owner can answer as the host: a guest at the table cannot pass for it to another.
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

const proofText = (tableId, guest, host, nonce) => encoder.encode(`${APP_ID}|${tableId}|${guest}|${host}|${nonce}`);

/** The host's answer to a guest's hello: its public key and a signature binding the table, both
 *  peers of this connection and the guest's fresh nonce. */
export async function proveHost(key, guestPeer, hostPeer, nonce) {
  const sig = await crypto.subtle.sign(SIGN, key.privateKey, proofText(key.tableId, guestPeer, hostPeer, nonce));
  return { key: key.raw, sig: base64url(sig) };
}

/** Whether `proof` comes from the key the table id names, for this guest, host peer and nonce. */
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

const isText = (v, max, min = 0) => typeof v === "string" && v.length >= min && v.length <= max;
const isWhole = (v, max = 100_000) => Number.isInteger(v) && v >= 0 && v <= max;
const isSeat = (v) => isWhole(v, 7);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isPeer = (v) => isText(v, 64, 1);

/** A name shown at the table: trimmed, no control characters, 1 to 24 characters (null if none). */
export function cleanName(text) {
  if (typeof text !== "string") return null;
  const name = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return name && [...name].length <= LIMITS.name ? name : null;
}

export function cleanChat(text) {
  if (typeof text !== "string") return null;
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim();
  return line && line.length <= LIMITS.chat ? line : null;
}

/** What a guest may send the host, by kind; anything else is dropped unread. */
const TO_HOST = {
  hello: (m) => isText(m.nonce, 22, 22) && (m.token === undefined || ID.test(m.token)),
  sit: (m) => isSeat(m.seat) && cleanName(m.name) !== null,
  move: (m) => isText(m.action, LIMITS.action, 1) && isWhole(m.at),
  next: (m) => isWhole(m.at),
  chat: (m) => cleanChat(m.text) !== null,
  voice: (m) => typeof m.on === "boolean",
};

const isSeatInfo = (s) => isObject(s) && (s.name === null || isText(s.name, LIMITS.name))
  && ["open", "host", "person", "computer"].includes(s.who) && typeof s.here === "boolean"
  && (s.peer === null || isPeer(s.peer)) && typeof s.voice === "boolean"
  && (s.link === undefined || s.link === null || ["direct", "relay", "reconnecting", "blocked"].includes(s.link));

/** What the host may send a guest, by kind. */
const TO_GUEST = {
  host: (m) => isText(m.key, 100, 80) && isText(m.sig, 100, 80),
  table: (m) => isObject(m.table) && ["madrasso", "briscola", "scopa"].includes(m.table.game)
    && Array.isArray(m.table.seats) && m.table.seats.length >= 2 && m.table.seats.length <= 4
    && m.table.seats.every(isSeatInfo) && (m.table.you === null || isSeat(m.table.you))
    && Array.isArray(m.table.waiting) && m.table.waiting.every(isSeat),
  seat: (m) => isSeat(m.seat) && ID.test(m.token),
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
/** The ICE servers every peer connection gets: the STUN servers, then each TURN relay. */
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
 */
function watchedConnection(wire) {
  return class WatchedConnection extends RTCPeerConnection {
    constructor(config) {
      super(config);
      this.met = false;
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

    set onconnectionstatechange(handler) {
      super.onconnectionstatechange = handler && ((event) => {
        if (this.connectionState !== "disconnected") handler.call(this, event);
      });
    }
  };
}

export class Wire {
  constructor({ tableId, relays, stun, turn = [], role }) {
    this.tableId = tableId;
    this.relays = relays;
    this.stun = stun;
    this.turn = turn;
    this.role = role;
    this.connections = new Set();
    this.met = 0;
    this.failures = 0;
    this.lastFailure = null;
    this.accepts = role === "host" ? TO_HOST : TO_GUEST;
    this.maxBytes = role === "host" ? LIMITS.toHost : LIMITS.toGuest;
    this.limits = new Map();
    this.blocked = new Set();
    this.handlers = { message: () => {}, join: () => {}, leave: () => {}, stream: () => {}, link: () => {} };
    this.dropped = 0;
  }

  async join() {
    // After a network change, a fresh copy of the bundle (another URL, another module): a new
    // peer id and new relay sockets. A tracker keeps sending to the socket that first announced
    // a peer id, and that one died with the old network.
    const { joinRoom, selfId, getRelaySockets } = await import(this.generation ? `${BUNDLE}?g=${this.generation}` : BUNDLE);
    this.selfId = selfId;
    this.relaySockets = getRelaySockets;
    this.joinedAt = performance.now();
    this.room = joinRoom({
      appId: APP_ID,
      relayUrls: this.relays,
      rtcConfig: { iceServers: iceServers(this.stun, this.turn) },
      rtcPolyfill: watchedConnection(this),
    }, this.tableId);
    const [send, receive, progress] = this.room.makeAction(ACTION);
    this.sendRaw = send;
    receive((data, peer) => this.receive(data, peer));
    // Every chunk of a message is announced first: a guest's message fits in one (16 KB), so a
    // peer sending more is cut off before it can fill this browser's memory.
    progress((fraction, peer) => {
      if (this.role === "host" && fraction < 1) this.cutOff(peer);
    });
    this.room.onPeerJoin((peer) => this.handlers.join(peer));
    this.room.onPeerLeave((peer) => {
      this.limits.delete(peer);
      this.handlers.leave(peer);
    });
    this.room.onPeerStream((stream, peer) => this.handlers.stream(stream, peer));
    return selfId;
  }

  on(event, handler) {
    this.handlers[event] = handler;
  }

  cutOff(peer) {
    this.blocked.add(peer);
    const connection = this.room && this.room.getPeers()[peer];
    if (connection) connection.close();
  }

  receive(data, peer) {
    if (this.blocked.has(peer)) return;
    if (!this.limits.has(peer)) {
      this.limits.set(peer, this.role === "host" ? new RateLimit(8, 30) : new RateLimit(100, 400));
    }
    const size = typeof data === "string" ? data.length : JSON.stringify(data ?? null).length;
    const check = isObject(data) && Object.hasOwn(this.accepts, data.k) ? this.accepts[data.k] : null;
    if (size > this.maxBytes || !this.limits.get(peer).take() || !check || !check(data)) {
      this.dropped += 1;
      return;
    }
    this.handlers.message(data, peer);
  }

  send(message, peers) {
    if (!this.sendRaw || (Array.isArray(peers) && !peers.length)) return Promise.resolve();
    return this.sendRaw(message, peers).catch(() => {}); // a peer gone mid-send: it reconnects or is missed
  }

  addStream(stream, peers) {
    if (this.room && peers.length) this.room.addStream(stream, peers);
  }

  removeStream(stream, peers) {
    if (this.room && peers.length) this.room.removeStream(stream, peers);
  }

  peers() {
    return this.room ? Object.keys(this.room.getPeers()) : [];
  }

  /** Whether a peer met since `since` (performance.now()) could not be reached: a connection
   *  failed, or is still not made `patience` ms after the relay brought the peer. */
  blockedSince(since, patience) {
    if (this.lastFailure !== null && this.lastFailure >= since) return true;
    const now = performance.now();
    return [...this.connections].some((c) => c.met && c.metAt >= since && c.connectionState !== "connected"
      && now - c.metAt > patience);
  }

  /** Whether a peer was met through the relays since `since`. */
  metSince(since) {
    return [...this.connections].some((c) => c.met && c.metAt >= since) || (this.lastFailure !== null && this.lastFailure >= since);
  }

  /** Whether some relay's WebSocket is open now. */
  relayReachable() {
    const sockets = this.relaySockets ? Object.values(this.relaySockets()) : [];
    return sockets.some((socket) => socket && socket.readyState === 1);
  }

  /** How the connection to `peer` goes: "direct" or "relay" (the selected candidate pair's
   *  types, from getStats), "reconnecting" (its network gone for now), or null (none). */
  async link(peer) {
    const connection = this.room && this.room.getPeers()[peer];
    if (!connection) return null;
    if (connection.connectionState === "disconnected") return "reconnecting";
    if (connection.connectionState !== "connected") return null;
    try {
      const stats = await connection.getStats();
      let pair = null;
      stats.forEach((report) => {
        if (report.type === "transport" && report.selectedCandidatePairId) pair = stats.get(report.selectedCandidatePairId);
      });
      if (!pair) stats.forEach((report) => {
        if (report.type === "candidate-pair" && (report.selected || (report.nominated && report.state === "succeeded"))) pair = pair || report;
      });
      if (!pair) return null;
      const local = stats.get(pair.localCandidateId);
      const remote = stats.get(pair.remoteCandidateId);
      const types = [local && local.candidateType, remote && remote.candidateType];
      this.pairs = { ...(this.pairs || {}), [peer]: types };
      return types.includes("relay") ? "relay" : "direct";
    } catch {
      return null;
    }
  }

  /** Restart the search through the relays: a fresh announcement with fresh offers, under a new
   *  peer id, for a peer lost after its connection failed (a network changed under it). */
  async rejoin() {
    if (!this.room) return;
    const room = this.room;
    this.room = null;
    await room.leave();
    // The connections left waiting (the last search's offers, each holding its relay
    // allocations) are closed, not left to trystero's next search.
    for (const connection of this.connections) if (connection.connectionState !== "connected") connection.close();
    this.connections.clear();
    this.generation = (this.generation || 0) + 1;
    await this.join();
  }

  leave() {
    return this.room ? this.room.leave() : Promise.resolve();
  }
}
