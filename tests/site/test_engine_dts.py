"""The engine's ops declared once: engine/validate.py's REQUESTS (a dataclass per op, its fields
the arguments the op takes) is the source; templates/static/js/engine-ops.d.ts, which types the
pages' `engine.request(op, args)` under tsc, is written from it by scripts/engine_dts.py, and
engine.d.ts pairs each op with its answer (EngineAnswers). These tests fail when the sides
drift: an op the service answers that the .d.ts lacks (or the reverse), an argument the
validator accepts that the .d.ts lacks, a required argument declared optional, an op without
a declared answer. The last test proves through tsc that the types refuse a misspelled op or
argument (and take the pages' way of calling)."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import engine_dts  # noqa: E402

from engine import validate  # noqa: E402
from engine.service import registry  # noqa: E402
from engine.service.dispatch import Bridge  # noqa: E402,F401  (registers every handler)

JS = ROOT / "templates" / "static" / "js"
REGENERATE = "run python scripts/engine_dts.py"


def _members(body: str | None, indent: str) -> dict[str, bool]:
    """A type's members as written: {argument: required}."""
    return {name: not optional for name, optional in re.findall(rf"^{indent}(\w+)(\??): ", body or "", re.M)}


def _declared_requests(text: str) -> dict[str, dict[str, bool]]:
    """engine-ops.d.ts's EngineRequests as written: op -> {argument: required}, an op's
    inherited arguments (a base `XArgs`, itself perhaps `extends` another, or another op's
    `EngineRequests["op"]`) before its own."""
    bases: dict[str, dict[str, bool]] = {}
    for m in re.finditer(r"^export interface (\w+Args)(?: extends (\w+Args))? \{\n(.*?)^\}", text, re.M | re.S):
        bases[m.group(1)] = {**(bases[m.group(2)] if m.group(2) else {}), **_members(m.group(3), "  ")}
    body = re.search(r"^export interface EngineRequests \{\n(.*?)^\}", text, re.M | re.S)
    assert body, "engine-ops.d.ts has no EngineRequests interface"
    ops: dict[str, dict[str, bool]] = {}
    for m in re.finditer(r'^  (\w+): (?:(\w+Args)|EngineRequests\["(\w+)"\])?(?: & )?(?:\{(?:\};|\n(.*?)^  \};)|;)',
                         body.group(1), re.M | re.S):
        inherited = bases[m.group(2)] if m.group(2) else ops[m.group(3)] if m.group(3) else {}
        ops[m.group(1)] = {**inherited, **_members(m.group(4), "    ")}
    return ops


def _declared_answers() -> set[str]:
    """The ops engine.d.ts's EngineAnswers gives an answer to."""
    text = (JS / "engine.d.ts").read_text(encoding="utf-8")
    body = re.search(r"^export interface EngineAnswers \{\n(.*?)^\}", text, re.M | re.S)
    assert body, "engine.d.ts has no EngineAnswers interface"
    return set(re.findall(r"^  (\w+): ", body.group(1), re.M))


def test_the_committed_ops_are_what_the_validator_says():
    assert engine_dts.TARGET.read_text(encoding="utf-8") == engine_dts.render(validate.REQUESTS), \
        f"templates/static/js/engine-ops.d.ts is out of date with engine/validate.py: {REGENERATE}"


def test_every_op_the_service_answers_is_declared_and_no_other():
    declared = set(_declared_requests(engine_dts.TARGET.read_text(encoding="utf-8")))
    handled, validated = set(registry.HANDLERS), set(validate.REQUESTS)
    assert handled == validated, f"the service's handlers {sorted(handled ^ validated)} and the " \
        "validator's requests disagree (engine/service/registry.py check)"
    assert not validated - declared, f"ops the engine answers but engine-ops.d.ts lacks: " \
        f"{sorted(validated - declared)}: {REGENERATE}"
    assert not declared - validated, f"ops engine-ops.d.ts declares but the engine does not " \
        f"answer: {sorted(declared - validated)}: {REGENERATE}"


def test_every_op_has_the_arguments_the_validator_takes_required_as_it_requires():
    declared = _declared_requests(engine_dts.TARGET.read_text(encoding="utf-8"))
    for op, cls in validate.REQUESTS.items():
        python = {f.name: f.default is dataclasses.MISSING for f in dataclasses.fields(cls)}
        typescript = declared.get(op, {})
        missing = sorted(set(python) - set(typescript))
        assert not missing, f"{op}: the validator accepts {missing} but engine-ops.d.ts lacks " \
            f"them: {REGENERATE}"
        extra = sorted(set(typescript) - set(python))
        assert not extra, f"{op}: engine-ops.d.ts declares {extra}, which the validator refuses"
        for name, required in python.items():
            assert typescript[name] == required, f"{op}.{name} is {'required' if required else 'optional'} " \
                f"in engine/validate.py but not in engine-ops.d.ts: {REGENERATE}"


def test_every_op_has_its_answer_declared_and_no_other():
    answers, ops = _declared_answers(), set(validate.REQUESTS)
    assert not ops - answers, f"ops without an answer type: {sorted(ops - answers)}: declare each " \
        "in templates/static/js/engine.d.ts's EngineAnswers (op: the type its handler answers)"
    assert not answers - ops, f"engine.d.ts's EngineAnswers declares {sorted(answers - ops)}, " \
        "which engine/validate.py does not know"


def test_an_argument_of_a_new_kind_needs_a_translation_first():
    @validate.request("probe")
    class Probe(validate.Request):
        pair: tuple[int, int] = validate.arg(validate.flag)

    with pytest.raises(engine_dts.SchemaError, match="no TypeScript for"):
        engine_dts.render({"probe": Probe})


PROBE = """\
import { getEngine } from "ENGINE_CLIENT";
const engine = getEngine();
/** @type {number | null} */
const handle = 1;
/** @type {Record<string, unknown>} */
const gathered = { handle: 1 };
export async function probe() {
  // Taken: the pages' ways of calling.
  const state = await engine.request("state", { handle, next_deal: true });
  state.legal.length;
  const played = await engine.request("bot", { handle, level: "expert", play: true });
  played.state.index;
  (await engine.request("hello")).protocol;
  await engine.request("review_start", gathered);
  /** @type {string} */
  const op = "state";
  await engine.request(op, { anything: 1 });
  // Refused, one error each (their lines are the test's to match):
  await engine.request("aply", { handle: 1, action: "KC" });         // REFUSED misspelled op
  await engine.request("apply", { handle: 1, actoin: "KC" });        // REFUSED misspelled argument
  await engine.request("apply", { handle: 1 });                      // REFUSED missing argument
  await engine.request("apply", { handle: "1", action: "KC" });      // REFUSED mistyped argument
  (await engine.request("state", { handle })).legl;                  // REFUSED not in the answer
  (await engine.request("bot", { handle })).state;                   // REFUSED not played
}
"""


def test_tsc_refuses_a_misspelled_op_or_argument(tmp_path):
    tsc = ROOT / "node_modules" / ".bin" / "tsc"
    if not tsc.exists() or shutil.which("node") is None:
        pytest.skip("needs node and npm typescript (make setup)")
    probe = tmp_path / "probe.mjs"
    probe.write_text(PROBE.replace("ENGINE_CLIENT", str(JS / "engine-client.mjs")), encoding="utf-8")
    config = tmp_path / "tsconfig.json"
    config.write_text(json.dumps({
        "extends": str(ROOT / "tsconfig.json"),
        "include": [str(probe), str(JS / "shapes.d.ts"), str(JS / "browser.d.ts")], "exclude": []}))
    done = subprocess.run([str(tsc), "-p", str(config)], capture_output=True, text=True, cwd=ROOT)
    errors = [line for line in done.stdout.splitlines() if re.match(r"\S.*\(\d+,\d+\): error", line)]
    lines = PROBE.splitlines()
    refused = {i + 1 for i, line in enumerate(lines) if "// REFUSED" in line}
    erring = {int(re.search(r"\((\d+),\d+\)", e).group(1)) for e in errors}  # type: ignore[union-attr]
    outside = [e for e in errors if "probe.mjs" not in e]
    assert not outside, "tsc found errors outside the probe:\n" + "\n".join(outside)
    assert erring == refused, "tsc's errors are not the probe's refused lines:\n" + done.stdout
