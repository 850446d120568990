"""Delivery and audiences: DMs named by their entry, withdrawn or corrected by an undo, marked sent only when
confirmed; every output names who it is for, and no public event counts the journal's entries (issue 18, items 8-10)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS
from umpire.cli import journal_cmds
from umpire.render import act, json_lines
from umpire.repl import clipboard
from umpire.repl.clipboard import Copied
from umpire.repl.shell import Shell
from umpire.repl.terminal import Terminal
from umpire.scenario import load
from umpire.session import DmStatus, Session


def choice(path: Path | None = None) -> Session:
    return Session.create(load(SCENARIOS / "choice-is-yours.toml"), journal_path=path, seed="9701", salt="0" * 32)


def texts(out: list, kind: str) -> list[str]:
    return [o.text for o in out if o.kind == kind]


# ---------------------------------------------------------------- item 8: undo after a DM was sent


def test_item_8_undoing_a_ruling_whose_dm_was_sent_queues_a_correction_dm_to_that_player() -> None:
    s = choice()
    s.feed("start")
    s.feed("p1: gs 5")
    (receipt,) = s.waiting(0)
    s.deliver(0, via="test")
    out = s.feed("undo")
    corrections = [o for o in out if o.event is not None and o.event["event"] == "dm_correction"]
    assert [str(o.audience) for o in corrections] == ["player:0"]
    assert (
        "disregard the private message it sent you (“Your play for round 1: 5. You can change it until the deadline.”)"
        in corrections[0].text
    )
    (waiting,) = s.waiting(0)
    assert waiting.text == corrections[0].text  # it waits to be sent like any DM
    assert s.dm_status(receipt.id) is DmStatus.SENT


def test_item_8_undoing_a_ruling_whose_dm_was_never_sent_withdraws_it_and_sends_nothing() -> None:
    s = choice()
    s.feed("start")
    s.feed("p1: gs 5")
    (receipt,) = s.waiting(0)
    out = s.feed("undo")
    assert not [o for o in out if o.event is not None and o.event["event"] == "dm_correction"]
    assert s.waiting(0) == [] and s.dm_status(receipt.id) is DmStatus.WITHDRAWN


def test_item_8_resume_tells_an_undone_never_sent_dm_from_one_marked_as_sent(tmp_path: Path) -> None:
    path = tmp_path / "c.jsonl"
    s = choice(path)
    for line in ("start", "p1: gs 5", "p2: gs 6", "undo"):
        s.feed(line)
    s.deliver(0, via="test")
    s.close()
    session, _, steps = Session.stream(path)
    shown = "\n".join(journal_cmds.recent_entries(session, list(steps)[-5:]))
    assert "[to Uri] Your play for round 1: 6. You can change it until the deadline. (withdrawn by an undo before it was sent" in shown
    assert "[to Hedger] Your play for round 1: 5. You can change it until the deadline. (marked as sent)" in shown


# ---------------------------------------------------------------- item 9: audiences, and no counter in public events


def test_item_9_no_event_json_carries_a_journal_counter() -> None:
    s = choice()
    out = s.feed("start") + s.feed("p1: gs 5") + s.feed("p2: gs 6")
    events = [o.event for o in out if o.event is not None]
    assert events and all("n" not in e for e in events)


def test_item_9_a_refusal_goes_to_its_sender_and_views_info_and_final_to_the_host() -> None:
    s = choice()
    s.feed("start")
    refusals = s.feed("p2: gs 99") + s.feed("frobnicate")
    lines = [line for line in json_lines(refusals + s.feed("status") + s.feed("rules"))]
    assert '"type":"refusal","audience":"player","to":"Uri"' in lines[0]
    assert '"type":"refusal","audience":"host"' in lines[1]
    assert '"type":"view","audience":"host"' in lines[2]
    assert '"type":"info","audience":"host"' in lines[3]
    assert s.final()["audience"] == "host"


# ---------------------------------------------------------------- item 10: copy NAME marks sent only when confirmed


@pytest.fixture
def repl(clock) -> tuple[Session, Shell, io.StringIO]:
    s = choice()
    out = io.StringIO()
    shell = Shell(s, Terminal(out, width=200), clock)
    for line in ("start", "p1: gs 5"):
        shell.handle(line)
    return s, shell, out


def test_item_10_copy_name_with_only_the_terminal_escape_does_not_mark_the_dms_sent(repl, monkeypatch) -> None:
    s, shell, out = repl
    monkeypatch.setattr("umpire.repl.clipboard.copy", lambda text: Copied(confirmed=False, how="sent to the terminal's clipboard (OSC 52)"))
    shell.handle("copy p1")
    assert len(s.waiting(0)) == 1
    assert (
        "Not marked as sent: nothing confirms the clipboard took it. Once you have pasted it into Hedger's DMs, type “sent p1”."
        in out.getvalue()
    )
    shell.handle("sent p1")
    assert s.waiting(0) == []
    assert "✉ 1 message to Hedger marked as sent (the host's word)." in out.getvalue()


def test_item_10_copy_name_with_a_clipboard_program_marks_the_dms_sent_and_says_how(repl, monkeypatch) -> None:
    s, shell, out = repl
    monkeypatch.setattr(clipboard.shutil, "which", lambda name: "/usr/bin/xclip" if name == "xclip" else None)
    monkeypatch.setattr(clipboard.subprocess, "run", lambda cmd, **kw: None)
    shell.handle("copy p1")
    assert s.waiting(0) == []
    assert "copied to the clipboard with xclip" in out.getvalue()
    assert "marked as sent (copied with a clipboard program)" in out.getvalue()


def test_item_10_sent_with_nothing_waiting_is_refused(repl) -> None:
    s = repl[0]
    (o,) = s.feed("sent p2")
    assert (o.kind, o.text) == ("refusal", "no private messages wait for Uri")


def test_item_10_batch_mode_copy_name_is_the_scripts_host_sending_them() -> None:
    s = choice()
    s.feed("start")
    s.feed("p1: gs 5")
    out = act(s, s.feed("copy p1"))
    assert texts(out, "info")[0].startswith("Your play for round 1: 5.") and s.waiting(0) == []
