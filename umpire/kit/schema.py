"""A kit file read into a `Kit`: every key checked, every problem a `KitError` naming the file, line, key and what
was expected (docs/writing-a-kit-game.md describes the keys)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from umpire.kit.expr import Expr, ExprError, compile_expr
from umpire.kit.hidden import check_flows, read_resources
from umpire.kit.where import line_of, shown

MAX_ROUNDS = 200  # rounds a match may have in all, repeats counted
KINDS = {"bid": "bid N", "pick": "pick …", "vote": "vote NAME"}
RESOLVE = ("highest", "lowest", "highest-unique", "lowest-unique", "most", "fewest", "pairs", "threshold")
TIES = ("nobody", "all", "split", "draw", "earliest")  # split: everyone level is picked, as with all
REVEAL = ("all", "winner", "nothing")
NAME = re.compile(r"[a-z][a-z0-9_]{0,23}")
RESERVED = {"round", "rounds", "picked", "votes", "payoff", "alive", "bid", "pick", "vote", "title", "players"}


class KitError(ValueError):
    """A kit file that cannot be hosted; the message names the file, the line, the key and what was expected."""


@dataclass(frozen=True, kw_only=True)
class Item:
    """Something a round draws from the seed, named: a number in a range, the next of a shuffled deck, the next of a list."""

    name: str
    low: int = 0
    high: int = 0
    deck: tuple[int, ...] = ()
    shuffled: bool = False  # a deck: shuffled once by the seed (stream "deck NAME"); a list: dealt in order


@dataclass(frozen=True, kw_only=True)
class Round:
    """One kind of round, as many times as `repeat` says."""

    index: int  # its table in the file, from 0
    kind: str  # bid, pick, vote
    numbers: tuple[int, int] | None  # pick: the numbers allowed
    words: tuple[str, ...]  # pick: the words allowed
    most: Expr | None  # bid: the most a player may bid
    seconds: int
    reminders: tuple[int, ...]
    draws: tuple[str, ...]  # items drawn as the round opens
    resolve: str
    ties: str
    reveal: str
    self_vote: bool
    open: bool  # an open call: each word is public as it is made (not sealed)
    threshold: Expr | None  # a threshold round: the total of the numbers sent that picks everyone in the round
    buttons: bool  # a pick among words: each player is asked privately, with the words as buttons where the bot hosts it
    payoff: Mapping[tuple[str, str], tuple[int, int]]
    picked: Mapping[str, Expr]  # what the players the rule picks get (resource: new value)
    each: Mapping[str, Expr]  # what every player in the round gets


@dataclass(frozen=True, kw_only=True)
class Kit:
    """A whole kit game."""

    text: str
    key: str
    title: str
    summary: str
    players: tuple[int, int]
    seats: int
    resources: Mapping[str, int]  # start values, in the file's order
    hidden: frozenset[str] = frozenset()  # the resources each player alone sees until the end (umpire.kit.hidden)
    items: Mapping[str, Item]
    schedule: tuple[Round, ...]  # round by round, repeats laid out
    score: tuple[Expr, ...]
    draw: bool
    eliminate: Expr | None
    last_standing: bool
    posts: Mapping[str, str]
    roster: tuple[Mapping[str, Any], ...] | None  # the file's own [[players]], if any

    @property
    def rounds(self) -> int:
        """How many rounds a match has at most."""
        return len(self.schedule)


class Reader:
    """Reads one kit file's values, failing with the line of the key."""

    def __init__(self, text: str, where: str) -> None:
        self.text, self.where = text, where

    def fail(self, path: tuple[str | int, ...], msg: str) -> KitError:
        return KitError(f"{self.where}: line {line_of(self.text, path)}: {shown(path)}: {msg}")

    def table(self, value: Any, path: tuple[str | int, ...], known: tuple[str, ...] | None = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected a table, got {_kind(value)}")
        if known is not None:
            for key in value:
                if key not in known:
                    raise self.fail((*path, key), f"unknown key (expected one of {', '.join(known)})")
        return value

    def integer(
        self, t: Mapping[str, Any], key: str, path: tuple[str | int, ...], *, low: int, high: int, default: int | None = None
    ) -> int:
        value = t.get(key, default)
        if value is None:
            raise self.fail((*path, key), f"missing: expected a whole number from {low} to {high}")
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail((*path, key), f"expected a whole number from {low} to {high}, got {value!r}")
        return value

    def text_of(
        self, t: Mapping[str, Any], key: str, path: tuple[str | int, ...], *, default: str | None = None, longest: int = 200
    ) -> str:
        value = t.get(key, default)
        if not isinstance(value, str) or not value.strip() or len(value) > longest:
            raise self.fail((*path, key), f"expected text of 1 to {longest} characters, got {value!r}")
        return value

    def choice(
        self, t: Mapping[str, Any], key: str, path: tuple[str | int, ...], options: tuple[str, ...], default: str | None = None
    ) -> str:
        value = t.get(key, default)
        if value not in options:
            raise self.fail((*path, key), f"expected one of {', '.join(options)}, got {value!r}")
        return str(value)

    def pair(self, value: Any, path: tuple[str | int, ...], *, low: int, high: int) -> tuple[int, int]:
        if (
            not (isinstance(value, list) and len(value) == 2 and all(type(v) is int and low <= v <= high for v in value))
            or value[0] > value[1]
        ):
            raise self.fail(path, f"expected [least, most], two whole numbers from {low} to {high}, got {value!r}")
        return value[0], value[1]

    def expr(self, value: Any, path: tuple[str | int, ...], allowed: set[str]) -> Expr:
        try:
            return compile_expr(value, allowed=allowed)
        except ExprError as exc:
            raise self.fail(path, str(exc)) from None


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "a table"}.get(
        type(value), type(value).__name__
    )


TOP = ("game", "resources", "items", "rounds", "end", "posts", "players", "seed", "player_entropy", "pictures", "title")


def read(text: str, data: Mapping[str, Any], where: str) -> Kit:
    """Check a kit file's parsed TOML (`data`) against its text (for the lines); KitError on the first problem."""
    r = Reader(text, where)
    r.table(dict(data), (), TOP)
    game = r.table(data.get("game"), ("game",), ("name", "title", "summary", "players", "seats"))
    name = game.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,39}", name):
        raise r.fail(
            ("game", "name"), f'expected a short name of lower-case letters, digits and hyphens (e.g. "number-auction"), got {name!r}'
        )
    title = r.text_of(game, "title", ("game",), default=name, longest=80)
    summary = r.text_of(game, "summary", ("game",), default=title, longest=200)
    players = r.pair(game.get("players"), ("game", "players"), low=2, high=30)
    seats = r.integer(game, "seats", ("game",), low=players[0], high=players[1], default=players[0])
    resources, hidden = read_resources(r, data.get("resources", {}), partial(_resource_name, r))
    items = _items(r, data.get("items", {}), set(resources))
    rounds = data.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise r.fail(("rounds",), "expected one or more [[rounds]] tables")
    schedule: list[Round] = []
    for i, raw in enumerate(rounds):
        one, repeat = _round(r, raw, i, resources, items)
        schedule += [one] * repeat
        if len(schedule) > MAX_ROUNDS:
            raise r.fail(("rounds", i, "repeat"), f"a match has at most {MAX_ROUNDS} rounds in all")
    end = r.table(data.get("end", {}), ("end",), ("score", "draw", "eliminate", "last_standing"))
    score_raw = end.get("score", [])
    if not isinstance(score_raw, list) or len(score_raw) > 5:
        raise r.fail(("end", "score"), 'expected a list of up to 5 expressions, best first (e.g. ["points", "coins"])')
    score = tuple(r.expr(s, ("end", "score"), set(resources)) for s in score_raw)
    draw = end.get("draw", True)
    if not isinstance(draw, bool):
        raise r.fail(("end", "draw"), f"expected true or false, got {draw!r}")
    eliminate = None if "eliminate" not in end else r.expr(end["eliminate"], ("end", "eliminate"), set(resources))
    last = end.get("last_standing", False)
    if not isinstance(last, bool):
        raise r.fail(("end", "last_standing"), f"expected true or false, got {last!r}")
    if last and eliminate is None:
        raise r.fail(("end", "last_standing"), "a match that ends with the last one standing needs `eliminate` (who is out)")
    from umpire.kit.words import check_posts  # the posts' names depend on the rounds read above

    kit = Kit(
        text=text,
        key=f"kit-{name}",
        title=title,
        summary=summary,
        players=players,
        seats=seats,
        resources=resources,
        hidden=hidden,
        items=items,
        schedule=tuple(schedule),
        score=score,
        draw=draw,
        eliminate=eliminate,
        last_standing=last,
        posts={},
        roster=None,
    )
    check_flows(r, kit)
    posts = check_posts(kit, r.table(data.get("posts", {}), ("posts",)), r.fail)
    return Kit(**{**kit.__dict__, "posts": posts})


def _resource_name(r: Reader, key: str) -> None:
    if not NAME.fullmatch(key) or key in RESERVED:
        raise r.fail(("resources", key), f"a resource's name is a short lower-case word, not one of {', '.join(sorted(RESERVED))}")


def _items(r: Reader, raw: Any, taken: set[str]) -> dict[str, Item]:
    t = r.table(raw, ("items",))
    out: dict[str, Item] = {}
    for key, value in t.items():
        path: tuple[str | int, ...] = ("items", key)
        if not NAME.fullmatch(key) or key in RESERVED or key in taken:
            raise r.fail(path, "an item's name is a short lower-case word, not a resource's name or one of the reserved names")
        spec = r.table(value, path, ("range", "deck", "list"))
        if len(spec) != 1:
            raise r.fail(
                path, "expected exactly one of range = [least, most], deck = [...] (shuffled by the seed) or list = [...] (in order)"
            )
        ((how, v),) = spec.items()
        if how == "range":
            low, high = r.pair(v, (*path, how), low=0, high=1_000_000)
            out[key] = Item(name=key, low=low, high=high)
            continue
        if not isinstance(v, list) or not v or len(v) > 500 or not all(type(x) is int and 0 <= x <= 1_000_000 for x in v):
            raise r.fail((*path, how), "expected a list of 1 to 500 whole numbers from 0 to 1000000")
        out[key] = Item(name=key, deck=tuple(v), shuffled=how == "deck")
    return out


ROUND_KEYS = (
    "repeat",
    "kind",
    "numbers",
    "words",
    "most",
    "seconds",
    "reminders",
    "draw",
    "resolve",
    "ties",
    "reveal",
    "self_vote",
    "buttons",
    "threshold",
    "open",
    "payoff",
    "picked",
    "each",
)


def _options(r: Reader, t: Mapping[str, Any], path: tuple[str | int, ...], kind: str) -> tuple[tuple[int, int] | None, tuple[str, ...]]:
    """A pick round's numbers or words (a bid or vote round has neither)."""
    numbers: tuple[int, int] | None = None
    words: tuple[str, ...] = ()
    if kind == "pick":
        if ("numbers" in t) == ("words" in t):
            raise r.fail((*path, "kind"), 'a pick round needs numbers = [least, most] or words = ["…", …] (one of the two)')
        if "numbers" in t:
            numbers = r.pair(t["numbers"], (*path, "numbers"), low=0, high=1_000_000)
        else:
            w = t["words"]
            if (
                not isinstance(w, list)
                or not 2 <= len(w) <= 12
                or not all(isinstance(x, str) and re.fullmatch(r"[a-z][a-z-]{0,19}", x) for x in w)
            ):
                raise r.fail((*path, "words"), 'expected 2 to 12 lower-case words, e.g. ["cooperate", "betray"]')
            if len(set(w)) != len(w):
                raise r.fail((*path, "words"), "a word is listed twice")
            words = tuple(w)
    elif "numbers" in t or "words" in t:
        raise r.fail((*path, "numbers" if "numbers" in t else "words"), f"only a pick round has options; this is a {kind} round")
    return numbers, words


def _round(r: Reader, raw: Any, i: int, resources: Mapping[str, int], items: Mapping[str, Item]) -> tuple[Round, int]:
    path: tuple[str | int, ...] = ("rounds", i)
    t = r.table(raw, path, ROUND_KEYS)
    repeat = r.integer(t, "repeat", path, low=1, high=MAX_ROUNDS, default=1)
    kind = r.choice(t, "kind", path, tuple(KINDS))
    numbers, words = _options(r, t, path, kind)
    draws_raw = t.get("draw", [])
    draws = (draws_raw,) if isinstance(draws_raw, str) else draws_raw
    if not isinstance(draws, list | tuple) or not all(isinstance(d, str) and d in items for d in draws) or len(set(draws)) != len(draws):
        raise r.fail(
            (*path, "draw"), f"expected the name of an item (or a list of them) from [items]: {', '.join(items) or 'none defined'}"
        )
    names = set(resources) | set(draws) | {"round", "alive"}  # what the round drew is known in it, nothing else drawn
    most = r.expr(t["most"], (*path, "most"), names) if "most" in t else None
    if kind == "bid" and most is None:
        raise r.fail((*path, "most"), 'a bid round needs `most`: the most a player may bid, e.g. "coins"')
    seconds = r.integer(t, "seconds", path, low=10, high=7 * 24 * 3600, default=120)
    rem = t.get("reminders", [])
    if not isinstance(rem, list) or len(rem) > 5 or not all(type(x) is int and 0 < x < seconds for x in rem):
        raise r.fail((*path, "reminders"), f"expected up to 5 whole numbers of seconds left, each under the round's {seconds}")
    resolve = r.choice(t, "resolve", path, RESOLVE)
    numeric = ("highest", "lowest", "highest-unique", "lowest-unique", "threshold")
    if (resolve in numeric and kind == "vote") or (resolve == "pairs" and kind != "pick"):
        raise r.fail((*path, "resolve"), f"“{resolve}” does not go with a {kind} round")
    if kind == "pick" and words and resolve not in ("most", "fewest", "pairs"):
        raise r.fail((*path, "resolve"), "a pick among words is resolved by most, fewest or pairs")
    payoff = _payoff(r, t, path, words) if resolve == "pairs" else {}
    if (resolve == "threshold") != ("threshold" in t):
        raise r.fail((*path, "threshold"), "a threshold round needs `threshold` (the total to reach), and only it has one")
    threshold = r.expr(t["threshold"], (*path, "threshold"), set(draws) | {"round", "alive"}) if "threshold" in t else None
    sent = kind if kind == "bid" or numbers else ""  # the player's own number, by the round's verb
    offered = names | ({sent} if sent else set()) | {"picked"} | ({"payoff"} if resolve == "pairs" else set()) | {"votes"}
    effects = {}
    for part in ("picked", "each"):
        e = r.table(t.get(part, {}), (*path, part))
        for key in e:
            if key not in resources:
                raise r.fail((*path, part, key), f"not a resource (resources: {', '.join(resources) or 'none'})")
        effects[part] = {key: r.expr(value, (*path, part, key), offered) for key, value in e.items()}
    one = Round(
        index=i,
        kind=kind,
        numbers=numbers,
        words=words,
        most=most,
        seconds=seconds,
        reminders=tuple(rem),
        draws=tuple(draws),
        resolve=resolve,
        ties=r.choice(t, "ties", path, TIES, "nobody" if resolve.endswith("unique") or resolve in ("highest", "lowest") else "all"),
        reveal=r.choice(t, "reveal", path, REVEAL, "all"),
        self_vote=_flag(r, t, "self_vote", path, default=False),
        buttons=_buttons(r, t, path, words),
        threshold=threshold,
        open=_flag(r, t, "open", path, default=False),
        payoff=payoff,
        picked=effects["picked"],
        each=effects["each"],
    )
    return one, repeat


def _buttons(r: Reader, t: Mapping[str, Any], path: tuple[str | int, ...], words: tuple[str, ...]) -> bool:
    on = _flag(r, t, "buttons", path, default=False)
    if on and not words:
        raise r.fail((*path, "buttons"), "buttons are for a pick among words (words = [...]): a number or a name is typed")
    return on


def _flag(r: Reader, t: Mapping[str, Any], key: str, path: tuple[str | int, ...], *, default: bool) -> bool:
    value = t.get(key, default)
    if not isinstance(value, bool):
        raise r.fail((*path, key), f"expected true or false, got {value!r}")
    return value


def _payoff(r: Reader, t: Mapping[str, Any], path: tuple[str | int, ...], words: tuple[str, ...]) -> dict[tuple[str, str], tuple[int, int]]:
    table = r.table(t.get("payoff"), (*path, "payoff"))
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for key, value in table.items():
        pair = tuple(key.split())
        if len(pair) != 2 or not all(w in words for w in pair):
            raise r.fail((*path, "payoff", key), f'expected two of the round\'s words, e.g. "{words[0]} {words[-1]}"')
        out[(pair[0], pair[1])] = _either(r, value, (*path, "payoff", key))
    missing = [f"{a} {b}" for a in words for b in words if (a, b) not in out]
    if missing:
        raise r.fail((*path, "payoff"), f"every pair of words needs its payoff; missing: {', '.join(missing)}")
    return out


def _either(r: Reader, value: Any, path: tuple[str | int, ...]) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int and -1000 <= v <= 1000 for v in value)):
        raise r.fail(path, f"expected [first player's, second player's], two whole numbers from -1000 to 1000, got {value!r}")
    return value[0], value[1]


Fail = Callable[[tuple[str | int, ...], str], KitError]
