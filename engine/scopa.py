"""Scopa: two, three or four players capture cards from the table; a match goes to 11.

The rules, as the site's scopa page states them (section anchors in brackets):

* Two or three players play as individuals, four as two partnerships (seats i and i + 2,
  sharing captures and scope). Deal and play go anticlockwise from the dealer's right: the
  seat after the dealer plays first. [#players-and-cards]
* Three cards each and four face up on the table; when every hand is empty and stock is
  left, three more each, starting after the dealer, and none to the table. With three or
  four kings among the four opening table cards the same dealer deals again. [#the-deal]
* Capture values: ace 1, two to seven as printed, jack 8, queen 9, king 10. [#capture-values]
* Play one card. If a table card has the same value you must take one such card (your choice
  which); only if none matches may you take a set of table cards whose values add up to the
  card's value (your choice of set). Taking is compulsory when the card can take; otherwise
  it stays on the table. [#capturing]
* A capture that clears the table is a scopa, one point, except on the last play of the
  deal. [#scopa-sweeps] At the end the cards left on the table go to the last player who
  captured, with no scopa. [#end-of-the-deal]
* One point each for most cards, most diamonds, the seven of diamonds (settebello) and the
  best primiera; a tie gives nobody that point. [#scoring-a-deal] Primiera needs a card of
  every suit: the best card of each suit counts 7 = 21, 6 = 18, ace 16, 5 15, 4 14, 3 13,
  2 12, courts 10, and the four are added. [#primiera]
* After a deal, a side with at least 11 and the unique highest total wins; ties for the lead
  play on, and the dealer moves one seat on. [#winning-the-match]

A record gives ``players``, ``dealer``, ``hands`` (three cards each, in seat order),
``table`` (four cards) and ``stock`` (the rest, top first), and optionally ``totals`` (per
side, before this deal) and ``deal`` (its number in the match): that is one deal. Or it
gives a ``seed`` (with ``players`` and optionally ``dealer``, else drawn from the seed): a
whole match, each deal shuffled from the same ``random.Random(seed)``; the hands are dealt
three each in playing order from the top of the shuffled pack, then four to the table (a
shuffle with three or four kings there is shuffled again). ``one_deal = true`` stops a
seeded game after its first deal. Given cards are one deal, unless ``one_deal = false``: then
the match goes on after it, each later deal shuffled from a secret seed the engine draws
itself (:mod:`engine.entropy`), which no record names (the record of a game redealt for a
seat, :meth:`Scopa.redeal_unseen`).

Actions are written ``"7D x 3C 4S"`` (the card played, ``x``, the cards it takes) or
``"7D"`` (nothing taken). The id of an action is ``card << 40 | mask of the cards taken``,
the same id for the same text in any state.

>>> game = Scopa.from_setup({"seed": 3, "players": 2})
>>> game.observation(0)["stock_size"], len(game.observation(0)["table"])
(30, 4)
"""

from __future__ import annotations

import random
import re
from itertools import combinations
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .cards import CARD_BY_TEXT, CARD_TEXT, CARDS, PRIMIERA, Card, CardError, indices_of
from .dealing import SetupReader
from .gameinfo import MATCH_CHANCE, WHOLE_DEAL, DemoShows, GameInfo, Grades, RuleAnchor
from .i18n import _
from .match import MatchGame
from .scopa_table import ScopaTable
from .table import capital
from .protocol import JSON, ActionSyntaxError, IllegalAction, Names, SetupError, is_int

if TYPE_CHECKING:
    from .shapes import Explanation, ScopaDeal, ScopaObservation, ScopaPlay, ScopaResult

WINNING_TOTAL = 11
MATCH_BONUS = 11
"""What winning the match adds to :meth:`Scopa.returns` (and losing it takes away)."""
HAND_SIZE = 3
TABLE_SIZE = 4
CARD_BITS = 40
CAPTURE_MASK = (1 << CARD_BITS) - 1
SEVEN_OF_DIAMONDS = CARD_BY_TEXT["7D"]
DIAMONDS = ((1 << 10) - 1) << 10

VALUE = tuple(c % 10 + 1 for c in range(40))
"""Capture value by card index: ace 1 ... king 10."""
VALUE_MASK = (0,) + tuple(sum(1 << (s * 10 + v - 1) for s in range(4)) for v in range(1, 11))
"""The four cards of each capture value, as bitmasks (index 1..10)."""
BEST_PRIMIERA = tuple(max((PRIMIERA[r] for r in range(10) if m >> r & 1), default=0)
                      for m in range(1 << 10))
"""The primiera value of a suit's best card, by the 10-bit mask of the suit's cards held."""


def _sort_key(card: int) -> tuple[int, int]:
    """Cards are shown by capture value, then suit: 3C 4S 7D."""
    return (card % 10, card // 10)


def _partitions(total: int, largest: int) -> list[list[tuple[int, int]]]:
    """Ways to write ``total`` as a sum of values <= ``largest`` (each used at most four
    times), as lists of (value, how many)."""
    if total == 0:
        return [[]]
    out = []
    for value in range(min(total, largest), 0, -1):
        for count in range(1, 5):
            if value * count > total:
                break
            for rest in _partitions(total - value * count, value - 1):
                out.append([(value, count)] + rest)
    return out


SUM_SETS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (((),),) + tuple(
    tuple(tuple(p) for p in _partitions(v, v - 1)) for v in range(1, 11))
"""For each value 1..10, the value patterns of two or more cards adding up to it."""

_COMBOS: dict[tuple[int, int], list[int]] = {}


def _combos(available: int, count: int) -> list[int]:
    """The ways to choose ``count`` cards among the bitmask ``available``, as bitmasks."""
    key = (available, count)
    found = _COMBOS.get(key)
    if found is None:
        bits = [1 << c for c in range(40) if available >> c & 1]
        found = [sum(group) for group in combinations(bits, count)]
        _COMBOS[key] = found
    return found


def capture_options(card: int, table: int) -> list[int]:
    """The sets (bitmasks, ascending) that ``card`` may take from ``table``: each single card
    of the same value if there is one, else every set adding up to its value; [] if none.

    Works from the table alone (for bots and messages); a game in progress keeps the sums of
    its table up to date instead (:attr:`Scopa.sums`), which is faster in playouts."""
    value = VALUE[card]
    same = table & VALUE_MASK[value]
    if same:
        return _singles(same)
    if table & (table - 1) == 0:  # zero or one card: no sum
        return []
    out = []
    for pattern in SUM_SETS[value]:
        choices = [0]
        for part, count in pattern:
            available = table & VALUE_MASK[part]
            if available.bit_count() < count:
                break
            options = _combos(available, count)
            choices = [a | b for a in choices for b in options]
        else:
            out.extend(choices)
    out.sort()
    return out


def _singles(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _table_sums(table: int) -> list[list[int]]:
    """Every set of table cards whose values add up to 10 or less, by sum (index 0..10)."""
    sums: list[list[int]] = [[0]] + [[] for _ in range(10)]
    for card in _singles(table):
        _add_to_sums(sums, card.bit_length() - 1)
    return sums


def _add_to_sums(sums: list[list[int]], card: int) -> None:
    value = VALUE[card]
    bit = 1 << card
    for total in range(10 - value, -1, -1):
        found = sums[total]
        if found:
            sums[total + value] = sums[total + value] + [m | bit for m in found]


def _texts(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _words(cards: list[int]) -> str:
    """'3C and 4S', 'AC, 2D and 4S'."""
    return _listed([CARD_TEXT[c] for c in cards])


def _names(cards: list[int]) -> str:
    return _listed([CARDS[c].the for c in cards])


def _listed(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' ('a, b e c')."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _cards_of(mask: int) -> list[int]:
    """The cards of a mask as Scopa shows them (by capture value, then suit)."""
    return sorted(indices_of(mask), key=_sort_key)


def _rank_word(card: int) -> str:
    return CARDS[card].rank.word


def _rank_after(card: int) -> str:
    """The rank after "matches": 'the seven'; in Italian the article apart ("corrisponde al
    sette" is the translation's to say: it gets the rank with its article)."""
    return CARDS[card].rank.the


def _or_words(items: list[str]) -> str:
    """'3C or 4S', '3C or 4S or 5D' ('3C o 4S')."""
    return _(" or ").join(items)


def score_deal(captured: list[int], scope: list[int]) -> dict[str, JSON]:
    """A deal's score from each side's captured cards (bitmasks) and scope: one point each
    for most cards, most diamonds, the settebello and the best primiera (a tie: nobody),
    plus one a scopa."""
    sides = len(captured)

    def unique_best(values: Sequence[int | None]) -> int | None:
        present = [v for v in values if v is not None]
        if not present:
            return None
        best = max(present)
        winners = [s for s in range(sides) if values[s] == best]
        return winners[0] if len(winners) == 1 else None

    card_counts = [m.bit_count() for m in captured]
    diamond_counts = [(m & DIAMONDS).bit_count() for m in captured]
    settebello = next((s for s in range(sides) if captured[s] >> SEVEN_OF_DIAMONDS & 1), None)
    sums: list[int | None] = []
    for m in captured:
        bests = [BEST_PRIMIERA[(m >> (10 * s)) & 1023] for s in range(4)]
        sums.append(sum(bests) if all(bests) else None)
    cards = unique_best(card_counts)
    diamonds = unique_best(diamond_counts)
    primiera = unique_best(sums)
    points = list(scope)
    for winner in (cards, diamonds, settebello, primiera):
        if winner is not None:
            points[winner] += 1
    return {"scope": list(scope), "cards": cards, "card_counts": card_counts,
            "diamonds": diamonds, "diamond_counts": diamond_counts,
            "settebello": settebello, "primiera": primiera, "primiera_sums": sums,
            "points": points}


def match_winner(totals: list[int]) -> int | None:
    """The side with at least 11 and the unique highest total, else None (play on)."""
    best = max(totals)
    if best < WINNING_TOTAL or totals.count(best) > 1:
        return None
    return totals.index(best)


class Scopa(ScopaTable, MatchGame):
    """A Scopa deal (explicit cards) or match (seeded) in progress."""

    name = "scopa"
    min_players = 2
    max_players = 4
    info = GameInfo(
        name=name, title="Scopa", players=tuple(range(min_players, max_players + 1)),
        default_players=2,
        players_words="two, three or four players", partners_at=(4,), team_names=(),
        match_target=WINNING_TOTAL, hand_size=HAND_SIZE, trick_taking=False, tricks_per_deal=0,
        last_trick_bonus=0, deal_win_points=None,
        grades=Grades("points", best=0.1, good=0.25, mistake=0.5), review_samples=400,
        play_rule=RuleAnchor("capturing", "Capturing"),
        demo_shows=(WHOLE_DEAL,
                    DemoShows("kind", "sum", "never captures by a sum: let a card take two or "
                              "more table cards that add up to its value"),
                    DemoShows("scopa", True, "never sweeps the table: let a capture take every "
                              "card on it (a scopa)")),
        match_bonus=MATCH_BONUS, match_grades=MATCH_CHANCE)
    WINNING_TOTAL = WINNING_TOTAL

    playthrough_setups: ClassVar[list[dict[str, JSON]]] = [
        {"label": "two-players", "setup": {"seed": 1, "players": 2, "one_deal": True},
         "policy_seed": 1},
        {"label": "three-players", "setup": {"seed": 2, "players": 3, "one_deal": True},
         "policy_seed": 2},
        {"label": "four-players", "setup": {"seed": 3, "players": 4, "one_deal": True},
         "policy_seed": 3},
        {"label": "match-won", "setup": {"seed": 5, "players": 2, "one_deal": True,
                                         "deal": 7, "totals": [9, 8]}, "policy_seed": 5},
        {"label": "tied-at-eleven", "setup": {"seed": 7, "players": 2, "one_deal": True,
                                              "deal": 7, "totals": [9, 8]}, "policy_seed": 7},
    ]
    """The golden playthroughs (engine/playthrough.py): one deal at each table size, a deal
    that wins the match 11 to 10, and one that ends 11 to 11, a tie for the lead (no winner:
    the match would play on)."""

    CARD_FIELDS = ("hands", "table", "stock")

    hands: list[list[int]]
    table: int
    """The table's cards, a mask (bit i: card index i)."""
    captured: list[int]
    """Per side, the cards it has captured this deal (masks)."""
    scope: list[int]
    """Per side, its scope (sweeps) this deal."""
    last_capturer: int | None
    player: int
    plays: list[tuple[int, int, int, bool]]
    """This deal's plays: (seat, card, mask taken, scopa)."""

    def _seat(self, players: int) -> None:
        """The table's seats and sides, before anything is dealt."""
        self.num_players = players
        self.sides = 2 if players == 4 else players
        """How many sides score: the players, or two partnerships of four."""
        self.side_of = [s % self.sides for s in range(players)]
        self._finished: list[tuple[Any, ...]] = []
        """Each finished deal: number, dealer, plays, leftovers, who took them, score, totals."""
        self.over = False

    def _start_deal(self, hands: list[list[int]], table: list[int], stock: list[int]) -> None:
        self._dealt = (hands, table, stock)
        """The deal's cards as dealt (never changed in place), for its record."""
        self._deal_start = len(self.actions)
        self.hands = [sorted(h) for h in hands]
        self.table = sum(1 << c for c in table)
        self.sums = _table_sums(self.table)
        """Every set of table cards adding up to 10 or less, by sum: the captures by sum."""
        self.stock = stock
        self.drawn = 0
        self.captured = [0] * self.sides
        self.scope = [0] * self.sides
        self.last_capturer = None
        self.player = (self.dealer + 1) % self.num_players
        self.plays = []

    def _deal_from(self, rng: random.Random) -> None:
        """Shuffle and deal (again while three or four kings would lie on the table)."""
        n = self.num_players
        while True:
            pack = list(range(40))
            rng.shuffle(pack)
            table = pack[3 * n:3 * n + TABLE_SIZE]
            if sum(1 for c in table if c % 10 == 9) < 3:
                break
        self._keep_rng(rng)
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(self.dealer + 1 + k) % n] = pack[3 * k:3 * k + 3]
        self._start_deal(hands, table, pack[3 * n + TABLE_SIZE:])

    # ---- building -------------------------------------------------------------------------

    @classmethod
    def from_setup(cls, setup: dict[str, JSON]) -> Self:
        read = SetupReader(setup, "Scopa")
        read.only(("seed", "players", "dealer", "totals", "deal", "one_deal", *cls.CARD_FIELDS))
        players = read.players((2, 3, 4), 2 if "seed" in setup else None)
        game = cls.__new__(cls)
        game._seat(players)
        per = ("partnership (seats i and i + 2 together)" if players == 4 else
               "player (in seat order)")
        rng = game._begin(read, players, game.sides, per)
        if rng is not None:
            game._setup = {k: setup[k] for k in ("seed", "players", "dealer", "totals", "deal",
                                                 "one_deal") if k in setup}
            game._deal_from(rng)
            return game
        hands = read.hands(players, HAND_SIZE)
        table = read.cards("table", TABLE_SIZE, "the table has four cards face up")
        stock_size = 40 - HAND_SIZE * players - TABLE_SIZE
        stock = read.cards("stock", stock_size, f"the stock has the other {stock_size} cards "
                           f"of the pack with {players} players, top first")
        kings = sum(1 for c in table if c % 10 == 9)
        if kings >= 3:
            count = "three" if kings == 3 else "four"
            raise SetupError("table", f"{count} kings among the four table cards: with three "
                             "or four kings on the table the same dealer deals again, so this "
                             "deal is never played")
        game._setup = {k: setup[k] for k in ("players", "dealer") if k in setup}
        game._setup.update(hands=[_texts(h) for h in hands], table=_texts(table),
                           stock=_texts(stock))
        for k in ("totals", "deal"):
            if k in setup:
                game._setup[k] = setup[k]
        if game.continues():
            game._setup["one_deal"] = False
        game._start_deal(hands, table, stock)
        return game

    # ---- the fast face --------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self.over else self.player

    def is_over(self) -> bool:
        return self.over

    def legal_action_ids(self) -> list[int]:
        if self.over:
            return []
        table = self.table
        sums = self.sums
        out = []
        for card in self.hands[self.player]:
            base = card << CARD_BITS
            value = VALUE[card]
            same = table & VALUE_MASK[value]
            if same:
                while same:
                    low = same & -same
                    out.append(base | low)
                    same ^= low
            else:
                options = sums[value]
                if options:
                    if len(options) > 1:
                        options = sorted(options)
                    out.extend([base | m for m in options])
                else:
                    out.append(base)
        return out

    def apply_id(self, action: int) -> None:
        card = action >> CARD_BITS
        taken = action & CAPTURE_MASK
        seat = self.player
        hand = self.hands[seat]
        hand.remove(card)
        self.actions.append(action)
        n = self.num_players
        sweep = False
        if taken:
            side = self.side_of[seat]
            table = self.table ^ taken
            self.table = table
            if table:
                self.sums = [[m for m in found if not m & taken] if found else found
                             for found in self.sums]
            else:
                self.sums = [[0], [], [], [], [], [], [], [], [], [], []]
            self.captured[side] |= taken | (1 << card)
            self.last_capturer = seat
            if not table and not (seat == self.dealer and not hand and
                                  self.drawn == len(self.stock)):
                self.scope[side] += 1
                sweep = True
        else:
            self.table |= 1 << card
            _add_to_sums(self.sums, card)
        self.plays.append((seat, card, taken, sweep))
        nxt = seat + 1 if seat + 1 < n else 0
        self.player = nxt
        if self.hands[nxt]:
            return
        if self.drawn < len(self.stock):
            stock = self.stock
            k = self.drawn
            for i in range(1, n + 1):
                s = (self.dealer + i) % n
                h = stock[k:k + 3]
                h.sort()
                self.hands[s] = h
                k += 3
            self.drawn = k
            return
        self._end_deal()

    def _end_deal(self) -> None:
        self._log_deal(self._dealt)
        leftovers = self.table
        if leftovers and self.last_capturer is not None:
            self.captured[self.side_of[self.last_capturer]] |= leftovers
            self.table = 0
            self.sums = _table_sums(0)
        score = score_deal(self.captured, self.scope)
        totals = tuple(t + p for t, p in zip(self.totals, score["points"]))
        self._finished.append((self.deal, self.dealer, self.plays, leftovers,
                               self.last_capturer if leftovers else None, score, list(totals)))
        self.winner = match_winner(list(totals))
        if self.winner is not None or self._rng_state is None:
            self.totals = totals
            self.over = True
            return
        self._next_deal(totals)
        self._deal_from(self._rng())

    def clone(self) -> Self:
        new = object.__new__(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        new.actions = self.actions[:]
        new._finished = self._finished[:]
        new.hands = [h[:] for h in self.hands]
        new.captured = self.captured[:]
        new.scope = self.scope[:]
        new.plays = self.plays[:]
        new.sums = self.sums[:]  # the inner lists are replaced, never changed in place
        new._deal_log = self._deal_log[:]
        return new

    def returns(self) -> list[float]:
        """Per seat: its side's match total plus the deal in progress (scored as if it ended
        now) minus the best other side's, plus or minus MATCH_BONUS once the match is won.
        The totals before a deal are a constant for its playouts, so comparing returns is
        comparing deal points."""
        score: Sequence[int]
        if self.over:
            score = self.totals
        else:
            provisional = score_deal(self.captured, self.scope)["points"]
            score = [t + p for t, p in zip(self.totals, provisional)]
        out = []
        for seat in range(self.num_players):
            side = self.side_of[seat]
            other = max(score[s] for s in range(self.sides) if s != side)
            value = float(score[side] - other)
            if self.winner is not None:
                value += MATCH_BONUS if self.winner == side else -MATCH_BONUS
            out.append(value)
        return out

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal what ``seat`` cannot see (the other hands and the stock), keeping sizes;
        in a seeded match the later deals are reshuffled from ``rng`` too."""
        new = self.clone()
        if seat is None or self.over:
            return new
        others = [s for s in range(self.num_players) if s != seat]
        pool = [c for s in others for c in self.hands[s]] + self.stock[self.drawn:]
        pool.sort()  # the result must not depend on the hidden cards' order, only on the rng
        rng.shuffle(pool)
        k = 0
        for s in others:
            size = len(self.hands[s])
            new.hands[s] = sorted(pool[k:k + size])
            k += size
        new.stock = self.stock[:self.drawn] + pool[k:]
        if self._rng_state is not None:
            new._rng_state = random.Random(rng.getrandbits(64)).getstate()
        return new

    # ---- the seat-scoped face -------------------------------------------------------------

    def redeal_unseen(self, seat: int, rng: random.Random) -> Self:
        """This deal as ``seat`` has seen it, the other hands and the stock dealt afresh.

        Hands are filled only once every hand is empty, so the cards a seat played in each
        round of three are the three it was dealt then: only the other seats' cards of the
        round in play and the stock not yet dealt are unseen, and they are shuffled together
        (sorted first: the result depends on the rng alone). The record is this deal's cards
        as dealt, with its number, dealer and totals; a match deals on from a fresh secret
        seed."""
        n = self.num_players
        if not (is_int(seat) and 0 <= seat < n):
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        hands, table, stock = self._dealt
        per_round = HAND_SIZE * n
        rounds: list[list[list[int]]] = [[[] for _ in range(n)]
                                         for _ in range(1 + len(stock) // per_round)]
        for p, (who, card, _, _) in enumerate(self.plays):
            rounds[p // per_round][who].append(card)
        now = len(self.plays) // per_round
        others = [s for s in range(n) if s != seat]
        pool = sorted([c for s in others for c in self.hands[s]] + stock[self.drawn:])
        rng.shuffle(pool)
        if now < len(rounds):
            for s in others:
                size = len(self.hands[s])
                rounds[now][s] += pool[:size]
                del pool[:size]
        new_hands = [hands[s][:] if s == seat else rounds[0][s] for s in range(n)]
        new_stock = stock[:self.drawn]
        for r in range(1, now + 1 if now < len(rounds) else len(rounds)):
            start = (r - 1) * per_round
            for k in range(n):
                s = (self.dealer + 1 + k) % n
                if s != seat:
                    new_stock[start + HAND_SIZE * k:start + HAND_SIZE * (k + 1)] = sorted(rounds[r][s])
        new_stock += pool
        before = self._deal_log[-1][2] if self.over else self.totals
        setup: dict[str, JSON] = {
            "players": n, "dealer": self.dealer, "hands": [_texts(sorted(h)) for h in new_hands],
            "table": _texts(table), "stock": _texts(new_stock), "deal": self.deal,
            "totals": list(before)}
        return self._replay_redealt(setup, rng, self._rng_state is not None and not self.over)

    def _deal_fields(self, dealer: int, cards: Any) -> dict[str, JSON]:
        hands, table, stock = cards
        return {"players": self.num_players, "dealer": dealer, "hands": [_texts(h) for h in hands],
                "table": _texts(table), "stock": _texts(stock)}

    # ---- actions as text ------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        card = action >> CARD_BITS
        taken = action & CAPTURE_MASK
        if not taken:
            return CARD_TEXT[card]
        return CARD_TEXT[card] + " x " + " ".join(CARD_TEXT[c] for c in _cards_of(taken))

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise ActionSyntaxError(_("{text} is not an action: write '7D x 3C 4S' or '7D'").format(
                text=repr(text)))
        clean = re.sub(r"[\s,+&]", "", text.upper())
        played, cross, rest = clean.partition("X")
        if "X" in rest:
            raise ActionSyntaxError(_("{text}: write the card, then x, then the cards it takes, "
                                      "such as '7D x 3C 4S'").format(text=repr(text)))
        if cross and not rest:
            raise ActionSyntaxError(_("{text}: name the cards taken after x, or write the card "
                                      "alone when it takes nothing").format(text=repr(text)))
        if len(played) != 2 or len(rest) % 2:
            raise ActionSyntaxError(_("{text} is not an action: write the card played, then x and "
                                      "the cards it takes, such as '7D x 3C 4S', or the card "
                                      "alone, such as '7D'").format(text=repr(text)))
        try:
            card = Card.parse(played).index
            taken = 0
            for i in range(0, len(rest), 2):
                c = Card.parse(rest[i:i + 2]).index
                if c == card:
                    raise ActionSyntaxError(_("{text}: a card cannot take itself").format(
                        text=repr(text)))
                if taken >> c & 1:
                    raise ActionSyntaxError(_("{text}: {code} is named twice").format(
                        text=repr(text), code=CARD_TEXT[c]))
                taken |= 1 << c
        except CardError as err:
            raise ActionSyntaxError(f"{text!r}: {err}") from None
        return card << CARD_BITS | taken

    def check_action(self, action: int) -> None:
        card = action >> CARD_BITS
        taken = action & CAPTURE_MASK
        text = self.action_to_string(action)
        seat = self.player
        if self.over:
            raise IllegalAction(text, None, _("the match is over: no more cards are played"),
                                "winning-the-match")

        def illegal(rule: str, anchor: str) -> IllegalAction:
            return IllegalAction(text, seat, rule, anchor)

        hand = self.hands[seat]
        if card not in hand:
            held = ", ".join(CARD_TEXT[c] for c in sorted(hand, key=_sort_key))
            raise illegal(_("{card} is not in your hand: play one of your cards ({hand})").format(
                hand=held, **CARDS[card].forms()), "capturing")
        word = CARDS[card].rank.the
        value = VALUE[card]
        missing = taken & ~self.table
        if missing:
            cards = _cards_of(missing)
            raise illegal((_("{cards} is not on the table: a card takes only table cards")
                           if len(cards) == 1 else
                           _("{cards} are not on the table: a card takes only table cards")).format(
                cards=_words(cards)), "capturing")
        same = self.table & VALUE_MASK[value]
        if same:
            if taken and taken & (taken - 1) == 0 and taken & same:
                return
            choices = _or_words([CARD_TEXT[c] for c in _cards_of(same)])
            if not taken:
                raise illegal(_("capturing is compulsory: {rank} can take {choices}").format(
                    rank=word, choices=choices), "capturing")
            if taken & ~same == 0:
                raise illegal(_("{rank} takes one table card of the same value, not {n}: take "
                                "{choices}").format(rank=word, n=taken.bit_count(), choices=choices),
                              "capturing")
            raise illegal(_("a table card matches {rank}: you must take it (a single card of the "
                            "same value comes before any sum)").format(rank=_rank_after(card)),
                          "capturing")
        if not taken:
            options = capture_options(card, self.table)
            if options:
                shown = _or_words([" + ".join(CARD_TEXT[c] for c in _cards_of(m))
                                   for m in options[:3]])
                rule = (_("capturing is compulsory: {rank} can take {choices} or another set")
                        if len(options) > 3 else _("capturing is compulsory: {rank} can take {choices}"))
                raise illegal(rule.format(rank=word, choices=shown), "capturing")
            return
        cards = _cards_of(taken)
        total = sum(VALUE[c] for c in cards)
        if total != value:
            if len(cards) == 1:
                raise illegal(_("{code} is worth {total}, not {value}: a card takes a card of the "
                                "same value or a set adding up to its value").format(
                    code=CARD_TEXT[cards[0]], total=total, value=value), "capture-values")
            raise illegal(_("{cards} add up to {total}, not {value}").format(
                cards=_words(cards), total=total, value=value), "capture-values")

    # ---- the checked face -----------------------------------------------------------------

    # ---- what a playout reads: hand(), stock_left(), is_last_play() and the public
    # table, captured (per side, masks), scope, last_capturer, side_of, dealer, totals ----

    def hand(self, seat: int) -> list[int]:
        """The seat's cards, ascending card indices (a new list)."""
        return self.hands[seat][:]

    def stock_left(self) -> list[int]:
        """The cards still to deal, top first (three each, from the seat after the dealer,
        once every hand is empty)."""
        return self.stock[self.drawn:]

    def is_last_play(self) -> bool:
        """Whether the card to play now is the deal's last (no scopa on it)."""
        return self.player == self.dealer and len(self.hands[self.player]) == 1 and \
            self.drawn == len(self.stock)

    @property
    def stock_size(self) -> int:
        return len(self.stock) - self.drawn

    @staticmethod
    def _plays_json(plays: list[tuple[int, int, int, bool]]) -> list[ScopaPlay]:
        return [{"seat": seat, "card": CARD_TEXT[card],
                 "captured": [CARD_TEXT[c] for c in _cards_of(taken)], "scopa": sweep}
                for seat, card, taken, sweep in plays]

    @property
    def deals(self) -> list[ScopaDeal]:
        """Each finished deal's plays and score breakdown: ``scope`` per side; ``cards``,
        ``diamonds``, ``settebello``, ``primiera`` (the side that won the point, or None);
        ``card_counts``, ``diamond_counts``, ``primiera_sums`` (None without every suit);
        ``points`` per side; ``leftovers`` and the ``totals`` after it."""
        out: list[ScopaDeal] = []
        for deal, dealer, plays, leftovers, to, score, totals in self._finished:
            out.append({  # type: ignore[typeddict-item]
                "deal": deal, "dealer": dealer, "plays": self._plays_json(plays),
                "leftovers": {"cards": [CARD_TEXT[c] for c in _cards_of(leftovers)], "to": to},
                **score, "scope": list(score["scope"]), "points": list(score["points"]),
                "totals": list(totals),
            })
        return out

    def side_seats(self) -> list[list[int]]:
        return [[s for s in range(self.num_players) if self.side_of[s] == side]
                for side in range(self.sides)]

    def observation(self, seat: int | None) -> ScopaObservation:
        """What ``seat`` may know: its own hand, the other hands' sizes, the table, the stock's
        size, every side's captured cards (captures are public) and scope, this deal's plays,
        the finished deals' breakdowns and the match totals. ``None`` sees every hand."""
        if seat is not None and seat not in range(self.num_players):
            raise ValueError(f"seat must be 0..{self.num_players - 1} or None, not {seat!r}")
        hands: list[list[str] | None] = []
        for s in range(self.num_players):
            if seat is None or s == seat:
                hands.append([CARD_TEXT[c] for c in sorted(self.hands[s], key=_sort_key)])
            else:
                hands.append(None)
        current = None if self.over else self.player
        return {
            "game": self.name,
            "seat": seat,
            "players": self.num_players,
            "num_players": self.num_players,
            "sides": self.side_seats(),
            "side": None if seat is None else self.side_of[seat],
            "deal": self.deal,
            "dealer": self.dealer,
            "hands": hands,
            "hand_sizes": [len(h) for h in self.hands],
            "table": [CARD_TEXT[c] for c in _cards_of(self.table)],
            "stock_size": self.stock_size,
            "captured": [[CARD_TEXT[c] for c in _cards_of(m)] for m in self.captured],
            "captured_counts": [m.bit_count() for m in self.captured],
            "scope": list(self.scope),
            "last_capturer": self.last_capturer,
            "plays": self._plays_json(self.plays),
            "current_player": current,
            "legal_actions": (self.legal_actions() if current is not None and
                              seat in (None, current) else []),
            "totals": list(self.totals),
            "deals": self.deals,
            "over": self.over,
            "winner": self.winner,
            "result": self.result(),
        }

    def result(self) -> ScopaResult | None:
        if not self.over:
            return None
        return {"totals": list(self.totals), "winner": self.winner,
                "deals": len(self._finished), "last_deal": self.deals[-1]}

    def summary(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "game": self.name, "players": self.num_players, "sides": self.side_seats(),
            "deals": self.deals, "totals": list(self.totals), "winner": self.winner,
        }
        if not self.over:
            out["deal_in_progress"] = {
                "deal": self.deal, "dealer": self.dealer, "plays": self._plays_json(self.plays),
                "table": [CARD_TEXT[c] for c in _cards_of(self.table)],
                "scope": list(self.scope), "stock_size": self.stock_size,
            }
        return out

    def explain_legal(self, action_id: int, viewer: int | None, private: bool,
                      names: Names) -> Explanation:
        """What ``action`` takes and why (a match, a sum or nothing), whether it is a scopa,
        the other choices with the same card, and a sentence or two of ``text``. Every fact
        of a legal play is on the table once the card is down, so every ``viewer`` hears
        them."""
        card = action_id >> CARD_BITS
        taken = action_id & CAPTURE_MASK
        seat = self.player
        cards = _cards_of(taken)
        value = VALUE[card]
        last_play = self.is_last_play()
        clears = bool(taken) and taken == self.table
        scopa = clears and not last_play
        kind = "none" if not taken else ("match" if len(cards) == 1 else "sum")
        alternatives = [self.action_to_string(a) for a in self.legal_action_ids()
                        if a >> CARD_BITS == card and a != action_id]
        name = CARDS[card].name
        the_card = capital(CARDS[card].the)
        anchors = ["capturing"]
        if kind == "none":
            text = _("No table card has the value {value} and no set adds up to {value}, so {card} "
                     "stays on the table.").format(value=value, **CARDS[card].forms())
        elif kind == "match":
            text = _("{Card} takes {taken}: a table card of the same value is taken, one card "
                     "only.").format(Card=the_card, taken=_names(cards))
        else:
            sums = " + ".join(str(VALUE[c]) for c in cards)
            text = _("{Card} takes {taken}: {sum} = {value}, and no single table card has the "
                     "value {value}.").format(Card=the_card, taken=_names(cards), sum=sums,
                                              value=value)
            anchors.append("capture-values")
        if scopa:
            text += " " + _("That clears the table: a scopa, one point.")
            anchors.append("scopa-sweeps")
        elif clears:
            text += " " + _("That clears the table on the last play of the deal, which is not a "
                            "scopa.")
            anchors.append("scopa-sweeps")
        taking = taken | (1 << card) if taken else 0
        if taking >> SEVEN_OF_DIAMONDS & 1:
            text += " " + _("{Card} (settebello) is worth a point.").format(
                Card=capital(CARDS[SEVEN_OF_DIAMONDS].the))
            anchors.append("scoring-a-deal")
        if alternatives:
            text += " " + _("Other choices with this card: {choices}.").format(
                choices=", ".join(alternatives))
        return {
            "action": self.action_to_string(action_id), "legal": True, "seat": seat,
            "side": self.side_of[seat], "card": CARD_TEXT[card], "card_name": name,
            "value": value, "kind": kind, "captured": [CARD_TEXT[c] for c in cards],
            "cards_taken": taking.bit_count(),
            "diamonds_taken": (taking & DIAMONDS).bit_count(),
            "settebello": bool(taking >> SEVEN_OF_DIAMONDS & 1),
            "clears_table": clears, "scopa": scopa, "last_play": last_play,
            "points": 1 if scopa else 0,
            "alternatives": alternatives, "anchor": "capturing", "anchors": anchors,
            "text": text,
        }
