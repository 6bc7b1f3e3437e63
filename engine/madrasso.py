"""Madrasso: the Venetian trick-taking game for four players in two teams, every rule of it.

The rules, as the rules page states them (section anchors in brackets):

* Four seats in playing order 0..3; partners sit across, so the team of a seat (its
  side, in the data) is ``seat % 2`` (#players-and-teams). The pack is the forty Italian cards (#the-pack);
  points A 11, 3 10, K 4, Q 3, J 2, the rest nothing: 120 in the pack (#card-points).
* Ten cards each, dealt one at a time starting with the seat after the dealer. The dealer's
  tenth card is turned up: its suit is trump and it stays one of the dealer's ten, playable
  at any time and seen by everybody (#the-deal-and-the-trump-card).
* The seven of trumps (#the-seven-of-trumps): its holder may swap it for the turned-up card
  during the first trick only, on their own turn before playing (a leader before leading),
  when the turned-up card is an ace, three, king, queen or jack and still in the dealer's
  hand. The dealer never swaps. Afterwards the seven is the dealer's face-up card and the
  swapper holds the old one, which everybody knows. The action is ``swap``.
* Playing a trick (#playing-a-trick): the seat after the dealer leads the first trick, the
  winner of a trick leads the next. Follow the suit led if you can, otherwise play anything;
  there is no duty to trump or to beat. The highest trump wins, else the highest card of the
  suit led.
* Scoring a deal (#scoring-a-deal): card points of the tricks won plus ten for the last
  trick: 130 a deal.
* Winning the match (#winning-the-match): nobody wins on points before ten deals. After the
  tenth deal a team with 777 or more wins. From the eleventh deal a team wins the moment a
  trick lifts its running total (the totals before the deal plus this deal's points so far,
  the last trick's ten included on the last trick) to 777, and the deal stops there. A
  cappotto, one team taking all ten tricks of a deal, wins at once in any deal (if the tenth
  trick of a cappotto also lifts the team to 777, the reason given is the cappotto). The
  dealer moves one seat on after each deal. A match never needs more than twelve deals:
  each complete deal adds 130, so after twelve the two totals make 1560 > 2 * 776 and one
  team has crossed 777 on some trick of the twelfth deal at the latest. Setups are checked so
  that this holds (``totals`` must add up to 130 per complete deal, and nobody may already
  have won), and :class:`MatchInvariantError` is raised if it is ever broken.

Setups (record fields): ``dealer`` and ``hands`` (four lists of ten cards in seat order, the
dealer's tenth card being the turned-up one), or ``seed`` (the pack is shuffled by
``random.Random(seed)``; without ``dealer`` the first dealer is drawn from the same rng). A
seeded game is a whole match: each new deal is shuffled from the same rng, so a record's
seed and actions replay every deal. ``one_deal = true`` stops a seeded game after its first
deal. Optional ``deal`` (1-based number of this deal in the match) and ``totals`` (the two
teams' totals before it). Given hands are one deal, unless ``one_deal = false``: then the
match goes on after it, each later deal shuffled from a secret seed the engine draws itself
(:mod:`engine.entropy`), which no record names. That is the record of a game redealt for a
seat (:meth:`Madrasso.redeal_unseen`): a saved game, a game after a take-back.

Actions: a card in notation (``"KC"``), id = its index 0..39, or ``"swap"``, id 40.
Inside, hands are 40-bit masks and tricks lists of card indices, for fast playouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .cards import CARD_BY_TEXT, CARD_TEXT, CARDS, POINTS, SUIT_OF, Rank
from .cards import display_order, indices_of
from .dealing import SetupReader
from .gameinfo import MATCH_CHANCE, DemoShows, GameInfo, Grades, RuleAnchor
from .i18n import _
from .match import MatchGame
from .protocol import JSON, ActionSyntaxError, IllegalAction, Names, SetupError, is_int
from .redeal import deal_hidden, deal_uniform
from .madrasso_table import MadrassoTable
from .tricks import POWER, card_action, points_words

if TYPE_CHECKING:
    from .shapes import Explanation, MadrassoObservation, MadrassoResult, MatchShape, RankShape
    from .shapes import SwapShape

# ---- the facts of the game --------------------------------------------------------------------

SEATS = 4
CARDS_EACH = 10
TRICKS_PER_DEAL = 10
LAST_TRICK_BONUS = 10
DEAL_POINTS = 130
TARGET = 777
"""The running total that wins the match (from the end of the tenth deal on)."""
DEALS_BEFORE_TARGET = 10
"""Nobody wins on points before this many deals have been played."""
MAX_DEALS = 12
SWAP = 40
"""The action id of the seven-of-trumps swap; card ids are 0..39."""
SWAP_TEXT = "swap"
MATCH_BONUS = 1000
"""Added to (or taken from) :meth:`Madrasso.returns` once the match is decided: far more than
a deal's points, so the expert never trades the match for points (``GameInfo.match_bonus``;
the coach says the two apart)."""

SEVEN = Rank.SEVEN.index
SWAPPABLE = frozenset(r.index for r in (Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK))
"""Ranks of turned-up card the seven of trumps may be swapped for."""

RANKS: dict[str, RankShape] = {
    r.value: {"points": r.points, "category": r.category} for r in Rank
}
"""Per rank letter: card points and category (carico, punto or scartina)."""

# Rules-page anchors.
RULE_SEVEN = "the-seven-of-trumps"
RULE_TRICK = "playing-a-trick"
RULE_SCORING = "scoring-a-deal"
RULE_MATCH = "winning-the-match"


class MatchInvariantError(AssertionError):
    """The match went past twelve deals without a winner: the engine is wrong, not the player."""


# ---- tables for the hot path ------------------------------------------------------------------

def _chunk_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each suit, the card ids set in each 10-bit chunk of a hand mask."""
    tables = []
    for suit in range(4):
        base = suit * 10
        tables.append(tuple(
            tuple(base + r for r in range(10) if m >> r & 1) for m in range(1024)
        ))
    return tuple(tables)


_CHUNK = _chunk_tables()
_C0, _C1, _C2, _C3 = _CHUNK
_KEY = POWER
_POINTS = POINTS
_SUIT = SUIT_OF


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def _team_words(team: int, short: bool = False) -> str:
    if short:
        return _("team {n}").format(n=team)
    return _("team {n} (seats {n} and {other})").format(n=team, other=team + 2)


# ---- the game ---------------------------------------------------------------------------------


class Madrasso(MadrassoTable, MatchGame):
    """A Madrasso deal (explicit hands) or match (seeded) in progress."""

    name = "madrasso"
    min_players = 4
    max_players = 4
    info = GameInfo(
        name=name, title="Madrasso", players=(SEATS,), default_players=SEATS,
        players_words="four players, partners opposite", partners_at=(SEATS,),
        team_names=("North and South", "East and West"), match_target=TARGET, hand_size=CARDS_EACH,
        trick_taking=True, tricks_per_deal=TRICKS_PER_DEAL, last_trick_bonus=LAST_TRICK_BONUS,
        deal_win_points=None, grades=Grades("points", best=2.0, good=5.0, mistake=10.0),
        review_samples=800, play_rule=RuleAnchor(RULE_TRICK, "Playing a trick"),
        demo_shows=(
            DemoShows("kind", "swap", "never swaps the seven of trumps: give a seat the seven and "
                      "add a move with action = \"swap\" in the first trick"),
            DemoShows("kind", "trump", "never trumps a trick of another suit: let a seat with none "
                      "of the suit led play a trump"),
            DemoShows("last_trick_bonus", True, "never reaches the last trick's ten: play all ten "
                      "tricks")),
        match_bonus=MATCH_BONUS, match_grades=MATCH_CHANCE)
    num_players = 4
    SIDE_OF = (0, 1, 0, 1)
    SIDES = ((0, 2), (1, 3))
    MAX_DEALS = MAX_DEALS
    RULE_SCORING = RULE_SCORING
    RULE_MATCH = RULE_MATCH
    SWAP_TEXT = SWAP_TEXT
    CARD_FIELDS = ("hands",)

    playthrough_setups: ClassVar[list[dict[str, JSON]]] = [
        {"label": "seed-1", "setup": {"seed": 1, "one_deal": True}, "policy_seed": 1},
        {"label": "seed-2", "setup": {"seed": 2, "one_deal": True}, "policy_seed": 2},
        {"label": "swap", "setup": {"seed": 7, "one_deal": True}, "policy_seed": 7, "prefer": ["swap"]},
        {"label": "deal-11", "setup": {"seed": 4, "one_deal": True, "deal": 11, "totals": [760, 540]},
         "policy_seed": 4},
    ]
    """The golden playthroughs (engine/playthrough.py): one deal each, one with the swap, one
    where a trick of the eleventh deal wins the match."""

    __slots__ = (
        "dealer", "deal", "totals", "hands", "trump", "turned", "first_turned", "swap",
        "swap_holder", "leader", "trick", "tricks", "tricks_won", "points", "last_trick",
        "current", "actions", "voids", "winner", "reason", "after_trick", "decided_deal",
        "_rng_state", "past", "_deal_start", "_setup", "start_hands", "_deal_log",
    )

    hands: list[int]
    """Per seat, a 40-bit mask of the cards held."""
    turned: int
    """The current face-up card (the seven after a swap); it may have been played since."""
    first_turned: int
    swap: tuple[int, int, int] | None
    """(seat, seven it gave, card it took) once the swap is made."""
    swap_holder: int
    """The seat that may still swap (holds the seven, not the dealer, turned card swappable), or -1."""
    tricks_won: list[int]
    last_trick: int
    current: int
    """The seat to act, -1 once over."""
    voids: list[int]
    """Per seat, 4-bit mask of suits it has shown it lacks (it did not follow them)."""
    reason: str | None
    after_trick: int
    decided_deal: int
    past: list[dict[str, JSON]]
    """Summaries of the completed earlier deals of a seeded match."""
    start_hands: list[int]
    """The hands as this deal was dealt (masks), for the record of the deal once it is over."""

    # ---- building ---------------------------------------------------------------------------

    @classmethod
    def from_setup(cls, setup: dict[str, JSON]) -> Self:
        read = SetupReader(setup, "Madrasso")
        read.only(("dealer", "hands", "seed", "deal", "totals", "one_deal"))
        game = object.__new__(cls)
        rng = game._begin(read, SEATS, 2, "team [team 0, team 1]", MAX_DEALS)
        _check_totals(game.totals, game.deal)
        clean: dict[str, JSON]
        if rng is None:
            given = read.hands(SEATS, CARDS_EACH)
            hands = [sum(1 << c for c in hand) for hand in given]
            turned = given[game.dealer][-1]
            clean = {"dealer": game.dealer, "hands": [[CARD_TEXT[c] for c in h] for h in given],
                     "deal": game.deal, "totals": list(game.totals)}
            if game.continues():
                clean["one_deal"] = False
        else:
            hands, turned = _shuffle_deal(rng, game.dealer)
            game._keep_rng(rng)
            clean = {k: setup[k] for k in ("seed", "dealer", "deal") if k in setup}
            if "totals" in setup:
                clean["totals"] = list(game.totals)
            if setup.get("one_deal"):
                clean["one_deal"] = True
        game._setup = clean
        game.past = []
        game.reason = None
        game.after_trick = 0
        game.decided_deal = 0
        game._start_deal(hands, turned)
        return game

    def _start_deal(self, hands: list[int], turned: int) -> None:
        self.hands = hands
        self.start_hands = hands[:]
        self.turned = self.first_turned = turned
        trump = self.trump = _SUIT[turned]
        self.swap = None
        holder = -1
        if turned % 10 in SWAPPABLE:
            seven = 1 << (trump * 10 + SEVEN)
            for seat in range(SEATS):
                if hands[seat] & seven:
                    holder = seat
            if holder == self.dealer:
                holder = -1
        self.swap_holder = holder
        self.leader = self.current = (self.dealer + 1) & 3
        self.trick = []
        self.tricks = []
        self.tricks_won = [0, 0]
        self.points = [0, 0]
        self.last_trick = -1
        self.voids = [0, 0, 0, 0]
        self._deal_start = len(self.actions)

    # ---- the fast face ----------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self.current < 0 else self.current

    def is_over(self) -> bool:
        return self.current < 0

    def legal_action_ids(self) -> list[int]:
        seat = self.current
        if seat < 0:
            return []
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            led = _SUIT[trick[0]]
            chunk = (hand >> (led * 10)) & 1023
            if chunk:
                ids = list(_CHUNK[led][chunk])
            else:
                ids = [*_C0[hand & 1023], *_C1[(hand >> 10) & 1023],
                       *_C2[(hand >> 20) & 1023], *_C3[hand >> 30]]
        else:
            ids = [*_C0[hand & 1023], *_C1[(hand >> 10) & 1023],
                   *_C2[(hand >> 20) & 1023], *_C3[hand >> 30]]
        if seat == self.swap_holder and not self.tricks and self.hands[self.dealer] >> self.turned & 1:
            ids.append(SWAP)
        return ids

    def apply_id(self, action: int) -> None:
        self.actions.append(action)
        if action == SWAP:
            self._swap()
            return
        seat = self.current
        self.hands[seat] ^= 1 << action
        trick = self.trick
        if trick:
            led = _SUIT[trick[0]]
            if _SUIT[action] != led:
                self.voids[seat] |= 1 << led
            trick.append(action)
            if len(trick) == 4:
                self._finish_trick()
                return
        else:
            trick.append(action)
        self.current = (seat + 1) & 3

    def _swap(self) -> None:
        seat = self.current
        seven = self.trump * 10 + SEVEN
        old = self.turned
        both = (1 << seven) | (1 << old)
        self.hands[seat] ^= both
        self.hands[self.dealer] ^= both
        self.swap = (seat, seven, old)
        self.turned = seven
        self.swap_holder = -1

    def _finish_trick(self) -> None:
        trick = self.trick
        c0, c1, c2, c3 = trick
        key = _KEY[self.trump][_SUIT[c0]]
        best = 0
        top = key[c0]
        k = key[c1]
        if k > top:
            best = 1
            top = k
        k = key[c2]
        if k > top:
            best = 2
            top = k
        if key[c3] > top:
            best = 3
        leader = self.leader
        winner = (leader + best) & 3
        team = winner & 1
        points = _POINTS[c0] + _POINTS[c1] + _POINTS[c2] + _POINTS[c3]
        tricks = self.tricks
        tricks.append((leader, trick, winner, points))
        self.trick = []
        self.leader = self.current = winner
        done = len(tricks)
        if done == TRICKS_PER_DEAL:
            points += LAST_TRICK_BONUS
            self.last_trick = team
        self.points[team] += points
        self.tricks_won[team] += 1
        if self.deal > DEALS_BEFORE_TARGET and self.totals[team] + self.points[team] >= TARGET:
            if done == TRICKS_PER_DEAL and self.tricks_won[team] == TRICKS_PER_DEAL:
                self._decide(team, "cappotto", done)
            else:
                self._decide(team, "777", done)
        elif done == TRICKS_PER_DEAL:
            self._end_deal(team)

    def _decide(self, team: int, reason: str, trick_number: int) -> None:
        self._log_deal((self.start_hands, self.first_turned))
        self.winner = team
        self.reason = reason
        self.after_trick = trick_number
        self.decided_deal = self.deal
        self.current = -1

    def _end_deal(self, last_team: int) -> None:
        if self.tricks_won[last_team] == TRICKS_PER_DEAL:
            self._decide(last_team, "cappotto", TRICKS_PER_DEAL)
            return
        t0 = self.totals[0] + self.points[0]
        t1 = self.totals[1] + self.points[1]
        if self.deal >= DEALS_BEFORE_TARGET and (t0 >= TARGET or t1 >= TARGET):
            if t0 == t1:
                raise MatchInvariantError(
                    f"both teams have {t0} after deal {self.deal}: totals cannot tie above "
                    f"{TARGET} when every deal adds {DEAL_POINTS}")
            self._decide(0 if t0 > t1 else 1, "777", TRICKS_PER_DEAL)
            return
        if self.deal >= MAX_DEALS:
            raise MatchInvariantError(
                f"deal {self.deal} ended with totals [{t0}, {t1}] and no winner: a match cannot "
                f"run past {MAX_DEALS} deals (each deal adds {DEAL_POINTS}, so after "
                f"{MAX_DEALS} deals one team must have reached {TARGET})")
        self._log_deal((self.start_hands, self.first_turned))
        if self._rng_state is None:
            self.current = -1
            return
        self.past.append(self._deal_summary())
        self._next_deal((t0, t1))
        rng = self._rng()
        hands, turned = _shuffle_deal(rng, self.dealer)
        self._keep_rng(rng)
        self._start_deal(hands, turned)

    def clone(self) -> Self:
        # Attribute by attribute: the quickest copy (playouts clone a game for every move).
        new = object.__new__(type(self))
        self._copy_tricks(new)
        new.hands = self.hands[:]
        new.tricks_won = self.tricks_won[:]
        new.voids = self.voids[:]
        new.past = self.past[:]
        new._deal_log = self._deal_log[:]
        # The rest is immutable (ints, tuples, the setup and the start hands, never changed in
        # place; the rng state an immutable tuple, or None): shared, in one assignment.
        (new.dealer, new.deal, new.totals, new.turned, new.first_turned, new.swap,
         new.swap_holder, new.last_trick, new.current, new.winner, new.reason, new.after_trick,
         new.decided_deal, new._rng_state, new._deal_start, new._setup, new.start_hands) = (
            self.dealer, self.deal, self.totals, self.turned, self.first_turned, self.swap,
            self.swap_holder, self.last_trick, self.current, self.winner, self.reason,
            self.after_trick, self.decided_deal, self._rng_state, self._deal_start, self._setup,
            self.start_hands)
        return new

    def returns(self) -> list[float]:
        """Per seat: its team's points this deal minus the other team's, plus MATCH_BONUS
        for the winners (minus it for the losers) once the match is decided."""
        diff = self.points[0] - self.points[1]
        if self.winner == 0:
            diff += MATCH_BONUS
        elif self.winner == 1:
            diff -= MATCH_BONUS
        d = float(diff)
        return [d, -d, d, -d]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, limited to the current deal.

        The cards hidden from ``seat`` are redealt among the other hands, keeping hand sizes,
        the turned-up card in the dealer's hand while it is there, the swapper's old turned
        card while it holds it, and every void shown by a seat that did not follow suit. The
        result is a one-deal game whose record (setup + this deal's actions) replays to it.
        """
        game = self.clone()
        game._rng_state = None
        fixed = [0, 0, 0, 0]
        fixed[seat] = self.hands[seat]
        dealer = self.dealer
        if self.hands[dealer] >> self.turned & 1:
            fixed[dealer] |= 1 << self.turned
        if self.swap is not None:
            swapper, _, took = self.swap
            if self.hands[swapper] >> took & 1:
                fixed[swapper] |= 1 << took
        pool = 0
        need = [0, 0, 0, 0]
        for other in range(SEATS):
            if other != seat:
                free = self.hands[other] & ~fixed[other]
                pool |= free
                need[other] = _popcount(free)
        cards = indices_of(pool)
        allowed = [15 ^ self.voids[o] for o in range(SEATS)]
        dealt = deal_hidden(cards, need, allowed, rng)
        for other in range(SEATS):
            if other != seat:
                game.hands[other] = fixed[other] | dealt[other]
        if self.swap is None and not self.tricks and self.turned % 10 in SWAPPABLE:
            # Who holds the seven of trumps may be hidden: the swap goes with the redealt seven.
            seven = self.trump * 10 + SEVEN
            game.swap_holder = next((o for o in range(SEATS) if o != dealer
                                     and game.hands[o] >> seven & 1), -1)
        game.past = []
        game.actions = self.actions[self._deal_start:]
        game._deal_start = 0
        game._setup = game._setup_of_this_deal()
        return game

    def _setup_of_this_deal(self, hands: list[int] | None = None) -> dict[str, JSON]:
        """Explicit hands that replay, with this deal's actions, to the present state (with
        ``hands`` in the place of the hands held now, when given)."""
        held = (self.hands if hands is None else hands)[:]
        for leader, cards, _, _ in self.tricks:
            for i, card in enumerate(cards):
                held[(leader + i) & 3] |= 1 << card
        for i, card in enumerate(self.trick):
            held[(self.leader + i) & 3] |= 1 << card
        if self.swap is not None:
            swapper, seven, took = self.swap
            both = (1 << seven) | (1 << took)
            held[swapper] ^= both
            held[self.dealer] ^= both
        return {"dealer": self.dealer, "hands": _dealt_texts(held, self.dealer, self.first_turned),
                "deal": self.deal, "totals": list(self.totals)}

    # ---- what a playout reads ---------------------------------------------------------------

    def hand(self, seat: int) -> list[int]:
        return indices_of(self.hands[seat])

    def hand_mask(self, seat: int) -> int:
        """The seat's cards as a 40-bit mask (bit i: card index i)."""
        return self.hands[seat]

    def swapper_to_come(self) -> int | None:
        """The seat that may still swap the seven of trumps in this trick (it has not played
        to it yet), or None."""
        holder = self.swap_holder
        if (holder >= 0 and not self.tricks and self.hands[self.dealer] >> self.turned & 1
                and (holder - self.leader) % 4 >= len(self.trick)):
            return holder
        return None

    # ---- the seat-scoped face ---------------------------------------------------------------

    def exposed_cards(self) -> list[list[int]]:
        """The turned-up card while the dealer holds it; after a swap, the card the swapper
        took while it holds it."""
        out: list[list[int]] = [[], [], [], []]
        if self.hands[self.dealer] >> self.turned & 1:
            out[self.dealer].append(self.turned)
        if self.swap is not None:
            swapper, _, took = self.swap
            if self.hands[swapper] >> took & 1:
                out[swapper].append(took)
        return out

    def shown_voids(self) -> list[int]:
        return list(self.voids)

    def redeal_unseen(self, seat: int, rng: random.Random) -> Self:
        """This deal as ``seat`` has seen it, every card hidden from it dealt afresh: the
        other hands are redealt uniformly among the deals that keep their sizes, the voids
        each seat has shown, the turned-up card in the dealer's hand and the card a swap
        took in the swapper's. The record is this deal's explicit hands with its deal
        number, dealer and totals; a match deals on from a fresh secret seed."""
        if not (is_int(seat) and 0 <= seat < SEATS):
            raise ValueError(f"seat must be 0..3, not {seat!r}")
        fixed = self.exposed_cards()
        masks = [sum(1 << c for c in cards) for cards in fixed]
        masks[seat] = self.hands[seat]
        need = [0, 0, 0, 0]
        pool = 0
        for other in range(SEATS):
            if other != seat:
                free = self.hands[other] & ~masks[other]
                pool |= free
                need[other] = _popcount(free)
        allowed = [15 ^ self.voids[o] for o in range(SEATS)]
        dealt = deal_uniform(indices_of(pool), need, allowed, rng)
        held = [masks[o] | dealt[o] if o != seat else masks[o] for o in range(SEATS)]
        return self._replay_redealt(self._setup_of_this_deal(held), rng, self.continues())

    def _deal_fields(self, dealer: int, cards: Any) -> dict[str, JSON]:
        hands, turned = cards
        return {"dealer": dealer, "hands": _dealt_texts(hands, dealer, turned)}

    # ---- actions as text --------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        if action == SWAP:
            return SWAP_TEXT
        return CARD_TEXT[action]

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ActionSyntaxError(_("{text} is not a Madrasso action: play a card such as 'KC', "
                                      "or 'swap'").format(text=repr(text)))
        clean = text.strip()
        if clean.lower() == SWAP_TEXT:
            return SWAP
        return card_action(clean.upper(), _("the only other action is 'swap'"))

    def check_action(self, action: int, seat: int | None = None) -> None:
        """Raise IllegalAction naming the rule unless ``action`` is legal now.

        ``seat`` (default: the seat to act) lets a table ask why another seat may not act.
        """
        text = self.action_to_string(action)
        actor = self.current
        who = actor if seat is None else seat
        if actor < 0:
            raise IllegalAction(text, seat, self._over_words(), RULE_MATCH)
        if action == SWAP:
            self._check_swap(who)
            return
        if who != actor:
            raise IllegalAction(text, who, _("it is not your turn: seat {seat} plays next").format(
                seat=actor), RULE_TRICK)
        hand = self.hands[who]
        if not hand >> action & 1:
            rule = _("you do not hold {card}").format(**CARDS[action].forms())
            if action == self.turned and self.hands[self.dealer] >> action & 1:
                rule += ": " + _("it is the turned-up card, in the dealer's hand (seat {seat})").format(
                    seat=self.dealer)
            raise IllegalAction(text, who, rule, RULE_TRICK)
        if self.trick:
            led = _SUIT[self.trick[0]]
            if _SUIT[action] != led and hand >> (led * 10) & 1023:
                noun = CARDS[self.trick[0]].suit.noun
                raise IllegalAction(
                    text, who, _("must follow suit: {suit} was led and you hold {suit}").format(
                        suit=noun), RULE_TRICK)

    def _check_swap(self, seat: int) -> None:
        def no(rule: str) -> IllegalAction:
            return IllegalAction(SWAP_TEXT, seat, rule, RULE_SEVEN)

        seven = self.trump * 10 + SEVEN
        if self.swap is not None:
            raise no(_("the seven of trumps has already been swapped this deal (by seat {seat})").format(
                seat=self.swap[0]))
        if self.tricks:
            raise no(_("the seven can only be swapped during the first trick"))
        if seat == self.dealer:
            raise no(_("the dealer cannot swap: the turned-up card is already the dealer's"))
        played_in_trick = {(self.leader + i) & 3 for i in range(len(self.trick))}
        if seat in played_in_trick:
            raise no(_("the seven can only be swapped before you play"))
        if not self.hands[seat] >> seven & 1:
            raise no(_("you do not hold the seven of trumps ({card})").format(**CARDS[seven].forms()))
        if self.turned % 10 not in SWAPPABLE:
            word = CARDS[self.turned].rank.word
            courts = ", ".join(r.word for r in (Rank.KING, Rank.QUEEN))
            raise no(_("the turned-up card is a {rank}: only an ace, three, {courts} or {jack} can "
                       "be swapped for").format(rank=word, courts=courts, jack=Rank.JACK.word))
        if not self.hands[self.dealer] >> self.turned & 1:
            raise no(_("the turned-up card has already been played: the seven can only be swapped "
                       "for the card still in the dealer's hand"))
        if seat != self.current:
            raise no(_("the seven can only be swapped on your own turn: seat {seat} plays next").format(
                seat=self.current))

    def apply(self, action: str) -> None:
        """Apply an action given as text after checking every rule (an over game's rule
        included); on error nothing changes."""
        action_id = self.string_to_action(action)
        self.check_action(action_id)
        self.apply_id(action_id)

    def _over_words(self) -> str:
        if self.winner is not None:
            how = (_("the match is over: {team} won it by a cappotto in deal {deal}")
                   if self.reason == "cappotto" else
                   _("the match is over: {team} won it by reaching {target} in deal {deal}"))
            return how.format(team=_team_words(self.winner), target=TARGET, deal=self.decided_deal)
        return _("the deal is over: all ten tricks have been played")

    # ---- what a seat sees -------------------------------------------------------------------

    def observation(self, seat: int | None) -> MadrassoObservation:
        """What ``seat`` may know now (``None``: a spectator seeing every hand), as JSON.

        ``game``, ``seat``, ``side`` (the seat's team), ``num_players``, ``sides`` ([[0, 2],
        [1, 3]]), ``dealer``, ``deal`` (1-based), ``trump`` ({suit, name}), ``turned`` ({card,
        name, in_hand}: the face-up card, the seven after a swap), ``swap`` (null or {seat,
        gave, took}), ``hands`` (four lists in display order, null for hands hidden from
        ``seat``), ``hand_sizes``, ``trick`` ({leader, cards: [{seat, card}]}), ``tricks``
        (this deal's completed tricks: {leader, cards: [{seat, card}], winner, points}),
        ``tricks_won``, ``points`` (this deal, per team, the last trick's ten once taken),
        ``last_trick`` (team or null), ``totals`` (before this deal), ``running_totals``
        (totals + points), ``current_player``, ``legal_actions`` (empty unless ``seat`` is to
        act or None), ``match`` ({winner, reason "777"|"cappotto", after_trick, deal, target,
        max_deals}), ``over``, and ``ranks`` (per rank letter: points and category).
        """
        if seat is not None and not (is_int(seat) and 0 <= seat < SEATS):
            raise ValueError(f"seat must be 0..3 or None, not {seat!r}")
        mover = self.current
        legal = self.legal_actions() if mover >= 0 and (seat is None or seat == mover) else []
        return {
            "game": self.name,
            "seat": seat,
            "side": None if seat is None else seat & 1,
            "num_players": SEATS,
            "sides": self.side_seats(),
            "dealer": self.dealer,
            "deal": self.deal,
            "trump": self.trump_shape(),
            "turned": {
                "card": CARD_TEXT[self.turned],
                "name": CARDS[self.turned].name,
                "in_hand": bool(self.hands[self.dealer] >> self.turned & 1),
            },
            "swap": self._swap_json(),
            "hands": self.seen_hands(seat),
            "hand_sizes": [_popcount(h) for h in self.hands],
            "trick": self.trick_shape(),
            "tricks": self.tricks_shape(),
            "tricks_won": list(self.tricks_won),
            "points": list(self.points),
            "last_trick": None if self.last_trick < 0 else self.last_trick,
            "totals": list(self.totals),
            "running_totals": self.running_totals(),
            "current_player": None if mover < 0 else mover,
            "legal_actions": legal,
            "match": self._match_json(),
            "over": mover < 0,
            "ranks": RANKS,
        }

    def _swap_json(self) -> SwapShape | None:
        if self.swap is None:
            return None
        seat, gave, took = self.swap
        return {"seat": seat, "gave": CARD_TEXT[gave], "took": CARD_TEXT[took]}

    def _match_json(self) -> MatchShape:
        decided = self.winner is not None
        return {
            "winner": self.winner,
            "reason": self.reason,
            "after_trick": self.after_trick if decided else None,
            "deal": self.decided_deal if decided else None,
            "target": TARGET,
            "max_deals": MAX_DEALS,
        }

    def running_totals(self) -> list[int]:
        """The match totals now: before this deal plus this deal's points so far."""
        return [self.totals[0] + self.points[0], self.totals[1] + self.points[1]]

    # ---- results ----------------------------------------------------------------------------

    def result(self) -> MadrassoResult | None:
        if self.current >= 0:
            return None
        return {
            "winner": self.winner,
            "points": list(self.points),
            "tricks_won": list(self.tricks_won),
            "last_trick": None if self.last_trick < 0 else self.last_trick,
            "totals": self.running_totals(),
            "deal": self.deal,
            "match": self._match_json(),
        }

    def _deal_summary(self) -> dict[str, JSON]:
        first = CARDS[self.first_turned]
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "trump": first.suit.value,
            "turned": CARD_TEXT[self.first_turned],
            "swap": self._swap_json(),
            "tricks": self.tricks_shape(),
            "points": list(self.points),
            "tricks_won": list(self.tricks_won),
            "last_trick": None if self.last_trick < 0 else self.last_trick,
            "totals_before": list(self.totals),
        }

    def summary(self) -> dict[str, JSON]:
        """This deal's tricks, points, last trick and the match; a seeded match adds
        ``deals`` (one block per deal played, this one last) and ``totals`` (running)."""
        out: dict[str, JSON] = {
            "game": self.name,
            **self._deal_summary(),
            "match": self._match_json(),
            "totals": self.running_totals(),
            "over": self.current < 0,
        }
        if self.continues():
            out["deals"] = [*self.past, self._deal_summary()]
        return out

    # ---- explaining a move ------------------------------------------------------------------

    def why_winning(self, top: int, cards: Sequence[int]) -> str:
        if len(cards) == 1:
            return _("the card led")
        if _SUIT[top] == self.trump:
            return _("highest trump")
        return _("highest {suit}, the suit led").format(suit=CARDS[top].suit.singular)

    def explain_legal(self, action: int, viewer: int | None, private: bool,
                      names: Names) -> Explanation:
        """Engine facts about playing ``action`` now, for the demo, the practice and the table.

        ``text`` says it in a sentence or three, naming seats and teams by ``names`` (else
        "seat 2" and "team 0 (seats 0 and 2)").

        Fields for a legal action: ``legal`` (true), ``seat``, ``side``, ``action``, ``kind``
        ("lead", "follow", "trump", "discard" or "swap"), ``card``, ``card_name``, ``points``,
        ``category``, ``trump`` (the trump suit's name), ``is_trump``, ``forced`` and
        ``forced_reason`` ("only one club: must play it"), ``choices`` (the legal cards),
        ``winning`` ({seat, card, why}: who holds the trick once the card is down, why
        "highest trump" or "highest club, the suit led"), ``trick_complete``,
        ``trick_winner``, ``trick_points`` (card points), ``last_trick_bonus``,
        ``deal_complete``, ``match`` (set when this move decides it), ``anchor`` (the
        rules-page section), ``anchors``, ``text`` and ``next`` ({seat, legal} or null). A
        swap adds ``took`` and ``took_name``.

        Told to another seat (``private``): no ``forced``, ``forced_reason`` or ``choices``
        (they tell what else the mover holds), and ``next`` without the next seat's
        ``legal`` moves unless that seat is the viewer.
        """
        seat = self.current
        after = self.clone()
        after.apply_id(action)
        if action == SWAP:
            seven, old = self.trump * 10 + SEVEN, self.turned
            info: Explanation = {
                "legal": True, "action": SWAP_TEXT, "seat": seat, "side": seat & 1,
                "kind": "swap", "card": CARD_TEXT[seven], "card_name": CARDS[seven].name,
                "took": CARD_TEXT[old], "took_name": CARDS[old].name,
                "points": 0, "category": "scartina",
                "winning": None, "trick_complete": False, "trick_winner": None,
                "trick_points": None, "last_trick_bonus": False,
                "anchor": RULE_SEVEN, "anchors": [RULE_SEVEN],
                "text": _("{Player} swaps {card} for the turned-up {took_name}: the seven is now "
                          "the dealer's face-up card and {player} holds {took}.").format(
                    Player=names.seat(seat, True), player=names.seat(seat), **CARDS[seven].forms(),
                    **CARDS[old].forms("took")),
            }
            if not private:
                info["forced"] = False
                info["forced_reason"] = None
        else:
            info = self._explain_card(seat, action, after, names, private)
        info["match"] = after._match_json() if after.winner is not None else None
        info["deal_complete"] = bool(info.get("last_trick_bonus")) or after.winner is not None
        nxt = after.current
        if nxt < 0:
            info["next"] = None
        elif viewer is None or viewer == nxt:
            info["next"] = {"seat": nxt, "legal": after.legal_actions()}
        else:
            info["next"] = {"seat": nxt}
        return info

    def _explain_card(self, seat: int, card: int, after: Madrasso, names: Names,
                      private: bool) -> Explanation:
        """The facts of a card played, and their words."""
        info = self.card_facts(card, private)
        c = CARDS[card]
        kind = info["kind"]
        forced_reason = None
        if not private:
            forced = len(info["choices"]) == 1
            if forced and _popcount(self.hands[seat]) == 1:
                forced_reason = _("last card in hand: must play it")
            elif forced and kind == "follow":
                forced_reason = _("only one {suit}: must play it").format(suit=c.suit.singular)
            info["forced"] = forced
            info["forced_reason"] = forced_reason
        winning = info["winning"]
        assert winning is not None
        complete = info["trick_complete"]
        last = complete and len(self.tricks) == TRICKS_PER_DEAL - 1
        pts = points_words(c.points)
        who = names.seat(seat, True)
        forms = {"player": who, "points": pts, **c.forms()}
        if kind == "lead":
            text = _("{player} leads {card} ({points}): the others must follow {suit} if they can."
                     ).format(suit=c.suit.noun, **forms)
        elif kind == "follow":
            text = _("{player} follows suit {with_card} ({points}).").format(**forms)
            if not private and info["forced"] and _popcount(self.hands[seat]) != 1:
                text = _("{player} has only one {suit}, {card}, and must play it ({points})."
                         ).format(suit=c.suit.singular, **forms)
        else:
            text = (_("{player} has no {suit} and trumps {with_card} ({points}).") if kind == "trump"
                    else _("{player} has no {suit} and discards {card} ({points}).")).format(
                suit=CARDS[self.trick[0]].suit.noun, **forms)
        win_seat = winning["seat"]
        top = CARD_BY_TEXT[winning["card"]]
        why = winning["why"]
        if complete:
            team = win_seat & 1
            points = info["trick_points"] or 0
            text += " " + _("{player} wins the trick {with_card}, the {why}: {points} to {side}.").format(
                player=names.seat(win_seat, True), why=why, points=points_words(points),
                side=names.side(team, _team_words(team)), **CARDS[top].forms())
            if last:
                text += " " + _("It is the last trick: {n} more for {side}.").format(
                    n=LAST_TRICK_BONUS, side=names.side(team, _team_words(team, True)))
                info["anchor"] = RULE_SCORING
                final = self.points[:]
                final[team] += points + LAST_TRICK_BONUS
                text += " " + _("The deal ends {a} to {b}.").format(a=final[0], b=final[1])
                tricks = self.tricks_won[:]
                tricks[team] += 1
                info["deal_points"] = final
                info["deal_tricks"] = tricks
            if after.winner is not None:
                info["anchor"] = RULE_MATCH
                won = names.side(after.winner, _team_words(after.winner, True), start=True)
                if after.reason == "cappotto":
                    text += " " + _("{side} took all ten tricks: a cappotto, and the match is "
                                    "theirs.").format(side=won)
                else:
                    total = after.running_totals()[after.winner]
                    text += " " + _("{side} reaches {n}: the match is theirs.").format(side=won, n=total)
        elif kind != "lead":
            if win_seat == seat:
                text += " " + _("It is winning the trick, the {why}.").format(why=why)
            else:
                text += " " + _("{player}'s {card_name} is winning the trick, the {why}.").format(
                    player=names.seat(win_seat, True), why=why, **CARDS[top].forms())
        if info["anchor"] != RULE_TRICK:
            info["anchors"] = [info["anchor"], RULE_TRICK]
        info["last_trick_bonus"] = last
        info["text"] = text
        return info


# ---- helpers ----------------------------------------------------------------------------------


def _dealt_texts(hands: list[int], dealer: int, turned: int) -> list[list[str]]:
    """Four dealt hands as a record writes them: display order, the dealer's turned-up card
    last."""
    texts = []
    for seat in range(SEATS):
        ids = sorted(indices_of(hands[seat]), key=display_order)
        if seat == dealer:
            ids.remove(turned)
            ids.append(turned)
        texts.append([CARD_TEXT[i] for i in ids])
    return texts


def _shuffle_deal(rng: random.Random, dealer: int) -> tuple[list[int], int]:
    """Shuffle the pack and deal it one card at a time from the seat after the dealer."""
    pack = list(range(40))
    rng.shuffle(pack)
    hands = [0, 0, 0, 0]
    for offset in range(SEATS):
        mask = 0
        for card in pack[offset::SEATS]:
            mask |= 1 << card
        hands[(dealer + 1 + offset) & 3] = mask
    return hands, pack[-1]


def _check_totals(totals: tuple[int, ...], deal: int) -> None:
    """Totals a match can have before ``deal``: 130 for each complete deal, and nobody at
    777 after the tenth (the match would be over)."""
    played = deal - 1
    if sum(totals) != played * DEAL_POINTS:
        raise SetupError(
            "totals",
            f"{list(totals)} adds up to {sum(totals)}, but {played} complete deal"
            f"{'' if played == 1 else 's'} before deal {deal} make {played * DEAL_POINTS} "
            f"({DEAL_POINTS} each)")
    if played >= DEALS_BEFORE_TARGET and max(totals) >= TARGET:
        raise SetupError(
            "totals", f"{list(totals)}: a team with {TARGET} after deal {played} has already "
            "won the match")
