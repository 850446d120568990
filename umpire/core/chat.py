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
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()-])")


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
    return _MARKDOWN.sub(r"\\\1", text)


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
    both halves render; a single line longer than the limit is cut at a space.
    """
    if len(text) <= limit:
        return [text]
    parts: list[str] = []
    current: list[str] = []
    size = 0
    in_block = False
    reserve = len("\n```")

    def flush() -> None:
        nonlocal current, size
        if current:
            body = "\n".join(current)
            if in_block:
                body += "\n```"
            parts.append(body)
        current = ["```"] if in_block else []
        size = len("```") if in_block else 0

    for line in _cut_long_lines(text.split("\n"), limit - 2 * reserve):
        extra = len(line) + (1 if current else 0)
        if current and size + extra + (reserve if in_block or line.startswith("```") else 0) > limit:
            flush()
            extra = len(line) + (1 if current else 0)
        current.append(line)
        size += extra
        if line.startswith("```"):
            in_block = not in_block
    if current and current != ["```"]:
        parts.append("\n".join(current))
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
