"""The intake: what the host enters, read into messages — one message per sender at once, never merged by time."""

from __future__ import annotations

import pytest

from umpire.session.intake import Intake, Message, classify

PLAYERS = ("Hedger", "Uri", "p1", "p2")
HOST_WORDS = ("status", "undo", "pause", "division")


def intake() -> Intake:
    return Intake(is_player=lambda name: name in PLAYERS, is_host_word=lambda word: word.casefold() in HOST_WORDS)


def read(i: Intake, *lines: str, alone: bool = True) -> list[tuple[str, str | None, list[str]]]:
    out: list[Message] = []
    for n, raw in enumerate(lines, start=1):
        out += i.line(raw, lineno=n, alone=alone)
    return [(m.kind, m.sender, [ln.text for ln in m.lines]) for m in out]


def shape(messages: list[Message]) -> list[tuple[str, str | None, list[str]]]:
    return [(m.kind, m.sender, [ln.text for ln in m.lines]) for m in messages]


@pytest.mark.parametrize("raw", ["Hedger - Today at 10:32 PM", "Hedger - 11/21/2026 10:32 PM", "Hedger - 22:32"])
def test_a_discord_header_written_with_an_ascii_hyphen_is_a_header(raw: str) -> None:
    line = classify(raw)
    assert (line.kind, line.name) == ("header", "Hedger")


def test_a_hyphenated_name_with_an_ascii_hyphen_header_keeps_its_hyphen() -> None:
    assert classify("Jean-Luc - Today at 10:32 PM").name == "Jean-Luc"


def test_a_hyphen_without_a_date_is_not_a_header() -> None:
    assert classify("Hedger - hello").kind == "host"


def test_the_lines_under_a_header_are_one_message_ended_by_an_empty_line() -> None:
    i = intake()
    assert read(i, "Hedger — Today at 10:33 PM", "aside B4, G4", "G9, B1", "G8, R2") == []
    assert i.sender == "Hedger"
    assert [ln.text for ln, _ in i.held] == ["aside B4, G4", "G9, B1", "G8, R2"]
    assert shape(i.line("")) == [("player", "Hedger", ["aside B4, G4", "G9, B1", "G8, R2"])]
    assert i.sender is None


def test_a_new_header_ends_the_message_before_it_even_from_the_same_sender() -> None:
    i = intake()
    got = read(i, "Hedger — Today at 10:33 PM", "G9 B1", "G8 R2", "Hedger — Today at 10:34 PM", "G3 B4")
    assert got == [("player", "Hedger", ["G9 B1", "G8 R2"])]
    assert shape(i.end()) == [("player", "Hedger", ["G3 B4"])]


def test_a_time_line_ends_a_message_and_the_lines_after_it_are_no_longer_the_senders() -> None:
    i = intake()
    got = read(i, "Hedger — Today at 10:33 PM", "G9 B1", "@ 0:40", "G8 R2")
    assert got == [("player", "Hedger", ["G9 B1"]), ("time", None, ["0:40"]), ("host", None, ["G8 R2"])]
    assert i.sender is None and shape(i.end()) == []


def test_two_pasted_messages_are_two_messages_whatever_the_clock() -> None:
    text = "Hedger — Today at 10:33 PM\nG9 B1\nG8 R2\naside G6 G4\n\nHedger — Today at 10:34 PM\nG3 B4\n"
    assert shape(intake().block(text)) == [
        ("player", "Hedger", ["G9 B1", "G8 R2", "aside G6 G4"]),
        ("player", "Hedger", ["G3 B4"]),
    ]


def test_a_message_open_at_the_end_of_a_pasted_block_ends_with_it() -> None:
    i = intake()
    assert shape(i.block("Uri — Today at 10:33 PM\nfirst p1")) == [("player", "Uri", ["first p1"])]
    assert i.sender is None
    assert shape(i.line("status")) == [("host", None, ["status"])]


def test_a_prefixed_line_is_a_message_of_its_own() -> None:
    assert read(intake(), "p1: G4 B4 G6 | R2 G3 G9", "p2: done") == [
        ("player", "p1", ["G4 B4 G6 | R2 G3 G9"]),
        ("player", "p2", ["done"]),
    ]


def test_under_a_header_a_line_naming_a_player_is_that_players_own_message() -> None:
    i = intake()
    got = read(i, "Hedger — Today at 10:32 PM", "G9 B1", "p2: done", "again")
    assert got == [("player", "Hedger", ["G9 B1"]), ("player", "p2", ["done"])]
    assert shape(i.end()) == [("player", "Hedger", ["again"])]


def test_under_a_header_a_word_colon_that_names_no_player_is_a_line_of_the_message() -> None:
    i = intake()
    read(i, "Hedger — Today at 10:32 PM", "aside: G2 B5 R7")
    assert shape(i.end()) == [("player", "Hedger", ["aside: G2 B5 R7"])]


def test_under_a_header_a_discord_compact_copy_is_its_senders_own_message() -> None:
    i = intake()
    got = read(i, "Hedger — Today at 10:32 PM", "G9 B1", "[10:33 PM] Uri: done")
    assert got == [("player", "Hedger", ["G9 B1"])]
    assert shape(i.end()) == [("player", "Uri", ["done"])]


def test_r_read_3_lines_without_a_name_after_a_compact_copy_continue_its_message() -> None:
    i = intake()
    assert read(i, "[10:33 PM] Hedger: G9 B1", "G8, R2", "aside G6 G4") == []
    assert i.sender == "Hedger"
    (message,) = i.end()
    assert shape([message]) == [("player", "Hedger", ["G9 B1", "G8, R2", "aside G6 G4"])]
    assert [ln.raw for ln in message.lines] == ["[10:33 PM] Hedger: G9 B1", "G8, R2", "aside G6 G4"]


def test_r_read_3_a_compact_copy_ends_at_the_next_compact_copy_a_named_line_or_a_time_line() -> None:
    i = intake()
    got = read(i, "[10:33 PM] Hedger: G9 B1", "G8 R2", "[10:34 PM] Hedger: done", "@ 0:40", "[10:35 PM] Uri: yes", "p1: no")
    assert got == [
        ("player", "Hedger", ["G9 B1", "G8 R2"]),
        ("player", "Hedger", ["done"]),
        ("time", None, ["0:40"]),
        ("player", "Uri", ["yes"]),
        ("player", "p1", ["no"]),
    ]


def test_r_read_3_a_compact_copy_with_nothing_after_its_colon_is_judged_at_once() -> None:
    assert read(intake(), "[10:32 PM] Hedger:") == [("player", "Hedger", [""])]


def test_a_host_word_entered_alone_under_a_header_is_the_hosts_and_the_message_stays_open() -> None:
    i = intake()
    assert read(i, "Hedger — Today at 10:32 PM", "G9 B1", "status") == [("host", None, ["status"])]
    assert shape(i.end()) == [("player", "Hedger", ["G9 B1"])]


def test_a_host_word_inside_a_pasted_message_is_a_line_of_it() -> None:
    assert shape(intake().block("Hedger — Today at 10:32 PM\nstatus")) == [("player", "Hedger", ["status"])]


def test_comments_are_skipped_and_keep_the_message_open() -> None:
    i = intake()
    read(i, "Hedger — Today at 10:32 PM", "G9 B1", "# a note", "G8 R2")
    assert shape(i.end()) == [("player", "Hedger", ["G9 B1", "G8 R2"])]


def test_the_edited_mark_is_dropped_from_a_message_line() -> None:
    i = intake()
    read(i, "Hedger — Today at 10:32 PM", "G9 B1 (edited)")
    assert shape(i.end()) == [("player", "Hedger", ["G9 B1"])]


def test_a_message_keeps_the_line_number_of_each_of_its_lines() -> None:
    i = intake()
    read(i, "start", "Hedger — Today at 10:32 PM", "G9 B1", "G8 R2")
    (message,) = i.end()
    assert message.numbers == (3, 4)
    assert message.lineno == 3


def test_a_too_long_line_ends_the_message_and_is_refused_unread() -> None:
    i = intake()
    got = read(i, "Hedger — Today at 10:32 PM", "G9 B1", "x" * 5000)
    assert [k for k, _, _ in got] == ["player", "too_long"]


def test_ending_with_nothing_open_gives_nothing() -> None:
    i = intake()
    assert i.end() == []
    assert i.line("") == []
