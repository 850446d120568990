"""The result of a match, typed: who won, how everyone placed, who was eliminated, each with its reason.

A game says its result once, as an `Outcome`, in its `outcome(state)` (None until the match is over); the
event that ends the match gives the same `Outcome` from its own fields (`Event.outcome`), for the pictures
drawn from it. The match report, the Discord bot and the pictures read it, never a game's loose JSON keys.

* `summary`: the result in one sentence, as the report heads it ("Hedger won 2 of 3 subgames.").
* `winners`: who won, by name, with `why`; two or more is a shared win, none is a match nobody won.
* `ranking`: every player best first, each `Placing` with a place (tied players share one: 1, 1, 3) and why.
* `eliminated`: who left the match before its end, and why.

`rank` builds a ranking from scores compared in turn (the score, then each tie-break), with a seeded
order for the ties nothing else breaks.

>>> ranking = rank(("Hedger", "Uri", "Yuna"), ((5, 2), (5, 9), (1, 0)), why=lambda s: "")
>>> [(p.player, p.place) for p in ranking]
[('Uri', 1), ('Hedger', 2), ('Yuna', 3)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, kw_only=True)
class Placing:
    """Where one player finished: `place` 1 is first, and players tied share a place."""

    player: str
    place: int
    why: str = ""  # what put them there: "12 points", "tied on points, 4 coins left"


@dataclass(frozen=True, kw_only=True)
class Elimination:
    """A player who left the match before its end, and why."""

    player: str
    why: str


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """A finished match's result, as its game states it."""

    summary: str
    winners: tuple[str, ...] = ()
    why: str = ""  # why the winners won ("won 2 of 3 subgames"); "" when nobody won or the summary says it all
    ranking: tuple[Placing, ...] = ()  # everyone, best first (empty for a game that names a winner only)
    eliminated: tuple[Elimination, ...] = ()

    def __post_init__(self) -> None:
        if not self.summary.strip():
            raise ValueError("an outcome says its result in a sentence")
        if len(set(self.winners)) != len(self.winners):
            raise ValueError(f"a winner is named once, not {self.winners}")
        if not self.ranking:
            return
        names = [p.player for p in self.ranking]
        if len(set(names)) != len(names):
            raise ValueError(f"a ranking places each player once, not {names}")
        missing = [w for w in self.winners if w not in names]
        if missing:
            raise ValueError(f"the winners {missing} are not in the ranking")
        for i, p in enumerate(self.ranking):
            if p.place < 1 or (i > 0 and p.place < self.ranking[i - 1].place):
                raise ValueError(f"a ranking goes best first from place 1, not {[x.place for x in self.ranking]}")
            if i > 0 and p.place != self.ranking[i - 1].place and p.place != i + 1:
                raise ValueError(f"after a tie the next place skips the tied ones (1, 1, 3), not {[x.place for x in self.ranking]}")

    @property
    def shared(self) -> bool:
        """Whether two or more players share the win."""
        return len(self.winners) > 1

    def place_of(self, player: str) -> Placing | None:
        """Where `player` finished, or None for a game that ranks nobody (or a name it does not know)."""
        return next((p for p in self.ranking if p.player == player), None)

    def order(self, players: Sequence[str]) -> list[str]:
        """`players` in the ranking's order (those it does not place after them, as given)."""
        ranked = [p.player for p in self.ranking if p.player in players]
        return ranked + [p for p in players if p not in ranked]


def decided(*, winner: str, loser: str, reason: str, standing: str) -> Outcome:
    """A two-player match one player lost for `reason` (a time-out, a loss condition): the other won, `standing` saying
    where the winner stood then.

    >>> decided(winner="Uri", loser="Hedger", reason="Hedger's reserve time ran out", standing="score 3").summary
    "Uri won: Hedger's reserve time ran out"
    """
    ranking = (Placing(player=winner, place=1, why=standing), Placing(player=loser, place=2, why=reason))
    return Outcome(summary=f"{winner} won: {reason}", winners=(winner,), why=reason, ranking=ranking)


Score = int | Fraction


def rank(
    players: Sequence[str],
    scores: Sequence[Sequence[Score]],
    *,
    why: Callable[[int], str],
    draw: Sequence[int] = (),
) -> tuple[Placing, ...]:
    """Every player best first by their scores compared in turn (higher is better: the score, then each tie-break).

    Players equal on every score share a place, unless `draw` (an order of seats the seed drew) breaks the
    tie: then they are ordered as it orders them and placed one after another. `why(seat)` says what put a
    seat where it is.

    >>> [(p.player, p.place) for p in rank(("A", "B", "C"), ((3,), (3,), (1,)), why=str)]
    [('A', 1), ('B', 1), ('C', 3)]
    >>> [(p.player, p.place) for p in rank(("A", "B", "C"), ((3,), (3,), (1,)), why=str, draw=(1, 0, 2))]
    [('B', 1), ('A', 2), ('C', 3)]
    """
    drawn = {seat: i for i, seat in enumerate(draw)}
    seats = sorted(range(len(players)), key=lambda s: (tuple(-x for x in scores[s]), drawn.get(s, s)))
    out: list[Placing] = []
    for i, seat in enumerate(seats):
        tied = i > 0 and tuple(scores[seat]) == tuple(scores[seats[i - 1]]) and not draw
        out.append(Placing(player=players[seat], place=out[-1].place if tied else i + 1, why=why(seat)))
    return tuple(out)
