"""The session: the referee of record, and the one interface every front end uses.

Its parts, each in its own module:

* `intake` — text -> messages: prefixes, Discord headers, where a message ends (`lines`: each line classified);
* `engine` — evaluate, write, commit, replay, undo: the only writer of the journal;
* `entries` — the journal's entries, one typed class per kind (`host_entries`: those of the host's commands);
* `host` — the host's commands (one table: dispatch, help, completion, the live check);
* `judging` — a message judged: a host command, a game input, a player's word for the seed;
* `delivery` — the outbox: each player's DMs, and which were sent;
* `fairness` — the commitment, the players' entropy, the reveal (`seed_words`: each player's word bound to its seat, normalised, mixed in the roster's order);
* `events` — the session's own events and their posts (`play_events`: those of a game under way);
* `outputs` — what comes back to a front end, each output naming its audience;
* `live` — the live check;
* `shown` — what each journal line showed everyone, which a report page is made from;
* `session` — `Session`, the interface itself (docs/writing-a-front-end.md).

The host's commands (`HOST_COMMANDS`, `HostCommand`, `host_command`) are imported when first asked
for: a session starts, and shows its first prompt, without them, without the judging, the lines'
classification, the entries and events of a game under way, and the game's rules and announcements.
`warm_up` imports them all; a front end runs it in the background once its first prompt is up, so
that the first line is judged as quickly as the next.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from umpire.session.delivery import Dm, DmId, DmStatus
from umpire.session.engine import JournalMismatch, RenderFailure
from umpire.session.entries import opened
from umpire.session.outputs import Output, OutputKind, info, internal_error, refusal
from umpire.session.session import Session

if TYPE_CHECKING:
    from umpire.session.host import HOST_COMMANDS, HostCommand, host_command

__all__ = [
    "HOST_COMMANDS",
    "Dm",
    "DmId",
    "DmStatus",
    "HostCommand",
    "JournalMismatch",
    "Output",
    "OutputKind",
    "RenderFailure",
    "Session",
    "block_checks",
    "derive_salt",
    "host_command",
    "info",
    "internal_error",
    "opened",
    "recallable",
    "refusal",
    "shown",
    "together",
    "warm_up",
]


def derive_salt(seed: str) -> str:
    """A salt derived from the seed, for reproducible scripted runs (not for live games)."""
    return hashlib.sha256(f"umpire-script-salt|{seed}".encode()).hexdigest()[:32]


def block_checks(session: Session, lines: Sequence[str]) -> list[Literal["now", "ahead"] | None]:
    """How the live check takes each line of a block pasted at once: "now" (against the game as it stands: its
    first line), "ahead" (for reading only) or None (not at all); see `live.block_checks`."""
    from umpire.session.live import block_checks as checks

    return checks(session, lines)


def together(session: Session, run: Callable[[], list[Output]]) -> list[Output]:
    """Make several calls on `session` at once (`run` makes them: a bot's messages that arrived together, the deliveries
    Discord confirmed together): their journal entries are made durable by one flush, before any of their outputs is
    returned to be announced. Should that flush fail, none of them stands (the game is as before `run`) and what comes
    back is one refusal for the host per entry, saying so; a front end may then try them again."""
    return session.engine.batched(run)


def recallable(session: Session, text: str) -> bool:
    """Whether a line the host entered may be kept where it outlives the game (a REPL's history file): a host command
    or view on one line, never a player's line, a pasted block, a sealed move or the players' words (`host.recallable`)."""
    from umpire.session.host import recallable as check

    return check(session, text)


def warm_up(session: Session) -> None:
    """Import now what `session`'s start left for its first line: the judging, the host's commands, the live check,
    the lines' classification, the entries and events of a game under way, and the game's parts (`umpire.games.later`)."""
    from importlib import import_module

    from umpire.games.later import resolve_all

    for part in ("judging", "host", "live", "intake", "lines", "host_entries", "play_events"):
        import_module(f"umpire.session.{part}")
    resolve_all(session.game)


def __getattr__(name: str) -> Any:
    """The host's commands, imported at their first use (PEP 562)."""
    if name in ("HOST_COMMANDS", "HostCommand", "host_command"):
        from umpire.session import host

        return getattr(host, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
