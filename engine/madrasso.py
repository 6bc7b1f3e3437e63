"""Madrasso: the Venetian trick-taking game for four players in two teams, every rule of it.

The rules, as the rules page states them (section anchors in brackets):

* Four seats in playing order 0..3; partners sit across, so the team of a seat is
  ``seat % 2`` (#players-and-teams). The pack is the forty Italian cards (#the-pack);
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
from math import factorial
from typing import Any, ClassVar, Self

from .cards import (
    CARD_BY_TEXT,
    CARD_TEXT,
    CARDS,
    POINTS,
    STRENGTH,
    SUIT_OF,
    Card,
    CardError,
    Rank,
    display_order,
    indices_of,
)
from .entropy import secret_rng
from .protocol import JSON, ActionSyntaxError, Game, IllegalAction, SetupError, hidden_refusal, is_int

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
"""Added to (or taken from) :meth:`Madrasso.returns` once the match is decided."""

SEVEN = Rank.SEVEN.index
SWAPPABLE = frozenset(r.index for r in (Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK))
"""Ranks of turned-up card the seven of trumps may be swapped for."""

TEAMS = ((0, 2), (1, 3))

RANKS: dict[str, dict[str, JSON]] = {
    r.value: {"points": r.points, "category": r.category} for r in Rank
}
"""Per rank letter: card points and category (carico, punto or scartina)."""

# Rules-page anchors.
RULE_TEAMS = "players-and-teams"
RULE_DEAL = "the-deal-and-the-trump-card"
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


def _trick_keys() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``_KEY[trump][led][card]``: the card's power in a trick; the highest wins."""
    keys = []
    for trump in range(4):
        per_led = []
        for led in range(4):
            row = []
            for card in range(40):
                suit = SUIT_OF[card]
                if suit == trump:
                    row.append(30 + STRENGTH[card])
                elif suit == led:
                    row.append(10 + STRENGTH[card])
                else:
                    row.append(0)
            per_led.append(tuple(row))
        keys.append(tuple(per_led))
    return tuple(keys)


_KEY = _trick_keys()
_CARD_OF = CARD_BY_TEXT
_POINTS = POINTS
_SUIT = SUIT_OF


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


def team_of(seat: int) -> int:
    return seat & 1


def card_category(card: str) -> str:
    """'carico', 'punto' or 'scartina' for a card in notation."""
    return Card.parse(card).rank.category


def _team_words(team: int) -> str:
    a, b = TEAMS[team]
    return f"team {team} (seats {a} and {b})"


def _points_words(points: int) -> str:
    if points == 0:
        return "no points"
    return "1 point" if points == 1 else f"{points} points"


# ---- the game ---------------------------------------------------------------------------------


class Madrasso(Game):
    """A Madrasso deal (explicit hands) or match (seeded) in progress."""

    name = "madrasso"
    min_players = 4
    max_players = 4
    num_players = 4

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
        "rng", "one_deal", "past", "deal_start", "_setup", "start_hands", "deal_log",
    )

    dealer: int
    deal: int
    totals: tuple[int, int]
    """The two teams' totals before this deal."""
    hands: list[int]
    """Per seat, a 40-bit mask of the cards held."""
    trump: int
    turned: int
    """The current face-up card (the seven after a swap); it may have been played since."""
    first_turned: int
    swap: tuple[int, int, int] | None
    """(seat, seven it gave, card it took) once the swap is made."""
    swap_holder: int
    """The seat that may still swap (holds the seven, not the dealer, turned card swappable), or -1."""
    leader: int
    trick: list[int]
    tricks: list[tuple[int, list[int], int, int]]
    """Completed tricks this deal: (leader, cards in play order, winner, card points)."""
    tricks_won: list[int]
    points: list[int]
    """This deal's points per team, the last trick's ten included once taken."""
    last_trick: int
    current: int
    """The seat to act, -1 once over."""
    voids: list[int]
    """Per seat, 4-bit mask of suits it has shown it lacks (it did not follow them)."""
    winner: int
    reason: str | None
    after_trick: int
    decided_deal: int
    rng: random.Random | None
    one_deal: bool
    past: list[dict[str, JSON]]
    """Summaries of the completed earlier deals of a seeded match."""
    deal_start: int
    """Index into ``actions`` where this deal's actions begin."""
    start_hands: list[int]
    """The hands as this deal was dealt (masks), for the record of the deal once it is over."""
    deal_log: list[tuple[int, int, tuple[int, int], list[int], int, int, int]]
    """Each deal played out: (deal, dealer, totals before, start hands, turned card, first and
    end index into ``actions``), from which :meth:`finished_deals` writes its record."""

    # ---- building ---------------------------------------------------------------------------

    @classmethod
    def from_setup(cls, setup: dict[str, JSON]) -> Self:
        setup = dict(setup)
        known = ("dealer", "hands", "seed", "deal", "totals", "one_deal")
        for key in setup:
            if key not in known:
                raise SetupError(key, f"unknown field: a Madrasso setup has {', '.join(known)}")
        game = object.__new__(cls)
        deal = _read_deal(setup)
        totals = _read_totals(setup, deal)
        one_deal = setup.get("one_deal", False)
        if not isinstance(one_deal, bool):
            raise SetupError("one_deal", "must be true or false")
        if "hands" in setup and "seed" in setup:
            raise SetupError("seed", "give either the hands or a seed, not both")
        clean: dict[str, JSON] = {}
        if "seed" in setup:
            seed = setup["seed"]
            if not is_int(seed):
                raise SetupError("seed", f"must be a whole number, not {seed!r}")
            rng = random.Random(seed)
            if "dealer" in setup:
                dealer = _read_dealer(setup)
                clean = {"seed": seed, "dealer": dealer}
            else:
                dealer = rng.randrange(SEATS)
                clean = {"seed": seed}
            hands, turned = _shuffle_deal(rng, dealer)
        elif "hands" in setup:
            dealer = _read_dealer(setup)
            hands, turned, texts = _read_hands(setup["hands"], dealer)
            one_deal = setup.get("one_deal", True)
            # A match that deals on after the given hands does so from a secret seed.
            rng = None if one_deal else secret_rng()
            clean = {"dealer": dealer, "hands": texts}
        else:
            raise SetupError("hands", "missing: give the four hands (or a seed to shuffle from)")
        if "deal" in setup or "seed" not in setup:
            clean["deal"] = deal
        if "totals" in setup or "seed" not in setup:
            clean["totals"] = list(totals)
        if setup.get("one_deal") and "seed" in setup:
            clean["one_deal"] = True
        if not one_deal and "hands" in setup:
            clean["one_deal"] = False
        game._setup = clean
        game.rng = rng
        game.one_deal = one_deal
        game.dealer = dealer
        game.deal = deal
        game.totals = totals
        game.actions = []
        game.past = []
        game.winner = -1
        game.reason = None
        game.after_trick = 0
        game.decided_deal = 0
        game.deal_log = []
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
        self.deal_start = len(self.actions)

    def setup(self) -> dict[str, JSON]:
        return {k: _copy_json(v) for k, v in self._setup.items()}

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

    def _log_deal(self) -> None:
        self.deal_log.append((self.deal, self.dealer, self.totals, self.start_hands,
                              self.first_turned, self.deal_start, len(self.actions)))

    def _decide(self, team: int, reason: str, trick_number: int) -> None:
        self._log_deal()
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
        self._log_deal()
        if self.one_deal or self.rng is None:
            self.current = -1
            return
        self.past.append(self._deal_summary())
        self.totals = (t0, t1)
        self.deal += 1
        self.dealer = (self.dealer + 1) & 3
        hands, turned = _shuffle_deal(self.rng, self.dealer)
        self._start_deal(hands, turned)

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.dealer = self.dealer
        new.deal = self.deal
        new.totals = self.totals
        new.hands = self.hands[:]
        new.trump = self.trump
        new.turned = self.turned
        new.first_turned = self.first_turned
        new.swap = self.swap
        new.swap_holder = self.swap_holder
        new.leader = self.leader
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.tricks_won = self.tricks_won[:]
        new.points = self.points[:]
        new.last_trick = self.last_trick
        new.current = self.current
        new.actions = self.actions[:]
        new.voids = self.voids[:]
        new.winner = self.winner
        new.reason = self.reason
        new.after_trick = self.after_trick
        new.decided_deal = self.decided_deal
        if self.rng is None:
            new.rng = None
        else:
            new.rng = random.Random(0)
            new.rng.setstate(self.rng.getstate())
        new.one_deal = self.one_deal
        new.past = self.past[:]
        new.deal_start = self.deal_start
        new._setup = self._setup
        new.start_hands = self.start_hands  # never changed in place
        new.deal_log = self.deal_log[:]
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
        game.rng = None
        game.one_deal = True
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
        dealt = _deal_hidden(cards, need, allowed, rng)
        for other in range(SEATS):
            if other != seat:
                game.hands[other] = fixed[other] | dealt[other]
        if self.swap is None and not self.tricks and self.turned % 10 in SWAPPABLE:
            # Who holds the seven of trumps may be hidden: the swap goes with the redealt seven.
            seven = self.trump * 10 + SEVEN
            game.swap_holder = next((o for o in range(SEATS) if o != dealer
                                     and game.hands[o] >> seven & 1), -1)
        game.past = []
        game.actions = self.actions[self.deal_start:]
        game.deal_start = 0
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

    def continues(self) -> bool:
        """Whether the match deals on after this deal."""
        return self.rng is not None and not self.one_deal

    def record_shows_every_card(self) -> bool:
        return "seed" not in self._setup and not self.continues()

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
        dealt = _deal_uniform(indices_of(pool), need, allowed, rng)
        held = [masks[o] | dealt[o] if o != seat else masks[o] for o in range(SEATS)]
        return self._replay_redealt(self._setup_of_this_deal(held), rng, self.continues())

    def deal_actions(self) -> list[int]:
        return self.actions[self.deal_start:]

    def reseed_later_deals(self, rng: random.Random) -> None:
        if self.continues():
            self.rng = random.Random(rng.getrandbits(64))

    def finished_deals(self) -> list[dict[str, JSON]]:
        out = []
        for deal, dealer, totals, hands, turned, start, end in self.deal_log:
            out.append({"game": self.name, "dealer": dealer,
                        "hands": _dealt_texts(hands, dealer, turned), "deal": deal,
                        "totals": list(totals),
                        "actions": [self.action_to_string(a) for a in self.actions[start:end]]})
        return out

    # ---- actions as text --------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        if action == SWAP:
            return SWAP_TEXT
        return CARD_TEXT[action]

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ActionSyntaxError(f"{text!r} is not a Madrasso action: play a card such as 'KC', or 'swap'")
        clean = text.strip()
        if clean.lower() == SWAP_TEXT:
            return SWAP
        found = CARD_BY_TEXT.get(clean.upper())
        if found is not None:
            return found
        try:
            return Card.parse(clean).index
        except CardError as err:
            raise ActionSyntaxError(f"{err} (the only other action is 'swap')") from None

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
            raise IllegalAction(text, who, f"it is not your turn: seat {actor} plays next", RULE_TRICK)
        hand = self.hands[who]
        if not hand >> action & 1:
            rule = f"you do not hold the {CARDS[action].name}"
            if action == self.turned and self.hands[self.dealer] >> action & 1:
                rule += f": it is the turned-up card, in the dealer's hand (seat {self.dealer})"
            raise IllegalAction(text, who, rule, RULE_TRICK)
        if self.trick:
            led = _SUIT[self.trick[0]]
            if _SUIT[action] != led and hand >> (led * 10) & 1023:
                noun = CARDS[self.trick[0]].suit.noun
                raise IllegalAction(
                    text, who, f"must follow suit: {noun} was led and you hold {noun}", RULE_TRICK)

    def _check_swap(self, seat: int) -> None:
        def no(rule: str) -> IllegalAction:
            return IllegalAction(SWAP_TEXT, seat, rule, RULE_SEVEN)

        seven = self.trump * 10 + SEVEN
        if self.swap is not None:
            raise no(f"the seven of trumps has already been swapped this deal (by seat {self.swap[0]})")
        if self.tricks:
            raise no("the seven can only be swapped during the first trick")
        if seat == self.dealer:
            raise no("the dealer cannot swap: the turned-up card is already the dealer's")
        played_in_trick = {(self.leader + i) & 3 for i in range(len(self.trick))}
        if seat in played_in_trick:
            raise no("the seven can only be swapped before you play")
        if not self.hands[seat] >> seven & 1:
            raise no(f"you do not hold the seven of trumps (the {CARDS[seven].name})")
        if self.turned % 10 not in SWAPPABLE:
            word = CARDS[self.turned].rank.word
            raise no(f"the turned-up card is a {word}: only an ace, three, king, queen or jack "
                     "can be swapped for")
        if not self.hands[self.dealer] >> self.turned & 1:
            raise no("the turned-up card has already been played: the seven can only be swapped "
                     "for the card still in the dealer's hand")
        if seat != self.current:
            raise no(f"the seven can only be swapped on your own turn: seat {self.current} plays next")

    def apply(self, action: str) -> None:
        """Apply an action given as text after checking every rule; on error nothing changes."""
        action_id = self.string_to_action(action)
        self.check_action(action_id)
        self.apply_id(action_id)

    def _over_words(self) -> str:
        if self.winner >= 0:
            how = "a cappotto" if self.reason == "cappotto" else f"reaching {TARGET}"
            return (f"the match is over: {_team_words(self.winner)} won it by {how} "
                    f"in deal {self.decided_deal}")
        return "the deal is over: all ten tricks have been played"

    # ---- what a seat sees -------------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may know now (``None``: a spectator seeing every hand), as JSON.

        ``game``, ``seat``, ``team``, ``num_players``, ``teams`` ([[0, 2], [1, 3]]), ``dealer``,
        ``deal`` (1-based), ``trump`` ({suit, name}), ``turned`` ({card, name, in_hand}: the
        face-up card, the seven after a swap), ``swap`` (null or {seat, gave, took}),
        ``hands`` (four lists in display order, null for hands hidden from ``seat``),
        ``hand_sizes``, ``trick`` ({leader, cards: [{seat, card}]}), ``tricks`` (this deal's
        completed tricks: {leader, cards: [{seat, card}], winner, points}), ``tricks_won``,
        ``points`` (this deal, per team, the last trick's ten once taken), ``last_trick``
        (team or null), ``totals`` (before this deal), ``running_totals`` (totals + points),
        ``current_player``, ``legal_actions`` (empty unless ``seat`` is to act or None),
        ``match`` ({winner, reason "777"|"cappotto", after_trick, deal, target, max_deals}),
        ``over``, and ``ranks`` (per rank letter: points and category).
        """
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < SEATS):
            raise ValueError(f"seat must be 0..3 or None, not {seat!r}")
        trump_suit = CARDS[self.turned].suit
        hands: list[list[str] | None] = []
        for s in range(SEATS):
            if seat is None or s == seat:
                hands.append(_hand_texts(self.hands[s]))
            else:
                hands.append(None)
        mover = self.current
        legal = self.legal_actions() if mover >= 0 and (seat is None or seat == mover) else []
        obs: dict[str, JSON] = {
            "game": self.name,
            "seat": seat,
            "team": None if seat is None else seat & 1,
            "num_players": SEATS,
            "teams": [list(t) for t in TEAMS],
            "dealer": self.dealer,
            "deal": self.deal,
            "trump": {"suit": trump_suit.value, "name": trump_suit.noun},
            "turned": {
                "card": CARD_TEXT[self.turned],
                "name": CARDS[self.turned].name,
                "in_hand": bool(self.hands[self.dealer] >> self.turned & 1),
            },
            "swap": self._swap_json(),
            "hands": hands,
            "hand_sizes": [_popcount(h) for h in self.hands],
            "trick": {
                "leader": self.leader,
                "cards": [{"seat": (self.leader + i) & 3, "card": CARD_TEXT[c]}
                          for i, c in enumerate(self.trick)],
            },
            "tricks": [_trick_json(t, with_seats=True) for t in self.tricks],
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
        return obs

    def _swap_json(self) -> dict[str, JSON] | None:
        if self.swap is None:
            return None
        seat, gave, took = self.swap
        return {"seat": seat, "gave": CARD_TEXT[gave], "took": CARD_TEXT[took]}

    def _match_json(self) -> dict[str, JSON]:
        decided = self.winner >= 0
        return {
            "winner": self.winner if decided else None,
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

    def result(self) -> dict[str, JSON] | None:
        if self.current >= 0:
            return None
        return {
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
            "tricks": [_trick_json(t) for t in self.tricks],
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
        if self.rng is not None and not self.one_deal:
            out["deals"] = [*self.past, self._deal_summary()]
        return out

    # ---- explaining a move ------------------------------------------------------------------

    def explain(self, action: str, seat_names: list[str] | None = None,
                team_names: list[str] | None = None, viewer: int | None = None) -> dict[str, JSON]:
        """Engine facts about playing ``action`` now, for the demo and the practice.

        ``text`` says it in a sentence or three; ``seat_names`` (e.g. South, East, North, West)
        and ``team_names`` replace "seat 2" and "team 0 (seats 0 and 2)" in it.

        Fields for a legal action: ``legal`` (true), ``seat``, ``team``, ``action``, ``kind``
        ("lead", "follow", "trump", "discard" or "swap"), ``card``, ``card_name``, ``points``,
        ``category``, ``trump`` (the trump suit's name), ``forced`` and ``forced_reason`` ("only one club: must play it"),
        ``choices`` (the legal cards), ``winning`` ({seat, card, why}: who holds the trick
        once the card is down, why "highest trump" or "highest club, the suit led"),
        ``trick_complete``, ``trick_winner``, ``trick_points`` (card points),
        ``last_trick_bonus``, ``deal_complete``, ``match`` (set when this move decides it),
        ``rule`` (the rules-page anchor), ``text`` and ``next`` ({seat, legal} or null). A swap
        adds ``took`` and ``took_name``. An illegal or unreadable action gives only ``legal``
        (false), ``action``, ``seat``, ``rule`` and ``anchor``.

        ``viewer`` (a seat other than the mover) is told only what the table shows once the
        card is down: no ``forced``, ``forced_reason`` or ``choices`` (they tell what else the
        mover holds), ``next`` without the next seat's ``legal`` moves unless that seat is
        the viewer, and an illegal action is refused without a word about the mover's hand.
        """
        words = _Names(seat_names, team_names)
        private = viewer is not None and viewer != self.current
        try:
            action_id = self.string_to_action(action)
            self.check_action(action_id)
        except ActionSyntaxError as err:
            return {"legal": False, "action": action, "seat": self.current_player(),
                    "rule": str(err), "anchor": None}
        except IllegalAction as err:
            if private:
                return hidden_refusal(action, self.current_player())
            return {"legal": False, "action": action, "seat": err.seat, "rule": err.rule,
                    "anchor": err.anchor}
        seat = self.current
        after = self.clone()
        after.apply_id(action_id)
        info: dict[str, JSON] = {"legal": True, "seat": seat, "team": seat & 1,
                                 "action": self.action_to_string(action_id)}
        if action_id == SWAP:
            seven, old = self.trump * 10 + SEVEN, self.turned
            info.update({
                "kind": "swap", "card": CARD_TEXT[seven], "card_name": CARDS[seven].name,
                "took": CARD_TEXT[old], "took_name": CARDS[old].name,
                "points": 0, "category": "scartina",
                **({} if private else {"forced": False, "forced_reason": None}),
                "winning": None, "trick_complete": False, "trick_winner": None,
                "trick_points": None, "last_trick_bonus": False, "rule": RULE_SEVEN,
                "text": (f"{words.seat(seat, True)} swaps the {CARDS[seven].name} for the "
                         f"turned-up {CARDS[old].name}: the seven is now the dealer's face-up "
                         f"card and {words.seat(seat)} holds the {CARDS[old].rank.word}."),
            })
        else:
            info.update(self._explain_card(seat, action_id, after, words, private))
        info["match"] = after._match_json() if after.winner >= 0 else None
        info["deal_complete"] = bool(info.get("last_trick_bonus")) or after.winner >= 0
        nxt = after.current
        if nxt < 0:
            info["next"] = None
        elif viewer is None or viewer == nxt:
            info["next"] = {"seat": nxt, "legal": after.legal_actions()}
        else:
            info["next"] = {"seat": nxt}
        return info

    def _explain_card(self, seat: int, card: int, after: "Madrasso", words: "_Names",
                      private: bool = False) -> dict[str, JSON]:
        """The facts of a card played; ``private``: told to another seat, so nothing about
        the rest of the mover's hand (its choices, whether the card was forced)."""
        c = CARDS[card]
        trick = self.trick
        hand = self.hands[seat]
        choices = [] if private else [a for a in self.legal_action_ids() if a != SWAP]
        trump_noun = CARDS[self.turned].suit.noun
        if not trick:
            kind = "lead"
        elif _SUIT[card] == _SUIT[trick[0]]:
            kind = "follow"
        elif _SUIT[card] == self.trump:
            kind = "trump"
        else:
            kind = "discard"
        forced = not private and len(choices) == 1
        forced_reason = None
        if forced:
            if _popcount(hand) == 1:
                forced_reason = "last card in hand: must play it"
            elif kind == "follow":
                forced_reason = f"only one {c.suit.singular}: must play it"
        # Who is winning the trick once this card is down.
        cards = [*trick, card]
        key = _KEY[self.trump][_SUIT[cards[0]]]
        best = max(range(len(cards)), key=lambda i: key[cards[i]])
        top = cards[best]
        win_seat = (self.leader + best) & 3
        if len(cards) == 1:
            why = "the card led"
        elif _SUIT[top] == self.trump:
            why = "highest trump"
        else:
            why = f"highest {CARDS[top].suit.singular}, the suit led"
        winning = {"seat": win_seat, "card": CARD_TEXT[top], "why": why}
        complete = len(cards) == 4
        trick_points = sum(_POINTS[x] for x in cards) if complete else None
        last = complete and len(self.tricks) == TRICKS_PER_DEAL - 1
        # Words.
        pts = _points_words(c.points)
        led_noun = CARDS[trick[0]].suit.noun if trick else None
        who = words.seat(seat, True)
        if kind == "lead":
            text = f"{who} leads the {c.name} ({pts}): the others must follow {c.suit.noun} if they can."
        elif kind == "follow":
            text = f"{who} follows suit with the {c.name} ({pts})."
            if forced_reason and forced_reason.startswith("only one"):
                text = f"{who} has only one {c.suit.singular}, the {c.name}, and must play it ({pts})."
        elif kind == "trump":
            text = f"{who} has no {led_noun} and trumps with the {c.name} ({pts})."
        else:
            text = f"{who} has no {led_noun} and discards the {c.name} ({pts})."
        rule = RULE_TRICK
        if complete:
            team = win_seat & 1
            text += (f" {words.seat(win_seat, True)} wins the trick with the {CARDS[top].name}, "
                     f"the {why}: {_points_words(trick_points)} to {words.team(team)}.")
            if last:
                text += f" It is the last trick: {LAST_TRICK_BONUS} more for {words.team(team, short=True)}."
                rule = RULE_SCORING
                final = self.points[:]
                final[team] += trick_points + LAST_TRICK_BONUS
                text += f" The deal ends {final[0]} to {final[1]}."
            if after.winner >= 0:
                rule = RULE_MATCH
                if after.reason == "cappotto":
                    text += (f" {words.team(team, short=True, start=True)} took all ten tricks: "
                             "a cappotto, and the match is theirs.")
                else:
                    total = after.running_totals()[after.winner]
                    text += (f" {words.team(after.winner, short=True, start=True)} reaches "
                             f"{total}: the match is theirs.")
        elif kind != "lead":
            if win_seat == seat:
                text += f" It is winning the trick, the {why}."
            else:
                text += f" {words.seat(win_seat, True)}'s {CARDS[top].name} is winning the trick, the {why}."
        mover_only = {} if private else {"forced": forced, "forced_reason": forced_reason,
                                         "choices": [CARD_TEXT[a] for a in choices]}
        return {
            "kind": kind,
            "card": CARD_TEXT[card],
            "card_name": c.name,
            "points": c.points,
            "category": c.rank.category,
            "trump": trump_noun,
            **mover_only,
            "winning": winning,
            "trick_complete": complete,
            "trick_winner": win_seat if complete else None,
            "trick_points": trick_points,
            "last_trick_bonus": last,
            "rule": rule,
            "text": text,
        }


# ---- helpers ----------------------------------------------------------------------------------


class _Names:
    """How the explanations name seats and teams: given names, or 'seat 2' and 'team 0'."""

    def __init__(self, seats: list[str] | None, teams: list[str] | None):
        self.seats = seats
        self.teams = teams

    def seat(self, seat: int, start: bool = False) -> str:
        name = self.seats[seat] if self.seats else f"seat {seat}"
        return name[:1].upper() + name[1:] if start else name

    def team(self, team: int, short: bool = False, start: bool = False) -> str:
        if self.teams:
            name = self.teams[team]
        else:
            name = f"team {team}" if short else _team_words(team)
        return name[:1].upper() + name[1:] if start else name


def _copy_json(value: JSON) -> JSON:
    """A copy of nested lists, so callers cannot change a game's setup through setup()."""
    return [_copy_json(v) for v in value] if isinstance(value, list) else value


def _hand_texts(mask: int) -> list[str]:
    return [CARD_TEXT[i] for i in sorted(indices_of(mask), key=display_order)]


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


def _trick_json(trick: tuple[int, list[int], int, int], with_seats: bool = False) -> dict[str, JSON]:
    leader, cards, winner, points = trick
    if with_seats:
        shown: list[Any] = [{"seat": (leader + i) & 3, "card": CARD_TEXT[c]} for i, c in enumerate(cards)]
    else:
        shown = [CARD_TEXT[c] for c in cards]
    return {"leader": leader, "cards": shown, "winner": winner, "points": points}


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


def _read_dealer(setup: dict[str, JSON]) -> int:
    if "dealer" not in setup:
        raise SetupError("dealer", "missing: which seat (0 to 3) dealt")
    dealer = setup["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
        raise SetupError("dealer", f"must be a seat from 0 to 3, not {dealer!r}")
    return dealer


def _read_deal(setup: dict[str, JSON]) -> int:
    deal = setup.get("deal", 1)
    if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= MAX_DEALS:
        raise SetupError("deal", f"must be a deal number from 1 to {MAX_DEALS}, not {deal!r}")
    return deal


def _read_totals(setup: dict[str, JSON], deal: int) -> tuple[int, int]:
    totals = setup.get("totals", [0, 0])
    if (not isinstance(totals, list) or len(totals) != 2
            or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in totals)):
        raise SetupError("totals", f"must be two whole numbers [team 0, team 1], not {totals!r}")
    played = deal - 1
    if sum(totals) != played * DEAL_POINTS:
        raise SetupError(
            "totals",
            f"{totals} adds up to {sum(totals)}, but {played} complete deal"
            f"{'' if played == 1 else 's'} before deal {deal} make {played * DEAL_POINTS} "
            f"({DEAL_POINTS} each)")
    if played >= DEALS_BEFORE_TARGET and max(totals) >= TARGET:
        raise SetupError(
            "totals", f"{totals}: a team with {TARGET} after deal {played} has already won the match")
    return totals[0], totals[1]


def _read_hands(raw: JSON, dealer: int) -> tuple[list[int], int, list[list[str]]]:
    """Check the four hands (cards first, then sizes, then duplicates) and read them."""
    if not isinstance(raw, list) or len(raw) != SEATS:
        size = f"{len(raw)} hands" if isinstance(raw, list) else repr(raw)
        raise SetupError("hands", f"must be four lists of ten cards, one per seat, not {size}")
    parsed: list[list[int]] = []
    for seat, hand in enumerate(raw):
        field = f"hands[{seat}]"
        if not isinstance(hand, list):
            raise SetupError(field, f"must be a list of ten cards, not {hand!r}")
        try:
            cards = [_CARD_OF[text] for text in hand]
        except (KeyError, TypeError):  # lower case, spaces or not a card: the slow, precise way
            try:
                cards = [Card.parse(text).index for text in hand]
            except CardError as err:
                raise SetupError(field, str(err)) from None
        parsed.append(cards)
    total = sum(len(h) for h in parsed)
    for seat, hand in enumerate(parsed):
        if len(hand) != CARDS_EACH:
            extra = f" ({total} cards in all; the pack has 40)" if total != 40 else ""
            raise SetupError(f"hands[{seat}]", f"has {len(hand)} cards, needs {CARDS_EACH}{extra}")
    masks = []
    union = 0
    for hand in parsed:
        mask = 0
        for card in hand:
            mask |= 1 << card
        masks.append(mask)
        union |= mask
    if union == (1 << 40) - 1:
        return masks, parsed[dealer][-1], [[CARD_TEXT[c] for c in hand] for hand in parsed]
    where: dict[int, int] = {}
    for seat, hand in enumerate(parsed):
        field = f"hands[{seat}]"
        for card in hand:
            if card in where:
                first = where[card]
                places = f"hands[{first}]" + ("" if first == seat else f" and {field}")
                raise SetupError(field, f"{CARD_TEXT[card]} appears twice ({places})")
            where[card] = seat
    raise AssertionError("forty cards of forty distinct ones must be the whole pack")


def _deal_hidden(cards: list[int], need: list[int], allowed: list[int],
                 rng: random.Random) -> list[int]:
    """Deal ``cards`` at random so seat o gets need[o] of them, all of suits in allowed[o].

    Each card goes to a random seat that can still take it while the rest can still be dealt
    (Hall's condition over the seats, checked on suit counts).
    """
    rng.shuffle(cards)
    seats = [o for o in range(SEATS) if need[o]]
    out = [0, 0, 0, 0]
    if all(allowed[o] == 15 for o in seats):
        start = 0
        for o in seats:
            for card in cards[start:start + need[o]]:
                out[o] |= 1 << card
            start += need[o]
        return out
    left = need[:]
    remaining = [0, 0, 0, 0]
    for card in cards:
        remaining[_SUIT[card]] += 1
    subsets = [[seats[i] for i in range(len(seats)) if bits >> i & 1]
               for bits in range(1, 1 << len(seats))]

    def feasible() -> bool:
        for group in subsets:
            wanted = sum(left[o] for o in group)
            if not wanted:
                continue
            suits = 0
            for o in group:
                suits |= allowed[o]
            have = sum(remaining[s] for s in range(4) if suits >> s & 1)
            if wanted > have:
                return False
        return True

    for card in cards:
        suit = _SUIT[card]
        options = [o for o in seats if left[o] and allowed[o] >> suit & 1]
        rng.shuffle(options)
        remaining[suit] -= 1
        for o in options:
            left[o] -= 1
            if feasible():
                out[o] |= 1 << card
                break
            left[o] += 1
        else:
            raise MatchInvariantError("no way to redeal the hidden cards consistently with the voids shown")
    return out


def _deal_uniform(cards: list[int], need: list[int], allowed: list[int],
                  rng: random.Random) -> list[int]:
    """Deal ``cards`` so seat o gets need[o] of them, all of suits in allowed[o] (4-bit
    masks), each such deal exactly as likely as any other.

    Unlike :func:`_deal_hidden` (the computer players' quick sampler) this is uniform, which a
    take-back needs: the hidden cards must not lean towards where they really were. A plain
    shuffle is tried first (a deal it gives that keeps the voids is as likely as any other);
    when the voids make that rare, how many cards of each suit go to each seat is drawn in
    proportion to the number of deals each split gives, then each suit is shuffled into its
    seats.
    """
    seats = [o for o in range(SEATS) if need[o]]
    cards = sorted(cards)  # the result depends on the rng alone, not on the cards' order
    forbidden = [sum(1023 << (10 * suit) for suit in range(4) if not allowed[o] >> suit & 1)
                 for o in range(SEATS)]
    for _ in range(20):
        rng.shuffle(cards)
        out = [0, 0, 0, 0]
        start = 0
        for o in seats:
            for card in cards[start:start + need[o]]:
                out[o] |= 1 << card
            start += need[o]
        if not any(out[o] & forbidden[o] for o in seats):
            return out
    return _deal_by_suit_counts(sorted(cards), seats, need, allowed, rng)


def _deal_by_suit_counts(cards: list[int], seats: list[int], need: list[int],
                         allowed: list[int], rng: random.Random) -> list[int]:
    """The exact sampler behind :func:`_deal_uniform`: deals counted suit by suit, with the
    seats' remaining needs as the state."""
    by_suit = [[c for c in cards if _SUIT[c] == suit] for suit in range(4)]
    counted: dict[tuple[int, tuple[int, ...]], int] = {}

    def splits(suit: int, left: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Ways to share the suit's cards among the seats: a count per seat."""
        out: list[tuple[int, ...]] = []
        last = len(seats) - 1

        def share(i: int, rest: int, taken: tuple[int, ...]) -> None:
            top = min(rest, left[i]) if allowed[seats[i]] >> suit & 1 else 0
            if i == last:  # the last seat takes the rest, if it can
                if rest <= top:
                    out.append(taken + (rest,))
                return
            for n in range(top + 1):
                share(i + 1, rest - n, taken + (n,))

        share(0, len(by_suit[suit]), ())
        return out

    def weight(split: tuple[int, ...], size: int) -> int:
        w = factorial(size)
        for n in split:
            w //= factorial(n)
        return w

    def ways(suit: int, left: tuple[int, ...]) -> int:
        if suit == 4:
            return 0 if any(left) else 1
        key = (suit, left)
        if key not in counted:
            counted[key] = sum(
                weight(split, len(by_suit[suit])) * ways(suit + 1, _less(left, split))
                for split in splits(suit, left))
        return counted[key]

    left = tuple(need[o] for o in seats)
    if not ways(0, left):
        raise MatchInvariantError("no way to redeal the hidden cards consistently with the voids shown")
    out = [0, 0, 0, 0]
    for suit in range(4):
        size = len(by_suit[suit])
        pick = rng.randrange(ways(suit, left))
        for split in splits(suit, left):
            w = weight(split, size) * ways(suit + 1, _less(left, split))
            if pick < w:
                break
            pick -= w
        suit_cards = by_suit[suit][:]
        rng.shuffle(suit_cards)
        start = 0
        for i, n in enumerate(split):
            for card in suit_cards[start:start + n]:
                out[seats[i]] |= 1 << card
            start += n
        left = _less(left, split)
    return out


def _less(left: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(left, split))
