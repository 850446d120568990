"""The three refusal kinds: what they are called and how they read."""

from __future__ import annotations

import pytest

from umpire.core.errors import AmbiguousCommand, IllegalAction, InvalidCommand, UmpireError

KINDS = [(InvalidCommand, "InvalidCommand"), (IllegalAction, "IllegalAction"), (AmbiguousCommand, "AmbiguousCommand")]


@pytest.mark.parametrize(("cls", "kind"), KINDS)
def test_each_refusal_kind_is_an_umpire_error_with_its_kind_name(cls: type[UmpireError], kind: str) -> None:
    err = cls("p1 holds no tile 9")
    assert isinstance(err, UmpireError)
    assert isinstance(err, Exception)
    assert err.kind == kind
    assert err.reason == "p1 holds no tile 9"
    assert err.text is None


def test_the_three_refusal_kinds_are_distinct() -> None:
    assert not issubclass(InvalidCommand, IllegalAction)
    assert not issubclass(IllegalAction, AmbiguousCommand)
    assert not issubclass(AmbiguousCommand, InvalidCommand)
    with pytest.raises(IllegalAction):
        raise IllegalAction("not your turn")


def test_str_of_a_refusal_without_text_is_the_reason() -> None:
    assert str(IllegalAction("it is not your turn")) == "it is not your turn"


def test_str_of_a_refusal_names_the_input_then_the_reason() -> None:
    err = InvalidCommand("p1 holds no tile 9", text="hap 149 4")
    assert str(err) == "hap 149 4: p1 holds no tile 9"


def test_with_text_names_the_input_and_returns_the_same_refusal() -> None:
    err = IllegalAction("it is not your turn")
    same = err.with_text("p2: done")
    assert same is err
    assert err.text == "p2: done"
    assert str(err) == "p2: done: it is not your turn"


def test_with_text_keeps_a_text_already_named() -> None:
    err = AmbiguousCommand("“h” could be Hedger and Hal", text="first h")
    err.with_text("p2: first h")
    assert err.text == "first h"
    assert str(err) == "first h: “h” could be Hedger and Hal"


def test_empty_text_reads_as_the_bare_reason() -> None:
    assert str(InvalidCommand("no command", text="")) == "no command"


def test_a_refusal_carries_its_reason_as_the_exception_argument() -> None:
    err = InvalidCommand("bad", text="x")
    assert err.args == ("bad",)
