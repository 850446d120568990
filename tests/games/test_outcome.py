"""The typed result (umpire/games/outcome.py): winners, a ranking with shared places, eliminations, each with its reason."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.games.outcome import Elimination, Outcome, Placing, rank


def test_an_outcome_names_its_winners_ranking_and_eliminations_with_their_reasons() -> None:
    o = Outcome(
        summary="Uri and Hedger share the win on 7 points.",
        winners=("Uri", "Hedger"),
        why="7 points each, and the same coins left",
        ranking=(
            Placing(player="Uri", place=1, why="7 points"),
            Placing(player="Hedger", place=1, why="7 points"),
            Placing(player="Yuna", place=3),
        ),
        eliminated=(Elimination(player="Yuna", why="no coins left in round 3"),),
    )
    assert o.shared and o.place_of("Yuna") == Placing(player="Yuna", place=3) and o.place_of("Zed") is None
    assert o.order(("Hedger", "Yuna", "Zed", "Uri")) == ["Uri", "Hedger", "Yuna", "Zed"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"summary": " "}, "an outcome says its result in a sentence"),
        ({"winners": ("A", "A")}, "a winner is named once"),
        ({"winners": ("C",), "ranking": (Placing(player="A", place=1),)}, r"the winners \['C'\] are not in the ranking"),
        ({"ranking": (Placing(player="A", place=1), Placing(player="A", place=2))}, "places each player once"),
        ({"ranking": (Placing(player="A", place=2), Placing(player="B", place=1))}, "best first from place 1"),
        ({"ranking": (Placing(player="A", place=1), Placing(player="B", place=1), Placing(player="C", place=2))}, r"\(1, 1, 3\)"),
    ],
)
def test_an_outcome_that_cannot_be_true_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Outcome(**{"summary": "over", **kwargs})


@given(scores=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=8), draw=st.booleans())
def test_a_ranking_is_best_first_with_ties_sharing_a_place_unless_the_draw_breaks_them(scores: list[tuple[int, int]], draw: bool) -> None:
    names = tuple(f"P{i}" for i in range(len(scores)))
    order = tuple(reversed(range(len(scores)))) if draw else ()
    ranking = rank(names, scores, why=lambda s: f"{scores[s][0]} points", draw=order)
    Outcome(summary="over", ranking=ranking)  # a valid ranking
    seat = {n: i for i, n in enumerate(names)}
    got = [scores[seat[p.player]] for p in ranking]
    assert got == sorted(scores, reverse=True)
    for a, b in itertools.pairwise(ranking):
        same = scores[seat[a.player]] == scores[seat[b.player]]
        if draw:
            assert b.place == a.place + 1 and (not same or order.index(seat[a.player]) < order.index(seat[b.player]))
        else:
            assert (b.place == a.place) == same
    assert ranking[0].why == f"{scores[seat[ranking[0].player]][0]} points"
