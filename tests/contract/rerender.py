"""Posts made again from their events' JSON: what the contract and secrecy tests check every post against.

A renderer is given the event and the game's public context, never the state. So every post a game
made must come out the same, text and picture, when its event is read back from the JSON `--json`
printed (`read_event`) and put into words again, after the game, by renderers given a public
context made afresh from the scenario: a post that says anything its event's JSON does not hold
(something of the state, a value kept off the JSON) fails here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence

from umpire.core.settings import Settings
from umpire.games.base import Event, Post, PublicSetup
from umpire.games.eventjson import read_event
from umpire.session import Output, Session
from umpire.session import events as session_events

# Kinds whose JSON leaves a field out on purpose, so the event read back differs in that field (its posts do not).
WITHHELD = {"entropy": "the game's seed, secret until the reveal (fairness.EntropyIn keeps it off the JSON and the post)"}


class NotFromItsJson(AssertionError):
    """A post that its event's JSON does not make again: it says something the event does not hold."""


def events_with_posts(outputs: Sequence[Output]) -> Iterator[tuple[Output, list[Post]]]:
    """Each announced event (its first output) with every post it made, in order."""
    current: tuple[Output, list[Post]] | None = None
    for o in outputs:
        if o.kind == "announce" and o.source is not None:
            if current is not None:
                yield current
            current = (o, [o.post] if o.post is not None else [])
        elif o.kind == "announce" and current is not None and o.post is not None and o.n == current[0].n:
            current[1].append(o.post)
        elif current is not None:
            yield current
            current = None
    if current is not None:
        yield current


def picture(post: Post) -> str:
    """A post's picture as the digest of its PNG ("" for none)."""
    return "" if post.image is None else hashlib.sha256(post.image()).hexdigest()


def check_posts_from_json(s: Session, outputs: Sequence[Output], *, pictures: bool = True) -> int:
    """Every event in `outputs` read back from its JSON is the same event, and makes the same posts again; returns how many.

    Raises NotFromItsJson naming the first event that does not.
    """
    game = s.game
    public = game.public(PublicSetup(roster=s.scenario.roster, settings=Settings(s.scenario.settings)))
    kinds: list[type[Event]] = [*game.events, *session_events.EVENTS]
    own = set(session_events.EVENTS)
    checked = 0
    for first, posts in events_with_posts(outputs):
        event = first.source
        assert event is not None and first.event is not None
        where = f"{game.key}: the “{event.kind}” event at {event.t} ms"
        try:
            again = read_event(json.loads(json.dumps(first.event)), kinds, s.names)
        except ValueError as exc:
            raise NotFromItsJson(f"{where} cannot be read back from its JSON: {exc}") from exc
        if again != event and event.kind not in WITHHELD:
            raise NotFromItsJson(f"{where} is not the same event read back from its JSON:\n  {event}\n  {again}")
        remade = session_events.RENDER.render(None, again) if type(again) in own else game.announce(public, again)
        if not any(p.text for p in remade):
            remade = []  # an event with no words goes out as its JSON alone
        if [p.text for p in remade] != [p.text for p in posts]:
            said = "\n".join(p.text for p in posts)
            redone = "\n".join(p.text for p in remade)
            raise NotFromItsJson(f"{where} said what its JSON does not make again:\n--- as posted\n{said}\n--- from its JSON\n{redone}")
        if pictures and [picture(p) for p in remade] != [picture(p) for p in posts]:
            raise NotFromItsJson(f"{where} carried a picture that its JSON does not draw again")
        checked += 1
    return checked


def transcript_outputs(s: Session, lines: Sequence[str]) -> list[Output]:
    """Every output of a script's lines, fed as batch mode feeds them (`umpire play --script`)."""
    from umpire.render import act

    out = list(s.commitment_outputs())
    for lineno, raw in enumerate(lines, start=1):
        got = s.feed(raw, lineno=lineno)
        if any(o.action == "quit" for o in got):
            break
        out += act(s, got, lineno)
    return out + s.flush()
