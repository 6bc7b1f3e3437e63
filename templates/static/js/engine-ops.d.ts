// The engine's ops and the arguments each request takes, for the page scripts' JSDoc types
// (engine.d.ts, engine-client.mjs's `request`), written by scripts/engine_dts.py from
// engine/validate.py's REQUESTS (the validator every request passes): edit the Python and run
// the script, not this file (tests/site/test_engine_dts.py checks they agree). Types only.

/** What both ways of opening a game take: the table's names, and the summary flag. */
export interface OpeningArgs {
  seat_names?: string[] | null;
  side_names?: string[] | null;
  with_summary?: boolean;
}

/** What a new game takes: the game, its setup options, and `seed` (a test hook). */
export interface DealingArgs extends OpeningArgs {
  game: string;
  seed?: number | null;
  options?: Record<string, unknown> | null;
}

/** A request about the game behind `handle`. */
export interface OnGameArgs {
  handle: number;
}

/** A request that answers the game's state (`with_summary`: its summary too). */
export interface MovingArgs extends OnGameArgs {
  with_summary?: boolean;
}

/** A computer player's move, at its `level`. */
export interface ComputerArgs extends MovingArgs {
  level?: string;
}

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
  new: DealingArgs & {
    seat: number;
  };
  /** A record: for one `seat` (its session), or open (`view`) when it is public. */
  load: OpeningArgs & {
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
  state: MovingArgs & {
    view?: number | null;
    bottom?: number | null;
    next_deal?: boolean;
  };
  /** The seat to play and, on the session's own turn, its legal actions. */
  legal: OnGameArgs;
  /** Play `action` now; answers its explanation and the new state. */
  apply: MovingArgs & {
    action: string;
  };
  /** The game's observation for `seat` (the session's own by default). */
  observation: OnGameArgs & {
    seat?: number | null;
  };
  /** Facts about `action` now (default: the line's next action). */
  explain: OnGameArgs & {
    action?: string | null;
  };
  /** Stand after `index` actions of an open session's line (or at its "end"). */
  step_to: MovingArgs & {
    index: number | string;
  };
  /** The game so far as a record (`line`: all of an open session's line). */
  record: OnGameArgs & {
    line?: boolean;
  };
  /** A finished deal's public record (`deal`: its number; default the last). */
  deal_record: OnGameArgs & {
    deal?: number | null;
  };
  /** The tricks or plays, points and result the table has shown. */
  summary: OnGameArgs;
  /** The computer player's move at `level` (`play`: applied too). */
  bot: ComputerArgs & {
    seed?: number | null;
    reasons?: boolean;
    play?: boolean;
  };
  /** Take back a seat's last action (in a seat's session, its own). */
  undo: MovingArgs & {
    seat?: number | null;
  };
  /** Forget the game behind `handle`. */
  drop: OnGameArgs;
  /** A new game for a table: every seat's answer from one game, shuffled in secret. */
  table_new: DealingArgs;
  /** The table's own record (`table_record`), to go on after the host's page reloads. */
  table_load: OpeningArgs & {
    record: Record<string, unknown>;
  };
  /**
   * Every seat's state and the spectators' (`next_deal`: between two deals, each seat's
   * table is the next deal's as dealt, as `state`'s `next_deal`).
   */
  table_state: MovingArgs & {
    next_deal?: boolean;
  };
  /** `seat`'s move: the seat whose player sent it (the host knows which). */
  table_apply: EngineRequests["apply"] & {
    seat: number;
  };
  /** The computer's move for the seat to play (a chair nobody sits in). */
  table_bot: ComputerArgs;
  /** The whole game as it stands, its secret seed included (for the host's storage). */
  table_record: OnGameArgs;
  /** A finished deal's public record, as `deal_record`. */
  table_deal_record: EngineRequests["deal_record"];
  /** The expert's move for a seat's own turn, with its reasons in words. */
  hint: OnGameArgs;
  /** Start reviewing a finished deal (or "all" of them) for a seat, one move a step. */
  review_start: OnGameArgs & {
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
  review_note: OnGameArgs & {
    seed?: number | null;
    samples?: number | null;
    budget?: number | null;
  };
  /**
   * A guided game's words for the seat: its playable cards, the coach's card and why,
   * the computer's cards explained as they landed, the ideas met for the first time.
   */
  guide: OnGameArgs;
}
