"""Sessions of the bundled games for the session's tests: hosted as the transcripts are (their seeds), and played to
a line of a transcript's script (a message still open there ended)."""

from __future__ import annotations

from pathlib import Path

from tests.seeds import test_seed
from tests.transcript_support import TRANSCRIPTS, scenario_of
from umpire.session import Session, derive_salt


def hosted(script: str, journal: Path | None = None) -> Session:
    """A new session of the scenario the transcript `script` plays, with its seed."""
    sc = scenario_of(TRANSCRIPTS / script)
    seed = test_seed(sc)
    return Session.create(sc, journal_path=journal, seed=seed, salt=derive_salt(seed))


def played(script: str, upto: int, journal: Path | None = None) -> Session:
    """The transcript `script`'s game after its first `upto` lines."""
    s = hosted(script, journal)
    s.commitment_outputs()
    for i, line in enumerate((TRANSCRIPTS / script).read_text(encoding="utf-8").split("\n")[:upto], start=1):
        s.feed(line, lineno=i)
    s.flush()
    return s
