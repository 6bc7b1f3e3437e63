"""Briscola: two players, one deal of forty cards, 120 card points.

The rules, as the site's briscola page states them (section anchors in brackets):

* Three cards each; the next card is turned face up, sets the trump suit and lies under the
  stock, so it is the last card drawn. The opening player is chosen at random (from the
  seed) or given. [#the-deal]
* Any hand card may be played: there is no duty to follow suit or to trump. The highest
  trump wins the trick; if no trump is played, the highest card of the suit led. A card of
  another suit never beats the lead. Strength A 3 K Q J 7 6 5 4 2. [#playing-a-trick]
* The winner draws first, the other player next, and the winner leads. Once the stock (and
  the turned card) is gone the hands are played out. [#drawing]
* Card points: ace 11, three 10, king 4, queen 3, jack 2; 120 in all, no bonus for the last
  trick. The higher total wins; 60-60 is a draw. [#card-points] [#scoring-and-ending]

A record gives ``hands`` ([[3 cards], [3 cards]]), ``turned`` (the face-up trump card),
``stock`` (the 33 face-down cards, top first) and ``leader`` (0 or 1); or a ``seed``, from
which ``random.Random(seed)`` shuffles the pack (seat 0's three cards, seat 1's three, the
turned card, then the stock from the top) and then picks the leader.

Action ids are card indices (:mod:`engine.cards`); action text is the card, ``"KC"``.

>>> game = Briscola.from_setup({"seed": 7})
>>> len(game.legal_actions()), game.observation(0)["stock_size"]
(3, 33)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

from .cards import CARD_TEXT, CARDS, POINTS, SUIT_OF
from .dealing import SetupReader
from .gameinfo import WHOLE_DEAL, DemoShows, GameInfo, Grades, RuleAnchor
from .i18n import _
from .i18n import points as i18n_points
from .table import capital
from .protocol import JSON, IllegalAction, Names, is_int
from .briscola_table import BriscolaTable
from .tricks import POWER, TrickGame, card_action, points_words

if TYPE_CHECKING:
    from .shapes import BriscolaObservation, BriscolaResult, Explanation

HAND_SIZE = 3
STOCK_SIZE = 40 - 2 * HAND_SIZE - 1
"""The 33 face-down cards; the turned card lies under them."""
CARDS_FIELDS = ("hands", "turned", "stock")
PACK_POINTS = 120
"""The card points in the pack (more than half of them wins the deal)."""
RULE_SCORING = "scoring-and-ending"


class Briscola(BriscolaTable):
    """A deal of Briscola in progress. Seats are 0 and 1, each its own side."""

    name = "briscola"
    min_players = 2
    max_players = 2
    info = GameInfo(
        name=name, title="Briscola", players=(2,), default_players=2,
        players_words="two players", partners_at=(), team_names=(), match_target=None,
        hand_size=HAND_SIZE, trick_taking=True,
        tricks_per_deal=40 // 2, last_trick_bonus=0, deal_win_points=PACK_POINTS // 2 + 1,
        grades=Grades("card points", best=1.5, good=4.0, mistake=8.0), review_samples=1000,
        play_rule=RuleAnchor(TrickGame.RULE_TRICK, "Playing a trick"),
        demo_shows=(WHOLE_DEAL,
                    DemoShows("kind", "trump", "never trumps a trick of another suit: let a seat "
                              "answer a lead with a trump")))
    SIDE_OF = (0, 1)
    SIDES = ((0,), (1,))
    PACK_POINTS = PACK_POINTS
    RULE_SCORING = RULE_SCORING

    __slots__ = (
        "num_players", "actions", "hands", "deck", "drawn", "trump", "turned", "leader",
        "player", "trick", "tricks", "points", "won", "_seed", "_setup_leader",
        "turned_holder", "_start_hands",
    )

    def __init__(self, hands: list[list[int]], turned: int, stock: list[int], leader: int,
                 seed: int | None = None):
        self.num_players = 2
        self.actions: list[int] = []
        self.hands: list[list[int]] = [sorted(h) for h in hands]
        """Each seat's hand as sorted card indices."""
        self.deck: list[int] = list(stock) + [turned]
        """Cards still to draw, top first: the stock, then the turned card last."""
        self.drawn = 0
        """How many cards of ``deck`` have been drawn."""
        self.turned = turned
        self.trump = SUIT_OF[turned]
        self.turned_holder: int | None = None
        """The seat that drew the turned card (public), None while it lies under the stock."""
        self.leader = leader
        self.player = leader
        self.trick: list[int] = []
        self.tricks: list[tuple[int, list[int], int, int]] = []
        self.points = [0, 0]
        self.won = [0, 0]
        """Cards won by each seat, as bitmasks."""
        self._seed = seed
        self._setup_leader = leader
        self._start_hands = [h[:] for h in self.hands]

    # ---- building -------------------------------------------------------------------------

    @classmethod
    def from_setup(cls, setup: dict[str, JSON]) -> Self:
        read = SetupReader(setup, "Briscola")
        read.players((2,), 2)
        seed = read.seed(CARDS_FIELDS)
        leader = read.seat("leader", 2)
        if seed is not None:
            read.only(("seed", "players", "leader"))
            rng = random.Random(seed)
            pack = list(range(40))
            rng.shuffle(pack)
            drawn_leader = rng.randrange(2)
            game = cls([pack[0:3], pack[3:6]], pack[6], pack[7:], drawn_leader, seed)
            if leader is not None:  # a seeded deal with the opening player given
                game.leader = game.player = game._setup_leader = leader
            return game
        read.only(("players", *CARDS_FIELDS, "leader"))
        hands = read.hands(2, HAND_SIZE)
        turned = read.card(read.need("turned"), "turned")
        stock = read.cards("stock", STOCK_SIZE, f"the stock has {STOCK_SIZE} cards (the pack's "
                           "40 less six in the hands and the turned card), top first")
        read.need("leader")
        assert leader is not None
        return cls(hands, turned, stock, leader)

    def setup(self) -> dict[str, JSON]:
        if self._seed is not None:
            fields: dict[str, JSON] = {"seed": self._seed}
            if self._setup_leader != _seeded_leader(self._seed):
                fields["leader"] = self._setup_leader
            return fields
        return self.deal()

    def deal(self) -> dict[str, JSON]:
        """The explicit deal this game started from: hands, turned, stock and leader."""
        return {"hands": [[CARD_TEXT[c] for c in h] for h in self._start_hands],
                "turned": CARD_TEXT[self.turned],
                "stock": [CARD_TEXT[c] for c in self.deck[:-1]],
                "leader": self._setup_leader}

    # ---- the fast face --------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self.is_over() else self.player

    def legal_action_ids(self) -> list[int]:
        return self.hands[self.player][:]  # empty once the deal is over

    def is_over(self) -> bool:
        return len(self.tricks) == 20

    def apply_id(self, action: int) -> None:
        seat = self.player
        self.hands[seat].remove(action)
        self.actions.append(action)
        trick = self.trick
        trick.append(action)
        if len(trick) == 1:
            self.player = 1 - seat
            return
        first, second = trick
        leader = self.leader
        power = POWER[self.trump][SUIT_OF[first]]
        winner = 1 - leader if power[second] > power[first] else leader
        points = POINTS[first] + POINTS[second]
        self.points[winner] += points
        self.won[winner] |= (1 << first) | (1 << second)
        self.tricks.append((leader, trick, winner, points))
        self.trick = []
        self.leader = self.player = winner
        drawn = self.drawn
        if drawn < 34:
            deck = self.deck
            hand = self.hands[winner]
            hand.append(deck[drawn])
            hand.sort()
            hand = self.hands[1 - winner]
            hand.append(deck[drawn + 1])
            hand.sort()
            self.drawn = drawn + 2
            if drawn == 32:
                self.turned_holder = 1 - winner

    def clone(self) -> Self:
        new = object.__new__(type(self))
        new.num_players = 2
        self._copy_tricks(new)
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.won = self.won[:]
        # Shared as they are: numbers, and lists never changed in place (deck, start hands).
        (new.deck, new.drawn, new.turned, new.turned_holder, new.player, new._seed,
         new._setup_leader, new._start_hands) = (
            self.deck, self.drawn, self.turned, self.turned_holder, self.player, self._seed,
            self._setup_leader, self._start_hands)
        return new

    def returns(self) -> list[float]:
        p0, p1 = self.points
        return [float(p0 - p1), float(p1 - p0)]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Redeal the cards ``seat`` cannot see: the other hand and the face-down stock.

        The turned card stays last under the stock, or in the hand of the seat that drew it.
        """
        new = self.clone()
        if seat is None:
            return new
        other = 1 - seat
        hidden_hand = [c for c in self.hands[other] if c != self.turned]
        stock = self.deck[self.drawn:-1] if self.drawn < 34 else []
        pool = sorted(hidden_hand + stock)  # sorted: the result must not depend on hidden order
        rng.shuffle(pool)
        new.hands[other] = sorted(pool[:len(hidden_hand)] +
                                  ([self.turned] if self.turned in self.hands[other] else []))
        if self.drawn < 34:
            new.deck = self.deck[:self.drawn] + pool[len(hidden_hand):] + [self.turned]
        new._seed = None
        return new

    # ---- the seat-scoped face -------------------------------------------------------------

    def exposed_cards(self) -> list[list[int]]:
        """The turned card, once drawn, while the seat that drew it holds it."""
        out: list[list[int]] = [[], []]
        holder = self.turned_holder
        if holder is not None and self.turned in self.hands[holder]:
            out[holder].append(self.turned)
        return out

    def record_shows_every_card(self) -> bool:
        return self._seed is None

    def redeal_unseen(self, seat: int, rng: random.Random) -> Self:
        """The deal as ``seat`` has seen it, the other hand and the face-down stock dealt
        afresh. Which of the other seat's cards were in its first three and which it drew
        when is hidden too, so that is drawn at random as well: each card it played came from
        one of the places it then held, any of them alike (the turned card from its own)."""
        if not (is_int(seat) and seat in (0, 1)):
            raise ValueError(f"seat must be 0 or 1, not {seat!r}")
        other = 1 - seat
        last = STOCK_SIZE  # the turned card's place in the deck, drawn last
        held: list[int] = [-1, -2, -3]
        """The other seat's places now: -1..-3 its first three cards, n >= 0 the deck's n-th."""
        placed: dict[int, int] = {}

        def played(card: int) -> None:
            if card == self.turned:
                place = last
            else:
                place = rng.choice(sorted(p for p in held if p != last))
            held.remove(place)
            placed[place] = card

        for k, (leader, (first, second), winner, _) in enumerate(self.tricks):
            for player, card in ((leader, first), (1 - leader, second)):
                if player == other:
                    played(card)
            if 2 * k < len(self.deck):
                held.append(2 * k if winner == other else 2 * k + 1)
        for i, card in enumerate(self.trick):
            if (self.leader + i) % 2 == other:
                played(card)
        hidden = sorted(c for c in self.hands[other] if c != self.turned)
        face_down = range(self.drawn, last)
        pool = sorted(hidden + [self.deck[n] for n in face_down])
        rng.shuffle(pool)
        places = sorted(p for p in held if p != last) + list(face_down)
        placed.update(zip(places, pool))
        deck = self.deck[:]
        for place, card in placed.items():
            if place >= 0:
                deck[place] = card
        hands = [self._start_hands[0][:], self._start_hands[1][:]]
        hands[other] = [placed[-1], placed[-2], placed[-3]]
        setup = {"hands": [[CARD_TEXT[c] for c in h] for h in hands],
                 "turned": CARD_TEXT[self.turned], "stock": [CARD_TEXT[c] for c in deck[:last]],
                 "leader": self._setup_leader}
        return self._replay_redealt(setup, rng, continues=False)

    def finished_deals(self) -> list[dict[str, JSON]]:
        if not self.is_over():
            return []
        return [{"game": self.name, **self.deal(), "actions": self.history()}]

    # ---- actions as text ------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        return CARD_TEXT[action]

    def string_to_action(self, text: str) -> int:
        return card_action(text, _("a Briscola action is the card played, such as 'KC'"))

    def check_action(self, action: int) -> None:
        if self.is_over():
            raise IllegalAction(CARD_TEXT[action], None,
                                _("the deal is over: all forty cards have been played"),
                                RULE_SCORING)
        if action not in self.hands[self.player]:
            played = any(action in t[1] for t in self.tricks) or action in self.trick
            rule = (_("{card} was already played: play one of your own cards ({hand})") if played
                    else _("{card} is not in your hand: play one of your own cards ({hand})"))
            raise IllegalAction(CARD_TEXT[action], self.player, rule.format(
                hand=", ".join(CARD_TEXT[c] for c in self.hands[self.player]),
                **CARDS[action].forms()), "playing-a-trick")

    # ---- the checked face -----------------------------------------------------------------

    def hand(self, seat: int) -> list[int]:
        return self.hands[seat][:]

    def cards_to_draw(self) -> list[int]:
        """The cards still to draw, in order: the face-down stock from the top, then the
        turned card (empty once the hands are played out)."""
        return self.deck[self.drawn:]

    @property
    def stock_size(self) -> int:
        """Face-down cards left to draw (the turned card not counted)."""
        return max(0, 33 - self.drawn)

    def observation(self, seat: int | None) -> BriscolaObservation:
        """What ``seat`` may know: its own hand, the other hand's size, the trump suit and the
        turned card (and who drew it), the stock's size, the trick on the table, the tricks
        played and the points. ``None`` is a spectator who sees both hands."""
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"seat must be 0, 1 or None, not {seat!r}")
        over = self.is_over()
        return {
            "game": self.name,
            "seat": seat,
            "side": seat,
            "num_players": 2,
            "sides": self.side_seats(),
            "hands": self.seen_hands(seat),
            "hand_sizes": [len(h) for h in self.hands],
            "trump": self.trump_shape(),
            "turned": {"card": CARD_TEXT[self.turned], "name": CARDS[self.turned].name,
                       "in_stock": self.turned_holder is None, "holder": self.turned_holder},
            "stock_size": self.stock_size,
            "trick": self.trick_shape(),
            "tricks": self.tricks_shape(),
            "points": list(self.points),
            "current_player": None if over else self.player,
            "legal_actions": (self.legal_actions() if not over and seat in (None, self.player)
                              else []),
            "over": over,
            "result": self._result_value(),
        }

    def _result_value(self) -> int | str | None:
        if not self.is_over():
            return None
        p0, p1 = self.points
        if p0 == p1:
            return "draw"
        return 0 if p0 > p1 else 1

    def result(self) -> BriscolaResult | None:
        value = self._result_value()
        if value is None:
            return None
        return {"points": list(self.points), "result": value,
                "winner": value if isinstance(value, int) else None,
                "draw": value == "draw"}

    def summary(self) -> dict[str, JSON]:
        return {"game": self.name, "trump": self.trump_shape()["suit"],
                "turned": CARD_TEXT[self.turned], "tricks": self.tricks_shape(),
                "points": list(self.points), "result": self._result_value()}

    def why_winning(self, top: int, cards: Sequence[int]) -> str:
        if len(cards) == 1:
            return _("the card led")
        if SUIT_OF[cards[1]] == SUIT_OF[cards[0]]:
            return _("the higher card of the suit led (A 3 K Q J 7 6 5 4 2)")
        if SUIT_OF[top] == self.trump:
            return _("a trump ({suit}) beats any card of another suit").format(
                suit=self.trump_shape()["name"])
        return _("a card of another suit cannot beat the lead")

    def explain_legal(self, action: int, viewer: int | None, private: bool,
                      names: Names) -> Explanation:
        """The card's points, whether it leads, follows, trumps or is discarded, who is
        winning the trick and why, who draws, and a ``text`` of a sentence or two.
        ``choices`` (the mover's hand) is for the mover and the spectator only."""
        info = self.card_facts(action, private)
        seat = self.player
        c = CARDS[action]
        who = names.seat(seat, True)
        worth = points_words(c.points)
        if not self.trick:
            text = (_("{player} leads {card} ({points}, a trump).") if info["is_trump"]
                    else _("{player} leads {card} ({points}).")).format(
                player=who, points=worth, **c.forms())
            text += " " + _("The reply may be any card: there is no duty to follow suit or to trump.")
            info["draws"] = None
            info["text"] = text
            return info
        led = CARDS[self.trick[0]]
        winning = info["winning"]
        assert winning is not None
        winner = winning["seat"]
        opening = (_("{Card} takes {led}") if winner == seat else _("{Lead} holds against {card}")
                   ).format(Card=capital(c.the), Lead=capital(led.the), **c.forms(),
                            **led.forms("led"))
        drawing: list[int] | None = [winner, 1 - winner]
        if self.drawn == 32:
            draws = _("draws the last face-down card and leads next; the other seat takes the "
                      "turned {card_name}").format(**CARDS[self.turned].forms())
        elif self.drawn < 34:
            draws = _("draws first and leads next")
        else:
            draws = _("leads next") if self.hands[seat][1:] else ""
            drawing = None
        points = info["trick_points"]
        if not draws:
            final = self.points[:]
            final[winner] += points or 0
            tail = ". " + (_("The deal is over: {a} to {b}, a draw.") if final[0] == final[1]
                           else _("The deal is over: {a} to {b}.")).format(a=final[0], b=final[1])
            info["anchor"] = RULE_SCORING
            info["anchors"] = [RULE_SCORING, self.RULE_TRICK]
        else:
            tail = " " + _("and {what}.").format(what=draws)
        text = (f"{opening}: {winning['why']}. "
                + _("{player} wins the trick ({points})").format(
                    player=names.seat(winner, True), points=i18n_points(points or 0)) + tail)
        info["draws"] = drawing
        info["text"] = text
        return info


def _seeded_leader(seed: int) -> int:
    """The leader ``random.Random(seed)`` picks, after shuffling the pack."""
    rng = random.Random(seed)
    rng.shuffle(list(range(40)))
    return rng.randrange(2)
