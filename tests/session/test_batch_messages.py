"""Messages pasted into a script (batch mode) and the REPL alike: where a Discord message begins and ends (R-READ-3).
The live check reads them as the ruling does."""

from __future__ import annotations

from tests.contract.test_contract import new_session, scenario_for
from umpire.render import batch
from umpire.session import Session


def session(key: str) -> Session:
    return new_session(scenario_for(key), None)


def printed(s: Session, script: str) -> list[str]:
    """What batch mode prints for the script's lines, the commitment left out."""
    return list(batch(s, script.split("\n"), json_out=False))[3:]


# ---------------------------------------------------------------- R-READ-3: a time line ends a header's message


def test_r_read_3_a_time_line_ends_a_discord_header_message_in_batch_mode() -> None:
    s = session("hap-tac-toe")
    out = printed(s, "p2: first p1\nstart\nHedger — Today at 10:32 PM\nblack red circle C3\n@ 0:10\ndone")
    assert "✗ line 6: done — this is a player's move; write it with the player's name, e.g. “p1: done”" in out
    assert s.state.turn is not None and s.state.turn.seat == 0  # Hedger's turn never ended: the bare done was not his


def test_r_read_3_the_hosts_start_after_a_header_message_and_time_lines_starts_the_next_block() -> None:
    s = session("choice-is-yours")
    out = printed(s, "start\nUri — Today at 10:32 PM\ngs 5\n@ 10:00\n@ 11:00\nstart")
    assert not [line for line in out if line.startswith("✗")], out
    assert "**Block 2 of 6 begins.**" in out
    assert s.state.block == 2


def test_r_read_3_the_live_check_and_the_ruling_agree_after_a_time_line() -> None:
    s = session("hap-tac-toe")
    for line in ("p2: first p1", "start", "Hedger — Today at 10:32 PM", "black red circle C3", "@ 0:10"):
        s.feed(line)
    assert s.speaker is None
    why = s.check("done")
    (refusal,) = s.feed("done")
    assert why == refusal.text == "this is a player's move; write it with the player's name, e.g. “p1: done”"


# ---------------------------------------------------------------- R-READ-3: Discord's compact-mode copies

COMPACT = ["[10:33 PM] Hedger: G9 B1", "G8, R2", "aside G6 G4"]  # a division written a pile a line, as compact mode copies it
DIVIDED = "Hedger's division (3 lines, one pile a line): G9 B1 (10) · G8 R2 (10) · set aside: G6 G4 (10) — ✓ valid: takes 4 (B1 G9 R2 G8)"


def dividing() -> Session:
    """Devil's Deal, round 1: Hedger has refilled and divides G4 B4 G6 G3 B1 G9 R2 G8 R8 B5 B6 B2."""
    s = session("devils-deal")
    for line in ("start", "p2: first p1", "p1: yes"):
        assert not [o for o in s.feed(line) if o.kind == "refusal"], line
    return s


def test_r_read_3_a_compact_copy_of_a_division_pasted_as_a_block_is_one_division() -> None:
    s = dividing()
    out = s.feed("\n".join(COMPACT))
    assert [(o.kind, str(o.audience), o.text) for o in out] == [("announce", "host", DIVIDED)]


def test_r_read_3_a_compact_copy_of_a_division_in_a_script_is_one_division() -> None:
    s = dividing()
    out = [o for line in COMPACT for o in s.feed(line)]
    assert out == [] and s.speaker == "Hedger" and s.held_lines == 3
    assert [o.text for o in s.flush()] == [DIVIDED]


def test_r_read_3_the_live_check_leaves_a_pasted_compact_copy_to_its_sender() -> None:
    from umpire.session import block_checks

    s = dividing()
    assert block_checks(s, COMPACT) == [None, None, None]
    # A compact copy of one line is checked as it stands, as before.
    assert block_checks(s, ["[10:33 PM] Hedger: G9 B1 | G8 R2 | aside G6 G4", "p2: yes"]) == ["now", "ahead"]
