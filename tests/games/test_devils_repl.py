"""Devil's Deal in the REPL: live timers on a clock the test moves, a pasted multi-line division,
completion, and a whole (short) Death Match hosted to a winner, then replayed from its journal."""

from __future__ import annotations

import io
from pathlib import Path

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from umpire.core import journal
from umpire.repl.complete import UmpireCompleter
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.session import Session

from .test_devils_support import new_session


def shell_for(session: Session, clock: object) -> tuple[Shell, io.StringIO]:
    out = io.StringIO()
    return Shell(session, Terminal(out, width=200), clock), out  # type: ignore[arg-type]


def paste(text: str) -> str:
    """What a terminal sends when `text` is pasted (bracketed paste), then Enter."""
    return f"\x1b[200~{text}\x1b[201~\r"


def test_a_whole_death_match_in_the_repl_with_live_timers(tmp_path: Path, clock) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "dm.journal.jsonl"
    s = new_session(journal=path, starting_chips=3)  # nobody can refill: straight to the poker
    shell, out = shell_for(s, clock)
    shell.handle("start")
    shell.handle("p2: first p1")
    assert "Community card: `G6`" in out.getvalue()
    clock.advance(59.9)
    shell.tick()
    assert "⏳ 30 s left to pick private cards" not in out.getvalue()
    clock.advance(0.2)
    shell.tick()
    assert "⏳ 30 s left to pick private cards (no pick = that player loses)." in out.getvalue()
    shell.handle("p1: pick R5 G5")
    shell.handle("p2: pick R1 B2")
    assert "Both pay the ante of 2" in out.getvalue()
    shell.handle("p1: all-in")  # 1 chip
    clock.advance(10.5)
    shell.tick()
    assert "⏳ **Uri**: 10 s to bet (no bet = fold)." in out.getvalue()
    shell.handle("p2: call")
    # Both at 0 chips: round 2 of betting is skipped, the showdown comes at once.
    assert "🃏 **Showdown**" in out.getvalue()
    assert "**Hedger** wins the pot of 5: pair beats high card." in out.getvalue()
    clock.advance(20.1)  # the break
    shell.tick()
    assert "⚔️ **Round 2** — **Hedger** starts." in out.getvalue()
    shell.handle("p1: no")  # Hedger could pay a refill; Uri (0 chips) is not asked
    shell.handle("p1: pick G2 B6")
    shell.handle("p2: pick G6 R9")
    assert "🏆 **Hedger wins Devil's Deal**: Uri cannot pay the ante (0 chips; the ante is 2)." in out.getvalue()
    assert s.state.over
    kinds = [e["kind"] for e in journal.read(path).entries]
    assert kinds.count("clock") >= 3  # reminders and the break's end were journaled as they fired
    replayed, _, _ = Session.load(path, reopen=False)
    assert replayed.state == s.state


def test_a_pasted_message_with_one_pile_a_line_is_one_division(tmp_path: Path, clock, drive_repl) -> None:  # type: ignore[no-untyped-def]
    s = new_session(journal=tmp_path / "g.jsonl")
    printed = drive_repl(
        s,
        "start\r",
        "p2: first p1\r",
        "p1: yes\r",
        paste("Hedger — Today at 10:32 PM\nG4 B4 G6\nR2 G3 G9\nB1 B5 G8\naside: B6 R8"),
        "p1: done\r",
    )
    assert "takes 9 (G4 B4 G6 G3 B1 G9 R2 G8 B5)" in printed
    assert "**Hedger** takes 9: `G4 B4 G6 G3 B1 G9 R2 G8 B5` (pool: 14 cards)." in printed
    assert "discard 4 (limit 10)" in printed


def test_lines_typed_after_a_header_up_to_the_empty_line_are_one_division(tmp_path: Path, clock, drive_repl) -> None:  # type: ignore[no-untyped-def]
    s = new_session(journal=tmp_path / "g.jsonl")
    printed = drive_repl(
        s,
        "start\r",
        "p2: first p1\r",
        "p1: yes\r",
        "Hedger — Today at 10:32 PM\r",
        "G4 B4 G6\r",
        "R2, G3, G9\r",
        "B1 B5 G8\r",
        "unused: B6 R8\r",
        "\r",
        "p1: done\r",
    )
    assert "**Hedger** takes 9: `G4 B4 G6 G3 B1 G9 R2 G8 B5` (pool: 14 cards)." in printed


def test_completion_offers_the_cards_the_step_wants(clock) -> None:  # type: ignore[no-untyped-def]
    s = new_session()
    shell, _ = shell_for(s, clock)
    for line in ("start", "p2: first p1", "p1: yes"):
        shell.handle(line)
    completer = UmpireCompleter(s)
    words = [c.text for c in completer.get_completions(Document("p1: G4 B"), CompleteEvent())]
    assert words == ["B4", "B1", "B5", "B6", "B2"]


def test_a_pasted_correction_while_paused_leaves_the_valid_division_in_force(tmp_path: Path, clock, drive_repl) -> None:  # type: ignore[no-untyped-def]
    s = new_session(journal=tmp_path / "g.jsonl")
    printed = drive_repl(
        s,
        "start\r",
        "p2: first p1\r",
        "p1: yes\r",
        "pause\r",
        paste("Hedger — Today at 10:33 PM\nG9 B1\nG8 R2\naside G6 G4"),
        paste("Hedger — Today at 10:34 PM\nG3 B4"),
        "division\r",
    )
    assert "no pile is marked set aside" in printed  # the correction is refused
    assert "in force since 0:00: G9 B1 (10) · G8 R2 (10) · set aside: G6 G4 (10) — takes 4" in printed
    assert "in force: nothing valid" not in printed
