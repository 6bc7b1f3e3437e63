"""The guided game (issue 30): at each of the learner's turns, what the coach says beside the
table, from the learner's seat alone.

* ``playable``: the legal moves (the page lifts those cards);
* ``suggestion``: the expert's card and its reason in one sentence (the hint's own);
* ``landed``: each card the other seats played since the learner's last move, explained from
  public information only: what was led, followed, trumped or thrown, and the void it shows
  (the view's ``voids``: what the play itself proved), who took the trick; in Scopa what was
  taken and whether it swept the table;
* ``ideas``: the ideas that apply for the first time in this game now, each once: follow
  suit (where the rules make you: the legal moves are fewer than the cards held), the first
  void (trump or discard), the seven swap, the last trick's bonus; in Scopa the capture, the
  sweep, the settebello, primiera at the count;
* ``your_card``: the learner's previous move with its mark, and a word when it was costly
  (a legal card is never refused).

Everything is computed from the game's line and the seat's views along it, so the answer for a
position is always the same and an idea is introduced at the first position it applies to.
The rules' facts come from the games' modules and GameInfo (the last trick's bonus, which
moves are legal, the voids shown, the deal's count), never restated here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..cards import CARD_BY_TEXT, CARD_TEXT, CARDS, PRIMIERA
from ..i18n import N_, _, ngettext, pgettext
from ..protocol import Game
from ..scopa import SEVEN_OF_DIAMONDS
from ..tricks import play_kind, trick_winner
from ..view import SeatView
from . import words as w
from .review import Valued, value_move

__all__ = ["IDEAS", "guide", "landed_words", "visible_cards"]


@dataclass(frozen=True)
class Idea:
    key: str
    title: tuple[str, str]
    """Its title, a message (``N_``) said in the current language where it is shown."""
    trick_taking: bool
    """For the trick games (True) or for Scopa's captures (False)."""
    applies: Callable[[Game, int, SeatView], bool]
    words: Callable[[Game, int, SeatView], str]


def _trick(view: SeatView) -> list[str]:
    obs = cast(dict[str, Any], view.observation)
    trick = obs.get("trick") or {}
    return [c["card"] for c in trick.get("cards", [])]


def _cards_held(view: SeatView) -> list[str]:
    hand = view.hands[view.viewer] if view.viewer is not None else None
    return list(hand or ())


def _suit_noun(code: str) -> str:
    return CARDS[CARD_BY_TEXT[code]].suit.noun


def _trump_letter(view: SeatView) -> str:
    obs = cast(dict[str, Any], view.observation)
    return str(obs["trump"]["suit"])


def _my_turn(game: Game, seat: int, view: SeatView) -> bool:
    return not game.is_over() and game.current_player() == seat and bool(view.legal)


def _follow(game: Game, seat: int, view: SeatView) -> bool:
    trick = _trick(view)
    if not trick or not _my_turn(game, seat, view):
        return False
    led = trick[0][1]
    held = [c for c in _cards_held(view) if c[1] == led]
    cards = [a for a in view.legal if a in CARD_BY_TEXT]
    return bool(held) and len(cards) < len(_cards_held(view))


def _follow_words(game: Game, seat: int, view: SeatView) -> str:
    led = _suit_noun(_trick(view)[0])
    return _("Follow suit: {suit} were led and you hold {suit}, so the rules let you play only "
             "those (the cards lifted). Had you none, any card would do.").format(suit=led)


def _void(game: Game, seat: int, view: SeatView) -> bool:
    trick = _trick(view)
    if not trick or not _my_turn(game, seat, view):
        return False
    led = trick[0][1]
    return not any(c[1] == led for c in _cards_held(view))


def _void_words(game: Game, seat: int, view: SeatView) -> str:
    led = _suit_noun(_trick(view)[0])
    trump = _trump_letter(view)
    cards = [a for a in view.legal if a in CARD_BY_TEXT]
    trumps = [c for c in cards if c[1] == trump]
    others = [c for c in cards if c[1] != trump]
    noun = _suit_noun("A" + trump)
    if trumps and others:
        return _("You have no {suit}: you may trump (a card of {trumps}, the trump suit, beats "
                 "every card of another suit) to take the trick, or throw away a card you do "
                 "not need. Throw a card worth nothing when the trick is not worth taking."
                 ).format(suit=led, trumps=noun)
    if trumps:
        return _("You have no {suit}: the cards you may play now are trumps ({trumps}), "
                 "and any of them takes this trick unless a higher trump follows."
                 ).format(suit=led, trumps=noun)
    return _("You have no {suit} and no trump: whatever you play cannot take this trick, "
             "so throw away the card you need least, and no points if you can help it."
             ).format(suit=led)


def _swap(game: Game, seat: int, view: SeatView) -> bool:
    return _my_turn(game, seat, view) and "swap" in view.legal


def _swap_words(game: Game, seat: int, view: SeatView) -> str:
    obs = cast(dict[str, Any], view.observation)
    turned = obs["turned"]["card"]
    return _("The seven swap: you hold the seven of trumps, and you may swap it for the turned "
             "card, {card}, before you play, during the first trick only. You take a stronger "
             "trump (and its points) for the seven.").format(**w.forms(turned))


def _last_trick(game: Game, seat: int, view: SeatView) -> bool:
    info = game.info
    if not info.last_trick_bonus or not _my_turn(game, seat, view):
        return False
    obs = cast(dict[str, Any], view.observation)
    return len(obs.get("tricks", [])) == info.tricks_per_deal - 1


def _last_trick_words(game: Game, seat: int, view: SeatView) -> str:
    bonus = game.info.last_trick_bonus
    return _("This is the deal's last trick: whoever takes it scores {n} points more "
             "besides its cards. Keep a strong card for it when you can.").format(n=bonus)


def _captures(view: SeatView) -> list[str]:
    return [a for a in view.legal if " x " in a]


def _capture(game: Game, seat: int, view: SeatView) -> bool:
    return _my_turn(game, seat, view) and bool(_captures(view))


def _capture_words(game: Game, seat: int, view: SeatView) -> str:
    first = _captures(view)[0]
    card, taken = first.split(" x ")
    return _("Capturing: a card you play takes a card of the same value from the table, or "
             "cards whose values add up to it; {card} can take {cards} now. When a card can "
             "take, it must (the moves lifted).").format(**w.forms(card),
                                                        **w.card_list(taken.split()))


def _table(view: SeatView) -> list[str]:
    return list(cast(dict[str, Any], view.observation).get("table", []))


def _sweep(game: Game, seat: int, view: SeatView) -> bool:
    if not _my_turn(game, seat, view):
        return False
    table = set(_table(view))
    return any(set(a.split(" x ")[1].split()) == table for a in _captures(view))


def _sweep_words(game: Game, seat: int, view: SeatView) -> str:
    table = set(_table(view))
    sweep = next(a for a in _captures(view) if set(a.split(" x ")[1].split()) == table)
    return _("A sweep (scopa): {card} would take every card on the table, and clearing the "
             "table scores a point of its own at the count.").format(**w.forms(sweep.split()[0]))


SETTEBELLO = CARD_TEXT[SEVEN_OF_DIAMONDS]
"""The settebello, the card the count scores on its own (engine/scopa.py's ``score_deal``)."""


def _settebello(game: Game, seat: int, view: SeatView) -> bool:
    return _my_turn(game, seat, view) and SETTEBELLO in (*_cards_held(view), *_table(view))


def _settebello_words(game: Game, seat: int, view: SeatView) -> str:
    if SETTEBELLO in _cards_held(view):
        said = _("The settebello, {card}, is in your hand: the side that captures it scores a "
                 "point for it alone at the count, and it counts toward {suits} and primiera too.")
    else:
        said = _("The settebello, {card}, is on the table: the side that captures it scores a "
                 "point for it alone at the count, and it counts toward {suits} and primiera too.")
    return said.format(suits=CARDS[SEVEN_OF_DIAMONDS].suit.noun, **w.forms(SETTEBELLO))


def _count(view: SeatView) -> dict[str, Any] | None:
    obs = cast(dict[str, Any], view.observation)
    deals = obs.get("deals") or []
    return cast(dict[str, Any], deals[-1]) if deals else None


def _primiera(game: Game, seat: int, view: SeatView) -> bool:
    return _count(view) is not None


def _primiera_words(game: Game, seat: int, view: SeatView) -> str:
    count = _count(view) or {}
    sums = count.get("primiera_sums")
    top = CARDS[max(range(len(CARDS)), key=lambda i: PRIMIERA[i])].rank.a
    said = ""
    if sums:
        names = w.seat_names(game.num_players)
        sides = cast(dict[str, Any], view.observation).get("sides") or []
        parts = [f"{w.listed(names[s] for s in side)} {'-' if total is None else total}"
                 for side, total in zip(sides, sums)]
        said = " " + _("This deal's sums: {sums}.").format(sums=w.listed(parts))
    return _("Primiera, at the count: each side takes its best captured card of each suit, by "
             "its primiera value ({a_rank} counts most), and adds them up; the higher sum "
             "scores a point.").format(a_rank=top) + said


IDEAS: tuple[Idea, ...] = (
    Idea("follow_suit", N_("idea", "Follow suit"), True, _follow, _follow_words),
    Idea("first_void", N_("idea", "No card of the suit led"), True, _void, _void_words),
    Idea("seven_swap", N_("idea", "The seven swap"), True, _swap, _swap_words),
    Idea("last_trick", N_("idea", "The last trick"), True, _last_trick, _last_trick_words),
    Idea("capture", N_("idea", "Capturing"), False, _capture, _capture_words),
    Idea("sweep", N_("idea", "The sweep"), False, _sweep, _sweep_words),
    Idea("settebello", N_("idea", "The settebello"), False, _settebello, _settebello_words),
    Idea("primiera", N_("idea", "Primiera"), False, _primiera, _primiera_words),
)
"""The ideas a guided game introduces, each once, where it first applies."""


# ---- the other seats' cards, in words -----------------------------------------------------------


def landed_words(before: Game, action: str, after: Game, seat: int,
                 names: Sequence[str]) -> str:
    """One sentence on another seat's move, from ``seat``'s views before and after it."""
    mover = before.current_player()
    assert mover is not None
    who = names[mover]
    if not before.info.trick_taking:
        return _capture_landed(action, after, seat, who)
    if action == "swap":
        obs = cast(dict[str, Any], before.view(seat).observation)
        return _("{player} swaps the seven of trumps for the turned card, {card}.").format(
            player=who, **w.forms(obs["turned"]["card"]))
    view, later = before.view(seat), after.view(seat)
    trick = _trick(view)
    trump = _trump_letter(view)
    card = CARD_BY_TEXT[action]
    kind = play_kind(card, [CARD_BY_TEXT[c] for c in trick], "CDHS".index(trump))
    named = w.forms(action)
    if kind == "lead":
        text = (_("{player} leads {card}, a trump") if action[1] == trump
                else _("{player} leads {card}")).format(player=who, **named)
    else:
        led = _suit_noun(trick[0])
        shown = trick[0][1] in later.voids[mover]  # the play itself proved it
        if kind == "follow":
            text = _("{player} follows suit with {card}").format(player=who, **named)
        elif kind == "trump":
            text = _("{player} trumps with {card}").format(player=who, **named)
        else:
            text = _("{player} throws {card}").format(player=who, **named)
        if kind != "follow" and shown:
            text += _(": it has no {suit} left").format(suit=led)
        cards = [*[CARD_BY_TEXT[c] for c in trick], card]
        if trick_winner(cards, "CDHS".index(trump)) == len(cards) - 1:
            text += _(", and it takes the trick so far")
    done = _finished_trick(view, later)
    if done is not None:
        taker = names[done["winner"]]
        points = done.get("points")
        if points is None:
            text += ". " + _("{player} takes the trick").format(player=taker)
        else:
            text += ". " + ngettext("{player} takes the trick with {n} card point in it",
                                    "{player} takes the trick with {n} card points in it",
                                    points).format(player=taker, n=points)
    return w.sentence(text)


def _finished_trick(view: SeatView, later: SeatView) -> dict[str, Any] | None:
    before = cast(dict[str, Any], view.observation).get("tricks", [])
    after = cast(dict[str, Any], later.observation).get("tricks", [])
    if len(after) > len(before):
        return cast(dict[str, Any], after[-1])
    return None


def _capture_landed(action: str, after: Game, seat: int, who: str) -> str:
    card, _sep, taken = action.partition(" x ")
    if not taken:
        return w.sentence(_("{player} lays {card} on the table: it takes nothing").format(
            player=who, **w.forms(card)))
    plays = cast(dict[str, Any], after.view(seat).observation).get("plays") or []
    swept = bool(plays) and bool(plays[-1].get("scopa")) and plays[-1].get("card") == card
    text = _("{player} plays {card} and takes {cards}").format(
        player=who, **w.forms(card), **w.card_list(taken.split()))
    if swept:
        text += _(": the table is swept, a scopa")
    return w.sentence(text)


# ---- what the seat may see --------------------------------------------------------------------


def visible_cards(game: Game, seat: int) -> set[str]:
    """Every card ``seat`` has seen so far: its hand, the cards shown (the turned card), the
    cards played and on the table. (For the tests: a word may name only these.)"""
    view = game.view(seat)
    seen = set(_cards_held(view))
    for shown in view.exposed:
        seen.update(shown)
    text = str(view.observation)
    seen.update(c for c in CARD_BY_TEXT if isinstance(c, str) and f"'{c}'" in text)
    return seen


# ---- the answer -------------------------------------------------------------------------------


def guide(start: Game, line: Sequence[str], seat: int, names: Sequence[str] | None = None,
          bot: Any = None, valued: Valued | None = None, seed: int = 1,
          samples: int | None = None) -> dict[str, Any]:
    """The guided game's words for ``seat`` at the end of ``line`` (played from ``start``)."""
    from .advice import reasons
    from .values import evaluate

    names = w.seat_names(start.num_players, names)
    game = start.clone()
    seen: set[str] = set()
    ideas_now: list[dict[str, Any]] = []
    landed: list[dict[str, Any]] = []
    mine: tuple[Game, str] | None = None
    ideas = [i for i in IDEAS if i.trick_taking == start.info.trick_taking]

    def meet(now: bool) -> None:
        view = game.view(seat)
        for idea in ideas:
            if idea.key not in seen and idea.applies(game, seat, view):
                seen.add(idea.key)
                if now:
                    ideas_now.append({"idea": idea.key, "title": pgettext(*idea.title),
                                      "text": idea.words(game, seat, view)})

    since: list[tuple[Game, str]] = []  # the other seats' moves since the seat's last one
    for action in line:
        meet(False)
        before = game.clone()
        if game.current_player() == seat:
            mine, since = (before, action), []
        else:
            since.append((before, action))
        game.apply(action)
    meet(True)  # the ideas met before now were introduced then; the ones first met here, now
    for before, action in since:
        after = before.clone()
        after.apply(action)
        landed.append({"seat": before.current_player(), "action": action,
                       "text": landed_words(before, action, after, seat, names)})

    view = game.view(seat)
    answer: dict[str, Any] = {"seat": seat, "to_play": game.current_player(),
                              "over": game.is_over(), "playable": list(view.legal),
                              "landed": landed, "ideas": ideas_now, "suggestion": None,
                              "your_card": None}
    if _my_turn(game, seat, view) and bot is not None:
        values = evaluate(game, seat, bot=bot)
        best = values.best
        why = reasons(game, seat, best.action, names)
        answer["suggestion"] = {"action": best.action, "words": why.words,
                                "reason": w.sentence(why.does)}
    if mine is not None:
        position, played = mine
        values = value_move(position, seat, played, seed, samples, valued)
        move = values.of(played)
        word = None
        if move.mark in ("inaccuracy", "mistake"):
            better = values.best.action
            if not values.touches_match(move):
                if better == "swap":
                    said = _("that card gave away {amount}; the expert would have played the "
                             "swap")
                else:
                    said = _("that card gave away {amount}; the expert would have played {card}")
            elif w.lost_match(values, move):
                if better == "swap":
                    said = _("that card lost you the match ({amount}); the expert would have "
                             "played the swap")
                else:
                    said = _("that card lost you the match ({amount}); the expert would have "
                             "played {card}")
            elif better == "swap":
                said = _("that card cost you {amount}; the expert would have played the swap")
            else:
                said = _("that card cost you {amount}; the expert would have played {card}")
            amount = (w.lost_share(move.chance_loss) if w.lost_match(values, move)
                      else w.cost(values, move, about=True))
            word = w.sentence(said.format(amount=amount,
                                          **(w.forms(better.split()[0]) if better != "swap" else {})))
        answer["your_card"] = {"action": played, "mark": move.mark, "word": word}
    return answer
