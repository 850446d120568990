"""benchmarks/bench_openpass.py runs (issue 18: it crashed with `Player.__init__() got an unexpected
keyword argument 'bid'`, from states built with a field players no longer have), and the states it
measures are ones a match can reach.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from umpire.games.openpass import rules
from umpire.games.openpass.state import Phase

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The benchmark module, imported as `python benchmarks/bench_openpass.py` imports it; the modules
    it brings in (benchlib, run) are forgotten afterwards."""
    before = set(sys.modules)
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    yield importlib.import_module("bench_openpass")
    for name in set(sys.modules) - before:
        if name in ("bench_openpass", "benchlib", "run"):
            del sys.modules[name]


def test_bench_openpass_builds_round_states_with_sealed_bids_that_close(bench: ModuleType) -> None:
    states = bench.building_states(3)
    assert len(states) == 3
    for state in states:
        assert state.phase is Phase.BUILDING and not state.bids.waiting  # all 13 have bid
        closed, events = rules.close_round(state, 0)
        assert closed.round == 2 and [e.kind for e in events][:2] == ["round_closed", "round_record"]


def test_bench_openpass_runs_and_prints_its_table(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--repeat", "1"]) == 0
    table = capsys.readouterr().out
    for name in ("`rules.close_round`, 13 players", "`arith.read_row`, one row", "`Session.feed`, Open, Pass match, per line"):
        assert name in table
