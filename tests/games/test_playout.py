"""Random playouts of Hap-Tac-Toe and When Stars Align (hypothesis).

Each example plays one match from a fresh session with a real journal, feeding
up to 250 random lines: mostly legal moves (placements, claims of real haps,
claims of non-haps and of haps already claimed, done/end, start, the first-player
choice), mixed with illegal ones (moves out of turn, taken squares, placed
pieces, squares off the grid, claims off a line or of empty squares), host
commands (undo, pause, resume, reveal, views), time lines (forwards, sometimes
backwards, sometimes far enough to run a reserve out) and garbage text.

After every line it checks:
  * a refused line changed nothing (state, clock, pause, undo history, journal);
  * no piece is on the board twice, and the board holds the pieces placed;
  * both reserves are between 0 and the scenario's reserve, live ones too;
  * the scores and strikes are exactly what the judged claims imply;
  * every verdict matches the pieces (a valid claim is a hap on one line, "not a hap" is not);
  * the host's `haps` view is every unclaimed line hap on the board (brute force);
  * at the end of the DM, the winner is the one the rules name.
After the last line, replaying the journal gives the same state and the same final JSON.

Size: 60 examples (both rule sets) of 40-250 lines each, about 9,000 lines per run (about 25 s on
a 2-core machine). PLAYOUT_EXAMPLES=1500 runs a long hunt (about 200,000 lines, 8 minutes).
"""

from __future__ import annotations

import math
import os
import string
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from umpire.core import hap
from umpire.core.clock import fmt_stamp
from umpire.games.haptactoe import rules
from umpire.games.haptactoe.pieces import SQUARES, TRIPLES, square_name
from umpire.games.haptactoe.state import Phase, State, Verdict, live_reserve
from umpire.session import Session

from . import BOTH, journal_lines, new_session

MAX_LINES = 250
EXAMPLES = int(os.environ.get("PLAYOUT_EXAMPLES", "60"))  # e.g. PLAYOUT_EXAMPLES=2000 for a long hunt


def _names(t: tuple[int, ...]) -> str:
    return " ".join(square_name(i) for i in t)


def next_line(draw: Any, s: Session) -> str:
    """One random line, legal or not, shaped by the state of the game."""
    state: State = s.state
    book = state.cfg.book
    words = book.pieces.words
    turn = state.turn
    board = state.board
    empty = [i for i in range(25) if board[i] is None]
    occupied = [i for i in range(25) if board[i] is not None]
    unplaced = [p for p in range(27) if p not in board]
    mover = f"p{turn.seat + 1}" if turn else draw(st.sampled_from(["p1", "p2"]))
    idle = f"p{2 - turn.seat}" if turn else draw(st.sampled_from(["p1", "p2"]))
    claim = book.claim_word

    kind = draw(
        st.sampled_from(
            ["progress"] * 12 + ["claim"] * 4 + ["time"] * 3 + ["illegal"] * 4 + ["host"] * 2 + ["garbage"],
        )
    )
    if kind == "progress":
        if state.phase is Phase.CHOOSE:
            who = draw(st.sampled_from(["p1", "p2", "host"]))
            target = draw(st.sampled_from(["p1", "p2", "me", "Hedger"]))
            return f"first {target}" if who == "host" else f"{who}: first {target}"
        if state.phase is Phase.READY:
            return "start"
        if state.phase is Phase.OVER:
            return draw(st.sampled_from(["reveal", "p1: done", "start", "undo"]))
        assert turn is not None
        if turn.placed is None:
            if book.select_first and turn.selected is not None and draw(st.booleans()):
                return f"{mover}: {square_name(draw(st.sampled_from(empty)))}"  # the square of the star chosen before
            if book.select_first and draw(st.integers(0, 3)) == 0:
                return f"{mover}: {words(draw(st.sampled_from(unplaced)))}"  # a star chosen, its square next
            return f"{mover}: {words(draw(st.sampled_from(unplaced)))} {square_name(draw(st.sampled_from(empty)))}"
        return draw(st.sampled_from([f"{mover}: done", f"{mover}: done", "end"]))
    if kind == "claim":
        haps = rules.line_haps(state)
        on_line = [t for t in TRIPLES if all(board[i] is not None for i in t)]
        claimed = sorted(state.claimed_this_game())
        anywhere = [tuple(sorted(draw(st.permutations(occupied))[:3]))] if len(occupied) >= 3 else []  # often off a line
        pools = [p for p in (haps, on_line, claimed, turn.claims if turn else (), anywhere) if p]
        if not pools:
            return f"{mover}: {claim} A1 B1 C1"
        t = draw(st.sampled_from(draw(st.sampled_from(pools))))
        word = draw(st.sampled_from(["hap", "set", ""] if book.bare_claims else ["hap", "set"]))
        return f"{mover}: {word} {_names(t)}".replace("  ", " ")
    if kind == "time":
        step = draw(st.sampled_from([0, 1, 5, 10, 30, 45, 55, 60, 61, 120, 240, 400]))
        back = draw(st.booleans()) and draw(st.booleans()) and draw(st.booleans())
        t = max(0, s.now - step * 1000) if back else s.now + step * 1000 + draw(st.sampled_from([0, 0, 1, 999]))
        return f"@ {fmt_stamp(t)}"
    if kind == "host":
        return draw(st.sampled_from(["undo", "undo", "pause", "resume", "resume", "haps", "status", "board", "reveal", "start", "end"]))
    if kind == "illegal":
        piece = words(draw(st.sampled_from(range(27))))
        square = draw(st.sampled_from(SQUARES))
        options = [
            f"{idle}: {piece} {square}",
            f"{mover}: {piece} {square}",
            f"{mover}: {piece} F{draw(st.integers(0, 9))}",
            f"{mover}: {piece}",
            f"{mover}: {claim} {_names(tuple(sorted(draw(st.lists(st.sampled_from(range(25)), min_size=3, max_size=3, unique=True)))))}",
            f"{mover}: {claim} A1 A2",
            f"{idle}: done",
            f"{mover}: first p1",
            f"zed: {piece} {square}",
            f"{piece} {square}",
            "done",
        ]
        if occupied and unplaced:
            options.append(f"{mover}: {words(draw(st.sampled_from(unplaced)))} {square_name(draw(st.sampled_from(occupied)))}")
            options.append(f"{mover}: {words(board[draw(st.sampled_from(occupied))] or 0)} {square}")
        return draw(st.sampled_from(options))
    return draw(st.text(alphabet=string.ascii_letters + string.digits + " :@#-—[]", max_size=30))


def snapshot(s: Session) -> tuple[Any, ...]:
    return (s.state, s.final(), s.now, s.paused, s.revealed, len(s.history), journal_lines(s))


def expected_points(state: State) -> tuple[list[list[Fraction]], list[int]]:
    """The points per game and the strikes that the judged claims imply, recomputed from scratch."""
    cfg = state.cfg
    points = [[Fraction(0), Fraction(0)], [Fraction(0), Fraction(0)]]
    strikes = [0, 0]
    game = 1
    for j in state.judged:
        if cfg.book.strikes and j.game != game:
            game = j.game
            if not cfg.strikes_carry:
                strikes = [0, 0]
        if j.verdict is Verdict.VALID:
            points[j.game - 1][j.seat] += 1
        elif cfg.book.strikes:
            strikes[j.seat] += 1
            if strikes[j.seat] == cfg.strikes_per_penalty:
                points[j.game - 1][j.seat] -= cfg.strike_points
                strikes[j.seat] = 0
        else:
            points[j.game - 1][j.seat] -= cfg.penalty
    return points, strikes


def check_invariants(s: Session) -> None:
    state: State = s.state
    cfg = state.cfg
    placed = [p for p in state.board if p is not None]
    assert len(placed) == len(set(placed)), "a piece is on the board twice"
    assert all(0 <= p < 27 for p in placed)
    for seat in (0, 1):
        assert 0 <= state.reserve[seat] <= cfg.reserve_ms
        assert 0 <= live_reserve(state, seat, s.now) <= state.reserve[seat]
    points, strikes = expected_points(state)
    assert [list(g) for g in state.points] == points
    if cfg.book.strikes:
        # Strikes only ever reset between games when the scenario says so; the bundled ones carry them.
        assert list(state.strikes) == strikes
        assert all(0 <= x < cfg.strikes_per_penalty for x in state.strikes)
    else:
        assert state.strikes == (0, 0)
    seen: set[tuple[int, tuple[int, int, int]]] = set()
    for j in state.judged:
        if j.verdict is not Verdict.REPEATED:  # a repeat is invalid whether or not the first was on a line
            assert (j.squares in TRIPLES) == (j.verdict is not Verdict.OFF_LINE)
        assert all(state.board[i] is not None or j.game != state.game for i in j.squares)
        if j.verdict is Verdict.VALID:
            assert hap.is_hap(*j.pieces)
            assert (j.game, j.squares) not in seen, "a hap was scored twice in one game"
            seen.add((j.game, j.squares))
        elif j.verdict is Verdict.NOT_A_HAP:
            assert not hap.is_hap(*j.pieces)
        elif j.verdict is Verdict.ALREADY_CLAIMED:
            assert (j.game, j.squares) in seen
    if state.phase in (Phase.TURN, Phase.READY) or state.turn is not None:
        claimed = {t for g, t in seen if g == state.game}
        brute = sorted(
            t
            for t in TRIPLES
            if all(state.board[i] is not None for i in t) and t not in claimed and hap.is_hap(*(state.board[i] or 0 for i in t))
        )
        assert rules.line_haps(state) == brute
    if state.over:
        assert state.winner is not None and state.turn is None
        if "reserve time ran out" not in state.end_reason:
            finals = [state.final_score(i) for i in (0, 1)]
            for i in (0, 1):
                total = state.total(i)
                assert finals[i] == (Fraction(math.ceil(total)) if cfg.rounding == "ceil" else total)
            expected = cfg.chooser if finals[0] == finals[1] else (0 if finals[0] > finals[1] else 1)
            assert state.winner == expected
            assert all(c is not None for c in state.board)
        else:
            assert state.reserve[1 - state.winner] == 0


def play(kind: str, data: st.DataObject, journal: Path) -> Session:
    s = new_session(kind, journal=journal)
    n = data.draw(st.integers(40, MAX_LINES), label="lines")
    for _ in range(n):
        line = next_line(data.draw, s)
        before = snapshot(s)
        out = s.feed(line)
        refused = [o for o in out if o.kind == "refusal"]
        if refused:
            assert len(out) == 1, f"{line!r}: a refusal came with other outputs"
            assert refused[0].error != "InternalError", f"{line!r}: {refused[0].text}"
            assert snapshot(s) == before, f"{line!r} was refused ({refused[0].text}) but changed something"
        check_invariants(s)
        for o in out:
            if o.event and o.event.get("event") == "match_over":
                event("a reserve ran out" if "loser" in o.event else "the DM was played to the end")
            if o.event and o.event.get("event") == "undone" and o.event.get("rewind") is not None:
                event("an undo rewound the clocks")
            if o.event and o.event.get("event") == "turn_ended" and any(c["verdict"] != "valid" for c in o.event["claims"]):
                event("an invalid claim was judged")
    event(f"reached: {s.state.phase} in game {s.state.game}" + (" (time ran out)" if "ran out" in s.state.end_reason else ""))
    return s


@pytest.mark.slow
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(kind=st.sampled_from(BOTH), data=st.data())
def test_random_playout_keeps_every_invariant_and_replays_from_its_journal(kind: str, data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "game.journal.jsonl"
        live = play(kind, data, path)
        replayed, _, loaded = Session.load(path, reopen=False)
        assert loaded.torn is None
        assert replayed.state == live.state
        assert replayed.paused == live.paused
        assert replayed.revealed == live.revealed
        if not live.paused:
            # Time that passed with nothing due is not journaled: bring the replay to the same time.
            assert replayed.advance(live.now) == []
        assert replayed.final() == live.final()
