"""The commands of Devil's Deal (one frozen dataclass per kind, each naming its move), how a line of
text is read into one (`parse`), and how a chat message of several lines is cut into inputs (`message`).

What bare cards mean depends on the step under way, and is decided here: in a refill's division they
are a pile, in the poker step a pick, for the player taking or discarding a take or a discard. Bare
cards that nothing awaits from their sender are `Cards`, which the table of moves refuses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.games.base import Resolve
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import ASIDE_WORDS, CONFIRM_WORDS, UNUSED_WORDS, Segment, read_submission
from umpire.games.devilsdeal.state import Ask, Discard, Divide, Pick, State, Take


@dataclass(frozen=True, kw_only=True)
class Deal:
    """The host's `start`: deal and show the starting pools."""

    move: ClassVar[str] = "start"


@dataclass(frozen=True, kw_only=True)
class ChooseStarter:
    """The Advantage holder (or the host for them) names round 1's starting player."""

    move: ClassVar[str] = "first"
    by: int | None
    seat: int


@dataclass(frozen=True, kw_only=True)
class Refill:
    """`yes` to “refill?”."""

    move: ClassVar[str] = "refill"
    seat: int


@dataclass(frozen=True, kw_only=True)
class NoRefill:
    """`no` to “refill?”."""

    move: ClassVar[str] = "no refill"
    seat: int


@dataclass(frozen=True, kw_only=True)
class DivisionLine:
    """A whole division as submitted, judged whole: a one-line division, or a message of several lines
    written a pile a line (`lines` > 1). `confirm`: it ends with “confirm” (R-DD-10); `commas`: one line
    with no “|”, read with commas between its piles (R-DD-11)."""

    move: ClassVar[str] = "division"
    seat: int
    segments: tuple[Segment, ...]
    confirm: bool = False
    lines: int = 1
    commas: bool = False


@dataclass(frozen=True, kw_only=True)
class Lock:
    """`done`: the dividing player locks the division in force now."""

    move: ClassVar[str] = "done"
    seat: int


@dataclass(frozen=True, kw_only=True)
class TakeCard:
    """The opponent takes one set-aside card (None: takes none)."""

    move: ClassVar[str] = "take"
    seat: int
    card: int | None


@dataclass(frozen=True, kw_only=True)
class DiscardCards:
    """Discard these cards (down to the pool limit)."""

    move: ClassVar[str] = "discard"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class PickCards:
    """The private cards, first then second."""

    move: ClassVar[str] = "pick"
    seat: int
    first: int
    second: int


@dataclass(frozen=True, kw_only=True)
class Cards:
    """Cards with no keyword that nothing awaits from their sender now (refused by the table of moves)."""

    move: ClassVar[str] = "cards"
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Wager:
    """`call`, `raise N`, `fold` or `all-in`."""

    move: ClassVar[str] = "bet"
    seat: int
    action: str  # "call", "raise", "fold", "allin"
    amount: int = 0


@dataclass(frozen=True, kw_only=True)
class ShowPool:
    """A player asks for their pool (answered privately)."""

    move: ClassVar[str] = "pool"
    seat: int


Command = Deal | ChooseStarter | Refill | NoRefill | DivisionLine | Lock | TakeCard | DiscardCards | PickCards | Cards | Wager | ShowPool

LOCK_WORDS = ("done", "lock", "locked", "final", "lock it", "done dividing")
_YES = ("yes", "y", "refill", "yep", "yeah")
_NO = ("no", "n", "nope", "pass", "skip")
_NONE = ("none", "nothing", "no", "pass", "skip", "n")
_ME = ("me", "i", "myself")


def parse(state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
    """Read one line from a player (`actor`) or the host; what bare cards mean depends on what is awaited."""
    words = text.split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    head = words[0].casefold().rstrip(":")
    if head == "first" and any(C.lookup(w) is not None for w in words[1:]):
        # The card's own words for a pick, “first G5 second B7”: the first private card, then the second.
        if actor is None:
            raise InvalidCommand("a pick is a player's; write it with their name, e.g. “p1: first G5 second B7”", text=text)
        return _parse_cards_command(actor, "pick", words[1:], text)
    if head == "first":
        if len(words) != 2:
            raise InvalidCommand(
                "say who starts round 1, e.g. “first p1”; private cards are picked with “pick G5 B7” or “first G5 second B7”", text=text
            )
        target = words[1]
        seat = actor if (actor is not None and target.casefold() in _ME) else resolve(target)
        return ChooseStarter(by=actor, seat=seat)
    if actor is None:
        return _parse_host(head, words, text)
    if head in ("start", "deal"):
        raise InvalidCommand(f"“{head}” is the host's command (it deals the starting pools)", text=text)
    return _parse_player(state, actor, head, words, text)


def _parse_host(head: str, words: list[str], text: str) -> Command:
    if head in ("start", "deal") and len(words) == 1:
        return Deal()
    if head in ("start", "deal"):
        raise InvalidCommand(f"“{head}” takes nothing after it: it deals the starting pools", text=text)
    if _looks_like_play(words):
        raise InvalidCommand(f"this is a player's submission; write it with the player's name, e.g. “p1: {text.strip()}”", text=text)
    raise InvalidCommand("unknown host command (type “help” for the list)", text=text)


def _parse_player(state: State, actor: int, head: str, words: list[str], text: str) -> Command:
    lowered = " ".join(w.casefold() for w in words)
    step = state.step
    if lowered in ("pool", "my pool", "cards", "my cards", "hand", "my hand"):
        # The session answers these itself, privately (the game's `status_words`, R-READ-4): only a journal written
        # before it did holds one as an input, and replays it so.
        return ShowPool(seat=actor)
    if lowered in LOCK_WORDS:
        return Lock(seat=actor)
    if len(words) == 1 and head in _YES:
        return Refill(seat=actor)
    if lowered in _NONE or lowered in ("no refill", "take none", "take nothing", "no thanks"):
        if (isinstance(step, Take) and step.seat == actor) or lowered not in (*_NO, "no refill"):
            return TakeCard(seat=actor, card=None)
        return NoRefill(seat=actor)
    if head in ("call", "fold", "check", "raise", "bet", "allin", "all-in", "all", "shove"):
        return _parse_wager(actor, words, text)
    if head in ("take", "discard", "pick", "private", "choose"):
        return _parse_cards_command(actor, head, words[1:], text)
    dividing = isinstance(step, Divide) and step.seat == actor
    if (
        dividing
        or "\n" in text.strip()
        or "|" in text
        or any(w.casefold().strip(":()") in (*ASIDE_WORDS, *UNUSED_WORDS, *CONFIRM_WORDS, "pile") for w in words)
    ):
        return _parse_division(actor, text)
    if isinstance(step, Ask) and step.seat == actor and len(words) == 1 and C.lookup(words[0]) is None:
        raise InvalidCommand(f"answer the refill question with “yes” or “no” (“{words[0]}” is neither)", text=text)
    return _bare_cards(state, actor, _cards(words, text))


def _bare_cards(state: State, actor: int, cards: tuple[int, ...]) -> Command:
    """Cards with no keyword, read by what is awaited from their sender: a pick, a take or a discard."""
    step = state.step
    if isinstance(step, Pick):
        if len(cards) != 2:
            raise IllegalAction(f"pick two private cards, first then second, e.g. “pick R5 G6” ({len(cards)} named)")
        return PickCards(seat=actor, first=cards[0], second=cards[1])
    if isinstance(step, Take) and step.seat == actor:
        if len(cards) != 1:
            raise IllegalAction(f"take one set-aside card, e.g. “take {C.name(step.cards[0])}”, or “none”")
        return TakeCard(seat=actor, card=cards[0])
    if isinstance(step, Discard) and step.seat == actor:
        return DiscardCards(seat=actor, cards=cards)
    return Cards(seat=actor, cards=cards)


def _parse_cards_command(actor: int, head: str, rest: list[str], text: str) -> Command:
    if head == "take":
        if len(rest) != 1:
            raise InvalidCommand("take one set-aside card, e.g. “take G1” (or “take none”)", text=text)
        return TakeCard(seat=actor, card=C.read(rest[0], text))
    if head == "discard":
        if not rest:
            raise InvalidCommand("name the cards to discard, e.g. “discard R5 G6”", text=text)
        return DiscardCards(seat=actor, cards=_cards(rest, text))
    picked = _cards(rest, text)
    if len(picked) != 2:
        raise InvalidCommand(f"pick two cards, first then second, e.g. “pick R5 G6” or “first R5 second G6” (got {len(picked)})", text=text)
    return PickCards(seat=actor, first=picked[0], second=picked[1])


def _parse_division(actor: int, text: str) -> Command:
    """A division, judged whole: one line, or a message of several lines written a pile a line (R-DD-11)."""
    sub = read_submission(text)
    if not sub.segments:
        raise InvalidCommand("“confirm” goes at the end of the division it confirms, e.g. “aside G2 B5 R7 confirm”", text=text)
    return DivisionLine(seat=actor, segments=sub.segments, confirm=sub.confirm, lines=sub.lines, commas=sub.commas)


def _looks_like_play(words: list[str]) -> bool:
    head = words[0].casefold()
    plays = (*_YES, *_NO, "call", "fold", "raise", "take", "discard", "pick", "done", "pool", "all-in", "allin")
    return head in plays or any(C.lookup(w) is not None for w in words) or "|" in " ".join(words)


def _cards(words: list[str], text: str) -> tuple[int, ...]:
    out = []
    for w in " ".join(words).replace(",", " ").split():
        if w.casefold().rstrip(":") in ("then", "and", "first", "second", "/"):
            continue
        out.append(C.read(w, text))
    return tuple(out)


def _parse_wager(seat: int, words: list[str], text: str) -> Wager:
    head = words[0].casefold()
    joined = " ".join(w.casefold() for w in words)
    if joined in ("call", "fold"):
        return Wager(seat=seat, action=joined)
    if joined in ("allin", "all-in", "all in", "shove"):
        return Wager(seat=seat, action="allin")
    if head == "check":
        raise InvalidCommand(
            "there is no checking in Devil's Deal (R-DD-5): “call” (1 chip when nobody has bet), “raise N” or “fold”", text=text
        )
    if head == "bet":
        raise InvalidCommand("there is no “bet”: “call” bets 1 chip when nobody has bet yet; “raise N” bets N more than a call", text=text)
    if head == "raise":
        if len(words) != 2:
            raise InvalidCommand("write “raise N”: match the other bet, then N chips more, e.g. “raise 3”", text=text)
        n = words[1].lstrip("+")
        if not n.isdigit() or int(n) < 1:
            raise InvalidCommand(f"“{words[1]}” is not a number of chips: write “raise N” with N of at least 1", text=text)
        return Wager(seat=seat, action="raise", amount=int(n))
    raise InvalidCommand(f"“{text.strip()}”: bets are “call”, “raise N”, “fold” or “all-in”", text=text)


def message(state: State, actor: int | None, lines: Sequence[str]) -> list[str]:
    """The inputs one chat message makes. A message of several lines from the player dividing a refill is
    one division written a pile a line (R-DD-11): one input, its lines joined. A `done` on the message's
    last line locks it after. Any other message: each line on its own."""
    step = state.step
    written = [line for line in lines if line.strip()]
    if not (isinstance(step, Divide) and step.seat == actor) or len(written) < 2:
        return list(lines)
    locks: list[str] = []
    while written and " ".join(written[-1].split()).casefold() in LOCK_WORDS:
        locks.insert(0, written.pop())
    return (["\n".join(written)] if written else []) + locks
