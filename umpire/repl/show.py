"""How outputs look in the host's terminal; announcements stay paste-ready.

A batch of outputs (everything one line or one pasted burst made) is put into text once and
written to the terminal in one write. A view's table is drawn here with the box rich draws, not
cell by cell through rich, which cost up to ~100 times what building the view did; a table
wider than the terminal has its widest columns narrowed and their cells wrapped, as rich does.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from umpire.core import chat
from umpire.games.base import View
from umpire.render import answered, audience_label
from umpire.repl.terminal import BOLD, CYAN, DIM, GREEN, ITALIC, Terminal
from umpire.repl.terminal import plain as _plain
from umpire.session import Output


def show(term: Terminal, outputs: Iterable[Output], names: tuple[str, ...]) -> None:
    """Print session outputs: public text and DMs verbatim (to paste), host notes broken between
    words at the terminal's width, refusals red.

    Every string shown is passed through `printable` first: a player's pasted escape sequence
    (clear term, colours, a terminal title, an OSC 52 clipboard write) is shown, never obeyed.
    """
    width = term.width
    parts: list[str] = []
    for o in outputs:
        parts += text_of(o, names, term, width)
    term.write(parts)


def text_of(o: Output, names: tuple[str, ...], term: Terminal, width: int) -> list[str]:
    """The lines one output shows in the terminal (a line may hold line breaks)."""
    if o.kind == "announce":
        if not o.text:
            return []
        if o.audience.public:
            parts = chat.split(o.text)
            out = []
            for i, part in enumerate(parts):
                label = "post" if len(parts) == 1 else f"post {i + 1}/{len(parts)}"
                out += [rule(label, width, term), _plain(part)]
            return out
        label = f"{audience_label(o.audience, names)} {o.text}"
        if o.audience.kind == "host":  # the host's own note: broken between words (a DM shows as it is sent)
            return [term.fill([(_plain(label), CYAN)])]
        return [term.paint(_plain(label), CYAN)]
    if o.kind == "refusal":
        return [term.refusal(o.input or "", o.text, to=answered(o, names))]
    if o.kind == "view" and o.view is not None:
        return view_text(o.view, term, width)
    return [term.fill([(_plain(o.text),)])]  # the REPL's notes to the host


def view_text(v: View, term: Terminal, width: int) -> list[str]:
    """A host view: its table (or its title alone), its notes, then the chat text under a rule."""
    out = [*table(v, term, width)] if v.columns else [term.fill([(_plain(v.title), BOLD)])]
    out += [_plain(n) for n in v.notes]
    if v.chat:
        out += [rule("chat text", width, term), _plain(v.chat)]
    return out


def rule(label: str, width: int, term: Terminal) -> str:
    """A labelled rule across the terminal, as rich's `Console.rule(align="left")` draws it."""
    return term.paint(label, DIM, GREEN) + " " + term.paint("─" * max(0, width - cell_len(label) - 1), DIM, GREEN)


def _cells(v: View) -> list[list[list[str]]]:
    """Every cell of the table (the header first) as its lines, made safe to show."""
    return [[_plain(str(c)).split("\n") for c in row] for row in (v.columns, *v.rows)]


def cell_len(text: str) -> int:
    """Columns `text` takes on a terminal: its length where it is ASCII, else as rich counts it (rich loaded then only)."""
    if text.isascii():
        return len(text)
    from rich.cells import cell_len as rich_cell_len

    return rich_cell_len(text)


def _widths(cells: list[list[list[str]]], columns: int) -> list[int]:
    """Each column's width: its widest line."""
    widths = [0] * columns
    for row in cells:
        for i, lines in enumerate(row):
            for line in lines:
                w = cell_len(line)
                if w > widths[i]:
                    widths[i] = w
    return widths


def _narrowed(cells: list[list[list[str]]], widths: list[int], room: int) -> tuple[list[list[list[str]]], list[int]]:
    """A table too wide for the terminal: its widest columns narrowed a character at a time until it fits
    (as rich narrows a table), and every cell wrapped to its column at spaces (a word wider than it, cut)."""
    allowed = list(widths)
    while sum(allowed) + 3 * len(allowed) + 1 > room and max(allowed) > 1:
        widest = max(allowed)
        allowed[len(allowed) - 1 - allowed[::-1].index(widest)] -= 1  # of equally wide ones, the rightmost first
    wrapped = [[[piece for line in lines for piece in _wrap(line, w)] for lines, w in zip(row, allowed, strict=True)] for row in cells]
    return wrapped, allowed


def _wrap(line: str, width: int) -> list[str]:
    if cell_len(line) <= width:
        return [line]
    return textwrap.wrap(line, width=width, break_on_hyphens=False) or [""]


def table(v: View, term: Terminal, room: int = 10**6) -> list[str]:
    """The view's table with rich's default box (a heavy head): the title, then every row, each cell padded by a space.

    A table wider than `room` (the terminal's width) has its widest columns narrowed and their cells wrapped.
    """
    cells = _cells(v)
    widths = _widths(cells, len(v.columns))
    if sum(widths) + 3 * len(widths) + 1 > room:
        cells, widths = _narrowed(cells, widths, room)

    def border(left: str, fill: str, mid: str, right: str) -> str:
        return left + mid.join(fill * (w + 2) for w in widths) + right

    def row(lines_of: Sequence[list[str]], bar: str, *style: str) -> list[str]:
        height = max(len(lines) for lines in lines_of)
        out = []
        for k in range(height):
            texts = []
            for lines, w in zip(lines_of, widths, strict=True):
                text = lines[k] if k < len(lines) else ""
                cell = f" {text}{' ' * (w - cell_len(text))} "
                texts.append(term.paint(cell, *style) if style else cell)
            out.append(bar + bar.join(texts) + bar)
        return out

    out = [term.fill([(_plain(v.title), ITALIC)])] if v.title else []  # broken between words, as the REPL's notes
    out.append(border("┏", "━", "┳", "┓"))
    out += row(cells[0], "┃", BOLD)
    out.append(border("┡", "━", "╇", "┩"))
    for r in cells[1:]:
        out += row(r, "│")
    out.append(border("└", "─", "┴", "┘"))
    return out
