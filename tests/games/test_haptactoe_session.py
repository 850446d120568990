"""Session rules around a Hap-Tac-Toe / When Stars Align game: undo, pause and resume,
time lines, reveal, the journal and pasted Discord blocks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from umpire.session import Session, opened

from . import BOTH, CHOOSER, HAP_1, begin, events, journal_lines, new_session, ok, play_game, play_turn, public_text, refused

# ---------------------------------------------------------------- undo


@pytest.mark.parametrize("kind", BOTH)
def test_undo_says_what_it_undid_and_restores_the_state(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    before = s.final()
    line = "p1: black red circle C3" if kind == "htt" else "p1: yellow solid 4 C3"
    ok(s, line)
    out = ok(s, "undo")
    (o,) = out
    assert (str(o.audience), o.text) == ("host", f"↶ Undid entry 3: {line}.")
    assert o.event is not None and (o.event["event"], o.event["undid"], o.event["rewind"]) == ("undone", 3, None)
    assert s.final() == before
    ok(s, line)  # the same move is accepted again


def test_undo_takes_back_one_entry_at_a_time() -> None:
    s = new_session("htt")
    begin(s)
    play_turn(s)
    after_turn_one = s.final()
    ok(s, "p2: black red square C3")
    ok(s, "undo")
    assert s.final() == after_turn_one
    ok(s, "undo")  # the "done" of turn 1
    assert s.final()["turn"] == {"player": "Hedger", "number": 1, "placed": True}
    ok(s, "undo")  # the placement of turn 1
    assert s.final()["turn"] == {"player": "Hedger", "number": 1, "placed": False}


def test_undo_of_a_turn_end_takes_back_its_verdicts() -> None:
    s = new_session("htt")
    begin(s)
    play_turn(s)
    play_turn(s)
    play_turn(s, [HAP_1])
    assert s.final()["scores"]["Hedger"] == 1
    out = ok(s, "undo")
    assert out[0].text == "↶ Undid entry 9: p1: done."  # 1 first, 2 start, 3-8 turns 1-2, 9 the done
    assert (s.final()["scores"]["Hedger"], s.final()["claimed"]) == (0, [])
    ok(s, "p1: done")
    assert s.final()["scores"]["Hedger"] == 1


def test_undo_with_nothing_to_undo_is_refused() -> None:
    s = new_session("htt")
    assert refused(s, "undo", error="IllegalAction") == "there is nothing to undo"


@pytest.mark.parametrize("kind", BOTH)
def test_undo_of_a_reserve_timeout_rewinds_and_pauses_the_clocks(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    ok(s, "@ 7:00")
    assert s.final()["over"]
    out = ok(s, "undo")
    # Entries: 1 first, 2 start, 3-7 the reminders, 8 the timeout.
    assert out[0].text == (
        "↶ Undid entry 8: the clock ruling at 6:00.\n"
        "Clocks paused at 5:59.999 (game time), before the deadline it had passed, so it does not fire again at once; "
        "enter what should have happened, then “resume”."
    )
    assert out[0].event is not None and out[0].event["rewind"] == 359_999
    final = s.final()
    assert (final["over"], final["paused"], final["t"], final["winner"]) == (False, True, 359_999, None)
    assert final["reserve_seconds"]["Hedger"] == 0.001
    # What should have happened: Hedger moved just in time.
    play_turn(s)
    ok(s, "resume")
    assert s.final()["turn"]["player"] == CHOOSER[kind]
    assert not s.final()["over"]


def test_undo_of_a_reminder_rewinds_and_pauses_the_clocks() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 0:55")
    out = ok(s, "undo")
    assert out[0].text.startswith("↶ Undid entry 3: the clock ruling at 0:50.\nClocks paused at 0:49.999")
    assert (s.now, s.paused) == (49_999, True)
    assert refused(s, "@ 0:56") == "the clocks are paused at 0:49.999; “resume” first"
    ok(s, "resume")
    out = ok(s, "@ 0:50")  # the reminder is due again
    assert [e["event"] for e in events(out)] == ["move_reminder"]


def test_undo_of_a_move_after_which_a_deadline_would_have_passed_pauses_the_clocks() -> None:
    # Hedger's "done" at 0:10, then the clock ran to 0:55 with nothing due for Uri.
    # Undoing the "done" brings back Hedger's move, whose 0:50 reminder is then overdue.
    s = new_session("htt")
    begin(s)
    ok(s, "p1: black red circle C3")
    ok(s, "@ 0:10")
    ok(s, "p1: done")
    ok(s, "@ 0:55")
    out = ok(s, "undo")
    assert "Clocks paused at 0:49.999" in out[0].text
    assert (s.now, s.paused) == (49_999, True)


# ---------------------------------------------------------------- pause, resume and time lines


def test_pause_holds_the_clocks_and_refuses_time_lines() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 0:10")
    out = ok(s, "pause")
    assert public_text(out) == "⏸ Clocks paused at 0:10 (game time)."
    assert refused(s, "@ 5:00", error="IllegalAction") == "the clocks are paused at 0:10; “resume” first"
    assert s.advance(10 * 60 * 1000) == []
    assert s.final()["t"] == 10_000
    # Moves are still judged while paused.
    ok(s, "p1: black red circle C3")
    out = ok(s, "resume")
    assert public_text(out) == "▶ Clocks running again from 0:10 (game time)."
    out = ok(s, "@ 0:50")
    assert [e["event"] for e in events(out)] == ["move_reminder"]


def test_pause_twice_and_resume_while_running_are_refused() -> None:
    s = new_session("htt")
    begin(s)
    assert refused(s, "resume", error="IllegalAction") == "the clocks are already running"
    ok(s, "pause")
    assert refused(s, "pause", error="IllegalAction") == "the clocks are already paused"


def test_time_cannot_go_back() -> None:
    s = new_session("htt")
    begin(s)
    ok(s, "@ 1:00")
    assert refused(s, "@ 0:30", error="IllegalAction") == "the clock is already at 1:00; time cannot go back"
    assert ok(s, "@ 1:00") == []  # the same time again is harmless


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("@ 1:75", "“1:75” is not a time: minutes and seconds run 00–59"),
        ("@ soon", "“soon” is not a time; write mm:ss or h:mm:ss, e.g. @ 1:30"),
    ],
)
def test_a_time_line_that_is_no_time_is_refused(line: str, reason: str) -> None:
    s = new_session("htt")
    begin(s)
    assert refused(s, line, error="InvalidCommand") == reason


def test_time_lines_are_refused_where_the_clocks_run_by_themselves() -> None:
    s = new_session("htt")
    out = s.feed("@ 1:00", allow_time=False)
    assert [o.kind for o in out] == ["refusal"]
    assert out[0].text == "time lines are for scripts; in the REPL the clocks run by themselves (use pause/resume)"
    assert s.now == 0


# ---------------------------------------------------------------- reveal


def test_reveal_is_refused_before_the_end() -> None:
    s = new_session("htt")
    begin(s)
    reason = refused(s, "reveal", error="IllegalAction")
    assert reason == (
        "the game is not over; revealing the seed now lets players predict what is still to come (“reveal anyway” to do it regardless)"
    )


def test_reveal_anyway_reveals_before_the_end() -> None:
    s = new_session("htt")
    out = ok(s, "reveal anyway")
    (ev,) = events(out, "seed_revealed")
    assert (ev["seed"], ev["salt"]) == (s.seed, s.salt)
    assert f"🔓 Seed: `{s.seed}` · salt: `{s.salt}`" in public_text(out)


@pytest.mark.parametrize("kind", BOTH)
def test_reveal_after_the_dm_posts_the_seed_and_salt(kind: str) -> None:
    s = new_session(kind)
    begin(s)
    play_game(s)
    assert refused(s, "reveal").startswith("the game is not over")  # between the games
    play_game(s)
    out = ok(s, "reveal")
    (ev,) = events(out, "seed_revealed")
    assert ev["sha256"] == s.commitment_outputs()[0].event["sha256"]


# ---------------------------------------------------------------- the journal


def test_accepted_lines_are_journaled_and_refused_lines_are_not(tmp_path: Path) -> None:
    path = tmp_path / "game.journal.jsonl"
    s = new_session("htt", journal=path)
    assert journal_lines(s) == 1  # the header
    ok(s, "p2: first p1")
    refused(s, "p1: first p1")
    ok(s, "start")
    refused(s, "p2: black red circle C3")
    ok(s, "p1: black red circle C3")
    refused(s, "p1: hap A1 B1 C1")
    ok(s, "haps")  # a view: nothing to journal
    ok(s, "@ 0:55")  # one clock ruling (the reminder)
    ok(s, "undo")
    lines = [opened(json.loads(x)) for x in path.read_text(encoding="utf-8").splitlines()]  # a sealed input's fields in place
    assert [(e.get("n"), e.get("kind"), e.get("text")) for e in lines[1:]] == [
        (1, "input", "first p1"),
        (2, "input", "start"),
        (3, "input", "black red circle C3"),
        (4, "clock", None),
        (5, "undo", None),
    ]
    assert lines[5]["undoes"] == 4
    assert lines[3]["by"] == 0 and lines[1]["by"] == 1 and lines[2]["by"] is None


@pytest.mark.parametrize("kind", BOTH)
def test_replaying_the_journal_gives_the_same_game(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "game.journal.jsonl"
    s = new_session(kind, journal=path)
    begin(s)
    ok(s, "@ 1:10")
    play_turn(s)
    ok(s, "pause")
    play_turn(s, [])
    ok(s, "resume")
    play_game(s, {5: [HAP_1, "A1 B1 D1"]})
    ok(s, "start")
    play_turn(s)
    ok(s, "undo")
    ok(s, "@ 9:00")
    replayed, _, loaded = Session.load(path, reopen=False)
    assert loaded.torn is None
    assert replayed.state == s.state
    # Time that passed with nothing due is not journaled; bring the replay's clock to the same time.
    assert replayed.advance(s.now) == []
    assert replayed.final() == s.final()


@pytest.mark.parametrize("kind", BOTH)
def test_replaying_the_journal_repeats_the_announcements(kind: str, tmp_path: Path) -> None:
    # `umpire replay` prints "a game's announcements again, exactly" (README).
    path = tmp_path / "game.journal.jsonl"
    s = new_session(kind, journal=path)
    a, b = ("black red circle", "white blue triangle") if kind == "htt" else ("yellow solid 4", "white striped 6")
    script = [
        "p2: first p1",
        "start",
        f"p1: {a} A1",
        "p1: done",
        "undo",
        "p2: done",  # refused: not in the journal, not replayed
        "p1: done",
        "@ 1:05",
        f"p2: {b} B2",
        "pause",
        "p2: done",
        "resume",
        "reveal anyway",
    ]
    live = s.commitment_outputs()
    for line in script:
        live += s.feed(line)
    _, replayed, _ = Session.load(path, reopen=False)
    announced = [o for o in live if o.kind == "announce"]
    assert [(o.text, o.event) for o in replayed] == [(o.text, o.event) for o in announced]


@pytest.mark.parametrize("kind", BOTH)
def test_batch_entry_numbers_do_not_depend_on_keeping_a_journal(kind: str, tmp_path: Path) -> None:
    # Batch mode without --journal must say what it would say with one: "Undid entry N" and
    # each event's "n" name journal entries.
    piece = "black red circle" if kind == "htt" else "yellow solid 4"
    script = ["p2: first p1", "start", "pause", "resume", f"p1: {piece} C3", "undo", "@ 0:30"]
    script += [f"p1: {piece} C3", "p1: done", "undo", "p1: done", "reveal anyway"]
    with_journal = new_session(kind, journal=tmp_path / "j.jsonl")
    without = new_session(kind)
    for line in script:
        a = with_journal.feed(line)
        b = without.feed(line)
        # Only a kept journal has a final hash to publish with the reveal.
        a = [o for o in a if not (o.event and o.event["event"] == "final_hash")]
        assert [(o.text, o.event) for o in b] == [(o.text, o.event) for o in a], line


# ---------------------------------------------------------------- pasted Discord blocks


def test_a_pasted_discord_block_is_judged_line_by_line() -> None:
    s = new_session("htt")
    begin(s)
    block = "\n".join(
        [
            "Hedger — Today at 10:32 PM",
            "black red circle C3",
            "hap A1 B1 C1",
            "done",
            "",
            "[10:33 PM] Uri: white blue triangle D4 (edited)",
            "[10:33 PM] Uri: done",
        ]
    )
    out = s.feed(block)
    assert [o.kind for o in out] == ["announce", "refusal", "announce", "announce", "announce"]
    assert out[1].input == "hap A1 B1 C1"
    assert out[1].text == "A1, B1 and C1 are empty"
    assert s.final()["board"] == {"C3": "black red circle", "D4": "white blue triangle"}
    assert s.final()["turn"]["player"] == "Hedger"


def test_a_discord_header_speaker_ends_at_a_blank_line() -> None:
    s = new_session("htt")
    begin(s)
    out = s.feed("Hedger — Today at 10:32 PM\nblack red circle C3\n\ndone")
    assert [o.kind for o in out] == ["announce", "refusal"]
    assert out[1].text == "this is a player's move; write it with the player's name, e.g. “p1: done”"
