"""How a kit round's sealed values pick players: the highest or lowest, the highest or lowest nobody matched, the
most or fewest chosen, or a payoff table between pairs; with the round's rule for ties.

`resolve` is pure: the seed's draw for a tie comes from the stream `tie N` for round N.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from umpire.games.rounds import highest_unmatched, lowest_unmatched

if TYPE_CHECKING:
    from umpire.kit.rules import State
    from umpire.kit.schema import Round


@dataclass(frozen=True)
class Resolution:
    """The players a round picked (in seat order), the votes each seat received, each seat's payoff, and whether
    the seed's draw broke a tie."""

    picked: tuple[int, ...]
    votes: Mapping[int, int] = field(default_factory=dict)
    payoff: Mapping[int, int] = field(default_factory=dict)
    drawn: bool = False


def resolve(r: Round, sent: Mapping[int, str], state: State, seats: Sequence[int]) -> Resolution:
    """What round `r` decides from the values `sent` by the seats that played it."""
    if r.resolve == "pairs":
        return _pairs(r, sent, state)
    if r.resolve in ("highest-unique", "lowest-unique"):
        best = (highest_unmatched if r.resolve == "highest-unique" else lowest_unmatched)((s, int(v)) for s, v in sent.items())
        return Resolution(picked=() if best is None else (best[0],))
    if r.resolve == "threshold":  # everyone in the round is picked when the numbers sent add up to the threshold
        assert r.threshold is not None
        total = sum(int(v) for v in sent.values())
        reached = total >= r.threshold.value({**dict(state.items), "round": state.number, "alive": len(state.alive())})
        return Resolution(picked=tuple(seats) if reached else ())
    if r.resolve in ("highest", "lowest"):
        numbers = {s: int(v) for s, v in sent.items()}
        if not numbers:
            return Resolution(picked=())
        top = (max if r.resolve == "highest" else min)(numbers.values())
        return _ties(r, tuple(s for s in sorted(numbers) if numbers[s] == top), state, lambda s: (s,), lambda s: (s,))
    return _counted(r, sent, state, seats)


def _counted(r: Round, sent: Mapping[int, str], state: State, seats: Sequence[int]) -> Resolution:
    """Most or fewest: votes for players (every player still in counts, with 0 votes), or the options picked."""
    tally: dict[Any, int]  # by seat (votes) or by option (picks)
    votes: dict[int, int] = {}
    if r.kind == "vote":
        counts = Counter(state.names.index(v) for v in sent.values())
        votes = {s: counts.get(s, 0) for s in seats}
        tally = votes
    else:
        tally = dict(Counter(sent.values()))  # options by how many picked them (fewest: among those picked)
    if not tally or (r.kind == "vote" and not sent):
        return Resolution(picked=(), votes=votes)
    best = (max if r.resolve == "most" else min)(tally.values())
    tied = tuple(k for k in sorted(tally, key=str) if tally[k] == best)

    def players(key: int | str) -> tuple[int, ...]:
        return (key,) if isinstance(key, int) else tuple(s for s in sorted(sent) if sent[s] == key)

    def senders(key: int | str) -> tuple[int, ...]:  # who sent the word that put `key` there
        word = state.names[key] if isinstance(key, int) else key
        return tuple(s for s in sorted(sent) if sent[s] == word)

    got = _ties(r, tied, state, players, senders)
    return Resolution(picked=got.picked, votes=votes, drawn=got.drawn)


def _ties(
    r: Round, tied: tuple[Any, ...], state: State, take: Callable[[Any], tuple[int, ...]], senders: Callable[[Any], tuple[int, ...]]
) -> Resolution:
    """The players behind the one key that won (a seat, or an option: `take` gives the seats it stands for), or the
    round's rule among several tied."""
    if len(tied) == 1:
        return Resolution(picked=tuple(sorted(take(tied[0]))))
    if r.ties == "nobody":
        return Resolution(picked=())
    if r.ties in ("all", "split"):
        return Resolution(picked=tuple(sorted(s for k in tied for s in take(k))))
    if r.ties == "draw":
        one = state.streams.stream(f"tie {state.number}").choice(list(tied))
        return Resolution(picked=tuple(sorted(take(one))), drawn=True)
    last = len(state.order)  # earliest: the one whose word was sent first (a vote's target: its first vote)
    first = min(tied, key=lambda k: min((state.order.index(s) for s in senders(k) if s in state.order), default=last))
    return Resolution(picked=tuple(sorted(take(first))))


def _pairs(r: Round, sent: Mapping[int, str], state: State) -> Resolution:
    """Each pair scores from the payoff table; a player who sent nothing is taken to have sent the round's first word."""
    payoff: dict[int, int] = {}
    for a, b in state.pairs:
        wa, wb = sent.get(a, r.words[0]), sent.get(b, r.words[0])
        payoff[a], payoff[b] = r.payoff[(wa, wb)][0], r.payoff[(wa, wb)][1]
    return Resolution(picked=(), payoff=payoff)
