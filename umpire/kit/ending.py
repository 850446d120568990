"""A kit match's result: players still in before those out (the later out, the better), then the `[end]` scores
compared in turn, then, where `draw` is on, the seed's draw (the stream `final draw`) orders players still level."""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.games import roundplay
from umpire.games.outcome import Elimination, Outcome, rank
from umpire.kit.words import fill, listing

if TYPE_CHECKING:
    from umpire.kit.rules import State


def standing(state: State, seat: int) -> str:
    """A player's standing in the result's words (the `standing` post: their resources)."""
    own = state.own(seat)
    values: dict[str, object] = {**own, "resources": listing(own, plain=True), "place": ""}
    return fill(state.kit.posts["standing"], values, plain=True)


def outcome_of(state: State) -> tuple[Outcome, bool]:
    """The match's result, and whether the seed's draw decided a place."""
    kit, names = state.kit, state.names
    scores = []
    for seat in range(len(names)):
        own = state.own(seat)
        still = state.out[seat] == 0
        scores.append((1 if still else 0, 0 if still else state.out[seat], *(e.value(own) for e in kit.score)))
    level = [s for s in range(len(names)) if scores.count(scores[s]) > 1]
    draw = state.streams.stream(roundplay.FINAL_DRAW).shuffled(range(len(names))) if kit.draw else []
    note = [", placed by the seed's draw" if kit.draw and s in level else "" for s in range(len(names))]
    out_note = [f" (out in round {state.out[s]})" if state.out[s] else "" for s in range(len(names))]
    ranking = rank(names, scores, why=lambda s: standing(state, s) + out_note[s] + note[s], draw=draw)
    winners = tuple(p.player for p in ranking if p.place == 1)
    summary = fill(kit.posts["result"], {"winners": " and ".join(winners), "title": kit.title}, plain=True)
    gone = tuple(
        Elimination(player=names[s], why=f"out in round {state.out[s]}")
        for s in sorted(range(len(names)), key=lambda s: state.out[s])
        if state.out[s]
    )
    why = ranking[0].why if len(winners) == 1 else ""
    over = Outcome(summary=summary, winners=winners, why=why, ranking=ranking, eliminated=gone)
    return over, bool(draw) and bool(level)
