"""Scores, chips, money and tokens over time, as inline SVG written here (no plotting library).

The numbers come from what the game says everyone may know after each entry (`knowledge(None)`):
any field that gives each player a number (`chips: {Hedger: 12, Uri: 30}`, or a number inside each
player's record: `players: {Hedger: {money: 154}}`). A field that never changes is left out.
Lines are drawn as steps (a value holds until a ruling changes it) against the game clock.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from umpire.core.clock import fmt_stamp
from umpire.games.base import JSON

W, H = 400, 190  # the drawing's units (it scales to the page's width)
LEFT, RIGHT, TOP, BOTTOM = 44, 8, 10, 24
COLOURS = 8  # line colours (CSS classes c0…c7); past them, the same colours dashed
LABELS = {  # what a field is called on the page, in the order plots are shown
    "scores": "Score",
    "score": "Score",
    "chips": "Chips",
    "money": "Money",
    "tokens": "Tokens of Life",
    "gsp": "Goofspiel points",
    "ghp": "Gyul Hap points",
    "ep": "Expressions points",
    "pending": "Money pending",
    "strikes": "Strikes",
    "reserve_seconds": "Reserve time (seconds)",
}
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(kw_only=True)
class Series:
    """One plotted field: each player's values over the game clock."""

    key: str
    label: str
    lines: dict[str, list[tuple[int, float]]]  # player -> (game time, value), in order


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


def fields(knowledge: dict[str, JSON], players: Sequence[str]) -> Iterator[tuple[str, str, float]]:
    """Every (field, player, number) in one sample: `key` or `key.field`, by player."""
    names = set(players)
    for key, value in knowledge.items():
        if not isinstance(value, dict) or not value or not set(value) <= names:
            continue
        for player, v in value.items():
            if isinstance(v, dict):
                for sub, x in v.items():
                    got = number(x)
                    if got is not None:
                        yield f"{key}.{sub}", player, got
            else:
                got = number(v)
                if got is not None:
                    yield key, player, got


def label(key: str) -> str:
    """A field's name on the page.

    >>> label("players.gsp"), label("chips"), label("odd_field")
    ('Goofspiel points', 'Chips', 'Odd field')
    """
    last = key.rsplit(".", 1)[-1]
    return LABELS.get(last, last.replace("_", " ").capitalize())


def series(samples: Sequence[tuple[int, dict[str, JSON]]], players: Sequence[str]) -> list[Series]:
    """The fields worth a plot: numbers per player that change during the match, known ones first."""
    found: dict[str, dict[str, list[tuple[int, float]]]] = {}
    for t, knowledge in samples:
        for key, player, value in fields(knowledge, players):
            line = found.setdefault(key, {}).setdefault(player, [])
            if not line or line[-1][1] != value or line[-1][0] != t:
                line.append((t, value))
    out = [
        Series(key=key, label=label(key), lines={p: lines[p] for p in players if p in lines})
        for key, lines in found.items()
        if len({v for line in lines.values() for _, v in line}) > 1 and any(len(line) > 1 for line in lines.values())
    ]
    order = list(LABELS)
    out.sort(key=lambda s: order.index(s.key.rsplit(".", 1)[-1]) if s.key.rsplit(".", 1)[-1] in order else len(order))
    return out


def _fmt(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:g}"


def svg(s: Series, ident: str) -> Markup:
    """One series as an SVG line chart (step lines, the game clock across, the value up)."""
    points = [p for line in s.lines.values() for p in line]
    t0, t1 = min(t for t, _ in points), max(t for t, _ in points)
    v0, v1 = min(0.0, min(v for _, v in points)), max(v for _, v in points)
    if v1 == v0:
        v1 = v0 + 1
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
        dash = ' stroke-dasharray="5 3"' if i >= COLOURS else ""
        paths.append(f'<path class="c{i % COLOURS}" d="{d}"{dash}><title>{escape(player)}</title></path>')
    final = "; ".join(f"{player} {_fmt(line[-1][1])}" for player, line in s.lines.items())
    grid = "".join(
        f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text class="tick" x="{LEFT - 4}" y="{y(v) + 4:.1f}" text-anchor="end">{_fmt(v)}</text>'
        for v in sorted({v0, v1, round((v0 + v1) / 2)})
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
