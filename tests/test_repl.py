"""The REPL, driven in-process: prompt_toolkit reads from a pipe, rich prints to a string.

Enter is "\\r". A bare "\\n" is Enter too in prompt_toolkit, so a pasted block of several
lines is sent the way a terminal sends a paste: wrapped in bracketed-paste markers.
"""

from __future__ import annotations

import dataclasses
import io
import sys

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import to_plain_text

from umpire.core import journal
from umpire.repl import clipboard
from umpire.repl.clipboard import Copied
from umpire.repl.complete import LiveCheck, UmpireCompleter
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.session import Session
from umpire.session.entries import opened

SETUP = "p2: first p1\rstart\r"


def paste(text: str) -> str:
    """What a terminal sends when `text` is pasted (bracketed paste), then Enter."""
    return f"\x1b[200~{text}\x1b[201~\r"


def entries(session: Session) -> list[dict]:
    assert session.journal_path is not None
    return [opened(e) for e in journal.read(session.journal_path).entries]  # a sealed input's fields are in its `sealed` member


def lines_of(session: Session) -> list[str]:
    return [e["line"] for e in entries(session) if e["kind"] == "input"]


# ---------------------------------------------------------------- lines and blocks


def test_player_line_and_host_line_are_judged_announced_and_journaled(session, drive_repl):
    out = drive_repl(session, "p2: first p1\r", "start\r")
    assert "**Uri** chooses **Hedger** to move first in game 1 (and second in game 2)." in out
    assert "**Hap-Tac-Toe — game 1 begins.** **Hedger** moves first." in out
    inputs = [(e["by"], e["text"]) for e in entries(session)]
    assert inputs == [(1, "first p1"), (None, "start")]
    assert "Bye. Everything accepted is in the journal." in out


def test_repl_prints_title_commitment_and_hint_at_start(session, drive_repl):
    out = drive_repl(session)
    assert "Hap-Tac-Toe — Death Match — hosted by umpire" in out
    assert f"`{journal.commitment('42', '0' * 32)}`" in out
    assert "Type help for the commands" in out


def test_pasted_block_is_judged_line_by_line_in_order(session, drive_repl):
    out = drive_repl(session, paste("p2: first p1\nstart\np1: black red circle C3\np1: done"))
    assert lines_of(session) == ["p2: first p1", "start", "p1: black red circle C3", "p1: done"]
    assert "**Game 1, turn 1 — Hedger** placed black red circle on C3." in out


def test_lines_sent_without_bracketed_paste_are_judged_one_submission_each(session, drive_repl):
    # prompt_toolkit takes a bare "\n" as Enter, as some terminals send it
    drive_repl(session, "p2: first p1\nstart\np1: black red circle C3\n")
    assert lines_of(session) == ["p2: first p1", "start", "p1: black red circle C3"]


def test_refused_line_inside_a_pasted_block_does_not_stop_the_rest(session, drive_repl):
    out = drive_repl(session, paste("p2: first p1\np1: hap A1 B1 C1\nstart"))
    assert "✗ [to Hedger, privately] p1: hap A1 B1 C1 — game 1 has not started yet; the host starts it with “start”" in out
    assert lines_of(session) == ["p2: first p1", "start"]


def test_discord_bracketed_copy_is_that_players_submission(session, drive_repl):
    out = drive_repl(session, SETUP, "[10:32 PM] Hedger: black red circle C3\r")
    assert "[host] Hedger: black red circle on C3 (shown when the turn ends)" in out
    last = entries(session)[-1]
    assert (last["by"], last["text"], last["line"]) == (0, "black red circle C3", "[10:32 PM] Hedger: black red circle C3")


def test_discord_header_makes_the_pasted_lines_under_it_that_players(session, drive_repl):
    block = "Hedger — Today at 10:32 PM\nblack red circle C3\nhap A1 B1 C3\ndone"
    out = drive_repl(session, SETUP, paste(block))
    assert "✗ [to Hedger, privately] hap A1 B1 C3 — A1 and B1 are empty" in out
    assert "**Game 1, turn 1 — Hedger** placed black red circle on C3." in out
    assert [(e["by"], e["text"]) for e in entries(session)[2:]] == [(0, "black red circle C3"), (0, "done")]


def test_discord_header_speaker_ends_with_the_pasted_block(session, drive_repl):
    out = drive_repl(session, SETUP, paste("Hedger — Today at 10:32 PM\nblack red circle C3"), "done\r")
    assert "✗ done — this is a player's move; write it with the player's name, e.g. “p1: done”" in out
    assert lines_of(session)[-1] == "black red circle C3"


# ---------------------------------------------------------------- refusals


def test_refusal_is_printed_with_its_reason_and_changes_nothing(session, drive_repl):
    out = drive_repl(session, "start\r", "p9: done\r", "p1: purple circle C3\r")
    assert "✗ start — Uri (the Advantage holder) must first choose who moves first: “first p1” or “first p2”" in out
    assert "✗ p9: done — there is no player called “p9” (players: Hedger (p1), Uri (p2))" in out
    assert "✗ [to Hedger, privately] p1: purple circle C3 — “purple” is not a block attribute" in out
    assert entries(session) == []


def test_time_line_is_refused_in_the_repl(session, drive_repl):
    out = drive_repl(session, SETUP, "@ 1:00\r")
    assert "✗ @ 1:00 — time lines are for scripts; in the REPL the clocks run by themselves (use pause/resume)" in out
    assert session.now == 0
    assert [e["kind"] for e in entries(session)] == ["input", "input"]


# ---------------------------------------------------------------- host commands


def test_help_lists_every_command_a_line_each_and_a_topic_in_full_with_examples(session, drive_repl):
    out = drive_repl(session, "help\r")
    assert "Player submissions (prefix with the player's name or alias" in out
    for host_word in ("start", "end", "haps", "undo", "pause", "resume", "copy", "quit"):
        assert f"\n  {host_word} " in out
    assert "Players: Hedger (p1) / Uri (p2)" in out
    assert "“help players”, “help host” and “help views”" in " ".join(out.split())
    full = drive_repl(session, "help players\r")
    assert "e.g. p2: first p1" in full
    assert "e.g. p1: black red circle C3" in full
    assert "e.g. p1: hap A1 A2 A4" in full


def test_help_fits_a_screen_and_never_breaks_a_word_at_80_columns(session):
    for topic in (None, "players", "host", "views", "copy", "undo"):
        text = session.help_text(topic, width=80)
        assert all(len(line) <= 80 for line in text.split("\n")), topic
    assert len(session.help_text(None, width=80).split("\n")) <= 45
    for topic in ("players", "host", "views", "copy", "undo"):  # wrapping changes only where lines break
        assert session.help_text(topic, width=80).split() == session.help_text(topic, width=10_000).split(), topic


def test_rules_never_breaks_a_word_at_80_columns(session):
    text = session.rules_text(width=80)
    assert all(len(line) <= 80 for line in text.split("\n"))
    assert text.split() == session.rules_text(width=10_000).split()


def test_help_on_one_command_shows_it_in_detail(session, drive_repl):
    out = drive_repl(session, "help done\r", "help juggle\r")
    assert "done\n  End your turn; claims are judged and the board is posted.\n  e.g. p1: done" in out
    assert "No command or topic “juggle”. Type “help” for the list." in out


def test_rules_shows_the_house_rulings_in_force(session, drive_repl):
    out = " ".join(drive_repl(session, "rules\r").split())
    assert "House rulings in force" in out
    assert 'R-HTT-1: row 1 is drawn at the top; A1 is its leftmost square (row_one = "top").' in out
    assert "costs 0.5 (invalid_claim_penalty)" in out
    assert 'R-HTT-2: the final score is the two games\' total rounded up, once (final_rounding = "ceil").' in out


def test_status_shows_a_table_and_the_chat_text(session, drive_repl):
    out = drive_repl(session, SETUP, "status\r")
    assert "┃ player ┃ game 1 ┃ game 2 ┃ total ┃ reserve ┃" in out
    assert "│ Hedger │ 0      │ 0      │ 0     │ 5:00    │" in out
    assert "chat text" in out
    assert "**Hedger**: game 1 0, game 2 0, total 0, reserve 5:00" in out


def test_board_shows_the_grid_and_the_chat_text(session, drive_repl):
    out = drive_repl(session, SETUP, "p1: black red circle C3\r", "p1: done\r", "board\r")
    assert "Game 1 board" in out
    assert " 3   ·    ·   RBC   ·    ·" in out
    chat = out.split("chat text")[-1]
    assert chat.count("```") == 2 and "RBC" in chat


def test_board_during_a_move_shows_the_placement_to_the_host_but_not_in_the_chat_text(session, drive_repl):
    out = drive_repl(session, SETUP, "p1: black red circle C3\r", "board\r")
    host, chat = out.split("chat text")[-2:]
    assert "which the post leaves out until the turn ends" in host
    assert "RBC" in host.split("Game 1 board")[-1]
    assert chat.count("```") == 2 and "RBC" not in chat


def test_undo_takes_back_the_last_input_and_says_so(session, drive_repl):
    out = drive_repl(session, SETUP, "p1: black red circle C3\r", "undo\r", "p1: white blue square C3\r")
    assert "↶ Undid entry 3: p1: black red circle C3." in out
    assert [e["kind"] for e in entries(session)] == ["input", "input", "input", "undo", "input"]
    assert session.final()["board"] == {"C3": "white blue square"}


def test_undo_with_nothing_to_undo_is_refused(session, drive_repl):
    out = drive_repl(session, "undo\r")
    assert "✗ undo — there is nothing to undo" in out
    assert entries(session) == []


def test_pause_and_resume_are_announced_and_journaled(session, drive_repl):
    out = drive_repl(session, SETUP, "pause\r", "pause\r", "resume\r")
    assert "⏸ Clocks paused at 0:00 (game time)." in out
    assert "✗ pause — the clocks are already paused" in out
    assert "▶ Clocks running again from 0:00 (game time)." in out
    assert [e["kind"] for e in entries(session)][-2:] == ["pause", "resume"]
    assert session.paused is False


def test_copy_before_any_ruling_copies_the_commitment_the_host_must_post_first(session, drive_repl, monkeypatch):
    copied: list[str] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    drive_repl(session, "copy\r")
    assert copied == [session.commitment_outputs()[0].text]


def test_copy_without_a_clipboard_says_so_and_goes_on(session, drive_repl, monkeypatch):
    monkeypatch.setattr(clipboard.shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "__stdout__", io.StringIO())  # not a terminal: no OSC 52 either
    out = drive_repl(session, "p2: first p1\r", "copy\r", "start\r")
    assert "no clipboard here: select the text above and copy it by hand" in out
    assert lines_of(session) == ["p2: first p1", "start"]


def test_copy_puts_the_last_public_announcement_on_the_clipboard(session, drive_repl, monkeypatch):
    copied: list[bytes] = []
    monkeypatch.setattr(clipboard.shutil, "which", lambda name: "/usr/bin/xclip" if name == "xclip" else None)
    monkeypatch.setattr(clipboard.subprocess, "run", lambda cmd, **kw: copied.append(kw["input"]))
    out = drive_repl(session, "p2: first p1\r", "copy\r")
    assert "copied to the clipboard with xclip" in out
    assert copied == [b"**Uri** chooses **Hedger** to move first in game 1 (and second in game 2)."]


def test_quit_leaves_and_nothing_after_it_is_judged(session, drive_repl):
    out = drive_repl(session, "quit\r", "p2: first p1\r")
    assert out.rstrip().endswith("Bye. Everything accepted is in the journal.")
    assert entries(session) == []


def test_ctrl_c_cancels_the_line_and_the_session_goes_on(session, drive_repl):
    out = drive_repl(session, "p2: first p1", "\x03", "p2: first p2\r")
    assert "**Uri** chooses **Uri** to move first" in out
    assert lines_of(session) == ["p2: first p2"]


def test_ctrl_c_on_an_empty_line_does_not_end_the_session(session, drive_repl):
    drive_repl(session, "\x03", "\x03", "p2: first p1\r")
    assert lines_of(session) == ["p2: first p1"]


# ---------------------------------------------------------------- a bug in one line


def test_bug_in_one_line_is_reported_and_the_session_goes_on_with_the_journal_intact(session, drive_repl, monkeypatch):
    game = session.scenario.game
    real_apply = game.apply
    calls = {"n": 0}

    def apply_with_a_bug(state, command, now):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("boom")
        return real_apply(state, command, now)

    monkeypatch.setattr(session.engine, "game", dataclasses.replace(game, apply=apply_with_a_bug))
    out = drive_repl(session, "p2: first p1\r", "start\r", "start\r")
    assert "✗ start — internal error while judging this line; nothing was changed and the journal is intact (RuntimeError: boom)" in out
    assert "**Hap-Tac-Toe — game 1 begins.**" in out
    monkeypatch.undo()
    assert lines_of(session) == ["p2: first p1", "start"]
    reloaded, _, _ = Session.load(session.journal_path, reopen=False)
    assert reloaded.final() == session.final()


def test_bug_outside_the_rules_is_reported_by_the_shell_and_the_session_goes_on(session, clock, monkeypatch):
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=120), clock)
    real_advance = session.advance
    calls = {"n": 0}

    def advance_with_a_bug(now):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("clock bug")
        return real_advance(now)

    monkeypatch.setattr(session, "advance", advance_with_a_bug)
    assert shell.handle("p2: first p1") is True
    assert "internal error (nothing changed, journal intact): RuntimeError('clock bug')" in out.getvalue()
    assert shell.handle("p2: first p1") is True
    assert lines_of(session) == ["p2: first p1"]


# ---------------------------------------------------------------- clocks (a fake monotonic clock)


def make_shell(session: Session, clock) -> tuple[Shell, io.StringIO]:
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=120), clock)
    return shell, out


def test_move_reminder_fires_on_tick_when_the_clock_passes_it_and_is_journaled(session, clock):
    shell, out = make_shell(session, clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    clock.advance(49.9)
    shell.tick()
    assert "left on this move" not in out.getvalue()
    clock.advance(0.2)
    shell.tick()
    assert "⏳ **Hedger**: 10 s left on this move." in out.getvalue()
    last = entries(session)[-1]
    assert last | {"wall": None, "prev": None} == {"n": 3, "kind": "clock", "t": 50000, "shown": last["shown"], "wall": None, "prev": None}
    assert [e["event"] for e in last["shown"]["game"]] == ["move_reminder"]  # and it records the reminder it posted


def test_reserve_running_out_ends_the_match_on_tick(session, clock):
    shell, out = make_shell(session, clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    clock.advance(361)
    shell.tick()
    text = out.getvalue()
    assert "⏳ **Hedger**'s minute is up: now on reserve (5:00 left)." in text
    assert "⏳ **Hedger**: 0:10 of reserve left." in text
    assert "⏰ **Hedger's reserve time ran out.** **Uri** wins the Death Match." in text
    clocks = [e["t"] for e in entries(session) if e["kind"] == "clock"]
    assert clocks == [50000, 60000, 300000, 330000, 350000, 360000]
    assert session.final()["winner"] == "Uri"
    shell.handle("p1: black red circle C3")
    assert (
        "✗ [to Hedger, privately] p1: black red circle C3 — the Death Match is over (Uri won: Hedger's reserve time ran out)"
        in out.getvalue()
    )


def test_what_fires_on_tick_replays_to_the_same_game(session, clock):
    shell, _ = make_shell(session, clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    clock.advance(55)
    shell.tick()
    shell.handle("p1: black red circle C3")
    clock.advance(10)
    shell.handle("p1: done")
    reloaded, _, _ = Session.load(session.journal_path, reopen=False)
    assert reloaded.final() == session.final()
    assert reloaded.final()["reserve_seconds"] == {"Hedger": 295.0, "Uri": 300.0}


def test_paused_clocks_fire_nothing_and_resume_where_they_stopped(session, clock):
    shell, out = make_shell(session, clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    clock.advance(20)
    shell.handle("pause")
    clock.advance(1000)
    shell.tick()
    assert "⏳" not in out.getvalue()
    assert session.now == 20000
    shell.handle("resume")
    clock.advance(29.9)
    shell.tick()
    assert "⏳" not in out.getvalue()
    clock.advance(0.2)
    shell.tick()
    assert "⏳ **Hedger**: 10 s left on this move." in out.getvalue()


def test_toolbar_shows_whose_turn_the_clocks_and_a_pause(session, clock):
    shell, _ = make_shell(session, clock)
    shell.handle("p2: first p1")
    shell.handle("start")
    clock.advance(15)
    bar = to_plain_text(shell.toolbar())
    assert "Hedger's move 0:45" in bar and "to place · turn 1 of game 1" in bar
    assert bar.index("Hedger's move 0:45") < bar.index("to place")  # the running clock, naming the mover, before the rest
    assert bar.startswith("⏱ 0:15 · ")  # the clock comes first, so a narrow terminal never cuts it off
    shell.handle("pause")
    assert to_plain_text(shell.toolbar()).startswith("⏸ PAUSED ")


# ---------------------------------------------------------------- completion


def completions(session: Session, text: str) -> list[str]:
    return [c.text for c in UmpireCompleter(session).get_completions(Document(text), CompleteEvent())]


def started(session: Session) -> Session:
    for line in ("p2: first p1", "start", "p1: black red circle C3"):
        session.feed(line)
    return session


def test_completion_at_line_start_offers_player_names_and_host_words(session):
    got = completions(session, "")
    assert {"Hedger: ", "p1: ", "Uri: ", "p2: "} <= set(got)
    assert {"help", "rules", "status", "board", "undo", "first", "haps"} <= set(got)
    assert "start" not in got  # not before the first player is chosen


def test_completion_of_a_partial_name_offers_only_what_matches(session):
    assert completions(session, "He") == ["Hedger: ", "help"]
    assert completions(session, "u") == ["Uri: ", "undo"]


def test_completion_after_a_player_prefix_offers_piece_words_and_empty_squares(session):
    started(session).feed("p1: done")
    got = completions(session, "p2: ")
    assert {"black", "red", "circle", "gray", "triangle"} <= set(got)
    assert "done" not in got and "hap" not in got  # not before the placement
    assert "A1" in got and "E5" in got
    assert "C3" not in got  # taken


def test_completion_after_an_attribute_offers_the_other_attributes(session):
    for line in ("p2: first p1", "start"):
        session.feed(line)
    got = completions(session, "p1: black ")
    assert "red" in got and "circle" in got
    assert "gray" not in got and "white" not in got


def test_completion_after_a_claim_word_offers_occupied_squares(session):
    assert completions(started(session), "p1: hap ") == ["C3"]
    assert completions(session, "p1: hap C3 ") == []


def test_completion_after_set_offers_occupied_squares_in_when_stars_align(tmp_path):
    from umpire.cli.common import find_scenario
    from umpire.scenario import load

    wsa = Session.create(load(find_scenario("when-stars-align")), journal_path=None, seed="1", salt="x")
    for line in ("p2: first p1", "start", "p1: yellow solid 4 B2"):
        wsa.feed(line)
    assert completions(wsa, "p1: set ") == ["B2"]


def test_completion_for_an_unknown_player_offers_nothing(session):
    assert completions(session, "p9: ") == []


def test_completion_after_first_offers_the_players(session):
    assert completions(session, "first ") == ["Hedger", "Uri"]


# ---------------------------------------------------------------- the live check


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p9: done", "there is no player called “p9” (players: Hedger (p1), Uri (p2))"),
        ("p1: purple circle C3", "“purple” is not a block attribute"),
        ("p1: black red circle F9", "F9 is off the grid (columns A–E, rows 1–5)"),
        ("p1: hap A1 A2 Z9", "Z9 is off the grid (columns A–E, rows 1–5)"),
        ("juggle", "unknown host command (type “help” for the list)"),
        ("@ soon", "“soon” is not a time; write mm:ss or h:mm:ss, e.g. @ 1:30"),
        ("p1: " + "x" * 5000, "this line is too long to be a command"),
    ],
)
def test_live_check_marks_an_unreadable_line_with_its_reason(session, line, reason):
    assert reason in (session.check(line) or "")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p1: black red circle C3", "game 1 has not started: Uri (the Advantage holder) first chooses who moves first"),
        ("p2: done", "game 1 has not started: Uri (the Advantage holder) first chooses who moves first"),
        ("start", "Uri (the Advantage holder) must first choose who moves first: “first p1” or “first p2”"),
        ("p1: first p2", "only Uri (the Advantage holder) chooses who moves first"),
    ],
)
def test_live_check_names_a_move_the_table_of_moves_does_not_allow_now(session, line, reason):
    assert session.check(line) == reason


@pytest.mark.parametrize(
    "line",
    [
        "p1: hap A1 B1 C3",  # A1 and B1 are empty: a rules matter, not a reading one, said on Enter
        "p1: done",
        "status",
        "help",
        "Hedger — Today at 10:32 PM",
        "# a note",
    ],
)
def test_live_check_leaves_readable_lines_alone_even_if_the_rules_forbid_them(session, line):
    assert started(session).check(line) is None


def test_live_check_changes_nothing(session):
    before = session.final()
    session.check("p2: first p1")
    assert session.final() == before
    assert entries(session) == []


def test_live_check_lexer_styles_only_the_unreadable_lines(session):
    get_line = LiveCheck(session).lex_document(Document("p9: done\np2: first p1\n"))
    assert get_line(0) == [("class:unreadable", "p9: done")]
    assert get_line(1) == [("", "p2: first p1")]
    assert get_line(2) == [("", "")]


def marked(session, block):
    """The indexes of the lines of a pasted `block` the live check marks unreadable."""
    get_line = LiveCheck(session).lex_document(Document(block))
    return [i for i in range(len(block.split("\n"))) if get_line(i)[0][0] == "class:unreadable"]


def test_live_check_in_a_pasted_block_judges_only_its_first_line_against_the_game_as_it_is(session):
    # Before game 1 starts, “start” and the moves would each be refused on their own; after the lines above them they are not.
    block = "p2: first p1\nstart\np1: black red circle C3\np1: done\n[10:32 PM] Uri: gray yellow circle A1"
    assert marked(session, block) == []
    assert LiveCheck(session).problem(block) is None
    # The first line is still checked against the game as it is.
    assert marked(session, "p1: black red circle C3\np2: first p1") == [0]


def test_live_check_in_a_pasted_block_still_marks_each_line_that_cannot_be_read(session):
    block = "p2: first p1\nstart\np1: purple circle C3\np9: done\njuggle\np1: done"
    assert marked(session, block) == [2, 3, 4]
    # The toolbar names the first of them, and which line it is.
    assert (LiveCheck(session).problem(block) or "").startswith("line 3: “purple” is not a block attribute")
    assert LiveCheck(session).problem("p9: done") == "there is no player called “p9” (players: Hedger (p1), Uri (p2))"


def test_live_check_leaves_the_lines_under_a_discord_header_pasted_in_the_same_block_alone(session):
    # As under a header entered on its own: the lines are the sender's message, judged on Enter.
    block = "p2: first p1\nstart\nHedger — Today at 10:32 PM\nblack red circle C3\ndone\n\njuggle\np9: done"
    assert marked(session, block) == [6, 7]  # after the empty line the header's message is over


def test_a_header_entered_on_its_own_makes_the_next_lines_that_players_until_an_empty_line(session, clock):
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=120), clock)
    for line in ("p2: first p1", "start", "Hedger — Today at 10:32 PM"):
        assert shell.handle(line)
    assert "umpire (Hedger)" in to_plain_text(shell.prompt_text())
    shell.handle("black red circle C3")  # typed or pasted without bracketed paste: still Hedger's
    shell.handle("done")
    assert session.final()["board"] == {}  # held: the lines up to the empty line are one message
    shell.handle("")  # an empty line submits them and ends the speaker
    assert session.final()["board"] == {"C3": "black red circle"}
    assert to_plain_text(shell.prompt_text()) == "umpire> "
    shell.handle("status")
    assert "no longer reading lines as Hedger's" in out.getvalue()
    assert [e["by"] for e in entries(session) if e["kind"] == "input"] == [1, None, 0, 0]


def test_a_pasted_block_never_leaves_its_header_in_force(session, clock):
    shell = Shell(session, Terminal(io.StringIO(), width=120), clock)
    shell.handle("p2: first p1\nstart\nHedger — Today at 10:32 PM\nblack red circle C3")
    assert session.speaker is None
    assert to_plain_text(shell.prompt_text()) == "umpire> "
