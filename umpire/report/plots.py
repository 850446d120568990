"""Scores, chips, money and tokens over time, as inline SVG written here (no plotting library).

What is plotted is what the game declares (`Game.facts`, umpire/games/facts.py): each public
fact about every player that is a number and changes during the match, titled with the fact's
own label, its values read from what everyone may know after each entry (`knowledge(None)`).

A value holds until a ruling changes it, so lines are steps against the game clock; changes at one
moment (two entries ruled at the same game time) make one step to where they end, never a spike.
The value axis has round ticks (1, 2 or 5 times a power of ten) and a zero line where values
cross zero. Each player's line has its own colour and dash pattern, drawn widest first, so where
two players' values are equal the later, narrower, dashed line runs on top of the earlier one and
both show; the legend draws each line's pattern and says so.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from umpire.core.clock import fmt_stamp
from umpire.games.base import JSON
from umpire.games.facts import Fact

W, H = 400, 190  # the drawing's units (it scales to the page's width)
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 24
COLOURS = 8  # line colours (CSS classes c0…c7)
TICKS = 5  # at most this many intervals on the value axis
# Each line's stroke, in drawing order: (width, dash pattern, its name in the legend). The first is widest
# and solid; the ones after are narrower and dashed, so a line drawn over another with equal values lets it show.
STROKES = (
    (4.0, "", "solid"),
    (2.0, "7 4", "dashed"),
    (2.0, "2 3", "dotted"),
    (2.0, "9 3 2 3", "dash-dot"),
)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(kw_only=True)
class Series:
    """One plotted fact: each player's values over the game clock."""

    key: str
    label: str
    lines: dict[str, list[tuple[int, float]]]  # player -> (game time, value), in order, one point per moment
    end: int = 0  # the game time the match's journal ends at: every plot runs to it


def number(value: JSON) -> float | None:
    """A value as a number if it is one (a numeric text included: some scores are texts).

    >>> number(3), number("105"), number("x"), number(True)
    (3.0, 105.0, None, None)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and _NUMBER.fullmatch(value):
        return float(value)
    return None


def step(line: list[tuple[int, float]], t: int, value: float) -> None:
    """Add the value at game time `t` to a line of steps: a later change at the same moment replaces the earlier
    one (one step to where the moment ends), and a value that does not change adds nothing.

    >>> line = [(0, 10.0)]
    >>> for t, v in [(5, 12.0), (5, 10.0), (6, 10.0), (8, 3.0), (8, 4.0)]:
    ...     step(line, t, v)
    >>> line
    [(0, 10.0), (8, 4.0)]
    """
    if line and line[-1][0] == t:
        line.pop()
    if not line or line[-1][1] != value:
        line.append((t, value))


def series(samples: Sequence[tuple[int, dict[str, JSON]]], players: Sequence[str], facts: Sequence[Fact]) -> list[Series]:
    """The facts worth a plot, in the game's order: numbers per player that change during the match."""
    out = []
    end = max((t for t, _ in samples), default=0)
    for fact in facts:
        if not fact.plot:
            continue
        lines: dict[str, list[tuple[int, float]]] = {}
        for t, knowledge in samples:
            for player, value in fact.values(knowledge, players).items():
                got = number(value)
                if got is not None:
                    step(lines.setdefault(player, []), t, got)
        values = {v for line in lines.values() for _, v in line}
        if len(values) > 1 and any(len(line) > 1 for line in lines.values()):
            out.append(Series(key=fact.key, label=fact.label, lines={p: lines[p] for p in players if p in lines}, end=end))
    return out


def _fmt(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:g}"


def ticks(lo: float, hi: float, *, whole: bool = False) -> list[float]:
    """Round values for the value axis, from at or below `lo` to at or above `hi`: every multiple of one step
    (1, 2 or 5 times a power of ten, at least 1 for `whole` numbers), at most `TICKS` intervals.

    >>> ticks(-2.5, 4), ticks(0, 300), ticks(104, 229)
    ([-4.0, -2.0, 0.0, 2.0, 4.0], [0.0, 100.0, 200.0, 300.0], [100.0, 150.0, 200.0, 250.0])
    >>> ticks(0, 2), ticks(0, 2, whole=True), ticks(3, 3, whole=True)
    ([0.0, 0.5, 1.0, 1.5, 2.0], [0.0, 1.0, 2.0], [3.0, 4.0])
    """
    if hi <= lo:
        hi = lo + 1
    power = 10.0 ** math.floor(math.log10((hi - lo) / TICKS))
    for mult in (1, 2, 5, 10, 20, 50):
        size = mult * power
        if whole and size < 1:
            continue
        first, last = math.floor(lo / size + 1e-9), math.ceil(hi / size - 1e-9)
        if last - first <= TICKS:
            return [round(k * size, 10) + 0.0 for k in range(first, last + 1)]
    raise AssertionError("a step of 50 powers covers any span")  # pragma: no cover - 50 × power > span


def overlapping(s: Series) -> list[tuple[str, str]]:
    """The pairs of players whose lines lie on one another somewhere (equal values over a stretch of the clock)."""
    end = max(s.end, *(t for line in s.lines.values() for t, _ in line))
    times = sorted({t for line in s.lines.values() for t, _ in line})
    stretches = [(t, nxt) for t, nxt in zip(times, [*times[1:], end + 1], strict=True) if nxt > t]

    def at(line: list[tuple[int, float]], t: int) -> float | None:
        held = [v for when, v in line if when <= t]
        return held[-1] if held else None

    names = list(s.lines)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if any(at(s.lines[a], t) is not None and at(s.lines[a], t) == at(s.lines[b], t) for t, _ in stretches):
                out.append((a, b))
    return out


def stroke(i: int) -> tuple[float, str, str]:
    """Line `i`'s width, dash pattern and name in the legend (past the patterns, they start again)."""
    return STROKES[i % len(STROKES)]


def swatch(i: int) -> Markup:
    """A short sample of line `i` for the legend: its colour, width and dash pattern."""
    width, dash, _ = stroke(i)
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return Markup(
        f'<svg class="swatch" viewBox="0 0 36 10" width="36" height="10" aria-hidden="true">'
        f'<line class="c{i % COLOURS}" x1="0" y1="5" x2="36" y2="5" stroke-width="{width}"{dashed}/></svg>'
    )


@dataclass(kw_only=True)
class Chart:
    """A plot as the page shows it: the drawing, its legend and what the legend says of lines that overlap."""

    series: Series
    drawing: Markup
    legend: list[tuple[str, Markup, str]]  # (player, a sample of their line, how it is drawn: "solid", "dashed"…)
    overlap: str  # which lines lie on one another and how they are told apart, or ""


def chart(s: Series, ident: str) -> Chart:
    """The drawing of one series, with a legend of each player's line and a word on lines that overlap."""
    legend = [(player, swatch(i), stroke(i)[2]) for i, player in enumerate(s.lines)]
    order = list(s.lines)
    said = [f"{b}'s {stroke(order.index(b))[2]} line runs over {a}'s {stroke(order.index(a))[2]} one" for a, b in overlapping(s)]
    overlap = f"Where values are equal the lines lie on one another: {'; '.join(said)}." if said else ""
    return Chart(series=s, drawing=svg(s, ident), legend=legend, overlap=overlap)


def svg(s: Series, ident: str) -> Markup:
    """One series as an SVG line chart (step lines, the game clock across, the value up)."""
    points = [p for line in s.lines.values() for p in line]
    t0, t1 = min(t for t, _ in points), max(s.end, *(t for t, _ in points))
    marks = ticks(min(v for _, v in points), max(v for _, v in points), whole=all(v == int(v) for _, v in points))
    v0, v1 = marks[0], marks[-1]
    span_t = (t1 - t0) or 1

    def x(t: int) -> float:
        return LEFT + (W - LEFT - RIGHT) * (t - t0) / span_t

    def y(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - (v - v0) / (v1 - v0))

    paths = []
    for i, (player, line) in enumerate(s.lines.items()):
        d = f"M{x(line[0][0]):.1f} {y(line[0][1]):.1f}"
        for t, v in line[1:]:
            d += f"H{x(t):.1f}V{y(v):.1f}"
        d += f"H{x(t1):.1f}"
        width, dash, _ = stroke(i)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        paths.append(f'<path class="c{i % COLOURS}" d="{d}" stroke-width="{width}"{dashed}><title>{escape(player)}</title></path>')
    final = "; ".join(f"{player} {_fmt(line[-1][1])}" for player, line in s.lines.items())
    grid = "".join(
        f'<line class="{"zero" if v == 0 and v0 < 0 < v1 else "grid"}" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text class="tick" x="{LEFT - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{_fmt(v)}</text>'
        for v in marks
    )
    axis = (
        f'<text class="tick" x="{LEFT}" y="{H - 6}">{fmt_stamp(t0)}</text>'
        f'<text class="tick" x="{W - RIGHT}" y="{H - 6}" text-anchor="end">{fmt_stamp(t1)}</text>'
    )
    return Markup(
        f'<svg class="plot" viewBox="0 0 {W} {H}" role="img" aria-labelledby="{ident}-t {ident}-d">'
        f'<title id="{ident}-t">{escape(s.label)} over the game clock</title>'
        f'<desc id="{ident}-d">At the end: {escape(final)}</desc>'
        f"{grid}{axis}{''.join(paths)}</svg>"
    )
