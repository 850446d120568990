"""The events of Hap-Tac-Toe and When Stars Align: one frozen dataclass per kind.

Field names are the JSON keys of `--json` output and of the transcripts, so they stay
stable. A few keys appear only when they apply (a turn's `next`, game 1's `next_first`,
a claim's `strike` and `why`); those events build their payload themselves.

The mover's placement and claims are sealed until `TurnEnded` reveals them: until then only
the host hears of them (`Selected`, `Placed`, `ClaimNoted`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from umpire.games.base import HOST, JSON, Audience, Event, jsonable
from umpire.games.outcome import Outcome, Placing, decided

Number = int | float


def number(x: Fraction) -> Number:
    """An exact score as JSON: a whole number when whole."""
    return x.numerator if x.denominator == 1 else float(x)  # a whole Fraction's int is its numerator


def fmt(x: Fraction | Number) -> str:
    """A score as text: "4", "-0.5"."""
    if isinstance(x, Fraction):
        return str(int(x)) if x.denominator == 1 else f"{float(x):g}"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


@dataclass(frozen=True, kw_only=True)
class ClaimReport:
    """One claim of a turn after judgement, as the turn's post and JSON show it.

    `verdict` is "valid", "not a hap" ("not a set" in When Stars Align), "not on a line", "already
    claimed" or "repeated this turn";
    `strike` is the mover's strike count after it (When Stars Align only); `why` explains a
    claim that is not a hap, attribute by attribute.
    """

    squares: tuple[str, str, str]
    pieces: tuple[str, str, str]
    verdict: str
    points: Number
    strike: int | None = None
    why: tuple[str, ...] | None = None

    def as_json(self) -> dict[str, JSON]:
        """The claim as JSON, keys in their journal order, optional keys only when they apply."""
        out: dict[str, JSON] = {"squares": list(self.squares), "pieces": list(self.pieces), "verdict": self.verdict}
        if self.strike is not None:
            out["strike"] = self.strike
        out["points"] = self.points
        if self.why is not None:
            out["why"] = list(self.why)
        return out


@dataclass(frozen=True, kw_only=True)
class FirstChosen(Event):
    """The chooser named game 1's first player."""

    kind = "first_chosen"
    first: str
    chooser: str


@dataclass(frozen=True, kw_only=True)
class GameStarted(Event):
    """The host started game 1 or 2; the first move's clock runs."""

    kind = "game_started"
    game: int
    first: str
    reserve_seconds: Mapping[str, float]


@dataclass(frozen=True, kw_only=True)
class Selected(Event):
    """When Stars Align: the mover chose a star and will name its square next (host only)."""

    kind = "selected"
    audience: Audience = HOST
    player: str
    piece: str


@dataclass(frozen=True, kw_only=True)
class Placed(Event):
    """The mover placed a piece; shown to everyone only when the turn ends (host only)."""

    kind = "placed"
    audience: Audience = HOST
    player: str
    piece: str
    square: str


@dataclass(frozen=True, kw_only=True)
class ClaimNoted(Event):
    """The mover claimed a hap/set; judged when the turn ends (host only)."""

    kind = "claim_noted"
    audience: Audience = HOST
    player: str
    squares: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    """A turn ended: the placement, every claim's verdict, the scores and the board.

    `scores` are both games so far, `game_scores` this game's; `claimed` is every line claimed
    validly in this game so far, this turn's included (the board's picture marks them); `next`
    names the next mover (absent when the turn filled the board). It reveals the mover's sealed
    placement and claims.
    """

    kind = "turn_ended"
    reveals = True
    game: int
    turn: int
    player: str
    piece: str
    square: str
    claims: tuple[ClaimReport, ...]
    scores: Mapping[str, Number]
    game_scores: Mapping[str, Number]
    strikes: Mapping[str, int]
    reserve_seconds: Mapping[str, float]
    board: Mapping[str, str]
    claimed: tuple[tuple[str, str, str], ...]
    next: str | None = None

    def payload(self) -> dict[str, JSON]:
        """The fields as JSON, claims in their own shape, `next` only when there is one."""
        out: dict[str, JSON] = {
            "game": self.game,
            "turn": self.turn,
            "player": self.player,
            "piece": self.piece,
            "square": self.square,
            "claims": [c.as_json() for c in self.claims],
        }
        for key in ("scores", "game_scores", "strikes", "reserve_seconds", "board", "claimed"):
            out[key] = jsonable(getattr(self, key))
        if self.next is not None:
            out["next"] = self.next
        return out


@dataclass(frozen=True, kw_only=True)
class GameOver(Event):
    """A game ended with a full board; after game 1, `next_first` opens game 2."""

    kind = "game_over"
    game: int
    game_scores: Mapping[str, Number]
    next_first: str | None = None

    def payload(self) -> dict[str, JSON]:
        """The fields as JSON, `next_first` only after game 1."""
        out: dict[str, JSON] = {"game": self.game, "game_scores": jsonable(self.game_scores)}
        if self.next_first is not None:
            out["next_first"] = self.next_first
        return out


@dataclass(frozen=True, kw_only=True)
class MatchOver(Event):
    """Game 2 ended: the higher final score wins the DM (a tie goes to the chooser)."""

    kind = "match_over"
    winner: str
    reason: str
    totals: Mapping[str, Number]
    final_scores: Mapping[str, Number]

    @property
    def outcome(self) -> Outcome:
        """The higher final score won (or the chooser, on a tie)."""
        loser = next(p for p in self.final_scores if p != self.winner)
        return Outcome(
            summary=f"{self.winner} won, {self.reason}",
            winners=(self.winner,),
            why=self.reason,
            ranking=tuple(
                Placing(player=p, place=i + 1, why=f"final score {fmt(self.final_scores[p])}") for i, p in enumerate((self.winner, loser))
            ),
        )


@dataclass(frozen=True, kw_only=True)
class TimedOut(Event):
    """The mover's reserve ran out: they lose the DM at once. `totals` are the scores then."""

    kind = "timed_out"
    winner: str
    reason: str
    loser: str
    totals: Mapping[str, Number]

    @property
    def outcome(self) -> Outcome:
        """The mover whose reserve ran out lost, whatever the score."""
        return decided(
            winner=self.winner, loser=self.loser, reason=self.reason, standing=f"score {fmt(self.totals[self.winner])} when time ran out"
        )


@dataclass(frozen=True, kw_only=True)
class MoveReminder(Event):
    """`seconds` left of the mover's free time."""

    kind = "move_reminder"
    player: str
    seconds: int


@dataclass(frozen=True, kw_only=True)
class ReserveStarted(Event):
    """The mover's free time is up; their reserve (`seconds`, rounded up) now drains."""

    kind = "reserve_started"
    player: str
    seconds: int


@dataclass(frozen=True, kw_only=True)
class ReserveReminder(Event):
    """`seconds` left of the mover's reserve."""

    kind = "reserve_reminder"
    player: str
    seconds: int


EVENTS: tuple[type[Event], ...] = (
    FirstChosen,
    GameStarted,
    Selected,
    Placed,
    ClaimNoted,
    TurnEnded,
    GameOver,
    MatchOver,
    TimedOut,
    MoveReminder,
    ReserveStarted,
    ReserveReminder,
)
