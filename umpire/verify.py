"""`umpire verify`: what a journal proves about a game, and what it cannot.

Checked: the commitment against the seed and salt (and against the one posted, if given),
the hash chain (every entry holds the SHA-256 of the line before it), the final hash posted
at the end (if given: nothing was cut off or changed), and a replay that re-derives every
generated item from the seed. The report says which of these were proved and, for each one
that could not be (a posted value not given, a journal from before the chain, a seed the host
chose), what that leaves open.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core import journal

MAX_BREAKS = 5  # chain breaks listed one by one; the rest are counted
_HEX64 = re.compile(r"[0-9a-f]{64}")


def posted_hex(text: str) -> str | None:
    """A SHA-256 as a player would paste it from chat (spaces, backticks, any case) -> 64 lowercase hex digits, or None.

    >>> posted_hex(" `ABC" + "0" * 61 + "` ")
    'abc0000000000000000000000000000000000000000000000000000000000000'
    >>> posted_hex("not a hash") is None
    True
    """
    clean = text.strip().strip("`").strip().lower()
    return clean if _HEX64.fullmatch(clean) else None


PROVED, FAILED, OPEN = "✓", "✗", "?"


@dataclass(kw_only=True)
class Report:
    """What verify found: each check in order, marked proved (✓), failed (✗) or not provable here (?).

    `ok` is False when anything checked did not match; `problems` says what differs, naming the entry.
    """

    path: str
    commitment: str = ""
    commitment_ok: bool = False
    posted_ok: bool | None = None  # None: no commitment given
    chained: bool = False
    chain_from: int | None = None  # the first entry the chain covers (1 unless the journal began before the chain)
    chain_ok: bool | None = None  # None: the journal has no chain
    last_hash: str = ""  # the SHA-256 of the journal's last whole line
    last_entry: int = 0
    final_ok: bool | None = None  # None: no final hash given
    covered_through: int | None = None  # the entry the posted final hash ends at (0: the header)
    seed_source: str | None = None
    entries: int = 0
    replayed: int = 0
    replay_ok: bool = False
    generated: int = 0
    checks: list[tuple[str, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Nothing that was checked failed."""
        return self.commitment_ok and not self.problems and all(mark != FAILED for mark, _ in self.checks)

    @property
    def proved(self) -> list[str]:
        """What the checks established."""
        return [text for mark, text in self.checks if mark == PROVED]

    @property
    def limits(self) -> list[str]:
        """What could not be proved from what was given, and what to do about it."""
        return [text for mark, text in self.checks if mark == OPEN]

    @property
    def verdict(self) -> str:
        """One line: verified, verified within the limits listed, or not verified."""
        if not self.ok:
            return "NOT VERIFIED."
        if self.limits:
            return "VERIFIED AS FAR AS IT GOES: every check made passed; the “?” lines say what could not be proved."
        return (
            "VERIFIED: this is the journal whose commitment and final hash were posted, unchanged, "
            "and every generated item came from a seed drawn secretly at the start."
        )

    def lines(self) -> list[str]:
        """The report as text: the checks, what differs, notes, then the verdict."""
        out = [f"{mark} {text}" for mark, text in self.checks]
        out += [f"{FAILED} {p}" for p in self.problems]
        out += [f"  note: {n}" for n in self.notes]
        out.append(self.verdict)
        return out

    def to_json(self) -> dict[str, Any]:
        """The report as one JSON object."""
        return {
            "ok": self.ok,
            "journal": self.path,
            "commitment": self.commitment,
            "commitment_ok": self.commitment_ok,
            "posted_commitment_ok": self.posted_ok,
            "chain": "absent" if not self.chained else "intact" if self.chain_ok else "broken",
            "chain_from": self.chain_from,
            "last_hash": self.last_hash,
            "final_hash_ok": self.final_ok,
            "covered_through": self.covered_through,
            "seed_source": self.seed_source,
            "entries": self.entries,
            "replayed": self.replayed,
            "generated_items": self.generated,
            "problems": self.problems,
            "proved": self.proved,
            "not_proved": self.limits,
            "notes": self.notes,
        }


def verify(path: str | Path, *, posted: str | None = None, final_hash: str | None = None) -> Report:
    """Check a journal: its commitment (and the one `posted` at the start), its hash chain, the
    `final_hash` posted at the end, where its seed came from, and a replay re-deriving every
    generated item from the seed.

    The journal is read once, one entry at a time, and replayed as it is read: memory does not
    grow with its length. Raises JournalError only when the journal cannot be read at all;
    everything that does not match is a problem in the report, naming the entry.
    """
    loaded, entries = journal.scan(path, strict=False)
    h = loaded.header
    rep = Report(path=str(path), commitment=h["commitment"], seed_source=h.get("seed_source"))
    want = posted_hex(final_hash) if final_hash is not None else None
    replay = _Replay(loaded, path)
    last: Any = 0
    upto: int | None = None  # the index of the first entry whose `prev` is the posted final hash
    after: list[dict[str, Any]] = []  # that entry and those after it: {"n", "kind"}
    for i, (entry, _own) in enumerate(entries):
        last = entry.get("n")
        if upto is None and want is not None and entry.get("prev") == want:
            upto = i
        if upto is not None:
            after.append({"n": entry.get("n"), "kind": entry.get("kind")})
        replay.step(rep, entry)
    rep.entries = loaded.count
    rep.last_hash = loaded.last_hash
    rep.last_entry = last if isinstance(last, int) else loaded.count
    rep.chained, rep.chain_from = loaded.chained, loaded.chain_from
    _check_commitment(rep, h, posted)
    _check_chain(rep, loaded)
    _check_final(rep, loaded, final_hash, upto, after)
    _check_seed_source(rep)
    if loaded.torn is not None:
        rep.notes.append(f"line {loaded.torn_line} was cut off by a crash and is not part of the game")
    replay.report(rep)
    return rep


def _check_commitment(rep: Report, h: dict[str, Any], posted: str | None) -> None:
    derived = journal.commitment(h["seed"], h["salt"])
    rep.commitment_ok = derived == h["commitment"]
    rep.checks.append((PROVED if rep.commitment_ok else FAILED, f"commitment {h['commitment']} = SHA-256(salt:seed)"))
    if not rep.commitment_ok:
        rep.problems.append(f"the commitment in the journal ({h['commitment']}) is not SHA-256(salt:seed) = {derived}")
    if posted is None:
        rep.checks.append((OPEN, f"commitment not given: compare `{h['commitment']}` with the one posted at the start (--commitment HEX)"))
        return
    rep.posted_ok = posted_hex(posted) == derived
    rep.checks.append((PROVED if rep.posted_ok else FAILED, "the posted commitment matches"))
    if not rep.posted_ok:
        rep.problems.append(f"the posted commitment {posted.strip()} is not SHA-256(salt:seed) = {derived}")


def _check_chain(rep: Report, loaded: journal.Loaded) -> None:
    if not loaded.chained:
        rep.checks.append(
            (OPEN, "no hash chain: this journal was written before umpire chained its entries, so edits to it cannot be detected")
        )
    else:
        rep.chain_ok = not loaded.breaks
        if rep.chain_ok:
            rep.checks.append((PROVED, f"hash chain intact: each of the {rep.entries} entries holds the hash of the line before it"))
        else:
            rep.checks.append((FAILED, "hash chain broken: lines were changed, removed or inserted after they were written"))
        if loaded.chain_from not in (None, 1):
            assert loaded.chain_from is not None
            before = "the header" if loaded.chain_from == 2 else f"the header and entries 1–{loaded.chain_from - 2}"
            rep.checks.append((OPEN, f"{before} came before umpire chained its entries: edits to them cannot be detected"))
    if not loaded.chained and loaded.breaks:
        rep.checks.append((FAILED, "entries out of sequence"))
    for brk in loaded.breaks[:MAX_BREAKS]:
        rep.problems.append(brk.reason)
    if len(loaded.breaks) > MAX_BREAKS:
        rest = loaded.breaks[MAX_BREAKS:]
        rep.problems.append(f"{len(rest)} more entries do not hold together either (lines {rest[0].line}–{rest[-1].line})")


def _check_final(rep: Report, loaded: journal.Loaded, given: str | None, upto: int | None, after: list[dict[str, Any]]) -> None:
    where = "the header" if not rep.last_entry else f"entry {rep.last_entry}"
    if given is None:
        rep.checks.append(
            (
                OPEN,
                "final hash not given: entries removed from the end cannot be detected, nor edits with every later hash "
                f"recomputed; this journal ends with `{loaded.last_hash}` ({where}): compare it with the final hash posted "
                "at the end (--final-hash HEX)",
            )
        )
        return
    want = posted_hex(given)
    if want is not None and want == loaded.last_hash:
        rep.final_ok, rep.covered_through = True, rep.last_entry
        rep.checks.append((PROVED, f"the posted final hash is the journal's last line ({where}): nothing was changed or cut off"))
        return
    if want is not None and loaded.chained and upto is not None:
        rep.final_ok, rep.covered_through = True, upto
        where_upto = "the header" if upto == 0 else f"entry {upto}"
        rep.checks.append((PROVED, f"the posted final hash is {where_upto}'s: the journal up to there is unchanged"))
        first, final = after[0]["n"], after[-1]["n"]
        which = f"entry {first}" if first == final else f"entries {first}–{final}"
        kinds = ", ".join(str(e["kind"]) for e in after)
        rep.checks.append((OPEN, f"{which} ({kinds}) came after the posted final hash and are not covered by it"))
        return
    rep.final_ok = False
    rep.checks.append((FAILED, "the posted final hash matches"))
    rep.problems.append(
        f"the posted final hash {given.strip()} is not the hash of any line of this journal, whose last line ({where}) "
        f"hashes to {loaded.last_hash}: entries were removed from the end, or lines were changed"
    )


def _check_seed_source(rep: Report) -> None:
    source = rep.seed_source
    if source == "drawn":
        rep.checks.append((PROVED, "seed drawn at start, committed before the first generated item"))
    elif source == "host":
        rep.checks.append((OPEN, "seed given by the host: players may have known it"))
    elif source is None:
        rep.checks.append((OPEN, "seed source unknown (the journal does not say whether umpire drew the seed or the host gave it)"))
    else:
        rep.checks.append((OPEN, f"seed source {source!r} is not one umpire records: players may have known the seed"))


class _Replay:
    """The replay half of verify: each entry re-applied as it is read, every generated item re-derived.

    It stops at the first entry the rules do not reproduce; the rest of the journal is still
    read for the other checks. Nothing is announced: only what the seed generates is compared.
    """

    def __init__(self, loaded: journal.Loaded, path: str | Path) -> None:
        from umpire.session import Session

        self.path = str(path)
        self.bad: list[str] = []
        self.header_problem: str | None = None
        self.stopped_at: int | None = None  # entries read when the replay stopped
        self.stopped_n: Any = None  # the number of the entry it stopped at
        self.session: Session | None = None
        try:
            self.session = Session.from_header(loaded, path)
        except journal.JournalError as exc:
            self.header_problem = exc.reason
            return
        self.session.announce = False

    def step(self, rep: Report, entry: dict[str, Any]) -> None:
        """Replay one entry (unless the replay has stopped) and compare what it generates with the journal."""
        fresh = self.session
        if fresh is None or self.stopped_at is not None:
            return
        n = entry.get("n")
        try:
            fresh.replay_entry(entry, self.path)
        except journal.JournalError as exc:
            self.bad.append(f"entry {n}: {exc.reason}")
            self.stopped_at, self.stopped_n = rep.replayed + 1, n
            return
        again, recorded = fresh.last_generated(), entry.get("generated", [])
        rep.replayed += 1
        if not again and not recorded:  # most entries generate nothing
            return
        again, recorded = _norm(again), _norm(recorded)
        rep.generated += len(again)
        if again != recorded:
            self.bad.append(f"entry {n}: the journal records {json.dumps(recorded)} but the seed gives {json.dumps(again)}")

    def report(self, rep: Report) -> None:
        """Add the replay's verdict to the report (once every entry has been read)."""
        if self.header_problem is not None:
            rep.checks.append((FAILED, "replay: the header does not describe a game"))
            rep.problems.append(f"the header (line 1): {self.header_problem}; nothing could be replayed")
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


def _norm(items: Any) -> Any:
    return json.loads(json.dumps(items, sort_keys=True))
