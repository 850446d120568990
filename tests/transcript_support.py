"""What the transcript suites share: a script's header, batch mode's exact output, and the
compare-or-update step.

A transcript is a scenario + a script + the expected output. Each script names its scenario in a
`# scenario: NAME` header line; it runs as `umpire play NAME --seed N --script FILE [--json]` does,
with the tests' seed for that scenario (tests/seeds.py) and the salt derived from it and its text (`.out`) and JSON (`.jsonl`) outputs are
compared byte for byte. `UPDATE_TRANSCRIPTS=1` rewrites the expected files: read the diff first.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.seeds import test_seed
from tests.testgames import scenario_path
from umpire.render import batch
from umpire.scenario import Scenario, parse
from umpire.session import Session, derive_salt

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "tests" / "transcripts"
UPDATE = os.environ.get("UPDATE_TRANSCRIPTS") == "1"


def header(script: Path, keys: tuple[str, ...] | None = None) -> dict[str, str]:
    """The `# key: value` lines at the top of a script (only `keys`, when given)."""
    out: dict[str, str] = {}
    for line in script.read_text(encoding="utf-8").split("\n"):
        if not line.startswith("#"):
            break
        key, sep, value = line[1:].partition(":")
        if sep and (keys is None or key.strip() in keys):
            out.setdefault(key.strip(), value.strip())
    return out


def scenario_of(script: Path) -> Scenario:
    """The scenario the script names (bundled, or a test game's), read as the CLI user names it (the path stays out of the output)."""
    path = scenario_path(header(script)["scenario"])
    return parse(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


def run(script: Path, *, json_out: bool, journal: Path | None = None, scenario: Scenario | None = None) -> tuple[str, Session]:
    """What batch mode prints for the script, and the session it leaves."""
    sc = scenario or scenario_of(script)
    seed = test_seed(sc)  # bundled scenarios carry no seed: a live game draws a secret one
    session = Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))
    lines = script.read_text(encoding="utf-8").split("\n")
    out = "".join(line + "\n" for line in batch(session, lines, json_out=json_out))
    return out, session


def without_final_hash(output: str) -> str:
    """Batch output less the final-hash posts, which only a kept journal has (and its wall times make them vary): the one
    posted when the game ends and at the reveal, and the one an undo of the ruling that ended it posts, saying it is void."""
    lines = output.split("\n")
    out: list[str] = []
    skipping = False
    for line in lines:
        if '"event":"final_hash"' in line or '"event":"final_hash_withdrawn"' in line:
            continue
        if line.startswith("🧾 The journal's final hash"):
            skipping = True
        if not skipping:
            out.append(line)
        elif line == "":
            skipping = False
    return "\n".join(out)


def compare(script: Path, suffix: str, *, json_out: bool, scenario: Scenario | None = None) -> None:
    """Batch output equals the expected file, byte for byte (or rewrite it under UPDATE_TRANSCRIPTS=1)."""
    expected_path = script.with_suffix(suffix)
    actual, _ = run(script, json_out=json_out, scenario=scenario)
    if UPDATE:
        expected_path.write_text(actual, encoding="utf-8")
    assert expected_path.exists(), f"{expected_path.name} is missing; run with UPDATE_TRANSCRIPTS=1 and read it"
    expected = expected_path.read_text(encoding="utf-8")
    if actual != expected:
        for i, (a, e) in enumerate(zip(actual.split("\n"), expected.split("\n"), strict=False), start=1):
            assert a == e, f"{expected_path.name} line {i} differs"
    assert actual == expected
