"""The rules of Hap-Tac-Toe and When Stars Align: pure functions of state, command and time.

Time is `Deadline`s in the state: each move has one (its free time, with reminders), and
when that passes with reserve left, a second (the reserve draining, with reminders). When
the reserve's deadline passes, the mover loses the DM.

Whether a command may be made now (the phase, whose turn, a piece already placed) is the table
of moves' business (`moves.py`): the session asks it first, so `apply` only judges what the
command itself says (a piece already on the board, a square taken, an empty square claimed).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from umpire.core import hap
from umpire.core.clock import SECOND, MoveClock
from umpire.core.deadline import Deadline
from umpire.core.deadline import next_at as deadlines_next_at
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.evolve import evolve
from umpire.games.base import Event
from umpire.games.haptactoe.commands import ChooseFirst, Claim, Command, Done, End, Place, Select, Start, and_list, nothing_chosen
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
    fmt,
    number,
)
from umpire.games.haptactoe.pieces import TRIPLES, square_name
from umpire.games.haptactoe.settings import Config, Rulebook
from umpire.games.haptactoe.state import CELLS, Judged, Phase, State, Turn, Verdict, board_json
from umpire.games.turns import TurnOrder


def is_over(state: State) -> bool:
    """Whether the DM has ended."""
    return state.over


def move_deadline(cfg: Config, start: int) -> Deadline:
    """The deadline of a move begun at `start`: its free time, with the move reminders."""
    return Deadline(what="move", start=start, due=start + cfg.move_ms, reminders=_ms(cfg.move_reminders))


@functools.lru_cache(maxsize=16)
def _ms(seconds: tuple[int, ...]) -> tuple[int, ...]:
    """Reminders in seconds (as the settings give them) in milliseconds: worked out once for the few sets a match has."""
    return tuple(s * SECOND for s in seconds)


def new_turn(cfg: Config, seat: int, number: int, start: int) -> Turn:
    """A move beginning at `start`."""
    return Turn(seat=seat, number=number, started=start, deadline=move_deadline(cfg, start))


# ---------------------------------------------------------------- judging commands

Handler = Callable[[State, Any, int], tuple[State, list[Event]]]


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command whose move is allowed now (the session asked the table of moves)."""
    return _HANDLERS[type(cmd)](state, cmd, now)


def _choose_first(state: State, cmd: ChooseFirst, now: int) -> tuple[State, list[Event]]:
    names = state.cfg.names
    return evolve(state, phase=Phase.READY, first=cmd.seat), [FirstChosen(t=now, first=names[cmd.seat], chooser=names[state.cfg.chooser])]


def _start(state: State, cmd: Start, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    assert state.first is not None
    seat = _order(state).first(state.game)
    state = evolve(state, phase=Phase.TURN, turn=new_turn(cfg, seat, 1, now))
    return state, [GameStarted(t=now, game=state.game, first=cfg.names[seat], reserve_seconds=_reserves(state))]


def _order(state: State) -> TurnOrder:
    """Who moves when: the chosen first player starts game 1, the other starts game 2, and turns alternate."""
    assert state.first is not None
    return TurnOrder.chosen(first=state.first, seats=(0, 1), rotates=True)


def _turn(state: State) -> Turn:
    assert state.turn is not None, "a move of the turn while no turn is under way (the table of moves refuses it)"
    return state.turn


def _require_off_board(state: State, piece: int) -> None:
    """Refuse a piece already on the board."""
    if piece in state.board:
        pieces = state.cfg.book.pieces
        raise IllegalAction(f"the {pieces.noun} {pieces.words(piece)} is already on {square_name(state.board.index(piece))}")


def _select(state: State, cmd: Select, now: int) -> tuple[State, list[Event]]:
    turn = _turn(state)
    _require_off_board(state, cmd.piece)
    words = state.cfg.book.pieces.words(cmd.piece)
    return evolve(state, turn=evolve(turn, selected=cmd.piece)), [Selected(t=now, player=state.cfg.names[cmd.seat], piece=words)]


def _place(state: State, cmd: Place, now: int) -> tuple[State, list[Event]]:
    turn = _turn(state)
    piece = cmd.piece if cmd.piece is not None else turn.selected
    if piece is None:  # a square named alone, and no star chosen before it (R-HTT-9)
        raise InvalidCommand(nothing_chosen(state.cfg.book, square_name(cmd.square)))
    _require_off_board(state, piece)
    pieces = state.cfg.book.pieces
    occupant = state.board[cmd.square]
    if occupant is not None:
        raise IllegalAction(f"{square_name(cmd.square)} is taken ({pieces.words(occupant)})")
    board = list(state.board)
    board[cmd.square] = piece
    turn = evolve(turn, placed=(piece, cmd.square), selected=None)
    event = Placed(t=now, player=state.cfg.names[cmd.seat], piece=pieces.words(piece), square=square_name(cmd.square))
    return evolve(state, board=tuple(board), turn=turn), [event]


def _claim(state: State, cmd: Claim, now: int) -> tuple[State, list[Event]]:
    turn = _turn(state)
    # An empty square makes it no claim at all (a typo): refused, no penalty (R-HTT-8). Three occupied
    # squares off a line are a claim, judged invalid at the end of the turn (R-HTT-7).
    empty = [square_name(s) for s in cmd.typed if state.board[s] is None]
    if empty:
        raise IllegalAction(f"{and_list(empty)} {'is' if len(empty) == 1 else 'are'} empty")
    event = ClaimNoted(t=now, player=state.cfg.names[cmd.seat], squares=tuple(square_name(s) for s in cmd.squares))
    return evolve(state, turn=evolve(turn, claims=(*turn.claims, cmd.squares))), [event]


def _done(state: State, cmd: Done | End, now: int) -> tuple[State, list[Event]]:
    return _end_turn(state, _turn(state), now)


_HANDLERS: dict[type[Any], Handler] = {
    ChooseFirst: _choose_first,
    Start: _start,
    Select: _select,
    Place: _place,
    Claim: _claim,
    Done: _done,
    End: _done,
}


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
    if not turn.claims:  # most turns claim nothing: the points, strikes and judged claims stay as they are
        return state, []
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
    nxt = None if full else new_turn(cfg, _order(state).following(seat, state.game), turn.number + 1, now)
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
        claimed=tuple(_names3(j.squares) for j in state.judged if j.game == state.game and j.verdict is Verdict.VALID),
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
        over = GameOver(t=now, game=1, game_scores=ended.game_scores, next_first=names[_order(state).first(2)])
        return evolve(state, phase=Phase.READY, game=2, board=(None,) * CELLS, turn=None, strikes=strikes_next), [ended, over]
    finals = [state.final_score(i) for i in range(2)]
    if finals[0] == finals[1]:
        winner = cfg.chooser
        reason = f"tied at {fmt(finals[0])}; {names[winner]} wins the tie as {cfg.book.chooser_role}"
    else:
        winner = 0 if finals[0] > finals[1] else 1
        reason = f"{fmt(finals[winner])} to {fmt(finals[1 - winner])}"
    state = evolve(state, phase=Phase.OVER, turn=None, winner=winner, end_reason=f"{names[winner]} won, {reason}")
    result = MatchOver(
        t=now,
        winner=names[winner],
        reason=reason,
        totals=_scores(state),
        final_scores={names[i]: number(finals[i]) for i in range(2)},
    )
    return evolve(state, outcome=result.outcome), [ended, GameOver(t=now, game=2, game_scores=ended.game_scores), result]


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
        drain = Deadline(what="reserve", start=step.at, due=step.at + reserve, reminders=_ms(cfg.reserve_reminders))
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
    state = evolve(state, phase=Phase.OVER, turn=None, board=tuple(board), reserve=(reserve[0], reserve[1]), winner=winner)
    timed_out = TimedOut(t=at, winner=names[winner], reason=reason, loser=names[turn.seat], totals=_scores(state))
    return evolve(state, end_reason=f"{names[winner]} won: {reason}", outcome=timed_out.outcome), [timed_out]


# ---------------------------------------------------------------- the haps on the board


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
