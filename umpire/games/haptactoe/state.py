"""A match's state: where it stands (`Phase`), the board, the judged claims, the scores, the clocks, and the move under way.

Besides the records, the reads every other module makes of a state: the board as JSON (whole,
or as players may see it) and the live clocks at a given time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from umpire.core.clock import MoveClock
from umpire.games.base import Setup
from umpire.games.haptactoe.pieces import SIZE, SQUARES, square_name
from umpire.games.haptactoe.settings import Config, Rulebook, configure

if TYPE_CHECKING:
    from umpire.core.deadline import Deadline  # a turn's, made by the rules (the first prompt need not import it)
    from umpire.games.outcome import Outcome

CELLS = SIZE * SIZE


class Phase(StrEnum):
    """Where a match stands."""

    CHOOSE = "choose"  # the chooser has not named game 1's first player
    READY = "ready"  # waiting for the host's `start`
    TURN = "turn"  # a game is under way
    OVER = "over"


class Verdict(StrEnum):
    """What a judged claim was."""

    VALID = "valid"
    NOT_A_HAP = "not a hap"
    OFF_LINE = "not on a line"
    ALREADY_CLAIMED = "already claimed"
    REPEATED = "repeated this turn"


@dataclass(frozen=True, kw_only=True)
class Judged:
    """A claim after judgement."""

    game: int
    turn: int
    seat: int
    squares: tuple[int, int, int]
    pieces: tuple[int, int, int]
    verdict: Verdict


@dataclass(frozen=True, kw_only=True)
class Turn:
    """The move under way and its clock: the move's deadline, then the reserve's.

    `selected`, `placed` and `claims` are the mover's sealed submissions: nobody else sees
    them until the turn ends.
    """

    seat: int
    number: int
    started: int
    deadline: Deadline
    selected: int | None = None  # a star chosen, its square still to come (When Stars Align)
    placed: tuple[int, int] | None = None  # (piece, square)
    claims: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class State:
    """Everything about a match at one moment."""

    cfg: Config
    phase: Phase
    game: int = 1
    first: int | None = None
    board: tuple[int | None, ...] = (None,) * CELLS
    judged: tuple[Judged, ...] = ()
    points: tuple[tuple[Fraction, Fraction], ...] = ((Fraction(0), Fraction(0)), (Fraction(0), Fraction(0)))
    strikes: tuple[int, int] = (0, 0)
    reserve: tuple[int, int] = (0, 0)
    turn: Turn | None = None
    winner: int | None = None
    end_reason: str = ""
    outcome: Outcome | None = None  # the result, as the event that ended the match states it

    @property
    def over(self) -> bool:
        """Whether the DM has ended."""
        return self.phase is Phase.OVER

    def total(self, seat: int) -> Fraction:
        """A player's points over both games so far, exact."""
        first, second = self.points[0][seat], self.points[1][seat]
        return first + second if second else first  # no second game's points yet: no sum (a Fraction's costs a gcd)

    def final_score(self, seat: int) -> Fraction:
        """The DM score: the total, rounded up once when the rule set says so (R-HTT-2)."""
        total = self.total(seat)
        if self.cfg.rounding == "ceil":
            return Fraction(math.ceil(total))
        return total

    def claimed_this_game(self) -> set[tuple[int, int, int]]:
        """The squares of every valid claim of the game under way."""
        return {j.squares for j in self.judged if j.game == self.game and j.verdict is Verdict.VALID}


def initial(cfg: Config) -> State:
    """A match before the first player is chosen."""
    return State(cfg=cfg, phase=Phase.CHOOSE, reserve=(cfg.reserve_ms, cfg.reserve_ms))


def start(book: Rulebook, setup: Setup) -> State:
    """A match of `book` before the first player is chosen (the game's `start`: here, not with the rules, so that
    starting a session does not import them)."""
    return initial(configure(book, setup))


# ---------------------------------------------------------------- reads


def board_json(state: State) -> dict[str, str]:
    """The occupied squares -> the piece words."""
    words = state.cfg.book.pieces.words
    return {name: words(p) for name, p in zip(SQUARES, state.board, strict=True) if p is not None}


def public_board(state: State) -> dict[str, str]:
    """The board as players may see it: without a placement whose turn has not ended."""
    board = board_json(state)
    if state.turn is not None and state.turn.placed is not None:
        board.pop(square_name(state.turn.placed[1]), None)
    return board


def live_reserve(state: State, seat: int, now: int) -> int:
    """A player's reserve at `now`, counting the move under way."""
    turn = state.turn
    if state.phase is Phase.TURN and turn is not None and turn.seat == seat:
        return MoveClock(move_ms=state.cfg.move_ms, reserve_ms=state.reserve[seat]).left(turn.started, now)[1]
    return state.reserve[seat]


def live_free(state: State, now: int) -> int:
    """The mover's free time left at `now` (0 once on reserve, or with no move under way)."""
    turn = state.turn
    if state.phase is not Phase.TURN or turn is None:
        return 0
    return MoveClock(move_ms=state.cfg.move_ms, reserve_ms=state.reserve[turn.seat]).left(turn.started, now)[0]
