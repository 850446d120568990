"""How outputs look in the host's terminal (rich); announcements stay paste-ready."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from umpire.core import chat
from umpire.render import audience_label, printable
from umpire.session import Output


def _safe(o: Output) -> Output:
    """The output with control characters in every text escaped (line breaks kept)."""
    from dataclasses import replace

    view = o.view
    if view is not None:
        view = replace(
            view,
            title=printable(view.title),
            rows=tuple(tuple(printable(c) for c in r) for r in view.rows),
            chat=_lines(view.chat),
            notes=tuple(_lines(n) for n in view.notes),
        )
    return replace(o, text=_lines(o.text), input=printable(o.input) if o.input else o.input, view=view)


def _lines(text: str) -> str:
    return "\n".join(printable(line) for line in text.split("\n"))


def show(con: Console, outputs: Iterable[Output], names: tuple[str, ...]) -> None:
    """Print session outputs: public text verbatim (to paste), host notes dim, refusals red.

    Every string shown is passed through `printable` first: a player's pasted escape sequence
    (clear screen, colours, a terminal title, an OSC 52 clipboard write) is shown, never obeyed.
    """
    for o in outputs:
        o = _safe(o)
        if o.kind == "announce":
            if not o.text:
                continue
            if o.audience.public:
                parts = chat.split(o.text)
                for i, part in enumerate(parts):
                    label = "post" if len(parts) == 1 else f"post {i + 1}/{len(parts)}"
                    con.rule(Text(label, style="dim green"), align="left", style="dim green")
                    con.print(Text(part), soft_wrap=True)
            else:
                con.print(Text(f"{audience_label(o.audience, names)} {o.text}", style="cyan"), soft_wrap=True)
        elif o.kind == "refusal":
            con.print(Text.assemble(("✗ ", "bold red"), (o.input or "", "red"), (" — ", "red"), (o.text, "bold red")), soft_wrap=True)
        elif o.kind == "view" and o.view is not None:
            v = o.view
            if v.columns:
                table = Table(title=v.title, title_justify="left")
                for c in v.columns:
                    table.add_column(c)
                for r in v.rows:
                    table.add_row(*(escape(x) for x in r))
                con.print(table)
            else:
                con.print(Text(v.title, style="bold"))
            for note in v.notes:
                con.print(Text(note))
            if v.chat:
                con.rule(Text("chat text", style="dim green"), align="left", style="dim green")
                con.print(Text(v.chat), soft_wrap=True)
        else:
            con.print(Text(o.text), soft_wrap=True)
