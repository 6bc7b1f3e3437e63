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
>>> with naming("toscane", "it"):
...     Card.parse("KC").the, Card.parse("AH").the, Card.parse("QS").the, Card.parse("7D").of_the
('il re di fiori', "l'asso di cuori", 'la regina di picche', 'del sette di quadri')
>>> with naming("venetian", "it"):
...     Card.parse("QH").the, Card.parse("AD").a, Card.parse("JC").name
('il cavallo di coppe', 'un asso di denari', 'fante di bastoni')
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

from .i18n import LANGS, N_, Lang, Preposition, _, current_lang, pgettext, speaking, with_preposition

Deck = Literal["toscane", "venetian"]
"""The packs a card can be named in: the Toscane pack's French suits (the engine's notation),
or the Venetian pattern's Italian suits, as players map them onto the French: hearts are cups
(coppe), diamonds coins (denari), clubs batons (bastoni), spades swords (spade); the queen's
place is the horse's (cavallo), the jack's the knave's (fante). The notation never changes
("QH" is the horse of cups); only the words do."""
DECKS: tuple[Deck, ...] = get_args(Deck)

_DECK: ContextVar[Deck] = ContextVar("deck", default="toscane")

# The words are message ids of the engine's catalog (engine/i18n.py), in English; each
# language's grammar is in its translations: Italian "il re", "l'asso", "la regina", "un asso".
Words = tuple[tuple[str, str], ...]
#                         clubs      diamonds    hearts    spades
_SUIT_WORDS: dict[Deck, Words] = {
    "toscane": (N_("suit", "clubs"), N_("suit", "diamonds"), N_("suit", "hearts"), N_("suit", "spades")),
    "venetian": (N_("suit", "batons"), N_("suit", "coins"), N_("suit", "cups"), N_("suit", "swords")),
}
_SUIT_SINGULAR: dict[Deck, Words] = {
    "toscane": (N_("suit, one card", "club"), N_("suit, one card", "diamond"),
                N_("suit, one card", "heart"), N_("suit, one card", "spade")),
    "venetian": (N_("suit, one card", "baton"), N_("suit, one card", "coin"),
                 N_("suit, one card", "cup"), N_("suit, one card", "sword")),
}
_PIPS = ("ace", "two", "three", "four", "five", "six", "seven")
_COURTS: dict[Deck, tuple[str, str, str]] = {"toscane": ("jack", "queen", "king"),
                                             "venetian": ("knave", "horse", "king")}
_RANK_WORD = {
    "ace": N_("rank", "ace"), "two": N_("rank", "two"), "three": N_("rank", "three"),
    "four": N_("rank", "four"), "five": N_("rank", "five"), "six": N_("rank", "six"),
    "seven": N_("rank", "seven"), "jack": N_("rank", "jack"), "queen": N_("rank", "queen"),
    "king": N_("rank", "king"), "knave": N_("rank", "knave"), "horse": N_("rank", "horse"),
}
_RANK_WORDS = {  # the plural
    "ace": N_("ranks", "aces"), "two": N_("ranks", "twos"), "three": N_("ranks", "threes"),
    "four": N_("ranks", "fours"), "five": N_("ranks", "fives"), "six": N_("ranks", "sixes"),
    "seven": N_("ranks", "sevens"), "jack": N_("ranks", "jacks"), "queen": N_("ranks", "queens"),
    "king": N_("ranks", "kings"), "knave": N_("ranks", "knaves"), "horse": N_("ranks", "horses"),
}
_THE_RANK = {  # with the definite article: Italian "il re", "l'asso", "la regina"
    "ace": N_("rank, the", "the ace"), "two": N_("rank, the", "the two"),
    "three": N_("rank, the", "the three"), "four": N_("rank, the", "the four"),
    "five": N_("rank, the", "the five"), "six": N_("rank, the", "the six"),
    "seven": N_("rank, the", "the seven"), "jack": N_("rank, the", "the jack"),
    "queen": N_("rank, the", "the queen"), "king": N_("rank, the", "the king"),
    "knave": N_("rank, the", "the knave"), "horse": N_("rank, the", "the horse"),
}
_A_RANK = {  # with the indefinite article: Italian "un re", "un asso", "una regina"
    "ace": N_("rank, a", "an ace"), "two": N_("rank, a", "a two"),
    "three": N_("rank, a", "a three"), "four": N_("rank, a", "a four"),
    "five": N_("rank, a", "a five"), "six": N_("rank, a", "a six"),
    "seven": N_("rank, a", "a seven"), "jack": N_("rank, a", "a jack"),
    "queen": N_("rank, a", "a queen"), "king": N_("rank, a", "a king"),
    "knave": N_("rank, a", "a knave"), "horse": N_("rank, a", "a horse"),
}
_THE_RANKS = {  # the plural with its article: Italian "gli assi", "i tre", "le regine"
    "ace": N_("ranks, the", "the aces"), "two": N_("ranks, the", "the twos"),
    "three": N_("ranks, the", "the threes"), "four": N_("ranks, the", "the fours"),
    "five": N_("ranks, the", "the fives"), "six": N_("ranks, the", "the sixes"),
    "seven": N_("ranks, the", "the sevens"), "jack": N_("ranks, the", "the jacks"),
    "queen": N_("ranks, the", "the queens"), "king": N_("ranks, the", "the kings"),
    "knave": N_("ranks, the", "the knaves"), "horse": N_("ranks, the", "the horses"),
}
_CARD_NAME = N_("card: a rank of a suit", "{rank} of {suit}")


@contextmanager
def naming(deck: Deck, lang: Lang | None = None) -> Iterator[None]:
    """Name the cards in ``deck``'s words inside the block (every ``name``, ``noun`` and
    ``word`` below reads it), and in ``lang`` when given (engine/i18n.py: the language every
    message of the engine is written in): the bridge wraps each request in it."""
    if deck not in DECKS:
        raise ValueError(f"{deck!r} is not a deck: it must be one of {', '.join(DECKS)}")
    if lang is not None and lang not in LANGS:
        raise ValueError(f"{lang!r} is not a language: it must be one of {', '.join(LANGS)}")
    token = _DECK.set(deck)
    try:
        with speaking(lang if lang is not None else current_lang()):
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
            raise CardError((_("{text} is not a rank: it must be one of {letters}") if cls is Rank
                             else _("{text} is not a suit: it must be one of {letters}")).format(
                text=repr(text), letters=letters)) from None


class Suit(_Letter):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def noun(self) -> str:
        """The suit's plural name, as said at the table: 'clubs' (in the Venetian deck,
        'batons'; in Italian 'fiori', 'bastoni')."""
        return pgettext(*_SUIT_WORDS[_DECK.get()][self.index])

    @property
    def singular(self) -> str:
        """'club' ('baton'; in Italian the suit's name as one card's: 'fiori', 'bastone')."""
        return pgettext(*_SUIT_SINGULAR[_DECK.get()][self.index])

    @property
    def symbol(self) -> str:
        return {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}[self.value]



_SUIT_ORDER = tuple(Suit)


class _RankName:
    """A rank's name in one form (the word, the plural, with an article), read as an attribute
    (``Rank.KING.the``): its message in ``table``, keyed by the rank's English word in the
    current deck, said in the current language."""

    def __init__(self, table: dict[str, tuple[str, str]]) -> None:
        self.table = table

    def __get__(self, rank: "Rank", owner: type | None = None) -> str:
        return pgettext(*self.table[rank._english])


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
    def _english(self) -> str:
        """The rank's English word in the current deck: the key of its messages."""
        return _COURTS[_DECK.get()][self.index - 7] if self.index >= 7 else _PIPS[self.index]

    # Its names in the current deck and language (the courts in the deck's words: 'horse' for
    # the queen), each a table of messages keyed by the rank's English word (_english); not
    # members of the enum (enum.nonmember), attributes read as strings:
    word = enum.nonmember(_RankName(_RANK_WORD))        # 'king'; Italian 're', 'cavallo'
    words = enum.nonmember(_RankName(_RANK_WORDS))      # 'kings', 'sixes'; 're', 'assi'
    the = enum.nonmember(_RankName(_THE_RANK))          # 'the king'; 'il re', "l'asso"
    a = enum.nonmember(_RankName(_A_RANK))              # 'an ace'; 'un asso', 'una regina'
    the_words = enum.nonmember(_RankName(_THE_RANKS))   # 'the aces'; 'gli assi', 'i tre'

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
            raise CardError(_("{text} is not a card: expected text such as 'KC'").format(text=repr(text)))
        clean = text.strip().upper()
        if len(clean) != 2:
            raise CardError(_("{text} is not a card: write rank then suit, such as 'KC' or '7H'").format(
                text=repr(text)))
        rank_text, suit_text = clean[0], clean[1]
        if rank_text not in _RANK_LETTERS:
            raise CardError(_("{text} is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K").format(
                text=repr(text)))
        if suit_text not in _SUIT_LETTERS:
            raise CardError(_("{text} is not a card: the suit must be one of C D H S").format(
                text=repr(text)))
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
        """The accessible name: 'king of clubs' ('re di fiori')."""
        return pgettext(*_CARD_NAME).format(rank=self.rank.word, suit=self.suit.noun)

    @property
    def the(self) -> str:
        """The name with the definite article: 'the king of clubs', 'il re di fiori',
        "l'asso di cuori", 'la regina di picche'."""
        return pgettext(*_CARD_NAME).format(rank=self.rank.the, suit=self.suit.noun)

    @property
    def a(self) -> str:
        """The name with the indefinite article: 'an ace of hearts', 'un asso di cuori'."""
        return pgettext(*_CARD_NAME).format(rank=self.rank.a, suit=self.suit.noun)

    @property
    def of_the(self) -> str:
        """'of the king of clubs'; in Italian the article joins the preposition: 'del re di
        fiori', "dell'asso di cuori", 'della regina di picche'."""
        return with_preposition("of", self.the)

    def after(self, preposition: Preposition) -> str:
        """The name after a preposition: ``after("to")`` 'to the ace', "all'asso"."""
        return with_preposition(preposition, self.the)

    def forms(self, key: str = "card") -> dict[str, str]:
        """The card's forms for a message's placeholders, so each language's sentence takes
        the one its grammar needs: ``{card}`` 'the seven of hearts' / 'il sette di cuori',
        ``{a_card}``, ``{card_name}`` (no article), ``{of_card}`` 'del sette...', ``{to_card}``
        'al sette...', ``{from_card}``, ``{in_card}``, ``{on_card}``, ``{with_card}``."""
        the = self.the
        forms = {key: the, f"a_{key}": self.a, f"{key}_name": self.name}
        for preposition in ("of", "to", "from", "in", "on", "with"):
            forms[f"{preposition}_{key}"] = with_preposition(preposition, the)
        return forms

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
