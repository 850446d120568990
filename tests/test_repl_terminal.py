"""The REPL's terminal: its own lines in the styles rich gave them, styles only where a terminal shows them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from umpire.cli.common import find_scenario
from umpire.repl.shell import Shell
from umpire.repl.terminal import BOLD, CYAN, DIM, RED, Terminal
from umpire.scenario import load
from umpire.session import Session


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def plain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")


def test_the_title_intro_and_help_line_are_written_with_the_escapes_rich_wrote(tmp_path: Path, plain_env: None) -> None:
    session = Session.create(load(find_scenario("hap-tac-toe")), journal_path=tmp_path / "j.jsonl", seed="1", salt="0" * 32)
    out = Tty()
    Shell(session, Terminal(out), lambda: 0.0).start(["Journal: j.jsonl — continue with `umpire resume j.jsonl`."])
    session.close()
    lines = out.getvalue().split("\n")
    assert lines[0] == f"\x1b[1m{session.title()}\x1b[0m — hosted by umpire"
    assert lines[1] == "\x1b[2mJournal: j.jsonl — continue with `umpire resume j.jsonl`.\x1b[0m"
    assert lines[-2] == (
        "\x1b[2mType \x1b[0m\x1b[1;2mhelp\x1b[0m\x1b[2m for the commands, \x1b[0m"
        "\x1b[1;2mrules\x1b[0m\x1b[2m for the house rulings; Tab completes.\x1b[0m"
    )


def test_a_refusal_of_the_repls_own_is_red_with_the_mark_and_reason_bold(plain_env: None) -> None:
    term = Terminal(Tty())
    assert term.refusal("copy Zed", "no such player") == ("\x1b[1;31m✗ \x1b[0m\x1b[31mcopy Zed — \x1b[0m\x1b[1;31mno such player\x1b[0m")


def test_a_stream_that_is_not_a_terminal_gets_no_escapes(plain_env: None) -> None:
    out = io.StringIO()
    Terminal(out).line("Bye. Everything accepted is in the journal.", DIM)
    assert out.getvalue() == "Bye. Everything accepted is in the journal.\n"


def test_no_color_keeps_bold_and_dim_but_drops_the_colours(plain_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    term = Terminal(Tty())
    assert term.paint("x", BOLD, RED) == "\x1b[1mx\x1b[0m"
    assert term.paint("x", CYAN) == "x"


def test_a_dumb_terminal_gets_no_escapes_and_80_columns(plain_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "dumb")
    term = Terminal(Tty())
    assert term.paint("x", BOLD) == "x"
    assert term.width == 80


def test_force_color_and_tty_compatible_decide_for_a_stream_that_is_not_a_terminal(
    plain_env: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert Terminal(io.StringIO()).paint("x", BOLD) == "\x1b[1mx\x1b[0m"
    monkeypatch.setenv("TTY_COMPATIBLE", "0")
    assert Terminal(Tty()).paint("x", BOLD) == "x"


def test_columns_sets_the_width_when_none_is_given(plain_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "97")
    assert Terminal(io.StringIO()).width == 97
    assert Terminal(io.StringIO(), width=60).width == 60


def test_a_note_shows_control_characters_and_styles_each_line_on_its_own(plain_env: None) -> None:
    out = Tty()
    Terminal(out).line("a\x1b[2Jb\nc\td", DIM)
    assert out.getvalue() == "\x1b[2ma\\x1b[2Jb\x1b[0m\n\x1b[2mc       d\x1b[0m\n"


def test_the_default_stream_is_whatever_stdout_is_at_each_write(plain_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    term = Terminal(tty=False)
    later = io.StringIO()
    monkeypatch.setattr("sys.stdout", later)
    term.line("through the proxy")
    assert later.getvalue() == "through the proxy\n"


def test_the_repls_own_lines_break_between_words_never_inside_one(plain_env: None) -> None:
    out = io.StringIO()
    term = Terminal(out, width=30)
    term.line("Journal: a.jsonl — if this laptop crashes, `umpire resume a.jsonl` continues the game.")
    lines = out.getvalue().rstrip("\n").split("\n")
    assert lines == ["Journal: a.jsonl — if this", "laptop crashes, `umpire resume", "a.jsonl` continues the game."]
    assert all(len(line) <= 30 for line in lines)


def test_a_refusal_breaks_between_words_and_keeps_its_styles_on_each_line(plain_env: None) -> None:
    term = Terminal(Tty(), width=24)
    text = term.refusal("p1: gs 99", "no such card: 99")
    assert text == ("\x1b[1;31m✗ \x1b[0m\x1b[31mp1: gs 99 — \x1b[0m\x1b[1;31mno such\x1b[0m\n\x1b[1;31mcard: 99\x1b[0m")


def test_a_word_wider_than_the_terminal_keeps_a_line_of_its_own_and_line_breaks_stay(plain_env: None) -> None:
    term = Terminal(io.StringIO(), width=20)
    assert term.fill([("a " + "x" * 30 + " b\nc d",)]) == "a\n" + "x" * 30 + "\nb\nc d"


def test_wide_characters_count_two_columns_when_lines_are_broken(plain_env: None) -> None:
    term = Terminal(io.StringIO(), width=20)
    assert term.fill([("유나 유나 유나 유나 유나 유나",)]) == "유나 유나 유나 유나\n유나 유나"


def test_a_line_written_to_a_file_stays_whole(plain_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "20")
    out = io.StringIO()
    Terminal(out).line("a note of the REPL's own that is longer than twenty columns")
    assert out.getvalue() == "a note of the REPL's own that is longer than twenty columns\n"


def test_an_indented_line_keeps_its_indent_on_every_line_it_is_broken_into(plain_env: None) -> None:
    term = Terminal(io.StringIO(), width=24)
    assert term.fill([("    [to Hedger] Your play for round 1: 3.",)]) == "    [to Hedger] Your\n    play for round 1: 3."


def test_help_is_laid_out_for_the_terminals_width(tmp_path: Path, plain_env: None) -> None:
    session = Session.create(load(find_scenario("hap-tac-toe")), journal_path=tmp_path / "j.jsonl", seed="1", salt="0" * 32)
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=60), lambda: 0.0)
    shell.handle("help")
    session.close()
    lines = out.getvalue().rstrip("\n").split("\n")
    assert "Host commands (no prefix):" in lines
    assert all(len(line) <= 60 for line in lines)
    assert any(line.startswith("  start ") and line.endswith("…") for line in lines)  # a command a line, cut to the width


def test_a_refusal_of_a_players_line_says_it_answers_that_player_privately_in_the_colour_of_the_dms(plain_env: None) -> None:
    # Issue 29, item 11: a player's refusal is theirs alone, never to post (even in a game played in the channel).
    term = Terminal(Tty())
    assert term.refusal("p1: gs 99", "no such card: 99", to="[to Hedger, privately] ") == (
        "\x1b[1;31m✗ \x1b[0m\x1b[1;36m[to Hedger, privately] \x1b[0m\x1b[31mp1: gs 99 — \x1b[0m\x1b[1;31mno such card: 99\x1b[0m"
    )
