"""The table as a page draws it: one game-neutral description, built from one seat's view.

Every page that shows cards (the demo, practice, play, the replay, the coach's moments, the
friends' table, and the build's pages for readers without JavaScript) draws the same value,
:func:`describe`: the seats around the table (name, role, the hand face up or as a count, the
cards everybody knows are in it, badges), the centre (the trick with who played what and which
card is winning, or Scopa's table cards), the stock, the score table, the match's progress, the
last move with what it did, and once a deal or the game is over its outcome, all already in
words. The page decides nothing: it places what it is given.

The description is built from a :class:`engine.view.SeatView` and the last move as that seat
was told it, and nothing else: the hooks below are class methods, so a game cannot reach into
its own hidden state while describing its table. A game overrides a few of them (in the manner
of python-chess's variants), :class:`TableHooks` giving what every game shares.

>>> from engine.games import GAMES
>>> game = GAMES["briscola"].new(7)
>>> table = describe(game, game.view(0), Names(("South", "North")), None)
>>> [seat["name"] for seat in table["seats"]], table["seats"][1]["hand"]["count"]
(['South', 'North'], 3)
>>> [card["card"] for card in table["seats"][1]["hand"]["cards"]]   # North's: not South's to see
[None, None, None]
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from .cards import CARD_BY_TEXT, CARDS, current_deck
from .i18n import _, ngettext
from .i18n import seat_name as _seat_name
from .protocol import Names, side_name

if TYPE_CHECKING:
    from .shapes import (CentreShape, ChoiceGroup, ChoiceOption, EventShape, HandCard, LastMove,
                         OutcomeShape, ProgressShape, RuleLink, ScoreShape, SeatShape, StockShape,
                         TableShape)
    from .view import SeatView

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
POSITIONS = {2: ("south", "north"), 3: ("south", "east", "west"),
             4: ("south", "east", "north", "west")}

__all__ = ["Names", "TableHooks", "bottom_seat", "card_name", "choices", "describe", "describe_table",
           "action_card", "lay_out", "log_words", "outcome_words", "cards_count", "refused_sentence"]


_TRICK_COUNT = re.compile(r"(wins the trick|fa la presa)(?: \((?:no|\d+) points?\)"
                          r"| \((?:nessun|\d+) punt[oi]\)"
                          r"|( with [^.:]+): (?:no|\d+) points? (?:to|for) [^.]+(?=\.)"
                          r"|( con [^.:]+): (?:nessun|\d+) punt[oi] (?:a|per) [^.]+(?=\.))")
"""A trick's count in the engine's words for the move that completes it: Briscola's "North
wins the trick (8 points) and draws first", Madrasso's "West wins the trick with the ace of
clubs, the highest club, the suit led: 21 points to East and West."."""
_LAST_TRICK_SENTENCE = re.compile(r" (?:It is the last trick: \d+ more for|È l’ultima presa: "
                                  r"\d+ in più per) [^.]+\.")
"""Madrasso's last trick's bonus, in the move's words ("It is the last trick: N more for ...")."""


def without_count(text: str) -> str:
    """A move's words without the trick's count, for the move that completes a trick: the
    table's caption beside them counts it ("North wins the trick: 4 + 4 = 8 points to North",
    the last trick's bonus too), so the last move's line says who won and why, not the count.

    >>> without_count("The ace takes the two: the higher card. North wins the trick (11 points) "
    ...               "and draws first and leads next.")
    'The ace takes the two: the higher card. North wins the trick and draws first and leads next.'
    """
    return _TRICK_COUNT.sub(lambda m: m.group(1) + (m.group(2) or m.group(3) or ""),
                            _LAST_TRICK_SENTENCE.sub("", text))


def card_name(card: str) -> str:
    """'KC' -> 'king of clubs'."""
    return CARDS[CARD_BY_TEXT[card]].name


def cards_count(n: int) -> str:
    """'1 card', '3 cards'; '1 carta', '3 carte'."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def list_words(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) == 1:
        return items[0]
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def the_cards(cards: list[str]) -> str:
    return list_words([CARDS[CARD_BY_TEXT[c]].the for c in cards])


def position(seat: int, bottom: int, players: int) -> str:
    """Where a seat sits on screen when ``bottom`` sits at the bottom."""
    return POSITIONS[players][(seat - bottom) % players]


class TableHooks:
    """The hooks :func:`describe` calls; each game overrides the few that differ. Class
    methods: what they may read is the view (and the last move told to the same seat)."""

    SHOWS_DEALER = True
    """Whether a seat is marked as the dealer (Briscola has no dealer to speak of)."""

    @classmethod
    def table_side_name(cls, view: SeatView, names: Names, side: int) -> str:
        seats = view.observation["sides"][side]
        if names.sides:
            return side_name(names.sides[side])
        # A pair is named from the far seat, as these tables say it ("North and South").
        return list_words([seat_name(names, s) for s in reversed(seats)])

    @classmethod
    def table_exposed_tag(cls, view: SeatView, seat: int, card: str) -> str:
        """The words on a card everybody knows is in ``seat``'s hand."""
        return _("known")

    @classmethod
    def table_exposed_aside(cls, view: SeatView, seat: int, card: str) -> bool:
        """Whether a card everybody knows is in the hand lies face up in front of the seat
        (Madrasso's turned-up card) rather than among its cards."""
        return False

    @classmethod
    def table_seat_note(cls, view: SeatView, names: Names, seat: int) -> str | None:
        """A line beside the seat (Madrasso: the turned-up card; a swap)."""
        return None

    @classmethod
    def table_pile(cls, view: SeatView, names: Names, seat: int) -> str | None:
        """What the seat has taken, in words (Scopa's captures and scope)."""
        return None

    @classmethod
    def table_centre(cls, view: SeatView, names: Names, last: LastMove | None) -> CentreShape:
        raise NotImplementedError

    @classmethod
    def table_stock(cls, view: SeatView, names: Names) -> StockShape | None:
        return None

    @classmethod
    def table_score(cls, view: SeatView, names: Names) -> ScoreShape:
        raise NotImplementedError

    @classmethod
    def table_progress(cls, view: SeatView, names: Names) -> ProgressShape:
        raise NotImplementedError

    @classmethod
    def table_event(cls, view: SeatView, names: Names, last: LastMove) -> EventShape:
        """The last move, in words and facts."""
        e = last["explanation"]
        who = seat_name(names, last["seat"]) if last["seat"] is not None else ""
        card = e.get("card")
        text = str(e.get("text") or _("{player} plays {card}.").format(
            player=who, **CARDS[CARD_BY_TEXT[last["action"]]].forms()))
        if e.get("trick_complete"):   # the centre's caption counts the trick beside these words
            text = without_count(text)
        return {"seat": last["seat"], "who": who, "action": last["action"], "card": card,
                "text": text,
                "rule": rule_link(e.get("anchor")), "captured": [],
                "trick_winner": e.get("trick_winner"), "sweep": False, "pause": "short"}

    @classmethod
    def table_deal_over(cls, view: SeatView, last: LastMove | None) -> bool:
        """Whether the last move ended a deal of a match that goes on: the engine already holds
        the next deal, which the page keeps out of sight until the visitor moves on."""
        return False

    @classmethod
    def table_outcome(cls, view: SeatView, names: Names, last: LastMove | None) -> OutcomeShape | None:
        """The end of a deal or of the game, in words (None while a deal is played)."""
        return None

    @classmethod
    def table_opening(cls, view: SeatView, names: Names) -> str:
        """The deal in a sentence, for a new game's first words."""
        return ""

    @classmethod
    def table_turn(cls, view: SeatView, names: Names) -> str:
        """What the viewer may do on its turn, in words."""
        return _("Your turn: choose a card to play.")

    @classmethod
    def table_action_card(cls, action: str) -> str | None:
        """The card an action plays (None: an action that plays no card, Madrasso's swap)."""
        card = action.split(" ")[0]
        return card if card in CARD_BY_TEXT else None

    @classmethod
    def table_option(cls, view: SeatView, action: str) -> ChoiceOption:
        """One of the viewer's legal actions in words: its button's and the log's."""
        return {"action": action,
                "label": _("Play {card}").format(**CARDS[CARD_BY_TEXT[action]].forms()),
                "log": cls.table_log(action), "takes": []}

    @classmethod
    def table_log(cls, action: str) -> str:
        """An action in a log's words, after the mover's name ("plays the king of clubs")."""
        card = cls.table_action_card(action)
        return _("plays {card}").format(**CARDS[CARD_BY_TEXT[card]].forms()) if card else action

    @classmethod
    def table_question(cls, card: str, ways: int) -> str:
        """What a page asks when one card can be played in more than one way."""
        return ngettext("{Card} can be played in {n} way. Which one?",
                        "{Card} can be played in {n} ways. Which one?", ways).format(
            n=ways, Card=_capital(CARDS[CARD_BY_TEXT[card]].the))

    @classmethod
    def table_refused(cls, action: str, rule: str) -> str:
        """A refused move as a page says it: the card and the rule."""
        card = cls.table_action_card(action)
        if card is None:
            return rule[:1].upper() + rule[1:] + "."
        return _("You cannot play {card} ({rule}).").format(
            rule=rule, **CARDS[CARD_BY_TEXT[card]].forms())


def seat_name(names: Names, seat: int) -> str:
    """A seat as the table names it ("North" -> "Nord"; a friend's name as written)."""
    return _seat_name(names.seats[seat]) if names.seats else _("Seat {n}").format(n=seat)


def _capital(text: str) -> str:
    """The first letter made a capital, to start a sentence: 'the ace' -> 'The ace'."""
    return text[:1].upper() + text[1:]


def capital(text: str) -> str:
    """The first letter made a capital, to start a sentence: "l'asso" -> "L'asso"."""
    return _capital(text)


def rule_link(anchor: Any, text: str | None = None) -> RuleLink | None:
    """A link to a rules-page section; without ``text`` the page says the section's title."""
    if not isinstance(anchor, str):
        return None
    return {"anchor": anchor, "text": text}


def side_of(view: SeatView, seat: int) -> int:
    return next(i for i, seats in enumerate(view.observation["sides"]) if seat in seats)


def you_words(view: SeatView, side: int) -> str:
    """' (you)' after the viewer's side in a score table."""
    return _(" (you)") if view.viewer is not None and view.viewer in view.observation["sides"][side] else ""


def role(view: SeatView, seat: int) -> str | None:
    if view.viewer is None:
        return None
    if seat == view.viewer:
        return "you"
    return "partner" if side_of(view, seat) == side_of(view, view.viewer) else "opponent"


def hand_of(hooks: type[TableHooks], view: SeatView, names: Names, seat: int) -> list[HandCard]:
    """The seat's cards in display order (``None`` for a card face down), those everybody knows
    are there tagged."""
    exposed = view.exposed[seat]
    shown = view.hands[seat]
    def known(card: str) -> HandCard:
        return {"card": card, "name": card_name(card), "tag": hooks.table_exposed_tag(view, seat, card),
                "aside": hooks.table_exposed_aside(view, seat, card)}

    if shown is None:
        backs: list[HandCard] = [{"card": None, "name": None, "tag": None, "aside": False}
                                 for _ in range(view.hand_sizes[seat] - len(exposed))]
        return backs + [known(c) for c in exposed]
    return [known(c) if c in exposed else {"card": c, "name": card_name(c), "tag": None, "aside": False}
            for c in shown]


def describe(game: TableHooks, view: SeatView, names: Names, last: LastMove | None,
             bottom: int | None = None) -> TableShape:
    """The table for ``view``'s viewer, with ``last`` (the last move, as that viewer was told
    it; None before the first), ``bottom`` the seat placed at the bottom of the screen (by
    default the viewer, or seat 0 for the spectator: a practice position whose visitor plays
    East, every hand open, puts East there). ``bottom`` is layout only: which cards show is
    the view's, and every seat keeps its name and role."""
    hooks = type(game)
    obs = view.observation
    bottom = bottom_seat(view.viewer, bottom, view.players)
    dealer = obs.get("dealer")
    between = hooks.table_deal_over(view, last)
    seats: list[SeatShape] = []
    for seat in range(view.players):
        name = seat_name(names, seat)
        badges = []
        if hooks.SHOWS_DEALER and dealer == seat:
            badges.append("dealer")
        if view.to_play == seat and not between:
            badges.append("to play")
        hand = hand_of(hooks, view, names, seat)
        hidden = sum(1 for c in hand if c["card"] is None)
        seat_role = role(view, seat)
        seats.append({
            "seat": seat, "name": name, "role": seat_role,
            "role_words": ROLE_WORDS[seat_role]() if seat_role else None,
            "position": position(seat, bottom, view.players), "side": side_of(view, seat),
            "label": name + (f" ({ROLE_WORDS[seat_role]()})" if seat_role else ""),
            "hand": {"cards": hand, "count": len(hand),
                     "words": _hand_words(name, len(hand), hidden)},
            "badges": badges,
            "note": hooks.table_seat_note(view, names, seat),
            "pile": hooks.table_pile(view, names, seat),
        })
    event = hooks.table_event(view, names, last) if last and last["explanation"] else None
    table: TableShape = {
        "game": view.game, "viewer": view.viewer, "bottom": bottom, "players": view.players,
        "to_play": None if between else view.to_play,
        "your_turn": view.my_turn and not between,
        "turn_words": hooks.table_turn(view, names) if view.my_turn and not between else None,
        "waiting_words": (_("{player} is to play.").format(player=seat_name(names, view.to_play))
                          if view.to_play is not None and not view.my_turn and not between else None),
        "between_deals": between, "over": view.over,
        "sides": [hooks.table_side_name(view, names, side) for side in range(len(obs["sides"]))],
        "seats": seats,
        "centre": hooks.table_centre(view, names, last),
        "stock": hooks.table_stock(view, names),
        "score": hooks.table_score(view, names),
        "progress": hooks.table_progress(view, names),
        "last": event,
        "outcome": hooks.table_outcome(view, names, last),
        "opening": hooks.table_opening(view, names),
        "choices": choices(hooks, view) if not between else None,
    }
    return lay_out(table, bottom)


ROLE_WORDS = {"you": lambda: _("you"), "partner": lambda: _("partner"),
              "opponent": lambda: _("opponent")}
"""A seat's role in words, after its name in its label ("North (partner)")."""


def _hand_words(name: str, count: int, hidden: int) -> str:
    """"North’s cards: 3 cards, face down"."""
    cards = cards_count(count)
    if hidden == count and count:
        return _("{player}’s cards: {cards}, face down").format(player=name, cards=cards)
    if hidden:
        return _("{player}’s cards: {cards}, {n} face down").format(player=name, cards=cards,
                                                                   n=hidden)
    return _("{player}’s cards: {cards}").format(player=name, cards=cards)


def choices(hooks: type[TableHooks], view: SeatView) -> list[ChoiceGroup] | None:
    """The view's legal actions in words, grouped by the card they play (in the order the
    engine lists them). Built from ``view.legal``, which holds the viewer's own actions on its
    own turn only (the spectator of a public record: the mover's), so a seat is never told
    another seat's options; None when there are none."""
    groups: dict[str | None, ChoiceGroup] = {}
    for action in view.legal:
        card = hooks.table_action_card(action)
        group = groups.setdefault(card, {"card": card, "name": card_name(card) if card else None,
                                         "question": None, "options": []})
        group["options"].append(hooks.table_option(view, action))
    for card, group in groups.items():
        if card is not None and len(group["options"]) > 1:
            group["question"] = hooks.table_question(card, len(group["options"]))
    return list(groups.values()) or None


def refused_sentence(game: object, action: str, rule: str) -> str:
    """A refused action as the page says it, from the action the seat itself sent and the
    rule (which speaks only of the mover's own cards and the public table)."""
    assert isinstance(game, TableHooks), f"{type(game).__name__} has no table hooks"
    return type(game).table_refused(action, rule)


def log_words(game: object, action: str) -> str:
    """An action in a log's words, after the mover's name ("plays the king of clubs", Madrasso's
    "swaps the seven of trumps for the turned-up card")."""
    assert isinstance(game, TableHooks), f"{type(game).__name__} has no table hooks"
    return type(game).table_log(action)


def action_card(game: object, action: str) -> str | None:
    """The card an action plays (None: one that plays no card, Madrasso's swap)."""
    assert isinstance(game, TableHooks), f"{type(game).__name__} has no table hooks"
    return type(game).table_action_card(action)


def outcome_words(outcome: OutcomeShape) -> str:
    """A deal's or the game's outcome as one paragraph of text (for a page without the table
    that draws it): the title, the lines, and the breakdown's rows in words ("Most cards: South
    24 ✓ 1 point, North 16.")."""
    said = [outcome["title"].rstrip(".!") + ".", *outcome["lines"]]
    breakdown = outcome["breakdown"]
    if breakdown:
        heads = [c["head"] for c in breakdown["columns"][1:]]
        said.append(breakdown["caption"] + ":")
        for row in breakdown["rows"]:
            cells = [f"{head} {cell}" for head, cell in zip(heads, row["cells"]) if cell]
            said.append(f"{row['head']}: {', '.join(cells) or _('nobody')}.")
    return " ".join(said)


def bottom_seat(viewer: int | None, bottom: int | None, players: int) -> int:
    """The seat at the bottom: ``bottom`` when given, else the viewer's, else seat 0."""
    seat = bottom if bottom is not None else viewer if viewer is not None else 0
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"the seat at the bottom is a seat from 0 to {players - 1}, not {seat!r}")
    return seat


def lay_out(table: TableShape, bottom: int) -> TableShape:
    """Place the seats and the cards they played (the centre's and the one looked at again)
    with ``bottom`` at the bottom: the one place positions are decided."""
    players = table["players"]
    table["bottom"] = bottom
    for seat in table["seats"]:
        seat["position"] = position(seat["seat"], bottom, players)
    centre = table["centre"]
    for shown in (centre, centre["review"] if centre else None):
        for card in shown["cards"] if shown else []:
            card["position"] = None if card["seat"] is None else position(card["seat"], bottom, players)
    return table


def suit_label(suit: str, noun: str) -> str:
    """'Trump: ♣ clubs'; in the Venetian deck, whose suits have no such sign, 'Trump: batons'."""
    if current_deck() != "toscane":
        return _("Trump: {suit}").format(suit=noun)
    return _("Trump: {suit}").format(suit=f"{SUIT_SYMBOLS[suit]} {noun}")


def score_table(caption: str, row_key: str, columns: list[tuple[str, str]],
                rows: list[tuple[int, str, list[str]]]) -> ScoreShape:
    """A score table: ``columns`` are (heading, key) after the row heading's column (the first
    column's key is unused); ``rows`` are (side or seat, heading, cells)."""
    return {"caption": caption, "row_key": row_key,
            "columns": [{"head": head, "key": key} for head, key in columns],
            "rows": [{"key": key, "head": head, "cells": cells} for key, head, cells in rows]}


def outcome(kind: Literal["deal", "game"], title: str, lines: list[str], *, rule: RuleLink | None = None,
            breakdown: ScoreShape | None = None, replay: str | None = None,
            review: str | None = None, whole_match: bool = False) -> OutcomeShape:
    """The end of a deal (``kind`` "deal": the match goes on) or of the game ("game")."""
    return {"kind": kind, "title": title, "lines": lines, "rule": rule, "breakdown": breakdown,
            "replay": _("Replay the last deal") if replay is None else replay,
            "review": _("Review the last deal") if review is None else review,
            "whole_match": whole_match}


def describe_table(game: object, view: SeatView, names: Names, last: Any,
                   bottom: int | None = None) -> TableShape:
    """:func:`describe` for any game of the engine (all of them have the table's hooks)."""
    assert isinstance(game, TableHooks), f"{type(game).__name__} has no table hooks"
    return describe(game, view, names, last, bottom)


def deal_over(game: object, view: SeatView, last: Any) -> bool:
    """Whether ``last`` ended a deal of a match that goes on (the table between two deals)."""
    assert isinstance(game, TableHooks), f"{type(game).__name__} has no table hooks"
    return type(game).table_deal_over(view, last)


def public_table(table: Any, players: int) -> Any:
    """The spectators' table from what every seat's table says alike (engine.view.common): the
    places each seat's own table turns (who sits at the bottom, "you") laid out from seat 0."""
    for seat in table["seats"]:
        seat["role"] = None
        seat["label"] = seat["name"]
    lay_out(table, 0)
    if table["last"] and table["last"]["text"] is None:
        table["last"]["text"] = ""
    return table
