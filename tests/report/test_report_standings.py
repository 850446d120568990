"""The report's standings and plots, built from the facts each game declares: the deciding number
first and agreeing with the result (its rounding said beside it), and plots people read (round
ticks, a zero line, one step per moment, overlapping lines told apart)."""

from __future__ import annotations

import html
import itertools
import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.report.conftest import Report
from umpire.games.facts import Fact
from umpire.games.outcome import Outcome, Placing
from umpire.report import plots
from umpire.report.match import collect
from umpire.report.page import result, table

PLAYERS = ("Hedger", "Uri")


def test_the_deciding_fact_comes_first_whatever_the_order_it_is_declared_in() -> None:
    facts = (
        Fact(key="reserve", label="Reserve time (seconds)"),
        Fact(key="score", label="Final score", decides=True, note="rounded up"),
    )
    t = table({"reserve": {"Hedger": 30, "Uri": 12}, "score": {"Hedger": 4, "Uri": 3}}, PLAYERS, facts)
    assert [c.label for c in t.columns] == ["Final score", "Reserve time (seconds)"]
    assert [(r.name, r.cells) for r in t.rows] == [("Hedger", ["4", "30"]), ("Uri", ["3", "12"])]
    assert t.notes == ["Final score: rounded up."]


def test_a_fact_alike_for_everyone_or_repeating_another_is_left_out_unless_it_decides() -> None:
    facts = (
        Fact(key="chips", label="Chips", decides=True),
        Fact(key="strikes", label="Strikes"),
        Fact(key="copy", label="Copy of chips"),
        Fact(key="ec", label="Elimination candidate (EC)"),
    )
    knowledge = {"chips": {"Hedger": 5, "Uri": 5}, "strikes": {"Hedger": 0, "Uri": 0}, "copy": {"Hedger": 5, "Uri": 5}, "ec": {"Uri": True}}
    t = table(knowledge, PLAYERS, facts)
    assert [c.label for c in t.columns] == ["Chips", "Elimination candidate (EC)"]
    assert [r.cells for r in t.rows] == [["5", ""], ["5", "yes"]]


def test_a_ranking_orders_the_rows_and_numbers_their_places_shown_past_two_players() -> None:
    ranking = (Placing(player="Uri", place=1), Placing(player="Hedger", place=2))
    outcome = Outcome(summary="Uri wins.", winners=("Uri",), ranking=ranking)
    t = table({"score": {"Hedger": 1, "Uri": 9}}, PLAYERS, (Fact(key="score", label="Score", decides=True),), outcome)
    assert [(r.place, r.name) for r in t.rows] == [("1", "Uri"), ("2", "Hedger")] and t.winners == ("Uri",)
    assert not t.ranked  # two players: the winner's mark says it all, and a phone keeps the room for the score
    three = (*ranking, Placing(player="Yuna", place=3))
    t = table(
        {"score": {"Hedger": 1, "Uri": 9, "Yuna": 0}},
        (*PLAYERS, "Yuna"),
        (Fact(key="score", label="Score", decides=True),),
        Outcome(summary="Uri wins.", winners=("Uri",), ranking=three),
    )
    assert t.ranked and [(r.place, r.name) for r in t.rows] == [("1", "Uri"), ("2", "Hedger"), ("3", "Yuna")]


def test_places_shared_by_a_tie_are_shown_as_the_result_ranks_them() -> None:
    ranking = (Placing(player="Hedger", place=1), Placing(player="Uri", place=1))
    outcome = Outcome(summary="Hedger and Uri share the win.", winners=("Hedger", "Uri"), ranking=ranking)
    t = table({"score": {"Hedger": 4, "Uri": 4}}, PLAYERS, (Fact(key="score", label="Score", decides=True),), outcome)
    assert [(r.place, r.name) for r in t.rows] == [("1", "Hedger"), ("1", "Uri")] and t.winners == ("Hedger", "Uri")


@pytest.mark.parametrize("name", ["hap-tac-toe", "when-stars-align"])  # the results that state a score
def test_the_result_and_the_standings_show_the_same_numbers(reports: dict[str, Report], name: str) -> None:
    """Where the result says “X won, A to B” the deciding column shows A for X and B for the other (R-HTT-2: the
    rounded final score, its rounding said under the table)."""
    match = collect(reports[name].journal)
    said = re.fullmatch(r"(.+) won, (-?[\d.]+) to (-?[\d.]+)", result(match))
    assert said is not None, result(match)
    winner, high, low = said.groups()
    t = table(match.knowledge, match.players, match.facts)
    assert t.columns[0].decides
    cells = {r.name: r.cells[0] for r in t.rows}
    assert cells.pop(winner) == high and list(cells.values()) == [low]
    page = html.unescape(reports[name].html.decode("utf-8"))
    if t.columns[0].label == "Final score":
        assert "Final score: the points of both games added up, then rounded up once at the end (R-HTT-2)" in page
        assert "Points" in [c.label for c in t.columns], "the exact points stand beside the rounded score"


def test_r_htt_2_hap_tac_toe_shows_the_rounded_final_score_beside_the_exact_points(reports: dict[str, Report]) -> None:
    match = collect(reports["hap-tac-toe"].journal)
    t = table(match.knowledge, match.players, match.facts)
    assert [c.label for c in t.columns][:2] == ["Final score", "Points"]
    assert {r.name: r.cells[:2] for r in t.rows} == {"Hedger": ["4", "4"], "Uri": ["3", "2.5"]}


# ---------------------------------------------------------------- plots


@given(st.integers(-(10**7), 10**7), st.integers(1, 10**7), st.booleans())
def test_ticks_are_round_evenly_spaced_and_cover_the_values(low: int, width: int, whole: bool) -> None:
    """Any range of game numbers (whole, or in hundredths: scores of halves, money, seconds)."""
    lo, span = (float(low), float(width)) if whole else (low / 100, width / 100)
    hi = lo + span
    marks = plots.ticks(lo, hi, whole=whole)
    assert marks[0] <= lo + 1e-9 and marks[-1] >= hi - 1e-9
    assert 2 <= len(marks) <= plots.TICKS + 1
    step = marks[1] - marks[0]
    power = 10 ** math.floor(math.log10(step) + 1e-9)
    assert round(step / power, 6) in (1, 2, 5), f"step {step}"
    assert all(math.isclose(b - a, step, rel_tol=1e-6) for a, b in itertools.pairwise(marks))
    assert all(math.isclose(m / step, round(m / step), abs_tol=1e-6) for m in marks), "every tick a multiple of the step"
    if whole:
        assert step >= 1


def series(lines: dict[str, list[tuple[int, float]]], end: int = 100) -> plots.Series:
    return plots.Series(key="k", label="Points", lines=lines, end=end)


def test_the_ticks_are_round_not_the_lowest_middle_and_highest_value() -> None:
    drawing = plots.svg(series({"Hedger": [(0, 0.0), (50, 4.0)], "Uri": [(0, 0.0), (60, -2.5)]}), "p")
    assert re.findall(r'class="tick"[^>]*text-anchor="end">(-?[\d.]+)<', drawing) == ["-4", "-2", "0", "2", "4"]


def test_a_zero_line_is_drawn_where_values_cross_zero_and_only_there() -> None:
    crossing = plots.svg(series({"Hedger": [(0, 0.0), (50, 4.0)], "Uri": [(0, 0.0), (60, -2.5)]}), "p")
    assert crossing.count('class="zero"') == 1
    y_zero = re.search(r'<line class="zero" x1="\d+" x2="\d+" y1="([\d.]+)"', crossing)
    y_tick = re.search(r'y="([\d.]+)" text-anchor="end">0<', crossing)
    assert y_zero and y_tick and float(y_tick.group(1)) - float(y_zero.group(1)) == pytest.approx(4)
    above = plots.svg(series({"Hedger": [(0, 1.0), (50, 4.0)], "Uri": [(0, 2.0), (60, 3.0)]}), "p")
    assert 'class="zero"' not in above


def test_changes_at_one_moment_draw_one_step_not_a_spike() -> None:
    fact = Fact(key="chips", label="Chips")
    samples = [
        (0, {"chips": {"Hedger": 10, "Uri": 10}}),
        (5, {"chips": {"Hedger": 12, "Uri": 5}}),  # two entries ruled at 0:05: Hedger up twice, Uri down and back
        (5, {"chips": {"Hedger": 15, "Uri": 10}}),
        (9, {"chips": {"Hedger": 15, "Uri": 8}}),
    ]
    (s,) = plots.series(samples, PLAYERS, (fact,))
    assert s.lines == {"Hedger": [(0, 10.0), (5, 15.0)], "Uri": [(0, 10.0), (9, 8.0)]}
    d = re.findall(r'<path class="c0" d="([^"]+)"', plots.svg(s, "p"))[0]
    assert d.count("V") == 1, f"one rise for Hedger: {d}"


def test_overlapping_lines_are_told_apart_by_their_dash_and_the_legend_says_so() -> None:
    same = series({"Hedger": [(0, 1.0), (40, 3.0)], "Uri": [(0, 1.0), (40, 3.0), (70, 2.0)]})
    chart = plots.chart(same, "p")
    strokes = re.findall(r'<path class="c(\d)" d="[^"]+" stroke-width="([\d.]+)"( stroke-dasharray="[^"]+")?', chart.drawing)
    assert len(strokes) == 2 and strokes[0] != strokes[1]
    assert strokes[0][2] == "" and strokes[1][2], "the first solid and wider, the one over it dashed"
    assert float(strokes[0][1]) > float(strokes[1][1])
    assert [(p, how) for p, _, how in chart.legend] == [("Hedger", "solid"), ("Uri", "dashed")]
    assert all(
        f'stroke-dasharray="{plots.stroke(i)[1]}"' in sample or not plots.stroke(i)[1] for i, (_, sample, _) in enumerate(chart.legend)
    )
    assert chart.overlap == "Where values are equal the lines lie on one another: Uri's dashed line runs over Hedger's solid one."
    apart = plots.chart(series({"Hedger": [(0, 1.0), (40, 3.0)], "Uri": [(0, 2.0), (40, 4.0)]}), "p")
    assert apart.overlap == ""
