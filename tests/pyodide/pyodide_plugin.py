"""A pytest plugin that run_tests.mjs loads (``-p pyodide_plugin``) when the engine tests run
inside Pyodide in Node.

The project directory is mounted from the real disk, so nothing may be written there:
Hypothesis keeps no example database (``database=None``; its other storage goes to
HYPOTHESIS_STORAGE_DIRECTORY, which the runner points at Pyodide's in-memory /tmp).
Pyodide runs Python two to three times slower than CPython, so Hypothesis's per-example
deadline (a speed check, not a rules check) is off here; every other setting the engine
tests' conftest chose (max_examples and so on) is kept.
"""

from __future__ import annotations

import sys

import pytest


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    # trylast: after Hypothesis's own plugin has loaded any --hypothesis-profile, and after the
    # conftest files (imported before configure) have loaded their profile.
    from hypothesis import settings

    settings.register_profile("pyodide", settings(settings.default, database=None, deadline=None))
    settings.load_profile("pyodide")


def pytest_report_header(config: pytest.Config) -> str:
    import hypothesis

    return (
        f"Pyodide in Node: Python {sys.version.split()[0]} on {sys.platform}, "
        f"hypothesis {hypothesis.__version__}, profile 'pyodide' (database=None, deadline=None)"
    )
