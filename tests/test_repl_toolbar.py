"""The REPL's bottom toolbar at 80 columns: the clock, the running countdowns and reserves, the DMs waiting and
the typed line's problem come first, so a narrow terminal cuts only where the game is (issue 18, item 11); and
it fits: whose turn it is (what the game waits for) shows whole in every game at every phase, and what does not
fit is left out whole, the least urgent first (issue 29, item 13)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from prompt_toolkit.formatted_text import to_plain_text
from prompt_toolkit.utils import get_cwidth

from tests.conftest import SCENARIOS
from tests.seeds import test_seed
from tests.transcript_support import TRANSCRIPTS, scenario_of
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.repl.toolbar import Keep, Part, fitted
from umpire.scenario import load
from umpire.session import Session, derive_salt


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
    # the problem is shortened to the room left (issue 29, item 13)
    assert bar == "⏱ 0:00 · Hedger's move 1:00 · reserves Hedger 5:00 Ian 5:00 · ⚠ “black” is not…"


def test_item_11_in_open_pass_the_dm_count_shows_within_80_columns(clock, monkeypatch) -> None:
    s = Session.create(load(SCENARIOS / "open-pass-heaven-hell.toml"), journal_path=None, seed="1", salt="0" * 32)
    shell = Shell(s, Terminal(io.StringIO(), width=80), clock)
    shell.handle("start")
    shell.handle("p3: bid 1 4")
    assert s.waiting_dms() >= 1
    bar = toolbar_at(shell, "", monkeypatch)
    assert bar.startswith("⏱ 0:00 · ") and "✉ 1 DM" in bar
    assert bar.index("✉") < 80


# ---------------------------------------------------------------- every game at every phase (issue 29, item 13)

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))


def states(script: Path) -> Iterator[Session]:
    """A session of the script's game after each of its lines: every phase the transcripts reach, for every game."""
    sc = scenario_of(script)
    seed = test_seed(sc)
    s = Session.create(sc, journal_path=None, seed=seed, salt=derive_salt(seed))
    for line in script.read_text(encoding="utf-8").split("\n"):
        if line.strip() and not line.startswith("#"):
            s.feed(line)
            yield s


def bar_of(s: Session, dms: int, typed: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Shell]:
    shell = Shell(s, Terminal(io.StringIO(), width=80), lambda: 0.0)  # the game clock where the session is
    monkeypatch.setattr(s, "waiting_dms", lambda: dms)
    app = SimpleNamespace(current_buffer=SimpleNamespace(text=typed))
    monkeypatch.setattr("umpire.repl.shell.get_app_or_none", lambda: app)
    return to_plain_text(shell.toolbar()), shell


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_item_13_at_80_columns_every_games_toolbar_fits_at_every_phase_and_says_what_it_waits_for(
    script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for s in states(script):
        game = s.game.toolbar(s.state, s.now)
        awaited = game.where.split(" · ")[0]  # whose turn it is, or what the game waits for
        assert awaited.split(" — ")[0] not in s.title(), game  # first, before the game's name
        bar, _ = bar_of(s, 0, "", monkeypatch)
        assert get_cwidth(bar) <= 80, bar
        assert bar.startswith(("⏱ ", "⏸ PAUSED ")) and game.clock in bar, bar
        assert f" · {awaited}" in bar, (bar, awaited)  # never cut (“· tur”): whole, after the clocks
        # DMs waiting come before it; the clocks and the count still show, and nothing is cut in the middle
        bar, _ = bar_of(s, 9, "", monkeypatch)
        assert get_cwidth(bar) <= 80 and game.clock in bar and "✉ 9 DMs" in bar, bar
        parts = bar.split(" · ")
        assert all(p in game.where.split(" · ") for p in parts[parts.index("✉ 9 DMs") + 1 :]), bar


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_item_13_a_typed_lines_problem_is_shortened_to_the_room_left_after_the_clocks(
    script: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    *_, s = states(script)
    bar, shell = bar_of(s, 0, "p1: " + "zzz " * 40, monkeypatch)
    problem = shell.live.problem("p1: " + "zzz " * 40)
    assert problem is not None and " · ⚠ " in bar, bar
    if bar.endswith("…"):  # the problem did not fit: cut to the room left, between words
        assert get_cwidth(bar) in (79, 80) and problem.startswith(bar.split(" · ⚠ ")[1][:-1]), bar  # 79: a space before “…” is dropped
    else:  # a game whose refusal is short (it quotes nothing of the line) shows it whole
        assert get_cwidth(bar) <= 80 and bar.endswith(f"⚠ {problem}"), bar


def test_item_13_a_part_that_does_not_fit_is_left_out_whole_with_every_part_after_it() -> None:
    parts = [Part("⏱ 1:00", "b", Keep.ALWAYS), Part("x" * 60), Part("y" * 30), Part("z")]
    assert [p.text for p in fitted(parts, 80)] == ["⏱ 1:00", "x" * 60]  # not “z”: nothing less urgent jumps ahead
    assert [p.text for p in fitted(parts, 40)] == ["⏱ 1:00"]
    wide = [Part("⏱ 1:00", "b", Keep.ALWAYS), Part("⚠ " + "ü" * 100, "warn", Keep.SHORTEN), Part("turn")]
    (clock, problem) = fitted(wide, 30)
    assert get_cwidth(f"{clock.text} · {problem.text}") == 30 and problem.text == "⚠ " + "ü" * 18 + "…"
