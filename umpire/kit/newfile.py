"""`umpire new KIT.toml`: a match file for a kit game, the kit file's own text with its players replaced.

The kit file is copied line for line (its comments too) without its `[[players]]` tables, and one table a seat is
written at its end; the result is read back as a kit file before it is saved.

>>> text = "[game]\\nname = 'x'\\n\\n[[players]]\\nname = 'A'\\n\\n[posts]\\nround = 'R'\\n"
>>> print(without_players(text))
[game]
name = 'x'
<BLANKLINE>
[posts]
round = 'R'
<BLANKLINE>
"""

from __future__ import annotations

import json
import re

_HEADER = re.compile(r"^\s*\[")
_PLAYERS = re.compile(r"^\s*\[\[\s*players\s*\]\]")


def without_players(text: str) -> str:
    """The text with every `[[players]]` table (its header, its keys and the blank lines after it) left out."""
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        if _PLAYERS.match(line):
            skipping = True
            continue
        if skipping and _HEADER.match(line):
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out).rstrip("\n") + "\n"


def match_text(kit_text: str, names: list[str]) -> str:
    """The kit file's text with one `[[players]]` table a name (aliases p1, p2, … where no name takes them)."""
    taken = {" ".join(n.casefold().split()) for n in names}
    lines = [without_players(kit_text).rstrip("\n"), "", "# The players of this match, by seat."]
    for i, name in enumerate(names):
        alias = f"p{i + 1}"
        lines += [
            "[[players]]",
            f"name = {json.dumps(name, ensure_ascii=False)}",
            f"aliases = {json.dumps([] if alias in taken else [alias])}",
        ]
    return "\n".join(lines) + "\n"
