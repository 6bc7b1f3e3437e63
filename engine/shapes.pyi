"""The shapes of the engine's JSON: observations, explanations, results, in one vocabulary.

Every game answers in these shapes, so a page (or the next game) reads one set of words:

* **sides**: who scores together. ``sides`` lists each side's seats (Madrasso's two teams
  ``[[0, 2], [1, 3]]``, Briscola's two players ``[[0], [1]]``, Scopa's players or its two
  partnerships) and ``side`` is the viewer's; points, totals, ``last_trick`` and ``winner``
  count by side. The rules pages say "team" or "player"; the data says side.
* **a card on the table** is always ``{"seat": 2, "card": "KC"}`` (:class:`TableCard`), in a
  trick in progress, a finished trick and a summary alike.
* **a rule** is words (``rule``, in a refusal: "must follow suit: clubs was led and you hold
  clubs") and its place on the rules page is an id (``anchor``: "playing-a-trick"). A legal
  move's explanation has the ``anchor`` of the rule it follows and every section it touches
  (``anchors``); a refusal has both ``rule`` and ``anchor`` (None when no section says it).

The shapes are :class:`typing.TypedDict` in a stub (``.pyi``), for the type checker and the
reader: at run time they are plain dicts, and the games import this module only when type
checking (``if TYPE_CHECKING``), so it is not shipped and costs the browser nothing.
"""

from typing import Any, Literal, NotRequired, TypedDict

PlayKind = Literal["lead", "follow", "trump", "discard"]
"""How a card enters a trick: the first card, the suit led, a trump on another suit, or
anything else."""


class TableCard(TypedDict):
    seat: int
    card: str


class Trick(TypedDict):
    """The trick in progress: who led and the cards played so far, in play order."""

    leader: int
    cards: list[TableCard]


class PlayedTrick(Trick):
    winner: int
    """The seat that took it."""
    points: int
    """Its card points (Madrasso's last trick's ten not included)."""


class SuitShape(TypedDict):
    suit: str
    """The suit letter, "C" "D" "H" or "S"."""
    name: str
    """The suit's plural name, "clubs"."""


class Winning(TypedDict):
    """Who holds the trick once a card is down, with which card, and why."""

    seat: int
    card: str
    why: str


class Refusal(TypedDict):
    """What ``Game.explain`` answers for an action that cannot be played now."""

    legal: Literal[False]
    action: str
    seat: int | None
    rule: str
    """The rule broken (or why the text is no action), in words."""
    anchor: str | None
    """The rules-page section that states it, when one does."""
    text: str
    sentence: NotRequired[str]
    """The refusal as a page says it ("You cannot play the king of hearts (must follow suit:
    clubs was led and you hold clubs)."); added by the bridge (engine.table.refused_sentence)."""


class Explanation(TypedDict, total=False):
    """Facts about a legal action; every game fills the common keys, and its own."""

    legal: Literal[True]
    action: str
    seat: int
    side: int
    kind: str
    """Trick games: a :data:`PlayKind`, or Madrasso's "swap"; Scopa: "none", "match", "sum"."""
    card: str
    card_name: str
    points: int
    anchor: str
    """The rules-page section of the rule this move follows."""
    anchors: list[str]
    """Every section the move touches, ``anchor`` first."""
    text: str
    """The facts in a sentence or three, with the seats named as the table names them."""
    # Trick games.
    category: str
    trump: str
    is_trump: bool
    choices: list[str]
    """The mover's other legal cards: told to the mover and the spectator only."""
    winning: Winning | None
    trick_complete: bool
    trick_winner: int | None
    trick_points: int | None
    trick_cards: list[TableCard] | None
    """The trick the card completes, in play order (None until it is complete)."""
    # Briscola.
    draws: list[int] | None
    # Madrasso.
    forced: bool
    forced_reason: str | None
    took: str
    took_name: str
    last_trick_bonus: bool
    deal_points: list[int]
    """On a deal's last card: the deal's points per side, the last trick's ten included."""
    deal_tricks: list[int]
    deal_complete: bool
    match: MatchShape | None
    next: NextShape | None
    # Scopa.
    value: int
    captured: list[str]
    cards_taken: int
    diamonds_taken: int
    settebello: bool
    clears_table: bool
    scopa: bool
    last_play: bool
    alternatives: list[str]


class NextShape(TypedDict, total=False):
    seat: int
    legal: list[str]
    """The next seat's moves, only when told to that seat or to the spectator."""


class Observation(TypedDict):
    """What every game's observation has: the viewer's knowledge of the table."""

    game: str
    seat: int | None
    """The viewer (None: the spectator, who sees every hand)."""
    side: int | None
    num_players: int
    sides: list[list[int]]
    hands: list[list[str] | None]
    """Per seat, its cards in display order, or None for a hand hidden from the viewer."""
    hand_sizes: list[int]
    current_player: int | None
    legal_actions: list[str]
    """The viewer's moves on its turn (the spectator: the mover's); else empty."""
    over: bool


class TurnedShape(TypedDict):
    card: str
    name: str


class BriscolaTurned(TurnedShape):
    in_stock: bool
    holder: int | None


class BriscolaObservation(Observation):
    trump: SuitShape
    turned: BriscolaTurned
    stock_size: int
    trick: Trick
    tricks: list[PlayedTrick]
    points: list[int]
    result: int | str | None


class MadrassoTurned(TurnedShape):
    in_hand: bool


class SwapShape(TypedDict):
    seat: int
    gave: str
    took: str


class MatchShape(TypedDict):
    winner: int | None
    reason: str | None
    """"777" or "cappotto" once decided."""
    after_trick: int | None
    deal: int | None
    target: int
    max_deals: int


class RankShape(TypedDict):
    points: int
    category: str


class MadrassoObservation(Observation):
    dealer: int
    deal: int
    trump: SuitShape
    turned: MadrassoTurned
    swap: SwapShape | None
    trick: Trick
    tricks: list[PlayedTrick]
    tricks_won: list[int]
    points: list[int]
    last_trick: int | None
    totals: list[int]
    running_totals: list[int]
    match: MatchShape
    ranks: dict[str, RankShape]


class ScopaPlay(TableCard):
    captured: list[str]
    scopa: bool


class Leftovers(TypedDict):
    cards: list[str]
    to: int | None


class ScopaDeal(TypedDict):
    deal: int
    dealer: int
    plays: list[ScopaPlay]
    leftovers: Leftovers
    scope: list[int]
    cards: int | None
    card_counts: list[int]
    diamonds: int | None
    diamond_counts: list[int]
    settebello: int | None
    primiera: int | None
    primiera_sums: list[int | None]
    points: list[int]
    totals: list[int]


class ScopaObservation(Observation):
    players: int
    deal: int
    dealer: int
    table: list[str]
    stock_size: int
    captured: list[list[str]]
    captured_counts: list[int]
    scope: list[int]
    last_capturer: int | None
    plays: list[ScopaPlay]
    totals: list[int]
    deals: list[ScopaDeal]
    winner: int | None
    result: ScopaResult | None


class Result(TypedDict):
    """What every game's result has once it is over."""

    winner: int | None
    """The side that won (the match, in a match), None for a draw or a deal that decides
    no match."""


class BriscolaResult(Result):
    points: list[int]
    result: int | str
    draw: bool


class MadrassoResult(Result):
    points: list[int]
    tricks_won: list[int]
    last_trick: int | None
    totals: list[int]
    deal: int
    match: MatchShape


class ScopaResult(Result):
    totals: list[int]
    deals: int
    last_deal: ScopaDeal


# ---- the table as a page draws it (engine/table.py) --------------------------------------------


class LastMove(TypedDict):
    """The last move as the viewer was told it (the bridge's ``state.last``)."""

    seat: int | None
    action: str
    explanation: dict[str, Any]


class RuleLink(TypedDict):
    anchor: str
    """The rules-page section."""
    text: str | None
    """The link's words (None: the section's own title)."""


class HandCard(TypedDict):
    card: str | None
    """The card, or None for a card face down."""
    name: str | None
    """The card in words ("king of clubs"), its image's alt text; None face down."""
    tag: str | None
    """Words on a card everybody knows is in the hand ("turned up")."""
    aside: bool
    """It lies face up in front of the seat (Madrasso's turned-up card), not among its cards."""


class HandShape(TypedDict):
    cards: list[HandCard]
    count: int
    words: str
    """The hand in words ("North’s cards: 3 cards, face down")."""


class SeatShape(TypedDict):
    seat: int
    name: str
    role: str | None
    """"you", "partner", "opponent" for a seat's own table; None for a spectator's."""
    role_words: str | None
    """The role in the request's language ("you", "tu"), shown beside the seat's name."""
    position: str
    """"south" "east" "north" "west": where it sits with the table's ``bottom`` at the bottom."""
    side: int
    label: str
    hand: HandShape
    badges: list[str]
    """"dealer", "to play": identifiers, not words (the page says them)."""
    note: str | None
    pile: str | None
    """What the seat's side has taken, in words (Scopa)."""


class CentreCard(TypedDict):
    card: str
    name: str
    """The card in words, its image's alt text."""
    seat: int | None
    """Who played it (None: a card of Scopa's table)."""
    position: str | None
    mark: str | None
    """"winning" (holds the trick so far), "winner" (took it), "played" and "captured" (a
    Scopa capture, about to leave), "leftover" (left on the table at a deal's end)."""
    words: str


class CentreShape(TypedDict):
    kind: Literal["trick", "table"]
    label: str
    suit: str | None
    """The trump suit's letter, when the label names it."""
    words: str | None
    """What the centre shows, in words ("North wins the trick (11 points)")."""
    complete: bool
    """A finished trick or a capture, shown before its cards leave."""
    winner: int | None
    """The seat whose side the cards go to once they leave."""
    cards: list[CentreCard]
    empty: str | None
    sweep: bool
    review: CentreShape | None
    """The last trick (or capture) before this one, to be looked at again."""


class StockShape(TypedDict):
    count: int
    turned: str | None
    """The turned card at the bottom of the stock, face up."""
    turned_name: str | None
    words: str


class ScoreColumn(TypedDict):
    head: str
    key: str
    """The cell's data key ("points"), empty for none."""


class ScoreRow(TypedDict):
    key: int
    head: str
    cells: list[str]
    rule: NotRequired[RuleLink | None]


class ScoreShape(TypedDict):
    caption: str
    row_key: str
    """What a row is: "team", "seat" or "side" (its ``key``)."""
    columns: list[ScoreColumn]
    rows: list[ScoreRow]


class MeterShape(TypedDict):
    label: str
    value: int
    max: int
    side: int


class ProgressShape(TypedDict):
    text: str
    rule: RuleLink | None
    meters: list[MeterShape]


class EventShape(TypedDict):
    seat: int | None
    who: str
    action: str
    card: str | None
    text: str
    rule: RuleLink | None
    captured: list[str]
    trick_winner: int | None
    sweep: bool
    pause: Literal["short", "long"]
    """How long a page lets the move be seen before the next one ("long": a trick taken, a
    capture)."""
    kind: NotRequired[str]


class OutcomeShape(TypedDict):
    kind: Literal["deal", "game"]
    """"deal": a deal of a match that goes on is over; "game": the game is over."""
    title: str
    lines: list[str]
    rule: RuleLink | None
    breakdown: ScoreShape | None
    replay: str
    """The words of the link that replays it."""
    review: str
    whole_match: bool
    """Whether a review of every deal of the match is offered too."""


class TakenCard(TypedDict):
    card: str
    name: str


class ChoiceOption(TypedDict):
    """One legal action of the viewer's, in words."""

    action: str
    label: str
    """The words of its button ("Take the seven of diamonds", "Swap the seven of hearts for
    the turned-up king of hearts")."""
    log: str
    """The move in a log's words, after the mover's name ("plays the seven of clubs, taking
    the seven of diamonds")."""
    takes: list[TakenCard]
    """The table cards it takes (Scopa), in order."""


class ChoiceGroup(TypedDict):
    """The actions that play one card (or the swap: ``card`` None), with the question a page
    asks when there is more than one (Scopa's captures)."""

    card: str | None
    name: str | None
    question: str | None
    """"The seven of clubs can capture in 2 ways. What does it take?" (None: one way)."""
    options: list[ChoiceOption]


class TableShape(TypedDict):
    """One viewer's table: what every page that shows cards draws (engine/table.py)."""

    game: str
    viewer: int | None
    bottom: int
    """The seat placed at the bottom (layout only: the viewer's by default, seat 0 for the
    spectator; a practice position puts the seat the visitor plays there)."""
    players: int
    to_play: int | None
    your_turn: bool
    turn_words: str | None
    waiting_words: str | None
    """Whose turn it is when it is not the viewer's ("East is to play.")."""
    between_deals: bool
    """A deal of a match has just ended: the next deal's cards stay out of sight."""
    over: bool
    sides: list[str]
    seats: list[SeatShape]
    centre: CentreShape
    stock: StockShape | None
    score: ScoreShape
    progress: ProgressShape
    last: EventShape | None
    outcome: OutcomeShape | None
    opening: str
    choices: list[ChoiceGroup] | None
    """The viewer's legal actions on its own turn (the spectator of a public record: the
    mover's), grouped by the card they play, each in words; None when it has none."""


# ---- the coach: the review on the big table, the guided game (issue 30) ---------------------

Mark = Literal["best", "good", "inaccuracy", "mistake"]
"""A move's mark in a review (engine/coach/values.py): a word, the page adds a colour and a
sign."""


class ExpectedPoints(TypedDict):
    """The chart's point after one of the seat's moves: what its side expects at the deal's
    end (the played move's value, from the seat's view then)."""

    margin: float
    """The seat's side's points minus the other side's: the deal's points alone (never the
    match's bonus; Scopa: the match totals before the deal included)."""
    sides: list[float] | None
    """Each side's expected points, [the seat's side, the other], in the games whose deal
    holds a fixed total (the trick games); None in Scopa."""
    chance: float | None
    """The seat's side's chance to win the match (0 to 1; a match still open at the deal's
    end counts as even), where some sampled deal decided the match; None otherwise."""


class MistakeKind(TypedDict):
    """A kind of costly move (engine/coach/kinds.py): the learner's progress counts them."""

    id: str
    """Stable: kept in the browser's progress and named by practice positions' ``teaches``."""
    name: str
    why: str
    """One line: what a move of this kind did."""


class MoveValueShape(TypedDict):
    action: str
    value: float
    """The expert's value: the deal's points, and where the match is at stake the match as
    the expert weighs it (``GameInfo.match_bonus``)."""
    loss: float
    """How far the value falls short of the best move's (orders the costly moves)."""
    mark: Mark
    words: str
    points: NotRequired[float]
    """Where the match is at stake: the deal's points alone in ``value``."""
    chance: NotRequired[float]
    """Where the match is at stake: the chance to win the match after the move (0 to 1)."""
    points_loss: NotRequired[float]
    """Where the match is at stake: what the move gave away in the deal's points (0 at least)."""
    chance_loss: NotRequired[float]
    """Where the match is at stake: the share of the chance to win the match it cost."""


class ReviewMoveShape(TypedDict):
    """One of the seat's moves, reviewed: what the big table shows at that step."""

    index: int
    """The action's index in the deal's record (the timeline's ``index``)."""
    number: int
    """The seat's n-th move of the deal, from 1."""
    trick: int | None
    when: str
    played: str
    played_words: str
    best: str
    """The expert's card: where the page shows it would have gone."""
    best_words: str
    mark: Mark
    loss: float
    forced: bool
    cost: str | None
    """What the move cost, in words, for an inaccuracy or a mistake: the deal's points ("9
    card points"), or the share of the chance to win the match it cost ("40% of your chance
    to win the match", after the points when they count too): never one number mixing them.
    Reads after "about"."""
    samples: int
    reason: str
    """The reason in one sentence, from the seat's view at that moment: what the played
    move does (best), or what the expert's card does instead."""
    expected: ExpectedPoints
    kind: MistakeKind | None
    """What kind of mistake a costly move was (an inaccuracy or a mistake; None for the
    others): engine/coach/kinds.py."""
    values: list[MoveValueShape]


class TimelineStep(TypedDict):
    """One action of the finished deal, for stepping through it (every card in it was
    played in the open)."""

    index: int
    seat: int | None
    action: str
    words: str
    move: int | None
    """For the reviewed seat's own moves, its ``number`` (``moves[move - 1]``)."""


class DealReviewShape(TypedDict):
    """A deal's review (``review_step``'s ``result.deals``)."""

    game: str
    deal: int
    seat: int
    seed: int
    samples: int
    grades: dict[str, Any]
    moves: list[ReviewMoveShape]
    costliest: list[int]
    """The costliest moves' ``number``, the costliest first (at most three): the moments
    shown first."""
    timeline: list[TimelineStep]
    moments: list[dict[str, Any]]
    lost: float
    """What the deal's moves gave away in the deal's points alone (the chance to win the
    match a move cost is said in its words, never added here): the progress chart's point."""
    marks: dict[str, int]
    summary: str


class CostlyMoment(TypedDict):
    deal: int
    move: int


class ReviewResultShape(TypedDict):
    """A whole review: one deal, or every deal of a match."""

    game: str
    seat: int
    deals: list[DealReviewShape]
    summary: str
    lost: float
    """The deals' ``lost`` added up: the deal's points alone."""
    costliest: list[CostlyMoment]
    """The match's costliest moves over all its deals, the costliest first (at most
    three)."""


class ReviewNoteAnswer(TypedDict):
    """``review_note``: one of the seat's moves valued ahead of the review."""

    valued: bool
    waiting: int
    """The seat's moves still to value (ask again while the computer plays)."""


class GuideLanded(TypedDict):
    """Another seat's move since the learner's last one, in words from public information."""

    seat: int | None
    action: str
    text: str


class GuideIdea(TypedDict):
    """An idea introduced now, the first time it applies in this game (each once)."""

    idea: Literal["follow_suit", "first_void", "seven_swap", "last_trick", "capture", "sweep",
                  "settebello", "primiera"]
    title: str
    text: str


class GuideSuggestion(TypedDict):
    action: str
    """The coach's card: the page lights it."""
    words: str
    reason: str
    """Its reason in one sentence."""


class GuideYourCard(TypedDict):
    """The learner's previous move: its mark, and a word when it was costly (never a
    refusal: any legal card may be played)."""

    action: str
    mark: Mark
    word: str | None


class GuideAnswer(TypedDict):
    """``guide``: the guided game's words for the seat now."""

    seat: int
    to_play: int | None
    over: bool
    playable: list[str]
    """The legal moves on the seat's turn (the cards the page lifts); empty otherwise."""
    landed: list[GuideLanded]
    ideas: list[GuideIdea]
    suggestion: GuideSuggestion | None
    your_card: GuideYourCard | None
