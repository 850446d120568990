"""The guide's promise, held by a test: a game added through the five places docs/writing-a-game.md names, and
nothing else, is taken in by every test that goes over the games.

The test copies the repository (its package, its tests, the scenarios and the docs) to a scratch folder and adds the
Number Auction (tests/numberauction/) there as a game umpire ships, through the five places alone:

1. its folder: umpire/games/numberauction/ (the test game's five modules, their imports of each other renamed);
2. one word in the registry: "numberauction" in `PACKAGES` (umpire/games/__init__.py);
3. its scenario: scenarios/number-auction.toml;
4. its doc: docs/number-auction.md (there already);
5. its transcript: tests/transcripts/number-auction.script with its expected outputs (there already);

and takes out what makes it a test game (tests/numberauction/, its scenario in tests/scenarios/, its package in
tests/testgames.py). Then it collects the suite there: every test parametrized over the games umpire ships (by their
names, their packages or their transcripts) must be parametrized over the Number Auction too, the pictures' warm-up
and the first prompt among them. Under `-m slow` it also runs, there, every test that takes the new game in.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from umpire.games import PACKAGES, entries

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_KEYS = tuple(e.key for e in entries() if e.package.startswith("umpire.games."))
SHIPPED_TRANSCRIPTS = (
    "choice-goofspiel",
    "choice-match",
    "devils-deal",
    "hap-tac-toe",
    "hap-tac-toe-timeout",
    "open-pass-match",
    "when-stars-align",
)
NEW = {"key": "number-auction", "package": "numberauction"}


def add_through_the_five_places(tree: Path) -> None:
    """The Number Auction added to the copy `tree` as a game umpire ships, and no longer as a test game."""
    folder = tree / "umpire" / "games" / "numberauction"
    folder.mkdir()
    for module in sorted((ROOT / "tests" / "numberauction").glob("*.py")):
        text = module.read_text(encoding="utf-8").replace("tests.numberauction", "umpire.games.numberauction")
        (folder / module.name).write_text(text, encoding="utf-8")
    registry = tree / "umpire" / "games" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    words = ", ".join(f'"{p}"' for p in (*PACKAGES, "numberauction"))
    registry.write_text(re.sub(r"^PACKAGES = \(.*\)$", f"PACKAGES = ({words})", text, count=1, flags=re.MULTILINE), encoding="utf-8")
    shutil.move(tree / "tests" / "scenarios" / "number-auction.toml", tree / "scenarios" / "number-auction.toml")
    assert (tree / "docs" / "number-auction.md").is_file() and (tree / "tests" / "transcripts" / "number-auction.script").is_file()
    shutil.rmtree(tree / "tests" / "numberauction")
    games = tree / "tests" / "testgames.py"
    games.write_text(games.read_text(encoding="utf-8").replace('("tests.numberauction",)', "()"), encoding="utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the repository with the Number Auction added through the five places."""
    tree = tmp_path_factory.mktemp("five-places")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in ("umpire", "tests", "scenarios", "docs"):
        shutil.copytree(ROOT / name, tree / name, ignore=skip)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    if (ROOT / "build" / "axe").is_dir():  # axe-core, as .ci/run installs it (git ignores build/): the copy's too
        (tree / "build").mkdir()
        (tree / "build" / "axe").symlink_to(ROOT / "build" / "axe", target_is_directory=True)
    add_through_the_five_places(tree)
    return tree


def pytest_in(tree: Path, *args: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """pytest run in the copy, on the copy's own code (never this checkout's)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "UPDATE_TRANSCRIPTS": ""}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", *args]
    return subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)


def parametrized(ids: list[str]) -> dict[str, list[str]]:
    """Each parametrized test (file::function) with the ids of its cases."""
    cases: dict[str, list[str]] = defaultdict(list)
    for node in ids:
        if "[" in node:
            test, _, case = node.partition("[")
            cases[test].append(case.removesuffix("]"))
    return cases


def test_a_game_added_through_the_five_places_alone_is_taken_in_by_every_test_over_the_games(tree: Path) -> None:
    done = pytest_in(tree, "--collect-only", "-q", "tests", timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    cases = parametrized([line for line in done.stdout.splitlines() if "::" in line])
    over_games = {
        "key": [t for t, ids in cases.items() if all(any(k in i for i in ids) for k in SHIPPED_KEYS)],
        "package": [t for t, ids in cases.items() if all(any(p in i for i in ids) for p in PACKAGES)],
        "transcript": [t for t, ids in cases.items() if all(any(s in i for i in ids) for s in SHIPPED_TRANSCRIPTS)],
    }
    left_out = [t for by in ("key", "package") for t in over_games[by] if not any(NEW[by] in i for i in cases[t])]
    left_out += [t for t in over_games["transcript"] if not any("number-auction" in i for i in cases[t])]
    assert not left_out, f"tests over the games that leave out a game added through the five places: {left_out}"
    taken_in = {t.split("::")[0] for by in over_games.values() for t in by}
    for where in (
        "tests/images/test_warm_up.py",
        "tests/test_first_prompt.py",
        "tests/contract/test_contract.py",
        "tests/contract/test_secrecy.py",
    ):
        assert where in taken_in, f"{where} goes over the games no more?"


@pytest.mark.slow
def test_a_game_added_through_the_five_places_alone_passes_every_test_that_takes_it_in(tree: Path) -> None:
    done = pytest_in(tree, "-q", "-k", "number-auction or numberauction or number_auction", "tests", timeout=3000)
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-3000:]


def test_the_guides_worked_example_on_the_shared_blocks_is_under_300_lines_in_at_most_5_files() -> None:
    folder = ROOT / "tests" / "numberauction"  # the Number Auction, the tests' own game (issue 33)
    files = sorted(folder.glob("*.py"))
    lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
    assert len(files) <= 5 and lines < 300, f"{len(files)} files, {lines} lines"
