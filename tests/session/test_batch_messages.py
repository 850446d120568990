"""Messages pasted into a script (batch mode) and the REPL alike: where a Discord message ends (R-READ-3), and the
lines that continue one (R-READ-3). The live check reads them as the ruling does."""

from __future__ import annotations

from umpire.render import batch
from umpire.session import Session

from tests.contract.test_contract import new_session, scenario_for


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
