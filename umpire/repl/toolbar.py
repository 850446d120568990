"""The REPL's bottom toolbar: one line that fits the terminal, the most urgent first.

Its parts, in order: the game clock (or PAUSED), the game's running clocks (which say whose move it
is, where a move is timed), the DMs waiting to be sent, the companion's word (the Discord bot's),
the typed line's problem, then the game's `where`, a part at a time, most important first (whose
turn it is, or what the game waits for; then the round, the balances, the game's name). The clocks
and the DMs always show; the problem is shortened with “…” to the room left; of the rest, each part
shows whole or not at all, and none after one that does not fit. So at 80 columns a part is never
cut in the middle (“· tur”): what does not fit is left out, the least urgent first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from prompt_toolkit.formatted_text import HTML
from prompt_toolkit.utils import get_cwidth

SEP = " · "
MIN_PROBLEM = 12  # columns worth showing of a typed line's problem, "…" included; with fewer left it is left out


class Keep(Enum):
    """How a part yields to a narrow terminal."""

    ALWAYS = "always"  # shown whatever the width (the clocks, the DMs waiting)
    SHORTEN = "shorten"  # cut with “…” to the room left (the typed line's problem)
    WHOLE = "whole"  # shown whole if it fits, else left out with every part after it


@dataclass(frozen=True, slots=True)
class Part:
    """One part of the toolbar: its text and style (a tag of the REPL's style: "b", "warn", "paused"; "" plain)."""

    text: str
    style: str = ""
    keep: Keep = Keep.WHOLE


def fitted(parts: Sequence[Part], width: int) -> list[Part]:
    """The parts that fit in `width` columns, in order (see the module's docstring)."""
    out: list[Part] = []
    used = 0
    closed = False  # a WHOLE part did not fit: none after it shows
    for p in parts:
        if not p.text:
            continue
        sep = get_cwidth(SEP) if out else 0
        w = get_cwidth(p.text)
        if p.keep is Keep.ALWAYS:
            out.append(p)
            used += sep + w
        elif p.keep is Keep.SHORTEN and not closed:
            room = width - used - sep
            if w <= room:
                out.append(p)
                used += sep + w
            elif room >= MIN_PROBLEM:
                out.append(Part(text=_shortened(p.text, room), style=p.style, keep=p.keep))
                used = width
        elif not closed and used + sep + w <= width:
            out.append(p)
            used += sep + w
        else:
            closed = True
    return out


def _shortened(text: str, room: int) -> str:
    """`text` cut to `room` columns, “…” last."""
    out, used = [], 1
    for ch in text:
        w = get_cwidth(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + "…"


def html(parts: Sequence[Part]) -> HTML:
    """The parts as the toolbar's formatted text (each text escaped; styled by its tag)."""
    template = SEP.join(f"<{p.style}>{{}}</{p.style}>" if p.style else "{}" for p in parts)
    return HTML(template).format(*(p.text for p in parts))


def where_parts(where: str) -> list[Part]:
    """A game's `where` as its parts (it separates them with “ · ”, most important first)."""
    return [Part(text=w) for w in where.split(SEP) if w]
