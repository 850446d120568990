"""One line as the host enters it, classified (a player's line, a Discord header, a time line, a host
command…), and the messages lines make: what the intake (`umpire.session.intake`) reads text with.

Imported with the intake, at the first line read: a session starts, and shows its first prompt,
without compiling these regular expressions or building these records.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_LINE = 4000  # longer lines are refused, never parsed further

_TIME = re.compile(r"^@(?:\s*(\d.*)|\s+(\S.*))$")  # `@ 1:30`, `@1:30`; not `@everyone: …`, a mention (R-READ-2)
_BRACKETED = re.compile(r"^\[\s*\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\s*\]\s*(?P<name>[^:\[\]]{1,64}?)\s*:\s*(?P<msg>.*)$")
_HEADER = re.compile(
    r"^(?P<name>[^:—–]{1,64}?)\s+[—–-]\s+"
    r"(?:(?:Today|Yesterday)\s+at\s+\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?"
    r"|\d{1,2}/\d{1,2}/\d{2,4}(?:,?\s+\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?)?"
    r"|\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?)\s*$"
)
_PREFIXED = re.compile(r"^(?P<name>[^:#\[][^:]{0,63}?)\s*:\s*(?P<msg>.*)$")  # the name may be a mention, `@Uri: …`
_EDITED = re.compile(r"\s*\(edited\)\s*$")


@dataclass(frozen=True, kw_only=True)
class Line:
    """One classified line. `kind` is "time", "player", "host", "header", "blank", "comment" or "too_long"."""

    kind: str
    text: str  # the command (without the prefix), the time text, or the header's name
    raw: str
    name: str | None = None  # the player named by the prefix or the header


def classify(raw: str) -> Line:
    """Classify one line on its own (header context is applied by `split_block`)."""
    if len(raw) > MAX_LINE:
        return Line(kind="too_long", text="", raw=raw[:80] + "…")
    line = raw.strip().replace("\u200b", "")
    if not line:
        return Line(kind="blank", text="", raw=raw)
    if line.startswith("#"):
        return Line(kind="comment", text=line, raw=raw)
    m = _TIME.match(line)
    if m:
        return Line(kind="time", text=(m.group(1) or m.group(2)).strip(), raw=raw)
    m = _BRACKETED.match(line)
    if m:
        return Line(kind="player", name=m.group("name").strip(), text=_EDITED.sub("", m.group("msg")).strip(), raw=raw)
    m = _HEADER.match(line)
    if m:
        return Line(kind="header", name=m.group("name").strip(), text="", raw=raw)
    m = _PREFIXED.match(line)
    if m:
        return Line(kind="player", name=m.group("name").strip(), text=_EDITED.sub("", m.group("msg")).strip(), raw=raw)
    return Line(kind="host", text=line, raw=raw)


# ---------------------------------------------------------------- messages


@dataclass(frozen=True, kw_only=True, slots=True)
class Message:
    """One thing to judge, in the order it was entered.

    `kind` is "player" (a player's message: one line, or the lines under a Discord header),
    "host" (a host command), "time" (a script's clock line) or "too_long" (refused unread).
    `lines` are the classified lines (a player's have the sender as `name` and the message
    text, prefix and "(edited)" removed); `numbers` their line numbers in a script, if known.
    """

    kind: str
    lines: tuple[Line, ...]
    numbers: tuple[int | None, ...]

    @property
    def sender(self) -> str | None:
        """The name the player's message came under (a prefix or a header), or None for the host."""
        return self.lines[0].name if self.kind == "player" else None

    @property
    def lineno(self) -> int | None:
        """The script line number the message starts at, if known."""
        return self.numbers[0]
