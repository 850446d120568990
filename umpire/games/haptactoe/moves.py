"""The table of moves of each rule set: how each move is written, who makes it, and when it may be made.

The session asks a move's `when` before it applies a command of that move, so the rules hold
no "not now" checks of their own; `help`, completion and the REPL's live check read the same
table. The mover's placement (and a chosen star) and claims are `sealed`: nobody but the mover
and the host hears of them until the turn ends (`TurnEnded` reveals them).
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.games.base import HelpItem, Move
from umpire.games.haptactoe.pieces import SQUARES, is_square_like, square_name
from umpire.games.haptactoe.settings import Rulebook
from umpire.games.haptactoe.state import Phase, State, Turn

_COMMAND_WORDS = frozenset({"first", "done", "hap", "set", "start", "end"})


# ---------------------------------------------------------------- when


def _over(state: State) -> str | None:
    return f"the Death Match is over ({state.end_reason})" if state.over else None


def _first_when(state: State, actor: int | None) -> str | None:
    cfg = state.cfg
    if why := _over(state):
        return why
    if state.phase is not Phase.CHOOSE:
        return f"the first player is already chosen: {cfg.names[state.first or 0]}"
    if actor is not None and actor != cfg.chooser:
        return f"only {cfg.names[cfg.chooser]} ({cfg.book.chooser_role}) chooses who moves first"
    return None


def _start_when(state: State, actor: int | None) -> str | None:
    cfg = state.cfg
    if why := _over(state):
        return why
    if state.phase is Phase.CHOOSE:
        return f"{cfg.names[cfg.chooser]} ({cfg.book.chooser_role}) must first choose who moves first: “first p1” or “first p2”"
    if state.phase is Phase.TURN:
        return f"game {state.game} is already under way"
    return None


def _turn_or_why(state: State) -> Turn | str:
    """The move under way, or why there is none."""
    cfg = state.cfg
    if why := _over(state):
        return why
    if state.phase is Phase.CHOOSE:
        return f"game 1 has not started: {cfg.names[cfg.chooser]} ({cfg.book.chooser_role}) first chooses who moves first"
    if state.phase is Phase.READY or state.turn is None:
        return f"game {state.game} has not started yet; the host starts it with “start”"
    return state.turn


def _mover_or_why(state: State, actor: int | None) -> Turn | str:
    """The move under way if `actor` is its mover (or the host), or why not."""
    turn = _turn_or_why(state)
    if isinstance(turn, Turn) and actor is not None and actor != turn.seat:
        return f"it is {state.cfg.names[turn.seat]}'s turn, not {state.cfg.names[actor]}'s"
    return turn


def _place_when(state: State, actor: int | None) -> str | None:
    """A piece may be chosen or placed by the mover, once a turn."""
    turn = _mover_or_why(state, actor)
    if isinstance(turn, str):
        return turn
    if turn.placed is not None:
        book = state.cfg.book
        placed, square = turn.placed
        return (
            f"{state.cfg.names[turn.seat]} already placed {book.pieces.words(placed)} on {square_name(square)} this turn; "
            f"claim with “{book.claim_word} …” or say “done”"
        )
    return None


def _claim_when(state: State, actor: int | None) -> str | None:
    turn = _mover_or_why(state, actor)
    if isinstance(turn, str):
        return turn
    if turn.placed is None:
        return f"place a {state.cfg.book.pieces.noun} first; claims come after the placement"
    return None


def _done_when(state: State, actor: int | None) -> str | None:
    """The mover's `done`, or the host's `end` (actor None): once the piece is placed."""
    turn = _mover_or_why(state, actor)
    if isinstance(turn, str):
        return turn
    if turn.placed is None:
        return f"{state.cfg.names[turn.seat]} has not placed a {state.cfg.book.pieces.noun} yet"
    return None


# ---------------------------------------------------------------- completion


def _names(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After “first”: the players."""
    return list(state.cfg.names) if len(words) == 1 else []


def _placement(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """A placement's words: the attributes not given yet, and the empty squares until one is named."""
    pieces = state.cfg.book.pieces
    lowered = [w.casefold() for w in words]
    if lowered and lowered[0] in _COMMAND_WORDS:
        return []
    lookup = pieces.lookup()
    have = {lookup[w][0] for w in lowered if w in lookup}
    out = [w for i, vals in enumerate(pieces.values) if i not in have for w in vals]
    if not any(is_square_like(w) for w in words):
        out += [SQUARES[i] for i, p in enumerate(state.board) if p is None]
    return out


def _claimed_squares(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After the claim word: the occupied squares not named yet, three at most."""
    if len(words) >= 4:
        return []
    lowered = {w.casefold() for w in words}
    return [SQUARES[i] for i, p in enumerate(state.board) if p is not None and SQUARES[i].casefold() not in lowered]


# ---------------------------------------------------------------- the table


def moves_for(book: Rulebook) -> tuple[Move[State], ...]:
    """The table of moves of one rule set, in the order `help` lists their forms."""
    noun = book.pieces.noun
    claim = book.claim_word
    table: list[Move[State]] = [
        Move(
            name="first",
            who="either",
            words=("first",),
            forms=(
                HelpItem(
                    syntax="first NAME",
                    what=f"{book.role_title} chooses game 1's first player (player or host may type it).",
                    example="p2: first p1",
                ),
            ),
            when=_first_when,
            complete=_names,
        ),
        Move(
            name="place",
            forms=(
                HelpItem(
                    syntax="ATTRIBUTES SQUARE",
                    what=f"Place an unplaced {noun} on an empty square; attribute words in any order.",
                    example=f"p1: {book.example()}",
                ),
            ),
            when=_place_when,
            complete=_placement,
            sealed=True,
        ),
    ]
    if book.select_first:
        table.append(
            Move(
                name="select",
                forms=(
                    HelpItem(
                        syntax="ATTRIBUTES, then SQUARE",
                        what=f"Choose a {noun} in one message and name its square in the next (“yellow solid 4”, then “C3”).",
                        example="p1: blue hollow 5",
                    ),
                ),
                when=_place_when,
                sealed=True,
            )
        )
    claim_forms = [
        HelpItem(
            syntax=f"{claim} SQ SQ SQ",
            what=f"Claim a {claim} on three squares; judged when the turn ends.",
            example=f"p1: {claim} A1 A2 A4",
        )
    ]
    if book.bare_claims:
        claim_forms.append(HelpItem(syntax="SQ SQ SQ", what="Three squares alone are a claim too.", example="p1: A1 B2 C3"))
    table += [
        Move(
            name="claim",
            words=(claim,),
            forms=tuple(claim_forms),
            when=_claim_when,
            complete=_claimed_squares,
            sealed=True,
            resent_once=True,  # the same claim sent twice is one claim, not a repeated one (R-HTT-6, R-READ-5)
        ),
        Move(
            name="done",
            words=("done",),
            forms=(HelpItem(syntax="done", what="End your turn; claims are judged and the board is posted.", example="p1: done"),),
            when=_done_when,
        ),
        Move(
            name="start",
            who="host",
            words=("start",),
            forms=(HelpItem(syntax="start", what="Start the next game (its first move's clock starts).", example="start", who="host"),),
            when=_start_when,
        ),
        Move(
            name="end",
            who="host",
            words=("end",),
            forms=(HelpItem(syntax="end", what="End the current turn for the mover (as their “done”).", example="end", who="host"),),
            when=_done_when,
        ),
    ]
    return tuple(table)
