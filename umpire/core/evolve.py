"""`evolve`: `dataclasses.replace` for the rules' frozen state records, at a fraction of its cost.

`dataclasses.replace` looks every field up and calls the class's `__init__` again, about 3 µs for
a record of a dozen fields; a ruling may evolve its state twice, and a replay of a long game does it
tens of thousands of times. A frozen dataclass whose `__init__` only stores its fields can be copied
field for field instead. `evolve` does that, and refuses (once per class, with TypeError) any class
for which the copy would not be what `replace` gives: one with `__post_init__`, `__slots__`,
fields left out of `__init__` or cached properties (a cached value would be copied stale).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Score:
...     home: int
...     away: int = 0
>>> evolve(Score(1, 2), away=3)
Score(home=1, away=3)
>>> evolve(Score(1), goals=3)
Traceback (most recent call last):
...
TypeError: Score has no field 'goals'
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, frozenset[str]] = {}


def evolve(record: T, **changes: Any) -> T:
    """A copy of the frozen dataclass `record` with `changes` made, as `dataclasses.replace` would give."""
    cls = type(record)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = _copyable_fields(cls)
    return _copy(record, cls, names, changes)


def _copy(record: T, cls: type, names: frozenset[str], changes: dict[str, Any]) -> T:
    """`record` copied field for field with `changes` made, each change a field of `cls` (TypeError naming one that is not)."""
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {next(k for k in changes if k not in names)!r}")
    new: T = object.__new__(cls)
    state = new.__dict__
    state.update(record.__dict__)
    state.update(changes)
    return new


def _copyable_fields(cls: type) -> frozenset[str]:
    """The field names of a class that `evolve` can copy, or TypeError saying why it cannot."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"evolve() takes a frozen dataclass, not {cls.__name__}")
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__} has __post_init__ or __slots__: use dataclasses.replace")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__} has fields outside __init__: use dataclasses.replace")
    if any(isinstance(v, functools.cached_property) for k in cls.__mro__ for v in vars(k).values()):
        raise TypeError(f"{cls.__name__} caches properties: use dataclasses.replace")
    return frozenset(f.name for f in fields)


_PLAIN: set[type] = set()  # classes `evolve` refuses: `replace` hands them to `dataclasses.replace`


def replace(record: T, **changes: Any) -> T:
    """`dataclasses.replace`, the same record made by `evolve` where it can be (most of the rules' state records).

    A drop-in for the rules' `replace` calls: a class `evolve` refuses (one with `__post_init__`,
    such as `Deadline`) is left to `dataclasses.replace`, decided once per class.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Clock:
    ...     due: int
    ...     def __post_init__(self) -> None:
    ...         pass
    >>> replace(Clock(1), due=2)
    Clock(due=2)
    """
    cls = type(record)
    names = _FIELDS.get(cls)
    if names is None:
        if cls in _PLAIN:
            return dataclasses.replace(record, **changes)  # type: ignore[type-var]
        try:
            names = _FIELDS[cls] = _copyable_fields(cls)
        except TypeError:
            _PLAIN.add(cls)
            return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    return _copy(record, cls, names, changes)  # what `evolve` does, without packing the changes again
