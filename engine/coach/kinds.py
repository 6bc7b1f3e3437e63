"""Mistakes by kind: each costly move of a review (an inaccuracy or a mistake) named by what it
did, from the game's facts as the seat saw them (issue 30's progress: "which kinds of mistake
are becoming rarer", with a practice position for the most frequent).

A kind is decided by comparing the card played with the expert's card (the review's ``best``)
in the position the seat faced, and, for the trick games, by how the trick and the deal ended,
which the seat saw happen (its view after the trick, after the deal). Nothing hidden from the
seat is read: every fact below comes from ``Game.view(seat)``. The kinds are tried in the
order of :data:`KINDS`; the first that fits names the move, and ``other`` fits any.

Each kind has a stable id (kept in the browser's progress: never rename one), a name and a
one-line explanation. The practice positions that teach a kind declare it
(``teaches = [...]`` in ``content/practice/*.toml``, checked by the build): that is the one
home of the link between a kind and a practice position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..cards import CARD_BY_TEXT, CARD_TEXT, POINTS, STRENGTH, SUIT_OF
from ..gameinfo import GameInfo
from ..i18n import N_, pgettext
from ..protocol import Game
from ..scopa import SEVEN_OF_DIAMONDS
from ..tricks import SUIT_NAMES, trick_winner
from .captures import value as capture_value

TRICK_GAMES = ("briscola", "madrasso")
ENDGAME = 3
"""A costly move in the deal's last this-many tricks is a "last trick's ten" when the other
side took the last trick."""


@dataclass(frozen=True)
class Kind:
    id: str
    games: tuple[str, ...]
    name: tuple[str, str]
    why: tuple[str, str]

    def to_json(self) -> dict[str, str]:
        """The kind in the request's language: its id, name and one-line explanation."""
        return {"id": self.id, "name": pgettext(*self.name), "why": pgettext(*self.why)}


KINDS: tuple[Kind, ...] = (
    Kind("swap-missed", ("madrasso",),
         N_("mistake kind", "The seven swap missed"),
         N_("mistake kind", "The seven of trumps was kept when the expert would have swapped "
                            "it for the turned-up card.")),
    Kind("last-ten", ("madrasso",),
         N_("mistake kind", "The last trick's ten given away"),
         N_("mistake kind", "A costly card in the last three tricks, and the last trick, with "
                            "its ten points, went to the other side.")),
    Kind("trump-wasted", TRICK_GAMES,
         N_("mistake kind", "A trump wasted"),
         N_("mistake kind", "A trump spent where the expert kept its trumps, or spent a lower "
                            "one: trumps are few, and they take the tricks that matter later.")),
    Kind("points-thrown", TRICK_GAMES,
         N_("mistake kind", "Points thrown to the other side"),
         N_("mistake kind", "A card with points played to a trick the other side took, where "
                            "the expert's card was worth less.")),
    Kind("trick-missed", TRICK_GAMES,
         N_("mistake kind", "A trick let go"),
         N_("mistake kind", "The other side took the trick, where the expert's card would "
                            "have been winning it.")),
    Kind("settebello-left", ("scopa",),
         N_("mistake kind", "The settebello left"),
         N_("mistake kind", "The settebello stayed on the table after your card, where the "
                            "expert's card would have taken it or kept it off.")),
    Kind("sweep-missed", ("scopa",),
         N_("mistake kind", "A scopa missed"),
         N_("mistake kind", "The expert's card would have cleared the table: a scopa, one "
                            "point.")),
    Kind("sweep-given", ("scopa",),
         N_("mistake kind", "A scopa left to the next player"),
         N_("mistake kind", "After your card the table added up to ten or less and a card that "
                            "takes it all was still out; after the expert's it did not.")),
    Kind("capture-missed", ("scopa",),
         N_("mistake kind", "A capture missed"),
         N_("mistake kind", "Your card took nothing, where the expert's card would have "
                            "captured.")),
    Kind("other", TRICK_GAMES + ("scopa",),
         N_("mistake kind", "Another costly move"),
         N_("mistake kind", "None of the kinds above: the review's reason says what the "
                            "expert preferred.")),
)
BY_ID = {k.id: k for k in KINDS}


def kinds_of(game: str) -> list[Kind]:
    """The kinds a costly move of ``game`` may have, in the order they are tried."""
    return [k for k in KINDS if game in k.games]


def kind_of(position: Game, seat: int, played: str, best: str,
            after: Sequence[str]) -> Kind:
    """The kind of the seat's costly move ``played`` in ``position`` (its turn), where the
    expert preferred ``best``; ``after`` is the rest of the deal's record from ``played`` on
    (its first action is ``played``), whose moves the seat saw made."""
    facts = Facts(position, seat, played, best, after)
    for kind in kinds_of(position.name):
        if kind.id == "other" or facts.fits(kind.id):
            return kind
    return BY_ID["other"]


class Facts:
    """What the seat saw around one of its moves, and the tests of each kind."""

    def __init__(self, position: Game, seat: int, played: str, best: str,
                 after: Sequence[str]):
        self.position, self.seat, self.played, self.best = position, seat, played, best
        self.after = list(after)
        self.info: GameInfo = position.info
        self.before = cast(dict[str, Any], position.view(seat).observation)

    def fits(self, kind: str) -> bool:
        test = getattr(self, "_" + kind.replace("-", "_"))
        return bool(test())

    # ---- the trick games ----------------------------------------------------------------------

    def ours(self, seat: int) -> bool:
        """Whether ``seat`` is on the seat's side."""
        return any(self.seat in side and seat in side for side in self.before["sides"])

    @property
    def trump(self) -> int:
        return SUIT_NAMES.index(self.before["trump"]["suit"])

    def trick_cards(self) -> list[int]:
        return [CARD_BY_TEXT[c["card"]] for c in self.before["trick"]["cards"]]

    def trick_taker(self) -> int | None:
        """The seat that took the trick the move was played to (None for a swap)."""
        if self.played == "swap":
            return None
        done = len(self.before["tricks"])
        game = self.position.clone()
        for action in self.after:
            game.apply(action)
            tricks = cast(dict[str, Any], game.view(self.seat).observation)["tricks"]
            if len(tricks) > done:
                return int(tricks[done]["winner"])
        return None

    def last_taker(self) -> tuple[int, int] | None:
        """(the number of tricks in the deal, the seat that took its last one)."""
        game = self.position.clone()
        for action in self.after:
            game.apply(action)
        tricks = cast(dict[str, Any], game.view(self.seat).observation)["tricks"]
        return (len(tricks), int(tricks[-1]["winner"])) if tricks else None

    def _swap_missed(self) -> bool:
        return self.best == "swap" and self.played != "swap"

    def _last_ten(self) -> bool:
        if self.info.last_trick_bonus <= 0 or "swap" in (self.played, self.best):
            return False
        last = self.last_taker()
        if last is None:
            return False
        tricks, taker = last
        return len(self.before["tricks"]) >= tricks - ENDGAME and not self.ours(taker)

    def _trump_wasted(self) -> bool:
        if "swap" in (self.played, self.best):
            return False
        played, best = CARD_BY_TEXT[self.played], CARD_BY_TEXT[self.best]
        if SUIT_OF[played] != self.trump:
            return False
        return SUIT_OF[best] != self.trump or STRENGTH[best] < STRENGTH[played]

    def _points_thrown(self) -> bool:
        if "swap" in (self.played, self.best):
            return False
        played, best = CARD_BY_TEXT[self.played], CARD_BY_TEXT[self.best]
        taker = self.trick_taker()
        return (POINTS[played] > 0 and POINTS[best] < POINTS[played]
                and taker is not None and not self.ours(taker))

    def _trick_missed(self) -> bool:
        if "swap" in (self.played, self.best):
            return False
        cards = self.trick_cards()
        best, played = CARD_BY_TEXT[self.best], CARD_BY_TEXT[self.played]
        on = self.before["trick"]["cards"]
        if cards and self.ours(on[trick_winner(cards, self.trump)]["seat"]):
            return False  # the trick was the seat's side's already
        taker = self.trick_taker()
        return (taker is not None and not self.ours(taker)
                and trick_winner(cards + [best], self.trump) == len(cards)
                and trick_winner(cards + [played], self.trump) != len(cards))

    # ---- Scopa --------------------------------------------------------------------------------

    def scopa_after(self, action: str) -> dict[str, Any] | None:
        """The seat's view of the table just after ``action`` (None when the action ended the
        deal: what is left on the table then goes to the last capturer, no one plays to it)."""
        game = self.position.clone()
        game.apply(action)
        seen = cast(dict[str, Any], game.view(self.seat).observation)
        if game.is_over() or seen["deal"] != self.before["deal"]:
            return None
        return seen

    def _settebello_left(self) -> bool:
        mine, expert = self.scopa_after(self.played), self.scopa_after(self.best)
        if mine is None or expert is None:
            return False
        settebello = CARD_TEXT[SEVEN_OF_DIAMONDS]
        return settebello in mine["table"] and settebello not in expert["table"]

    def _sweep_missed(self) -> bool:
        mine, expert = self.scopa_after(self.played), self.scopa_after(self.best)
        swept = [bool(s and s["plays"][-1]["scopa"]) for s in (mine, expert)]
        return swept[1] and not swept[0]

    def _sweep_given(self) -> bool:
        mine, expert = self.scopa_after(self.played), self.scopa_after(self.best)
        return mine is not None and sweepable(mine) and not (expert and sweepable(expert))

    def _capture_missed(self) -> bool:
        return " x " not in self.played and " x " in self.best


def sweepable(seen: dict[str, Any]) -> bool:
    """Whether the table in this Scopa view can be taken whole by one card the viewer has not
    seen: it is not empty, its capture values add up to ten or less, and a card of that value
    is neither in the viewer's hand, nor on the table, nor among the cards captured."""
    table = seen["table"]
    if not table:
        return False
    total = sum(capture_value(CARD_BY_TEXT[c]) for c in table)
    if total > 10:
        return False
    hand = seen["hands"][seen["seat"]] or []
    known = set(table) | set(hand) | {c for pile in seen["captured"] for c in pile}
    return any(capture_value(i) == total and text not in known
               for text, i in CARD_BY_TEXT.items())
