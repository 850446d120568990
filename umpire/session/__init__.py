"""The session: the referee of record, and the one interface every front end uses.

Its parts, each in its own module:

* `intake` — text -> messages: prefixes, Discord headers, where a message ends;
* `engine` — evaluate, write, commit, replay, undo: the only writer of the journal;
* `entries` — the journal's entries, one typed class per kind;
* `host` — the host's commands (one table: dispatch, help, completion, the live check);
* `delivery` — the outbox: each player's DMs, and which were sent;
* `fairness` — the commitment, the players' entropy, the reveal;
* `events` — the session's own events and their posts;
* `outputs` — what comes back to a front end, each output naming its audience;
* `live` — the live check;
* `session` — `Session`, the interface itself (docs/writing-a-front-end.md).
"""

from umpire.session.delivery import Dm, DmId, DmStatus
from umpire.session.engine import JournalMismatch, RenderFailure
from umpire.session.entries import opened
from umpire.session.host import HOST_COMMANDS, HostCommand, host_command
from umpire.session.outputs import Output, OutputKind, info, internal_error, refusal
from umpire.session.session import Session, derive_salt

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
    "derive_salt",
    "host_command",
    "info",
    "internal_error",
    "opened",
    "refusal",
]
