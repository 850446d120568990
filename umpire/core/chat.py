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


def code(text: str) -> str:
    """Discord inline code; backticks inside are replaced so the span cannot break."""
    return "`" + text.replace("`", "'") + "`"


def block(text: str) -> str:
    """A Discord code block."""
    return "```\n" + text.replace("```", "'''") + "\n```"


def split(text: str, limit: int = LIMIT) -> list[str]:
    """Split an announcement into messages of at most `limit` characters.

    Splits at line breaks; a code block cut in two is closed and reopened so that
    both halves render (a block is never left empty, and a message is never only
    fences or blank); a single line longer than the limit is cut at a space.
    """
    if len(text) <= limit:
        return [text]
    fence = "```"
    close = len(fence) + 1  # "\n```" to close a block cut at the end of a message
    parts: list[str] = []
    cur: list[str] = []
    size = 0
    in_block = False  # whether `cur` ends inside an open code block

    def emit(lines: list[str], closing: bool) -> None:
        body = "\n".join(lines) + ("\n" + fence if closing else "")
        if body.strip():
            parts.append(body)

    for line in _cut_long_lines(text.split("\n"), limit - 2 * close):
        toggles = line.startswith(fence)
        after = in_block != toggles
        grown = size + (1 if cur else 0) + len(line)
        if cur and grown + (close if after else 0) > limit:
            carry: list[str] = []
            closing = in_block
            if in_block and cur[-1].startswith(fence):
                # The last line opened the block: it moves to the next message with its content.
                carry = [cur.pop()]
                closing = False
            emit(cur, closing)
            cur = carry or ([fence] if in_block else [])
            size = len("\n".join(cur))
            grown = size + (1 if cur else 0) + len(line)
        cur.append(line)
        size = grown
        in_block = after
    emit(cur, False)
    return parts


def _cut_long_lines(lines: list[str], width: int) -> list[str]:
    out: list[str] = []
    for line in lines:
        while len(line) > width:
            cut = line.rfind(" ", 0, width)
            if cut <= 0:
                cut = width
            out.append(line[:cut])
            line = line[cut:].lstrip(" ")
        out.append(line)
    return out
