"""Open, Pass commands, one frozen dataclass per kind (each names its move in `moves.py`), and reading
them from a player's or the host's line. Pure."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import ClassVar

from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.games.base import Resolve
from umpire.games.openpass.cards import card
from umpire.games.openpass.moves import bid_when
from umpire.games.openpass.settings import kinds_text
from umpire.games.openpass.state import State


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host opens deck-building round 1."""

    move: ClassVar[str] = "start"


@dataclass(frozen=True, kw_only=True)
class Close:
    """The host closes the deck-building round, or the playing phase."""

    move: ClassVar[str] = "close"


@dataclass(frozen=True, kw_only=True)
class Bid:
    """`bid …`: up to two different packs this round (none: `bid none`)."""

    move: ClassVar[str] = "bid"
    seat: int
    packs: tuple[int, ...]  # pack numbers 1..n as offered this round; () = no pack


@dataclass(frozen=True, kw_only=True)
class Offer:
    """`trade CARDS for CARDS with NAME`: an offer the other player must accept."""

    move: ClassVar[str] = "trade"
    seat: int
    taker: int
    gives: tuple[str, ...]
    gets: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Answer:
    """accept / decline / cancel a trade (number None: the only one that fits)."""

    move: ClassVar[str] = "answer"
    seat: int
    verb: str
    number: int | None


@dataclass(frozen=True, kw_only=True)
class DeckCmd:
    """`deck CARDS` / `deck all`: the deck."""

    move: ClassVar[str] = "deck"
    seat: int
    cards: tuple[str, ...] | None  # None: "all"


@dataclass(frozen=True, kw_only=True)
class WithdrawDeck:
    """`deck none`: take a submitted deck back (until the deal starts)."""

    move: ClassVar[str] = "withdraw"
    seat: int


@dataclass(frozen=True, kw_only=True)
class DealerCmd:
    """`dealer NAME`: Heaven or Hell."""

    move: ClassVar[str] = "dealer"
    seat: int
    dealer: str


@dataclass(frozen=True, kw_only=True)
class StartDeal:
    """The host deals (or resumes dealing) to a player."""

    move: ClassVar[str] = "deal"
    seat: int


@dataclass(frozen=True, kw_only=True)
class Choice:
    """`open` or `pass` on the card just dealt."""

    move: ClassVar[str] = "choice"
    seat: int
    open: bool


Command = Start | Bid | Close | Offer | Answer | DeckCmd | WithdrawDeck | DealerCmd | StartDeal | Choice

PLAYER_WORDS = ("bid", "trade", "accept", "decline", "cancel", "deck", "dealer", "open", "pass")
HOST_WORDS = ("start", "close", "deal")


def parse(state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
    """Read one line from a player (`actor` = seat) or the host (`actor` None)."""
    words = text.replace(",", " ").split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    if actor is None:
        return _parse_host(words, text, resolve)
    return _parse_player(state, actor, words, text, resolve)


def _parse_host(words: list[str], text: str, resolve: Resolve) -> Command:
    low = [w.lower() for w in words]
    if low == ["close"]:
        return Close()
    if low == ["start"]:
        return Start()
    if low[0] == "deal":
        if len(words) != 2:
            raise InvalidCommand("write “deal NAME” with one player's name or alias, e.g. “deal p3”", text=text)
        return StartDeal(seat=resolve(words[1]))
    if low[0] in ("close", "start"):
        raise InvalidCommand(f"“{low[0]}” takes nothing after it", text=text)
    if low[0] in PLAYER_WORDS:
        raise InvalidCommand(f"“{low[0]}” is a player's; write it with their name, e.g. “p3: {text.strip()}”", text=text)
    raise InvalidCommand("unknown host command (type “help” for the list)", text=text)


def _parse_player(state: State, actor: int, words: list[str], text: str, resolve: Resolve) -> Command:
    head = words[0].lower()
    if head == "bid":
        return _parse_bid(state, actor, words, text)
    if head == "trade":
        return _parse_trade(state, actor, words[1:], text, resolve)
    if head in ("accept", "decline", "cancel"):
        if len(words) > 2 or (len(words) == 2 and not words[1].lstrip("#").isdecimal()):
            raise InvalidCommand(f"write “{head}” or “{head} N” with the trade's number", text=text)
        return Answer(seat=actor, verb=head, number=int(words[1].lstrip("#")) if len(words) == 2 else None)
    if head == "deck":
        return _parse_deck(state, actor, words, text)
    if head == "dealer":
        if len(words) != 2:
            raise InvalidCommand(f"write “dealer NAME” with one of {', '.join(state.cfg.dealers)}", text=text)
        return DealerCmd(seat=actor, dealer=_dealer(state, words[1], text))
    if head in ("open", "pass"):
        if len(words) != 1:
            raise InvalidCommand(f"“{head}” takes nothing after it", text=text)
        return Choice(seat=actor, open=head == "open")
    if head in HOST_WORDS:
        raise InvalidCommand(f"“{head}” is the host's command", text=text)
    raise InvalidCommand(f"not a command of this game: {', '.join(PLAYER_WORDS)} (type “help”)", text=text)


def _parse_bid(state: State, actor: int, words: list[str], text: str) -> Bid:
    why = bid_when(state, actor)  # packs are read against the open round's: outside one, the move's refusal comes first
    if why is not None:
        raise IllegalAction(why, text=text)
    if len(words) == 1:
        raise InvalidCommand("bid on one or two packs, e.g. “bid 1 4”, or “bid none”", text=text)
    return Bid(seat=actor, packs=_parse_packs(state, words[1:], text))


def _parse_deck(state: State, actor: int, words: list[str], text: str) -> DeckCmd | WithdrawDeck:
    rest = [w.lower() for w in words[1:]]
    if rest == ["all"]:
        return DeckCmd(seat=actor, cards=None)
    if rest == ["none"]:
        return WithdrawDeck(seat=actor)
    if not rest:
        raise InvalidCommand("list the deck's cards, e.g. “deck 9 9 x x 8 7 …”, or “deck all”, or “deck none” to withdraw it", text=text)
    return DeckCmd(seat=actor, cards=tuple(_card(state, w, text) for w in words[1:]))


def _card(state: State, word: str, text: str) -> str:
    c = card(word)
    if c is None or c not in state.cfg.kinds:
        raise InvalidCommand(f"“{word}” is not a card (cards are {kinds_text(state.cfg.kinds)})", text=text)
    return c


def _dealer(state: State, word: str, text: str) -> str:
    for d in state.cfg.dealers:
        if d.casefold() == word.casefold():
            return d
    raise InvalidCommand(f"“{word}” is not a dealer (dealers: {', '.join(state.cfg.dealers)})", text=text)


def _pack_named(offered_names: list[str], rest: list[str], i: int) -> tuple[int, int] | None:
    """The pack whose name starts at word `i` (its number and how many words it took), or None."""
    for length in (3, 2, 1):
        name = " ".join(rest[i : i + length])
        hit = next((j for j, p in enumerate(offered_names) if p == name), None)
        if hit is not None:
            return hit + 1, length
    return None


def _parse_packs(state: State, words: list[str], text: str) -> tuple[int, ...]:
    """Pack numbers or names (`bid 1 4`, `bid heaven basic hell mega`, `bid none`)."""
    offered = state.cfg.offered(state.round)
    if [w.lower() for w in words] in (["none"], ["nothing"]):
        return ()
    picks: list[int] = []
    typed = [w for w in words if w.lower() not in ("and", "+", "&")]
    rest = [w.lower() for w in typed]
    names = [p.name.casefold() for p in offered]
    i = 0
    while i < len(rest):
        w = rest[i]
        if w.isdecimal():
            n = int(w)
            if not 1 <= n <= len(offered):
                raise InvalidCommand(f"there is no pack {n} (this round's packs are 1–{len(offered)})", text=text)
            picks.append(n)
            i += 1
            continue
        hit = _pack_named(names, rest, i)
        if hit is None:
            raise InvalidCommand(_no_pack(state, typed, i), text=text)
        picks.append(hit[0])
        i += hit[1]
    if len(set(picks)) != len(picks):
        raise InvalidCommand("the packs must be different", text=text)
    return tuple(picks)


def _no_pack(state: State, typed: list[str], i: int) -> str:
    """Why the words from `typed[i]` name no pack offered this round, naming the first word that fits none.

    A pack's name may begin there and stop fitting at a later word (“heaven basіc”, its “і” Cyrillic): that later word is
    the one named, with any character in it that no pack name has and that only looks like a plain letter.
    """
    offered = state.cfg.offered(state.round)
    listed = ", ".join(f"{j + 1} {p.name}" for j, p in enumerate(offered))
    wanted = [w.casefold() for w in typed[i:]]
    fits = {p.name: _common(p.name.casefold().split(), wanted) for p in offered}
    k = max(fits.values())
    if k and i + k == len(typed):
        begun = [name for name, n in fits.items() if n == k]
        which = begun[0] if len(begun) == 1 else ", ".join(begun[:-1]) + " or " + begun[-1]
        return f"“{' '.join(typed[i : i + k])}” is not a whole pack name: {which}? (this round: {listed})"
    word = typed[i + k]
    where = f"“{word}” is not a pack this round" if not k else f"“{word}” does not follow “{' '.join(typed[i : i + k])}” in any pack's name"
    return f"{where}{_lookalikes(word, [p.name for p in offered])} ({listed})"


def _common(name: list[str], words: list[str]) -> int:
    """How many of `words`, from the first, are the first words of a pack's `name`."""
    n = 0
    while n < len(name) and n < len(words) and name[n] == words[n]:
        n += 1
    return n


def _lookalikes(word: str, names: list[str]) -> str:
    """A note on the characters of `word` that are in no pack name and are not plain ASCII (a Cyrillic “е” in “hеaven”)."""
    known = set("".join(names).casefold())
    odd = [c for c in dict.fromkeys(word) if not c.isascii() and c.casefold() not in known]
    if not odd:
        return ""
    said = ", ".join(f"“{c}” is {unicodedata.name(c, 'an unnamed character').lower()} (U+{ord(c):04X})" for c in odd)
    return f": {said}, not the plain letter it looks like"


def _parse_trade(state: State, actor: int, words: list[str], text: str, resolve: Resolve) -> Offer:
    """`trade 2 x for 9 with p7`: this player gives 2 and x and gets 9 from p7."""
    usage = "write “trade CARDS for CARDS with PLAYER”, e.g. “trade 2 x for 9 with p7”"
    low = [w.lower() for w in words]
    if "for" not in low or "with" not in low or low.index("for") > low.index("with"):
        raise InvalidCommand(usage, text=text)
    f, w = low.index("for"), low.index("with")
    gives, gets, who = words[:f], words[f + 1 : w], words[w + 1 :]
    if not gives or not gets or not who:
        raise InvalidCommand(usage, text=text)
    taker = resolve(" ".join(who))
    if taker == actor:
        raise InvalidCommand("a trade is with another player", text=text)
    return Offer(
        seat=actor, taker=taker, gives=tuple(_card(state, c, text) for c in gives), gets=tuple(_card(state, c, text) for c in gets)
    )
