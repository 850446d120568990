"""The intake: what the host types or pastes, read into the messages to judge.

A line is one of:

* ``@ 12:30`` — a time line (scripts move the game clock with these);
* ``NAME: command`` — a player's submission (display name or alias);
* ``[10:32 PM] NAME: command`` — Discord's one-line copy of a message;
* ``NAME — Today at 10:32 PM`` (or ``NAME - Today at 10:32 PM``) — Discord's header
  line; the lines after it are that player's message, until an empty line, the next
  header or a time line;
* ``# …`` — a comment;
* anything else — a host command.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

MAX_LINE = 4000  # longer lines are refused, never parsed further

_TIME = re.compile(r"^@\s*(\S.*)$")
_BRACKETED = re.compile(r"^\[\s*\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp]\.?[Mm]\.?)?\s*\]\s*(?P<name>[^:\[\]]{1,64}?)\s*:\s*(?P<msg>.*)$")
_HEADER = re.compile(
    r"^(?P<name>[^:—–]{1,64}?)\s+[—–-]\s+"
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


class Intake:
    """Reads entered text into messages, keeping a Discord header's message open between lines.

    A message is what one sender sent at once. A `NAME: …` or `[10:32 PM] NAME: …` line is a
    message of one line. A Discord header opens a message from its sender: the lines after it
    belong to it until an empty line, the next header, a time line, or the end of a pasted block
    or of a script (`end`). Messages are never merged by game time: two messages are two
    submissions, whatever the clock says.

    Under a header, a `word: …` line whose word names no player is a line of the message
    (“aside: G2 B5 R7”); a line that names a player is that player's own one-line message. A host
    word (`status`, `undo`…) entered on a line of its own is the host's even under a header, and
    the message stays open; inside a pasted block it is a line of the message.

    >>> intake = Intake(is_player=lambda name: name in ("Hedger", "Uri", "p1", "p2"), is_host_word=lambda w: w == "status")
    >>> intake.line("Hedger — Today at 10:33 PM")
    []
    >>> intake.line("aside B4, G4"), intake.line("G9, B1"), intake.sender
    ([], [], 'Hedger')
    >>> [(m.kind, m.sender, [ln.text for ln in m.lines]) for m in intake.line("")]
    [('player', 'Hedger', ['aside B4, G4', 'G9, B1'])]
    """

    def __init__(self, *, is_player: Callable[[str], bool], is_host_word: Callable[[str], bool]) -> None:
        self.is_player = is_player
        self.is_host_word = is_host_word
        self.sender: str | None = None  # the open message's sender (a header was read), else None
        self.held: list[tuple[Line, int | None]] = []  # the open message's lines so far

    def line(self, raw: str, *, lineno: int | None = None, alone: bool = True) -> list[Message]:
        """Read one line; returns the messages it completes (possibly none, while a message is open).

        `alone`: the line was entered on its own (typed, or a script's line), not inside a pasted block.
        """
        line = classify(raw)
        kind = line.kind
        if kind == "comment":
            return []
        if kind == "blank":
            return self.end()
        if kind == "header":
            out = self._close()
            self.sender = line.name
            return out
        if kind == "time":
            return [*self._close(), Message(kind="time", lines=(line,), numbers=(lineno,))]
        if kind == "too_long":
            return [*self._close(), Message(kind="too_long", lines=(line,), numbers=(lineno,))]
        if self.sender is not None and self._belongs(line, alone):
            text = _EDITED.sub("", line.raw.strip().replace("\u200b", "")).strip()
            self.held.append((Line(kind="player", name=self.sender, text=text, raw=raw), lineno))
            return []
        if kind == "player":
            return [*self._close(), Message(kind="player", lines=(line,), numbers=(lineno,))]
        return [Message(kind="host", lines=(line,), numbers=(lineno,))]

    def _belongs(self, line: Line, alone: bool) -> bool:
        """Whether a line read while a message is open is one of its lines."""
        if line.kind == "player":
            # “aside: G2 B5 R7” under a header is the sender's; “p2: done” or “[10:33 PM] Uri: …” is not.
            return line.name is not None and not self.is_player(line.name) and not _BRACKETED.match(line.raw.strip())
        words = line.text.split()
        return not (alone and words and self.is_host_word(words[0]))

    def block(self, text: str, *, lineno: int | None = None) -> list[Message]:
        """Read a pasted block of lines: the message open at its end ends with it."""
        out: list[Message] = []
        for i, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n")):
            out += self.line(raw, lineno=None if lineno is None else lineno + i, alone=False)
        return out + self.end()

    def end(self) -> list[Message]:
        """End the open message (an empty line, the end of a paste or a script): it is complete."""
        out = self._close()
        self.sender = None
        return out

    def _close(self) -> list[Message]:
        if not self.held:
            return []
        held, self.held = self.held, []
        return [Message(kind="player", lines=tuple(ln for ln, _ in held), numbers=tuple(n for _, n in held))]
