"""Reading what the host pastes: one line at a time, or a block of lines.

A line is one of:

* ``@ 12:30`` — a time line (scripts move the game clock with these);
* ``NAME: command`` — a player's submission (display name or alias);
* ``[10:32 PM] NAME: command`` — Discord's one-line copy of a message;
* ``NAME — Today at 10:32 PM`` — Discord's header line; the lines after it are
  that player's messages, until a blank line or the next header;
* ``# …`` — a comment;
* anything else — a host command.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

MAX_LINE = 4000  # longer lines are refused, never parsed further

_TIME = re.compile(r"^@\s*(\S.*)$")
_BRACKETED = re.compile(r"^\[\s*\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\s*\]\s*(?P<name>[^:\[\]]{1,64}?)\s*:\s*(?P<msg>.*)$")
_HEADER = re.compile(
    r"^(?P<name>[^:—–]{1,64}?)\s+[—–]\s+"
    r"(?:(?:Today|Yesterday)\s+at\s+\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?"
    r"|\d{1,2}/\d{1,2}/\d{2,4}(?:,?\s+\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?)?"
    r"|\d{1,2}:\d{2}\s*(?:[AaPp][Mm])?)\s*$"
)
_PREFIXED = re.compile(r"^(?P<name>[^:@#\[][^:]{0,63}?)\s*:\s*(?P<msg>.*)$")
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
        return Line(kind="time", text=m.group(1).strip(), raw=raw)
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


def split_block(text: str, *, speaker: str | None = None) -> Iterator[tuple[Line, str | None]]:
    """Classify each line of a pasted block, carrying a Discord header's speaker to the lines after it.

    Yields (line, speaker in force after it). A message line under a header
    becomes that player's submission, unless it names a player itself.
    """
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = classify(raw)
        if line.kind == "header":
            speaker = line.name
        elif line.kind == "blank":
            speaker = None
        elif line.kind == "host" and speaker is not None:
            line = Line(kind="player", name=speaker, text=_EDITED.sub("", line.text).strip(), raw=raw)
        yield line, speaker
