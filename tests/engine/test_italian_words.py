"""The engine's first words in Italian (engine/i18n.py, engine/cards.py): card names with their
articles and articulated prepositions, plurals, seats, both decks; the language a request asks
for (``"lang": "it"``), read from the compiled catalog with the standard library's gettext.
On CPython and inside Pyodide (tests/pyodide/run_tests.mjs)."""

from __future__ import annotations

import json

import pytest

from engine.bridge import Bridge
from engine.cards import CARDS, Card, Rank, naming
from engine.i18n import (LANGS, catalog, current_lang, italian_articulated, points, seat_name,
                         speaking, with_preposition)
from engine.validate import RequestError, request_lang

# (deck, card, the form's name, the Italian words): a table an Italian reader checks at a glance.
PHRASES = [
    ("toscane", "KC", "the", "il re di fiori"),
    ("toscane", "AH", "the", "l'asso di cuori"),
    ("toscane", "QS", "the", "la regina di picche"),
    ("toscane", "JD", "the", "il fante di quadri"),
    ("toscane", "7D", "the", "il sette di quadri"),
    ("toscane", "2C", "the", "il due di fiori"),
    ("toscane", "AH", "a", "un asso di cuori"),
    ("toscane", "QS", "a", "una regina di picche"),
    ("toscane", "KC", "a", "un re di fiori"),
    ("toscane", "KC", "name", "re di fiori"),
    ("toscane", "KC", "of_the", "del re di fiori"),
    ("toscane", "AH", "of_the", "dell'asso di cuori"),
    ("toscane", "QS", "of_the", "della regina di picche"),
    ("toscane", "AH", "to", "all'asso di cuori"),
    ("toscane", "QS", "on", "sulla regina di picche"),
    ("toscane", "7H", "from", "dal sette di cuori"),
    ("toscane", "7H", "in", "nel sette di cuori"),
    ("toscane", "7H", "with", "con il sette di cuori"),
    ("venetian", "QH", "the", "il cavallo di coppe"),
    ("venetian", "JC", "the", "il fante di bastoni"),
    ("venetian", "KS", "the", "il re di spade"),
    ("venetian", "AD", "the", "l'asso di denari"),
    ("venetian", "7D", "the", "il sette di denari"),
    ("venetian", "QH", "of_the", "del cavallo di coppe"),
    ("venetian", "AD", "of_the", "dell'asso di denari"),
    ("venetian", "QH", "a", "un cavallo di coppe"),
]


def form(card: Card, which: str) -> str:
    if which in ("the", "a", "name", "of_the"):
        return str(getattr(card, which))
    return card.after(which)  # type: ignore[arg-type]


@pytest.mark.parametrize("deck,code,which,expected", PHRASES)
def test_italian_card_phrases(deck, code, which, expected):
    with naming(deck, "it"):
        assert form(Card.parse(code), which) == expected


def test_english_stays_as_it_was():
    card = Card.parse("AH")
    assert (card.name, card.the, card.a, card.of_the) == (
        "ace of hearts", "the ace of hearts", "an ace of hearts", "of the ace of hearts")
    with naming("venetian"):
        assert Card.parse("QH").name == "horse of cups"
        assert Rank.QUEEN.words == "horses" and Rank.SIX.words == "sixes"


def test_a_sentence_takes_the_form_its_grammar_needs():
    """A message's placeholders: gioca il sette, il valore del sette."""
    card = Card.parse("7H")
    with naming("toscane", "it"):
        assert "gioca {card}".format(**card.forms()) == "gioca il sette di cuori"
        assert "il valore {of_card}".format(**card.forms()) == "il valore del sette di cuori"
        assert "prende {a_lead}".format(**card.forms("lead")) == "prende un sette di cuori"


def test_plurals_and_ranks():
    with speaking("it"):
        assert [points(n) for n in (0, 1, 2, 11)] == ["0 punti", "1 punto", "2 punti", "11 punti"]
        assert (Rank.ACE.words, Rank.QUEEN.words, Rank.KING.words) == ("assi", "regine", "re")
        assert (Rank.ACE.the_words, Rank.THREE.the_words, Rank.QUEEN.the_words) == (
            "gli assi", "i tre", "le regine")
    assert points(1) == "1 point" and points(2) == "2 points"


def test_articulated_prepositions():
    cases = {("di", "lo stesso seme"): "dello stesso seme", ("a", "gli assi"): "agli assi",
             ("da", "le regine"): "dalle regine", ("su", "i tre"): "sui tre",
             ("di", "fiori"): "di fiori", ("in", "l'ultima presa"): "nell'ultima presa",
             ("con", "la briscola"): "con la briscola"}
    for (preposition, phrase), expected in cases.items():
        assert italian_articulated(preposition, phrase) == expected
    assert with_preposition("of", "the ace") == "of the ace"


def test_seats():
    with speaking("it"):
        assert [seat_name(s) for s in ("South", "East", "North", "West")] == ["Sud", "Est", "Nord", "Ovest"]
        assert seat_name("Marta") == "Marta"   # a friend's own name stays as written
    assert seat_name("North") == "North"


def test_every_card_named_in_italian_in_both_decks():
    """No English word left in any card's Italian name, in either deck."""
    english = {"of", "the", "clubs", "hearts", "king", "queen", "jack", "ace", "cups", "horse"}
    for deck in ("toscane", "venetian"):
        with naming(deck, "it"):
            for card in CARDS:
                for text in (card.name, card.the, card.a, card.of_the):
                    assert not set(text.replace("'", " ").split()) & english, text


def test_the_language_is_a_context_like_the_deck():
    assert current_lang() == "en"
    with naming("venetian", "it"):
        assert current_lang() == "it"
        with naming("toscane"):              # the deck alone keeps the language
            assert current_lang() == "it" and Card.parse("QH").name == "regina di cuori"
    assert current_lang() == "en"
    with pytest.raises(ValueError, match="not a language"):
        with naming("toscane", "fr"):  # type: ignore[arg-type]
            pass


def test_the_catalog_is_the_standard_librarys_gettext():
    import gettext
    assert isinstance(catalog("it"), gettext.GNUTranslations)
    assert catalog("it").ngettext("{n} point", "{n} points", 1) == "{n} punto"
    assert LANGS == ("en", "it")


def test_requests_take_a_language():
    assert request_lang({"op": "games", "lang": "it"}) == "it"
    assert request_lang({"op": "games"}) == "en"
    for wrong in ("fr", "IT", 3, ["it"]):
        with pytest.raises(RequestError, match="lang must be one of en, it"):
            request_lang({"op": "games", "lang": wrong})
    bridge = Bridge()
    answer = json.loads(bridge.handle(json.dumps({"id": 1, "op": "games", "lang": "it"})))
    assert answer["ok"], answer
    refused = json.loads(bridge.handle(json.dumps({"id": 2, "op": "games", "lang": "xx"})))
    assert not refused["ok"] and "lang must be one of" in refused["error"]["message"]
