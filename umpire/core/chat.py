"""Chat text for Discord: markdown, neutralised mentions, and the 2,000-character limit.

Announcements are built from trusted templates plus player-supplied text
(names, echoed submissions). The player-supplied parts go through `safe()` so
that nobody can ping `@everyone` or break the formatting through the host.
"""

from __future__ import annotations

import re

LIMIT = 2000
ZWSP = "\u200b"

_MASS_MENTION = re.compile(r"@(everyone|here)", re.IGNORECASE)
_MENTION = re.compile(r"<(@[!&]?|#|/)(\w)")
_MARKDOWN = re.compile(r"([\\*_~`|\[\]])|^([>#-])", re.MULTILINE)


def neutralise(text: str) -> str:
    """Break `@everyone`, `@here` and `<@id>`-style mentions with a zero-width space.

    >>> neutralise("hi @everyone <@123>") == "hi @\u200beveryone <\u200b@123>"
    True
    """
    text = _MASS_MENTION.sub(lambda m: "@" + ZWSP + m.group(1), text)
    return _MENTION.sub(lambda m: "<" + ZWSP + m.group(1) + m.group(2), text)


def escape(text: str) -> str:
    """Escape Discord markdown so the text shows literally.

    >>> escape("*bold* _it_")
    '\\\\*bold\\\\* \\\\_it\\\\_'
    """
    return _MARKDOWN.sub(lambda m: "\\" + (m.group(1) or m.group(2)), text)


def safe(text: str) -> str:
    """Player-supplied text made harmless: one line, no markdown, no mentions."""
    one_line = " ".join(text.split())
    return neutralise(escape(one_line))


def bold(text: str) -> str:
    """Discord bold."""
    return f"**{text}**"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and its noun, singular for one: ``count(1, "point")`` is "1 point", ``count(7, "point")`` "7 points"."""
    return f"{n} {noun if n in (1, -1) else plural or noun + 's'}"


def code(text: str) -> str:
    """Discord inline code; backticks inside are replaced so the span cannot break."""
    return "`" + text.replace("`", "'") + "`"


def block(text: str) -> str:
    """A Discord code block."""
    return "```\n" + text.replace("```", "'''") + "\n```"


def split(text: str, limit: int = LIMIT) -> list[str]:
    """Split an announcement into messages of at most `limit` characters.

    Splits at line breaks; a code block cut in two is closed and reopened so that both halves
    render. No message is only fences or blank: a block's opening fence moves to the next message
    with its first line, and blank lines at a cut (and a code block holding nothing but blank lines
    right after one) are dropped, so a long text of nothing but fences gives no message at all.
    A single line longer than the room left is cut at a space.
    """
    if len(text) <= limit:
        return [text]
    if limit < 16:
        raise ValueError(f"a message limit of {limit} characters leaves no room for a code block's fences")
    return _Splitter(limit).run(text.split("\n"))


FENCE = "```"
_CLOSE = len(FENCE) + 1  # "\n```", closing a block cut at the end of a message


def _blank(line: str) -> bool:
    return not line.strip()


class _Splitter:
    """The state of one `split`: the message being filled and whether it ends inside a code block.

    Invariant: while the message holds nothing to see (`has_content` false) it is at most one
    fence line, so a line that does not fit can always be cut to fit after it.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.fence_max = limit // 2  # a longer fence line is cut, so its message keeps room for a line
        self.parts: list[str] = []
        self.cur: list[str] = []
        self.size = 0
        self.in_block = False
        self.open_at: int | None = None  # where in `cur` the open block's fence is
        self.block_has_content = False
        self.has_content = False

    def run(self, lines: list[str]) -> list[str]:
        for line in lines:
            self.take(line)
        if self.has_content:
            self.emit(self.cur, closing=False)
        return self.parts

    def take(self, line: str) -> None:
        rest: str | None = line
        while rest is not None:
            line, rest = rest, None
            if line.startswith(FENCE) and len(line) > self.fence_max:
                line, rest = line[: self.fence_max], line[self.fence_max :]
            if not self.has_content and (_blank(line) or line.startswith(FENCE)):
                self.take_before_content(line)
                continue
            room = self.limit - self.size - (1 if self.cur else 0) - (_CLOSE if self.in_block != line.startswith(FENCE) else 0)
            if len(line) <= room:
                self.append(line)
            elif self.has_content:
                self.flush()
                rest = line if rest is None else line + rest
            else:
                piece, cut_rest = _cut(line, room)
                if not _blank(piece):
                    self.append(piece)
                rest = cut_rest if rest is None else cut_rest + rest
                rest = rest or None

    def take_before_content(self, line: str) -> None:
        """A blank or fence line while the message has nothing to see: blank lines are dropped,
        and a block closed before anything was put in it is dropped with its fences."""
        if _blank(line):
            return
        if self.in_block:
            self.cur, self.size, self.in_block, self.open_at = [], 0, False, None
        else:
            self.append(line)

    def append(self, line: str) -> None:
        self.size += (1 if self.cur else 0) + len(line)
        self.cur.append(line)
        if line.startswith(FENCE):
            self.in_block = not self.in_block
            self.open_at = len(self.cur) - 1 if self.in_block else None
            self.block_has_content = False
        elif not _blank(line):
            self.has_content = True
            self.block_has_content = self.in_block

    def flush(self) -> None:
        if self.in_block and not self.block_has_content and self.open_at is not None:
            # The block was opened but nothing put in it yet: its fence goes with its first line.
            opener = self.cur[self.open_at]
            self.emit(self.cur[: self.open_at], closing=False)
            self.cur = [opener]
        else:
            self.emit(self.cur, closing=self.in_block)
            self.cur = [FENCE] if self.in_block else []
        self.size = len(self.cur[0]) if self.cur else 0
        self.open_at = 0 if self.in_block else None
        self.block_has_content = self.has_content = False

    def emit(self, lines: list[str], closing: bool) -> None:
        end = len(lines)
        while end and _blank(lines[end - 1]):
            end -= 1
        self.parts.append("\n".join(lines[:end]) + ("\n" + FENCE if closing else ""))


def _cut(line: str, room: int) -> tuple[str, str]:
    """`line` cut to at most `room` characters, at the last space that fits if there is one."""
    cut = line.rfind(" ", 0, room + 1)
    if cut <= 0 or _blank(line[:cut]):
        cut = room
    return line[:cut], line[cut:].lstrip(" ")
