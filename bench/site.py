#!/usr/bin/env python3
"""Site figures: build time, bytes per page, and the Pyodide payload.

    .venv/bin/python bench/site.py [--runs 3]

- Build time: the whole pipeline (content, cards, assets, Pyodide copy, engine wheel), median
  of ``--runs`` builds into a temporary folder.
- Bytes per page: the HTML plus every stylesheet and script it loads, following the JavaScript
  modules' own imports and ``new URL("./...", import.meta.url)`` references (the worker), but
  not Pyodide, the engine wheel or card images; raw, gzip (level 6, a typical server) and
  brotli (quality 5) when the ``brotli`` module is installed. Target: every rules page under
  60 KB compressed.
- The Pyodide payload: site/pyodide/ plus the engine wheel, raw / gzip / brotli.
"""

from __future__ import annotations

import argparse
import gzip
import re
import statistics
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

try:
    import brotli  # type: ignore[import-not-found]
except ImportError:
    brotli = None

RULES_PAGES = ("madrasso.html", "briscola.html", "scopa.html")
TARGET = 60_000
_STATIC_IMPORT = re.compile(r"""(?:^|[;\s])import\s*(?:[^"'`;()]*?\bfrom\s*)?["'](\.\.?/[^"']+)["']""", re.M)
_LATER = re.compile(r"""(?:\bimport\(\s*|new URL\(\s*)["'](\.\.?/[^"']+)["']""")


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.data: list[str] = []      # components' JSON data (data-src), fetched when needed

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and a.get("rel") in ("stylesheet", "modulepreload", "preload") and a.get("href"):
            self.refs.append(a["href"])
        if tag == "script" and a.get("src"):
            self.refs.append(a["src"])
        if a.get("data-src"):
            self.data.append(a["data-src"])


def page_files(site: Path, page: str) -> tuple[list[Path], list[Path]]:
    """What the page loads at once (the HTML, its stylesheets and scripts with their static
    imports) and what its scripts fetch later (dynamic imports, workers), without Pyodide,
    the engine wheel or images."""
    parser = _Refs()
    parser.feed((site / page).read_text(encoding="utf-8"))
    root = site.resolve()
    first: list[Path] = [site / page]
    later: list[Path] = []
    seen: set[Path] = set()

    def visit(path: Path, bucket: list[Path]) -> None:
        if path in seen or not path.is_file() or "pyodide" in path.relative_to(root).parts:
            return
        seen.add(path)
        bucket.append(path)
        if path.suffix in (".js", ".mjs"):
            text = path.read_text(encoding="utf-8")
            for ref in _STATIC_IMPORT.findall(text):
                visit((path.parent / ref).resolve(), bucket)
            for ref in _LATER.findall(text):
                target = (path.parent / ref).resolve()
                if target.suffix in (".js", ".mjs", ".css"):
                    visit(target, later)

    for ref in parser.refs:
        visit((site / ref).resolve(), first)
    return first, later


def sizes(data: bytes) -> tuple[int, int, int | None]:
    return (len(data), len(gzip.compress(data, 6, mtime=0)),
            len(brotli.compress(data, quality=5)) if brotli else None)


def kb(n: int | None) -> str:
    return "-" if n is None else f"{n / 1000:.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--files", action="store_true", help="list each rules page's files")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        out = Path(tmp) / "site"
        times = []
        for _ in range(args.runs):
            result = build.build(build.Paths(out=out))
            if not result.ok:
                build.report(result)
                return 1
            times.append(result.seconds)
        print(f"build: median {statistics.median(times):.2f} s over {args.runs} runs "
              f"(min {min(times):.2f}, max {max(times):.2f}); {len(result.pages)} pages")

        print(f"\nper page, HTML+CSS+JS without Pyodide or card images (KB; brotli "
              f"{'q5' if brotli else 'not installed'}):")
        print(f"{'page':<16}{'files':>6}{'raw':>9}{'gzip':>8}{'brotli':>8}"
              f"{'later':>8}{'total':>8}  target (total){'data':>14}")
        worst = 0
        for page in sorted(p.name for p in out.glob("*.html")):
            first, later = page_files(out, page)
            def total(files: list[Path]) -> list[int]:
                sums = [0, 0, 0]
                for f in files:
                    raw, gz, br = sizes(f.read_bytes())
                    sums = [sums[0] + raw, sums[1] + gz, sums[2] + (br or 0)]
                return sums
            now, after = total(first), total(later)
            pick = 2 if brotli else 1
            compressed = now[pick] + after[pick]
            mark = ""
            if page in RULES_PAGES:
                worst = max(worst, compressed)
                mark = "ok (< 60 KB)" if compressed < TARGET else "OVER 60 KB"
            refs = _Refs()
            refs.feed((out / page).read_text(encoding="utf-8"))
            data = sum(sizes((out / src).read_bytes())[pick] for src in refs.data if (out / src).is_file())
            print(f"{page:<16}{len(first) + len(later):>6}{kb(now[0]):>9}{kb(now[1]):>8}"
                  f"{kb(now[2] if brotli else None):>8}{kb(after[pick]):>8}{kb(compressed):>8}  {mark:<12}"
                  f"{kb(data) if data else '':>8}")
        print("(raw/gzip/brotli: loaded with the page; later: fetched by its scripts on demand, "
              "compressed; total: both, compressed; data: the components' JSON files, fetched "
              "when the demo, practice or game comes near, compressed, not in the total)")
        if args.files:
            for page in RULES_PAGES:
                first, later = page_files(out, page)
                print(f"\n{page}:")
                for f in first + later:
                    tag = "later" if f in later else ""
                    print(f"  {f.relative_to(out.resolve()) if f.is_absolute() else f.relative_to(out)}"
                          f"  {kb(sizes(f.read_bytes())[1])} KB gzip {tag}")

        print("\nPyodide payload (site/pyodide/ and the engine wheel, KB):")
        print(f"{'file':<40}{'raw':>10}{'gzip':>10}{'brotli':>10}")
        runtime = sorted((out / "pyodide").iterdir()) + sorted((out / "engine").glob("*.whl"))
        total = [0, 0, 0]
        for f in runtime:
            raw, gz, br = sizes(f.read_bytes())
            total = [total[0] + raw, total[1] + gz, total[2] + (br or 0)]
            print(f"{f.relative_to(out).as_posix():<40}{kb(raw):>10}{kb(gz):>10}{kb(br):>10}")
        print(f"{'total':<40}{kb(total[0]):>10}{kb(total[1]):>10}{kb(total[2] if brotli else None):>10}")
        card_bytes = sum(f.stat().st_size for f in (out / "cards").glob("*.svg"))
        card_gz = sum(len(gzip.compress(f.read_bytes(), 6)) for f in (out / "cards").glob("*.svg"))
        print(f"\ncard images: {kb(card_bytes)} KB raw, {kb(card_gz)} KB gzip for one set of 41")
    return 0 if worst < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
