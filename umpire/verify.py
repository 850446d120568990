"""`umpire verify`: what a journal proves about a game, and what it cannot.

Checked: the seed and salt (revealed in the journal, or read from the host's key file before
the reveal) against the commitment, and the commitment against the one posted, if given; the
hash chain (every entry holds the SHA-256 of the line before it); the final hash posted at the
end (if given: nothing before it was cut off or changed, and what comes after it records no
ruling); the players' entropy (umpire/verify_seed.py); and a replay that re-derives every generated item from
the seed.
The report says which of these were proved and, for each one that could not be (a posted value
not given, entries without a chain, a seed the host could have chosen), what that leaves open.
Only a journal for which everything was proved gets the verdict “VERIFIED:”.

A published journal (the one a match report embeds: `umpire verify report.html` reads it out of
the page) carries each private payload as its salted digest only: its chain, commitment and final
hash are checked as a full journal's are, but the rules stop at its first sealed entry; from there
every generated item in the clear is re-derived from the seed alone (umpire/verify_rederive.py),
and the report says what that leaves open (umpire/core/redaction.py).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core import journal
from umpire.session import fairness
from umpire.verify_replay import FAILED, OPEN, PROVED, Replay
from umpire.verify_seed import check_seed

MAX_BREAKS = 5  # chain breaks listed one by one; the rest are counted
Entries = Iterator[tuple[dict[str, Any], str]]  # a journal's entries as `journal.scan` reads them, each with its hash
Watch = Callable[[Entries, journal.Loaded, "str | Path"], Entries]  # looks on as they are read (umpire.cli.progress)
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


NOT_VERIFIED = "NOT VERIFIED."
NOT_AGAINST_POSTED = (
    "NOT CHECKED AGAINST WHAT WAS POSTED: every check made passed, but a journal rewritten with every hash recomputed "
    "passes them too; run `umpire verify JOURNAL --commitment HEX --final-hash HEX` with the values the host posted."
)
AS_FAR_AS_IT_GOES = "VERIFIED AS FAR AS IT GOES: every check made passed; the “?” lines say what could not be proved."
VERIFIED = (
    "VERIFIED: this is the journal whose commitment and final hash were posted, unchanged up to that hash; its revealed seed "
    "and salt hash to the commitment, the players' entropy was mixed in before any game input, and every generated item "
    "came from the seed they make."
)


@dataclass(kw_only=True)
class Report:
    """What verify found: each check in order, marked proved (✓), failed (✗) or not provable here (?).

    `ok` is False when anything checked did not match; `problems` says what differs, naming the entry.
    """

    path: str
    commitment: str = ""
    commitment_ok: bool | None = None  # None: the seed could not be had (not revealed, no key file)
    seed_from: str | None = None  # where the seed and salt were read: "reveal", "header" or "key"
    reveal_entry: int | None = None
    entropy: str | None = None  # the text mixed after the seed, when the game mixed the players' words in
    entropy_words: list[dict[str, str | None]] | None = None  # each player's word, in seat order (not for an older journal)
    entropy_entry: int | None = None
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
        return self.commitment_ok is not False and not self.problems and all(mark != FAILED for mark, _ in self.checks)

    @property
    def posted_checked(self) -> bool:
        """Both posted values were given and match: without them a rewritten journal would pass too."""
        return self.posted_ok is True and self.final_ok is True

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
        """One line: not verified; not checked against what was posted; verified within the limits listed; or verified."""
        if not self.ok:
            return NOT_VERIFIED
        if not self.posted_checked:
            return NOT_AGAINST_POSTED
        if self.limits:
            return AS_FAR_AS_IT_GOES
        return VERIFIED

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
            "verdict": self.verdict,
            "journal": self.path,
            "commitment": self.commitment,
            "commitment_ok": self.commitment_ok,
            "seed_from": self.seed_from,
            "reveal_entry": self.reveal_entry,
            "entropy": self.entropy,
            "entropy_words": self.entropy_words,
            "entropy_entry": self.entropy_entry,
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


NO_RULING = ("reveal", "stop", "delivered", "pause", "resume", "heard", "posted", "listening", "asked")  # entry kinds that change no ruling


def verify(path: str | Path, *, posted: str | None = None, final_hash: str | None = None, watch: Watch | None = None) -> Report:
    """Check a journal, or the journal a match report embeds (`umpire report`), as `check` does.

    Raises JournalError when it cannot be read at all (a page that embeds no journal included).
    """
    from umpire.report.embedded import journal_of_page

    page = journal_of_page(path)
    if page is None:
        return check(path, posted=posted, final_hash=final_hash, watch=watch)
    with tempfile.TemporaryDirectory(prefix="umpire-verify-") as tmp:
        inner = Path(tmp) / f"{Path(path).name}.journal.jsonl"
        inner.write_bytes(page)
        rep = check(inner, posted=posted, final_hash=final_hash, shown_as=str(path), watch=watch)
    from umpire.verify_page import check_page  # and what the page shows is what that journal makes

    check_page(rep, path, page)
    rep.notes.insert(0, f"the journal was read out of the page {path}, which embeds it ({len(page):,} bytes)")
    return rep


def check(
    path: str | Path, *, posted: str | None = None, final_hash: str | None = None, shown_as: str | None = None, watch: Watch | None = None
) -> Report:
    """Check a journal: its seed and salt against its commitment (and the one `posted` at the start),
    its hash chain, the `final_hash` posted at the end, the players' entropy, and a replay
    re-deriving every generated item from the seed.

    The journal is read once for its checks, one entry at a time, and replayed as it is read:
    memory does not grow with its length (finding the reveal's seed first costs one more read).
    Raises JournalError only when the journal cannot be read at all; everything that does not
    match is a problem in the report, naming the entry. `watch(entries, loaded, path)` may look on
    as the entries are read (`umpire verify` says how far a long journal's check has got).
    """
    loaded, entries = journal.scan(path, strict=False)
    if watch is not None:
        entries = watch(entries, loaded, path)
    h = loaded.header
    rep = Report(path=shown_as or str(path), commitment=h["commitment"], seed_source=h.get("seed_source"))
    secret, missing = _secret(path, h)
    if secret is None and shown_as is not None:
        missing = "the page's journal has no reveal entry, and a page carries no key file"
    want = posted_hex(final_hash) if final_hash is not None else None
    replay = Replay(loaded, path, secret)
    last: Any = 0
    upto: int | None = None  # the index of the first entry whose `prev` is the posted final hash
    after = _After()  # that entry and those after it
    revealed = False  # the journal has a reveal entry
    for i, (entry, _own) in enumerate(entries):
        last = entry.get("n")
        if entry.get("kind") == "reveal":
            revealed = True
        if entry.get("kind") == "entropy":
            replay.entropies.append(last)
        if upto is None and want is not None and entry.get("prev") == want:
            upto = i
        if upto is not None:
            after.add(entry)
        replay.step(rep, entry)
    rep.entries = loaded.count
    rep.last_hash = loaded.last_hash
    rep.last_entry = last if isinstance(last, int) else loaded.count
    rep.chained, rep.chain_from = loaded.chained, loaded.chain_from
    _check_commitment(rep, h, posted, secret, missing)
    _check_chain(rep, loaded)
    _check_final(rep, loaded, final_hash, upto, after)
    _check_reveal(rep, secret, revealed)
    check_seed(rep, replay)
    if loaded.torn is not None:
        rep.notes.append(f"line {loaded.torn_line} was cut off by a crash and is not part of the game")
    replay.report(rep)
    return rep


def _secret(path: str | Path, h: dict[str, Any]) -> tuple[fairness.Secret | None, str | None]:
    """The seed and salt (header, reveal entry or key file), or why they cannot be had."""
    try:
        return fairness.secret_of(path, h, check=False), None
    except journal.JournalError as exc:
        return None, exc.reason


def _check_commitment(rep: Report, h: dict[str, Any], posted: str | None, secret: fairness.Secret | None, missing: str | None) -> None:
    sha = h["commitment"]
    if secret is None:
        rep.checks.append((OPEN, f"the seed is not in this journal and could not be read: {missing}; the commitment cannot be checked"))
    else:
        rep.seed_from, rep.reveal_entry = secret.where, secret.entry
        where = {
            "reveal": f"revealed in entry {secret.entry}",
            "header": "in the journal's header",
            "key": f"read from the host's key file {secret.path}",
        }[secret.where]
        derived = journal.commitment(secret.seed, secret.salt)
        rep.commitment_ok = derived == sha
        rep.checks.append(
            (PROVED if rep.commitment_ok else FAILED, f"the seed and salt {where} hash to the commitment {sha}: SHA-256(salt:seed)")
        )
        if not rep.commitment_ok:
            rep.problems.append(
                f"the commitment in the journal ({sha}) is not SHA-256(salt:seed) = {derived}, with the seed and salt {where}"
            )
    if posted is None:
        rep.checks.append((OPEN, f"commitment not given: compare `{sha}` with the one posted at the start (--commitment HEX)"))
        return
    rep.posted_ok = posted_hex(posted) == sha
    rep.checks.append((PROVED if rep.posted_ok else FAILED, "the posted commitment is the journal's"))
    if not rep.posted_ok:
        rep.problems.append(f"the posted commitment {posted.strip()} is not the one in the journal's header ({sha})")


def _unchained(rep: Report) -> str | None:
    """What the chain does not reach, or None when every entry holds the hash of the line before it."""
    if not rep.chained:
        return "no entry holds the hash of the line before it (“prev”)"
    if rep.chain_from in (None, 1):
        return None
    assert rep.chain_from is not None
    first = "entry 1 holds" if rep.chain_from == 2 else f"entries 1–{rep.chain_from - 1} hold"
    return f"{first} no hash of the line before (“prev”)"


def _check_chain(rep: Report, loaded: journal.Loaded) -> None:
    gap = _unchained(rep)
    if not loaded.chained:
        rep.checks.append((OPEN, f"no hash chain: {gap}, so edits to the journal cannot be detected by the chain"))
    else:
        rep.chain_ok = not loaded.breaks
        if rep.chain_ok:
            which = f"each of the {rep.entries} entries" if gap is None else f"each entry from entry {rep.chain_from} on"
            rep.checks.append((PROVED, f"hash chain intact: {which} holds the hash of the line before it"))
        else:
            rep.checks.append((FAILED, "hash chain broken: lines were changed, removed or inserted after they were written"))
        if gap is not None:
            assert rep.chain_from is not None
            before = "the header" if rep.chain_from == 2 else f"the header and entries 1–{rep.chain_from - 2}"
            rep.checks.append((OPEN, f"{gap}: edits to {before} cannot be detected"))
    if not loaded.chained and loaded.breaks:
        rep.checks.append((FAILED, "entries out of sequence"))
    for brk in loaded.breaks[:MAX_BREAKS]:
        rep.problems.append(brk.reason)
    if len(loaded.breaks) > MAX_BREAKS:
        rest = loaded.breaks[MAX_BREAKS:]
        rep.problems.append(f"{len(rest)} more entries do not hold together either (lines {rest[0].line}–{rest[-1].line})")


class _After:
    """The entries after the line the posted final hash pins: the first and last numbers, and how many of each kind."""

    def __init__(self) -> None:
        self.first: Any = None
        self.last: Any = None
        self.kinds: dict[str, int] = {}  # in the order each kind first came

    def add(self, entry: dict[str, Any]) -> None:
        if self.first is None:
            self.first = entry.get("n")
        self.last = entry.get("n")
        kind = str(entry.get("kind"))
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    @property
    def count(self) -> int:
        return sum(self.kinds.values())

    def summary(self) -> str:
        """The kinds, each counted when it came more than once: "reveal", "130 heard, posted, reveal"."""
        return ", ".join(kind if k == 1 else f"{k:,} {kind}" for kind, k in self.kinds.items())


def _check_final(rep: Report, loaded: journal.Loaded, given: str | None, upto: int | None, after: _After) -> None:
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
    pinned = _unchained(rep) is None
    if want is not None and want == loaded.last_hash:
        rep.final_ok, rep.covered_through = True, rep.last_entry
        if pinned:
            rep.checks.append(
                (PROVED, f"the posted final hash is the journal's last line ({where}): no line was changed, removed or cut off")
            )
        else:
            rep.checks.append((PROVED, f"the posted final hash is the journal's last line ({where}): that line is as posted"))
        return
    if want is not None and loaded.chained and upto is not None:
        rep.final_ok, rep.covered_through = True, upto
        where_upto = "the header" if upto == 0 else f"entry {upto}"
        held = "the journal up to there is as it was when the hash was posted" if pinned else "that line is as posted"
        rep.checks.append((PROVED, f"the posted final hash is {where_upto}'s: {held}"))
        _after(rep, after)
        return
    rep.final_ok = False
    rep.checks.append((FAILED, "the posted final hash matches"))
    rep.problems.append(
        f"the posted final hash {given.strip()} is not the hash of any line of this journal, whose last line ({where}) "
        f"hashes to {loaded.last_hash}: entries were removed from the end, or lines were changed"
    )


def _after(rep: Report, after: _After) -> None:
    """What comes after the line the posted final hash pins: the reveal and what records no ruling is fine."""
    one = after.count == 1
    which = f"entry {after.first} ({after.summary()})" if one else f"entries {after.first}–{after.last} ({after.summary()})"
    if all(kind in NO_RULING for kind in after.kinds):
        record = "it records" if one else "they record"
        rep.checks.append(
            (PROVED, f"only {which} came after the posted final hash: {record} no ruling (a reveal's seed and salt are checked above)")
        )
    else:
        rep.checks.append(
            (
                OPEN,
                f"{which} came after the posted final hash, which does not cover {'it' if one else 'them'}: "
                f"{'it' if one else 'they'} may have been changed or added since",
            )
        )


def _check_reveal(rep: Report, secret: fairness.Secret | None, revealed: bool) -> None:
    if secret is not None and secret.where == "header":
        rep.checks.append((OPEN, "the seed and salt are in the journal's header: anyone who could read the journal could read them"))
    if not revealed:
        rep.checks.append(
            (
                OPEN,
                "the journal has no reveal entry: the seed and salt were not revealed in it (a finished game's journal ends with its reveal)",
            )
        )
