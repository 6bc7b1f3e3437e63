"""The 40-card Italian pack with French suits: ace, 2-7, jack, queen, king in four suits.

Notation is two characters, rank then suit: ``KC`` is the king of clubs, ``7H`` the seven of
hearts. Ranks are ``A 2 3 4 5 6 7 J Q K`` and suits ``C D H S``.

Inside the engine a card is also a small int, its :attr:`Card.index` (suit * 10 + rank order),
so hot loops can work on ints and bitmasks; the tables below are indexed by it.

>>> Card.parse("KC")
Card.parse('KC')
>>> str(Card.parse("7h"))
'7H'
>>> Card.parse("KC").name
'king of clubs'
>>> Card.parse("AS").points, Card.parse("3S").points, Card.parse("7S").points
(11, 10, 0)
>>> with naming("venetian"):
...     Card.parse("QH").name, Card.parse("7D").name, Card.parse("JC").name
('horse of cups', 'seven of coins', 'knave of batons')
>>> Card.parse("8C")
Traceback (most recent call last):
...
engine.cards.CardError: '8C' is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterable, Literal, Self, get_args

Deck = Literal["toscane", "venetian"]
"""The packs a card can be named in: the Toscane pack's French suits (the engine's notation),
or the Venetian pattern's Italian suits, as players map them onto the French: hearts are cups
(coppe), diamonds coins (denari), clubs batons (bastoni), spades swords (spade); the queen's
place is the horse's (cavallo), the jack's the knave's (fante). The notation never changes
("QH" is the horse of cups); only the words do."""
DECKS: tuple[Deck, ...] = get_args(Deck)

_DECK: ContextVar[Deck] = ContextVar("deck", default="toscane")

#                         clubs      diamonds    hearts    spades
_SUIT_WORDS: dict[Deck, tuple[str, str, str, str]] = {
    "toscane": ("clubs", "diamonds", "hearts", "spades"),
    "venetian": ("batons", "coins", "cups", "swords"),
}
_COURT_WORDS: dict[Deck, tuple[str, str, str]] = {   # jack, queen, king
    "toscane": ("jack", "queen", "king"),
    "venetian": ("knave", "horse", "king"),
}


@contextmanager
def naming(deck: Deck) -> Iterator[None]:
    """Name the cards in ``deck``'s words inside the block (every ``name``, ``noun`` and
    ``word`` below reads it): the bridge wraps each request in it."""
    if deck not in DECKS:
        raise ValueError(f"{deck!r} is not a deck: it must be one of {', '.join(DECKS)}")
    token = _DECK.set(deck)
    try:
        yield
    finally:
        _DECK.reset(token)


def current_deck() -> Deck:
    """The deck the cards are named in now ('toscane' unless inside :func:`naming`)."""
    return _DECK.get()


class CardError(ValueError):
    """A card's notation could not be read."""


class _Letter(enum.Enum):
    """A suit or a rank: a letter of the notation, in the pack's order."""

    @property
    def index(self) -> int:
        """The place in the pack's order (clubs 0 .. spades 3; ace 0 .. king 9)."""
        return type(self)._member_names_.index(self._name_)

    @classmethod
    def parse(cls, text: str) -> Self:
        try:
            return cls(text.strip().upper())
        except ValueError:
            letters = " ".join(m.value for m in cls)
            raise CardError(f"{text!r} is not a {cls.__name__.lower()}: it must be one of "
                            f"{letters}") from None


class Suit(_Letter):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def noun(self) -> str:
        """The suit's plural name, as said at the table: 'clubs' (in the Venetian deck, 'batons')."""
        return _SUIT_WORDS[_DECK.get()][self.index]

    @property
    def singular(self) -> str:
        return self.noun[:-1]

    @property
    def symbol(self) -> str:
        return {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[self.value]



_SUIT_ORDER = tuple(Suit)


class Rank(_Letter):
    """Ranks in notation order. Strength, points and the other values are properties."""

    ACE = "A"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"

    @property
    def strength(self) -> int:
        """Trick-taking strength, 9 for the ace down to 0 for the two (A 3 K Q J 7 6 5 4 2)."""
        return _STRENGTH_BY_RANK[self.index]

    @property
    def points(self) -> int:
        """Card points in Madrasso and Briscola: ace 11, three 10, king 4, queen 3, jack 2."""
        return _POINTS_BY_RANK[self.index]

    @property
    def capture_value(self) -> int:
        """Scopa's capture value: ace 1, two to seven as printed, jack 8, queen 9, king 10."""
        return self.index + 1

    @property
    def primiera(self) -> int:
        """Scopa's primiera value: 7 = 21, 6 = 18, ace 16, 5 15, 4 14, 3 13, 2 12, courts 10."""
        return _PRIMIERA_BY_RANK[self.index]

    @property
    def word(self) -> str:
        """The rank's name: 'king'; the courts in the deck's words ('horse' for the queen)."""
        if self.index >= 7:
            return _COURT_WORDS[_DECK.get()][self.index - 7]
        return self.name.lower()

    @property
    def words(self) -> str:
        """The plural: 'kings', 'sixes'."""
        word = self.word
        return word + ("es" if word.endswith("x") else "s")

    @property
    def category(self) -> str:
        """'carico' (ace, three), 'punto' (king, queen, jack) or 'scartina' (no points)."""
        if self.points >= 10:
            return "carico"
        return "punto" if self.points else "scartina"



_RANK_ORDER = tuple(Rank)
#                      A  2  3  4  5  6  7  J  Q  K
_STRENGTH_BY_RANK = (9, 0, 8, 1, 2, 3, 4, 5, 6, 7)
_POINTS_BY_RANK = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4)
_PRIMIERA_BY_RANK = (16, 12, 13, 14, 15, 18, 21, 10, 10, 10)


@dataclass(frozen=True, slots=True)
class Card:
    suit: Suit
    rank: Rank

    @classmethod
    def parse(cls, text: str) -> "Card":
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card: expected text such as 'KC'")
        clean = text.strip().upper()
        if len(clean) != 2:
            raise CardError(f"{text!r} is not a card: write rank then suit, such as 'KC' or '7H'")
        rank_text, suit_text = clean[0], clean[1]
        if rank_text not in _RANK_LETTERS:
            raise CardError(f"{text!r} is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K")
        if suit_text not in _SUIT_LETTERS:
            raise CardError(f"{text!r} is not a card: the suit must be one of C D H S")
        return CARDS[_SUIT_LETTERS.index(suit_text) * 10 + _RANK_LETTERS.index(rank_text)]

    @classmethod
    def from_index(cls, index: int) -> "Card":
        return CARDS[index]

    @property
    def index(self) -> int:
        return self.suit.index * 10 + self.rank.index

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def strength(self) -> int:
        return self.rank.strength

    @property
    def name(self) -> str:
        """The accessible name: 'king of clubs'."""
        return f"{self.rank.word} of {self.suit.noun}"

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_RANK_LETTERS = "A234567JQK"
_SUIT_LETTERS = "CDHS"

CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in _SUIT_ORDER for rank in _RANK_ORDER)
"""All 40 cards, in index order (clubs ace..king, diamonds, hearts, spades)."""

# Tables by card index, for the engine's hot loops.
CARD_TEXT: tuple[str, ...] = tuple(str(c) for c in CARDS)
CARD_BY_TEXT: dict[str, int] = {t: i for i, t in enumerate(CARD_TEXT)}
SUIT_OF: tuple[int, ...] = tuple(i // 10 for i in range(40))
STRENGTH: tuple[int, ...] = tuple(c.rank.strength for c in CARDS)
POINTS: tuple[int, ...] = tuple(c.rank.points for c in CARDS)
PRIMIERA: tuple[int, ...] = tuple(c.rank.primiera for c in CARDS)
SUIT_MASK: tuple[int, ...] = tuple(((1 << 10) - 1) << (10 * s) for s in range(4))
FULL_PACK_MASK = (1 << 40) - 1


def card_index(text: str) -> int:
    """The index of a card given in notation; raises CardError."""
    try:
        return CARD_BY_TEXT[text]
    except (KeyError, TypeError):
        return Card.parse(text).index


def mask_of(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def indices_of(mask: int) -> list[int]:
    """The card indices set in a bitmask, in ascending order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def display_order(index: int) -> tuple[int, int]:
    """Sort key for showing a hand: by suit, then strongest first."""
    return (SUIT_OF[index], -STRENGTH[index])
