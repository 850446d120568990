"""Long journals of every game for the replay benchmarks, at least half of them player input.

A real journal is one match: a player's submissions, the host's few commands, the clock's
rulings. No match has 100,000 entries, so a long journal is one whole match of the game (its
transcript script, tests/transcripts/, seeded as the transcript tests seed it) padded where
players really add entries:

- a player who sends the same submission again (a bid, a deck, a division, a sealed play that the
  last one replaces), where the game accepts it and the state is the same afterwards: one more
  player input each time;
- elsewhere, after an accepted player line, the host's `undo` and the player's line again (a
  ruling taken back and entered again): one undo and one player input.

The padding is spread evenly over the match's accepted player lines, so each kind of input is
replayed about as often as the match has it. Every journal is checked: exactly the entries
asked for, the match ending exactly as the unpadded script ends (`final()` equal), and at least
half of the entries player input. They are written with `os.fsync` stubbed out (the bytes are
the same; only the build is faster).
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from benchlib import GAMES  # noqa: E402 - after the path is set

if TYPE_CHECKING:
    from umpire.session import Session


@dataclass(frozen=True, kw_only=True)
class Point:
    """Where padding goes: after script line `index`, the player line `raw`, padded by resending it or by undo + resend."""

    index: int
    raw: str
    resend: bool  # True: the game takes the same submission again and nothing changes


@dataclass(frozen=True, kw_only=True)
class Built:
    """A journal written: its path, entries by kind, and the share of player input."""

    game: str
    path: Path
    entries: int
    kinds: dict[str, int]
    player_inputs: int
    size: int

    @property
    def player_share(self) -> float:
        """The fraction of entries that are a player's input."""
        return self.player_inputs / self.entries


@contextlib.contextmanager
def no_fsync() -> Iterator[None]:
    """Building a fixture need not wait for the disk; what is written is the same."""
    with mock.patch.object(os, "fsync", lambda fd: None):
        yield


def script_of(name: str) -> Path:
    return ROOT / "tests" / "transcripts" / name


def _lines(script: Path) -> list[str]:
    lines = script.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines = lines[:-1]
    out = []
    for raw in lines:
        if raw.strip().casefold() in ("quit", "exit"):
            break
        out.append(raw)
    return out


def _session(script: Path, journal: Path | None) -> Session:
    from tests.seeds import test_seed
    from tests.transcript_support import scenario_of
    from umpire.session import Session, derive_salt

    sc = scenario_of(script)
    seed = test_seed(sc)
    return Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))


def _accepted(outs: list[Any]) -> bool:
    return bool(outs) and not any(o.kind == "refusal" for o in outs)


def _is_player(raw: str) -> bool:
    from umpire.session.intake import classify

    return classify(raw).kind == "player"


def points(script: Path) -> tuple[list[Point], int, dict[str, Any]]:
    """The padding points of a script, the entries the unpadded script makes, and its final state.

    Each accepted one-line player message is tried on a session of its own: sent again (accepted
    with the state unchanged: a resend point), else taken back with `undo` and sent again (the
    state as it was, the clocks not paused by the undo: an undo point), else no point.
    """
    plain = _session(script, None)
    for lineno, raw in enumerate(_lines(script), start=1):
        plain.feed(raw, lineno=lineno)
    plain.flush()
    base, final = plain.entries, plain.final()

    probe = _session(script, None)
    found: list[Point] = []
    for index, raw in enumerate(_lines(script)):
        outs = probe.feed(raw, lineno=index + 1)
        if not (_is_player(raw) and probe.speaker is None and _accepted(outs) and probe.entries and probe.history):
            continue
        after, paused = probe.state, probe.paused
        again = probe.feed(raw)
        if _accepted(again) and probe.state == after:
            found.append(Point(index=index, raw=raw, resend=True))
            probe.undo()
            continue
        if _accepted(again):
            probe.undo()
        probe.undo()
        redo = probe.feed(raw)
        if _accepted(redo) and probe.state == after and probe.paused == paused:
            found.append(Point(index=index, raw=raw, resend=False))
        elif probe.paused != paused:
            raise RuntimeError(f"{script.name}: probing {raw!r} left the clocks {'paused' if probe.paused else 'running'}")
    return found, base, final


def plan(found: list[Point], base: int, entries: int) -> tuple[dict[int, int], int]:
    """Padding units per point (a resend is one entry, an undo and resend two) making `entries` in all,
    and how many `pause` entries end the journal to make the count exact (0 or 1)."""
    room = entries - base
    if room < 0 or not found:
        raise ValueError(f"cannot pad {base} entries to {entries}")
    cost = [1 if p.resend else 2 for p in found]
    per = room // sum(cost)
    units = {p.index: per for p in found}
    left = room - per * sum(cost)
    for p, c in zip(found, cost, strict=True):  # spread the rest, one unit a point
        if left >= c:
            units[p.index] += 1
            left -= c
    return units, left


def build(game: str, path: Path, entries: int) -> Built:
    """Write the padded journal of `game` with exactly `entries` entries at `path`."""
    script = script_of(dict(GAMES)[game])
    found, base, final = points(script)
    units, tail = plan(found, base, entries)
    by_index = {p.index: p for p in found}
    with no_fsync():
        s = _session(script, path)
        for index, raw in enumerate(_lines(script)):
            s.feed(raw, lineno=index + 1)
            p = by_index.get(index)
            if p is None:
                continue
            for _ in range(units[index]):
                if not p.resend:
                    _must(s.undo(), "undo")
                _must(s.feed(p.raw), p.raw)
        s.flush()
        got = s.final()
        for _ in range(tail):
            _must(s.feed("pause"), "pause")
        assert s.writer is not None
        s.writer.close()
    if {k: v for k, v in got.items() if k != "t"} != {k: v for k, v in final.items() if k != "t"}:
        raise RuntimeError(f"{game}: the padded journal does not end the match as the script does")
    return _count(game, path, entries)


def _must(outs: list[Any], what: str) -> None:
    if not _accepted(outs):
        refused = [o.text for o in outs if o.kind == "refusal"]
        raise RuntimeError(f"padding refused {what!r}: {refused[:1]}")


def _count(game: str, path: Path, entries: int) -> Built:
    from umpire.session.entries import opened

    kinds: collections.Counter[str] = collections.Counter()
    players = 0
    with open(path, encoding="utf-8") as f:
        next(f)
        for raw in f:
            entry = opened(json.loads(raw))  # a sealed move's player is in its sealed member
            kinds[entry["kind"]] += 1
            players += entry["kind"] == "input" and entry.get("by") is not None
    total = sum(kinds.values())
    if total != entries:
        raise RuntimeError(f"{game}: built {total} entries, not {entries}")
    built = Built(game=game, path=path, entries=total, kinds=dict(kinds), player_inputs=players, size=path.stat().st_size)
    if built.player_share < 0.5:
        raise RuntimeError(f"{game}: only {built.player_share:.0%} of the entries are player input")
    return built


if __name__ == "__main__":  # build one journal of each game and describe it: `journals.py DIR [ENTRIES]`
    out = Path(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
    out.mkdir(parents=True, exist_ok=True)
    for g, _ in GAMES:
        b = build(g, out / f"{g.split()[0].strip(',').lower()}-{n}.journal.jsonl", n)
        print(f"{g}: {b.entries} entries, {b.size / 1e6:.1f} MB, {b.player_share:.0%} player input, {b.kinds}")
