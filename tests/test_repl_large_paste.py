"""A very large paste (issue 29, item 14): it loads without costing anything per line at each redraw, and the
clocks are held while umpire judges it.

A 10,000-line paste cost ~60 ms at every toolbar redraw (the REPL redraws it several times a second while
the clocks run) and again in the lexer, each going over every line; and the seconds umpire took to judge it
ran a player's clock. Here, without timing anything: each line is checked at most once per state however
often the toolbar and the lexer look; a redraw checks at most `CHECKS_PER_REDRAW` lines and the search for
the first bad line goes on where it stopped; the lexer checks only the lines it is asked to colour; and the
game clock does not move while a paste is judged.
"""

from __future__ import annotations

import io
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import to_plain_text

from tests.conftest import FakeClock
from umpire.repl import complete
from umpire.repl.complete import LiveCheck
from umpire.repl.shell import CHECKS_PER_REDRAW, Shell
from umpire.repl.terminal import Terminal
from umpire.session import Session

N = 3 * CHECKS_PER_REDRAW + 500  # lines in the paste: more than three redraws' worth


def paste(n: int = N, *, bad_at: int | None = None) -> str:
    """`n` distinct readable Discord-copied lines of Hedger's (each its own time); line `bad_at` (1-based) unreadable."""
    lines = [f"[{i // 3600 % 12 + 1}:{i // 60 % 60:02d}:{i % 60:02d} PM] Hedger: black red circle C{i % 5 + 1}" for i in range(n)]
    if bad_at is not None:
        lines[bad_at - 1] = "p1: purple circle C3"
    return "\n".join(lines)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often the live check asks the session to check a line, and works out how a block's lines are taken."""
    calls: Counter[str] = Counter()
    real_check, real_plan = Session.check, complete.block_checks

    def check(self: Session, text: str, **kw: Any) -> str | None:
        calls["check"] += 1
        calls[f"line:{text}"] += 1
        return real_check(self, text, **kw)

    def plan(session: Session, lines: Any) -> Any:
        calls["block_checks"] += 1
        return real_plan(session, lines)

    monkeypatch.setattr(Session, "check", check)
    monkeypatch.setattr(complete, "block_checks", plan)
    return calls


def in_buffer(shell: Shell, text: str, monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    buffer = SimpleNamespace(text=text)
    monkeypatch.setattr("umpire.repl.shell.get_app_or_none", lambda: SimpleNamespace(current_buffer=buffer))
    return buffer


def started(session: Session, clock: FakeClock) -> Shell:
    shell = Shell(session, Terminal(io.StringIO(), width=120), clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    return shell


def test_each_pasted_line_is_checked_once_however_often_the_toolbar_and_the_lexer_look(
    session: Session, clock: FakeClock, counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = started(session, clock)
    text = paste()
    in_buffer(shell, text, monkeypatch)
    counted.clear()
    for _ in range(20):  # ten seconds of redraws
        shell.toolbar()
        get_line = shell.live.lex_document(Document(text, len(text)))
        for i in range(N - 24, N):
            get_line(i)
    assert counted["block_checks"] == 1  # once for the text, not at each redraw
    assert counted["check"] == N  # every line, once
    assert max(v for k, v in counted.items() if k.startswith("line:")) == 1


def test_a_redraw_checks_at_most_its_share_of_lines_and_the_search_goes_on_where_it_stopped(
    session: Session, clock: FakeClock, counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = started(session, clock)
    bad_at = 2 * CHECKS_PER_REDRAW + 7
    in_buffer(shell, paste(bad_at=bad_at), monkeypatch)
    counted.clear()
    bars = []
    for _ in range(4):
        bars.append(to_plain_text(shell.toolbar()))
        assert counted["check"] <= CHECKS_PER_REDRAW * len(bars)
    assert ["⚠" in bar for bar in bars] == [False, False, True, True]  # found at the third redraw, then kept
    assert f"⚠ line {bad_at}: “purple” is not a block attribute" in bars[2]
    assert counted["check"] == bad_at  # the lines up to the bad one, each once
    # Asked without a budget (as on Enter, or by a test), the same answer at once
    assert (LiveCheck(session).problem(paste(bad_at=bad_at)) or "").startswith(f"line {bad_at}: “purple” is not a block attribute")


def test_the_lexer_checks_only_the_lines_it_colours(session: Session, clock: FakeClock, counted: Counter[str]) -> None:
    shell = started(session, clock)
    text = paste(bad_at=N)
    counted.clear()
    get_line = shell.live.lex_document(Document(text, len(text)))
    shown = [get_line(i) for i in range(N - 3, N)]
    assert counted["check"] == 3
    assert [style for (style, _), *_ in shown] == ["", "", "class:unreadable"]


def test_a_new_state_checks_the_lines_again_and_a_key_typed_after_the_paste_reuses_every_check(
    session: Session, clock: FakeClock, counted: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shell = started(session, clock)
    text = paste(1000)
    buffer = in_buffer(shell, text, monkeypatch)
    assert shell.live.problem(text) is None
    counted.clear()
    buffer.text = text + "\np2: done"  # a named line: after compact copies, a bare word would continue their message (R-READ-3)
    assert shell.live.problem(buffer.text) is None
    assert counted["check"] == 1 and counted["line:p2: done"] == 1  # only the new line
    shell.handle("p1: black red circle C3")  # a ruling: the game has moved, so the lines are looked at again
    counted.clear()
    first = text.split("\n", 1)[0]
    assert (
        shell.live.problem(buffer.text)
        == "line 1: Hedger already placed black red circle on C3 this turn; claim with “hap …” or say “done”"
    )
    assert counted["check"] == 1 and counted[f"line:{first}"] == 1


def test_the_clocks_are_held_while_umpire_judges_a_paste_and_the_host_is_told(
    session: Session, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=200), clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    clock.advance(10)
    real_feed = session.feed

    def slow_feed(text: str, **kw: Any) -> Any:  # judging that takes 5 s of the wall clock
        result = real_feed(text, **kw)
        clock.advance(5)
        return result

    monkeypatch.setattr(session, "feed", slow_feed)
    before = shell.clock.now()
    shell.handle("p1: black red circle C3\np1: done")
    assert shell.clock.now() == before  # the mover's 5 s were not spent by umpire's judging
    assert "(the clocks were held for the 5.0 s umpire took to judge these 2 lines)" in out.getvalue()
    clock.advance(2)
    assert shell.clock.now() == before + 2000  # and they run on from there


def test_beside_a_companion_that_maps_its_messages_times_onto_the_clock_the_clock_runs_on(
    session: Session, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    companion: Any = SimpleNamespace(attach=lambda shell, game_clock: None, tick=lambda now: None, route=lambda outs: None)
    shell = Shell(session, Terminal(io.StringIO(), width=200), clock, companion=companion)
    shell.handle("p2: first p1")
    real_feed = session.feed
    monkeypatch.setattr(session, "feed", lambda text, **kw: (real_feed(text, **kw), clock.advance(5))[0])
    before = shell.clock.now()
    shell.handle("start")
    assert shell.clock.now() == before + 5000
