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


def test_the_tables_caption_is_not_said_again_in_the_text():
    note = "<p>Points go onto a partner's trick.</p>"
    facts = ("West follows suit with the jack of diamonds (2 points). East wins the trick with the "
             "four of hearts, the highest trump: 12 points to East and West.")
    shown = "East wins the trick: 10 + 0 + 0 + 2 = 12 points to East and West."
    assert new_facts(note, facts, shown=shown) == ["West follows suit with the jack of diamonds (2 points)."]
    # Briscola's result keeps only what the caption does not say: who draws and leads.
    briscola = "North wins the trick (8 points) and draws first and leads next."
    assert new_facts("<p>North trumps.</p>", briscola, shown="North wins the trick: 4 + 4 = 8 points to North.") \
        == ["North draws first and leads next."]


def test_every_demo_move_says_a_tricks_result_once():
    """Issue 27: move 9 said its trick's 12 points three times (the note, the engine's facts and
    the table's caption). Now the caption alone counts a trick, and the deal's end is said once,
    under the last move, in every demo."""
    import re
    from pathlib import Path

    from sitegen.demo import captions, check_demo, final_words
    from sitegen.diagnostics import Diagnostics
    from sitegen.index import read_index

    root = Path(__file__).resolve().parents[2]
    pages = read_index(root / "content", Diagnostics(), check=False)
    for name in ("madrasso", "briscola", "scopa"):
        demo = check_demo(root / "content" / "demos" / f"{name}.toml", pages, Diagnostics())
        assert demo is not None
        final = final_words(demo)
        for move, caption in zip(demo.moves, captions(demo)):
            counted = re.search(r"= (\d+) points", caption)
            if not counted:
                continue
            note = move.note or ""
            # The note may name a card's points (the why), not award the trick's count again.
            assert not re.search(rf"\b{counted[1]} points(?:\*\*)? (?:for|to)\b", note), (name, move.index + 1, note)
        scores = re.findall(r"\d+", final)[:2]
        last = demo.moves[-1].note or ""
        assert not all(s in last for s in scores), (name, last)


def test_the_italian_engine_words_lose_what_the_note_and_the_caption_say():
    """The same rules in Italian (an Italian page's demo: the engine speaks Italian beside the
    twin's note): the caption's count is not said again, nor a count the note says in words."""
    briscola = "Nord fa la presa (8 punti) e pesca per primo e tocca a lui uscire."
    assert new_facts("<p>Nord taglia.</p>", briscola, shown="Nord fa la presa: 4 + 4 = 8 punti a Nord.") \
        == ["Nord pesca per primo e tocca a lui uscire."]
    madrasso = ("Ovest risponde al seme con il fante di quadri (2 punti). Est fa la presa con il "
                "quattro di cuori, la briscola più alta, sopra i quadri del seme di uscita: 12 punti a Est e Ovest.")
    shown = "Est fa la presa: 10 + 0 + 0 + 2 = 12 punti a Est e Ovest."
    kept = new_facts("<p>I punti vanno sulla presa del compagno.</p>", madrasso, shown=shown)
    assert kept[0] == "Ovest risponde al seme con il fante di quadri (2 punti)."
    assert not any("12 punti" in k for k in kept), kept
    # The note says the ace's eleven points: the fact keeps only its rule (after the colon).
    note = "<p>Sud comincia con l'asso di quadri: undici punti che nessuno può battere.</p>"
    facts = "Sud esce con l'asso di quadri (11 punti): gli altri devono rispondere a quadri se possono."
    assert new_facts(note, facts) == ["Gli altri devono rispondere a quadri se possono."]
