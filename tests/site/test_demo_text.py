"""A demo move's one text: the author's note, then only the engine's facts it does not say."""

from __future__ import annotations

from sitegen.demo_text import move_text, new_facts, next_words

RULE = [{"href": "#playing-a-trick", "title": "Playing a trick"}]


def test_a_fact_the_note_already_says_is_left_out_and_a_new_one_kept():
    note = "<p><strong>East trumps</strong> with the four of hearts: the lowest trump beats every diamond.</p>"
    facts = ("East has no diamonds and trumps with the four of hearts (no points). "
             "It is winning the trick, the highest trump.")
    kept = new_facts(note, facts, mover="East", card="four of hearts")
    # "It is" lost the sentence it pointed back to, so the kept fact names the card itself.
    assert kept == ["East's four of hearts is winning the trick, the highest trump."]


def test_a_fact_whose_first_half_the_note_says_keeps_its_rule():
    note = "<p>North does the same with its six: the six of clubs takes the six of diamonds.</p>"
    facts = "The six of clubs takes the six of diamonds: a table card of the same value is taken, one card only."
    assert new_facts(note, facts) == ["A table card of the same value is taken, one card only."]


def test_a_fact_not_in_the_note_stays_whole_and_notation_is_not_shown():
    note = "<p>West follows too.</p>"
    facts = "West follows suit with the five of diamonds (no points). Other choices with this card: JC x 2H 6H."
    assert new_facts(note, facts) == ["West follows suit with the five of diamonds (no points)."]


def test_the_text_is_one_paragraph_with_the_facts_and_the_rule():
    text = move_text("<p>West follows too.</p>", ["West plays the five of diamonds."], RULE)
    assert text.count("<p>") == 1 and text.endswith("</p>")
    assert ('West follows too. <span class="move-facts">West plays the five of diamonds.</span> '
            '<span class="move-rules">(Rule: <a href="#playing-a-trick">Playing a trick</a>)</span>') in text


def test_who_plays_next_names_the_cards_allowed_and_the_swap():
    name = {"2D": "two of diamonds", "AS": "ace of spades"}.get
    one = next_words(["South", "East"], 1, ["2D", "swap"], name)
    assert one["open"] == "East to play: only the two of diamonds is allowed (or first swap the seven of trumps)."
    assert one["hidden"] == "East to play." and one["cards"] == ["2D"]
    assert next_words(["South", "East"], 0, ["2D", "AS"], name)["open"] == \
        "South to play, and may play any of: two of diamonds, ace of spades."
