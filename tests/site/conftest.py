"""Build fixtures: small content folders in tests/site/fixtures/, built with the real templates."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402


def fixture_paths(name: str, out: Path) -> build.Paths:
    folder = FIXTURES / name
    config = folder / "site.toml"
    return build.Paths(root=ROOT, content=folder / "content", templates=ROOT / "templates",
                       config=config if config.is_file() else FIXTURES / "site.toml", out=out)


@pytest.fixture
def build_fixture(tmp_path: Path):
    """build_fixture("good", strict=False, runtime=False) -> BuildResult, output in tmp_path/site."""
    def run(name: str, *, strict: bool = False, runtime: bool = False, out: Path | None = None):
        return build.build(fixture_paths(name, out or tmp_path / "site"), strict=strict, runtime=runtime)
    return run


@pytest.fixture(scope="module")
def good_site(tmp_path_factory) -> Path:
    """The 'good' fixture built once, with the runtime (Pyodide and the engine wheel)."""
    out = tmp_path_factory.mktemp("good") / "site"
    result = build.build(fixture_paths("good", out), strict=True, runtime=True)
    assert result.ok, "\n".join(map(str, result.diagnostics.items))
    return out
