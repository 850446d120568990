"""Events as JSON data, and back: `jsonable` writes a field's value, `fields_from_json` reads it back to its declared type.

An event's JSON (`Event.to_json`, what `--json` prints) and its payload (`Event.payload`, what a
journal keeps of a generated item) hold everything its posts say, so an event rebuilt from them
(`Event.from_json`, `Event.from_payload`, `read_event`) is put into the same words: a published
journal, a transcript or a report page can be re-rendered and checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import MISSING, fields, is_dataclass
from enum import Enum
from types import UnionType
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin, get_type_hints

if TYPE_CHECKING:
    from umpire.games.base import JSON, Audience, Event

PLAIN = frozenset({str, int, float, bool, type(None)})


def jsonable(value: object) -> JSON:
    """A value as JSON data: enums by value, tuples as lists, dataclasses as objects."""
    if type(value) in PLAIN:  # the common case first (exact types: an enum that is also a str is not plain)
        return value
    if type(value) is dict:  # then plain containers (what the checks below make of them, without the ABC's isinstance)
        return {str(k): v if type(v) in PLAIN else jsonable(v) for k, v in value.items()}
    if type(value) is tuple or type(value) is list:
        return [v if type(v) in PLAIN else jsonable(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    raise TypeError(f"{type(value).__name__} is not JSON data")


ENVELOPE = frozenset({"type", "event", "t", "audience", "to", "generated"})  # what `to_json` and an output add around a payload


def envelope(kind: str, data: Mapping[str, JSON], names: Sequence[str]) -> tuple[int, Audience, dict[str, JSON]]:
    """An event's JSON (`Event.to_json`) checked to be a `kind` event and split: its time, its audience and its payload."""
    from umpire.games.base import HOST, PUBLIC, dm

    if data.get("type") != "event" or data.get("event") != kind:
        raise ValueError(f"expected the JSON of a “{kind}” event, got {data.get('type')!r} {data.get('event')!r}")
    t = data.get("t")
    if type(t) is not int:
        raise ValueError(f"“{kind}”: expected a whole number of milliseconds for t, got {t!r}")
    payload = {k: v for k, v in data.items() if k not in ENVELOPE}
    audience, to = data.get("audience"), data.get("to")
    if audience == "public":
        return t, PUBLIC, payload
    if audience == "host":
        return t, HOST, payload
    if audience == "player" and isinstance(to, str) and to in names:
        return t, dm(list(names).index(to)), payload
    raise ValueError(
        f"“{kind}”: expected an audience of public, host, or player with one of {list(names)} in “to”, got {audience!r} {to!r}"
    )


def read_event(data: Mapping[str, JSON], kinds: Sequence[type[Event]], names: Sequence[str]) -> Event:
    """The event `data` is the JSON of (`Event.to_json`), its class found by kind among `kinds`."""
    for cls in kinds:
        if cls.kind == data.get("event"):
            return cls.from_json(data, names)
    raise ValueError(f"no event kind {data.get('event')!r} among {sorted(c.kind for c in kinds)}")


_HINTS: dict[type, dict[str, Any]] = {}  # each class's field types, resolved once


def fields_from_json(cls: type, data: Mapping[str, JSON], skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """The keyword arguments that rebuild dataclass `cls` from its JSON object `data`."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{cls.__name__}: expected a JSON object, got {data!r}")
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = get_type_hints(cls)
    renamed: Mapping[str, str] = getattr(cls, "json_keys", {})
    out: dict[str, Any] = {}
    known = set()
    for f in fields(cls):
        if f.name in skip or not f.init:
            continue
        key = renamed.get(f.name, f.name)
        known.add(key)
        if key in data:
            out[f.name] = _from_json(hints[f.name], data[key], f"{cls.__name__}.{key}")
        elif f.default is MISSING and f.default_factory is MISSING:
            raise ValueError(f"{cls.__name__}: its JSON has no “{key}”")
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(f"{cls.__name__}: its JSON has keys it does not know: {unknown}")
    return out


def _from_json(tp: Any, value: JSON, where: str) -> Any:
    """`value` read back to type `tp` (the inverse of `jsonable` for the types events hold)."""
    if tp is Any:
        return value
    if tp in PLAIN:
        if type(value) is tp or (tp is float and type(value) is int) or (tp is type(None) and value is None):
            return value
        raise ValueError(f"{where}: expected {tp.__name__}, got {value!r}")
    origin = get_origin(tp)
    if origin is Union or origin is UnionType:
        return _union_from_json(get_args(tp), value, where)
    if isinstance(tp, type) and issubclass(tp, Enum):
        try:
            return tp(value)
        except ValueError:
            raise ValueError(f"{where}: expected one of {[m.value for m in tp]}, got {value!r}") from None
    if origin is tuple or origin is list:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list, got {value!r}")
        args = get_args(tp)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(value):
                raise ValueError(f"{where}: expected {len(args)} values, got {len(value)}")
            return tuple(_from_json(a, v, where) for a, v in zip(args, value, strict=True))
        items = [_from_json(args[0], v, where) for v in value]
        return tuple(items) if origin is tuple else items
    if origin is dict or origin is Mapping:
        key_type, value_type = get_args(tp)
        if not isinstance(value, dict) or key_type is not str:
            raise ValueError(f"{where}: expected a JSON object, got {value!r}")
        return {k: _from_json(value_type, v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(tp, type) and is_dataclass(tp):
        return tp(**fields_from_json(tp, value))
    raise TypeError(f"{where}: an event field of type {tp} cannot be read from JSON")


def _union_from_json(args: tuple[Any, ...], value: JSON, where: str) -> Any:
    if value is None and type(None) in args:
        return None
    options = [a for a in args if a is not type(None)]
    if len(options) == 1:
        return _from_json(options[0], value, where)
    for option in options:  # int | float and the like: the first type the value is
        if option in PLAIN and type(value) is option:
            return value
    raise ValueError(f"{where}: expected one of {options}, got {value!r}")
