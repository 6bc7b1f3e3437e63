"""The demo's words, written once at build time: one text per move, and who plays next.

Each move of a demo has the author's note (why) and the engine's facts (what happened, in the
engine's words), and the table says a trick's result in its own caption. Shown side by side
they often say the same thing two or three times, so a move's text is the note followed by
only those of the engine's sentences that neither the note nor the table's caption already
says, and the link to the rule. (A note leaves a trick's count to the caption:
tests/site/test_demo_text.py checks every demo for it.) "Already says" is judged on the words that carry meaning (cards, seats,
numbers, verbs): a fact sentence most of whose words the note has is left out; when only the
part before its colon is in the note, the part after it (the rule, in the engine's words) stays.

The browser shows these texts as they are (templates/static/js/demo.mjs writes no sentence
about the game).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Any

SAID = 0.6
"""The share of a fact sentence's meaningful words the note must have for the fact to count
as said (checked by eye on every move of the three demos: below it, a fact adds something)."""

_STOP = frozenset(
    "a an the of and or to is it its it's with on in for by as at if be so now this that "
    "their them they there his her one no not more any".split()
    # Italian (a twin's note beside the engine's facts in Italian, sitegen/translated.py)
    + "il lo la i gli le l un una uno di del dello della dei degli delle dell e ed è o al "
      "allo alla ai agli alle all da dal dalla in nel nella su sul sulla con per che non "
      "si ne ha ho sono anche più ma se".split())
_CLAUSE = re.compile(r"\b(?:is|are|must|may|can|cannot|beats?|takes?|wins?|stays?"
                     r"|è|sono|deve|devono|può|possono|batte|battono|prende|prendono|vince|resta)\b")
"""A verb (English or Italian): the part after a fact's colon is a sentence of its own only
with one."""
_NOTATION = re.compile(r"\b(?:[A2-7JQK][CDHS])(?: x\b| [A2-7JQK][CDHS]\b)+")
"""Cards in the record's notation ("JC x 2H 6H"): for the record, not for a reader."""
_WON = re.compile(r"\b(?:wins the trick|fa la presa)\b")
"""A trick's result, in English or Italian (engine.po: "{player} fa la presa ...")."""
_WINS = re.compile(r"^(?P<who>\w+) (?:wins the trick|fa la presa) \(\d+ (?:points?|punt[oi])\)"
                   r"(?: (?:and|e) (?P<rest>.+))?\.$")
"""The engine's trick result with its count (Briscola: "North wins the trick (8 points) and
draws first and leads next."): the table's caption says who won and the count."""
_COUNTED = re.compile(r"^(?P<why>\w+ (?:wins the trick|fa la presa) .+?): \d+ (?:points?|punt[oi]) "
                      r"(?:to|for|a|per) .+\.$")
"""Madrasso's trick result with the why and the count ("East wins the trick with the queen of
spades, the highest spade, the suit led: 7 points to East and West."): the caption counts the
trick; the why (the card that won, and what made it win) is the fact's own."""


def meaning_words(text: str) -> list[str]:
    """The words of ``text`` that carry its meaning: lower case, tags, "'s" and plural "s" off,
    small words out."""
    text = re.sub(r"<[^>]+>", " ", text).lower().replace("\u2019", "'")
    text = re.sub(r"'s\b", "", text)
    return [w.rstrip("s") if len(w) > 3 else w
            for w in re.findall(r"[a-z\u00e0-\u00fa]+|\d+", text) if w not in _STOP]


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences (a full stop, question or exclamation mark, then a capital)."""
    return [s for s in re.split(r"(?<=[.!?\u2026])\s+(?=[A-Z\u2026])", text.strip()) if s]


def coverage(sentence: str, known: set[str]) -> float:
    words = meaning_words(sentence)
    return sum(w in known for w in words) / len(words) if words else 1.0


def new_facts(note_html: str, facts: str, *, mover: str = "", card: str = "",
              shown: str = "") -> list[str]:
    """The engine's sentences of ``facts`` that the note does not already say, nor ``shown``
    (what the table itself says after the move: the trick's caption, "East wins the trick:
    10 + 0 + 0 + 2 = 12 points to East and West.").

    ``mover`` and ``card`` name the move's seat and card, for a kept sentence that says "It is
    winning" after the sentence naming them was left out."""
    known = set(meaning_words(note_html)) | set(meaning_words(shown))
    kept: list[str] = []
    dropped_first = False
    for i, sentence in enumerate(sentences(facts)):
        if _NOTATION.search(sentence):
            continue
        won = _WINS.match(sentence)
        if won and _WON.search(shown):
            if not won["rest"]:
                continue
            sentence = f"{won['who']} {won['rest']}."  # what the caption does not say
        if coverage(sentence, known) >= SAID:
            dropped_first = dropped_first or i == 0
            continue
        counted = _COUNTED.match(sentence)
        if counted and _WON.search(shown):
            sentence = f"{counted['why']}."  # new words, but the count is the caption's
        head, colon, tail = sentence.partition(": ")
        if colon and _CLAUSE.search(tail) and coverage(head, known) >= SAID:
            sentence = tail[0].upper() + tail[1:]
        elif dropped_first and not kept and sentence.startswith("It is ") and mover and card:
            sentence = f"{mover}'s {card} is {sentence[len('It is '):]}"
        kept.append(sentence)
    return kept


def move_text(note_html: str, facts: Sequence[str], rules: Sequence[dict[str, str]],
              rule_words: tuple[str, str] = ("Rule", "Rules")) -> str:
    """One move's text as HTML: the note, then the new facts and the rule links in the note's
    last paragraph (one paragraph to read, not three blocks). ``rule_words``: "Rule" and
    "Rules" in the page's language."""
    extra = ""
    if facts:
        extra += f' <span class="move-facts">{escape(" ".join(facts), quote=False)}</span>'
    if rules:
        links = ", ".join(f'<a href="{escape(r["href"])}"'
                          + (f' hreflang="{escape(r["hreflang"])}"' if r.get("hreflang") else "")
                          + f'>{escape(r["title"], quote=False)}</a>' for r in rules)
        extra += f' <span class="move-rules">({rule_words[len(rules) > 1]}: {links})</span>'
    note = note_html.strip()
    if note.endswith("</p>"):
        return note[: -len("</p>")] + extra + "</p>"
    return note + (f"<p>{extra.strip()}</p>" if extra else "")


NEXT_WORDS = {"only": "{who} to play: only {the_card} is allowed{swap}.",
              "any": "{who} to play, and may play any of: {cards}{swap}.",
              "hidden": "{who} to play.",
              "swap": " (or first swap the seven of trumps)"}
"""The sentences of :func:`next_words` (sitegen/demo.py gives them in the page's language)."""


def next_words(names: Sequence[str], seat: int, legal: Sequence[str],
               card_name: Any, messages: dict[str, str] | None = None) -> dict[str, Any]:
    """Who plays next, in words: ``open`` when every hand is shown (with the cards allowed),
    ``hidden`` when the mover's hand is not, and the playable ``cards`` (``messages``:
    :data:`NEXT_WORDS` in the page's language)."""
    say = messages or NEXT_WORDS
    who = names[seat]
    cards = list(dict.fromkeys(a.split(" ")[0] for a in legal if a != "swap"))
    swap = say["swap"] if "swap" in legal else ""
    words = [card_name(c) for c in cards]
    if len(words) == 1:
        from engine.cards import Card
        open_text = say["only"].format(who=who, card=words[0], the_card=Card.parse(cards[0]).the,
                                       swap=swap)
    else:
        open_text = say["any"].format(who=who, cards=", ".join(words), swap=swap)
    return {"seat": seat, "open": open_text, "hidden": say["hidden"].format(who=who),
            "cards": cards}
