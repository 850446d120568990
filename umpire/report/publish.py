"""The journal as a report publishes it: every private payload replaced by its salted digest.

A journal written since umpire seals private payloads (umpire/core/redaction.py) is published
line for line: a line with a `sealed` member becomes its redacted form, which hashes to what the
full line hashes to, so the chain and the final hash hold for the published journal too. A
journal that holds something private in the clear cannot be published without breaking its
chain, so the page then embeds no journal and says why. In the clear are: a sealed move's input,
an input whose ruling made no public event, or a message taken and not judged, in a journal
written before payloads were sealed; seeded items dealt in private, likewise; and the seed itself, in an older journal's header, or in a scenario
that sets one, while the journal has not revealed it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core import journal
from umpire.core.redaction import SEALED, published_line
from umpire.scenario import ScenarioError
from umpire.scenario import parse as parse_scenario
from umpire.session import Session

MAX_NAMED = 5  # entries named one by one when the journal cannot be published


@dataclass(kw_only=True)
class Published:
    """The published journal's bytes (None when it cannot be published, with the reasons why)."""

    data: bytes | None
    entries: int
    sealed: int = 0  # entries whose private payload is a digest in it
    reasons: list[str] = field(default_factory=list)


class Checker:
    """Follows a replay entry by entry, noting anything private that a journal holds in the clear."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.clear: list[tuple[int, str]] = []  # (entry, what it holds in the clear)

    def before(self, entry: dict[str, Any], *, sealed: bool) -> None:
        """Before the entry is replayed: a sealed move's input, or an unjudged message, not in a `sealed` member."""
        if isinstance(entry.get(SEALED), dict):
            return
        if sealed:
            self.clear.append((int(entry["n"]), "a sealed move's input"))
        elif entry.get("kind") == "heard":
            self.clear.append((int(entry["n"]), "a player's message taken without being judged"))
        elif entry.get("kind") == "asked":
            self.clear.append((int(entry["n"]), "a player's question of what they may know"))

    def after(self, entry: dict[str, Any]) -> None:
        """After it was replayed: seeded items it dealt in private, or an input nobody but a few heard of, in the clear."""
        events = self.session.last_events
        if "generated" in entry and any(e.is_generated and not e.audience.public for e in events):
            self.clear.append((int(entry["n"]), "seeded items dealt in private"))
        elif entry.get("kind") == "input" and "text" in entry and not any(e.audience.public for e in events):
            self.clear.append((int(entry["n"]), "an input the public never heard of"))

    def publish(self, path: str | Path, loaded: journal.Loaded, *, revealed: bool) -> Published:
        """The published journal, or why it cannot be published."""
        reasons = [_clear_reason(self.clear)] if self.clear else []
        if not revealed:
            reasons += _unrevealed_seed(loaded.header)
        if reasons:
            return Published(data=None, entries=loaded.count, reasons=reasons)
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        out = [lines[0]]
        sealed = 0
        for raw in lines[1 : loaded.count + 1]:
            entry = json.loads(raw)
            sealed += isinstance(entry.get(SEALED), dict)
            out.append(published_line(raw, entry))
        return Published(data=b"".join(line + b"\n" for line in out), entries=loaded.count, sealed=sealed)


def _clear_reason(clear: list[tuple[int, str]]) -> str:
    named = ", ".join(f"entry {n} ({what})" for n, what in clear[:MAX_NAMED])
    more = f" and {len(clear) - MAX_NAMED} more" if len(clear) > MAX_NAMED else ""
    return (
        f"it holds what the game keeps private in the clear: {named}{more}. It was written before umpire sealed private "
        "payloads, and its hash chain covers them as written, so no part of it can be left out"
    )


def _unrevealed_seed(header: dict[str, Any]) -> list[str]:
    if "seed" in header:
        return ["its header holds the seed (an older journal), and the journal has not revealed it"]
    try:
        scenario = parse_scenario(str(header.get("scenario_toml", "")), "the journal's scenario")
    except ScenarioError:
        return []
    if scenario.seed is not None:
        return ["its scenario sets the seed, and the journal has not revealed it"]
    return []
