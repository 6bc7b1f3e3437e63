"""Demo deals: the build replays each with the engine, says exactly what is wrong, and renders it."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.record import record_from_data, replay  # noqa: E402
from sitegen.demo import check_demo, demo_data, name_seats  # noqa: E402
from sitegen.diagnostics import Diagnostics  # noqa: E402
from sitegen.index import read_index  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "demos"
DEMO = ROOT / "content" / "demos" / "madrasso.toml"
PAGES = read_index(ROOT / "content", Diagnostics(), check=False)  # the rules pages' sections


def diagnose(name: str, folder: Path = FIXTURES) -> list[str]:
    diagnostics = Diagnostics()
    check_demo(folder / name, PAGES, diagnostics)
    return [f"{Path(d.path).name}:{d.line}: {d.level}: {d.message}" for d in diagnostics.sorted()]


def line_of(name: str, needle: str, occurrence: int = 1) -> int:
    seen = 0
    for number, line in enumerate((FIXTURES / name).read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{needle!r} not in {name}")


# ---- every kind of bad demo, with its path:line -------------------------------------------------

def test_an_illegal_action_names_the_move_the_seat_and_the_rule():
    line = line_of("illegal.toml", 'action = "KS"')
    assert diagnose("illegal.toml") == [
        f"illegal.toml:{line}: error: move 3 ('KS', East) is "
        "illegal: must follow suit: diamonds was led and you hold diamonds",
    ]


def test_a_move_without_a_note():
    # The fifth [[moves]] table has an action and rules but no note.
    assert diagnose("missing_note.toml") == [
        f"missing_note.toml:{line_of('missing_note.toml', '[[moves]]', 5)}: error: move 5 (5D) has "
        "no note: every move of a demo says what happened (note = \"...\")",
    ]


def test_a_rule_anchor_the_rules_page_does_not_have():
    line = line_of("unknown_anchor.toml", '"the-seven-of-trump"')
    assert diagnose("unknown_anchor.toml") == [
        f"unknown_anchor.toml:{line}: error: move 2: "
        "content/madrasso.md has no section '#the-seven-of-trump' (did you mean '#the-seven-of-trumps'?)",
    ]


def test_a_madrasso_demo_without_the_swap():
    assert diagnose("no_swap.toml") == [
        f"no_swap.toml:{line_of('no_swap.toml', '[[moves]]')}: error: this Madrasso demo never swaps "
        "the seven of trumps: give a seat the seven and add a move with action = \"swap\" in the first trick",
    ]


def test_a_madrasso_demo_without_trumping_or_the_last_trick():
    first = line_of("first_trick.toml", "[[moves]]")
    assert diagnose("first_trick.toml") == [
        f"first_trick.toml:{first}: error: this Madrasso demo never trumps a trick of another suit: "
        "let a seat with none of the suit led play a trump",
        f"first_trick.toml:{first}: error: this Madrasso demo never reaches the last trick's ten: "
        "play all ten tricks",
    ]


def test_an_unknown_demo_in_a_page_is_an_error_at_the_directive(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "index.md").write_text('+++\ntitle = "Home"\ndescription = "A demo that is not there."\n'
                                      '+++\n\nText.\n\n[[demo: nowhere]]\n', encoding="utf-8")
    paths = build.Paths(root=ROOT, content=content, templates=ROOT / "templates",
                        config=ROOT / "tests" / "site" / "fixtures" / "site.toml", out=tmp_path / "site")
    result = build.build(paths, runtime=False)
    assert not result.ok
    found = [f"{Path(d.path).name}:{d.line}: {d.message}" for d in result.diagnostics.errors]
    assert found == ["index.md:8: no demo deal 'content/demos/nowhere.toml' (known: none)"]


def _broken_demo(old: str, new: bytes) -> bytes:
    data = DEMO.read_bytes()
    assert old.encode() in data
    return data.replace(old.encode(), new, 1)


BROKEN_DEMOS = {
    # name: (the file's bytes, the line, the start of the message); the real demo's line 6
    # is game = "madrasso", 7 dealer = 3, 20 you = 0, 23 speed = 1800.
    "game_a_list.toml": (_broken_demo('game = "madrasso"', b'game = ["madrasso"]'), 6,
                         '"game" must be the name of a game in quotes'),
    "dealer_a_float.toml": (_broken_demo("dealer = 3 ", b"dealer = 3.0 "), 7,
                            "dealer: 3.0 is not a whole number (write 3)"),
    "not_utf8.toml": (_broken_demo("West deals", b"Ouest d\xe9"), 7,
                      "the file is not UTF-8 text: save it as UTF-8"),
    "deep.toml": (_broken_demo("you = 0 ", b"you = " + b"[" * 2000 + b"]" * 2000 + b" "), 20,
                  "nested more than 32 levels deep"),
    "huge_integer.toml": (_broken_demo("speed = 1800 ", b"speed = 1" + b"0" * 5000 + b" "), 23,
                          "a number of more than 100 digits"),
    "you_a_float.toml": (_broken_demo("you = 0 ", b"you = 0.0 "), 20, "[demo]: you must be a seat number"),
    "speed_too_slow.toml": (_broken_demo("speed = 1800 ", b"speed = 20000 "), 23,
                            "[demo]: speed must be milliseconds a move from 200 to 10000"),
    "unknown_key.toml": (_broken_demo("speed = 1800 ", b"sped = 1800 "), 23,
                         "unknown key 'sped' in [demo] (did you mean 'speed'?)"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_DEMOS))
def test_a_malformed_demo_is_reported_once_at_its_own_line(name, tmp_path):
    data, line, message = BROKEN_DEMOS[name]
    (tmp_path / name).write_bytes(data)
    [found] = diagnose(name, tmp_path)
    assert found.startswith(f"{name}:{line}: error: {message}"), found
    assert "Error" not in found.split(": error: ")[1]  # no exception class in the words


# ---- the real demo -----------------------------------------------------------------------------

def test_every_demo_in_content_replays_cleanly():
    diagnostics = Diagnostics()
    demos = read_index(ROOT / "content", diagnostics).demos
    assert [str(d) for d in diagnostics.items] == []
    assert "madrasso" in demos


def test_the_madrasso_demo_shows_what_the_page_promises():
    diagnostics = Diagnostics()
    demo = check_demo(DEMO, PAGES, diagnostics)
    assert demo is not None and not diagnostics.items
    kinds = [m.explanation.get("kind") for m in demo.moves]
    assert len([k for k in kinds if k != "swap"]) == 40  # ten tricks of four cards
    assert "swap" in kinds and "trump" in kinds
    assert any(m.explanation.get("forced") and m.explanation.get("kind") == "follow" for m in demo.moves)
    assert demo.moves[-1].explanation["last_trick_bonus"] is True
    assert demo.result["points"] == [69, 61] and sum(demo.result["points"]) == 130


def test_section_anchors_come_from_the_rules_page():
    sections = PAGES.sections("madrasso")
    assert sections["the-seven-of-trumps"] == "The seven of trumps"
    assert "demo" in sections and "playing-a-trick" in sections


def test_the_engines_seat_numbers_become_the_demos_names():
    names = ["South", "East", "North", "West"]
    teams = ["North and South", "East and West"]
    text = "Seat 2 wins the trick: 15 points to team 0 (seats 0 and 2). Seat 3's card."
    assert name_seats(text, names, teams) == \
        "North wins the trick: 15 points to North and South. West's card."


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.data_blocks: list[str] = []
        self.data_files: list[str] = []   # components' data, fetched by their scripts
        self.executable_inline = 0
        self.links: list[str] = []
        self._json = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])
        if attrs.get("data-src"):
            self.data_files.append(attrs["data-src"])
        if tag == "script" and "src" not in attrs:
            if attrs.get("type") == "application/json":
                self._json = True
                self.data_blocks.append("")
            elif attrs.get("type") != "importmap":   # the build's import map runs nothing
                self.executable_inline += 1

    def handle_endtag(self, tag):
        if tag == "script":
            self._json = False

    def handle_data(self, data):
        if self._json:
            self.data_blocks[-1] += data


@pytest.fixture(scope="module")
def madrasso_page(tmp_path_factory) -> tuple[str, _Page]:
    out = tmp_path_factory.mktemp("demo") / "site"
    result = build.build(build.Paths(out=out), strict=True, runtime=False)
    assert result.ok, "\n".join(map(str, result.diagnostics.sorted()))
    text = (out / "madrasso.html").read_text(encoding="utf-8")
    page = _Page()
    page.feed(text)
    page.site = out
    return text, page


def test_the_page_names_the_record_for_the_browser_in_a_data_file(madrasso_page):
    text, page = madrasso_page
    assert page.executable_inline == 0
    assert page.data_blocks == []          # the data is a file of its own: the page stays light
    blocks = [json.loads((page.site / src).read_text(encoding="utf-8")) for src in page.data_files]
    demo = next(b for b in blocks if "moves" in b and "record" in b)
    game = replay(record_from_data(demo["record"]))
    assert game.result()["points"] == [69, 61]
    assert len(demo["moves"]) == 41 and all(m["text_html"] for m in demo["moves"])
    assert "initial" not in demo  # the opening table is the page's own markup, drawn by the build
    live = text[text.index('class="demo-board"'):text.index('class="demo-words"')]
    assert 'data-card="KH"' in live  # the turned-up king of hearts is on the drawn table
    assert demo["seat_names"] == ["South", "East", "North", "West"]


def test_the_transcript_tells_the_whole_deal_without_javascript(madrasso_page):
    text, page = madrasso_page
    start = text.index('class="demo-transcript"')
    transcript = text[start:text.index("</details>", start)]
    assert transcript.count('class="transcript-move"') == 41
    assert transcript.count('class="transcript-trick"') == 10
    assert "East</strong> swaps the seven of trumps" in transcript
    # Each move is one text: the author's note, then only what the engine adds to it.
    move_7 = " ".join(transcript.split("<li class=\"transcript-move\" value=\"7\">")[1].split("</li>")[0].split())
    assert "<strong>East trumps</strong> with the four of hearts" in move_7
    assert "East's four of hearts is winning the trick, the highest trump." in move_7
    assert "has no diamonds and trumps" not in move_7   # the engine's words for what the note says
    assert "Playing a trick</a>" in move_7
    # the trick's result in the live table's caption words (engine/tricks.py, madrasso.py)
    assert ("North wins the trick: 3 + 0 + 2 + 2 = 7 points to North and South, and 10 more "
            "for the last trick.") in transcript
    assert "69 + 61 = 130" in transcript
    assert 'alt="ace of diamonds"' in transcript
    # Every rule link in the demo points at a section the page has.
    fragments = [href.split("#", 1)[1] for href in page.links if href.startswith("#")]
    assert "the-seven-of-trumps" in fragments
    assert all(f in page.ids for f in fragments), sorted(set(fragments) - page.ids)


def test_the_table_markup_has_the_seats_teams_and_controls(madrasso_page):
    text, _ = madrasso_page
    live = text[text.index('class="demo-live"'):text.index('class="demo-transcript"')]
    for seat, position in (("South", "south"), ("East", "east"), ("North", "north"), ("West", "west")):
        assert re.search(rf'class="seat seat-{position} team-\d[^"]*" data-seat="\d" role="group" '
                         rf'aria-label="{seat}"', live)
    # The opening table is drawn at build time: South leads, West deals and shows the king.
    assert 'class="seat seat-south team-0 is-to-play"' in live
    assert 'class="seat seat-west team-1 is-dealer"' in live
    assert live.count('class="hand-card') == 39  # 40 cards, the turned king lies apart
    assert '<p class="turned-caption">Turned up: king of hearts.</p>' in live
    assert live.count("North and South") >= 1 and live.count("East and West") >= 1  # the score's rows
    for action in ("play", "back", "forward", "restart"):
        assert f'data-action="{action}"' in live
    assert 'aria-live="polite"' in live
    assert 'data-turned' in live.split('data-seat="3"')[1].split('data-seat')[0]  # in front of the dealer


# ---- "what would you play?" moments --------------------------------------------------------------

def test_an_asked_card_that_is_illegal_is_reported_at_its_action():
    line = line_of("ask_illegal.toml", 'action = "4S"')
    assert diagnose("ask_illegal.toml") == [
        f"ask_illegal.toml:{line}: error: move 2 ('4S', South) is illegal: the four of spades is "
        "not in your hand: play one of your own cards (2C, KC, AD)",
    ]


def test_an_unknown_field_of_a_move_is_reported_with_a_suggestion():
    line = line_of("ask_unknown_field.toml", "asks = ")
    assert f"ask_unknown_field.toml:{line}: error: unknown key 'asks' in move 2 (did you mean " \
        "'ask'?)" in diagnose("ask_unknown_field.toml")


def test_an_ask_where_the_mover_has_no_choice_is_an_error():
    line = line_of("ask_forced.toml", "ask = ")
    assert f"ask_forced.toml:{line}: error: move 3: East has only one legal move here, so there " \
        "is nothing to ask: move the ask to a move with a choice" in diagnose("ask_forced.toml")


def test_an_ask_where_every_answer_is_best_is_an_error():
    # The swap with one's own partner's turned-up card: declining it is as good, so a question
    # there would mark both answers best and undo its own lesson.
    line = line_of("ask_all_best.toml", "ask = ")
    assert f"ask_all_best.toml:{line}: error: move 2: the expert rates every move East has here " \
        "as good as the best, so every answer would be marked best and the question teaches " \
        "nothing: ask where one choice is better than another" in diagnose("ask_all_best.toml")


def test_no_demo_question_marks_every_answer_best():
    for name in ASKS:
        demo = check_demo(ROOT / "content" / "demos" / f"{name}.toml", PAGES, Diagnostics())
        assert demo is not None
        for move in demo.moves:
            if move.asked:
                marks = {c["mark"] for c in move.asked.choices.values()}
                assert marks != {"best"}, (name, move.index + 1)


def test_an_ask_about_a_card_the_expert_rates_poorly_is_an_error():
    line = line_of("ask_poor_card.toml", 'action = "KC"')
    [found] = [d for d in diagnose("ask_poor_card.toml") if "the expert rates" in d]
    assert re.fullmatch(rf"ask_poor_card\.toml:{line}: error: move 2: the expert rates KC "
                        r"[\d.]+ card points worse on average than AD for South here \(a move it "
                        r"marks (inaccuracy|mistake)\): ask about a move the deal plays well", found)


def test_the_briscola_and_scopa_demos_are_checked_like_madrassos(tmp_path):
    """A demo of any game is replayed, and shows what its page would promise."""
    for name, promise in (("briscola", "never trumps a trick of another suit"),
                          ("scopa", "never sweeps the table")):
        text = (ROOT / "content" / "demos" / f"{name}.toml").read_text(encoding="utf-8")
        kept = text[:text.index("[[moves]]", text.index("[[moves]]") + 1)]  # the first move only
        (tmp_path / f"{name}.toml").write_text(kept, encoding="utf-8")
        found = diagnose(f"{name}.toml", tmp_path)
        assert any("stops before the deal is over" in d for d in found), found
        assert any(promise in d for d in found), found


ASKS = {"madrasso": 5, "briscola": 3, "scopa": 3}


@pytest.mark.parametrize("name", sorted(ASKS))
def test_each_demo_asks_and_has_feedback_for_every_legal_card(name):
    diagnostics = Diagnostics()
    demo = check_demo(ROOT / "content" / "demos" / f"{name}.toml", PAGES, diagnostics)
    assert demo is not None and not diagnostics.items, [str(d) for d in diagnostics.items]
    asked = [m for m in demo.moves if m.ask]
    assert len(asked) >= ASKS[name]
    game = replay(record_from_data({"game": demo.record.game, **demo.record.setup,
                                    "actions": []}))
    for move in demo.moves:
        if move.ask:
            legal = game.legal_actions()
            assert move.asked.answer == move.action and move.asked.mark in ("best", "good")
            assert set(move.asked.choices) == set(legal) and len(legal) > 1
            for action, choice in move.asked.choices.items():
                assert choice["text"] and not re.search(r"\b[A2-7JQK][CDHS]\b", choice["text"])
                assert ("That is the move played here" in choice["text"]) == (action == move.action)
        game.apply(move.action)
    assert game.is_over()
    data = demo_data(demo, [m.note or "" for m in demo.moves],
                     [m.ask if m.ask else None for m in demo.moves])
    asks = [m["ask"] for m in data["moves"] if "ask" in m]
    assert len(asks) == len(asked)
    for ask in asks:
        assert ask["answer"] in ask["choices"] and ask["question_html"]
        assert all(c["html"].startswith("<p>") and c["words"].startswith("the ")
                   for c in ask["choices"].values())


def test_the_briscola_and_scopa_pages_show_their_demos(madrasso_page):
    """Their opening tables are drawn at build time too (the one macro); the transcript groups
    Briscola by tricks and Scopa by hands of three cards each, and ends with the deal's count."""
    _, built = madrasso_page
    for game, moves, groups, final in (
            ("briscola", 40, ("Trick", 20), "South wins. South 66, North 54: 66 is more than 60 of "
                                            "the 120 card points."),
            ("scopa", 36, ("Hand", 6), "Most cards: South 24 ✓ 1 point, North 16. Most diamonds: "
                                       "South 5, North 5. Settebello (seven of diamonds): South ✓ 1 "
                                       "point. Primiera (sum of best cards): South 79 ✓ 1 point, "
                                       "North 70. Scope (sweeps): South 1, North 1.")):
        text = (built.site / f"{game}.html").read_text(encoding="utf-8")
        assert 'id="demo"' in text and f'data-demo="{game}"' in text
        live = text[text.index('class="demo-live"'):text.index('class="demo-transcript"')]
        assert f'data-table data-drawn="opening" data-game="{game}" data-seats="2"' in live
        assert "data-scores" in live and "data-ask" in live
        transcript = text[text.index('class="demo-transcript"'):text.index("</details>", text.index('class="demo-transcript"'))]
        assert transcript.count('class="transcript-move"') == moves
        assert transcript.count(f"<h3>{groups[0]} ") == groups[1]
        assert f"<h3>{groups[0]} {groups[1]}</h3>" in transcript
        assert final in transcript
        assert transcript.count("What would you play?") >= 3
