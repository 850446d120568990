"""The rules of Hap-Tac-Toe and When Stars Align: pure functions of state, command and time.

Time is `Deadline`s in the state: each move has one (its free time, with reminders), and
when that passes with reserve left, a second (the reserve draining, with reminders). When
the reserve's deadline passes, the mover loses the DM.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from umpire.core import hap
from umpire.core.clock import SECOND, MoveClock
from umpire.core.deadline import Deadline
from umpire.core.deadline import next_at as deadlines_next_at
from umpire.core.errors import IllegalAction, InvalidCommand, UmpireError
from umpire.core.evolve import evolve
from umpire.core.settings import Setting
from umpire.games.base import Event
from umpire.games.haptactoe.events import (
    ClaimNoted,
    ClaimReport,
    FirstChosen,
    GameOver,
    GameStarted,
    MatchOver,
    MoveReminder,
    Number,
    Placed,
    ReserveReminder,
    ReserveStarted,
    Selected,
    TimedOut,
    TurnEnded,
)
from umpire.games.haptactoe.pieces import HAP_PIECES, SIZE, STAR_PIECES, TRIPLES, PieceSet, is_square_like, square_index, square_name

CELLS = SIZE * SIZE
MAX_SECONDS = 86_400  # a day: the longest move or reserve a scenario may set
MAX_REMINDERS = 12  # reminders per clock


# ---------------------------------------------------------------- rule sets


@dataclass(frozen=True, kw_only=True)
class Rulebook:
    """What differs between Hap-Tac-Toe and When Stars Align."""

    key: str
    title: str
    pieces: PieceSet
    claim_word: str  # "hap" / "set"
    chooser_key: str  # the scenario key naming who picks the first player
    chooser_role: str  # "the Advantage holder" / "the DM opponent"
    strikes: bool  # WSA: strikes; HTT: a penalty per invalid claim
    bare_claims: bool  # HTT: three squares alone are a claim ("call out three squares")
    select_first: bool  # WSA: a star may be chosen in one message and its square named in the next

    @property
    def role_title(self) -> str:
        """The chooser's role at the start of a sentence: "The DM opponent"."""
        return self.chooser_role[0].upper() + self.chooser_role[1:]

    def example(self) -> str:
        """A placement as players write it."""
        return "yellow solid 4 C3" if self.strikes else "black red circle C3"


HTT = Rulebook(
    key="hap-tac-toe",
    title="Hap-Tac-Toe",
    pieces=HAP_PIECES,
    claim_word="hap",
    chooser_key="advantage",
    chooser_role="the Advantage holder",
    strikes=False,
    bare_claims=True,
    select_first=False,
)
WSA = Rulebook(
    key="when-stars-align",
    title="When Stars Align",
    pieces=STAR_PIECES,
    claim_word="set",
    chooser_key="dm_opponent",
    chooser_role="the DM opponent",
    strikes=True,
    bare_claims=False,
    select_first=True,
)


def settings_for(book: Rulebook) -> tuple[Setting, ...]:
    """The `[rules]` keys of one rule set, with their defaults and bounds."""
    common = (
        Setting(
            key=book.chooser_key,
            kind="player",
            default="p2",
            help=f"{book.role_title}: chooses who moves first in game 1 and wins a tie.",
        ),
        Setting(key="move_seconds", kind="int", default=60, minimum=1, maximum=MAX_SECONDS, help="Free time per move."),
        Setting(
            key="reserve_seconds",
            kind="int",
            default=300,
            minimum=0,
            maximum=MAX_SECONDS,
            help="Reserve bank per player, shared by both games and never replenished; when it runs out that player loses.",
        ),
        Setting(
            key="move_reminders",
            kind="list[int]",
            default=list(DEFAULT_REMINDERS["move_reminders"]),
            minimum=1,
            maximum=MAX_SECONDS,
            help="Reminders at these seconds left on a move (each less than move_seconds; of the default, those that are).",
        ),
        Setting(
            key="reserve_reminders",
            kind="list[int]",
            default=list(DEFAULT_REMINDERS["reserve_reminders"]),
            minimum=1,
            maximum=MAX_SECONDS,
            help="Reminders at these seconds left of the reserve while it drains (each less than reserve_seconds; of the default, those that are).",
        ),
        Setting(
            key="row_one",
            kind="choice",
            default="top",
            choices=("top", "bottom"),
            ruling="R-HTT-1",
            help="Where row 1 is drawn on the board (A1 is in that row, leftmost).",
        ),
    )
    if book.strikes:
        return common + (
            Setting(
                key="strikes_per_penalty",
                kind="int",
                default=2,
                minimum=1,
                maximum=100,
                help="An invalid or repeated claim is a strike; this many strikes cost points and reset to 0.",
            ),
            Setting(
                key="strike_penalty_points",
                kind="int",
                default=1,
                minimum=0,
                maximum=100,
                help="Points lost each time the strikes fill up.",
            ),
            Setting(
                key="strikes_carry_over",
                kind="bool",
                default=True,
                ruling="R-HTT-4",
                help="Strikes carry over between turns and between the two games.",
            ),
        )
    return common + (
        Setting(
            key="invalid_claim_penalty",
            kind="number",
            default=0.5,
            minimum=0,
            maximum=100,
            help="Points lost for an invalid or repeated claim.",
        ),
        Setting(
            key="final_rounding",
            kind="choice",
            default="ceil",
            choices=("ceil", "none"),
            ruling="R-HTT-2",
            help='The final score: the two games\' total rounded up once ("ceil"), or left exact ("none").',
        ),
    )


# The default reminders; a scenario that leaves a list at its default gets those that fit its clock
# (a 45 s reserve is reminded at 30 s and 10 s), where a list it sets must fit whole.
DEFAULT_REMINDERS = {"move_reminders": (10,), "reserve_reminders": (60, 30, 10)}
_REMINDED = (("move_reminders", "move_seconds", "a move"), ("reserve_reminders", "reserve_seconds", "the reserve"))


def reminders(settings: Mapping[str, object], key: str) -> tuple[int, ...]:
    """The reminders in force: the list set, or those of the default list that its clock can reach.

    >>> reminders({"reserve_reminders": [60, 30, 10], "reserve_seconds": 45}, "reserve_reminders")
    (30, 10)
    """
    values = settings[key]
    limit = settings[next(limit_key for k, limit_key, _ in _REMINDED if k == key)]
    assert isinstance(values, list) and isinstance(limit, int)
    if tuple(values) == DEFAULT_REMINDERS[key]:
        return tuple(v for v in values if v < limit)
    return tuple(values)


def validate_reminders(settings: dict[str, object]) -> list[tuple[str, str]]:
    """Reminders that could never fire (at or beyond their clock's length), and too many of them.
    A list left at its default drops the reminders its clock cannot reach instead (`reminders`)."""
    problems: list[tuple[str, str]] = []
    for key, limit_key, what in _REMINDED:
        values = settings.get(key)
        limit = settings.get(limit_key)
        if not isinstance(values, list) or not isinstance(limit, int) or tuple(values) == DEFAULT_REMINDERS[key]:
            continue
        if len(values) > MAX_REMINDERS:
            problems.append((key, f"at most {MAX_REMINDERS} reminders, got {len(values)}"))
            continue
        late = [v for v in values if isinstance(v, int) and v >= limit]
        if late:
            shown = ", ".join(f"{v} s" for v in late)
            problems.append(
                (key, f"{shown} left can never be reminded: {what} lasts {limit} s ({limit_key}); each reminder must be less than that")
            )
    return problems


# ---------------------------------------------------------------- commands


@dataclass(frozen=True, kw_only=True)
class ChooseFirst:
    """The chooser (or the host for them) names game 1's first player."""

    by: int | None
    seat: int


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host starts the next game; its first move's clock starts now."""


@dataclass(frozen=True, kw_only=True)
class Select:
    """When Stars Align: choose a star now, name its square in the next message."""

    seat: int
    piece: int


@dataclass(frozen=True, kw_only=True)
class Place:
    """Put an unplaced piece on an empty square."""

    seat: int
    piece: int
    square: int


@dataclass(frozen=True, kw_only=True)
class Claim:
    """Claim a hap/set on three squares; judged when the turn ends.

    `squares` are sorted (how claims are compared and shown in verdicts); `typed` keeps the
    order the player wrote them, for refusals.
    """

    seat: int
    squares: tuple[int, int, int]
    typed: tuple[int, int, int]


@dataclass(frozen=True, kw_only=True)
class Done:
    """End the turn: the player's `done`, or the host's `end` (seat None)."""

    seat: int | None


Command = ChooseFirst | Start | Select | Place | Claim | Done


# ---------------------------------------------------------------- state


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
    """The move under way and its clock: the move's deadline, then the reserve's."""

    seat: int
    number: int
    started: int
    deadline: Deadline
    selected: int | None = None  # a star chosen, its square still to come (When Stars Align)
    placed: tuple[int, int] | None = None  # (piece, square)
    claims: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class Config:
    """The settings of one match, read once from the scenario."""

    book: Rulebook
    names: tuple[str, ...]
    handles: tuple[str, ...]  # how the host addresses each player in a prefix: the first alias, else the name
    chooser: int
    move_ms: int
    reserve_ms: int
    move_reminders: tuple[int, ...]  # seconds left
    reserve_reminders: tuple[int, ...]
    row_one: str
    penalty: Fraction
    rounding: str
    strikes_per_penalty: int
    strike_points: int
    strikes_carry: bool


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

    @property
    def over(self) -> bool:
        """Whether the DM has ended."""
        return self.phase is Phase.OVER

    def total(self, seat: int) -> Fraction:
        """A player's points over both games so far, exact."""
        return self.points[0][seat] + self.points[1][seat]

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


def move_deadline(cfg: Config, start: int) -> Deadline:
    """The deadline of a move begun at `start`: its free time, with the move reminders."""
    return Deadline(what="move", start=start, due=start + cfg.move_ms, reminders=tuple(s * SECOND for s in cfg.move_reminders))


def new_turn(cfg: Config, seat: int, number: int, start: int) -> Turn:
    """A move beginning at `start`."""
    return Turn(seat=seat, number=number, started=start, deadline=move_deadline(cfg, start))


# ---------------------------------------------------------------- judging commands


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command; refuse with a reason, or return the next state and its events."""
    if state.over:
        raise IllegalAction(f"the Death Match is over ({state.end_reason})")
    if isinstance(cmd, ChooseFirst):
        return _choose_first(state, cmd, now)
    if isinstance(cmd, Start):
        return _start(state, now)
    turn = _require_turn(state)
    if isinstance(cmd, Select):
        return _select(state, turn, cmd, now)
    if isinstance(cmd, Place):
        return _place(state, turn, cmd, now)
    if isinstance(cmd, Claim):
        return _claim(state, turn, cmd, now)
    if cmd.seat is not None:
        _require_mover(state, turn, cmd.seat)
    if turn.placed is None:
        raise IllegalAction(f"{state.cfg.names[turn.seat]} has not placed a {state.cfg.book.pieces.noun} yet")
    return _end_turn(state, turn, now)


def _choose_first(state: State, cmd: ChooseFirst, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    names = cfg.names
    if state.phase is not Phase.CHOOSE:
        raise IllegalAction(f"the first player is already chosen: {names[state.first or 0]}")
    if cmd.by is not None and cmd.by != cfg.chooser:
        raise IllegalAction(f"only {names[cfg.chooser]} ({cfg.book.chooser_role}) chooses who moves first")
    return evolve(state, phase=Phase.READY, first=cmd.seat), [FirstChosen(t=now, first=names[cmd.seat], chooser=names[cfg.chooser])]


def _start(state: State, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    names = cfg.names
    if state.phase is Phase.CHOOSE:
        raise IllegalAction(f"{names[cfg.chooser]} ({cfg.book.chooser_role}) must first choose who moves first: “first p1” or “first p2”")
    if state.phase is Phase.TURN:
        raise IllegalAction(f"game {state.game} is already under way")
    assert state.first is not None
    seat = state.first if state.game == 1 else 1 - state.first
    state = evolve(state, phase=Phase.TURN, turn=new_turn(cfg, seat, 1, now))
    return state, [GameStarted(t=now, game=state.game, first=names[seat], reserve_seconds=_reserves(state))]


def _require_turn(state: State) -> Turn:
    cfg = state.cfg
    if state.phase is Phase.CHOOSE:
        raise IllegalAction(f"game 1 has not started: {cfg.names[cfg.chooser]} ({cfg.book.chooser_role}) first chooses who moves first")
    if state.phase is Phase.READY or state.turn is None:
        raise IllegalAction(f"game {state.game} has not started yet; the host starts it with “start”")
    return state.turn


def _require_mover(state: State, turn: Turn, seat: int) -> None:
    if seat != turn.seat:
        raise IllegalAction(f"it is {state.cfg.names[turn.seat]}'s turn, not {state.cfg.names[seat]}'s")


def _require_unplaced(state: State, turn: Turn, piece: int) -> None:
    """Refuse a second placement in a turn, and a piece already on the board."""
    book = state.cfg.book
    if turn.placed is not None:
        placed, square = turn.placed
        raise IllegalAction(
            f"{state.cfg.names[turn.seat]} already placed {book.pieces.words(placed)} on {square_name(square)} this turn; "
            f"claim with “{book.claim_word} …” or say “done”"
        )
    if piece in state.board:
        raise IllegalAction(f"the {book.pieces.noun} {book.pieces.words(piece)} is already on {square_name(state.board.index(piece))}")


def _select(state: State, turn: Turn, cmd: Select, now: int) -> tuple[State, list[Event]]:
    _require_mover(state, turn, cmd.seat)
    _require_unplaced(state, turn, cmd.piece)
    words = state.cfg.book.pieces.words(cmd.piece)
    return evolve(state, turn=evolve(turn, selected=cmd.piece)), [Selected(t=now, player=state.cfg.names[cmd.seat], piece=words)]


def _place(state: State, turn: Turn, cmd: Place, now: int) -> tuple[State, list[Event]]:
    _require_mover(state, turn, cmd.seat)
    _require_unplaced(state, turn, cmd.piece)
    pieces = state.cfg.book.pieces
    occupant = state.board[cmd.square]
    if occupant is not None:
        raise IllegalAction(f"{square_name(cmd.square)} is taken ({pieces.words(occupant)})")
    board = list(state.board)
    board[cmd.square] = cmd.piece
    turn = evolve(turn, placed=(cmd.piece, cmd.square), selected=None)
    event = Placed(t=now, player=state.cfg.names[cmd.seat], piece=pieces.words(cmd.piece), square=square_name(cmd.square))
    return evolve(state, board=tuple(board), turn=turn), [event]


def _claim(state: State, turn: Turn, cmd: Claim, now: int) -> tuple[State, list[Event]]:
    _require_mover(state, turn, cmd.seat)
    if turn.placed is None:
        raise IllegalAction(f"place a {state.cfg.book.pieces.noun} first; claims come after the placement")
    # An empty square makes it no claim at all (a typo): refused, no penalty (R-HTT-8). Three occupied
    # squares off a line are a claim, judged invalid at the end of the turn (R-HTT-7).
    empty = [square_name(s) for s in cmd.typed if state.board[s] is None]
    if empty:
        raise IllegalAction(f"{and_list(empty)} {'is' if len(empty) == 1 else 'are'} empty")
    event = ClaimNoted(t=now, player=state.cfg.names[cmd.seat], squares=tuple(square_name(s) for s in cmd.squares))
    return evolve(state, turn=evolve(turn, claims=(*turn.claims, cmd.squares))), [event]


def _reserves(state: State) -> dict[str, float]:
    names = state.cfg.names
    return {names[i]: state.reserve[i] / SECOND for i in range(2)}


def _scores(state: State) -> dict[str, Number]:
    return {state.cfg.names[i]: number(state.total(i)) for i in range(2)}


def _game_scores(state: State, game: int) -> dict[str, Number]:
    return {state.cfg.names[i]: number(state.points[game - 1][i]) for i in range(2)}


@dataclass
class _Tally:
    """A turn's running score while its claims are judged."""

    points: Fraction
    strikes: int


def _verdict(
    board: tuple[int | None, ...], squares: tuple[int, int, int], seen: set[tuple[int, int, int]], claimed: set[tuple[int, int, int]]
) -> Verdict:
    if squares in seen:
        return Verdict.REPEATED
    if squares in claimed:
        return Verdict.ALREADY_CLAIMED
    if squares not in TRIPLES:
        return Verdict.OFF_LINE
    a, b, c = (board[s] for s in squares)
    assert a is not None and b is not None and c is not None
    return Verdict.VALID if hap.is_hap(a, b, c) else Verdict.NOT_A_HAP


def verdict_code(book: Rulebook, verdict: Verdict) -> str:
    """A verdict as JSON and posts name it, in the rule set's words: "not a set" for stars."""
    return f"not a {book.claim_word}" if verdict is Verdict.NOT_A_HAP else str(verdict)


def _score_claim(cfg: Config, verdict: Verdict, tally: _Tally) -> tuple[Number, int | None]:
    """Change the tally for one verdict; the claim's points and (WSA) the strike count after it."""
    if verdict is Verdict.VALID:
        tally.points += 1
        return 1, None
    if not cfg.book.strikes:
        tally.points -= cfg.penalty
        return number(-cfg.penalty), None
    tally.strikes += 1
    strike = tally.strikes
    if tally.strikes >= cfg.strikes_per_penalty:
        tally.points -= cfg.strike_points
        tally.strikes = 0
        return -cfg.strike_points, strike
    return 0, strike


def _why(cfg: Config, verdict: Verdict, pieces: tuple[int, int, int]) -> tuple[str, ...] | None:
    if verdict is Verdict.NOT_A_HAP:
        ps = cfg.book.pieces
        return tuple(hap.explain(*pieces, ps.values, ps.attributes, word=cfg.book.claim_word))
    return None


def _judge(state: State, turn: Turn) -> tuple[State, list[ClaimReport]]:
    """Judge the turn's claims in order; the state with their points and strikes."""
    cfg = state.cfg
    seat = turn.seat
    claimed = state.claimed_this_game()
    tally = _Tally(points=state.points[state.game - 1][seat], strikes=state.strikes[seat])
    judged: list[Judged] = []
    reports: list[ClaimReport] = []
    seen: set[tuple[int, int, int]] = set()
    for squares in turn.claims:
        p0, p1, p2 = (state.board[s] for s in squares)
        assert p0 is not None and p1 is not None and p2 is not None
        pieces = (p0, p1, p2)
        verdict = _verdict(state.board, squares, seen, claimed)
        seen.add(squares)
        if verdict is Verdict.VALID:
            claimed.add(squares)
        won, strike = _score_claim(cfg, verdict, tally)
        reports.append(
            ClaimReport(
                squares=_names3(squares),
                pieces=(cfg.book.pieces.words(p0), cfg.book.pieces.words(p1), cfg.book.pieces.words(p2)),
                verdict=verdict_code(cfg.book, verdict),
                points=won,
                strike=strike,
                why=_why(cfg, verdict, pieces),
            )
        )
        judged.append(Judged(game=state.game, turn=turn.number, seat=seat, squares=squares, pieces=pieces, verdict=verdict))
    table = [list(g) for g in state.points]
    table[state.game - 1][seat] = tally.points
    strikes = list(state.strikes)
    strikes[seat] = tally.strikes
    state = evolve(
        state,
        judged=state.judged + tuple(judged),
        points=tuple((g[0], g[1]) for g in table),
        strikes=(strikes[0], strikes[1]),
    )
    return state, reports


def _names3(squares: tuple[int, int, int]) -> tuple[str, str, str]:
    return square_name(squares[0]), square_name(squares[1]), square_name(squares[2])


def _end_turn(state: State, turn: Turn, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    names = cfg.names
    seat = turn.seat
    state, reports = _judge(state, turn)
    reserve = list(state.reserve)
    reserve[seat] = MoveClock(move_ms=cfg.move_ms, reserve_ms=state.reserve[seat]).after_move(turn.started, now).reserve_ms
    state = evolve(state, reserve=(reserve[0], reserve[1]))
    assert turn.placed is not None
    piece, square = turn.placed
    full = all(c is not None for c in state.board)
    nxt = None if full else new_turn(cfg, 1 - seat, turn.number + 1, now)
    ended = TurnEnded(
        t=now,
        game=state.game,
        turn=turn.number,
        player=names[seat],
        piece=cfg.book.pieces.words(piece),
        square=square_name(square),
        claims=tuple(reports),
        scores=_scores(state),
        game_scores=_game_scores(state, state.game),
        strikes={names[i]: state.strikes[i] for i in range(2)},
        reserve_seconds=_reserves(state),
        board=board_json(state),
        next=None if nxt is None else names[nxt.seat],
    )
    if nxt is not None:
        return evolve(state, turn=nxt), [ended]
    return _end_game(state, now, ended)


def _end_game(state: State, now: int, ended: TurnEnded) -> tuple[State, list[Event]]:
    cfg = state.cfg
    names = cfg.names
    if state.game == 1:
        strikes_next = state.strikes if cfg.strikes_carry else (0, 0)
        over = GameOver(t=now, game=1, game_scores=ended.game_scores, next_first=names[1 - (state.first or 0)])
        return evolve(state, phase=Phase.READY, game=2, board=(None,) * CELLS, turn=None, strikes=strikes_next), [ended, over]
    finals = [state.final_score(i) for i in range(2)]
    if finals[0] == finals[1]:
        winner = cfg.chooser
        reason = f"tied at {fmt(finals[0])}; {names[winner]} wins the tie as {cfg.book.chooser_role}"
    else:
        winner = 0 if finals[0] > finals[1] else 1
        reason = f"{fmt(finals[winner])} to {fmt(finals[1 - winner])}"
    state = evolve(state, phase=Phase.OVER, turn=None, winner=winner, end_reason=f"{names[winner]} won, {reason}")
    events: list[Event] = [
        ended,
        GameOver(t=now, game=2, game_scores=ended.game_scores),
        MatchOver(
            t=now,
            winner=names[winner],
            reason=reason,
            totals=_scores(state),
            final_scores={names[i]: number(finals[i]) for i in range(2)},
        ),
    ]
    return state, events


# ---------------------------------------------------------------- time


def next_due(state: State) -> int | None:
    """When the turn's clock next acts (a reminder, the reserve starting, or running out)."""
    return deadlines_next_at([state.turn.deadline] if state.turn is not None else [])


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Fire the turn's next clock step: a reminder, the reserve starting, or the reserve running out."""
    turn = state.turn
    assert turn is not None
    deadline, step = turn.deadline.fire()
    who = state.cfg.names[turn.seat]
    if not step.passed:
        kind = MoveReminder if deadline.what == "move" else ReserveReminder
        return evolve(state, turn=evolve(turn, deadline=deadline)), [kind(t=step.at, player=who, seconds=step.seconds_left)]
    reserve = state.reserve[turn.seat]
    if deadline.what == "move" and reserve > 0:
        cfg = state.cfg
        drain = Deadline(what="reserve", start=step.at, due=step.at + reserve, reminders=tuple(s * SECOND for s in cfg.reserve_reminders))
        return evolve(state, turn=evolve(turn, deadline=drain)), [ReserveStarted(t=step.at, player=who, seconds=-(-reserve // SECOND))]
    return _time_out(state, turn, step.at)


def _time_out(state: State, turn: Turn, at: int) -> tuple[State, list[Event]]:
    """The mover's reserve is gone: they lose the DM. The unfinished move never happened (R-HTT-10)."""
    names = state.cfg.names
    winner = 1 - turn.seat
    reserve = list(state.reserve)
    reserve[turn.seat] = 0
    board = list(state.board)
    if turn.placed is not None:
        board[turn.placed[1]] = None
    reason = f"{names[turn.seat]}'s reserve time ran out"
    state = evolve(
        state,
        phase=Phase.OVER,
        turn=None,
        board=tuple(board),
        reserve=(reserve[0], reserve[1]),
        winner=winner,
        end_reason=f"{names[winner]} won: {reason}",
    )
    return state, [TimedOut(t=at, winner=names[winner], reason=reason, loser=names[turn.seat], totals=_scores(state))]


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


# ---------------------------------------------------------------- data


def board_json(state: State) -> dict[str, str]:
    """The occupied squares -> the piece words."""
    return {square_name(i): state.cfg.book.pieces.words(p) for i, p in enumerate(state.board) if p is not None}


def public_board(state: State) -> dict[str, str]:
    """The board as players may see it: without a placement whose turn has not ended."""
    board = board_json(state)
    if state.turn is not None and state.turn.placed is not None:
        board.pop(square_name(state.turn.placed[1]), None)
    return board


def line_haps(state: State) -> list[tuple[int, int, int]]:
    """Every unclaimed hap on one line of the current board (for the host's `haps`).

    The squares are read by index, not through a generator per triple (docs/performance.md).
    """
    claimed = state.claimed_this_game()
    board = state.board
    is_hap = hap.is_hap
    out = []
    for t, i, j, k in _TRIPLE_SQUARES:
        a, b, c = board[i], board[j], board[k]
        if a is not None and b is not None and c is not None and is_hap(a, b, c) and t not in claimed:
            out.append(t)
    return out


_TRIPLE_SQUARES = tuple((t, *t) for t in sorted(TRIPLES))  # each line triple with its three squares, in order


def number(x: Fraction) -> Number:
    """An exact score as JSON: a whole number when whole."""
    return int(x) if x.denominator == 1 else float(x)


def fmt(x: Fraction | Number) -> str:
    """A score as text: "4", "-0.5"."""
    if isinstance(x, Fraction):
        return str(int(x)) if x.denominator == 1 else f"{float(x):g}"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


# ---------------------------------------------------------------- reading commands

_COUNT = {2: "two", 3: "three", 4: "four", 5: "five"}


def and_list(items: list[str]) -> str:
    """Items joined as a sentence lists them.

    >>> and_list(["A1"]), and_list(["A1", "B3"]), and_list(["A1", "B3", "C5"])
    ('A1', 'A1 and B3', 'A1, B3 and C5')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


_FILLER = {"place", "play", "on", "at", "to", "in"}
_ME = {"me", "i", "myself"}
_END_PUNCT = ".!,;"
PLAYER_WORDS = ("first", "done", "hap", "set")
HOST_WORDS = ("first", "start", "end")


def parse(state: State, actor: int | None, text: str, resolve: Callable[[str], int]) -> Command:
    """Read one line from a player (`actor`) or the host. `resolve` maps a name to a seat."""
    words = text.split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    head = words[0].casefold().rstrip(_END_PUNCT)
    if head == "first":
        return _parse_first(actor, words, text, resolve)
    if actor is None:
        return _parse_host(state, head, words, text, resolve)
    if head == "done" and len(words) == 1:
        return Done(seat=actor)
    if head in ("hap", "set"):
        return _claim_command(actor, words[1:], text, state.cfg.book.claim_word)
    if head in ("start", "end"):
        raise InvalidCommand(f"“{head}” is the host's command, not a player's", text=text)
    _did_you_mean(state.cfg.book, head, PLAYER_WORDS, text)
    return _parse_move(state, actor, words, text)


def _parse_first(actor: int | None, words: list[str], text: str, resolve: Callable[[str], int]) -> ChooseFirst:
    if len(words) != 2:
        raise InvalidCommand("say who moves first in game 1, e.g. “first p1”", text=text)
    target = words[1].rstrip(_END_PUNCT)
    seat = actor if (actor is not None and target.casefold() in _ME) else resolve(target)
    return ChooseFirst(by=actor, seat=seat)


def _parse_host(state: State, head: str, words: list[str], text: str, resolve: Callable[[str], int]) -> Command:
    if head == "start" and len(words) == 1:
        return Start()
    if head == "end" and len(words) == 1:
        return Done(seat=None)
    seat = _player_named(words[0], resolve)
    if seat is not None and len(words) > 1:
        rest = " ".join(words[1:])
        raise InvalidCommand(f"a player's move needs a colon after the name: “{state.cfg.handles[seat]}: {rest}”", text=text)
    _did_you_mean(state.cfg.book, head, HOST_WORDS, text)
    if head in ("done", "hap", "set") or any(is_square_like(w) for w in words) or _reads_as_piece(state.cfg.book, words):
        who = state.cfg.handles[state.turn.seat if state.turn is not None else 0]
        raise InvalidCommand(f"this is a player's move; write it with the player's name, e.g. “{who}: {text.strip()}”", text=text)
    raise InvalidCommand("unknown host command (type “help” for the list)", text=text)


def _player_named(word: str, resolve: Callable[[str], int]) -> int | None:
    """The seat of the player called `word`, or None when nobody (or more than one) is."""
    try:
        return resolve(word.rstrip(":,"))
    except UmpireError:
        return None


def _reads_as_piece(book: Rulebook, words: list[str]) -> bool:
    lookup = book.pieces.lookup()
    return all(w.casefold().strip(",.;") in lookup for w in words)


def _did_you_mean(book: Rulebook, head: str, commands: tuple[str, ...], text: str) -> None:
    """Refuse a misspelt command word ("frist") with the word it resembles."""
    if head in commands or is_square_like(head) or head in book.pieces.lookup() or head in _FILLER:
        return
    close = difflib.get_close_matches(head, commands, n=1, cutoff=0.75)
    if close:
        raise InvalidCommand(f"“{head}” is not a command; did you mean “{close[0]}”?", text=text)


def _claim_command(actor: int, words: list[str], text: str, claim_word: str) -> Claim:
    names = [w.strip(",.;") for w in words if w.strip(",.;")]
    if not_squares := [w for w in names if not is_square_like(w)]:
        what = (
            f"“{not_squares[0]}” is not a square"
            if len(not_squares) == 1
            else f"{and_list([f'“{w}”' for w in not_squares])} are not squares"
        )
        raise InvalidCommand(f"{what}; a claim names three squares and nothing else, e.g. “{claim_word} A1 A2 A4”", text=text)
    if len(names) != 3:
        raise InvalidCommand(f"a claim names exactly three squares, e.g. “{claim_word} A1 A2 A4” (got {len(names)})", text=text)
    typed = [square_index(w, text) for w in names]
    if len(set(typed)) != 3:
        raise InvalidCommand("a claim names three different squares", text=text)
    a, b, c = sorted(typed)
    return Claim(seat=actor, squares=(a, b, c), typed=(typed[0], typed[1], typed[2]))


def _parse_move(state: State, actor: int, words: list[str], text: str) -> Command:
    """A placement (or, by the card's own ways of writing a move, a bare claim or a chosen star)."""
    book = state.cfg.book
    rest = [w for w in words if w.casefold() not in _FILLER]
    squares = [w for w in rest if is_square_like(w.strip(",.;"))]
    others = [w for w in rest if w not in squares]
    lookup = book.pieces.lookup()
    unknown = [w for w in others if w.casefold().strip(",.;") not in lookup]
    if unknown and len(unknown) < len(rest):
        # Some words are attributes: read it as a placement and name the word that is not.
        book.pieces.parse_piece(others, text)
    if len(squares) == 3 and not others:
        if book.bare_claims:
            return _claim_command(actor, squares, text, book.claim_word)
        raise InvalidCommand(
            f"to claim a {book.claim_word}, say “{book.claim_word}” first: “{book.claim_word} {' '.join(squares)}”", text=text
        )
    if not squares:
        return _piece_without_square(state, actor, rest, text)
    if len(squares) > 1:
        raise InvalidCommand(
            f"{_COUNT.get(len(squares), str(len(squares)))} squares given ({', '.join(s.upper().strip(',.;') for s in squares)}); place one {book.pieces.noun} on one square",
            text=text,
        )
    square = square_index(squares[0], text)
    if not others:
        return _square_alone(state, actor, square, squares[0], text)
    return Place(seat=actor, piece=book.pieces.parse_piece(others, text), square=square)


def _square_alone(state: State, actor: int, square: int, typed: str, text: str) -> Place:
    """A square with no piece: in When Stars Align, the square of the star chosen before (R-HTT-9)."""
    book, turn = state.cfg.book, state.turn
    piece = book.example().rsplit(" ", 1)[0]
    if not book.select_first:
        raise InvalidCommand(f"a square alone places nothing: name the {book.pieces.noun} too, e.g. “{piece} {typed.upper()}”", text=text)
    if turn is not None and turn.seat != actor:
        _require_mover(state, turn, actor)
    chosen = (
        None if turn is None else turn.placed[0] if turn.placed is not None else turn.selected
    )  # a second placement is refused by the rules
    if chosen is None:
        raise InvalidCommand(
            f"no {book.pieces.noun} chosen yet: choose one first (“{piece}”), then its square, or both at once (“{piece} {typed.upper()}”)",
            text=text,
        )
    return Place(seat=actor, piece=chosen, square=square)


def _piece_without_square(state: State, actor: int, rest: list[str], text: str) -> Command:
    book = state.cfg.book
    if not _reads_as_piece(book, rest):
        raise InvalidCommand(
            f"not a move: place a {book.pieces.noun} with its attributes and a square "
            f"(“{book.example()}”), claim with “{book.claim_word} A1 A2 A4”, or say “done”",
            text=text,
        )
    piece = book.pieces.parse_piece(rest, text)
    if book.select_first:
        return Select(seat=actor, piece=piece)
    raise InvalidCommand(f"where? add the square, e.g. “{text.strip()} C3”", text=text)
