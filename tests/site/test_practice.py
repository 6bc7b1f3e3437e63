"""Practice positions: every real position checks with the engine, every broken one fails with
the exact ``path:line: error:`` an author needs, and the page carries what the browser plays."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from engine.record import load_record, replay  # noqa: E402
from engine.source import parse  # noqa: E402
from sitegen.diagnostics import Diagnostics  # noqa: E402
from sitegen.index import read_index  # noqa: E402
from sitegen.practice import check_position, feedback_key  # noqa: E402

CONTENT = ROOT / "content"
POSITIONS = sorted((CONTENT / "practice").glob("*.toml"))
FIXTURES = Path(__file__).resolve().parent / "fixtures"
BAD = sorted((FIXTURES / "practice").glob("*.toml"))
PAGES = read_index(CONTENT, Diagnostics(), check=False)  # the rules pages' sections


def diagnose(path: Path) -> list:
    diagnostics = Diagnostics()
    check_position(path, PAGES, diagnostics)
    return diagnostics.sorted()


def load_positions(content: Path, game: str, diagnostics: Diagnostics) -> list:
    """The positions of ``game`` as the build's index has them (every file checked once)."""
    return read_index(content, diagnostics).positions[game]


# ---------------------------------------------------------------------------- the real positions

@pytest.mark.parametrize("path", POSITIONS, ids=[p.stem for p in POSITIONS])
def test_every_position_checks_with_the_engine(path: Path):
    assert [str(d) for d in diagnose(path)] == []


@pytest.mark.parametrize("game, at_least", [("madrasso", 8), ("briscola", 2), ("scopa", 2)])
def test_each_game_has_its_positions_in_order(game: str, at_least: int):
    diagnostics = Diagnostics()
    positions = load_positions(CONTENT, game, diagnostics)
    assert not diagnostics.items, [str(d) for d in diagnostics.items]
    assert len(positions) >= at_least
    orders = [p.order for p in positions]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    for p in positions:
        assert any(s.visitor for s in p.steps)
        assert p.question.strip() and p.closing.strip() and p.rules


def test_madrasso_positions_follow_the_teaching_order():
    positions = load_positions(CONTENT, "madrasso", Diagnostics())
    anchors = [set(p.rules) for p in positions]
    first_with = {}
    for i, rules in enumerate(anchors):
        for rule in rules:
            first_with.setdefault(rule, i)
    # Playing a trick comes first; the seven of trumps before the last trick; the match last.
    assert first_with["playing-a-trick"] == 0
    assert first_with["the-seven-of-trumps"] < first_with["scoring-a-deal"]
    match = [i for i, rules in enumerate(anchors) if "winning-the-match" in rules]
    assert match == list(range(first_with["winning-the-match"], len(positions)))
    # Reading the match score: a position set in the eleventh deal (with the totals after ten),
    # and one won by a cappotto.
    results = []
    for p in positions[match[0]:]:
        game = replay(p.record)
        for step in p.steps:
            game.apply(step.answers[0] if step.visitor else step.action)
        results.append((p.record.setup.get("deal", 1), game.result()["match"]["reason"]))
    assert any(deal >= 11 and reason == "777" for deal, reason in results)
    assert any(reason == "cappotto" for _, reason in results)
    eleventh = next(p for p in positions if p.record.setup.get("deal", 1) >= 11)
    assert sum(eleventh.record.setup["totals"]) == 1300


def test_the_seed_trick_is_the_first_madrasso_position():
    """Hearts trump, the king of clubs led, the seven of clubs next; the third seat has no
    clubs and trumps with the five of hearts; the fourth must play its only club, the ace;
    the five of hearts wins 15 points (4 + 0 + 0 + 11) for the third seat's team."""
    first = load_positions(CONTENT, "madrasso", Diagnostics())[0]
    game = replay(first.record)
    assert first.prelude == ["KC", "7C"]
    observation = game.observation(None)
    assert observation["trump"]["name"] == "hearts"
    third = game.current_player()
    assert third in first.seats
    assert not any(c.endswith("C") for c in observation["hands"][third])
    step3, step4 = first.steps[0], first.steps[1]
    assert step3.visitor and step3.answers == ["5H"]
    game.apply("5H")
    fourth = game.current_player()
    assert step4.seat == fourth and step4.answers == ["AC"]
    assert [c for c in game.observation(None)["hands"][fourth] if c.endswith("C")] == ["AC"]
    assert game.legal_actions() == ["AC"]
    game.apply("AC")
    trick = game.observation(None)["tricks"][-1]
    assert [c["card"] for c in trick["cards"]] == ["KC", "7C", "5H", "AC"]
    assert trick["winner"] == third and trick["points"] == 15
    assert game.observation(None)["points"][third % 2] == 15


def test_scopa_has_a_position_with_a_choice_of_captures():
    found = False
    for p in load_positions(CONTENT, "scopa", Diagnostics()):
        game = replay(p.record)
        for step in p.steps:
            if step.visitor:
                cards = [a.split()[0] for a in game.legal_actions()]
                if any(cards.count(c) > 1 for c in cards):
                    found = True
                game.apply(step.answers[0])
            else:
                game.apply(step.action)
    assert found


def test_feedback_is_chosen_by_action_then_card_then_kind_then_other():
    feedback = {"7S x 7C": "a", "KC": "b", "match": "c", "capture": "d", "other": "e"}
    assert feedback_key("scopa", feedback, "7S x 7C", {"kind": "match"}) == "7S x 7C"
    assert feedback_key("scopa", feedback, "KC", {"kind": "none"}) == "KC"
    assert feedback_key("scopa", feedback, "7S x 7D", {"kind": "match"}) == "match"
    assert feedback_key("scopa", feedback, "5S x 2H 3H", {"kind": "sum"}) == "capture"
    assert feedback_key("scopa", {"scopa": "s", "sum": "t"}, "KH x 2C 3S 5D",
                        {"kind": "sum", "scopa": True}) == "scopa"
    assert feedback_key("madrasso", {"discard": "x"}, "4S", {"kind": "trump"}) is None


def test_step_lines_follow_dotted_keys_and_sub_tables():
    source = parse("\n".join([
        "[practice]", "seats = [0]",
        "[[practice.steps]]", "action = \"KC\"",
        "[[practice.steps]]", "answers = [\"5H\"]", "feedback.4S = \"no\"",
        "[[practice.steps]]", "answers = [\"AC\"]", "[practice.steps.feedback]", "other = \"no\"",
    ]))
    assert source.line("practice.steps[0].action") == 4
    assert source.line("practice.steps[1].feedback.4S") == 7
    assert source.line("practice.steps[2].feedback.other") == 11
    assert source.line("practice.steps[2].correct") == 8


# ---------------------------------------------------------------------------- broken positions

@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_a_broken_position_fails_with_its_line(path: Path):
    expected = path.read_bytes().split(b"\n")[0].decode("ascii")  # one is not UTF-8 text
    match = re.fullmatch(r"# expect: (\d+): (.+)", expected)
    assert match, f"{path.name} must start with '# expect: LINE: message'"
    line, message = int(match.group(1)), match.group(2)
    found = diagnose(path)
    assert len(found) == 1, [str(d) for d in found]
    diagnostic = found[0]
    assert (diagnostic.line, diagnostic.level) == (line, "error"), str(diagnostic)
    assert message in diagnostic.message
    assert "Error" not in diagnostic.message  # the author's words, no exception class
    assert str(diagnostic) == f"{diagnostic.path}:{line}: error: {diagnostic.message}"
    assert Path(diagnostic.path).name == path.name


def test_a_build_with_a_broken_position_fails_and_names_it(build_fixture, capsys):
    result = build_fixture("practice_site")
    assert not result.ok
    messages = [str(d) for d in result.diagnostics.errors]
    assert len(messages) == 1, messages
    assert re.search(r"practice_site/content/practice/broken\.toml:23: error: step 1: no feedback "
                     r"for the legal answer '3D'", messages[0]), messages[0]


@pytest.mark.parametrize("name", ["game_a_list", "leader_a_float", "not_utf8", "deep_nesting",
                                  "huge_integer"])
def test_a_broken_position_is_reported_once_however_many_pages_show_practice(name, tmp_path):
    """The site index reads every position once, before any page renders: three pages with
    [[practice]] still give one error, at the position file's own line."""
    content = tmp_path / "content"
    (content / "practice").mkdir(parents=True)
    (content / "index.md").write_text('+++\ntitle = "Home"\ndescription = "d"\n+++\n\nText.\n')
    for game in ("madrasso", "briscola", "scopa"):
        (content / f"{game}.md").write_text(f'+++\ntitle = "{game}"\ndescription = "d"\n+++\n\n'
                                            f"## Try it {{#practice}}\n\n[[practice: {game}]]\n")
    bad = FIXTURES / "practice" / f"{name}.toml"
    (content / "practice" / bad.name).write_bytes(bad.read_bytes())
    line = int(bad.read_bytes().split(b":")[1])
    paths = build.Paths(root=ROOT, content=content, templates=ROOT / "templates",
                        config=FIXTURES / "site.toml", out=tmp_path / "site")
    result = build.build(paths, runtime=False)
    [error] = result.diagnostics.errors
    assert (Path(error.path).name, error.line) == (bad.name, line), str(error)
    assert "failed" not in error.message and "Error" not in error.message


# ---------------------------------------------------------------------------- the rendered page

@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("practice") / "site"
    result = build.build(build.Paths(out=out), strict=True, runtime=False)
    assert result.ok, "\n".join(map(str, result.diagnostics.sorted()))
    return out


@pytest.mark.parametrize("game", ["madrasso", "briscola", "scopa"])
def test_the_page_carries_every_position_and_a_no_javascript_version(built: Path, game: str):
    page = (built / f"{game}.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="practice-data" data-src="(data/practice-[^"]+\.json)"', page)
    assert block
    data = json.loads((built / block.group(1)).read_text(encoding="utf-8"))
    positions = load_positions(CONTENT, game, Diagnostics())
    assert [p["id"] for p in data["positions"]] == [p.id for p in positions]
    for p in data["positions"]:
        # Each position reads without JavaScript: its title, the cards by name, the answer.
        section = re.search(rf'<section class="practice-position" id="practice-{p["id"]}".*?</section>',
                            page, re.S)
        assert section, p["id"]
        text = section.group(0)
        assert p["title"].split(" (")[0] in text.replace("&#39;", "'")
        assert '<details class="practice-answer">' in text
        assert re.search(r'<img class="card" src="cards/\w\w\.svg" alt="\w+ of \w+"', text)
        for rule in p["rules"]:
            assert f'href="{game}.html#{rule["anchor"]}"' in text
        # The record the browser loads replays to the same position.
        record = load_record(next(x.path for x in positions if x.id == p["id"]))
        assert p["record"]["actions"] == record.actions
    assert 'src="js/practice.' in page and "css/practice." in page
    assert "<script>" not in page and " style=" not in page


def test_the_seed_trick_reads_without_javascript(built: Path):
    page = (built / "madrasso.html").read_text(encoding="utf-8")
    section = re.search(r'<section class="practice-position" id="practice-madrasso-01-the-trick".*?</section>',
                        page, re.S).group(0)
    assert 'alt="king of clubs"' in section and 'alt="seven of clubs"' in section
    assert "<strong>South</strong> plays the five of hearts" in section
    assert "<strong>East</strong> plays the ace of clubs" in section
    assert "15 points" in section


@pytest.mark.parametrize("game", ["madrasso", "briscola", "scopa"])
def test_each_answers_feedback_is_one_text_that_says_nothing_twice(built: Path, game: str):
    """Like a demo move's: the author's words first, then only the engine facts they do not
    already say (a wrong answer's as what it would do), then the rule's link; every legal answer
    of every visitor's step on every branch has its text."""
    page = (built / f"{game}.html").read_text(encoding="utf-8")
    src = re.search(r'<div class="practice-data" data-src="(data/practice-[^"]+\.json)"', page).group(1)
    data = json.loads((built / src).read_text(encoding="utf-8"))
    positions = {p.id: p for p in load_positions(CONTENT, game, Diagnostics())}
    seen = 0
    for p in data["positions"]:
        for step, checked in zip(p["steps"], positions[p["id"]].steps):
            if not step["visitor"]:
                continue
            assert set(step["texts"]) == set(checked.answered), p["id"]
            for branch, texts in step["texts"].items():
                assert set(texts) == set(checked.answered[branch]), (p["id"], branch)
                for action, text in texts.items():
                    words = re.sub(r"<[^>]+>", "", text)
                    sentences = [re.sub(r"\W+", " ", s).strip().lower()
                                 for s in re.split(r"(?<=[.!?])\s+", words) if len(s.split()) > 3]
                    assert len(sentences) == len(set(sentences)), (p["id"], action, words)
                    assert "The engine" not in words and "href=" in text, (p["id"], action, text)
                    right = action in step["answers"]
                    author = re.sub(r"<[^>]+>", "", step["feedback"].get(action) or step["correct"]) if right else ""
                    assert words.startswith(author.strip()[:40]), (p["id"], action, words)
                    if right:
                        assert "If you played it:" not in words, (p["id"], action, words)
                    seen += 1
    assert seen >= 2 * len(positions)


EAST_ONLY = '''game = "madrasso"
dealer = 1
hands = [
  ["3D", "4D", "5D", "JD", "QD", "5H", "AS", "4S", "6S", "QS"],
  ["AC", "AD", "7D", "AH", "JH", "QH", "KH", "5S", "7S", "4H"],
  ["2C", "3C", "4C", "5C", "JC", "QC", "KC", "2D", "2S", "3S"],
  ["6C", "7C", "6D", "KD", "2H", "3H", "6H", "7H", "JS", "KS"],
]
actions = ["KC", "7C", "5H"]

[about]
title = "East follows"
order = 1

[practice]
seats = [1]
open = true
question = "You play East: which card?"
rules = ["playing-a-trick"]
closing = "East had to follow suit."

[[practice.steps]]
answers = ["AC"]
correct = "Yes: the only club."
'''


def test_the_seat_the_visitor_plays_sits_at_the_bottom_without_javascript(tmp_path):
    """A position whose visitor plays East (every hand open) is laid out from East: East's
    hand in the bottom row, wide, and every seat still named for itself."""
    content = tmp_path / "content"
    (content / "practice").mkdir(parents=True)
    (content / "index.md").write_text('+++\ntitle = "Home"\ndescription = "d"\n+++\n\nText.\n')
    (content / "madrasso.md").write_text('+++\ntitle = "Madrasso"\ndescription = "d"\n+++\n\n'
                                         "## Playing a trick {#playing-a-trick}\n\nText.\n\n"
                                         "## Try it {#practice}\n\n[[practice: madrasso]]\n")
    (content / "practice" / "east.toml").write_text(EAST_ONLY)
    paths = build.Paths(root=ROOT, content=content, templates=ROOT / "templates",
                        config=FIXTURES / "site.toml", out=tmp_path / "site")
    result = build.build(paths, runtime=False)
    assert result.ok, "\n".join(map(str, result.diagnostics.sorted()))
    page = (tmp_path / "site" / "madrasso.html").read_text(encoding="utf-8")
    seats = dict(re.findall(r'<div class="seat seat-(\w+)[^"]*" data-seat="\d" role="group" '
                            r'aria-label="(\w+)"', page))
    assert seats == {"south": "East", "east": "North", "north": "West", "west": "South"}
    # South's five of hearts lies in the trick where South sits: on East's left.
    assert re.search(r'<li data-card="5H" class="trick-card at-west', page)


def test_the_table_never_turns_to_the_visitors_next_seat(built: Path):
    """In a position played from two seats (the seed trick: South, then East) the table stays
    as it is for East's card, South at the bottom: no step asks the page to turn it."""
    for game in ("madrasso", "briscola", "scopa"):
        page = (built / f"{game}.html").read_text(encoding="utf-8")
        src = re.search(r'<div class="practice-data" data-src="(data/practice-[^"]+\.json)"', page).group(1)
        for p in json.loads((built / src).read_text(encoding="utf-8"))["positions"]:
            assert not any("turn" in s for s in p["steps"]), p["id"]


def test_every_step_says_who_plays_in_words_from_the_build(built: Path):
    """The prompt beside the table while a step waits is written by the build: the visitor's
    turn names the seat played (and says "playing" when the visitor plays several), a seat the
    position plays itself is named as playing."""
    for game in ("madrasso", "briscola", "scopa"):
        page = (built / f"{game}.html").read_text(encoding="utf-8")
        src = re.search(r'<div class="practice-data" data-src="(data/practice-[^"]+\.json)"', page).group(1)
        for p in json.loads((built / src).read_text(encoding="utf-8"))["positions"]:
            for step in p["steps"]:
                name = p["seat_names"][step["seat"]]
                if not step["visitor"]:
                    expected = f"{name} plays\u2026"
                elif len(p["seats"]) > 1:
                    expected = f"Your turn, playing {name}: choose a card."
                else:
                    expected = f"Your turn ({name}): choose a card."
                assert step["prompt"] == expected, p["id"]


@pytest.mark.parametrize("game", ["madrasso", "briscola", "scopa"])
def test_a_tricks_count_is_said_once_by_the_tables_caption(built: Path, game: str):
    """Issue 27 (after the demo's fix): a right answer's feedback and a scripted move's line in
    the log said the trick's count ("... the highest trump: 15 points to North and South.")
    beside the table's caption, which the log repeats ("South wins the trick: 4 + 0 + 0 + 11 =
    15 points to North and South."). Now the caption alone counts: each text is the note, then
    only what the caption does not say (the card that won, and why), once."""
    from sitegen.practice_view import branches, captions

    page = (built / f"{game}.html").read_text(encoding="utf-8")
    src = re.search(r'<div class="practice-data" data-src="(data/practice-[^"]+\.json)"', page).group(1)
    data = json.loads((built / src).read_text(encoding="utf-8"))
    positions = {p.id: p for p in load_positions(CONTENT, game, Diagnostics())}
    counted = 0
    for p in data["positions"]:
        checked = positions[p["id"]]
        for step, said in zip(p["steps"], captions(checked, branches(checked))):
            for branch, by_action in said.items():
                for action, caption in by_action.items():
                    count = re.search(r"= (\d+) points?", caption)
                    text = step["texts"][branch][action] if step["visitor"] else step["texts"][branch]
                    words = re.sub(r"<[^>]+>", "", text)
                    assert action in step["answers"] if step["visitor"] else action == step["action"]
                    if not count:
                        continue
                    counted += 1
                    n = count.group(1)
                    assert not re.search(rf"\b{n} points?(?:\*\*)?(?: (?:to|for)\b|\.)", words), \
                        (p["id"], action, words, caption)
                    assert "wins the trick:" not in words, (p["id"], action, words)
    assert counted >= {"madrasso": 10, "briscola": 1, "scopa": 0}[game]
