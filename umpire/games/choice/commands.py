"""The Final Match's commands, one frozen dataclass per kind (each names its move), and how the
bot syntax players already know is read into one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from umpire.core.arith import parse_digits
from umpire.core.errors import InvalidCommand
from umpire.games.base import Resolve
from umpire.games.choice.state import State


@dataclass(frozen=True, kw_only=True)
class StartBlock:
    """The host starts the next block."""

    move: ClassVar[str] = "start"


@dataclass(frozen=True, kw_only=True)
class GsPlay:
    """`gs X` / `igs X`: set the player's card for the round."""

    move: ClassVar[str] = "gs"
    seat: int
    card: int
    boosted: bool


@dataclass(frozen=True, kw_only=True)
class Buy:
    """`buy X`: three copies of tile X at this cycle's price."""

    move: ClassVar[str] = "buy"
    seat: int
    digit: int


@dataclass(frozen=True, kw_only=True)
class Status:
    """`status` (or `post status`) from a player or the host: both players' holdings and points, posted, as the card's
    `status` does (R-SHOP-4; a player's own view, privately, is `money`: R-READ-4); changes nothing."""

    move: ClassVar[str] = "status"
    seat: int | None


@dataclass(frozen=True, kw_only=True)
class PostShop:
    """`post shop` from a player or the host: the cycle's prices again; changes nothing."""

    move: ClassVar[str] = "post shop"
    seat: int | None


@dataclass(frozen=True, kw_only=True)
class PostBoard:
    """`post gh` from a player or the host: the Gyul Hap board again, with its claims; changes nothing."""

    move: ClassVar[str] = "post gh"
    seat: int | None


@dataclass(frozen=True, kw_only=True)
class PostSet:
    """`post expr` from a player or the host: the Expressions set again, with the extras used; changes nothing."""

    move: ClassVar[str] = "post expr"
    seat: int | None


@dataclass(frozen=True, kw_only=True)
class HapCall:
    """`hap abc d` / `ihap abc d e`: positions a<b<c, the extra d taken from the board, e the wildcard."""

    move: ClassVar[str] = "hap"
    seat: int
    positions: tuple[int, int, int]
    extra: int
    wild: int | None = None


@dataclass(frozen=True, kw_only=True)
class GyulCall:
    """`gyul`: every hap on the board has been claimed."""

    move: ClassVar[str] = "gyul"
    seat: int


@dataclass(frozen=True, kw_only=True)
class ExprCall:
    """`expr x S y` / `iexpr x S y z`: puzzle x solved by S with extra y (and wildcard z)."""

    move: ClassVar[str] = "expr"
    seat: int
    puzzle: int
    digits: tuple[int, ...]
    ops: str
    extra: int
    wild: int | None = None


Command = StartBlock | GsPlay | Buy | Status | PostShop | PostBoard | PostSet | HapCall | GyulCall | ExprCall

NOT_A_COMMAND = (
    "not a command of this game: gs X, igs X, buy X, hap abc d, ihap abc d e, gyul, expr x S y, iexpr x S y z, status, "
    "post shop/gh/expr/status"
)


def parse(state: State, actor: int | None, text: str, resolve: Resolve | None = None) -> Command:
    """Read one line in the bot syntax players already know (`actor` None: the host).

    Only what the line says is judged here; whether its move may be made now is the table of
    moves' business (`moves.py`), asked by the session before the rules apply it.
    """
    words = text.lower().split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    reader = _READERS.get(words[0])
    command = None if reader is None else reader(state, actor, words, text)
    if command is not None:
        return command
    if actor is None:
        raise InvalidCommand("unknown host command (type “help” for the list)", text=text)
    raise InvalidCommand(NOT_A_COMMAND, text=text)


def _players(actor: int | None, words: list[str], text: str) -> int:
    """The seat of a player's call, or the refusal of a call the host wrote without a player's name."""
    if actor is None:
        raise InvalidCommand(f"“{words[0]}” is a player's call; write it as “p1: {text.strip()}”", text=text)
    return actor


def _read_gs(state: State, actor: int | None, words: list[str], text: str) -> Command:
    head = words[0]
    if len(words) != 2:
        raise InvalidCommand(f"write “{head} X” with one card 1–9, e.g. “{head} 5”", text=text)
    if actor is None:
        raise InvalidCommand(f"a Goofspiel play is a player's; write it as “p1: {text.strip()}”", text=text)
    return GsPlay(seat=actor, card=_digit(words[1], "card", text), boosted=head == "igs")


def _read_buy(state: State, actor: int | None, words: list[str], text: str) -> Command:
    if len(words) != 2:
        raise InvalidCommand("write “buy X” with one tile 1–9, e.g. “buy 9”", text=text)
    if actor is None:
        raise InvalidCommand(f"a purchase is a player's; write it as “p1: {text.strip()}”", text=text)
    return Buy(seat=actor, digit=_digit(words[1], "tile", text))


def _read_hap(state: State, actor: int | None, words: list[str], text: str) -> Command:
    return _parse_hap(_players(actor, words, text), words, text)


def _read_gyul(state: State, actor: int | None, words: list[str], text: str) -> Command | None:
    seat = _players(actor, words, text)
    return GyulCall(seat=seat) if len(words) == 1 else None


def _read_expr(state: State, actor: int | None, words: list[str], text: str) -> Command:
    return _parse_expr(state, _players(actor, words, text), text.split(), text)


_POSTS: dict[str, type[PostShop | PostBoard | PostSet | Status]] = {"shop": PostShop, "gh": PostBoard, "expr": PostSet, "status": Status}


def _read_post(state: State, actor: int | None, words: list[str], text: str) -> Command | None:
    kind = _POSTS.get(words[1]) if len(words) == 2 else None
    return None if kind is None else kind(seat=actor)


def _read_status(state: State, actor: int | None, words: list[str], text: str) -> Command | None:
    # The card's `status`: everyone's holdings and points, posted (the host's own `status` is the host's view).
    return Status(seat=actor) if len(words) == 1 and actor is not None else None


def _read_start(state: State, actor: int | None, words: list[str], text: str) -> Command:
    if actor is not None:
        raise InvalidCommand("“start” is the host's command (it starts the next block)", text=text)
    if len(words) != 1:
        raise InvalidCommand("“start” takes nothing after it: it starts the next block", text=text)
    return StartBlock()


_Reader = Callable[[State, int | None, list[str], str], Command | None]
_READERS: dict[str, _Reader] = {
    "gs": _read_gs,
    "igs": _read_gs,
    "buy": _read_buy,
    "hap": _read_hap,
    "ihap": _read_hap,
    "gyul": _read_gyul,
    "expr": _read_expr,
    "iexpr": _read_expr,
    "post": _read_post,
    "status": _read_status,
    "start": _read_start,
}


def _parse_hap(seat: int, words: list[str], text: str) -> HapCall:
    head = words[0]
    usage = "hap abc d: three board positions in increasing order and the extra among them, e.g. “hap 149 4”"
    if head == "ihap":
        usage = "ihap abc d e: positions a<b<c, the extra d and the wildcard e among them, e.g. “ihap 149 4 9”"
    want = 4 if head == "ihap" else 3
    if len(words) != want or len(words[1]) != 3:
        raise InvalidCommand(f"write {usage}", text=text)
    a, b, c = (_digit(ch, "position", text) for ch in words[1])
    if len({a, b, c}) < 3:
        raise InvalidCommand(f"the positions must be three different ones, in increasing order (not “{words[1]}”)", text=text)
    if not a < b < c:
        raise InvalidCommand(
            f"the positions must be in increasing order: “{''.join(map(str, sorted({a, b, c})))}”, not “{words[1]}”", text=text
        )
    extra = _digit(words[2], "position", text)
    if extra not in (a, b, c):
        raise InvalidCommand(f"the extra {extra} must be one of {words[1]}", text=text)
    wild = None
    if head == "ihap":
        wild = _digit(words[3], "position", text)
        if wild not in (a, b, c) or wild == extra:
            raise InvalidCommand(f"the wildcard {wild} must be one of {words[1]} other than the extra {extra}", text=text)
    return HapCall(seat=seat, positions=(a, b, c), extra=extra, wild=wild)


def _parse_expr(state: State, seat: int, words: list[str], text: str) -> ExprCall:
    head = words[0].lower()
    want = 5 if head == "iexpr" else 4
    usage = "expr x S y: puzzle x, the filled expression S and the extra digit y, e.g. “expr 1 2+3x9-3 3”"
    if head == "iexpr":
        usage = "iexpr x S y z: puzzle x, the expression S, the extra y and the wildcard digit z, e.g. “iexpr 1 2+3x9-3 3 9”"
    if len(words) != want:
        raise InvalidCommand(f"write {usage} (no spaces inside S)", text=text)
    if words[1] not in [str(i) for i in range(1, state.cfg.per_set + 1)]:
        raise InvalidCommand(f"“{words[1]}” is not a puzzle number: a set has puzzles 1 to {state.cfg.per_set}", text=text)
    puzzle = int(words[1])
    try:
        digits, ops = parse_digits(words[2])
    except InvalidCommand as exc:
        raise InvalidCommand(exc.reason, text=text) from None
    if len(digits) != 4:
        raise InvalidCommand(f"“{words[2]}” has {len(digits)} digits; a puzzle has four blanks", text=text)
    extra = _digit(words[3], "digit", text)
    if extra not in digits:
        raise InvalidCommand(f"the extra {extra} must be one of the digits of {words[2]}", text=text)
    wild = None
    if head == "iexpr":
        wild = _digit(words[4], "digit", text)
        if wild not in digits:
            raise InvalidCommand(f"the wildcard {wild} must be one of the digits of {words[2]}", text=text)
        if wild == extra and digits.count(wild) < 2:
            raise InvalidCommand(f"{wild} appears once in {words[2]}: it cannot be both the extra and the wildcard", text=text)
    return ExprCall(seat=seat, puzzle=puzzle, digits=digits, ops=ops, extra=extra, wild=wild)


def _digit(word: str, what: str, text: str) -> int:
    if word not in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
        raise InvalidCommand(f"“{word}” is not a {what}: {what}s are 1 to 9", text=text)
    return int(word)
