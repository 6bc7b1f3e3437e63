"""The one protocol every game implements (Madrasso, Briscola, Scopa).

A game object is the state of one game in progress. It is fully described by its *setup*
(the deal: given hands, or a seed the cards were shuffled from) plus the list of actions
applied since, so chance is part of the history and a record replays exactly.

Two faces, one state:

* the typed, checked face for people, records and the browser: :meth:`legal_actions`
  (sorted action strings), :meth:`apply` (checks the rules and raises :class:`IllegalAction`
  naming the rule broken, leaving the state unchanged), :meth:`observation`,
  :meth:`result`, :meth:`summary`, :meth:`record`;
* the fast face for computer players' playouts: :meth:`legal_action_ids`,
  :meth:`apply_id` (no checks), :meth:`clone`, :meth:`returns`, :meth:`determinize`;
* the seat-scoped face for the boundary (engine/bridge.py): :meth:`view` (what one seat may
  know, an :class:`engine.view.SeatView`), :meth:`explain` with a ``viewer`` (public facts
  only about another seat's move), :meth:`redeal_unseen` (the same game as the seat has seen
  it, every card hidden from it dealt afresh), :meth:`finished_deals` (the public records of
  the deals played out) and :meth:`is_public`.

Action ids are small ints chosen by each game and independent of the state (the same id
always means the same action text), so ``action_to_string`` and ``string_to_action`` convert
both ways at any time.
"""

from __future__ import annotations

import abc
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias

from .cards import CARD_TEXT
from .i18n import _
from .i18n import seat_name as _seat_name
from .gameinfo import GameInfo
from .view import SeatView, check_viewer, suit_letters

if TYPE_CHECKING:
    from .shapes import Explanation, Observation, Refusal, Result

JSON: TypeAlias = Any
"""A value that json.dumps accepts (dicts, lists, str, int, float, bool, None)."""


class EngineError(Exception):
    """Base of every error the engine raises on bad input."""


class IllegalAction(EngineError):
    """An action that the rules forbid now. ``rule`` says which rule, in plain words."""

    def __init__(self, action: str, seat: int | None, rule: str, anchor: str | None = None):
        self.action = action
        self.seat = seat
        self.rule = rule
        self.anchor = anchor
        """The id of the rules-page section that states the rule (e.g. 'playing-a-trick')."""
        self.sentence: str | None = None
        """The refusal as a page says it, set by the bridge (engine.table.refused_sentence)."""
        self.index: int | None = None
        """Where in a record's line of actions the action stands, when it came from one (set by
        the bridge, which replays a loaded record's line before it opens it)."""
        super().__init__(f"{action}: {rule}")


class ActionSyntaxError(EngineError):
    """Text that is not an action of this game at all (e.g. 'ZZ' or 'swap x')."""


class SetupError(EngineError):
    """A setup (deal) that cannot be played: ``field`` names what is wrong, e.g. 'hands[2]'."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}")


def refusal(action: str, err: ActionSyntaxError | IllegalAction, mover: int | None) -> Refusal:
    """What ``Game.explain`` answers for an action that cannot be played now: ``legal: False``
    with the rule (or the syntax error) in words and its rules-page anchor."""
    if isinstance(err, IllegalAction):
        return {"legal": False, "action": action, "seat": err.seat, "rule": err.rule,
                "anchor": err.anchor, "text": err.rule[0].upper() + err.rule[1:] + "."}
    return {"legal": False, "action": action, "seat": mover, "rule": str(err), "anchor": None,
            "text": str(err)}


def hidden_refusal(action: str, mover: int | None) -> Refusal:
    """What ``explain`` answers a viewer about an action another seat cannot play: nothing
    that depends on that seat's hand (which cards it holds, which it must play)."""
    rule = (_("the game is over") if mover is None
            else _("it is seat {seat}'s turn, not yours").format(seat=mover))
    return {"legal": False, "action": action, "seat": mover, "rule": rule, "anchor": None,
            "text": rule[0].upper() + rule[1:] + "."}


@dataclass(frozen=True)
class Names:
    """How an explanation names the seats and the sides: as the table does ("South", "North
    and South"), or in the engine's words ("seat 2", and the game's own for a side).

    >>> Names(seats=("South", "East")).seat(1, start=True), Names().seat(1)
    ('East', 'seat 1')
    """

    seats: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()

    def seat(self, seat: int, start: bool = False) -> str:
        return _start(_seat_name(self.seats[seat]) if self.seats
                      else _("seat {n}").format(n=seat), start)

    def side(self, side: int, default: str, start: bool = False) -> str:
        """The side's name, else ``default`` (the game's words for it)."""
        return _start(side_name(self.sides[side]) if self.sides else default, start)


def side_name(name: str) -> str:
    """A side's name in the current language: a pair of the table's seats ("North and South")
    is said with the seats' names ("Nord e Sud"); a name the visitor gave stays as written."""
    seats = name.split(" and ")
    if len(seats) == 2 and all(s in _SEAT_WORDS for s in seats):
        return _("{items} and {last}").format(items=_seat_name(seats[0]), last=_seat_name(seats[1]))
    return _seat_name(name)


_SEAT_WORDS = ("South", "East", "North", "West")


def _start(name: str, start: bool) -> str:
    return name[:1].upper() + name[1:] if start else name


NO_NAMES = Names()


def is_int(value: Any) -> bool:
    """An exact integer: not a bool (True == 1) and not a float (2.0 == 2)."""
    return type(value) is int


class Game(abc.ABC):
    """A game in progress. Subclasses set ``name``, ``min_players`` and ``max_players``."""

    __slots__ = ()
    """Empty, so a subclass may use ``__slots__`` for fast attribute access and cheap clones."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    info: ClassVar[GameInfo]
    """The game's facts for everything outside its rules (engine/gameinfo.py)."""

    num_players: int
    actions: list[int]
    """The action ids applied so far, in order (the history after the setup)."""

    # ---- building -------------------------------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def from_setup(cls, setup: dict[str, JSON]) -> Self:
        """A new game from a record's setup fields (without ``game`` and ``actions``).

        Either the deal is given (e.g. ``hands``) or ``seed`` is; raises SetupError naming the
        field that is wrong.
        """

    @classmethod
    def new(cls, seed: int, **options: JSON) -> Self:
        """A new game whose cards are shuffled by ``random.Random(seed)``."""
        return cls.from_setup({"seed": seed, **options})

    @abc.abstractmethod
    def setup(self) -> dict[str, JSON]:
        """The setup fields that rebuild this game's start with :meth:`from_setup`."""

    # ---- the fast face --------------------------------------------------------------------

    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""

    @abc.abstractmethod
    def legal_action_ids(self) -> list[int]:
        """Legal action ids, ascending. Empty once the game is over."""

    @abc.abstractmethod
    def apply_id(self, action: int) -> None:
        """Apply a legal action id without checking it (the caller got it from legal_action_ids)."""

    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @abc.abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap enough for playouts."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Per seat, the outcome so far as a number to maximise (e.g. own side's points minus
        the other side's). Computer players compare these at the end of playouts."""

    @abc.abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state that ``seat`` cannot tell from this one: every card hidden from the seat
        is redealt at random among the places it could be, keeping all that the seat knows
        (its own hand, cards seen, voids revealed by play). The result's history may differ
        from this game's; only its present state and future matter."""

    # ---- actions as text ------------------------------------------------------------------

    @abc.abstractmethod
    def action_to_string(self, action: int) -> str: ...

    @abc.abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse an action; raises ActionSyntaxError (not a rules check)."""

    @abc.abstractmethod
    def check_action(self, action: int) -> None:
        """Raise IllegalAction (with the rule in plain words) unless the action is legal now."""

    # ---- the checked face -----------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        return [self.action_to_string(a) for a in self.legal_action_ids()]

    def apply(self, action: str) -> None:
        """Apply an action given as text, after checking every rule.

        Raises ActionSyntaxError or IllegalAction and leaves the state unchanged on failure.
        """
        if self.is_over():
            raise IllegalAction(action, None, _("the game is over: no more moves can be played"))
        action_id = self.string_to_action(action)
        self.check_action(action_id)
        self.apply_id(action_id)

    def history(self) -> list[str]:
        """The actions applied so far, as text. Replaying them from the setup gives this game."""
        return [self.action_to_string(a) for a in self.actions]

    def record(self) -> dict[str, JSON]:
        """The game as a record: ``game``, the setup fields and ``actions``."""
        return {"game": self.name, **self.setup(), "actions": self.history()}

    @abc.abstractmethod
    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` may know now, as JSON: its own hand, public cards, tricks, scores;
        other hands masked (their sizes only). ``None`` is a spectator who sees every hand
        (the demo's open-hands view)."""

    @abc.abstractmethod
    def result(self) -> Result | None:
        """The outcome once over (points, winner, reason), else None."""

    @abc.abstractmethod
    def summary(self) -> dict[str, JSON]:
        """What ``python -m engine replay`` prints: the game's tricks or deals, points, result."""

    def explain(self, action: str, viewer: int | None = None,
                names: Names | None = None) -> Explanation | Refusal:
        """Facts about playing ``action`` now: what it does and which rule applies, with a
        ``text`` that names seats and sides by ``names`` (the table's; default the engine's).

        ``viewer`` is who is told. The spectator (None, the default: the demo and the
        practice) and the mover themselves hear everything, the mover's other choices
        included; any other seat hears only what the table shows once the card is down (no
        ``choices``, no ``forced``, no legal moves of another seat). An action that cannot
        be played now is a :class:`engine.shapes.Refusal`, told to another seat without a
        word about the mover's hand."""
        mover = self.current_player()
        private = viewer is not None and viewer != mover
        try:
            action_id = self.string_to_action(action)
            self.check_action(action_id)
        except ActionSyntaxError as err:
            return refusal(action, err, mover)
        except IllegalAction as err:
            return hidden_refusal(action, mover) if private else refusal(action, err, mover)
        return self.explain_legal(action_id, viewer, private, names or NO_NAMES)

    @abc.abstractmethod
    def explain_legal(self, action: int, viewer: int | None, private: bool,
                      names: Names) -> Explanation:
        """:meth:`explain` for a legal action id; ``private``: told to a seat other than the
        mover."""

    # ---- the seat-scoped face -------------------------------------------------------------

    def view(self, viewer: int | None) -> SeatView:
        """What ``viewer`` may know now (None: the spectator, every hand open)."""
        viewer = check_viewer(viewer, self.num_players)
        obs = self.observation(viewer)
        exposed = self.exposed_cards()
        return SeatView(
            game=self.name,
            viewer=viewer,
            players=self.num_players,
            to_play=self.current_player(),
            over=self.is_over(),
            hands=tuple(None if h is None else tuple(h) for h in obs["hands"]),
            hand_sizes=tuple(obs["hand_sizes"]),
            exposed=tuple(tuple(CARD_TEXT[c] for c in cards) for cards in exposed),
            voids=tuple(suit_letters(m) for m in self.shown_voids()),
            stock_size=self.stock_size,
            legal=tuple(obs["legal_actions"]),
            observation=obs,
            result=self.result(),
        )

    def match_won(self) -> list[int]:
        """Per seat: 1 once its side has won the match, -1 once another side has, else 0
        (a game of one deal: always 0; engine/match.py)."""
        return [0] * self.num_players

    def side_seats(self) -> list[list[int]]:
        """Per side (who scores together), its seats: each seat alone unless a game pairs
        them."""
        return [[s] for s in range(self.num_players)]

    @property
    def stock_size(self) -> int:
        """Face-down cards still to draw or deal (0 in games without a stock)."""
        return 0

    def exposed_cards(self) -> list[list[int]]:
        """Per seat, the card indices of its hand that everybody knows are there."""
        return [[] for _ in range(self.num_players)]

    def shown_voids(self) -> list[int]:
        """Per seat, a 4-bit mask of the suits it has shown it lacks (by not following)."""
        return [0] * self.num_players

    @abc.abstractmethod
    def redeal_unseen(self, seat: int, rng: random.Random) -> Self:
        """The same game as ``seat`` has seen it, with every card hidden from it dealt afresh.

        The result is a real game with the same public history this deal and the same
        :meth:`view` for ``seat`` at every point of it; each card ``seat`` has not seen is
        redealt at random (uniformly among the deals consistent with everything ``seat``
        saw: its own hands and draws, the cards played, the voids shown, the turned card).
        Later deals of a match come from a fresh secret seed. Its :meth:`record` is the
        current deal with explicit cards, its place in the match (deal number, dealer,
        totals before it) and this deal's actions, and replays exactly to it. Earlier deals
        (public, and finished) are not part of it.

        Undo, the saved game and any record of an unfinished seat's session are made of it,
        so that taking a move back or reading the storage tells nothing about hidden cards.
        """

    def _replay_redealt(self, setup: dict[str, JSON], rng: random.Random,
                        continues: bool) -> Self:
        """The game a redealt deal's ``setup`` starts, with this deal's actions applied:
        for :meth:`redeal_unseen`. A match that ``continues`` deals on from a secret seed
        drawn from ``rng``."""
        if continues:
            setup["one_deal"] = False
        game = type(self).from_setup(setup)
        game.reseed_later_deals(rng)
        for action in self.deal_actions():
            game.apply_id(action)
        return game

    def deal_actions(self) -> list[int]:
        """The action ids of the deal in progress (the last deal, once the game is over)."""
        return self.actions[:]

    def reseed_later_deals(self, rng: random.Random) -> None:
        """Shuffle the match's later deals (if it has any) from a fresh seed drawn from
        ``rng``: a redealt game's future is a secret of its own. Games of one deal ignore it."""

    @abc.abstractmethod
    def finished_deals(self) -> list[dict[str, JSON]]:
        """The records of the deals played out so far (the last one may be the deal that
        ended the game), each public: explicit cards and that deal's actions alone, with its
        place in the match (``deal``, ``dealer``, the ``totals`` before it), no seed."""

    @abc.abstractmethod
    def record_shows_every_card(self) -> bool:
        """True when the record names every card this game will ever deal (an explicit deal
        that ends the game), False for a seed or a match that deals on in secret."""

    def is_public(self) -> bool:
        """Whether every hand may be shown face up: the record shows every card anyway, or
        the game is over."""
        return self.is_over() or self.record_shows_every_card()
