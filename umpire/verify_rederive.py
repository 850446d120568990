"""The second mode of `umpire verify`'s replay: past a published journal's first sealed entry, every generated
item announced in the clear is re-derived from the seed alone, without applying the rules.

The rules cannot be applied to an entry whose sealed payload is a digest only (what move it was is not
there), nor to any entry after it (the state would be wrong). But each generated item depends only on the
seed, its stream's name and the public facts it states (`umpire.games.rederive`), so it can still be checked
on its own: each entry's `generated` items are identified by their fields, re-derived by the game's
`rederive` from the game's seed (the committed seed mixed with the players' words, as the `entropy` entry
says, wherever it comes) and compared field by field. What it cannot check is said: the rules of the entries
it read this way, the items sealed with them (dealt to less than everyone), and any item whose draw depends
on a sealed input.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from umpire.games import roundplay
from umpire.games.rederive import Rederived, final_draw, generated_kinds, identify
from umpire.session import fairness, seed_words

if TYPE_CHECKING:
    from umpire.games.base import Setup
    from umpire.session import Session

MAX_LISTED = 5  # items that cannot be re-derived, listed one by one; the rest are counted


class Rederiving:
    """Re-derives the generated items of the entries after the replay stopped at a sealed entry."""

    def __init__(self, session: Session) -> None:
        self.game = session.game
        self.engine = session.engine
        self.committed = session.seed  # the seed the commitment covers
        self.seed = session.fair.game_seed or session.seed  # the seed the game draws from (mixed, if the words are in)
        self.kinds = generated_kinds(self.game.events)
        self._setup: Setup | None = None
        self.sealed = 0  # of them, those whose private payload is a digest only
        self.items = 0  # generated items re-derived and found as the seed gives them
        self.unprovable: list[str] = []  # each item whose draw depends on a sealed input, and why
        self.bad: list[str] = []

    @property
    def setup(self) -> Setup:
        if self._setup is None or self._setup.streams.seed != self.seed:
            self._setup = self.engine.setup(self.seed)
        return self._setup

    def step(self, entry: dict[str, Any]) -> None:
        """Read one entry: mix in the players' words, count a sealed payload, re-derive each generated item in the clear."""
        n = entry.get("n")
        if entry.get("kind") == "entropy":
            self._mix(n, entry)
        if isinstance(entry.get("sealed"), str):
            self.sealed += 1
        items = entry.get("generated")
        if items is None:
            return
        if not isinstance(items, list):
            self.bad.append(f"entry {n}: its generated items are {json.dumps(items)[:80]}, not a list")
            return
        for i, item in enumerate(items, start=1):
            self._item(n, i if len(items) > 1 else None, item)

    def _mix(self, n: Any, entry: dict[str, Any]) -> None:
        words, text = entry.get("words"), entry.get("text")
        if isinstance(words, list) and all(w is None or isinstance(w, str) for w in words):
            self.seed = seed_words.mix(self.committed, words)
        elif isinstance(text, str):
            self.seed = fairness.mix(self.committed, text)
        else:
            self.bad.append(f"entry {n}: an entropy entry without the players' words: the game's seed cannot be made")

    def _item(self, n: Any, i: int | None, item: Any) -> None:
        which = f"entry {n}" if i is None else f"entry {n}, item {i}"
        try:
            ev = identify(self.kinds, item)
        except ValueError as exc:
            self.bad.append(f"{which}: a generated item this game does not make ({exc})")
            return
        try:
            out = final_draw(self.setup, ev.ranking) if isinstance(ev, roundplay.Result) else self.game.rederive(self.setup, ev)
        except (ValueError, LookupError) as exc:
            self.bad.append(f"{which}: the {ev.kind} cannot come from the seed: {exc}")
            return
        if not isinstance(out, Rederived):
            self.unprovable.append(f"{which} ({ev.kind}): {out.why}")
            return
        for key in out.differs:
            self.bad.append(
                f"{which}: the {ev.kind} records {key} {json.dumps(out.recorded.get(key), ensure_ascii=False)}, "
                f"but the seed's stream {out.stream} gives {json.dumps(out.derived[key], ensure_ascii=False)}"
            )
        if not out.differs:
            self.items += 1

    def unprovable_text(self) -> str:
        """The items whose draw depends on a sealed input, up to `MAX_LISTED` named and the rest counted."""
        listed = "; ".join(self.unprovable[:MAX_LISTED])
        more = len(self.unprovable) - MAX_LISTED
        return listed + (f"; and {more} more" if more > 0 else "")
