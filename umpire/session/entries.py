"""The journal's entries, typed: one frozen dataclass per kind, and the one table of kinds.

Each line of a journal after its header is one entry. The journal module numbers and chains the
lines (`n`, `prev`) and the engine adds the wall time (`wall`) and the seeded items an entry
revealed (`generated`, checked by `umpire verify`); the fields below are what the entry says.
`read` turns a line read back into its entry, refusing one whose fields are not what its kind
needs; `to_json` is what the entry says (the engine moves what is private into the line's salted
`sealed` member as it writes it: umpire/core/redaction.py).

Here are the entries a session makes from its start and at every line (input, clock, stop, heard, asked);
those of the host's commands and the front ends (pause, resume, undo, entropy, reveal, delivered,
posted, listening) are in `host_entries`, imported when one of them, or `read` (which reads every
kind), is first asked for: the module's `__getattr__` (PEP 562) then names them all here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from umpire.core.journal import JournalError, Redacted
from umpire.core.redaction import SEALED

if TYPE_CHECKING:  # named here by `__getattr__` when first asked for
    from umpire.session.host_entries import Delivered as Delivered
    from umpire.session.host_entries import Entropy as Entropy
    from umpire.session.host_entries import Listening as Listening
    from umpire.session.host_entries import Pause as Pause
    from umpire.session.host_entries import Posted as Posted
    from umpire.session.host_entries import Resume as Resume
    from umpire.session.host_entries import Reveal as Reveal
    from umpire.session.host_entries import Undo as Undo


@dataclass(frozen=True, kw_only=True)
class Entry:
    """An entry: its kind (the JSON `kind`) and the game time it was made at (ms)."""

    kind: ClassVar[str] = ""
    ruling: ClassVar[bool] = False  # a ruling `undo` can take back (an input or a clock ruling)
    t: int

    def to_json(self) -> dict[str, Any]:
        """The entry's fields as JSON, its kind first (optional fields left out when unset)."""
        out: dict[str, Any] = {"kind": self.kind}
        for name, *_ in (_SPECS.get(type(self)) or _spec(type(self)))[0]:
            value = getattr(self, name)
            if value is None and name in _OPTIONAL:
                continue
            out[name] = _plain(value) if type(value) is tuple else value
        return out


def _plain(value: Any) -> Any:
    """Tuples as JSON lists, all the way down."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


_OPTIONAL = frozenset({"source", "seed", "salt", "via", "dms", "through", "receipts", "paused", "refused", "words", "text"})


@dataclass(frozen=True, kw_only=True)
class Input(Entry):
    """A line judged and accepted: from a player (`by`, a seat) or the host (None).

    `text` is what the game read (the prefix removed; a message of several lines joined by
    newlines); `line` the line as entered, for the host; `source` where a front end got it (a
    Discord message's id), so a message seen twice is taken once.
    """

    kind = "input"
    ruling = True
    by: int | None
    text: str
    line: str
    source: str | None = None


@dataclass(frozen=True, kw_only=True)
class Clock(Entry):
    """A deadline's reminder or passing, applied at the time it was due."""

    kind = "clock"
    ruling = True


@dataclass(frozen=True, kw_only=True)
class Stop(Entry):
    """The host left; the game time then, so a resumed game does not refund the time used."""

    kind = "stop"


@dataclass(frozen=True, kw_only=True)
class Heard(Entry):
    """A player's message a front end took (`source`: a Discord message's id) that made no input of its own.

    Either it was refused (`refused`: the reason the player was given), or it is the player's word for the
    seed, sent while the game waits for the players' entropy (`refused` None). Journaled so that a restart
    neither judges the message again nor loses the word; it changes nothing in the game.
    """

    kind = "heard"
    by: int
    text: str
    source: str
    refused: str | None = None


@dataclass(frozen=True, kw_only=True)
class Asked(Entry):
    """A player asked what they may know (`status`, or the game's own word for it: R-READ-4), answered privately.

    It changes nothing and is no ruling, so `undo` passes over it; journaled so that the answer waits in the outbox
    like any private message (and a restart does not answer it again: `source`, as an input's).
    """

    kind = "asked"
    by: int
    text: str
    source: str | None = None


# Every kind by its name, in this order; those of `host_entries` are added when it is imported (see `__getattr__`).
KINDS: dict[str, type[Entry]] = {k.kind: k for k in (Input, Clock, Stop, Heard, Asked)}


def opened(data: dict[str, Any], where: str = "") -> dict[str, Any]:
    """A journal line's entry with its sealed payload's fields (not its salt) in place of its `sealed` member.

    Raises Redacted for an entry of a published journal (its `sealed` member is the payload's
    digest) and JournalError for a `sealed` member that is neither; an entry without one is
    returned as it is.

    >>> opened({"n": 3, "kind": "input", "t": 0, "sealed": {"salt": "5e", "by": 0, "text": "bid 3"}, "prev": "p"})
    {'n': 3, 'kind': 'input', 't': 0, 'prev': 'p', 'by': 0, 'text': 'bid 3'}
    """
    payload = data.get(SEALED)
    if payload is None:
        return data
    n = data.get("n")
    line = n + 1 if isinstance(n, int) else None
    if isinstance(payload, str):
        raise Redacted(
            where, line, f"entry {n} is published: what it held is sealed (a salted digest in its place), so it cannot be replayed"
        )
    if not isinstance(payload, dict) or any(key in data for key in payload if key != "salt"):
        raise JournalError(where, line, f"the entry's “{SEALED}” member should be a JSON object of fields the entry does not also hold")
    out = {key: value for key, value in data.items() if key != SEALED}
    out.update((key, value) for key, value in payload.items() if key != "salt")
    return out


def opened_field(data: dict[str, Any], key: str, default: Any = None) -> Any:
    """`opened(data).get(key, default)` without copying the entry, for a line whose sealed payload `opened` accepts.

    >>> opened_field({"n": 3, "sealed": {"salt": "5e", "generated": [1]}}, "generated", [])
    [1]
    """
    if key == SEALED:
        return default
    if key in data:
        return data[key]
    payload = data.get(SEALED)
    return payload.get(key, default) if isinstance(payload, dict) and key != "salt" else default


def _read(data: dict[str, Any], where: str) -> Entry:
    """The entry a journal line holds (its envelope, `n` `prev` `wall` `generated`, left aside; a sealed payload opened).

    Raises JournalError naming the line when the kind is unknown or a field is missing or of the wrong
    type (Redacted when its sealed payload was published as a digest only).
    """
    data = opened(data, where)
    n = data.get("n")
    line = n + 1 if isinstance(n, int) else None
    kind = data.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise JournalError(where, line, f"unknown entry kind {kind!r} (expected one of {', '.join(KINDS)})")
    spec, defaults = _SPECS.get(cls) or _spec(cls)
    values = dict(defaults)
    for name, want, required, check, convert in spec:
        if name in data:
            value = data[name]
            if not check(value):
                raise JournalError(where, line, f"{_a(cls.kind)} “{cls.kind}” entry's “{name}” is {value!r}, not {_WANT_WORDS[want]}")
            values[name] = _converted(want, value) if convert else value
        elif required:
            raise JournalError(where, line, f"{_a(cls.kind)} “{kind}” entry needs “{name}”")
    return _made(cls, values)


def _made(cls: type[Entry], values: dict[str, Any]) -> Entry:
    """`cls(**values)` for `values` holding every field of `cls`: the record filled in field for field.

    An entry kind is a frozen dataclass without `__post_init__`, whose `__init__` only stores its fields,
    one `object.__setattr__` each (four times the cost of this, at every replayed entry).
    """
    entry = object.__new__(cls)
    entry.__dict__.update(values)
    return entry


def _is_int(value: Any) -> bool:
    return type(value) is int or (isinstance(value, int) and not isinstance(value, bool))


# Whether a field's value is what its kind needs (ints are ints, texts are texts…), by what `_TYPES` says it holds.
_CHECKS: dict[str, Callable[[Any], bool]] = {
    "int": _is_int,
    "int?": lambda v: v is None or _is_int(v),
    "str": lambda v: isinstance(v, str),
    "str?": lambda v: v is None or isinstance(v, str),
    "bool?": lambda v: v is None or isinstance(v, bool),
    "dms": lambda v: v is None or (isinstance(v, list) and all(_is_dm(x) for x in v)),
    "strs": lambda v: v is None or (isinstance(v, list) and all(isinstance(x, str) for x in v)),
    "words": lambda v: v is None or (isinstance(v, list) and all(x is None or isinstance(x, str) for x in v)),
    "ints": lambda v: isinstance(v, list) and all(_is_int(x) for x in v),
    "any": lambda v: True,
}


def _converted(want: str, value: Any) -> Any:
    """A checked value as its field holds it: lists as tuples."""
    if value is None or want not in ("dms", "strs", "ints", "words"):
        return value
    if want == "dms":
        return tuple((int(a), int(b)) for a, b in value)
    return tuple(value)


# Each kind's fields as (name, what it holds, whether it must be there, its check, whether it is converted), and the
# defaults of those that need not be there, looked up once per kind: read at every replayed entry.
Spec = tuple[str, str, bool, Callable[[Any], bool], bool]
_SPECS: dict[type[Entry], tuple[tuple[Spec, ...], dict[str, Any]]] = {}


def _spec(cls: type[Entry]) -> tuple[tuple[Spec, ...], dict[str, Any]]:
    wants = ((f.name, _TYPES.get(f.name, "any"), f.default is MISSING) for f in fields(cls))
    spec = tuple((name, want, required, _CHECKS[want], want in ("dms", "strs", "ints", "words")) for name, want, required in wants)
    if any(f.default_factory is not MISSING or not f.init for f in fields(cls)) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: an entry kind's fields are plain values, stored as given (see `_made`)")
    _SPECS[cls] = spec, {f.name: f.default for f in fields(cls) if f.default is not MISSING}
    return _SPECS[cls]


def _a(kind: str) -> str:
    return "an" if kind[:1] in "aeiou" else "a"


def _is_dm(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)


_TYPES = {
    "t": "int",
    "by": "int?",
    "text": "str",
    "line": "str",
    "source": "str?",
    "undoes": "int",
    "rewind": "int?",
    "paused": "bool?",
    "seed": "str?",
    "salt": "str?",
    "to": "int",
    "dms": "dms",
    "via": "str?",
    "receipts": "strs",
    "through": "int?",
    "refused": "str?",
    "of": "int",
    "posts": "ints",
    "after": "str",
    "words": "words",
}
_WANT_WORDS = {
    "int": "a whole number",
    "int?": "a whole number or null",
    "str": "a text",
    "str?": "a text or null",
    "bool?": "true, false or null",
    "dms": "a list of [entry, index] pairs",
    "strs": "a list of texts",
    "ints": "a list of whole numbers",
    "words": "a list of texts or nulls",
    "any": "a value",
}


_LATER = ("Pause", "Resume", "Undo", "Entropy", "Reveal", "Delivered", "Posted", "Listening")

if TYPE_CHECKING:
    read = _read


def __getattr__(name: str) -> Any:
    """The entries of `host_entries`, and `read`, imported at the first use of any of them (PEP 562)."""
    if name != "read" and name not in _LATER:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from umpire.session import host_entries

    here = globals()
    here.update((later, getattr(host_entries, later)) for later in _LATER)
    kinds = (Input, Clock, *(here[later] for later in _LATER[:6]), Stop, Heard, *(here[later] for later in _LATER[6:]), Asked)
    KINDS.clear()
    KINDS.update((k.kind, k) for k in kinds)  # in the order a refusal of an unknown kind names them
    here["read"] = _read
    return here[name]
