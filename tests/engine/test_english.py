"""The Italian checks' word list (tests/engine/english.py) tells an English sentence from an Italian one."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("english", Path(__file__).with_name("english.py"))
assert _spec is not None and _spec.loader is not None
english = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(english)
english_words, texts = english.english_words, english.texts


def test_the_word_list_tells_english_from_italian() -> None:
    assert english_words("Nord gioca il sette di cuori e prende la mano.") == []
    assert english_words("Tocca a te: rispondi a seme o gioca una briscola.") == []
    assert english_words("North plays the seven of hearts") == ["North", "plays", "the", "seven", "of", "hearts"]
    assert list(texts({"log": ["Sud prende"], "card": "7H"}, frozenset({"card"}))) == [(".log[0]", "Sud prende")]
