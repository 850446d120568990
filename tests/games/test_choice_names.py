"""R-NAME-1 as the Final Match reads it: a player's name or alias ignores case and spaces."""

from __future__ import annotations

import pytest

from .test_choice_support import new_session, ok, start


@pytest.mark.parametrize("name", ["p 1", "P 1", "player1", "PLAYER 1", "hedger"])
def test_r_name_1_names_ignore_case_and_spacing_so_p_1_is_p1(name: str) -> None:
    # Issue 18: R-NAME-1 says names ignore case and spacing, yet `p 1: gs 7` was refused.
    s = new_session()
    start(s)
    out = ok(s, f"{name}: gs 7")
    assert [str(o.audience) for o in out] == ["player:0"]
    assert [d.text for d in s.outbox[0]] == ["Your play for round 1: 7. You can change it until the deadline."]
