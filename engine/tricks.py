"""What the trick-taking games share (Madrasso and Briscola): a card's strength in a trick,
the trick's winner, the kind of play, the trick as data, and the state a playout reads.

The rule both games play by: the highest trump wins the trick; without a trump, the highest
card of the suit led (A 3 K Q J 7 6 5 4 2); a card of another suit never wins. So a card's
:data:`POWER` is 30 + its strength as a trump, 10 + its strength in the suit led, else 0, and
the trick goes to the card of the highest power.

>>> from engine.cards import card_index as c
>>> HEARTS = 2
>>> trick_winner([c("KC"), c("AC"), c("2H")], HEARTS)    # the two of trumps takes the ace
2
>>> trick_winner([c("KC"), c("AS")], HEARTS)             # another suit never wins
0
>>> [play_kind(c(card), [c("KC")], HEARTS) for card in ("AC", "2H", "AS")]
['follow', 'trump', 'discard']

:class:`TrickGame` is their common base, in the manner of python-chess's variants, which
override a few hooks of ``Board``: it holds what both games mean by the trick in progress
(``leader``, ``trick``, ``trump``), the tricks played (``tricks``), the points per side, and
builds from them the trick as data, the facts of a card played (:meth:`TrickGame.card_facts`)
and the explanation's frame; a game overrides the hooks that differ (how a seat's hand is
kept, why a card wins in its words, the game's own facts and sentences).
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import CARD_BY_TEXT, CARD_TEXT, CARDS, POINTS, STRENGTH, SUIT_OF, Card, CardError
from .cards import display_order
from .i18n import _, ngettext
from .protocol import ActionSyntaxError, Game, Names
from .table import TableHooks, capital, card_name, seat_name, suit_label

if TYPE_CHECKING:
    from .shapes import CentreCard, CentreShape, EventShape, Explanation, LastMove, PlayedTrick
    from .shapes import PlayKind, SuitShape, TableCard, Trick, Winning
    from .view import SeatView

TRUMP_POWER = 30
LED_POWER = 10
POWER: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(TRUMP_POWER + STRENGTH[card] if SUIT_OF[card] == trump else
                LED_POWER + STRENGTH[card] if SUIT_OF[card] == led else 0
                for card in range(40))
          for led in range(4))
    for trump in range(4))
"""``POWER[trump][led suit][card]``: the card's power in a trick; the highest takes it."""


def power(card: int, led_suit: int, trump: int) -> int:
    """The card's power in a trick where ``led_suit`` was led (0: it cannot win)."""
    return POWER[trump][led_suit][card]


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """The index (in play order) of the card that takes the trick so far."""
    key = POWER[trump][SUIT_OF[cards[0]]]
    best = 0
    top = key[cards[0]]
    for i in range(1, len(cards)):
        if key[cards[i]] > top:
            best, top = i, key[cards[i]]
    return best


def play_kind(card: int, trick: Sequence[int], trump: int) -> PlayKind:
    """'lead' (the trick is empty), 'follow' (the suit led), 'trump' (a trump on another
    suit) or 'discard' (anything else)."""
    if not trick:
        return "lead"
    suit = SUIT_OF[card]
    if suit == SUIT_OF[trick[0]]:
        return "follow"
    return "trump" if suit == trump else "discard"


def card_action(text: str, hint: str) -> int:
    """The card an action text plays (its index); ActionSyntaxError with ``hint`` (what an
    action of the game is) when it is no card."""
    card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    try:
        return Card.parse(text).index
    except CardError as err:
        raise ActionSyntaxError(f"{err} ({hint})") from None


def trick_points(cards: Sequence[int]) -> int:
    return sum(POINTS[c] for c in cards)


SUIT_NAMES = "CDHS"
"""The suit letters in suit-index order."""


def points_words(points: int) -> str:
    """'no points', '1 point', '21 points'."""
    if points == 0:
        return _("no points")
    return ngettext("{n} point", "{n} points", points).format(n=points)


class TrickGame(TableHooks, Game):
    """A trick-taking game in progress (Madrasso, Briscola).

    Its public state below is the same in both games and read by computer players'
    playouts (never changed from outside).
    """

    if not TYPE_CHECKING:  # slots for speed; the games declare them (mypy would refuse them here)
        __slots__ = ()

    SIDE_OF: ClassVar[tuple[int, ...]]
    """Per seat, its side (Madrasso: seat % 2; Briscola: the seat)."""
    SIDES: ClassVar[tuple[tuple[int, ...], ...]]
    """Per side, its seats."""
    RULE_TRICK: ClassVar[str] = "playing-a-trick"
    """The rules-page section on playing a trick (both games' pages call it so)."""

    trump: int
    """The trump suit's index (0..3: clubs, diamonds, hearts, spades)."""
    leader: int
    """The seat that led the trick in progress (or leads the next one)."""
    trick: list[int]
    """The trick in progress: its cards in play order."""
    tricks: list[tuple[int, list[int], int, int]]
    """The tricks played this deal: (leader, cards in play order, winner seat, card points)."""
    points: list[int]
    """This deal's points per side so far."""

    # ---- hooks --------------------------------------------------------------------------

    @abc.abstractmethod
    def hand(self, seat: int) -> list[int]:
        """The seat's cards, ascending card indices (a new list)."""

    @abc.abstractmethod
    def why_winning(self, top: int, cards: Sequence[int]) -> str:
        """Why ``top`` holds the trick of ``cards`` (cards in play order), in the game's words."""

    # ---- the trick as data --------------------------------------------------------------

    def side_seats(self) -> list[list[int]]:
        return [list(seats) for seats in self.SIDES]

    def trick_seats(self) -> list[int]:
        """The seats that played the trick in progress, in play order."""
        n = self.num_players
        return [(self.leader + i) % n for i in range(len(self.trick))]

    def _table_cards(self, leader: int, cards: Sequence[int]) -> list[TableCard]:
        n = self.num_players
        return [{"seat": (leader + i) % n, "card": CARD_TEXT[c]} for i, c in enumerate(cards)]

    def trick_shape(self) -> Trick:
        return {"leader": self.leader, "cards": self._table_cards(self.leader, self.trick)}

    def tricks_shape(self) -> list[PlayedTrick]:
        return [{"leader": leader, "cards": self._table_cards(leader, cards),
                 "winner": winner, "points": points}
                for leader, cards, winner, points in self.tricks]

    def hand_texts(self, seat: int) -> list[str]:
        """The seat's cards as shown: by suit, strongest first."""
        return [CARD_TEXT[c] for c in sorted(self.hand(seat), key=display_order)]

    def seen_hands(self, viewer: int | None) -> list[list[str] | None]:
        """Per seat, its cards if the viewer may see them, else None."""
        return [self.hand_texts(s) if viewer is None or s == viewer else None
                for s in range(self.num_players)]

    def trump_shape(self) -> SuitShape:
        suit = CARDS[self.trump * 10].suit
        return {"suit": suit.value, "name": suit.noun}

    # ---- a card played ------------------------------------------------------------------

    def play_kind(self, card: int) -> PlayKind:
        return play_kind(card, self.trick, self.trump)

    def winning(self, card: int) -> Winning:
        """Who holds the trick once ``card`` (the mover's) is down, with which card and why."""
        cards = [*self.trick, card]
        best = trick_winner(cards, self.trump)
        top = cards[best]
        return {"seat": (self.leader + best) % self.num_players, "card": CARD_TEXT[top],
                "why": self.why_winning(top, cards)}

    def card_facts(self, card: int, private: bool) -> Explanation:
        """The facts of the mover playing ``card`` now that both games tell: the card, its
        points and category, the kind of play, who wins the trick and why; ``choices`` (the
        mover's legal cards) unless ``private`` (told to another seat)."""
        seat = self.current_player()
        assert seat is not None
        c = CARDS[card]
        winning = self.winning(card)
        complete = len(self.trick) + 1 == self.num_players
        facts: Explanation = {
            "legal": True, "action": CARD_TEXT[card], "seat": seat,
            "side": self.SIDE_OF[seat], "kind": self.play_kind(card),
            "card": CARD_TEXT[card], "card_name": c.name, "points": c.points,
            "category": c.rank.category, "trump": self.trump_shape()["name"],
            "is_trump": SUIT_OF[card] == self.trump,
            "winning": winning, "trick_complete": complete,
            "trick_winner": winning["seat"] if complete else None,
            "trick_points": trick_points([*self.trick, card]) if complete else None,
            "trick_cards": (self._table_cards(self.leader, [*self.trick, card]) if complete
                            else None),
            "anchor": self.RULE_TRICK, "anchors": [self.RULE_TRICK],
        }
        if not private:
            facts["choices"] = [CARD_TEXT[a] for a in self.legal_action_ids() if a < 40]
        return facts

    # ---- the table as a page draws it (engine/table.py) ------------------------------------

    @classmethod
    def table_centre(cls, view: SeatView, names: Names, last: LastMove | None) -> CentreShape:
        """The trick on the table, the card winning it marked; just after a trick is complete
        (the engine has already gathered it), that trick with its winner, until the next card."""
        obs = view.observation
        trump = obs["trump"]  # type: ignore[typeddict-item]
        played: list[TableCard] = obs["trick"]["cards"]  # type: ignore[typeddict-item]
        e = last["explanation"] if last else {}
        complete = not played and bool(e.get("trick_complete")) and bool(e.get("trick_cards"))
        cards: list[TableCard] = e["trick_cards"] if complete else played
        words = None
        top: int | None = None
        if complete:
            top = e["trick_winner"]
            words = cls.table_trick_words(view, names, e) + "."
        elif cards:
            best = trick_winner([CARD_BY_TEXT[c["card"]] for c in cards],
                                SUIT_NAMES.index(trump["suit"]))
            top = cards[best]["seat"]
            words = (_("{player}’s {card_name} is winning").format(
                player=seat_name(names, top), **CARDS[CARD_BY_TEXT[cards[best]["card"]]].forms())
                if len(cards) > 1 else None)
        return {
            "kind": "trick", "label": suit_label(trump["suit"], trump["name"]),
            "suit": trump["suit"], "words": words, "complete": complete, "winner": top if complete else None,
            "cards": [cls._centre_card(view, names, c, top if complete or len(cards) > 1 else None,
                                       complete) for c in cards],
            "empty": None, "sweep": False,
            "review": cls._last_trick(view, names, e if complete else None),
        }

    @classmethod
    def table_trick_words(cls, view: SeatView, names: Names, e: dict[str, Any]) -> str:
        """'South wins the trick: 4 + 0 + 0 + 11 = 15 points to North and South'."""
        winner = e["trick_winner"]
        points = [POINTS[CARD_BY_TEXT[c["card"]]] for c in e["trick_cards"]]
        total = sum(points)
        side = cls.table_side_name(view, names, cls.SIDE_OF[winner])
        return _("{player} wins the trick: {sum} = {points} to {side}").format(
            player=seat_name(names, winner), sum=" + ".join(map(str, points)),
            points=points_words(total), side=side)

    @classmethod
    def _centre_card(cls, view: SeatView, names: Names, c: TableCard, top: int | None,
                     complete: bool) -> CentreCard:
        mark = ("winner" if complete else "winning") if c["seat"] == top else None
        who = seat_name(names, c["seat"])
        return {"card": c["card"], "name": card_name(c["card"]), "seat": c["seat"],
                "position": None, "mark": mark,  # placed by describe (lay_out)
                "words": (_("played by {player}, winning the trick") if mark
                          else _("played by {player}")).format(player=who)}

    @classmethod
    def _last_trick(cls, view: SeatView, names: Names, e: dict[str, Any] | None) -> CentreShape | None:
        """The trick played before the one now on the table, to be looked at again."""
        tricks = view.observation["tricks"]  # type: ignore[typeddict-item]
        earlier = tricks[:-1] if e is not None else tricks
        if not earlier:
            return None
        trick = earlier[-1]
        winner = trick["winner"]
        return {"kind": "trick", "label": _("The last trick"), "suit": None,
                "words": _("{player} took it ({points})").format(
                    player=seat_name(names, winner), points=points_words(trick["points"])),
                "complete": True, "winner": winner,
                "cards": [cls._centre_card(view, names, c, winner, True) for c in trick["cards"]],
                "empty": None, "sweep": False, "review": None}

    @classmethod
    def table_event(cls, view: SeatView, names: Names, last: LastMove) -> EventShape:
        event = super().table_event(view, names, last)
        if last["explanation"].get("trick_complete"):
            event["pause"] = "long"
        return event

    def _copy_tricks(self, new: TrickGame) -> None:
        """Copy into a clone being built the state every trick game keeps (the lists copied,
        the tricks' own lists shared: they are never changed once played)."""
        new.actions = self.actions[:]
        new.trump = self.trump
        new.leader = self.leader
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.points = self.points[:]
