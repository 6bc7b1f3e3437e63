// The play table's game kept on this device (localStorage, one key per game): the engine's
// record of it for South, redealt so reading the storage tells nothing about the computers'
// hands. What is stored and cannot be a game of this table is set aside, never lost.

import { recordProblem } from "./replay-link.mjs";
import { storage } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineRecord} EngineRecord */
/** @typedef {{v: number, record: EngineRecord, level?: string, ack?: number | null}} Saved */

const STORE_VERSION = 2;   // 2: the saved record is the game redealt for South (no seed)
const READABLE_VERSIONS = [1, 2];

export class GameStore {
  /** @param {string} game @param {readonly string[]} games the games this site plays */
  constructor(game, games) {
    this.game = game;
    this.games = games;
    this.key = `play.${game}`;
  }

  /**
   * The saved game, null when there is none, or `{unreadable: message}` when what is stored
   * cannot be a game of this table: it is then set aside (kept under `<key>.set-aside`, so
   * nothing is lost) and the message says so.
   * @returns {Saved | {unreadable: string} | null}
   */
  load() {
    const store = storage();
    if (!store) return null;
    let text = null;
    let saved = null;
    try {
      text = store.getItem(this.key);
      if (text === null) return null;
      saved = JSON.parse(text);
    } catch {
      saved = null;
    }
    const problem = !saved || typeof saved !== "object" || !READABLE_VERSIONS.includes(saved.v)
      ? "unreadable" : recordProblem(saved.record, this.games, this.game);
    if (!problem) return saved;
    this.setAside(text);
    return { unreadable: _("Your saved game could not be read, so it was set aside. Press New game to deal.") };
  }

  /** What is stored set aside (the engine could not read it either). */
  setAsideStored() {
    this.setAside(storage()?.getItem(this.key));
  }

  /** @param {string | null | undefined} text */
  setAside(text) {
    const store = storage();
    if (!store) return;
    try {
      if (text !== null && text !== undefined) store.setItem(`${this.key}.set-aside`, text);
      store.removeItem(this.key);
    } catch { /* storage blocked or full: nothing more can be done */ }
  }

  /** @param {EngineRecord} record @param {string} level @param {number | null} ack */
  save(record, level, ack) {
    const store = storage();
    if (!store) return;
    try {
      store.setItem(this.key, JSON.stringify({ v: STORE_VERSION, record, level, ack }));
    } catch { /* storage full or blocked: the game goes on, unsaved */ }
  }
}
