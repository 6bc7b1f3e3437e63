"""The engine names the cards in the deck a request asks for: the Toscane pack's words by
default ("the queen of hearts"), the Venetian pack's with ``"deck": "venetian"`` ("the horse
of cups"): hearts are cups, diamonds coins, clubs batons, spades swords; the queen's place is
the horse's, the jack's the knave's. Every word of every answer follows; the notation does
not change. On CPython and inside Pyodide."""

from __future__ import annotations

import json
import re

import pytest

from engine.bridge import Bridge
from engine.cards import CARDS, Card, Rank, Suit, current_deck, naming

FRENCH = re.compile(r"\b(clubs?|diamonds?|hearts?|spades?|queens?|jacks?)\b", re.I)
ITALIAN = re.compile(r"\b(batons?|coins?|cups?|swords?|horses?|knaves?)\b", re.I)
NOTATION = re.compile(r"^[A2-7JQK][CDHS]( x( [A2-7JQK][CDHS])+)?$|^swap$")


def words_in(value, key=""):
    """Every text of an answer, but the cards' notation ("QH", "7D x 7C")."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from words_in(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from words_in(v, key)
    elif isinstance(value, str) and not NOTATION.match(value):
        yield value


class Client:
    def __init__(self, deck):
        self.bridge, self.deck, self.texts = Bridge(), deck, []

    def ok(self, op, **args):
        request = {"id": 1, "op": op, **args}
        if self.deck:
            request["deck"] = self.deck
        answer = json.loads(self.bridge.handle(json.dumps(request)))
        assert answer["ok"], answer
        self.texts.extend(words_in(answer["result"]))
        return answer["result"]


def play_a_deal(client, game, options, hints=3):
    """South plays the greedy computer's moves (its reasons in words), asks for a few hints,
    the others play; to the deal's end; the summary too."""
    opened = client.ok("new", game=game, seat=0, seed=7, options=options, with_summary=True)
    handle, state = opened["handle"], opened["state"]
    for _ in range(200):
        if state["over"]:
            break
        if state["to_play"] == 0 and hints:
            client.ok("hint", handle=handle)
            hints -= 1
        state = client.ok("bot", handle=handle, level="greedy", play=True, with_summary=True)["state"]
        if state["legal"]:
            client.ok("explain", handle=handle, action=state["legal"][0])
    assert state["over"], "the deal did not end"
    return client.texts


GAMES = [("briscola", {}), ("scopa", {"one_deal": True}), ("madrasso", {"one_deal": True})]


@pytest.mark.parametrize("game, options", GAMES)
def test_a_whole_deal_in_the_venetian_deck_names_no_french_suit_or_court(game, options):
    texts = play_a_deal(Client("venetian"), game, options)
    said = " | ".join(texts)
    assert not FRENCH.findall(said), FRENCH.findall(said)[:10]
    assert ITALIAN.search(said)


@pytest.mark.parametrize("game, options", GAMES)
def test_by_default_the_cards_keep_their_toscane_names(game, options):
    texts = play_a_deal(Client(None), game, options, hints=1)
    said = " | ".join(texts)
    assert FRENCH.search(said)
    assert not re.search(r"\b(batons?|swords?|horses?|knaves?)\b", said, re.I)


def test_the_table_names_a_hand_in_the_deck_asked_for():
    client = Client("venetian")
    state = client.ok("new", game="scopa", seat=0, seed=3)["state"]
    cards = state["table"]["seats"][0]["hand"]["cards"]
    assert [(c["card"], c["name"]) for c in cards] == [
        ("2D", "two of coins"), ("4C", "four of batons"), ("KS", "king of swords")]
    again = Client("toscane").ok("new", game="scopa", seat=0, seed=3)["state"]
    assert [c["name"] for c in again["table"]["seats"][0]["hand"]["cards"]] == [
        "two of diamonds", "four of clubs", "king of spades"]


def test_the_settebello_is_the_seven_of_coins_in_the_scopa_scores():
    client = Client("venetian")
    play_a_deal(client, "scopa", {"one_deal": True}, hints=0)
    said = " | ".join(client.texts)
    assert "Settebello (seven of coins)" in said and "Most coins" in said


def test_a_bad_deck_is_a_request_error_in_words():
    answer = json.loads(Bridge().handle(json.dumps(
        {"id": 4, "op": "games", "deck": "piacentine"})))
    assert answer == {"id": 4, "ok": False, "error": {
        "kind": "request", "message": "deck must be one of toscane, venetian, not 'piacentine'"}}


def test_naming_is_a_block_and_the_notation_never_changes():
    with naming("venetian"):
        assert current_deck() == "venetian"
        assert [c.name for c in CARDS if c.rank is Rank.QUEEN] == [
            "horse of batons", "horse of coins", "horse of cups", "horse of swords"]
        assert Card.parse("JH").name == "knave of cups" and str(Card.parse("JH")) == "JH"
        assert Suit.DIAMONDS.singular == "coin" and Rank.SIX.words == "sixes"
    assert current_deck() == "toscane" and Card.parse("QH").name == "queen of hearts"
    with pytest.raises(ValueError):
        with naming("napoletane"):  # type: ignore[arg-type]
            pass


def test_the_trump_label_shows_a_french_sign_only_with_the_french_suits():
    labels = {}
    for deck in ("toscane", "venetian"):
        state = Client(deck).ok("new", game="madrasso", seat=0, seed=1, options={"one_deal": True})["state"]
        labels[deck] = re.search(r"Trump: [^|]*", " | ".join(words_in(state["table"]))).group(0).strip()
    assert re.fullmatch(r"Trump: [♣♦♥♠] (clubs|diamonds|hearts|spades)", labels["toscane"]), labels
    assert re.fullmatch(r"Trump: (batons|coins|cups|swords)", labels["venetian"]), labels
