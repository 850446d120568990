"""The commands of Hap-Tac-Toe and When Stars Align, one frozen dataclass per kind (each names its move), and how a line is read into one.

Reading judges only how a line is written (a square off the grid, an attribute that is no
attribute, a claim of four squares…). Whether its move may be made now is the table of moves'
business (`moves.py`), and what it asks of the board the rules' (`rules.py`).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from umpire.core.errors import InvalidCommand, UmpireError
from umpire.games.haptactoe.pieces import is_square_like, square_index
from umpire.games.haptactoe.settings import Rulebook
from umpire.games.haptactoe.state import State


@dataclass(frozen=True, kw_only=True)
class ChooseFirst:
    """The chooser (or the host for them, `by` None) names game 1's first player."""

    move: ClassVar[str] = "first"
    by: int | None
    seat: int


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host starts the next game; its first move's clock starts now."""

    move: ClassVar[str] = "start"


@dataclass(frozen=True, kw_only=True)
class Select:
    """When Stars Align: choose a star now, name its square in the next message."""

    move: ClassVar[str] = "select"
    seat: int
    piece: int


@dataclass(frozen=True, kw_only=True)
class Place:
    """Put an unplaced piece on an empty square.

    `piece` None is a square named alone by a player who is not the mover (When Stars Align):
    the star it would place is the mover's secret, so it is never read for them; the table
    refuses the move, and the rules place the chosen star if they are ever asked to.
    """

    move: ClassVar[str] = "place"
    seat: int
    piece: int | None
    square: int


@dataclass(frozen=True, kw_only=True)
class Claim:
    """Claim a hap/set on three squares; judged when the turn ends.

    `squares` are sorted (how claims are compared and shown in verdicts); `typed` keeps the
    order the player wrote them, for refusals.
    """

    move: ClassVar[str] = "claim"
    seat: int
    squares: tuple[int, int, int]
    typed: tuple[int, int, int] = field(compare=False)  # two claims of the same squares are the same claim


@dataclass(frozen=True, kw_only=True)
class Done:
    """The mover ends the turn."""

    move: ClassVar[str] = "done"
    seat: int


@dataclass(frozen=True, kw_only=True)
class End:
    """The host ends the turn for the mover, as the mover's `done`."""

    move: ClassVar[str] = "end"


Command = ChooseFirst | Start | Select | Place | Claim | Done | End

_COUNT = {2: "two", 3: "three", 4: "four", 5: "five"}
_FILLER = {"place", "play", "on", "at", "to", "in"}
_ME = {"me", "i", "myself"}
_END_PUNCT = ".!,;"
PLAYER_WORDS = ("first", "done", "hap", "set")
HOST_WORDS = ("first", "start", "end")


def and_list(items: list[str]) -> str:
    """Items joined as a sentence lists them.

    >>> and_list(["A1"]), and_list(["A1", "B3"]), and_list(["A1", "B3", "C5"])
    ('A1', 'A1 and B3', 'A1, B3 and C5')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def nothing_chosen(book: Rulebook, square: str) -> str:
    """The refusal of a square named alone when no star was chosen before it (R-HTT-9)."""
    piece = book.example().rsplit(" ", 1)[0]
    return f"no {book.pieces.noun} chosen yet: choose one first (“{piece}”), then its square, or both at once (“{piece} {square.upper()}”)"


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
        return End()
    seat = _player_named(words[0], resolve)
    if seat is not None and len(words) > 1:
        rest = " ".join(words[1:])
        raise InvalidCommand(f"a player's move needs a colon after the name: “{state.cfg.handles[seat]}: {rest}”", text=text)
    _did_you_mean(state.cfg.book, head, HOST_WORDS, text)
    if head in ("done", "hap", "set") or any(is_square_like(w) for w in words) or reads_as_piece(state.cfg.book, words):
        who = state.cfg.handles[state.turn.seat if state.turn is not None else 0]
        raise InvalidCommand(f"this is a player's move; write it with the player's name, e.g. “{who}: {text.strip()}”", text=text)
    raise InvalidCommand("unknown host command (type “help” for the list)", text=text)


def _player_named(word: str, resolve: Callable[[str], int]) -> int | None:
    """The seat of the player called `word`, or None when nobody (or more than one) is."""
    try:
        return resolve(word.rstrip(":,"))
    except UmpireError:
        return None


def reads_as_piece(book: Rulebook, words: list[str]) -> bool:
    """Whether every word is one of the rule set's attribute words."""
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
    """A square with no piece: in When Stars Align, the square of the star chosen before (R-HTT-9).

    The star chosen is the mover's secret: for anyone else the square is read without it, and
    the table of moves refuses them as it refuses any move out of turn.
    """
    book, turn = state.cfg.book, state.turn
    if not book.select_first:
        piece = book.example().rsplit(" ", 1)[0]
        raise InvalidCommand(f"a square alone places nothing: name the {book.pieces.noun} too, e.g. “{piece} {typed.upper()}”", text=text)
    if turn is not None and turn.seat != actor:
        return Place(seat=actor, piece=None, square=square)
    chosen = (
        None if turn is None else turn.placed[0] if turn.placed is not None else turn.selected
    )  # a second placement is refused by the table
    if chosen is None:
        raise InvalidCommand(nothing_chosen(book, typed), text=text)
    return Place(seat=actor, piece=chosen, square=square)


def _piece_without_square(state: State, actor: int, rest: list[str], text: str) -> Command:
    book = state.cfg.book
    if not reads_as_piece(book, rest):
        raise InvalidCommand(
            f"not a move: place a {book.pieces.noun} with its attributes and a square "
            f"(“{book.example()}”), claim with “{book.claim_word} A1 A2 A4”, or say “done”",
            text=text,
        )
    piece = book.pieces.parse_piece(rest, text)
    if book.select_first:
        return Select(seat=actor, piece=piece)
    raise InvalidCommand(f"where? add the square, e.g. “{text.strip()} C3”", text=text)
