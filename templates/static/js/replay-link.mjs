// The replay link's codec: a finished deal's record carried in a link's fragment
// (`replay.html#r=<base64url JSON>&at=N&seat=S`), written and read back, and a first look at
// whatever a link or the device's storage holds before the engine reads it strictly. It draws
// nothing and knows no game: the games this site plays come with the page's data.

import { base64url, unbase64url } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineRecord} EngineRecord */

const LIMITS = { depth: 8, chars: 200_000, actions: 2_000 };

/**
 * A link that replays `record` on the replay page (the record travels in the fragment);
 * `at` is the move to open at (e.g. the first move of a finished deal); `seat`, the seat of
 * whoever shares it, sits at the bottom of the replay (seat 0 goes unsaid: it is the default).
 * @param {EngineRecord} record @param {string} [page] @param {number} [at] @param {number} [seat]
 */
export function replayHref(record, page = "replay.html", at = 0, seat = 0) {
  return `${page}#r=${base64url(JSON.stringify(record))}${at ? `&at=${at}` : ""}${seat ? `&seat=${seat}` : ""}`;
}

/** The move a replay link opens at (0 unless it says `&at=N`).
 *  @param {string} hash */
export function startFromHash(hash) {
  const match = /(?:^#|&)at=(\d+)/.exec(hash || "");
  return match ? Number(match[1]) : 0;
}

/** The seat a replay link puts at the bottom (`&seat=N`; null: the first seat).
 *  @param {string} hash */
export function seatFromHash(hash) {
  const match = /(?:^#|&)seat=(\d+)/.exec(hash || "");
  return match ? Number(match[1]) : null;
}

/**
 * What a replay link carries: `{record}`, or `{problem}` saying in words what is wrong with it
 * (no record, not readable, not a record of `games`, the games this site plays). The engine
 * checks the record again, strictly; this only keeps a broken link from reaching it (or a
 * blank table).
 * @param {string} hash @param {readonly string[]} games
 * @returns {{record?: EngineRecord & {game: string}, problem?: string}}
 */
export function recordFromHash(hash, games) {
  const match = /(?:^#|&)r=([^&]*)/.exec(hash || "");
  if (!match) return { problem: _("This link carries no game to replay.") };
  const damaged = _("This replay link is damaged: its game cannot be read (part of the link may be missing).");
  let text;
  try {
    text = new TextDecoder().decode(unbase64url(match[1]));
  } catch {
    return { problem: damaged };
  }
  if (text.length > LIMITS.chars) return { problem: _("This replay link holds too much to be a game of cards.") };
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { problem: damaged };
  }
  const problem = recordProblem(record, games);
  return problem ? { problem } : { record };
}

/** @param {unknown} value @param {number} limit @returns {number} */
function depthOf(value, limit) {
  if (value === null || typeof value !== "object") return 0;
  if (limit <= 0) return Infinity;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item, limit - 1));
  return deepest + 1;
}

/** Why `record` cannot be a record of one of `games` (of `game`, when given), in words; null
 *  when it may be.
 *  @param {any} record anything read from a link or the storage, until this says it may be a record
 *  @param {readonly string[]} games @param {string | null} [game] */
export function recordProblem(record, games, game = null) {
  if (!record || typeof record !== "object" || Array.isArray(record)) return _("This link holds no game record.");
  if (!games.includes(record.game)) return _("This link holds a game this site does not know.");
  if (game && record.game !== game) return _("This is a game of {game}, not of {wanted}.", { game: record.game, wanted: game });
  if (depthOf(record, LIMITS.depth) > LIMITS.depth) return _("This link holds something nested too deep to be a game record.");
  const moves = record.actions || record.moves || [];
  if (!Array.isArray(moves) || moves.length > LIMITS.actions) return _("This link's moves cannot be read.");
  if (record.actions && !record.actions.every((/** @type {unknown} */ a) => typeof a === "string")) return _("This link's moves cannot be read.");
  if ("players" in record && !(Number.isInteger(record.players) && record.players >= 2 && record.players <= 4)) {
    return _("This link's number of players is not one a game here is played with (two to four).");
  }
  return null;
}
