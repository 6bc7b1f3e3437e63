// What a device keeps of its tables with friends (localStorage, through util.mjs's storage()): a
// host's table (its key, its choices, the game's record, the seats, who is still to press Next
// deal, the chat), a guest's seat (its token), the table a host opened last. A reload of either
// page resumes from it; nothing of it leaves the device.

import { storage } from "./util.mjs";

/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {import("./friends-net.mjs").SeatWho} SeatWho */
/** @typedef {import("./friends-net.mjs").ChatLine} ChatLine */
/** @typedef {{game: string, players: number, seat: number, name: string, level: string}} TableConfig the host's choices */
/** @typedef {{jwk: JsonWebKey, config: TableConfig, started: boolean, record: EngineRecord | null,
 *             seats: {who: SeatWho, name: string | null, token: string | null, was: boolean}[],
 *             waiting: number[], chat: ChatLine[], movedOn: number | null}} SavedHost the host's table, kept */
/** @typedef {{token: string, seat: number, name: string | null | undefined}} SavedSeat a guest's seat, kept */

const STORE_VERSION = 1;

export const KEYS = {
  host: (/** @type {string} */ id) => `friends.host.${id}`,
  seat: (/** @type {string} */ id) => `friends.seat.${id}`,
  last: "friends.host.last",
};

/** The chat lines a table keeps (and a page shows). */
export const CHAT_KEPT = 40;

/** What this device kept under `key` (in this version's shape), or null: the shape the caller
 *  kept there (`T`; keep() writes them, this version's only).
 *  @template T @param {string} key @returns {T | null} */
export function load(key) {
  try {
    const value = JSON.parse(storage()?.getItem(key) ?? "null");
    return value && value.v === STORE_VERSION ? value : null;
  } catch {
    return null;
  }
}

/** @param {string} key @param {object} value */
export function keep(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify({ v: STORE_VERSION, ...value }));
  } catch { /* storage full: the table goes on, not remembered */ }
}

/** @param {string} key */
export function forget(key) {
  try { storage()?.removeItem(key); } catch { /* nothing to do */ }
}
