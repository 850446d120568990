"""`evolve` gives what `dataclasses.replace` gives, and refuses the records it could not copy faithfully."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.core.evolve import evolve


@dataclass(frozen=True, kw_only=True)
class Record:
    seat: int
    claims: tuple[int, ...] = ()
    note: str | None = None

    @property
    def busy(self) -> bool:
        return bool(self.claims)


@given(
    seat=st.integers(0, 12),
    claims=st.lists(st.integers(0, 24), max_size=5).map(tuple),
    changes=st.dictionaries(st.sampled_from(["seat", "claims", "note"]), st.one_of(st.integers(0, 9), st.text(max_size=3))),
)
def test_evolve_gives_what_replace_gives(seat: int, claims: tuple[int, ...], changes: dict[str, object]) -> None:
    record = Record(seat=seat, claims=claims)
    evolved = evolve(record, **changes)
    assert evolved == dataclasses.replace(record, **changes)
    assert type(evolved) is Record
    assert record == Record(seat=seat, claims=claims)  # the original is unchanged
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolved.seat = 3  # type: ignore[misc]


def test_evolve_refuses_a_field_the_record_does_not_have() -> None:
    with pytest.raises(TypeError, match="Record has no field 'seats'"):
        evolve(Record(seat=1), seats=2)


@dataclass(frozen=True)
class Checked:
    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("n must not be negative")


@dataclass
class Mutable:
    n: int


@dataclass(frozen=True)
class Derived:
    n: int
    double: int = field(init=False, default=0)


@dataclass(frozen=True)
class Cached:
    n: int

    @functools.cached_property
    def square(self) -> int:
        return self.n * self.n


@pytest.mark.parametrize(
    ("record", "why"),
    [
        (Checked(1), "Checked has __post_init__ or __slots__: use dataclasses.replace"),
        (Mutable(1), "evolve() takes a frozen dataclass, not Mutable"),
        (Derived(1), "Derived has fields outside __init__: use dataclasses.replace"),
        (Cached(1), "Cached caches properties: use dataclasses.replace"),
    ],
)
def test_evolve_refuses_records_a_copy_would_get_wrong(record: object, why: str) -> None:
    with pytest.raises(TypeError) as err:
        evolve(record, n=2)
    assert str(err.value) == why


@dataclass(frozen=True)
class Timed:
    due: int
    steps: tuple[int, ...] = field(init=False, default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", (self.due - 10, self.due))


def test_replace_copies_a_record_evolve_can_copy_as_dataclasses_replace_would() -> None:
    from umpire.core.evolve import replace

    r = Record(seat=2, claims=(1, 2))
    assert replace(r, note="x") == dataclasses.replace(r, note="x") == Record(seat=2, claims=(1, 2), note="x")


def test_replace_leaves_a_record_with_post_init_to_dataclasses_replace() -> None:
    from umpire.core.evolve import replace

    again = replace(Timed(due=60), due=90)
    assert again == dataclasses.replace(Timed(due=60), due=90) and again.steps == (80, 90)  # worked out again, not copied stale


def test_replace_refuses_a_field_the_record_does_not_have() -> None:
    from umpire.core.evolve import replace

    with pytest.raises(TypeError):
        replace(Record(seat=1), goals=3)
    with pytest.raises(TypeError):
        replace(Timed(due=1), goals=3)
