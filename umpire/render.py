"""Plain-text and JSON rendering of session outputs, shared by batch mode, replay and tests.

No terminal library here: batch output must be byte-for-byte reproducible.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from umpire.core import chat
from umpire.core.errors import UmpireError
from umpire.games.base import Audience, View, dm
from umpire.session import Output, OutputKind, Session, refusal

SPLIT_MARK = "┄┄ (continued in the next message) ┄┄"


def audience_label(audience: Audience, names: tuple[str, ...]) -> str:
    """The host's label for a post: "[host]", "[to Uri]" (a DM), or "" for a public post."""
    if audience.seat is not None:
        return f"[to {names[audience.seat]}]"
    return "" if audience.public else "[host]"


def answered(o: Output, names: tuple[str, ...]) -> str:
    """Whom a refusal answers, when it is a player (the line was theirs): "[to Uri, privately] ", for them alone and
    never to post in the channel; "" for a refusal of the host's own line."""
    return f"[to {names[o.audience.seat]}, privately] " if o.audience.seat is not None else ""


def text_lines(outputs: Iterable[Output], names: tuple[str, ...]) -> list[str]:
    """Outputs as the lines batch mode prints."""
    lines: list[str] = []
    for o in outputs:
        if o.kind == "announce":
            if not o.text:
                continue
            if o.audience.public:
                parts = chat.split(o.text)
                for i, part in enumerate(parts):
                    if i:
                        lines.append(SPLIT_MARK)
                    lines.extend(part.split("\n"))
                lines.append("")
            else:
                label = audience_label(o.audience, names)
                body = o.text.split("\n")
                lines.append(f"{label} {body[0]}")
                lines.extend("  " + b for b in body[1:])
        elif o.kind == "refusal":
            where = f"line {o.line}: " if o.line is not None else ""
            lines.append(f"✗ {answered(o, names)}{where}{printable(o.input or '')} — {printable(o.text)}")
        elif o.kind == "info" and o.audience.seat is not None:
            lines.append(f"{audience_label(o.audience, names)} (copied to send)")
            lines.extend("  " + b for b in o.text.split("\n"))
        elif o.kind == "view" and o.view is not None:
            lines.extend(view_lines(o.view))
        else:
            lines.extend(o.text.split("\n"))
    return lines


# C0 controls but tab and newline, DEL, and the C1 controls (U+0080–U+009F: U+009B alone is a CSI,
# the start of a terminal escape sequence, to many terminals).
_CONTROL = {c: f"\\x{c:02x}" for c in [*range(0, 9), *range(10, 32), 127, *range(0x80, 0xA0)]}
# The bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
# (U+200E, U+200F, U+061C). Shown raw, one reorders the rest of the line on the host's screen: an override makes
# “p1: gs 5” read backwards, or a refusal's reason look like another line's.
BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C)
_CONTROL.update({c: f"\\u{c:04x}" for c in BIDI})


def printable(text: str) -> str:
    """Echoed input with control characters shown as escapes, so a pasted escape sequence cannot drive the terminal,
    nor a bidirectional control reorder what is shown.

    >>> print(printable("a\x1b[2Jb\x9b2Jc\u202ed"))
    a\\x1b[2Jb\\x9b2Jc\\u202ed
    """
    return text.translate(_CONTROL)


_CONTROL_NOT_NEWLINE = {c: e for c, e in _CONTROL.items() if c != 10}
_ANY_CONTROL = re.compile("[" + "".join(f"\\u{c:04x}" for c in _CONTROL_NOT_NEWLINE) + "]")


def printable_lines(text: str) -> str:
    """`printable`, with the line breaks kept (text of several lines shown as lines).

    >>> print(printable_lines("a\x1b[2J\\nb"))
    a\\x1b[2J
    b
    """
    return text.translate(_CONTROL_NOT_NEWLINE) if _ANY_CONTROL.search(text) else text  # most text has none: a search is cheaper


def view_lines(view: View) -> list[str]:
    """A host view as plain text: a title, an aligned table, notes."""
    out = [f"== {view.title} =="]
    if view.columns:
        table = [view.columns, *view.rows]
        widths = [max(len(str(r[i])) for r in table) for i in range(len(view.columns))]
        for r in table:
            out.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    out.extend(view.notes)
    return out


def json_lines(outputs: Iterable[Output]) -> list[str]:
    """Outputs as JSON lines (events, refusals, views)."""
    out = []
    for o in outputs:
        obj = o.to_json()
        if obj is not None:
            out.append(dumps(obj))
    return out


# Made once: json.dumps makes one per call. Without the check for circular references (outputs and events are
# trees of fresh values): the same text in two thirds of the time, at every line of `replay --json`.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def dumps(obj: Any) -> str:
    """Compact, stable JSON for one line."""
    return _ENCODER.encode(obj)


def batch(session: Session, lines: list[str], *, json_out: bool) -> Iterator[str]:
    """Batch mode: feed a script's lines in order and yield what is printed, line by line.

    The commitment first; then each message's announcements and refusals (or, with `json_out`, one
    JSON object each); with `json_out`, last the `final` state. `quit` or `exit` ends the script.
    The lines under a Discord header are one message, judged when it ends (an empty line, the next
    header, a time line, or the end of the script). Batch mode is a front end like the REPL: it
    performs the session's actions itself (`copy NAME` prints the player's DMs and marks them sent,
    as a host who pastes them does).
    """
    names = tuple(p.name for p in session.scenario.roster)

    def render(outs: list[Output]) -> list[str]:
        return json_lines(outs) if json_out else text_lines(outs, names)

    yield from render(session.commitment_outputs())
    if lines and lines[-1] == "":
        lines = lines[:-1]
    for lineno, raw in enumerate(lines, start=1):
        outs = session.feed(raw, lineno=lineno)
        if any(o.action == "quit" for o in outs):
            break
        yield from render(act(session, outs, lineno))
    yield from render(session.flush())  # a message still open at the end of the script ends with it
    if json_out:
        yield dumps(session.final())


def act(session: Session, outs: list[Output], lineno: int | None = None) -> list[Output]:
    """Batch mode's answer to the session's actions: `copy` shows the last public post, `copy NAME` a
    player's waiting DMs (marked sent: the script's host sends them); the rest pass through."""
    out: list[Output] = []
    for o in outs:
        if o.kind != OutputKind.ACTION:
            out.append(o)
            continue
        if o.action != "copy":
            continue
        out += _copy(session, o.args, lineno)
    return out


def _copy(session: Session, args: tuple[str, ...], lineno: int | None) -> list[Output]:
    if not args:
        text = "(copy) " + "\n\n".join(session.last_public) if session.last_public else "Nothing public has been announced yet."
        return [Output(kind=OutputKind.INFO, text=text)]
    if len(args) == 1 and args[0].casefold() == "text":
        return [Output(kind=OutputKind.INFO, text="“copy text” works in the REPL")]
    try:
        seat = session.resolve(" ".join(args))
        waiting = session.waiting(seat)
        done = session.deliver(seat)
    except UmpireError as exc:
        return [refusal(f"copy {' '.join(args)}", exc, lineno)]
    texts = "\n\n".join(d.text for d in waiting)
    return [Output(kind=OutputKind.INFO, text=texts, audience=dm(seat), names=session.names), *done]
