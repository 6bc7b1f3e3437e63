// The engine's JSON shapes for the page scripts' JSDoc types (tsconfig.json), written by
// scripts/shapes_dts.py from engine/shapes.pyi: edit the stub and run the script, not this
// file (tests/site/test_shapes_dts.py checks they agree). Types only: the site does not ship it.

/**
 * How a card enters a trick: the first card, the suit led, a trump on another suit, or
 * anything else.
 */
export type PlayKind = "lead" | "follow" | "trump" | "discard";

export interface TableCard {
  seat: number;
  card: string;
}

/** The trick in progress: who led and the cards played so far, in play order. */
export interface Trick {
  leader: number;
  cards: TableCard[];
}

export interface PlayedTrick extends Trick {
  /** The seat that took it. */
  winner: number;
  /** Its card points (Madrasso's last trick's ten not included). */
  points: number;
}

export interface SuitShape {
  /** The suit letter, "C" "D" "H" or "S". */
  suit: string;
  /** The suit's plural name, "clubs". */
  name: string;
}

/** Who holds the trick once a card is down, with which card, and why. */
export interface Winning {
  seat: number;
  card: string;
  why: string;
}

/** What ``Game.explain`` answers for an action that cannot be played now. */
export interface Refusal {
  legal: false;
  action: string;
  seat: number | null;
  /** The rule broken (or why the text is no action), in words. */
  rule: string;
  /** The rules-page section that states it, when one does. */
  anchor: string | null;
  text: string;
  /**
   * The refusal as a page says it ("You cannot play the king of hearts (must follow suit:
   * clubs was led and you hold clubs)."); added by the bridge (engine.table.refused_sentence).
   */
  sentence?: string;
}

/** Facts about a legal action; every game fills the common keys, and its own. */
export interface Explanation {
  legal?: true;
  action?: string;
  seat?: number;
  side?: number;
  /** Trick games: a :data:`PlayKind`, or Madrasso's "swap"; Scopa: "none", "match", "sum". */
  kind?: string;
  card?: string;
  card_name?: string;
  points?: number;
  /** The rules-page section of the rule this move follows. */
  anchor?: string;
  /** Every section the move touches, ``anchor`` first. */
  anchors?: string[];
  /** The facts in a sentence or three, with the seats named as the table names them. */
  text?: string;
  category?: string;
  trump?: string;
  is_trump?: boolean;
  /** The mover's other legal cards: told to the mover and the spectator only. */
  choices?: string[];
  winning?: Winning | null;
  trick_complete?: boolean;
  trick_winner?: number | null;
  trick_points?: number | null;
  /** The trick the card completes, in play order (None until it is complete). */
  trick_cards?: TableCard[] | null;
  draws?: number[] | null;
  forced?: boolean;
  forced_reason?: string | null;
  took?: string;
  took_name?: string;
  last_trick_bonus?: boolean;
  /** On a deal's last card: the deal's points per side, the last trick's ten included. */
  deal_points?: number[];
  deal_tricks?: number[];
  deal_complete?: boolean;
  match?: MatchShape | null;
  next?: NextShape | null;
  value?: number;
  captured?: string[];
  cards_taken?: number;
  diamonds_taken?: number;
  settebello?: boolean;
  clears_table?: boolean;
  scopa?: boolean;
  last_play?: boolean;
  alternatives?: string[];
}

export interface NextShape {
  seat?: number;
  /** The next seat's moves, only when told to that seat or to the spectator. */
  legal?: string[];
}

/** What every game's observation has: the viewer's knowledge of the table. */
export interface Observation {
  game: string;
  /** The viewer (None: the spectator, who sees every hand). */
  seat: number | null;
  side: number | null;
  num_players: number;
  sides: number[][];
  /** Per seat, its cards in display order, or None for a hand hidden from the viewer. */
  hands: (string[] | null)[];
  hand_sizes: number[];
  current_player: number | null;
  /** The viewer's moves on its turn (the spectator: the mover's); else empty. */
  legal_actions: string[];
  over: boolean;
}

export interface TurnedShape {
  card: string;
  name: string;
}

export interface BriscolaTurned extends TurnedShape {
  in_stock: boolean;
  holder: number | null;
}

export interface BriscolaObservation extends Observation {
  trump: SuitShape;
  turned: BriscolaTurned;
  stock_size: number;
  trick: Trick;
  tricks: PlayedTrick[];
  points: number[];
  result: number | string | null;
}

export interface MadrassoTurned extends TurnedShape {
  in_hand: boolean;
}

export interface SwapShape {
  seat: number;
  gave: string;
  took: string;
}

export interface MatchShape {
  winner: number | null;
  /** "777" or "cappotto" once decided. */
  reason: string | null;
  after_trick: number | null;
  deal: number | null;
  target: number;
  max_deals: number;
}

export interface RankShape {
  points: number;
  category: string;
}

export interface MadrassoObservation extends Observation {
  dealer: number;
  deal: number;
  trump: SuitShape;
  turned: MadrassoTurned;
  swap: SwapShape | null;
  trick: Trick;
  tricks: PlayedTrick[];
  tricks_won: number[];
  points: number[];
  last_trick: number | null;
  totals: number[];
  running_totals: number[];
  match: MatchShape;
  ranks: Record<string, RankShape>;
}

export interface ScopaPlay extends TableCard {
  captured: string[];
  scopa: boolean;
}

export interface Leftovers {
  cards: string[];
  to: number | null;
}

export interface ScopaDeal {
  deal: number;
  dealer: number;
  plays: ScopaPlay[];
  leftovers: Leftovers;
  scope: number[];
  cards: number | null;
  card_counts: number[];
  diamonds: number | null;
  diamond_counts: number[];
  settebello: number | null;
  primiera: number | null;
  primiera_sums: (number | null)[];
  points: number[];
  totals: number[];
}

export interface ScopaObservation extends Observation {
  players: number;
  deal: number;
  dealer: number;
  table: string[];
  stock_size: number;
  captured: string[][];
  captured_counts: number[];
  scope: number[];
  last_capturer: number | null;
  plays: ScopaPlay[];
  totals: number[];
  deals: ScopaDeal[];
  winner: number | null;
  result: ScopaResult | null;
}

/** What every game's result has once it is over. */
export interface Result {
  /**
   * The side that won (the match, in a match), None for a draw or a deal that decides
   * no match.
   */
  winner: number | null;
}

export interface BriscolaResult extends Result {
  points: number[];
  result: number | string;
  draw: boolean;
}

export interface MadrassoResult extends Result {
  points: number[];
  tricks_won: number[];
  last_trick: number | null;
  totals: number[];
  deal: number;
  match: MatchShape;
}

export interface ScopaResult extends Result {
  totals: number[];
  deals: number;
  last_deal: ScopaDeal;
}

/** The last move as the viewer was told it (the bridge's ``state.last``). */
export interface LastMove {
  seat: number | null;
  action: string;
  explanation: Record<string, unknown>;
}

export interface RuleLink {
  /** The rules-page section. */
  anchor: string;
  /** The link's words (None: the section's own title). */
  text: string | null;
}

export interface HandCard {
  /** The card, or None for a card face down. */
  card: string | null;
  /** The card in words ("king of clubs"), its image's alt text; None face down. */
  name: string | null;
  /** Words on a card everybody knows is in the hand ("turned up"). */
  tag: string | null;
  /** It lies face up in front of the seat (Madrasso's turned-up card), not among its cards. */
  aside: boolean;
}

export interface HandShape {
  cards: HandCard[];
  count: number;
  /** The hand in words ("North’s cards: 3 cards, face down"). */
  words: string;
}

export interface SeatShape {
  seat: number;
  name: string;
  /** "you", "partner", "opponent" for a seat's own table; None for a spectator's. */
  role: string | null;
  /** The role in the request's language ("you", "tu"), shown beside the seat's name. */
  role_words: string | null;
  /** "south" "east" "north" "west": where it sits with the table's ``bottom`` at the bottom. */
  position: string;
  side: number;
  label: string;
  hand: HandShape;
  /** "dealer", "to play": identifiers, not words (the page says them). */
  badges: string[];
  note: string | null;
  /** What the seat's side has taken, in words (Scopa). */
  pile: string | null;
}

export interface CentreCard {
  card: string;
  /** The card in words, its image's alt text. */
  name: string;
  /** Who played it (None: a card of Scopa's table). */
  seat: number | null;
  position: string | null;
  /**
   * "winning" (holds the trick so far), "winner" (took it), "played" and "captured" (a
   * Scopa capture, about to leave), "leftover" (left on the table at a deal's end).
   */
  mark: string | null;
  words: string;
}

export interface CentreShape {
  kind: "trick" | "table";
  label: string;
  /** The trump suit's letter, when the label names it. */
  suit: string | null;
  /** What the centre shows, in words ("North wins the trick (11 points)"). */
  words: string | null;
  /** A finished trick or a capture, shown before its cards leave. */
  complete: boolean;
  /** The seat whose side the cards go to once they leave. */
  winner: number | null;
  cards: CentreCard[];
  empty: string | null;
  sweep: boolean;
  /** The last trick (or capture) before this one, to be looked at again. */
  review: CentreShape | null;
}

export interface StockShape {
  count: number;
  /** The turned card at the bottom of the stock, face up. */
  turned: string | null;
  turned_name: string | null;
  words: string;
}

export interface ScoreColumn {
  head: string;
  /** The cell's data key ("points"), empty for none. */
  key: string;
}

export interface ScoreRow {
  key: number;
  head: string;
  cells: string[];
  rule?: RuleLink | null;
}

export interface ScoreShape {
  caption: string;
  /** What a row is: "team", "seat" or "side" (its ``key``). */
  row_key: string;
  columns: ScoreColumn[];
  rows: ScoreRow[];
}

export interface MeterShape {
  label: string;
  value: number;
  max: number;
  side: number;
}

export interface ProgressShape {
  text: string;
  rule: RuleLink | null;
  meters: MeterShape[];
}

export interface EventShape {
  seat: number | null;
  who: string;
  action: string;
  card: string | null;
  text: string;
  rule: RuleLink | null;
  captured: string[];
  trick_winner: number | null;
  sweep: boolean;
  /**
   * How long a page lets the move be seen before the next one ("long": a trick taken, a
   * capture).
   */
  pause: "short" | "long";
  kind?: string;
}

export interface OutcomeShape {
  /** "deal": a deal of a match that goes on is over; "game": the game is over. */
  kind: "deal" | "game";
  title: string;
  lines: string[];
  rule: RuleLink | null;
  breakdown: ScoreShape | null;
  /** The words of the link that replays it. */
  replay: string;
  review: string;
  /** Whether a review of every deal of the match is offered too. */
  whole_match: boolean;
}

export interface TakenCard {
  card: string;
  name: string;
}

/** One legal action of the viewer's, in words. */
export interface ChoiceOption {
  action: string;
  /**
   * The words of its button ("Take the seven of diamonds", "Swap the seven of hearts for
   * the turned-up king of hearts").
   */
  label: string;
  /**
   * The move in a log's words, after the mover's name ("plays the seven of clubs, taking
   * the seven of diamonds").
   */
  log: string;
  /** The table cards it takes (Scopa), in order. */
  takes: TakenCard[];
}

/**
 * The actions that play one card (or the swap: ``card`` None), with the question a page
 * asks when there is more than one (Scopa's captures).
 */
export interface ChoiceGroup {
  card: string | null;
  name: string | null;
  /** "The seven of clubs can capture in 2 ways. What does it take?" (None: one way). */
  question: string | null;
  options: ChoiceOption[];
}

/** One viewer's table: what every page that shows cards draws (engine/table.py). */
export interface TableShape {
  game: string;
  viewer: number | null;
  /**
   * The seat placed at the bottom (layout only: the viewer's by default, seat 0 for the
   * spectator; a practice position puts the seat the visitor plays there).
   */
  bottom: number;
  players: number;
  to_play: number | null;
  your_turn: boolean;
  turn_words: string | null;
  /** Whose turn it is when it is not the viewer's ("East is to play."). */
  waiting_words: string | null;
  /** A deal of a match has just ended: the next deal's cards stay out of sight. */
  between_deals: boolean;
  over: boolean;
  sides: string[];
  seats: SeatShape[];
  centre: CentreShape;
  stock: StockShape | null;
  score: ScoreShape;
  progress: ProgressShape;
  last: EventShape | null;
  outcome: OutcomeShape | null;
  opening: string;
  /**
   * The viewer's legal actions on its own turn (the spectator of a public record: the
   * mover's), grouped by the card they play, each in words; None when it has none.
   */
  choices: ChoiceGroup[] | null;
}

/**
 * A move's mark in a review (engine/coach/values.py): a word, the page adds a colour and a
 * sign.
 */
export type Mark = "best" | "good" | "inaccuracy" | "mistake";

/**
 * The chart's point after one of the seat's moves: what its side expects at the deal's
 * end (the played move's value, from the seat's view then).
 */
export interface ExpectedPoints {
  /**
   * The seat's side's points minus the other side's: the deal's points alone (never the
   * match's bonus; Scopa: the match totals before the deal included).
   */
  margin: number;
  /**
   * Each side's expected points, [the seat's side, the other], in the games whose deal
   * holds a fixed total (the trick games); None in Scopa.
   */
  sides: number[] | null;
  /**
   * The seat's side's chance to win the match (0 to 1; a match still open at the deal's
   * end counts as even), where some sampled deal decided the match; None otherwise.
   */
  chance: number | null;
}

/** A kind of costly move (engine/coach/kinds.py): the learner's progress counts them. */
export interface MistakeKind {
  /** Stable: kept in the browser's progress and named by practice positions' ``teaches``. */
  id: string;
  name: string;
  /** One line: what a move of this kind did. */
  why: string;
}

export interface MoveValueShape {
  action: string;
  /**
   * The expert's value: the deal's points, and where the match is at stake the match as
   * the expert weighs it (``GameInfo.match_bonus``).
   */
  value: number;
  /** How far the value falls short of the best move's (orders the costly moves). */
  loss: number;
  mark: Mark;
  words: string;
  /** Where the match is at stake: the deal's points alone in ``value``. */
  points?: number;
  /** Where the match is at stake: the chance to win the match after the move (0 to 1). */
  chance?: number;
  /** Where the match is at stake: what the move gave away in the deal's points (0 at least). */
  points_loss?: number;
  /** Where the match is at stake: the share of the chance to win the match it cost. */
  chance_loss?: number;
}

/** One of the seat's moves, reviewed: what the big table shows at that step. */
export interface ReviewMoveShape {
  /** The action's index in the deal's record (the timeline's ``index``). */
  index: number;
  /** The seat's n-th move of the deal, from 1. */
  number: number;
  trick: number | null;
  when: string;
  played: string;
  played_words: string;
  /** The expert's card: where the page shows it would have gone. */
  best: string;
  best_words: string;
  mark: Mark;
  loss: number;
  forced: boolean;
  /**
   * What the move cost, in words, for an inaccuracy or a mistake: the deal's points ("9
   * card points"), or the share of the chance to win the match it cost ("40% of your chance
   * to win the match", after the points when they count too): never one number mixing them.
   * Reads after "about".
   */
  cost: string | null;
  samples: number;
  /**
   * The reason in one sentence, from the seat's view at that moment: what the played
   * move does (best), or what the expert's card does instead.
   */
  reason: string;
  expected: ExpectedPoints;
  /**
   * What kind of mistake a costly move was (an inaccuracy or a mistake; None for the
   * others): engine/coach/kinds.py.
   */
  kind: MistakeKind | null;
  values: MoveValueShape[];
}

/**
 * One action of the finished deal, for stepping through it (every card in it was
 * played in the open).
 */
export interface TimelineStep {
  index: number;
  seat: number | null;
  action: string;
  words: string;
  /** For the reviewed seat's own moves, its ``number`` (``moves[move - 1]``). */
  move: number | null;
}

/** A deal's review (``review_step``'s ``result.deals``). */
export interface DealReviewShape {
  game: string;
  deal: number;
  seat: number;
  seed: number;
  samples: number;
  grades: Record<string, unknown>;
  moves: ReviewMoveShape[];
  /**
   * The costliest moves' ``number``, the costliest first (at most three): the moments
   * shown first.
   */
  costliest: number[];
  timeline: TimelineStep[];
  moments: Record<string, unknown>[];
  /**
   * What the deal's moves gave away in the deal's points alone (the chance to win the
   * match a move cost is said in its words, never added here): the progress chart's point.
   */
  lost: number;
  marks: Record<string, number>;
  summary: string;
}

export interface CostlyMoment {
  deal: number;
  move: number;
}

/** A whole review: one deal, or every deal of a match. */
export interface ReviewResultShape {
  game: string;
  seat: number;
  deals: DealReviewShape[];
  summary: string;
  /** The deals' ``lost`` added up: the deal's points alone. */
  lost: number;
  /**
   * The match's costliest moves over all its deals, the costliest first (at most
   * three).
   */
  costliest: CostlyMoment[];
}

/** ``review_note``: one of the seat's moves valued ahead of the review. */
export interface ReviewNoteAnswer {
  valued: boolean;
  /** The seat's moves still to value (ask again while the computer plays). */
  waiting: number;
}

/** Another seat's move since the learner's last one, in words from public information. */
export interface GuideLanded {
  seat: number | null;
  action: string;
  text: string;
}

/** An idea introduced now, the first time it applies in this game (each once). */
export interface GuideIdea {
  idea: "follow_suit" | "first_void" | "seven_swap" | "last_trick" | "capture" | "sweep" | "settebello" | "primiera";
  title: string;
  text: string;
}

export interface GuideSuggestion {
  /** The coach's card: the page lights it. */
  action: string;
  words: string;
  /** Its reason in one sentence. */
  reason: string;
}

/**
 * The learner's previous move: its mark, and a word when it was costly (never a
 * refusal: any legal card may be played).
 */
export interface GuideYourCard {
  action: string;
  mark: Mark;
  word: string | null;
}

/** ``guide``: the guided game's words for the seat now. */
export interface GuideAnswer {
  seat: number;
  to_play: number | null;
  over: boolean;
  /** The legal moves on the seat's turn (the cards the page lifts); empty otherwise. */
  playable: string[];
  landed: GuideLanded[];
  ideas: GuideIdea[];
  suggestion: GuideSuggestion | null;
  your_card: GuideYourCard | null;
}
