"""Where the REPL writes: the terminal (or a test's file), with its few styles as terminal escapes.

The REPL's own lines (the title, notes, refusals) and the outputs are plain text with a handful of
Select Graphic Rendition codes, written straight to the stream; no console library is loaded for
them (rich cost the first prompt ~20 ms of imports). Styles are shown where rich showed them: on a
terminal whose TERM is not `dumb` or `unknown` (TTY_COMPATIBLE and FORCE_COLOR decide for a stream
that is not one), without colours under NO_COLOR (bold, dim and italic stay); the width is COLUMNS,
else the terminal's, else 80.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Sequence
from typing import TextIO

from umpire.render import printable, printable_lines

# Select Graphic Rendition codes of the few styles used.
BOLD, DIM, ITALIC = "1", "2", "3"
RED, GREEN, YELLOW, CYAN = "31", "32", "33", "36"
_COLOURS = {RED, GREEN, YELLOW, CYAN}
_SPACES = re.compile("( +)")


def _is_terminal(stream: TextIO, env: os._Environ[str] | dict[str, str]) -> bool:
    """Whether escapes go to a terminal: as rich decides it for a console not forced either way."""
    tty_compatible = env.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = env.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Terminal:
    """A text stream the REPL writes to, whole lines at a time, with styles where it shows them.

    `file`: the stream (default: whatever `sys.stdout` is at each write, so the REPL's lines go
    through prompt_toolkit's stdout proxy while a prompt is on screen). `width`: fixed, else
    measured at each use (the terminal may be resized). `tty`: whether the stream is a terminal,
    which shows escapes unless TERM is `dumb` (default: detected). `colour`: False to keep only bold,
    dim and italic (default: not under NO_COLOR).
    """

    def __init__(self, file: TextIO | None = None, *, width: int | None = None, tty: bool | None = None, colour: bool | None = None):
        env = os.environ
        self._file = file
        columns = env.get("COLUMNS", "")
        self._width = width if width is not None else (int(columns) if columns.isdigit() else None)
        if tty is None:
            tty = _is_terminal(file or sys.stdout, env)
        self.wraps = tty or width is not None  # lines are broken for a terminal (or a width given), not in a file
        self.dumb = tty and env.get("TERM", "").lower() in ("dumb", "unknown")
        self.styled = tty and not self.dumb
        self.coloured = self.styled and (colour if colour is not None else env.get("NO_COLOR", "") == "")

    @property
    def file(self) -> TextIO:
        return self._file if self._file is not None else sys.stdout

    @property
    def width(self) -> int:
        """Columns to draw in: as given, else COLUMNS, else the terminal's (stdin's, stdout's or stderr's), else 80."""
        if self._width is not None:
            return self._width
        if self.dumb:
            return 80
        width = 0
        for fd in (0, 1, 2):
            try:
                width = os.get_terminal_size(fd).columns
            except (AttributeError, ValueError, OSError):  # not a terminal
                continue
            break
        columns = os.environ.get("COLUMNS", "")
        return int(columns) if columns.isdigit() else (width or 80)

    def paint(self, text: str, *codes: str) -> str:
        """`text` in the style `codes`, each of its lines styled on its own; as it is where styles are not shown."""
        if not self.styled or not text:
            return text
        kept = [c for c in codes if self.coloured or c not in _COLOURS]
        if not kept:
            return text
        start = f"\x1b[{';'.join(kept)}m"
        if "\n" not in text:
            return f"{start}{text}\x1b[0m"
        return "\n".join(f"{start}{line}\x1b[0m" if line else line for line in text.split("\n"))

    def refusal(self, what: str, reason: str, *, to: str = "") -> str:
        """A refused line as refusals look: `✗ WHAT — REASON` in red, the mark and the reason bold,
        broken between words to the width. `to` names the player it privately answers (`[to Uri, privately] `),
        in the colour of the DMs: what to tell them alone, not to post."""
        head = [("✗ ", BOLD, RED), *([(plain(to), BOLD, CYAN)] if to else [])]
        return self.fill([*head, (plain(printable(what)), RED), (" — ", RED), (plain(reason), BOLD, RED)])

    def fill(self, segments: Sequence[tuple[str, ...]]) -> str:
        """Text made of `(text, *codes)` segments, each in its style, broken between words so that no
        line is wider than the terminal (the REPL's own lines: a word is never cut in two by the
        terminal's wrapping). A word wider than a whole line keeps a line of its own; a line break in
        the text is kept, and a line's leading spaces indent its continued lines. The posts are never
        filled: they are shown as they will be pasted. Written to a file (not a terminal, no width
        given), a line stays whole. Adjacent runs of one style are written as one."""
        width = max(self.width, 20)
        lines: list[list[tuple[tuple[str, ...], str]]] = [[]]  # each line's runs: (codes, text)

        def put(text: str, codes: tuple[str, ...]) -> None:
            runs = lines[-1]
            if runs and runs[-1][0] == codes:
                runs[-1] = (codes, runs[-1][1] + text)
            elif text:
                runs.append((codes, text))

        def joined() -> str:
            return "\n".join("".join(self.paint(text, *codes) for codes, text in runs) for runs in lines)

        if not self.wraps or (sum(cells(text) for text, *_ in segments) <= width and not any("\n" in text for text, *_ in segments)):
            for text, *style in segments:  # one line as it is
                put(text, tuple(style))
            return joined()
        used = 0
        pending: list[tuple[str, tuple[str, ...]]] = []  # the spaces before the next word, in their style; dropped at a break
        indent = ""  # a row's leading spaces, which its continued lines keep too
        starting = True  # at the start of a row: its leading spaces are its indent

        for text, *style in segments:
            codes = tuple(style)
            for n, row in enumerate(text.split("\n")):
                if n:
                    lines.append([])
                    used, pending, indent, starting = 0, [], "", True
                for word in _words(row):
                    if word.isspace():
                        if starting:
                            indent = word if len(word) < width // 2 else ""
                            put(word, codes)
                            used = len(word)
                        else:
                            pending.append((word, codes))
                        continue
                    starting = False
                    size = cells(word)
                    gap = sum(len(space) for space, _ in pending)
                    if used > len(indent) and used + gap + size > width:
                        lines.append([])
                        put(indent, ())
                        used, gap, pending = len(indent), 0, []
                    for space, style_of_space in pending:
                        put(space, style_of_space)
                    used += gap
                    pending = []
                    put(word, codes)
                    used += size
        return joined()

    def write(self, lines: list[str]) -> None:
        """Write lines (already painted) in one write, and flush."""
        if lines:
            out = self.file
            out.write("\n".join(lines) + "\n")
            out.flush()

    def line(self, text: str, *codes: str) -> None:
        """One note of the REPL's own in the style `codes` (control characters shown, never obeyed),
        broken between words to the width."""
        self.write([self.fill([(plain(text), *codes)])])


def plain(text: str) -> str:
    """Text made safe to show: control characters escaped (line breaks kept), tabs expanded as rich expands them."""
    text = printable_lines(text)
    return text.expandtabs(8) if "\t" in text else text


def _words(text: str) -> list[str]:
    """`text` as words and the runs of spaces between them, in order."""
    return [part for part in _SPACES.split(text) if part]


def cells(text: str) -> int:
    """Terminal columns `text` takes: wide and full-width characters (most emoji, Hangul) two,
    combining marks none, others one."""
    if text.isascii():
        return len(text)
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n
