"""What an entry showed everyone, written in the clear in its journal line (`shown`), so a report page is a pure function
of the published journal.

A sealed entry's input is a digest in the published journal, so the rules cannot be replayed past it; but what the
entry announced was public, and the page shows it. So each line written since records, in its `shown` member:

* `game`: the JSON (`Event.to_json`) of each public event the game made, in order;
* `session`: likewise the session's own public events (an undo's correction, the reveal, the players' entropy); the
  journal's final hash is left out, as it is the hash of this very line (of the line before, for a reveal), which a
  reader has anyway;
* `facts`: what everyone may know of each player after it (the game's declared `Fact`s, as a subset of
  `knowledge(None)`), only when the entry changed it;
* `over` (and `outcome`, the typed result, when it becomes true): only when the entry ended the match or took its end
  back;
* `start`, on the first line only: the facts at the start, before it.

An entry that showed nothing and changed none of that has no `shown` (the first always has one). The chain
covers `shown` as it covers the rest of the line, and `verify`'s replay checks it (`check`), as does the replay
`umpire report` makes: what the rules make must be what the line says, so a line whose `shown` was edited is refused,
and the published journal's `shown` are the host's (`replay` and `resume` take them as written, as they take
`generated`). A journal written before (no `shown` anywhere) replays as it always
did, and one resumed today records `shown` from its next line on (without `start`: its report is made by replay).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from umpire.core.settings import Settings
from umpire.games.base import JSON, Event, Game, Post
from umpire.games.eventjson import jsonable
from umpire.games.facts import Fact

if TYPE_CHECKING:
    from umpire.session import Session
    from umpire.session.engine import Engine
    from umpire.session.ruling import Ruling

MEMBER = "shown"  # the entry's member described above


def subset(knowledge: dict[str, JSON], players: Sequence[str], facts: Sequence[Fact]) -> dict[str, JSON]:
    """The part of `knowledge(None)` the declared facts read, in the same shape (`Fact.values` reads it alike).

    >>> f = (Fact(key="players.money", label="Money"), Fact(key="chips", label="Chips"))
    >>> subset({"players": {"A": {"money": 3, "x": 1}}, "chips": {"A": 2, "B": 1}, "secret": 9}, ("A", "B"), f)
    {'players': {'A': {'money': 3}}, 'chips': {'A': 2, 'B': 1}}
    """
    out: dict[str, Any] = {}
    for fact in facts:  # as `Fact.values` reads each player's value, written out: a replay asks at every ruling
        head, _, sub = fact.key.partition(".")
        per = knowledge.get(head)
        if not isinstance(per, dict):
            continue
        for player in players:
            if player not in per:
                continue
            value = per[player]
            if sub:
                if isinstance(value, dict) and sub in value:
                    out.setdefault(head, {}).setdefault(player, {})[sub] = value[sub]
            else:
                out.setdefault(head, {})[player] = value
    return out


def facts_of(game: Game[Any, Any], declared: Sequence[Fact], state: Any, players: Sequence[str]) -> dict[str, JSON]:
    """The public facts of `state` (`declared`: the game's facts under its settings), as `shown` records them."""
    if not declared:
        return {}
    return subset(game.knowledge(state, None), players, declared)


def _facts(engine: Engine, state: Any) -> dict[str, JSON]:
    """`facts_of` a state, the last few kept (an entry asks of the state before and after it)."""
    held = engine.facts_held
    for s, f in held:
        if s is state:
            return f
    if engine.declared is None:
        engine.declared = engine.game.facts(Settings(engine.scenario.settings))
    got = facts_of(engine.game, engine.declared, state, engine.names)
    held.append((state, got))
    if len(held) > 4:
        del held[0]
    return got


def made(engine: Engine, ruling: Ruling) -> dict[str, JSON] | None:
    """What `ruling` showed everyone, as its line's `shown` records it; None when nothing.

    Asked before the journal's final hash is added to the ruling's notes (`Engine.finish`)."""
    names = engine.names
    out: dict[str, JSON] = {}
    game = [e.to_json(names) for e in ruling.events if e.audience.public]
    session = [e.to_json(names) for e in ruling.notes if e.audience.public and e.kind != "final_hash"]
    if game:
        out["game"] = game
    if session:
        out["session"] = session
    before, after = engine.state, ruling.state
    if ruling.n == 1:  # the first line records the facts at the start too
        out["start"] = _facts(engine, before)
    if after is not before:
        now = _facts(engine, after)
        if now != _facts(engine, before):
            out["facts"] = now
        over = bool(engine.game.is_over(after))
        if over != bool(engine.game.is_over(before)):
            out["over"] = over
            if over:
                outcome = engine.game.outcome(after)
                out["outcome"] = None if outcome is None else jsonable(outcome)
    return out or None


def record(engine: Engine, ruling: Ruling, data: dict[str, JSON]) -> None:
    """Add `shown` to a line about to be written (before `wall` and `prev`)."""
    got = made(engine, ruling)
    if got is not None:
        data[MEMBER] = got
    engine.shows = True


def check(engine: Engine, ruling: Ruling, data: dict[str, JSON]) -> str | None:
    """On replay: why the line's `shown` is not what the ruling showed, or None when it is (or the journal records none).

    A journal records `shown` from its first line that has one (its first line, when it was written since): a line
    after that which lacks it must have shown nothing."""
    recorded = data.get(MEMBER)
    if recorded is None and not engine.shows:
        return None
    engine.shows = True
    got = made(engine, ruling)
    if recorded == got:
        return None
    if recorded is None:
        return f"the line records nothing shown (no “{MEMBER}”), but the ruling showed {_what(got)}"
    if got is None:
        return f"the line's “{MEMBER}” records {_what(recorded)}, but the ruling showed nothing"
    return f"the line's “{MEMBER}” records {_what(recorded)}, but the ruling showed {_what(got)}"


def _what(shown: Any) -> str:
    """What a `shown` holds, in a few words (for a refusal)."""
    if not isinstance(shown, dict):
        return repr(shown)[:80]
    parts = []
    for key in ("game", "session"):
        events = shown.get(key)
        if isinstance(events, list):
            kinds = [str(e.get("event")) if isinstance(e, dict) else "?" for e in events]
            parts.append(f"{key} events {kinds}")
    parts += [f"{key} {shown[key]!r}"[:120] for key in ("start", "facts", "over", "outcome") if key in shown]
    return "; ".join(parts) or "nothing"


def events_of(shown: Any, key: str) -> list[Any]:
    """The list of event JSONs under `key` of a line's `shown` (empty when none)."""
    if not isinstance(shown, dict):
        return []
    got = shown.get(key)
    return got if isinstance(got, list) else []


# ---------------------------------------------------------------- for a report (umpire/report/rebuild.py), which is a front end


def checking(session: Session) -> None:
    """Have `session`'s replay compare each line's `shown` with what its ruling showed (as `verify`'s does)."""
    session.engine.check_shown = True


def own_kinds() -> tuple[type[Event], ...]:
    """Every kind of the session's own events, for reading a line's `session` events back."""
    from umpire.session import events

    return tuple(events.EVENTS)


def own_posts(ev: Event) -> list[Post]:
    """The posts of one of the session's own events, as the session words them (its renderers take no context)."""
    from umpire.session.events import RENDER

    return RENDER.render(None, ev)


def before_the_game(commitment: str, *, entropy_wanted: bool) -> list[Event]:
    """The session's posts before the game, as a journal's header records them: the commitment, and the request for the
    players' entropy when the game waits for it (`Engine.commitment`)."""
    from umpire.session.events import Commitment
    from umpire.session.fairness import EntropyWanted

    out: list[Event] = [Commitment(t=0, sha256=commitment)]
    if entropy_wanted:
        out.append(EntropyWanted(t=0))
    return out


def final_hash(t: int, line_hash: str, commitment: str) -> Event:
    """The journal's final hash as the session posts it (with a ruling that ended the match: its line's; with the reveal:
    the line's before it), which `shown` leaves out."""
    from umpire.session.play_events import FinalHash

    return FinalHash(t=t, final_hash=line_hash, commitment=commitment)
