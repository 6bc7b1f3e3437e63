// The engine's ops and the arguments each request takes, for the page scripts' JSDoc types
// (engine.d.ts, engine-client.mjs's `request`), written by scripts/engine_dts.py from
// engine/validate.py's REQUESTS (the validator every request passes): edit the Python and run
// the script, not this file (tests/site/test_engine_dts.py checks they agree). Types only.

/**
 * Every op the engine answers, and the arguments its request takes: an argument
 * without `?` is required. Every request may also carry `deck`, `id`, `lang`, `op` (engine-client.mjs
 * adds them).
 */
export interface EngineRequests {
  /** The protocol's version, Python's, the games and whether computer players are here. */
  hello: {};
  /** Each game's name and number of players. */
  games: {};
  /** A new game for one seat, shuffled from a secret seed (or `seed`: a test hook). */
  new: {
    seat_names?: string[] | null;
    side_names?: string[] | null;
    with_summary?: boolean;
    game: string;
    seed?: number | null;
    options?: Record<string, unknown> | null;
    seat: number;
  };
  /** A record: for one `seat` (its session), or open (`view`) when it is public. */
  load: {
    seat_names?: string[] | null;
    side_names?: string[] | null;
    with_summary?: boolean;
    record: Record<string, unknown>;
    seat?: number | null;
    view?: number | null;
    bottom?: number | null;
    at?: number | string | null;
  };
  /**
   * The table now (`view`: an open session seen from another seat or all; `bottom`:
   * laid out with another seat at the bottom; `next_deal`: between two deals, the next
   * deal's table as it is dealt, not the finished deal's last move).
   */
  state: {
    handle: number;
    with_summary?: boolean;
    view?: number | null;
    bottom?: number | null;
    next_deal?: boolean;
  };
  /** The seat to play and, on the session's own turn, its legal actions. */
  legal: {
    handle: number;
  };
  /** Play `action` now; answers its explanation and the new state. */
  apply: {
    handle: number;
    with_summary?: boolean;
    action: string;
  };
  /** The game's observation for `seat` (the session's own by default). */
  observation: {
    handle: number;
    seat?: number | null;
  };
  /** Facts about `action` now (default: the line's next action). */
  explain: {
    handle: number;
    action?: string | null;
  };
  /** Stand after `index` actions of an open session's line (or at its "end"). */
  step_to: {
    handle: number;
    with_summary?: boolean;
    index: number | string;
  };
  /** The game so far as a record (`line`: all of an open session's line). */
  record: {
    handle: number;
    line?: boolean;
  };
  /** A finished deal's public record (`deal`: its number; default the last). */
  deal_record: {
    handle: number;
    deal?: number | null;
  };
  /** The tricks or plays, points and result the table has shown. */
  summary: {
    handle: number;
  };
  /** The computer player's move at `level` (`play`: applied too). */
  bot: {
    handle: number;
    with_summary?: boolean;
    level?: string;
    seed?: number | null;
    reasons?: boolean;
    play?: boolean;
  };
  /** Take back a seat's last action (in a seat's session, its own). */
  undo: {
    handle: number;
    with_summary?: boolean;
    seat?: number | null;
  };
  /** Forget the game behind `handle`. */
  drop: {
    handle: number;
  };
  /** A new game for a table: every seat's answer from one game, shuffled in secret. */
  table_new: {
    seat_names?: string[] | null;
    side_names?: string[] | null;
    with_summary?: boolean;
    game: string;
    seed?: number | null;
    options?: Record<string, unknown> | null;
  };
  /** The table's own record (`table_record`), to go on after the host's page reloads. */
  table_load: {
    seat_names?: string[] | null;
    side_names?: string[] | null;
    with_summary?: boolean;
    record: Record<string, unknown>;
  };
  /**
   * Every seat's state and the spectators' (`next_deal`: between two deals, each seat's
   * table is the next deal's as dealt, as `state`'s `next_deal`).
   */
  table_state: {
    handle: number;
    with_summary?: boolean;
    next_deal?: boolean;
  };
  /** `seat`'s move: the seat whose player sent it (the host knows which). */
  table_apply: {
    handle: number;
    with_summary?: boolean;
    action: string;
    seat: number;
  };
  /** The computer's move for the seat to play (a chair nobody sits in). */
  table_bot: {
    handle: number;
    with_summary?: boolean;
    level?: string;
  };
  /** The whole game as it stands, its secret seed included (for the host's storage). */
  table_record: {
    handle: number;
  };
  /** A finished deal's public record, as `deal_record`. */
  table_deal_record: {
    handle: number;
    deal?: number | null;
  };
  /** The expert's move for a seat's own turn, with its reasons in words. */
  hint: {
    handle: number;
  };
  /** Start reviewing a finished deal (or "all" of them) for a seat, one move a step. */
  review_start: {
    handle: number;
    deal?: number | string | null;
    seat?: number | null;
    seed?: number | null;
    samples?: number | null;
  };
  /** Review the next move of a review begun with review_start. */
  review_step: {
    review: number;
  };
  /** Value the seat's moves made so far (one a request) for the review to come. */
  review_note: {
    handle: number;
    seed?: number | null;
    samples?: number | null;
  };
  /**
   * A guided game's words for the seat: its playable cards, the coach's card and why,
   * the computer's cards explained as they landed, the ideas met for the first time.
   */
  guide: {
    handle: number;
  };
}
