"""The README's engine example is a doctest: it must stay true."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_examples_run():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0


def test_readme_gives_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert "make serve" in text and "make test" in text
