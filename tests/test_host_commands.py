"""The session's host commands, one table for dispatch, help, completion and the live check;
and what a host meets in the REPL: undo posts, Discord headers, escape sequences, quitting."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import to_plain_text

from tests.testgames import scenario_path
from umpire.core import journal
from umpire.games import entries
from umpire.repl.clipboard import Copied
from umpire.repl.complete import UmpireCompleter
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.scenario import load
from umpire.session import HOST_COMMANDS, Session

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def texts(out) -> list[str]:
    return [o.text for o in out]


# ---------------------------------------------------------------- the table


def test_every_host_command_is_in_help_and_completes(session: Session) -> None:
    help_text = session.help_text()
    words = [c.text for c in UmpireCompleter(session).get_completions(Document(""), CompleteEvent())]
    for cmd in HOST_COMMANDS:
        assert f"\n  {cmd.syntax}" in help_text, cmd.name
        assert cmd.name in words, cmd.name


def test_a_host_word_with_stray_words_is_refused_with_what_it_takes(session: Session) -> None:
    (o,) = session.feed("undo 2")
    assert (o.kind, o.error, o.text) == ("refusal", "InvalidCommand", "“undo” takes nothing after it")
    assert session.check("undo 2") == "“undo” takes nothing after it"
    assert session.check("reveal soon") == "“reveal” or “reveal anyway”"
    assert session.check("undo") is None


def test_help_fits_an_80_column_terminal(session: Session) -> None:
    assert max(len(line) for line in session.help_text().split("\n")) <= 80


def test_the_title_is_not_repeated(session: Session) -> None:
    assert session.help_text().split("\n")[0] == "Hap-Tac-Toe — Death Match"


# ---------------------------------------------------------------- undo


def test_undo_of_a_posted_ruling_gives_a_correction_post(session: Session) -> None:
    session.feed("p2: first p1")
    out = session.feed("undo")
    assert [(str(o.audience), o.text) for o in out] == [
        ("host", "↶ Undid entry 1: p2: first p1."),
        (
            "public",
            "↶ **Correction:** the host took back the last ruling (“Uri chooses Hedger to move first in game 1 (and second "
            "in game 2).”); disregard that post. The game stands as before it.",
        ),
    ]


def test_undo_of_a_ruling_nobody_saw_posts_no_correction(session: Session) -> None:
    session.feed("p2: first p1")
    session.feed("start")
    session.feed("p1: black red circle C3")  # shown to the host only until the turn ends
    out = session.feed("undo")
    assert [str(o.audience) for o in out] == ["host"]


# ---------------------------------------------------------------- Discord headers


def test_host_words_typed_after_a_discord_header_are_the_hosts(session: Session, clock) -> None:
    shell = Shell(session, Terminal(io.StringIO(), width=120), clock)
    shell.handle("p2: first p1")
    shell.handle("Hedger — Today at 10:32 PM")
    assert session.speaker == "Hedger"
    shell.handle("pause")
    assert session.paused
    shell.handle("resume")
    shell.handle("status")
    shell.handle("undo")  # takes back Uri's choice, not read as a move of Hedger's
    assert [e["kind"] for e in journal.read(session.journal_path or "").entries] == ["input", "pause", "resume", "undo"]
    assert session.history == []


def test_lines_of_a_pasted_discord_block_stay_the_players(session: Session) -> None:
    session.feed("p2: first p1")
    session.feed("start")
    out = session.feed("Hedger — Today at 10:32 PM\nblack red circle C3\ndone")
    assert not any(o.kind == "refusal" for o in out)
    assert session.game.final(session.state, 0)["turn"]["player"] == "Uri"


# ---------------------------------------------------------------- the REPL


def test_a_pasted_escape_sequence_is_shown_not_obeyed(session: Session, drive_repl) -> None:
    pasted = "p1: hello \x1b[2J\x1b[31m red \x1b]0;TITLE\x1b\\ \x1b]52;c;aGk=\x07"
    out = drive_repl(session, f"\x1b[200~{pasted}\x1b[201~\r")  # as a terminal sends a paste
    assert "\x1b[2J" not in out and "\x1b]0;" not in out and "\x1b]52" not in out
    assert "\\x1b[2J" in out


def test_the_toolbar_counts_the_dms_waiting(clock) -> None:
    s = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=None, seed="1", salt="0" * 32)
    shell = Shell(s, Terminal(io.StringIO(), width=120), clock)
    shell.handle("start")
    shell.handle("p1: gs 5")
    assert "✉ 1 DM" in to_plain_text(shell.toolbar())


def test_copy_name_in_the_repl_copies_that_players_dms_and_marks_them_sent(tmp_path: Path, drive_repl, monkeypatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    s = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=tmp_path / "j.jsonl", seed="1", salt="0" * 32)
    drive_repl(s, "start\r", "p2: gs 4\r", "copy p2\r")
    assert len(copied) == 1 and "4" in copied[0]
    assert [e["kind"] for e in journal.read(tmp_path / "j.jsonl").entries][-2:] == ["delivered", "stop"] or [
        e["kind"] for e in journal.read(tmp_path / "j.jsonl").entries
    ][-1] == "delivered"
    assert s.waiting_dms() == 0


def test_copy_of_a_long_post_copies_one_discord_message_at_a_time(session: Session, clock, monkeypatch) -> None:
    copied: list[str] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=200), clock)
    session.engine.last_public = ["line of a long post\n" * 150]  # about 3,000 characters
    shell.handle("copy")
    shell.handle("copy")
    assert len(copied) == 2 and all(len(c) <= 2000 for c in copied)
    assert "message 1 of 2" in out.getvalue() and "that was the last one" in out.getvalue()


def test_quit_records_the_game_time_so_a_resume_refunds_nothing(session: Session, clock, drive_repl) -> None:
    drive_repl(session, "p2: first p1\r", "start\r")
    # the REPL's clock has not moved (a fake clock); the quit entry records where it stood
    loaded = journal.read(session.journal_path or "")
    assert loaded.entries[-1]["kind"] in ("input", "stop")
    s = Session.create(load(SCENARIOS / "hap-tac-toe.toml"), journal_path=session.journal_path + ".2", seed="42", salt="0" * 32)
    s.feed("p2: first p1")
    s.feed("start")
    s.advance(40_000)
    s.stop()
    assert s.writer is not None
    s.writer.close()
    again, _, _ = Session.load(session.journal_path + ".2", reopen=False)
    assert again.now == 40_000
    assert "move 0:20" in again.game.toolbar(again.state, again.now).clock


def test_the_journal_keeps_the_scenarios_name_not_the_hosts_folders(session: Session) -> None:
    header = journal.read(session.journal_path or "").header
    assert header["scenario_name"] == "hap-tac-toe.toml"
    assert "scenario_path" not in header


def test_copy_puts_a_posts_picture_first_and_saves_it_next_to_the_journal(session: Session, clock, monkeypatch) -> None:
    from umpire.games.base import Post

    copied: list[object] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    monkeypatch.setattr("umpire.repl.clipboard.copy_image", lambda png: copied.append(png) or "picture copied")
    out = io.StringIO()
    shell = Shell(session, Terminal(out, width=300), clock)
    session.engine.last_public = ["the board"]
    session.engine.last_public_posts = [(7, Post(text="the board", image=lambda: b"\x89PNG fake"))]
    shell.handle("copy")
    shell.handle("copy")
    assert copied == [b"\x89PNG fake", "the board"]
    saved = Path(str(session.journal_path).removesuffix(".journal.jsonl") + "-pictures") / "entry-7.png"
    assert saved.read_bytes() == b"\x89PNG fake"
    assert f"the picture (saved as {saved}): picture copied" in out.getvalue()
    copied.clear()
    shell.handle("copy text")
    assert copied == ["the board"]


def test_a_scenario_with_pictures_off_copies_text_only(htt, clock, monkeypatch, tmp_path: Path) -> None:
    from dataclasses import replace

    from umpire.games.base import Post

    copied: list[object] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    monkeypatch.setattr("umpire.repl.clipboard.copy_image", lambda png: copied.append(png) or "picture copied")
    s = Session.create(replace(htt, pictures=False), journal_path=None, seed="1", salt="0" * 32)
    shell = Shell(s, Terminal(io.StringIO(), width=300), clock)
    s.engine.last_public = ["the board"]
    s.engine.last_public_posts = [(7, Post(text="the board", image=lambda: b"\x89PNG fake"))]
    shell.handle("copy")
    assert copied == ["the board"]


def test_copy_name_copies_a_dms_picture_first(tmp_path: Path, clock, monkeypatch) -> None:
    from umpire.games.base import Post
    from umpire.session import Dm

    copied: list[object] = []
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: copied.append(text) or Copied(confirmed=True, how="copied", tool="test"))
    monkeypatch.setattr("umpire.repl.clipboard.copy_image", lambda png: copied.append(png) or "picture copied")
    s = Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=tmp_path / "j.journal.jsonl", seed="1", salt="0" * 32)
    s.outbox.queue([Dm(id=(3, 0), seat=1, posts=(Post(text="your row", image=lambda: b"\x89PNG row"),))])
    shell = Shell(s, Terminal(io.StringIO(), width=300), clock)
    shell.handle("copy p2")
    shell.handle("copy")
    assert copied == [b"\x89PNG row", "your row"]
    assert (tmp_path / "j-pictures" / "entry-3-to-Uri.png").read_bytes() == b"\x89PNG row"


def test_a_players_line_typed_without_its_colon_gets_the_line_it_meant() -> None:
    s = Session.create(load(SCENARIOS / "open-pass-heaven-hell.toml"), journal_path=None, seed="1", salt="0" * 32)
    s.feed("start")
    (o,) = s.feed("p3 bid 1")
    assert (o.kind, o.text) == ("refusal", "unknown host command (type “help” for the list); did you mean “p3: bid 1”?")


def test_copy_after_the_ruling_that_ends_the_game_copies_its_result_and_the_final_hash(tmp_path: Path) -> None:
    from umpire.render import act, batch

    s = Session.create(load(SCENARIOS / "hap-tac-toe.toml"), journal_path=tmp_path / "j.jsonl", seed="42", salt="0" * 32)
    lines = (Path(__file__).resolve().parent / "transcripts" / "hap-tac-toe.script").read_text(encoding="utf-8").splitlines()
    ending = max(i for i, line in enumerate(lines) if line.strip().startswith("reveal"))
    for _ in batch(s, lines[:ending], json_out=False):
        pass
    assert s.game.is_over(s.state)
    (o,) = act(s, s.feed("copy"))
    assert o.text.startswith("(copy) ")
    assert "🏆 **Hedger wins the Death Match**, 4 to 3." in o.text
    assert "🧾 The journal's final hash: `" in o.text
    assert o.text.index("🏆") < o.text.index("🧾")  # the result first, then the hash


@pytest.mark.parametrize("name", [e.scenario for e in entries() if e.scenario is not None])
def test_a_misspelt_host_word_is_refused_with_the_command_it_resembles_in_every_game(name: str) -> None:
    # every registered game's scenario, the tests' own games' too
    s = Session.create(load(scenario_path(name)), journal_path=None, seed="1")
    for typed, meant in (("statsu", "status"), ("pasue", "pause"), ("udno", "undo"), ("outbx", "outbox")):
        (o,) = s.feed(typed)
        assert (o.kind, o.text) == ("refusal", f"“{typed}” is not a command; did you mean “{meant}”?"), name
    (o,) = s.feed("frobnicate")
    assert o.text == "unknown host command (type “help” for the list)", name
    assert s.entries == 0 and not s.paused  # nothing changed
