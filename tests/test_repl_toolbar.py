"""The REPL's bottom toolbar at 80 columns: the clock, the running countdowns and reserves, the DMs waiting and
the typed line's problem come first, so a narrow terminal cuts only where the game is (issue 18, item 11)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from prompt_toolkit.formatted_text import to_plain_text

from tests.conftest import SCENARIOS
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.scenario import load
from umpire.session import Session


def toolbar_at(shell: Shell, typed: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """The toolbar's first 80 columns while `typed` is in the prompt's buffer."""
    app = SimpleNamespace(current_buffer=SimpleNamespace(text=typed))
    monkeypatch.setattr("umpire.repl.shell.get_app_or_none", lambda: app)
    return to_plain_text(shell.toolbar())[:80]


def test_item_11_at_80_columns_the_toolbar_shows_the_clock_the_reserves_the_dms_and_the_typed_lines_problem(clock, monkeypatch) -> None:
    s = Session.create(load(SCENARIOS / "when-stars-align.toml"), journal_path=None, seed="1", salt="0" * 32)
    shell = Shell(s, Terminal(io.StringIO(), width=80), clock)
    for line in ("p2: first p1", "start"):
        shell.handle(line)
    bar = toolbar_at(shell, "p1: black red circle Z9", monkeypatch)
    assert bar.startswith("⏱ 0:00 · move 1:00 · reserve Hedger 5:00 · Ian 5:00 · ⚠ “black” is not a star")


def test_item_11_in_open_pass_the_dm_count_shows_within_80_columns(clock, monkeypatch) -> None:
    s = Session.create(load(SCENARIOS / "open-pass-heaven-hell.toml"), journal_path=None, seed="1", salt="0" * 32)
    shell = Shell(s, Terminal(io.StringIO(), width=80), clock)
    shell.handle("start")
    shell.handle("p3: bid 1 4")
    assert s.waiting_dms() >= 1
    bar = toolbar_at(shell, "", monkeypatch)
    assert bar.startswith("⏱ 0:00 · ") and "✉ 1 DM to send" in bar
    assert bar.index("✉") < 80
