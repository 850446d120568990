"""What the session gives back to a front end: outputs, each naming its audience.

An output is an announcement (a post, a DM or a host note, from an event), a refusal (to the
player who sent the line, or to the host), information for the host, a host view, or an action
the front end performs itself (`copy`, `quit`). The REPL, batch mode and a bot all read the
same outputs; `to_json` is what `--json` prints.
"""

from __future__ import annotations

import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from umpire.core.errors import UmpireError
from umpire.games.base import HOST, JSON, PUBLIC, Audience, Event, Post, View


class OutputKind(StrEnum):
    """What an output is."""

    ANNOUNCE = "announce"  # a post, a DM or a host note, from an event
    REFUSAL = "refusal"  # a line refused, with its reason
    INFO = "info"  # text for the host (help, rules, a note)
    VIEW = "view"  # a host view: a table and the chat text it may post
    ACTION = "action"  # something only the front end can do (copy to the clipboard, leave)


@dataclass(kw_only=True, slots=True)
class Output:
    """One thing to show, and who it is for.

    Treat it as a value: it is not frozen only because a replay makes one per post, and a frozen
    dataclass's constructor costs three times as much.

    An announcement carries its `post` and the `audience` it is for; `source` is the event it came
    from (on its first post only) and `event` that event's JSON; `n` is the journal entry that made
    it and `dm` the private message it is, `(entry, index)`, when it is one. A refusal is for the
    player who sent the line (a DM audience) or the host. An action names what the front end is
    asked to do (`action`, `args`).
    """

    kind: OutputKind
    text: str = ""
    audience: Audience = PUBLIC
    post: Post | None = None
    source: Event | None = None
    names: tuple[str, ...] = ()  # the players' names, to name the audience in JSON
    error: str | None = None
    input: str | None = None
    line: int | None = None
    view: View | None = None
    n: int | None = None
    dm: tuple[int, int] | None = None
    action: str | None = None
    args: tuple[str, ...] = ()

    @property
    def event(self) -> dict[str, JSON] | None:
        """The JSON of the event this post came from (built when asked: a replay that only shows text skips it).

        No journal counter is in it: a public event must not tell how many private entries came between.
        """
        ev = self.source
        if ev is None:
            return None
        data = ev.to_json(self.names)
        if ev.is_generated:
            data["generated"] = True
        return data

    def to_json(self) -> dict[str, JSON] | None:
        """This output as one JSON object for `--json` (None for a post whose event is already out), its audience named."""
        if self.kind == OutputKind.ANNOUNCE:
            return self.event
        out: dict[str, JSON] = {"type": str(self.kind)}
        out.update(self.audience.to_json(self.names))
        if self.kind == OutputKind.REFUSAL:
            out.update({"input": self.input, "error": self.error, "reason": self.text})
            if self.line is not None:
                out["line"] = self.line
            return out
        if self.kind == OutputKind.VIEW and self.view is not None:
            v = self.view
            out.update({"title": v.title, "columns": list(v.columns), "rows": [list(r) for r in v.rows], "chat": v.chat})
            return out
        if self.kind == OutputKind.ACTION:
            out.update({"action": self.action, "args": list(self.args)})
            return out
        out["text"] = self.text
        return out


def info(text: str, *, audience: Audience = HOST, names: Sequence[str] = ()) -> Output:
    """Text for the host (or, copied to send, for one player)."""
    return Output(kind=OutputKind.INFO, text=text, audience=audience, names=tuple(names))


def view_output(view: View) -> Output:
    """A host view."""
    return Output(kind=OutputKind.VIEW, view=view, text=view.chat, audience=HOST)


def refusal(raw: str, exc: UmpireError, lineno: int | None, *, audience: Audience = HOST, names: Sequence[str] = ()) -> Output:
    """A line refused, for the player who sent it (or the host), naming the line and the reason.

    A bug (an internal error, such as a renderer that failed) is the host's to see, whoever sent the line.
    """
    if exc.kind == "InternalError":
        audience = HOST
    return Output(
        kind=OutputKind.REFUSAL,
        error=exc.kind,
        input=(exc.text or raw.strip()),
        text=exc.reason,
        line=lineno,
        audience=audience,
        names=tuple(names),
    )


def internal_error(what: str, exc: BaseException, lineno: int | None = None) -> Output:
    """A bug reported as a refusal (to the host): the session carries on and nothing was changed."""
    detail = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return Output(
        kind=OutputKind.REFUSAL,
        error="InternalError",
        input=what,
        line=lineno,
        audience=HOST,
        text=f"internal error while judging this line; nothing was changed and the journal is intact ({detail})",
    )


def journal_failed(what: str) -> Output:
    """The journal could not be written: the input was not accepted."""
    return Output(
        kind=OutputKind.REFUSAL,
        error="JournalError",
        input=what,
        audience=HOST,
        text="could not write the journal (disk full or removed?); this input was NOT accepted and the journal is as it was. Fix the disk, then enter it again.",
    )
