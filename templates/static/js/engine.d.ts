// The worker protocol's messages and answers as the page scripts read them (docs/worker-protocol.md),
// for tsc (tsconfig.json). The shapes inside (the table, the observation, the explanation) are
// the engine's own, from shapes.d.ts (written from engine/shapes.pyi); what is declared here is
// the engine service's envelope around them (engine/service/sessions.py `_state`,
// engine/service/tables.py), and each op's answer (EngineAnswers: engine-client.mjs's `request`
// pairs it with the op's arguments, engine-ops.d.ts, written from engine/validate.py by
// scripts/engine_dts.py). Not shipped.

import type { Explanation, Observation, Result, ReviewMoveShape, TableShape } from "./shapes";
import type { EngineRequests } from "./engine-ops";

export type { EngineRequests };

/** What an error answer carries (engine/service/dispatch.py): `kind` is "illegal", "syntax", "record",
 *  "request", "internal", "unavailable"...; the rest depends on the kind. */
export interface EngineErrorData {
  kind: string;
  message?: string;
  rule?: string;
  anchor?: string | null;
  sentence?: string;
  stage?: string;
  index?: number;
  seat?: number | null;
  action?: string;
}

/** The last move as the viewer was told it (the state's `last`). */
export interface StateLast {
  index: number;
  action: string;
  seat: number | null;
  explanation: Explanation;
}

/** The table after a change, as the engine answers it (engine/service/sessions.py `_state`). */
export interface EngineState {
  game: string;
  index: number;
  length: number;
  to_play: number | null;
  legal: string[];
  over: boolean;
  view: number | null;
  scope: "seat" | "open" | "table";
  observation: Observation & Record<string, unknown>;
  exposed: string[][];
  voids: string[][];
  result: (Result & Record<string, unknown>) | null;
  last: StateLast | null;
  next: string | null;
  table: TableShape;
  summary?: Record<string, unknown>;
}

/** A game record (engine/record.py), as the engine writes it and takes it back. */
export type EngineRecord = Record<string, unknown>;

/** What "load" and "new" answer: the session's handle and its first state. */
export interface Loaded {
  handle: number;
  state: EngineState;
  players?: number;
}

/** The engine's hello once it has started. */
export type Hello = Record<string, unknown>;

/** The worker's messages to the page. */
export interface WorkerMessage {
  type?: string;
  id?: number;
  ok?: boolean;
  result?: unknown;
  error?: EngineErrorData;
  stage?: string;
  fraction?: number;
  message?: string;
  hello?: Hello;
  timings?: { start?: string } & Record<string, unknown>;
  keepSnapshot?: boolean;
  saved?: boolean;
}

/** "apply"'s and "bot"'s answer: the state after the move, and the move explained. */
export interface Applied {
  state: EngineState;
  explanation: Explanation;
  action?: string;
  seat?: number;
}

/** "hint"'s answer: the expert's move and why, in the game's words (engine/coach). */
export interface HintAnswer {
  action: string;
  text: string;
  reasons: { stake: string[]; known: string[] };
}

/** A table with friends' answer (the `table_*` ops): every seat's state and the public one. */
export interface TableAnswer {
  handle?: number;
  seat?: number;
  action?: string;
  states: EngineState[];
  public: EngineState;
}

// ---- the pages' data files (sitegen/play.py `play_data`, sitegen/friends.py) -------------------

/** A game's rules page: its address and its sections' titles by anchor. */
export interface RulesInfo {
  page: string;
  sections: Record<string, string>;
}

/** What the play table, the replay page and the friends' table read from their data file. */
export interface PlayData {
  mode: "play" | "replay" | "friends";
  game: string;
  /** Every game the site plays (engine/gameinfo.py, through sitegen/play.py): a saved game or a
   *  replay link naming another is refused. */
  games: string[];
  seat_names: Record<number, string[]>;
  team_names: Record<string, string[]>;
  levels: string[];
  default_level: string;
  players: Record<string, number[]>;
  default_players: Record<string, number>;
  rules: Record<string, RulesInfo>;
  replay_page: string;
}

/** The friends' table's data: the play data, and the relays and servers to connect through. */
export interface FriendsData extends PlayData {
  relays: string[];
  stun: string[];
  turn: { urls: string | string[]; username?: string; credential?: string }[];
  /** Each game's numbers of players at which opposite seats are partners (GameInfo.partners_at). */
  partners: Record<string, number[]>;
}

// ---- the coach's review (engine/coach/review.py; review_start / review_step, engine/service/coach.py) -------

/** The table as the seat saw it at a reviewed moment (`table_state`): a state without its line. */
export type MomentState = Omit<EngineState, "index" | "length" | "last" | "next">;

/** A rule a practice position is about: its section of the rules page. */
export interface PracticeRule {
  anchor?: string;
  title: string;
  href: string;
}

/** A step the visitor plays: the accepted answers and the author's words on every card. */
export interface VisitorStep {
  visitor: true;
  seat: number;
  answers: string[];
  correct: string;
  feedback: Record<string, string>;
  /** The build's texts, by the branch of earlier answers, then by action. */
  texts?: Record<string, Record<string, string>>;
  prompt: string;
  /** The answer the visitor gave (set on the page: names the branch the later steps are on). */
  taken?: string;
}

/** A step the position plays itself. */
export interface ScriptedStep {
  visitor: false;
  seat: number;
  action: string;
  note: string;
  texts?: Record<string, string>;
  log: string;
  prompt: string;
}

/** A practice position (sitegen/practice_view.py's data; a review's kept moment, engine/coach/practice.py). */
export interface PracticePosition {
  id: string;
  title: string;
  order?: number;
  record: EngineRecord;
  seats: number[];
  bottom?: number;
  open?: boolean;
  seat_names: string[];
  team_names?: string[];
  question: string;
  rules: PracticeRule[];
  steps: (VisitorStep | ScriptedStep)[];
  closing: string;
  kept?: boolean;
}

/** One of the visitor's moves, marked (the engine's shape: shapes.d.ts, from engine/shapes.pyi). */
export type ReviewMove = ReviewMoveShape;

/** One of the costliest moments, told in full. */
export interface ReviewMoment {
  index: number;
  when: string;
  mark: ReviewMove["mark"];
  played: string;
  best: string;
  text: string;
  state: MomentState;
  practice: PracticePosition | null;
}

/** A deal's review. */
export interface DealReview {
  game: string;
  deal: number;
  seat: number;
  summary: string;
  moves: ReviewMove[];
  moments: ReviewMoment[];
  marks: Record<ReviewMove["mark"], number>;
}

/** review_start's and review_step's answers: the progress, and at last the whole review. */
export interface ReviewAnswer {
  review: number;
  done: number;
  total: number;
  finished: boolean;
  result?: { summary: string; deals: DealReview[] };
}

// ---- each op's answer (engine/service/*.py, the `@handles` methods) -----------------------------

/** "legal"'s answer: the seat to play and, on the session's own turn, its legal actions. */
export interface LegalAnswer {
  seat: number | null;
  actions: string[];
}

/** "explain"'s answer: the move's facts as the viewer may be told them (empty when the engine
 *  has nothing to say); a refused move's rule and sentence, as a refused "apply" says them. */
export type ExplainAnswer = Omit<Explanation, "legal"> & { legal?: boolean; rule?: string; sentence?: string };

/** "bot"'s answer: the computer's choice for the seat to play, its reasons when asked for
 *  (`reasons: true`), and with `play: true` the move applied: an `Applied` too. */
export interface BotChoice {
  seat: number;
  level: string;
  action: string;
  text?: string;
  reasons?: HintAnswer["reasons"];
}

/** "games"'s answer: each game's name and number of players. */
export interface GamesAnswer {
  games: { name: string; min_players: number; max_players: number }[];
}

/**
 * Every op's answer, by op (the ops and their arguments: engine-ops.d.ts, written from
 * engine/validate.py). An op of EngineRequests missing here is a tsc error below (EngineOps),
 * and tests/site/test_engine_dts.py names it: declare its answer here.
 */
export interface EngineAnswers {
  hello: Hello;
  games: GamesAnswer;
  new: Loaded;
  load: Loaded;
  state: EngineState;
  legal: LegalAnswer;
  apply: Applied;
  observation: Observation & Record<string, unknown>;
  explain: ExplainAnswer;
  step_to: EngineState;
  record: EngineRecord;
  deal_record: EngineRecord;
  summary: Record<string, unknown>;
  /** With `play: true`; without it, only the choice (RequestAnswer). */
  bot: BotChoice & Applied;
  undo: EngineState;
  drop: { dropped: boolean };
  table_new: TableAnswer;
  table_load: TableAnswer;
  table_state: TableAnswer;
  table_apply: TableAnswer;
  table_bot: TableAnswer;
  table_record: EngineRecord;
  table_deal_record: EngineRecord;
  hint: HintAnswer;
  review_start: ReviewAnswer;
  review_step: ReviewAnswer;
  review_note: ReviewNoteAnswer;
  guide: GuideAnswer;
}

/** An op the engine answers. */
export type Op = keyof EngineRequests;

/** Each op's request (its arguments) and answer. */
export type EngineOps = { [K in Op]: { request: EngineRequests[K]; answer: EngineAnswers[K] } };

/** The request's arguments, checked (`request(op, args)`'s `args`: `A & CheckedArgs<K, A>`).
 *  With `op` named in the call, every argument given must be one the op takes (otherwise its
 *  type is a sentence saying so), every required one must be there, and a value whose type is
 *  known must be of the argument's type, or null (a page's handle before one is opened: the
 *  engine refuses it with an error in words); a value of type `unknown` is the engine's
 *  validator's to check. Arguments gathered in a `Record<string, unknown>`, or an op only
 *  known when the page runs, are the validator's to check. */
export type CheckedArgs<K extends string, A> = string extends K ? unknown
  : K extends Op ? (string extends keyof A ? unknown : ArgsOf<K, EngineRequests[K], A>)
  : unknown;

type ArgsOf<K extends string, R, A> = {
  [P in keyof A]: P extends keyof R | "deck"
    ? (unknown extends A[P] ? unknown : P extends keyof R ? R[P] | null | undefined : unknown)
    : `${K} takes no argument ${P & string}`;
} & { [P in RequiredKeys<R>]-?: unknown };

type RequiredKeys<R> = { [P in keyof R]-?: undefined extends R[P] ? never : P }[keyof R];

/** What `request(op, args)` answers: the op's answer ("bot" without `play: true`: its choice
 *  only); `any` for an op only known when the page runs (its caller names the type). */
export type RequestAnswer<K extends string, A> = string extends K ? any
  : K extends "bot" ? (A extends { play: true } ? EngineAnswers["bot"] : BotChoice)
  : K extends Op ? EngineAnswers[K] : never;

/** The op, when named in the call, must be one the engine answers. */
export type KnownOp<K extends string> = string extends K ? string : K extends Op ? K : Op;

/** The contextual type of a request's arguments (keeps `play: true` a literal for "bot"). */
export type ArgsHint = { play?: boolean } & Record<string, unknown>;

// ---- the coach's ops of issue 30 (engine/service/coach.py): the guided game and the review on
// the big table. Their shapes are the engine's own, from shapes.d.ts (engine/shapes.pyi).

import type { GuideAnswer, ReviewNoteAnswer, ReviewResultShape } from "./shapes";
export type { GuideAnswer, ReviewNoteAnswer, ReviewResultShape };

/** `guide` {handle}: a seat's guided game now (GuideAnswer). `review_note` {handle, seed?,
 *  samples?, budget?}: one of the seat's moves valued for the review to come, sent while the computer
 *  plays (ReviewNoteAnswer). review_step's last answer, read with the big table's data: each
 *  move's `reason` and `expected` points, the deal's `timeline` and `costliest`. */
export interface ReviewAnswerWithTable extends Omit<ReviewAnswer, "result"> {
  result?: ReviewResultShape;
}
