"""Fixtures shared by the REPL, CLI and crash tests: a scenario, a session with a journal,
a clock the test moves by hand, and a way to drive the REPL in-process."""

from __future__ import annotations

import io
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests import testgames
from umpire.scenario import Scenario, load
from umpire.session import Session

testgames.register_all()  # the tests' own games are registered for the whole run (tests/testgames.py)

# Hypothesis profiles. The everyday run (README's plain `pytest`) is deterministic: the same examples
# on every machine and every run, and no example database, so nobody meets a failure that is not in
# main, nor one replayed from an earlier run in their clone. The slow suite (`pytest -m slow`) explores at
# random and keeps what it finds in the database; CI runs it with the derandomized "thorough" profile. UMPIRE_HYPOTHESIS_PROFILE (or
# Hypothesis's own --hypothesis-profile) picks one by name.
settings.register_profile(
    "everyday", derandomize=True, database=None, max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("exploration", derandomize=False, max_examples=200, deadline=None, print_blob=True)
# CI's slow run (.ci/run names it): as many examples as exploring, but the same ones on every run, so that what
# lands is what was run here and a red CI run is a failure anyone can reproduce. Exploring is done by hand.
settings.register_profile(
    "thorough", derandomize=True, database=None, max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("everyday")


def hypothesis_profile(markexpr: str, env: str | None, option: str | None) -> str:
    """The profile for a run: an explicit choice, else exploration when the slow suite is selected."""
    if option:
        return option
    if env:
        return env
    runs_slow = "slow" in markexpr and "not slow" not in markexpr
    return "exploration" if runs_slow else "everyday"


def pytest_configure(config: pytest.Config) -> None:
    option = config.getoption("hypothesis_profile", default=None)
    settings.load_profile(hypothesis_profile(config.option.markexpr or "", os.environ.get("UMPIRE_HYPOTHESIS_PROFILE"), option))


SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


class FakeClock:
    """A monotonic clock that only moves when the test says so."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def htt() -> Scenario:
    """The bundled Hap-Tac-Toe Death Match (Hedger = p1, Uri = p2; Uri holds the Advantage)."""
    return load(SCENARIOS / "hap-tac-toe.toml")


@pytest.fixture
def choice() -> Scenario:
    """The bundled Choice is Yours Final Match (Hedger = p1, Uri = p2)."""
    return load(SCENARIOS / "choice-is-yours.toml")


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "game.journal.jsonl"


@pytest.fixture
def session(htt: Scenario, journal_path: Path) -> Session:
    """A new Hap-Tac-Toe game with a fixed seed, journaling to `journal_path`."""
    return Session.create(htt, journal_path=journal_path, seed="42", salt="0" * 32)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def drive_repl(clock: FakeClock) -> Callable[..., str]:
    """Run the REPL on `session` with `keys` typed (ending with Ctrl-D); returns what it printed.

    Keys are written from a thread, so a large paste cannot fill the pipe before the REPL reads it.
    """
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from umpire.repl import run
    from umpire.repl.terminal import Terminal

    def drive(session: Session, *keys: str) -> str:
        out = io.StringIO()
        with create_pipe_input() as inp:
            feeder = threading.Thread(target=lambda: [inp.send_text(k) for k in (*keys, "\x04")], daemon=True)
            feeder.start()
            run(
                session,
                pt_input=inp,
                pt_output=DummyOutput(),
                terminal=Terminal(out, width=120),
                history=InMemoryHistory(),
                monotonic=clock,
            )
            feeder.join(timeout=10)
        return out.getvalue()

    return drive
