"""What the host and the players see of a match: the host views, the toolbar, `final` and each seat's knowledge.

Starting a session reads the table of views and draws the toolbar: the rules, the events' number
formats and the board's picture are imported by the functions that use them, when first used.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.facts import Fact
from umpire.games.haptactoe.pieces import square_name
from umpire.games.haptactoe.settings import Rulebook
from umpire.games.haptactoe.state import Phase, State, Verdict, board_json, live_free, live_reserve, public_board
from umpire.games.status import status_heading

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
        "final_scores": {names[i]: number(state.final_score(i)) for i in range(2)} if state.phase is Phase.OVER else None,
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


def facts(book: Rulebook, settings: Settings) -> tuple[Fact, ...]:
    """What a report shows of each player: the final score where it is rounded (R-HTT-2), else the points, first."""
    rounded = not book.strikes and settings.text("final_rounding") == "ceil"
    out = []
    if rounded:
        note = "the points of both games added up, then rounded up once at the end (R-HTT-2): 2.5 counts as 3, −0.5 as 0"
        out.append(Fact(key="final_scores", label="Final score", decides=True, plot=False, note=note))
    out.append(Fact(key="scores", label="Points", decides=not rounded))
    if book.strikes:
        out.append(Fact(key="strikes", label="Strikes"))
    out.append(Fact(key="reserve_seconds", label="Reserve time (seconds)"))
    return tuple(out)


def own_status(known: Mapping[str, JSON], player: str) -> str:
    """A player's answer to `status`: their `knowledge` in words, and nothing else (R-READ-4)."""
    stars = known["game_key"] == "when-stars-align"
    noun, claim = ("star", "set") if stars else ("block", "hap")
    names = list(known["scores"])
    lines = [status_heading(player), _where(known)]
    lines.append("Score: " + _each(known["scores"]) + (f" (game 1: {_each(known['game_scores'][0])})" if known["game"] == 2 else ""))
    if stars:
        lines.append("Strikes: " + _each(known["strikes"]))
    lines.append("Reserve: " + " · ".join(f"{chat.safe(n)} {fmt_clock(round(known['reserve_seconds'][n] * SECOND))}" for n in names))
    board = known["board"]
    if known["phase"] in ("turn", "over"):
        empty = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE" if f"{c}{r}" not in board]
        lines.append(f"Board: {len(board)} {noun}{'' if len(board) == 1 else 's'} placed; empty: {', '.join(empty) or 'none'}.")
    mine = known.get("my_move")
    if mine is not None:
        done = [f"chose {mine['selected']}"] if mine["selected"] else []
        if mine["placed"]:
            done.append(f"placed {mine['placed']['piece']} on {mine['placed']['square']}")
        done += [f"{claim} {' '.join(c)}" for c in mine["claims"]]
        lines.append(f"Your move so far: {'; '.join(done) or 'nothing yet'} (shown and judged when the turn ends).")
    return "\n".join(lines)


def _where(known: Mapping[str, JSON]) -> str:
    phase = known["phase"]
    if phase == "choose":
        return f"{chat.safe(known['chooser'])} is to choose who moves first in game 1."
    if phase == "ready":
        return f"Game {known['game']} is about to start ({chat.safe(known['first'] or '')} moves first in game 1)."
    if phase == "turn" and known["turn"] is not None:
        return f"Game {known['game']}, turn {known['turn']['number']}: {chat.safe(known['turn']['player'])} to move."
    return f"The match is over. {known['result'] or ''}".strip()


def _each(values: Mapping[str, JSON]) -> str:
    return " · ".join(f"{chat.safe(n)} {v}" for n, v in values.items())


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
    """Whose move it is and its time left, and both reserves, first (“Hedger's move 0:50 · reserves Hedger 5:00
    Uri 4:45”); then what the match waits for, the game and the match's name (none of its clocks runs once it is over)."""
    names = state.cfg.names
    title = state.cfg.book.title
    if state.phase is Phase.OVER:
        won, _, why = state.end_reason.partition(": " if ": " in state.end_reason else ", ")  # “Uri won”, then why
        return Toolbar(clock="", where=f"over: {won} · {why} · {title}" if why else f"over: {won} · {title}")
    if state.phase is Phase.CHOOSE:  # before game 1: no clock has run yet
        return Toolbar(clock="", where=f"{names[state.cfg.chooser]} to choose who moves first · {title}")
    reserves = "reserves " + " ".join(f"{names[i]} {fmt_clock(live_reserve(state, i, now))}" for i in range(2))
    clock = _mover_clock(state, now)
    turn = state.turn
    if state.phase is Phase.TURN and turn is not None:  # the clock names the mover
        where = f"{'placed' if turn.placed else 'to place'} · turn {turn.number} of game {state.game} · {title}"
    else:
        where = f"{_phase_words(state)} · game {state.game} · {title}"
    return Toolbar(clock=f"{clock} · {reserves}" if clock else reserves, where=where)


def _mover_clock(state: State, now: int) -> str:
    """Whose move it is, with its free time left, or that the mover's reserve drains ("" with no move under way)."""
    turn = state.turn
    if state.phase is not Phase.TURN or turn is None:
        return ""
    mover = state.cfg.names[turn.seat]
    free = live_free(state, now)
    return f"{mover}'s move {fmt_clock(free)}" if free > 0 else f"{mover} on reserve"


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
