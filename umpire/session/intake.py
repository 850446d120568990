"""The intake: what the host types or pastes, read into the messages to judge.

A line is one of:

* ``@ 12:30`` — a time line (scripts move the game clock with these);
* ``NAME: command`` — a player's submission (display name or alias);
* ``[10:32 PM] NAME: command`` — Discord's compact-mode copy of a message: its first line, which the
  lines without a name after it continue, as under a header;
* ``NAME — Today at 10:32 PM`` (or ``NAME - Today at 10:32 PM``) — Discord's header
  line; the lines after it are that player's message, until an empty line, the next
  header or a time line;
* ``# …`` — a comment;
* anything else — a host command.

How one line is classified, and the messages lines make, are in `lines` (`classify`, `Line`,
`Message`, with their regular expressions). A session makes its intake, and so imports both, at the
first line read, not when it starts (`Session.intake`).
"""

from __future__ import annotations

from collections.abc import Callable

from umpire.session.lines import _BRACKETED, _EDITED, MAX_LINE, Line, Message, classify

__all__ = ["MAX_LINE", "Intake", "Line", "Message", "classify"]


class Intake:
    """Reads entered text into messages, keeping a Discord header's message open between lines.

    A message is what one sender sent at once. A `NAME: …` line is a message of one line. A Discord
    header opens a message from its sender, and so does a `[10:32 PM] NAME: …` line (Discord's
    compact-mode copy, whose message goes on in the lines without a name after it): the lines after
    it belong to it until an empty line, the next header or compact copy, a time line, or the end of
    a pasted block or of a script (`end`). Messages are never merged by game time: two messages are
    two submissions, whatever the clock says (R-READ-3).

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
        if kind == "time":  # a script's clock moved: the message under a header ended before it (as the live check reads it)
            return [*self.end(), Message(kind="time", lines=(line,), numbers=(lineno,))]
        if kind == "too_long":
            return [*self._close(), Message(kind="too_long", lines=(line,), numbers=(lineno,))]
        if kind == "player" and line.text and _BRACKETED.match(line.raw.strip()):
            # Discord's compact-mode copy: the first line of its sender's message, which lines without a name continue.
            out = self.end()
            self.sender = line.name
            self.held.append((line, lineno))
            return out
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
