"""A match as its report shows it, collected by replaying the host's journal.

Only what the game made public goes in: the public posts of each entry (never a DM or a host
note), what `knowledge(None)` says everyone may know after each entry (for the standings and
the plots), and the fairness values the game posted. The host's journal is needed (with its
key file if the seed was not revealed) because the rules must be replayed to know what was
said; the page embeds the journal as published (`publish.py`), never the host's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from umpire.core import journal
from umpire.core.clock import fmt_stamp
from umpire.core.errors import UmpireError
from umpire.core.players import Player
from umpire.core.redaction import SEALED
from umpire.core.settings import Settings
from umpire.games.base import JSON
from umpire.games.facts import Fact
from umpire.games.outcome import Outcome
from umpire.report import publish
from umpire.session import Output, OutputKind, Session, opened, shown


@dataclass(kw_only=True)
class Post:
    """One public post: its chat text and, where the game draws one, its picture (drawn when asked)."""

    text: str
    image: Callable[[], bytes] | None = None


@dataclass(kw_only=True)
class Item:
    """The public posts one entry made, at its game time; `withdrawn` names the undo that took it back."""

    n: int  # the entry (0: the commitment, posted before any entry)
    t: int
    what: str  # what the entry was, as the public may know it
    posts: list[Post]
    withdrawn: str | None = None

    @property
    def clock(self) -> str:
        """The game clock when it was ruled."""
        return fmt_stamp(self.t)


@dataclass(kw_only=True)
class Fairness:
    """The values a player checks the match with."""

    commitment: str
    revealed: bool
    seed: str | None  # only once the journal reveals it
    salt: str | None
    entropy: str | None
    game_seed: str | None
    final_hash: str | None  # the last final hash the game posted (with the reveal: the journal up to it)
    last_hash: str  # the hash of the journal's last line
    entries: int


@dataclass(kw_only=True)
class Match:
    """Everything the page shows, all of it public."""

    title: str
    game: str
    players: tuple[str, ...]
    items: list[Item]
    knowledge: dict[str, JSON]  # what everyone may know at the end
    facts: tuple[Fact, ...]  # what the game makes public of every player, named as players name it
    outcome: Outcome | None  # the result, as the game states it, once the match is over
    samples: list[tuple[int, dict[str, JSON]]]  # (game time, knowledge(None)) after each entry
    fairness: Fairness
    over: bool
    published: publish.Published = field(repr=False)


def caption(entry: dict[str, Any], names: Sequence[str], *, sealed: bool) -> str:
    """What an entry was, in words the public may read (`entry` opened where it is not `sealed`): a sealed submission
    never names its sender or content. The page made from the published journal (rebuild.py) says the same."""
    kind = entry.get("kind")
    if kind == "input":
        if sealed:
            return "a sealed submission"
        by = entry.get("by")
        who = names[by] if isinstance(by, int) and 0 <= by < len(names) else "the host"
        return f"{who}: {entry.get('text', '')}"
    return {
        "clock": "the clock",
        "undo": f"the host's undo of entry {entry.get('undoes')}",
        "reveal": "the seed revealed",
        "entropy": "the players' entropy",
        "pause": "the clocks paused",
        "resume": "the clocks restarted",
    }.get(str(kind), str(kind))


def _public_posts(outputs: list[Output], players: Sequence[Player]) -> list[Post]:
    return [
        Post(text=o.text, image=_labelled(o.post.image, players) if o.post is not None and o.post.image is not None else None)
        for o in outputs
        if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text
    ]


def _labelled(image: Callable[[], bytes], players: Sequence[Player]) -> Callable[[], bytes]:
    """A post's picture, drawn (when asked) with a name no font here has labelled with its seat (see `umpire.images.seats`)."""

    def draw() -> bytes:
        from umpire.images.seats import drawn  # when the picture is drawn: Pillow is loaded for it anyway

        return drawn(image, players)

    return draw


def _is_sealed_input(session: Session, entry: dict[str, Any]) -> bool:
    """Whether an input entry is a sealed move's (asked of the game's table of moves, on the state before it)."""
    if entry.get("kind") != "input":
        return False
    payload = entry.get(SEALED)
    if isinstance(payload, dict) and "text" in payload:
        return True
    e = opened(entry)
    by, text = e.get("by"), e.get("text")
    try:
        command = session.game.parse(session.state, by if isinstance(by, int) else None, str(text), session.resolve)
        return session.game.move_of(command).sealed
    except (UmpireError, LookupError):
        return True  # what cannot be read again is kept private


def collect(path: str | Path) -> Match:
    """Replay the host's journal and keep what the public may see. Raises JournalError when it cannot be replayed."""
    loaded, entries = journal.scan(path)
    session = Session.from_header(loaded, path)
    shown.checking(session)  # the page is made from what the lines record they showed: the rules must have shown it
    where = str(path)
    items: list[Item] = [
        Item(n=0, t=0, what="before the game", posts=_public_posts(session.commitment_outputs(), session.scenario.roster.players))
    ]
    samples: list[tuple[int, dict[str, JSON]]] = [(0, session.knowledge(None))]
    final_hash: str | None = None
    checker = publish.Checker(session)
    for entry, own in entries:
        sealed = _is_sealed_input(session, entry)
        checker.before(entry, sealed=sealed)
        outputs = session.replay_entry(entry, where, line_hash=own)
        checker.after(entry)
        n, t = int(entry["n"]), int(entry["t"])
        for o in outputs:
            ev = o.event
            if ev is not None and ev.get("event") == "final_hash" and o.audience.public:
                final_hash = str(ev.get("final_hash"))
        if entry["kind"] == "undo":
            _withdraw(items, entry, t)
        posts = _public_posts(outputs, session.scenario.roster.players)
        if posts:
            items.append(
                Item(
                    n=n,
                    t=t,
                    what=caption(opened(entry) if entry["kind"] == "input" and not sealed else entry, session.names, sealed=sealed),
                    posts=posts,
                )
            )
        samples.append((session.now, session.knowledge(None)))
    if items and not items[0].posts:
        items.pop(0)
    fair = session.fair
    revealed = session.revealed
    fairness = Fairness(
        commitment=loaded.header["commitment"],
        revealed=revealed,
        seed=session.seed if revealed else None,
        salt=session.salt if revealed else None,
        entropy=fair.entropy,
        game_seed=fair.game_seed if revealed else None,
        final_hash=final_hash,
        last_hash=loaded.last_hash,
        entries=loaded.count,
    )
    published = checker.publish(path, loaded, revealed=revealed)
    if published.data is not None:
        from umpire.report.rebuild import match_of  # the page made from the published journal alone, when it records what it showed

        rebuilt = match_of(published.data, published)
        if rebuilt is not None:
            return rebuilt
    return Match(
        title=session.title(),
        game=session.game.title,
        players=session.names,
        items=items,
        knowledge=session.knowledge(None),
        facts=session.game.facts(Settings(session.scenario.settings)),
        outcome=session.game.outcome(session.state),
        samples=samples,
        fairness=fairness,
        over=session.game.is_over(session.state),
        published=published,
    )


def _withdraw(items: list[Item], entry: dict[str, Any], t: int) -> None:
    """Mark the ruling an undo took back as withdrawn."""
    undone = entry.get("undoes")
    for item in reversed(items):
        if item.n == undone:
            item.withdrawn = f"Withdrawn by the host's undo (entry {entry['n']}) at {fmt_stamp(t)}"
            return
