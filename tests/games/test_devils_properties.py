"""Random playouts of Devil's Deal (hypothesis) and the invariants they must keep.

Each example plays one Death Match from a fresh session, feeding random lines shaped by the step under
way: mostly legal (answers, the best division or random ones, one-line and one-pile-a-line, takes,
discards, picks, bets), mixed with illegal ones (out of turn, wrong cards, unaffordable raises),
host commands (undo, pause, resume, views), time jumps that run deadlines out, and garbage.

After every line:
  * a refused line changed nothing (state, final JSON, clock, pause, undo history, journal);
  * chips are conserved: both stacks + the pot + the bets on the table + the chips out of the game
    = the chips the players started with; no stack is ever negative;
  * a pool is never over the limit except while its owner is being asked to discard down to it;
  * the public view of each pool holds every card of the pool (and only cards discarded unrevealed more);
  * a game that is over has a winner and no clock running.
After the last line, replaying the journal gives the same state and the same final JSON.

Separately: a private card never reaches a public announcement (text or event data) before its
reveal. For each pick in a playout the same lines are replayed with a different pick; everything
public up to the reveal of the cards that differ must be identical.
"""

from __future__ import annotations

import os
import string
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from umpire.core.clock import fmt_stamp
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import best_division
from umpire.games.devilsdeal.state import Ask, Bet, Break, Discard, Divide, Phase, Pick, State, Take
from umpire.session import Output, Session

from . import journal_lines
from .test_devils_support import new_session

EXAMPLES = int(os.environ.get("DEVILS_EXAMPLES", "40"))  # DEVILS_EXAMPLES=500 for a long hunt
MAX_LINES = 160


def _piles(draw: Any, offer: tuple[int, ...]) -> list[str]:
    """Random piles of the offer (rarely valid), the last marked aside."""
    cards = draw(st.permutations(list(offer)))
    cut = draw(st.lists(st.integers(1, 3), min_size=2, max_size=4))
    piles, i = [], 0
    for n in cut:
        if i >= len(cards):
            break
        piles.append(C.names(cards[i : i + n]))
        i += n
    piles[-1] = "aside " + piles[-1]
    return piles


def next_line(draw: Any, s: Session) -> str:
    """One random line, legal or not, shaped by the state of the game."""
    state: State = s.state
    step = state.step
    pick_p = draw(st.sampled_from(["p1", "p2"]))
    kind = draw(st.sampled_from(["progress"] * 14 + ["time"] * 3 + ["illegal"] * 3 + ["host"] * 2 + ["garbage"]))
    if kind == "time":
        step_s = draw(st.sampled_from([0, 1, 5, 10, 19, 20, 21, 30, 60, 89, 90, 91]))
        return f"@ {fmt_stamp(s.now + step_s * 1000 + draw(st.sampled_from([0, 0, 1, 999])))}"
    if kind == "host":
        return draw(st.sampled_from(["undo", "undo", "pause", "resume", "resume", "status", "board", "division", "p1: pool", "p2: pool"]))
    if kind == "garbage":
        return draw(st.text(alphabet=string.ascii_letters + string.digits + " :@|-—", max_size=25))
    if kind == "illegal":
        card = C.name(draw(st.integers(0, 26)))
        return draw(
            st.sampled_from(
                [
                    f"{pick_p}: yes",
                    f"{pick_p}: take {card}",
                    f"{pick_p}: discard {card}",
                    f"{pick_p}: pick {card} {card}",
                    f"{pick_p}: raise 99",
                    f"{pick_p}: call",
                    f"{pick_p}: {card} | aside {card}",
                    f"{pick_p}: first p1",
                    "start",
                ]
            )
        )
    if state.phase is Phase.DEAL:
        return "start"
    if state.phase is Phase.CHOOSE:
        return draw(st.sampled_from(["p2: first p1", "p2: first p2", "first p1", "p2: first me"]))
    if state.over:
        return draw(st.sampled_from(["reveal", "p1: call", "undo", "p1: pool"]))
    who = lambda seat: f"p{seat + 1}"
    if isinstance(step, Ask):
        return f"{who(step.seat)}: {draw(st.sampled_from(['yes', 'yes', 'no']))}"
    if isinstance(step, Divide):
        p = who(step.seat)
        choice = draw(st.sampled_from(["best", "best", "random", "lines", "done", "wait"]))
        if choice == "best":
            best = best_division(step.offer)
            if best is None:
                return f"{p}: done"
            return f"{p}: " + " | ".join([*(C.names(x) for x in best.kept()), "aside " + C.names(best.aside)])
        if choice == "random":
            return f"{p}: " + " | ".join(_piles(draw, step.offer))
        if choice == "lines":
            return "\n".join(f"{p}: {line}" for line in _piles(draw, step.offer))
        if choice == "done":
            return f"{p}: done"
        return f"@ {fmt_stamp(s.now + 30_000)}"
    if isinstance(step, Discard):
        pool = list(state.seats[step.seat].pool)
        n = step.count if draw(st.integers(0, 4)) else max(1, step.count - 1)
        chosen = draw(st.permutations(pool))[:n]
        return f"{who(step.seat)}: discard {C.names(chosen)}"
    if isinstance(step, Take):
        options = ["none", *(f"take {C.name(c)}" for c in step.cards)]
        return f"{who(step.seat)}: {draw(st.sampled_from(options))}"
    if isinstance(step, Pick):
        seat = draw(st.sampled_from([0, 1]))
        pool = [c for c in dict.fromkeys(state.seats[seat].pool) if c != state.community]
        if len(pool) < 2:
            return f"@ {fmt_stamp(s.now + 90_000)}"
        a, b = draw(st.permutations(pool))[:2]
        return f"{who(seat)}: pick {C.name(a)} {C.name(b)}"
    if isinstance(step, Bet):
        return f"{who(step.to_act)}: " + draw(
            st.sampled_from(["call", "call", "call", "fold", "all-in", f"raise {draw(st.integers(1, 12))}"])
        )
    assert isinstance(step, Break)
    return f"@ {fmt_stamp(s.now + 20_000)}"


def snapshot(s: Session) -> tuple[Any, ...]:
    return (s.state, s.final(), s.now, s.paused, s.revealed, len(s.history), journal_lines(s))


def check_invariants(s: Session) -> None:
    state: State = s.state
    cfg = state.cfg
    assert state.in_play() + state.removed == 2 * cfg.chips, "chips were created or lost"
    assert all(seat.chips >= 0 for seat in state.seats)
    assert state.pot >= 0 and state.removed >= 0
    for i, seat in enumerate(state.seats):
        discarding = isinstance(state.step, Discard) and state.step.seat == i
        if not discarding:
            assert len(seat.pool) <= cfg.pool_limit, f"seat {i} holds {len(seat.pool)} cards outside a discard"
        assert not C.missing(seat.seen, seat.pool), "the public view lost a card still held"
        assert seat.hidden >= 0
    if state.over:
        assert state.winner is not None and state.deadline is None
    elif state.phase is Phase.PLAY:
        assert state.deadline is not None


def play(data: st.DataObject, journal: Path | None) -> tuple[Session, list[tuple[str, list[Output]]]]:
    s = new_session(journal=journal)
    fed: list[tuple[str, list[Output]]] = []
    n = data.draw(st.integers(40, MAX_LINES), label="lines")
    for _ in range(n):
        line = next_line(data.draw, s)
        before = snapshot(s) if journal is not None else None
        out = s.feed(line)
        fed.append((line, out))
        refused = [o for o in out if o.kind == "refusal"]
        assert not [o for o in refused if o.error == "InternalError"], f"{line!r}: {refused[0].text}"
        if refused and "\n" not in line and before is not None:
            assert len(out) == 1, f"{line!r}: a refusal came with other outputs"
            assert snapshot(s) == before, f"{line!r} was refused ({refused[0].text}) but changed something"
        check_invariants(s)
        for o in out:
            if o.event and o.event.get("event") == "devils_deal_over":
                event("the DM reached a winner")
            if o.event and o.event.get("event") == "showdown":
                event("a showdown")
            if o.event and o.event.get("event") == "discarded":
                event("a discard")
    event(f"reached round {min(s.state.round, 3)}{'+' if s.state.round > 3 else ''}")
    return s, fed


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_random_playout_keeps_every_invariant_and_replays_from_its_journal(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "game.journal.jsonl"
        live, _ = play(data, path)
        replayed, _, loaded = Session.load(path, reopen=False)
        assert loaded.torn is None
        assert replayed.state == live.state
        assert replayed.paused == live.paused
        if not live.paused:
            assert replayed.advance(live.now) == []
        assert replayed.final() == live.final()


# ---------------------------------------------------------------- private cards


def _public(outputs: list[Output]) -> list[tuple[str, Any]]:
    return [(o.text, o.event) for o in outputs if o.kind == "announce" and str(o.audience) == "public"]


def _until(fed: list[tuple[str, list[Output]]], start: int, second: bool) -> list[tuple[str, Any]]:
    """The public outputs from line `start` on, up to (not including) the reveal of the cards that differ:
    the first reveal (or a fold), or with `second` the second reveal (or a fold)."""
    out: list[tuple[str, Any]] = []
    for _, outputs in fed[start:]:
        for text, ev in _public(outputs):
            kind = ev.get("event") if ev is not None else None
            if kind == "folded" or (kind == "revealed" and ev.get("which") == ("second" if second else "first")):
                return out
            out.append((text, ev))
    return out


def _replay(lines: list[str]) -> list[tuple[str, list[Output]]]:
    s = new_session()
    return [(line, s.feed(line)) for line in lines]


@settings(max_examples=max(8, EXAMPLES // 2), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_private_cards_never_reach_a_public_announcement_before_their_reveal(data: st.DataObject) -> None:
    # Play without a journal, remembering the state before each line.
    s = new_session()
    fed: list[tuple[str, list[Output]]] = []
    picks: list[tuple[int, int, State]] = []  # (line index, seat, state before)
    for i in range(data.draw(st.integers(40, MAX_LINES), label="lines")):
        line = next_line(data.draw, s)
        before = s.state
        out = s.feed(line)
        fed.append((line, out))
        if isinstance(before.step, Pick) and ": pick " in line and not [o for o in out if o.kind == "refusal"]:
            picks.append((i, 0 if line.startswith("p1") else 1, before))
    lines = [line for line, _ in fed]
    for i, seat, before in picks[:3]:
        original = C.read(lines[i].split()[-2]), C.read(lines[i].split()[-1])
        pool = [c for c in dict.fromkeys(before.seats[seat].pool) if c != before.community]
        # Both cards different: everything public must match up to the first reveal (or a fold).
        others = [(a, b) for a in pool for b in pool if a != b and a != original[0] and b != original[1]]
        # Only the second card different: up to the second reveal (or a fold).
        seconds = [(original[0], b) for b in pool if b not in original]
        for alt, second in ((others, False), (seconds, True)):
            if not alt:
                continue
            a, b = data.draw(st.sampled_from(alt), label="alternative pick")
            changed = [*lines[:i], f"p{seat + 1}: pick {C.name(a)} {C.name(b)}", *lines[i + 1 :]]
            fork = _replay(changed)
            assert not [o for o in fork[i][1] if o.kind == "refusal"], "the alternative pick must be accepted"
            mine, theirs = _until(fed, i, second), _until(fork, i, second)
            assert mine == theirs, f"a public announcement differs when only the pick {C.name(original[0])} {C.name(original[1])} differs"
            event("a pick was checked against another")
