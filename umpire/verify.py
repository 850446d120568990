"""`umpire verify`: check a journal's fairness commitment and re-derive everything generated."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core import journal
from umpire.session import Session


@dataclass(kw_only=True)
class Report:
    """What verify found. `ok` is False when anything did not match."""

    path: str
    commitment_ok: bool = False
    commitment: str = ""
    posted_ok: bool | None = None
    entries: int = 0
    generated: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.commitment_ok and not self.problems and self.posted_ok is not False

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "journal": self.path,
            "commitment": self.commitment,
            "commitment_ok": self.commitment_ok,
            "posted_commitment_ok": self.posted_ok,
            "entries": self.entries,
            "generated_items": self.generated,
            "problems": self.problems,
            "notes": self.notes,
        }


def verify(path: str | Path, *, posted: str | None = None) -> Report:
    """Check the commitment (and the one posted, if given) and replay the journal,
    re-deriving every generated item from the seed and comparing it with the record."""
    loaded = journal.read(path)
    h = loaded.header
    rep = Report(path=str(path), commitment=h["commitment"])
    derived = journal.commitment(h["seed"], h["salt"])
    rep.commitment_ok = derived == h["commitment"]
    if not rep.commitment_ok:
        rep.problems.append(f"the commitment in the journal ({h['commitment']}) is not SHA-256(salt:seed) = {derived}")
    if posted is not None:
        rep.posted_ok = posted.strip().lower() == derived
        if not rep.posted_ok:
            rep.problems.append(f"the posted commitment {posted.strip()} is not SHA-256(salt:seed) = {derived}")
    if loaded.torn is not None:
        rep.notes.append(f"line {loaded.torn_line} was cut off by a crash and is not part of the game")
    fresh = Session.from_header(loaded, path)
    for entry in loaded.entries:
        fresh._replay(entry, str(path))
        again = _norm([e.data for e in fresh.last_events if e.generated])
        recorded = _norm(entry.get("generated", []))
        rep.generated += len(again)
        if again != recorded:
            rep.problems.append(f"line {entry['n'] + 1}: the journal records {json.dumps(recorded)} but the seed gives {json.dumps(again)}")
    rep.entries = len(loaded.entries)
    return rep


def _norm(items: Any) -> Any:
    return json.loads(json.dumps(items, sort_keys=True))
