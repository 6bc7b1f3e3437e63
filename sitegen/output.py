"""The output folder: built whole in a temporary folder beside it, then swapped in.

A failed build removes its temporary folder and leaves the previous site/ exactly as it was;
a successful one renames the old site/ aside, renames the new one into place and deletes the
old one, so a server pointed at site/ never sees a half-written site. Like Pelican's writer,
it refuses to write the same path twice (two pages, or a page and a component's file), but
a component's content-hashed data file (data/...) written alike for a page and its twin is one file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from .diagnostics import Diagnostics


class Output:
    def __init__(self, final: Path):
        self.final = final.resolve()
        self.final.parent.mkdir(parents=True, exist_ok=True)
        self.dir = Path(tempfile.mkdtemp(prefix=f".{self.final.name}-build-", dir=self.final.parent))
        self.written: dict[str, str] = {}   # relative path -> who wrote it

    def write(self, relative: str, data: str | bytes, by: str, diagnostics: Diagnostics) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        if relative in self.written and relative.startswith("data/") and (self.dir / relative).read_bytes() == raw:
            return  # a component's content-hashed data, the same for a page and its twin: one file
        if relative in self.written or (self.dir / relative).exists():
            first = self.written.get(relative, "the build")
            diagnostics.error(by, None, f"'{relative}' is written twice (first by {first})")
            return
        target = self.dir / relative
        if self.dir.resolve() not in target.resolve().parents:
            diagnostics.error(by, None, f"'{relative}' is outside the site")
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
        self.written[relative] = by

    def commit(self) -> None:
        """Swap the new site in place of the old one."""
        os.chmod(self.dir, 0o755)  # mkdtemp makes it private
        old = None
        if self.final.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{self.final.name}-old-", dir=self.final.parent))
            old.rmdir()
            os.rename(self.final, old)
        os.rename(self.dir, self.final)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)

    def discard(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)
