"""The coach speaks Italian (issue 32): every answer of the coach's ops asked with ``"lang":
"it"`` is Italian, and still names no card its seat has not seen.

Over one seeded deal of each game (Briscola, a Madrasso deal, a two-player Scopa deal) played
through the bridge as the play table plays it (the visitor's cards chosen at random, the
computer's with ``bot``), at every one of the visitor's turns the hint, the expert's own reasons
(``bot`` at level expert, not played), the guided game's words and the review's valuation ahead
of time (``review_note``); at the end the guide once more (the count's ideas) and the whole
deal's review (every move's reason, the summary, the costliest moments and the practice
positions kept from them, with their feedback on every move, right and wrong). The demo's
"what would you play?" feedback and the practice table's prompts, which the build writes, are
asked directly. Every string a person reads must be free of English words (the shared word
list, tests/engine/english.py), no string may be an English message id left untranslated, and
no placeholder may be left unfilled; cards named in Italian ("il re di fiori", "(re di
fiori)") count like cards named in English, except where the words say they are still out
("... è ancora in gioco", "Ancora in gioco: ...").

Standard library and pytest only: it runs inside Pyodide too (tests/pyodide/run_tests.mjs).
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine.bridge import Bridge
from engine.cards import CARDS, naming
from engine.coach.ask import ask_feedback
from engine.coach.practice import step_prompt
from engine.games import GAMES
from engine.i18n import catalog


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


english = _load("english")
seen_cards = _load("seen_cards")

SEAT = 0
CASES = [("briscola", {}, 7, "toscane"), ("madrasso", {"one_deal": True}, 5, "toscane"),
         ("scopa", {"players": 2, "one_deal": True}, 4, "toscane"),
         ("scopa", {"players": 4, "one_deal": True}, 6, "venetian")]
"""(game, options, seed, deck): the three games, and Scopa between two sides of two, its cards
named in the Venetian deck ("il cavallo di coppe")."""

SKIP = frozenset({
    # identifiers, not words: moves in the engine's notation, marks, units, keys
    "action", "played", "best", "legal", "playable", "answers", "mark", "unit", "idea", "game",
    "scope", "view", "id", "href", "anchor", "level",
    # words written outside engine/coach, translated with the games' own words (engine/*.py:
    # the table's description, the rules pages' titles, the teams' names) and the record's data
    "state", "rules", "team_names", "record",
})
"""Fields of the coach's answers that hold no words of the coach's own."""


def untranslated_ids() -> frozenset[str]:
    """Every English message id whose Italian differs from it (read from the compiled
    catalog the engine speaks with): one of them in an Italian answer was never translated."""
    found = set()
    for key, text in catalog("it")._catalog.items():  # type: ignore[attr-defined]
        msgid = key[0] if isinstance(key, tuple) else key
        msgid = msgid.split("\x04")[-1]   # a message's context comes first
        if msgid and msgid != text:
            found.add(msgid)
    return frozenset(found)


UNTRANSLATED = untranslated_ids()

_CODES: dict[str, str] = {}
for _deck in ("toscane", "venetian"):
    with naming(_deck, "it"):
        _CODES.update((c.name, str(c)) for c in CARDS)
_RANKS = sorted({name.split(" di ")[0] for name in _CODES}, key=len, reverse=True)
_SUITS = sorted({name.split(" di ")[1] for name in _CODES})
_NAME = rf"(?:{'|'.join(_RANKS)}) di (?:{'|'.join(_SUITS)})"
ITALIAN_NAME = re.compile(rf"\b{_NAME}\b")
_ONE = rf"(?:il |l'|la )?{_NAME}"
_LIST = rf"{_ONE}(?:(?:, | e ){_ONE})*"
STILL_OUT = re.compile(rf"{_LIST},? (?:è|sono) ancora in gioco|[Aa]ncora in gioco: {_LIST}|"
                       rf"{_LIST}, ancora in gioco, potrebbe|ancora in gioco, tra cui {_LIST}")
"""The Italian phrases that name cards only as not seen yet (tests/engine/seen_cards.py's
STILL_OUT, in the coach's Italian words)."""


def italian_cards(answer: Any) -> set[str]:
    """The cards an answer names in Italian words, outside the still-out phrases."""
    found = set()
    for text in seen_cards.strings(answer):
        for name in ITALIAN_NAME.findall(STILL_OUT.sub(" ", text)):
            found.add(_CODES[name])
    return found


def check_italian(op: str, answer: Any) -> int:
    """No English word, no untranslated message, no placeholder left; how many strings."""
    n = 0
    for path, text in english.texts(answer, SKIP):
        n += 1
        assert not english.english_words(text), (op, path, text, english.english_words(text))
        assert text not in UNTRANSLATED, (op, path, text)
        assert not re.search(r"\{[A-Za-z_]\w*\}", text), (op, path, text)
    return n


class ItalianVisitor:
    """A seat's session through the bridge, every request in Italian, every answer checked."""

    def __init__(self, game: str, options: dict[str, Any], seed: int, deck: str):
        self.deck = deck
        self.bridge = Bridge(bot_options={"samples": 4, "time_budget": None})
        self.witness = seen_cards.Witness(SEAT)
        self.next = 0
        self.strings = 0
        self.asked: dict[str, int] = {}
        started = self.ask("new", game=game, seat=SEAT, seed=seed, options=options)
        self.handle, self.state = started["handle"], started["state"]

    def ask(self, op: str, **args: Any) -> Any:
        self.next += 1
        text = self.bridge.handle(json.dumps({"id": self.next, "op": op, "lang": "it",
                                              "deck": self.deck, **args}))
        answer = json.loads(text)
        assert answer["ok"], (op, args, answer)
        return answer["result"]

    def coach(self, op: str, **args: Any) -> Any:
        """A coach's op: Italian, and naming only the cards the seat has seen."""
        result = self.ask(op, **args)
        self.asked[op] = self.asked.get(op, 0) + 1
        self.strings += check_italian(op, result)
        self.witness.update(self.bridge.sessions[self.handle].game)
        unseen = (seen_cards.cards_named(result) | italian_cards(result)) - self.witness.seen
        assert not unseen, f"{op} names {sorted(unseen)}, unseen by seat {SEAT}: {result}"
        return result


@pytest.mark.parametrize("name,options,seed,deck", CASES,
                         ids=[f"{c[0]}-{c[1].get('players', '')}" for c in CASES])
def test_every_coach_answer_in_italian_is_italian_and_names_only_seen_cards(name, options, seed,
                                                                            deck):
    visitor = ItalianVisitor(name, options, seed, deck)
    rng = random.Random(seed)
    h = visitor.handle
    state = visitor.state
    while not state["over"]:
        if state["to_play"] == SEAT:
            hint = visitor.coach("hint", handle=h)
            assert hint["action"] in state["legal"] and hint["text"].startswith(("Gioca ", "Fai "))
            visitor.coach("bot", handle=h, level="expert")
            guided = visitor.coach("guide", handle=h)
            assert guided["playable"] == state["legal"]
            state = visitor.ask("apply", handle=h, action=rng.choice(state["legal"]))["state"]
            visitor.coach("review_note", handle=h)
        else:
            state = visitor.ask("bot", handle=h, level="greedy", play=True)["state"]
    visitor.coach("guide", handle=h)
    review = visitor.ask("review_start", handle=h, samples=8)["review"]
    while not (step := visitor.coach("review_step", review=review))["finished"]:
        pass
    deal = step["result"]["deals"][0]
    assert deal["moves"] and all(m["reason"] for m in deal["moves"])
    # the costly moments kept as practice positions: feedback on every move, right and wrong
    for moment in deal["moments"]:
        practice = moment["practice"]["steps"][0]
        assert set(practice["feedback"]) >= set(practice["answers"])
    assert visitor.asked["hint"] >= 5 and visitor.asked["guide"] >= 5
    assert visitor.strings > 100


def test_the_builds_coach_words_are_italian_too():
    """What the build writes with the coach: the demo's "what would you play?" feedback on
    every move (the author's and the others), and the practice table's prompts."""
    game = GAMES["briscola"].new(3)
    for _ in range(4):
        game.apply(game.action_to_string(game.legal_action_ids()[0]))
    author = game.action_to_string(game.legal_action_ids()[-1])
    with naming("toscane", "it"):
        feedback = ask_feedback(game, author, samples=6).to_json()
        prompts = [step_prompt(["South", "North"], seat, visitor=visitor, several=several)
                   for seat in (0, 1) for visitor in (True, False) for several in (True, False)]
    assert len(feedback["choices"]) > 1
    assert check_italian("ask", feedback["choices"]) >= 2 * len(feedback["choices"])
    check_italian("prompt", prompts)
    assert "Tocca a te (Sud): scegli una carta." in prompts and "Gioca Nord\u2026" in prompts


def test_the_check_finds_english_and_untranslated_words():
    """The checks above can fail: the same answers in English fail them."""
    with naming("toscane", "en"):
        prompt = step_prompt(["South", "North"], 0, visitor=True, several=False)
    with pytest.raises(AssertionError):
        check_italian("prompt", [prompt])
    with pytest.raises(AssertionError):
        check_italian("guide", ["Primiera"])  # an idea's title, untranslated
    assert italian_cards(["Nord esce con il re di fiori; l'asso di cuori è ancora in gioco",
                          "la carta di Est (sette di picche)"]) == {"KC", "7S"}


def test_the_coachs_pieces_in_italian_grammar():
    """Amounts, ordinals, lists, cards after a preposition, the review's moments, seats."""
    from engine.coach import words as w
    from engine.coach.review import MoveReview
    from engine.coach.values import MoveValue, MoveValues
    from engine.gameinfo import Grades

    with naming("toscane", "it"):
        assert [w.amount(v, "points") for v in (0.01, 0.12, 0.3, 0.4, 0.8, 3.04)] == [
            "quasi nessun punto", "circa un decimo di punto", "circa un quarto di punto",
            "circa mezzo punto", "circa 1 punto", "circa 3 punti"]
        assert w.amount(16.54, "card points") == "circa 17 punti"
        assert w.amount(16.54, "card points", about=False) == "17 punti"
        assert (w.points(0), w.points(1), w.card_count(0), w.card_count(3), w.trumps(1)) == (
            "nessun punto", "1 punto", "nessuna carta", "3 carte", "1 briscola")
        assert [w.ordinal(n) for n in (1, 2, 3, 11)] == ["1ª", "2ª", "3ª", "11ª"]
        assert w.listed(["Nord", "Est", "Ovest"]) == "Nord, Est e Ovest"
        assert w.listed(["fiori", "cuori"], "or") == "fiori o cuori"
        assert w.cards(["AH", "QS"], "of") == "dell'asso di cuori e della regina di picche"
        assert w.seat_names(4) == ("Sud", "Est", "Nord", "Ovest")
        assert w.seat_names(2, ["Marta", "North"]) == ("Marta", "Nord")
        values = MoveValues("briscola", 0, Grades("card points", 1.5, 4.0, 8.0), 1,
                            (MoveValue("AH", 0.0, 0.0, "best"),))
        trick = MoveReview(0, 1, 5, "AH", values)
        play = MoveReview(0, 2, None, "AH", values)
        assert (trick.when, trick.at_when, play.when, play.at_when) == (
            "presa 5", "alla presa 5", "la tua 2ª giocata", "alla tua 2ª giocata")
    assert (play.when, play.at_when) == ("your 2nd play", "at your 2nd play")
    assert w.cards(["AH", "QS"], "of") == "of the ace of hearts and the queen of spades"
