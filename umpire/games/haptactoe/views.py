"""What the host and the players see of a match: the host views, the toolbar, `final` and each seat's knowledge.

Starting a session reads the table of views and draws the toolbar: the rules, the events' number
formats and the board's picture are imported by the functions that use them, when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.haptactoe.pieces import square_name
from umpire.games.haptactoe.settings import Rulebook
from umpire.games.haptactoe.state import Phase, State, Verdict, board_json, live_free, live_reserve, public_board

if TYPE_CHECKING:
    from umpire.games.outcome import Outcome

# ---------------------------------------------------------------- what a seat may know


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know now (None: everyone).

    Everyone knows what the posts said: the phase, who chose and who moves first, the board as
    posted (without a placement whose turn has not ended), every judged claim, the scores,
    strikes and reserves as of the last turn's end, and whose turn it is. The mover alone also
    knows the move under way: the star chosen, the placement and the claims made so far.
    """
    from umpire.games.haptactoe.events import number
    from umpire.games.haptactoe.rules import verdict_code

    cfg = state.cfg
    names = cfg.names
    turn = state.turn
    out: dict[str, JSON] = {
        "game_key": cfg.book.key,
        "phase": str(state.phase),
        "game": state.game,
        "chooser": names[cfg.chooser],
        "first": names[state.first] if state.first is not None else None,
        "board": public_board(state),
        "judged": [
            {
                "game": j.game,
                "turn": j.turn,
                "player": names[j.seat],
                "squares": [square_name(s) for s in j.squares],
                "verdict": verdict_code(cfg.book, j.verdict),
            }
            for j in state.judged
        ],
        "scores": {names[i]: number(state.total(i)) for i in range(2)},
        "game_scores": [{names[i]: number(state.points[g][i]) for i in range(2)} for g in range(2)],
        "strikes": {names[i]: state.strikes[i] for i in range(2)},
        "reserve_seconds": {names[i]: state.reserve[i] / SECOND for i in range(2)},
        "turn": {"player": names[turn.seat], "number": turn.number} if turn is not None else None,
        "winner": names[state.winner] if state.winner is not None else None,
        "result": state.end_reason or None,
    }
    if turn is not None and seat is not None and seat == turn.seat:
        pieces = cfg.book.pieces
        out["my_move"] = {
            "selected": pieces.words(turn.selected) if turn.selected is not None else None,
            "placed": {"piece": pieces.words(turn.placed[0]), "square": square_name(turn.placed[1])} if turn.placed is not None else None,
            "claims": [[square_name(s) for s in c] for c in turn.claims],
        }
    return out


def outcome(state: State) -> Outcome | None:
    """The match's result once it is over: as the event that ended it (`MatchOver`, `TimedOut`) states it."""
    return state.outcome


# ---------------------------------------------------------------- the host's


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole match as JSON data."""
    from umpire.games.haptactoe.events import number

    names = state.cfg.names
    turn = state.turn
    return {
        "game_key": state.cfg.book.key,
        "scores": {names[i]: number(state.total(i)) for i in range(2)},
        "game_scores": [{names[i]: number(state.points[g][i]) for i in range(2)} for g in range(2)],
        "final_scores": {names[i]: number(state.final_score(i)) for i in range(2)} if state.over else None,
        "game": state.game,
        "phase": str(state.phase),
        "first": names[state.first] if state.first is not None else None,
        "turn": {"player": names[turn.seat], "number": turn.number, "placed": turn.placed is not None} if turn else None,
        "board": board_json(state),
        "claimed": [
            {"game": j.game, "turn": j.turn, "player": names[j.seat], "squares": [square_name(s) for s in j.squares]}
            for j in state.judged
            if j.verdict is Verdict.VALID
        ],
        "strikes": {names[i]: state.strikes[i] for i in range(2)},
        "reserve_seconds": {names[i]: live_reserve(state, i, now) / SECOND for i in range(2)},
        "winner": names[state.winner] if state.winner is not None else None,
        "result": state.end_reason or None,
        "over": state.over,
    }


def toolbar(state: State, now: int) -> Toolbar:
    """The move's clock and both reserves first; then the game, and whose turn it is or what it waits for."""
    names = state.cfg.names
    reserves = "reserve " + " · ".join(f"{names[i]} {fmt_clock(live_reserve(state, i, now))}" for i in range(2))
    clock = _move_clock(state, now)
    where = f"{state.cfg.book.title} · game {state.game} · {_phase_words(state)}"
    return Toolbar(clock=f"{clock} · {reserves}" if clock else reserves, where=where)


def _move_clock(state: State, now: int) -> str:
    """The move's free time left, or the mover's reserve once it drains ("" with no move under way)."""
    turn = state.turn
    if state.phase is not Phase.TURN or turn is None:
        return ""
    free = live_free(state, now)
    return f"move {fmt_clock(free)}" if free > 0 else f"on reserve {fmt_clock(live_reserve(state, turn.seat, now))}"


def _phase_words(state: State) -> str:
    """Where the match stands, without its clocks."""
    names = state.cfg.names
    if state.phase is Phase.CHOOSE:
        return f"waiting for {names[state.cfg.chooser]} to choose who moves first (“first p1”)"
    if state.phase is Phase.READY:
        return f"game {state.game} ready; host: “start”"
    if state.phase is Phase.OVER:
        return f"over: {state.end_reason}"
    turn = state.turn
    assert turn is not None
    return f"turn {turn.number}: {names[turn.seat]} {'placed' if turn.placed else 'to place'}"


def _no_args(name: str, args: Sequence[str]) -> None:
    if args:
        raise InvalidCommand(f"“{name}” takes nothing after it")


def _status(state: State, now: int, args: Sequence[str]) -> View:
    from umpire.games.haptactoe.events import fmt

    _no_args("status", args)
    book = state.cfg.book
    names = state.cfg.names
    rows = []
    for i in range(2):
        row = [names[i], fmt(state.points[0][i]), fmt(state.points[1][i]), fmt(state.total(i))]
        if book.strikes:
            row.append(str(state.strikes[i]))
        row.append(fmt_clock(live_reserve(state, i, now)))
        rows.append(tuple(row))
    cols = ("player", "game 1", "game 2", "total") + (("strikes",) if book.strikes else ()) + ("reserve",)
    chat_rows = "\n".join(
        f"{chat.bold(chat.safe(r[0]))}: " + ", ".join(f"{c} {v}" for c, v in zip(cols[1:], r[1:], strict=True)) for r in rows
    )
    clock = _move_clock(state, now)
    return View(
        title=f"{book.title} — game {state.game} — {_phase_words(state)}{', ' + clock if clock else ''}",
        columns=cols,
        rows=tuple(rows),
        chat=f"**{book.title}, game {state.game}**\n{chat_rows}",
    )


def _board(state: State, now: int, args: Sequence[str]) -> View:
    from umpire.games.haptactoe.render import grid

    _no_args("board", args)
    pieces = state.cfg.book.pieces
    full = board_json(state)
    public = public_board(state)
    hidden = " (with this turn's placement, which the post leaves out until the turn ends)" if public != full else ""
    return View(
        title=f"Game {state.game} board{hidden}",
        chat=chat.block(grid(pieces, state.cfg.row_one, public)),
        notes=(grid(pieces, state.cfg.row_one, full),),
    )


def _haps(state: State, now: int, args: Sequence[str]) -> View:
    from umpire.games.haptactoe.rules import line_haps

    _no_args("haps", args)
    book = state.cfg.book
    pieces = book.pieces
    rows = tuple((" ".join(square_name(s) for s in t), " / ".join(pieces.words(state.board[s] or 0) for s in t)) for t in line_haps(state))
    return View(
        title=f"Unclaimed {book.claim_word}s on the board (host only — do not post)",
        columns=("squares", pieces.noun + "s"),
        rows=rows,
        notes=() if rows else ("none",),
    )


def views_for(book: Rulebook) -> tuple[ViewDef[State], ...]:
    """status, board and haps (sets), in the rule set's words."""
    return (
        ViewDef(name="status", what="Scores per game, strikes and live reserves (table and chat text).", build=_status),
        ViewDef(name="board", what="The board as posted (a placement shows only after its turn ends).", build=_board),
        ViewDef(name="haps", what=f"The unclaimed {book.claim_word}s on a line of the board (host only, never announced).", build=_haps),
    )
