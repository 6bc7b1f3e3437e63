"""The 40-card pack: notation both ways with typed errors, ranking and points, the tables the
engines' hot loops use."""

from __future__ import annotations

import pytest

from engine.cards import (
    CARD_BY_TEXT, CARD_TEXT, CARDS, FULL_PACK_MASK, POINTS, STRENGTH, SUIT_MASK, SUIT_OF, Card,
    CardError, Rank, Suit, card_index, display_order, indices_of, mask_of,
)


def test_forty_cards_no_eights_nines_or_tens():
    assert len(CARDS) == 40 and len(set(CARD_TEXT)) == 40
    assert {text[0] for text in CARD_TEXT} == set("A234567JQK")
    assert {text[1] for text in CARD_TEXT} == set("CDHS")


@pytest.mark.parametrize("text", CARD_TEXT)
def test_every_card_parses_and_prints_back(text):
    card = Card.parse(text)
    assert str(card) == text and Card.parse(text.lower()) == card
    assert Card.from_index(card.index) is card and CARD_BY_TEXT[text] == card.index
    assert card_index(text) == card.index == CARDS.index(card)


@pytest.mark.parametrize("text, words", [
    ("8C", "'8C' is not a card: the rank must be one of A 2 3 4 5 6 7 J Q K"),
    ("10H", "'10H' is not a card: write rank then suit, such as 'KC' or '7H'"),
    ("KX", "'KX' is not a card: the suit must be one of C D H S"),
    ("", "'' is not a card: write rank then suit"),
])
def test_bad_notation_raises_a_card_error_that_says_why(text, words):
    with pytest.raises(CardError) as err:
        Card.parse(text)
    assert str(err.value).startswith(words)
    with pytest.raises(CardError):
        card_index(text)


def test_a_non_string_is_not_a_card():
    with pytest.raises(CardError, match="expected text such as 'KC'"):
        Card.parse(7)  # type: ignore[arg-type]


def test_names_for_people():
    assert Card.parse("KC").name == "king of clubs"
    assert Card.parse("7H").name == "seven of hearts"
    assert Suit.CLUBS.singular == "club" and Suit.SPADES.noun == "spades"
    assert Suit.parse("h") is Suit.HEARTS
    with pytest.raises(CardError):
        Suit.parse("X")
    with pytest.raises(CardError):
        Rank.parse("8")


def test_strength_and_points_run_in_the_same_order():
    ranking = [Rank.parse(r) for r in ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]]
    assert [r.strength for r in ranking] == list(range(9, -1, -1))
    assert [r.points for r in ranking] == [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]
    assert sum(c.points for c in CARDS) == 120
    assert all(sum(c.points for c in CARDS if c.suit is s) == 30 for s in Suit)


def test_categories_carichi_punti_scartine():
    assert {r.value for r in Rank if r.category == "carico"} == {"A", "3"}
    assert {r.value for r in Rank if r.category == "punto"} == {"K", "Q", "J"}
    assert {r.value for r in Rank if r.category == "scartina"} == set("24567")


def test_the_tables_agree_with_the_cards():
    for card in CARDS:
        i = card.index
        assert SUIT_OF[i] == card.suit.index and STRENGTH[i] == card.strength and POINTS[i] == card.points
        assert SUIT_MASK[card.suit.index] >> i & 1
    assert sum(SUIT_MASK) == FULL_PACK_MASK


def test_masks_and_display_order():
    indices = [card_index(t) for t in ("2C", "AC", "KH", "3C")]
    assert indices_of(mask_of(indices)) == sorted(indices)
    shown = [CARD_TEXT[i] for i in sorted(indices, key=display_order)]
    assert shown == ["AC", "3C", "2C", "KH"]
