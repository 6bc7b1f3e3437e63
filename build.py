#!/usr/bin/env python3
"""Build the site: content/ (Markdown) + templates/ (Jinja2) -> site/ (static files).

    python build.py                  build into site/
    python build.py --strict         warnings are errors too
    python build.py --out DIR        build into DIR instead
    python build.py serve [--port N] build, serve on 127.0.0.1:8000, rebuild and reload on change

This is the command line; :func:`sitegen.pipeline.build` is the whole build, top to bottom
(load, index, render, write). Content problems never raise: each step records
``path:line: error: message`` diagnostics, and the build stops at the next check point, prints
them all, exits 1, and leaves the previous site/ untouched (it builds in a temporary folder
beside it and swaps it in only at the end).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from sitegen.pipeline import ROOT, BuildResult, Paths, build

__all__ = ["BuildResult", "Paths", "build", "main", "report"]


def report(result: BuildResult, strict: bool = False, stream: TextIO = sys.stderr) -> None:
    """Print every diagnostic, then one line saying what was built (or why not)."""
    for diagnostic in result.diagnostics.sorted():
        print(diagnostic, file=stream)
    errors, warnings = len(result.diagnostics.errors), len(result.diagnostics.warnings)
    if not result.ok:
        why = f"{errors} error{'s' * (errors != 1)}"
        if strict and warnings:
            why += f", {warnings} warning{'s' * (warnings != 1)} (--strict)"
        print(f"build failed: {why}; {result.out} is unchanged", file=stream)
        return
    parts = [f"{len(result.pages)} pages", f"{result.cards} card images", f"{len(result.assets)} assets"]
    if result.runtime and result.runtime.pyodide_version:
        parts.append(f"Pyodide {result.runtime.pyodide_version} "
                     f"({result.runtime.pyodide_bytes / 1e6:.1f} MB)")
        parts.append(f"engine wheel ({result.runtime.wheel_bytes / 1e3:.0f} KB)")
    if warnings:
        parts.append(f"{warnings} warning{'s' * (warnings != 1)}")
    print(f"built {', '.join(parts)} into {result.out} in {result.seconds:.2f} s", file=sys.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the site from content/ and templates/.")
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    parser.add_argument("--out", type=Path, default=Paths.out, help="output folder (default: site/)")
    parser.add_argument("--content", type=Path, default=Paths.content, help=argparse.SUPPRESS)
    parser.add_argument("--config", type=Path, default=Paths.config, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=8000, help="serve: the port (default 8000)")
    parser.add_argument("--dev", action="store_true", help=argparse.SUPPRESS)  # used by serve
    parser.add_argument("--update-budget", action="store_true",
                        help="record the shipped files' sizes in size-budget.json (wanted growth)")
    args = parser.parse_args(argv)
    paths = Paths(out=args.out.resolve(), content=args.content, config=args.config)
    if args.command == "serve":
        from sitegen.serve import serve
        return serve(paths.out, port=args.port, strict=args.strict, root=ROOT)
    result = build(paths, strict=args.strict, dev=args.dev)
    report(result, strict=args.strict)
    # Sizes of every shipped file, against size-budget.json: the budget is the real site's, so
    # a build of other content (test fixtures, --content) is not held to it.
    if result.ok and not args.dev and args.content.resolve() == Paths.content.resolve():
        from sitegen.budget import run as size_budget
        if not size_budget(ROOT, result.out, update_budget=args.update_budget, stream=sys.stdout):
            return 1
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
