"""Reading one line: every kind of line the intake tells apart (blocks and messages: test_intake.py)."""

from __future__ import annotations

import pytest

from umpire.session.intake import MAX_LINE, classify


@pytest.mark.parametrize(
    ("raw", "text"), [("@ 1:30", "1:30"), ("@1:30", "1:30"), ("  @   12:05.250  ", "12:05.250"), ("@ 1:00:05", "1:00:05")]
)
def test_a_line_starting_with_at_is_a_time_line(raw: str, text: str) -> None:
    line = classify(raw)
    assert line.kind == "time"
    assert line.text == text
    assert line.name is None
    assert line.raw == raw


@pytest.mark.parametrize(
    ("raw", "name", "text"),
    [
        ("p1: hap A1 B1 C3", "p1", "hap A1 B1 C3"),
        ("Hedger: black red circle C3", "Hedger", "black red circle C3"),
        ("Hedger Smith : done", "Hedger Smith", "done"),
        ("  Uri:first p1  ", "Uri", "first p1"),
        ("p2:", "p2", ""),
        ("p1: note: with a colon", "p1", "note: with a colon"),
    ],
)
def test_name_colon_message_is_a_player_line(raw: str, name: str, text: str) -> None:
    line = classify(raw)
    assert (line.kind, line.name, line.text, line.raw) == ("player", name, text, raw)


@pytest.mark.parametrize(
    ("raw", "name", "text"),
    [
        ("[10:32 PM] Hedger: done", "Hedger", "done"),
        ("[9:05 am] Uri: first p1", "Uri", "first p1"),
        ("[22:32] Hedger Smith: hap A1 B1 C1", "Hedger Smith", "hap A1 B1 C1"),
        ("[10:32:07 PM] p2: done", "p2", "done"),
        ("[10:32 p.m.] Uri: buy 3", "Uri", "buy 3"),
        ("[10:32 PM]Hedger:done", "Hedger", "done"),
        ("[10:32 PM] Hedger: at 10:30 I pass", "Hedger", "at 10:30 I pass"),
    ],
)
def test_discord_one_line_copy_is_a_player_line(raw: str, name: str, text: str) -> None:
    line = classify(raw)
    assert (line.kind, line.name, line.text) == ("player", name, text)


@pytest.mark.parametrize("raw", ["Hedger: done (edited)", "[10:32 PM] Hedger: done (edited)", "Hedger: done   (edited)  "])
def test_the_edited_suffix_is_stripped_from_a_player_message(raw: str) -> None:
    line = classify(raw)
    assert line.kind == "player"
    assert line.text == "done"


def test_edited_in_the_middle_of_a_message_is_kept() -> None:
    assert classify("p1: say (edited) twice").text == "say (edited) twice"


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("Hedger — Today at 10:32 PM", "Hedger"),
        ("Hedger Smith — Yesterday at 9:05 AM", "Hedger Smith"),
        ("Uri — Today at 22:32", "Uri"),
        ("Uri – Today at 10:32 PM", "Uri"),
        ("Hedger — 11/21/2026 10:32 PM", "Hedger"),
        ("Hedger — 11/21/26, 10:32 PM", "Hedger"),
        ("Hedger — 21/11/2026", "Hedger"),
        ("Hedger — 10:32 PM", "Hedger"),
        ("Hedger — 10:32", "Hedger"),
    ],
)
def test_a_discord_header_names_the_speaker(raw: str, name: str) -> None:
    line = classify(raw)
    assert (line.kind, line.name, line.text) == ("header", name, "")


def test_a_dash_without_a_date_is_not_a_header() -> None:
    assert classify("Hedger — hello").kind == "host"


@pytest.mark.parametrize("raw", ["# a comment", "#", "   # indented comment"])
def test_a_hash_line_is_a_comment(raw: str) -> None:
    line = classify(raw)
    assert line.kind == "comment"
    assert line.text == raw.strip()


@pytest.mark.parametrize("raw", ["", "   ", "\t", "\u200b", " \u200b "])
def test_an_empty_or_whitespace_line_is_blank(raw: str) -> None:
    assert classify(raw).kind == "blank"


@pytest.mark.parametrize("raw", ["start", "status", "undo", "  pause  ", "post board", "reveal"])
def test_anything_else_is_a_host_command(raw: str) -> None:
    line = classify(raw)
    assert line.kind == "host"
    assert line.text == raw.strip()
    assert line.name is None


def test_zero_width_spaces_are_removed_before_reading() -> None:
    line = classify("\u200bp1: hap A1\u200b B1 C1")
    assert (line.kind, line.name, line.text) == ("player", "p1", "hap A1 B1 C1")


def test_a_line_over_the_limit_is_too_long_and_not_read_further() -> None:
    raw = "p1: " + "x" * MAX_LINE
    line = classify(raw)
    assert line.kind == "too_long"
    assert line.text == ""
    assert line.name is None
    assert line.raw == raw[:80] + "…"


def test_a_line_at_the_limit_is_still_read() -> None:
    raw = "p1: " + "x" * (MAX_LINE - 4)
    assert len(raw) == MAX_LINE
    assert classify(raw).kind == "player"
    assert classify("# " + "c" * 4001).kind == "too_long"


@pytest.mark.parametrize(("raw", "name"), [("@everyone: bid 1 1", "@everyone"), ("@Uri: done", "@Uri"), ("@p2:done", "@p2")])
def test_a_line_starting_with_at_and_a_word_is_no_time_line_but_a_mention_naming_the_sender(raw: str, name: str) -> None:
    line = classify(raw)
    assert (line.kind, line.name) == ("player", name)


@pytest.mark.parametrize("raw", ["@ soon", "@ 1:75", "@1:30"])
def test_at_and_a_space_or_a_digit_is_still_a_time_line(raw: str) -> None:
    assert classify(raw).kind == "time"


def test_in_the_repl_at_everyone_is_refused_as_no_player_not_as_a_time_line() -> None:
    from tests.contract.test_contract import new_session, scenario_for

    s = new_session(scenario_for("open-pass"), None)
    reason = "there is no player called “@everyone” (players: Hedger (p1), Uri (p2), Ian (p3),"
    (out,) = s.feed("@everyone: bid 1 1", allow_time=False)
    assert out.kind == "refusal" and out.text.startswith(reason) and str(out.audience) == "host"
    assert (s.check("@everyone: bid 1 1", allow_time=False) or "").startswith(reason)
