"""Reading an Expressions puzzle as the card writes it, for `umpire check expr`. Pure.

The card fixes the shape: `_?_?_?_=X`, four blanks, three operators from + - x /, and X a
positive whole number. Anything else is not a puzzle the game can deal, so it is refused as
unreadable (R-EX-3); a scenario's `max_target` (R-EX-1) narrows the targets further when given.

>>> read_puzzle(" _ + _ × _ − _ = 42").text()
'_+_x_-_=42'
"""

from __future__ import annotations

import re

from umpire.core.arith import op_symbol
from umpire.core.errors import InvalidCommand
from umpire.games.choice.expressions import Puzzle

OPERATORS = 3  # a puzzle is _?_?_?_=X: four blanks, three operators

_PUZZLE = re.compile(r"_((?:[^_=]_)*)=(.*)")


def read_puzzle(text: str, *, max_target: int | None = None) -> Puzzle:
    """A puzzle as the card writes it, `_?_?_?_=X`: four blanks, three operators (+ - x /, also
    * × − –), and X a positive whole number (at most `max_target` when a scenario's is given).
    Spaces are ignored. Anything else is refused with InvalidCommand."""
    compact = "".join(text.split())
    shown = f"“{text.strip()}” is not a puzzle like _+_x_-_=42"
    m = _PUZZLE.fullmatch(compact)
    if m is None:
        raise InvalidCommand(shown)
    written_ops, target = m.group(1)[::2], m.group(2)
    if len(written_ops) != OPERATORS:
        raise InvalidCommand(
            f"{shown}: it has {len(written_ops) + 1} blank{'s' if written_ops else ''} and {len(written_ops)} "
            f"operator{'' if len(written_ops) == 1 else 's'}; a puzzle has four blanks and three operators"
        )
    try:
        ops = "".join(op_symbol(op) for op in written_ops)
    except InvalidCommand as exc:
        raise InvalidCommand(f"{shown}: {exc.reason}") from None
    if not target:
        raise InvalidCommand(f"{shown}: the target after = is missing")
    if not re.fullmatch(r"[0-9]+", target) or int(target) == 0:
        raise InvalidCommand(f"{shown}: the target must be a positive whole number, not “{target}”")
    if max_target is not None and int(target) > max_target:
        raise InvalidCommand(f"{shown}: this scenario's puzzles have targets of at most {max_target} (max_target), not {int(target)}")
    return Puzzle(ops=ops, target=int(target))
