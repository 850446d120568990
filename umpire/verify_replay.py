"""The replay half of `umpire verify`: each entry re-applied as it is read, every generated item re-derived from the seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.core import journal
from umpire.session import fairness
from umpire.session.entries import opened_field
from umpire.verify_rederive import Rederiving

if TYPE_CHECKING:
    from umpire.verify import Report

PROVED, FAILED, OPEN = "✓", "✗", "?"  # what a check of `umpire verify` says: proved, failed, or left open


class Replay:
    """The replay half of verify: each entry re-applied as it is read, every generated item re-derived.

    It stops at the first entry the rules do not reproduce; the rest of the journal is still
    read for the other checks. At a published journal's first sealed entry the rules stop but the
    generated items do not: from there each is re-derived from the seed alone (`Rederiving`).
    Nothing is announced: only what the seed generates is compared.
    """

    def __init__(self, loaded: journal.Loaded, path: str | Path, secret: fairness.Secret | None) -> None:
        from umpire.session import Session

        self.path = str(path)
        self.bad: list[str] = []
        self.header_problem: str | None = None
        self.no_seed = secret is None  # nothing can be replayed without the seed
        self.stopped_at: int | None = None  # entries read when the replay stopped
        self.stopped_n: Any = None  # the number of the entry it stopped at
        self.sealed_stop = False  # it stopped at a published entry, whose sealed payload is a digest only
        self.entropies: list[Any] = []  # the numbers of the `entropy` entries
        self.session: Session | None = None
        self.rederiving: Rederiving | None = None  # past the first sealed entry: its generated items re-derived alone
        if secret is None:
            return
        try:
            self.session = Session.from_header(loaded, path, secret, announce=False)
        except journal.JournalError as exc:
            self.header_problem = exc.reason
            return

    @property
    def ran(self) -> bool:
        """Every entry was replayed."""
        return self.session is not None and self.stopped_at is None and not self.bad

    @property
    def entropy_proved(self) -> bool:
        """The replay reached every entry that could mix the players' words in: all of them, or every one
        before the first published sealed entry when no `entropy` entry comes after it."""
        if self.ran:
            return True
        if self.session is None or not self.sealed_stop or self.bad:
            return False
        return all(isinstance(n, int) and n < self.stopped_n for n in self.entropies)

    def step(self, rep: Report, entry: dict[str, Any]) -> None:
        """Replay one entry (unless the replay has stopped) and compare what it generates with the journal."""
        fresh = self.session
        if self.rederiving is not None:
            self.rederiving.step(entry)
            return
        if fresh is None or self.stopped_at is not None:
            return
        n = entry.get("n")
        if type(n) is not int:  # read leniently, a journal may hold anything there (the sequence check names it too)
            self.bad.append(f"entry number {n!r} is not a whole number: the rules cannot be applied to it")
            self.stopped_at, self.stopped_n = rep.replayed + 1, n
            return
        try:
            fresh.replay_entry(entry, self.path)
        except journal.Redacted:
            self.sealed_stop = True
            self.stopped_at, self.stopped_n = rep.replayed + 1, n
            self.rederiving = Rederiving(fresh)  # the rules stop here; the generated items do not
            self.rederiving.step(entry)
            return
        except journal.JournalError as exc:
            self.bad.append(f"entry {n}: {exc.reason}")
            self.stopped_at, self.stopped_n = rep.replayed + 1, n
            return
        again, recorded = fresh.last_generated(), opened_field(entry, "generated", [])  # the entry was opened as it was replayed
        rep.replayed += 1
        if not again and not recorded:  # most entries generate nothing
            return
        again, recorded = _norm(again), _norm(recorded)
        rep.generated += len(again)
        if again != recorded:
            self.bad.append(f"entry {n}: the journal records {json.dumps(recorded)} but the seed gives {json.dumps(again)}")

    def report(self, rep: Report) -> None:
        """Add the replay's verdict to the report (once every entry has been read)."""
        if self.no_seed:
            rep.checks.append((OPEN, "nothing was replayed: without the seed no generated item can be re-derived"))
            return
        if self.header_problem is not None:
            rep.checks.append((FAILED, "replay: the header does not describe a game"))
            rep.problems.append(f"the header (line 1): {self.header_problem}; nothing could be replayed")
            return
        if self.sealed_stop and not self.bad:
            self._sealed_report(rep)
            return
        if self.stopped_at is not None:
            rest = rep.entries - self.stopped_at
            if rest:
                rep.notes.append(f"the replay stopped at entry {self.stopped_n}: the {rest} entries after it were not replayed")
        rep.replay_ok = not self.bad
        if self.bad:
            rep.checks.append((FAILED, f"replayed {rep.replayed} of {rep.entries} entries"))
            rep.problems += self.bad
        else:
            rep.checks.append((PROVED, f"replayed {rep.entries} entries; {rep.generated} generated items re-derived from the seed"))

    def _sealed_report(self, rep: Report) -> None:
        """What a replay of a published journal proved: the entries before its first sealed one by the rules, every
        generated item announced in the clear after it from the seed alone, and what neither reaches."""
        first, rest = self.stopped_n, rep.entries - rep.replayed
        if rep.replayed:
            rep.checks.append(
                (
                    PROVED,
                    f"replayed entries 1–{rep.replayed} by the rules; {rep.generated} generated items in them re-derived from the seed",
                )
            )
        alone = self.rederiving
        assert alone is not None
        rep.generated += alone.items
        where = f"entry {first}" if rest == 1 else f"entries {first}–{rep.last_entry}"
        if alone.bad:
            rep.checks.append((FAILED, f"the generated items announced in {where} re-derived from the seed"))
            rep.problems += alone.bad
        else:
            rep.checks.append(
                (
                    PROVED,
                    f"{alone.items} generated items announced in {where} re-derived from the seed alone (each from its own "
                    "stream and the public facts it states, without the rules)",
                )
            )
        if alone.unprovable:
            rep.checks.append(
                (
                    OPEN,
                    f"{len(alone.unprovable)} generated items in {where} depend on a sealed input, so they cannot be "
                    f"re-derived from the published journal: {alone.unprovable_text()}",
                )
            )
        rep.checks.append(
            (
                OPEN,
                f"entry {first} and the {rest - 1} after it were not replayed by the rules: this is a published journal, and "
                f"{alone.sealed} of them hold a private payload as its salted digest only (entry {first} the first), so the "
                "rules cannot be applied from there. The chain covers those entries as written (digests included), but "
                "whether they follow the rules, and any generated item sealed in them (dealt to less than everyone), only "
                "a replay of the host's full journal checks",
            )
        )


def _norm(items: Any) -> Any:
    return json.loads(json.dumps(items, sort_keys=True))
