"""Where a key is in a kit file: tomllib reads values without their lines, so the line is found in the text.

A key's path (`("rounds", 1, "resolve")`) is looked for as a reader would: the table headers that lead to it
(`[[rounds]]` the second time, `[rounds.picked]` after it), then the key's own `name =` line inside that table,
or the line of an inline table or array that holds it. The line found is the one to read; where the text does
not show the key at all (it is missing), the line of the table it belongs in.

>>> text = "[game]\\nname = 'x'\\n\\n[[rounds]]\\nkind = 'bid'\\n[[rounds]]\\nkind = 'pick'\\n"
>>> line_of(text, ("rounds", 1, "kind")), line_of(text, ("game", "name")), line_of(text, ("game", "title"))
(7, 2, 1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

Path = Sequence[str | int]
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?")


def _key(name: str) -> str:
    return name.strip().strip("\"'")


def shown(path: Path) -> str:
    """A path as the host would name it: `rounds[2].picked.points` (tables counted from 1)."""
    out = ""
    for part in path:
        out += f"[{part + 1}]" if isinstance(part, int) else ("." if out else "") + part
    return out


def line_of(text: str, path: Path) -> int:
    """The line (from 1) of the key at `path` in `text`, or of the nearest table that holds it (1 if none)."""
    lines = text.splitlines()
    tables = [p for p in path if isinstance(p, str)]
    counts: dict[str, int] = {}
    best, best_depth = 1, -1
    current: list[str] = []
    index: dict[str, int] = {}
    for n, line in enumerate(lines, start=1):
        m = _HEADER.match(line)
        if m is not None:
            current = [_key(k) for k in m.group(2).split(".")]
            name = ".".join(current)
            if m.group(1) == "[[":
                counts[name] = counts.get(name, 0) + 1
                index[name] = counts[name] - 1
            depth = _matches(current, path, index)
            if depth > best_depth:
                best, best_depth = n, depth
            continue
        if _matches(current, path, index) != len(current):
            continue
        rest = tables[len(current) :]
        if rest and re.match(rf"^\s*[\"']?{re.escape(rest[0])}[\"']?\s*=", line):
            depth = len(current) + 1
            if len(rest) > 1 and re.search(rf"\b{re.escape(rest[-1])}\s*=", line):
                depth = len(tables) + 1
            if depth > best_depth:
                best, best_depth = n, depth
    return best


def _matches(current: list[str], path: Path, index: dict[str, int]) -> int:
    """How many of `current`'s header keys lead along `path` (-1: the header is off the path)."""
    i = 0
    for depth, key in enumerate(current):
        if i >= len(path) or path[i] != key:
            return -1
        i += 1
        if i < len(path) and isinstance(path[i], int):
            if index.get(".".join(current[: depth + 1]), 0) != path[i]:
                return -1
            i += 1
    return len(current)
