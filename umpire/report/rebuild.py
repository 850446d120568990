"""A match as its report shows it, made from the published journal alone: what `umpire report` writes and what
`umpire verify PAGE.html` makes again to compare with the page.

Each line of a journal written since umpire records what it showed everyone (`shown`, umpire/session/shown.py):
its public events, the public facts when they changed, and the match's end with its result. So the page is a
pure function of the journal it embeds: every post is put into words again from its event and the game's public
context (as in chat), the standings and plots are read from the recorded facts, and the fairness values from the
header and the session's own events (the revealed seed among them), the facts at the start from the first line. Nothing is replayed and no seed is needed,
so this reads a journal whose inputs are sealed as well as one that has revealed everything.

A journal written before (no `shown` with `start` on its first line) cannot be read this way: `match_of` returns None and the
report is collected by replaying the host's journal as before (match.py).
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from umpire.core import journal
from umpire.core.players import Player
from umpire.core.settings import Settings
from umpire.games.base import JSON, Event, Game, Post, PublicSetup
from umpire.games.eventjson import fields_from_json, read_event
from umpire.games.outcome import Outcome
from umpire.report import publish
from umpire.report.match import Fairness, Item, Match, _labelled, _withdraw, caption
from umpire.report.match import Post as PagePost
from umpire.scenario import ScenarioError
from umpire.scenario import parse as parse_scenario
from umpire.session import shown


def records_shown(first: dict[str, Any] | None) -> bool:
    """Whether a journal records what each entry showed everyone, from its first entry (None: it has none) on."""
    if first is None:
        return True
    record = first.get(shown.MEMBER)
    return isinstance(record, dict) and isinstance(record.get("start"), dict)


class _Reader:
    """Puts one journal's recorded public events into posts, as the game and the session word them."""

    def __init__(self, game: Game[Any, Any], public: Any, names: tuple[str, ...], players: Sequence[Player], where: str) -> None:
        self.game, self.public, self.names, self.players, self.where = game, public, names, players, where
        self.session_kinds = shown.own_kinds()

    def event(self, data: Any, n: int, *, own: bool) -> Event:
        """The event a recorded JSON is (the game's, or with `own` the session's); JournalError naming the entry if none."""
        kinds = self.session_kinds if own else tuple(self.game.events)
        try:
            if not isinstance(data, dict):
                raise ValueError(f"expected an event's JSON object, got {data!r}")
            return read_event(data, kinds, self.names)
        except (ValueError, TypeError) as exc:
            raise journal.JournalError(self.where, n + 1, f"entry {n}: a recorded public event cannot be read ({exc})") from exc

    def posts(self, ev: Event, *, own: bool) -> list[PagePost]:
        """An event's public posts with text, its pictures labelled as the report draws them (match.py)."""
        try:
            made = shown.own_posts(ev) if own else self.game.announce(self.public, ev)
        except Exception as exc:  # as a replay does (session/wording.py): the journal is the truth, the post says what failed
            who = "the session" if own else self.game.key
            made = [Post(text=f"({who} could not put its “{ev.kind}” event into words: {type(exc).__name__})")]
        if not ev.audience.public:
            return []
        return [PagePost(text=p.text, image=_labelled(p.image, self.players) if p.image is not None else None) for p in made if p.text]


def _title(scenario_title: str, game_title: str) -> str:
    """The match's title as the session gives it (`Session.title`)."""
    return scenario_title if game_title.split(" — ")[0].casefold() in scenario_title.casefold() else f"{scenario_title} — {game_title}"


def _now(entry: dict[str, Any], before: int) -> int:
    """The game clock after an entry, as the engine moves it (a clock ruling at its time, an undo to its rewind)."""
    t = entry.get("t")
    t = t if isinstance(t, int) else before
    if entry.get("kind") == "clock":
        return t
    rewind = entry.get("rewind")
    if entry.get("kind") == "undo" and isinstance(rewind, int):
        return rewind
    return max(before, t)


def match_of(data: bytes, published: publish.Published, *, where: str = "the published journal") -> Match | None:
    """The match a published journal records, as its report shows it; None for a journal written before lines recorded
    what they showed. Raises JournalError when it is no journal, or records something that cannot be read."""
    with tempfile.TemporaryDirectory(prefix="umpire-rebuild-") as tmp:
        path = Path(tmp) / "published.journal.jsonl"
        path.write_bytes(data)
        loaded, entries = journal.scan(path, strict=False)
        first = next(entries, None)
        if not records_shown(first[0] if first is not None else None):
            for _ in entries:
                pass
            return None
        return _collect(loaded, itertools.chain([first] if first is not None else [], entries), published, where)


def _collect(loaded: journal.Loaded, entries: Any, published: publish.Published, where: str) -> Match:
    h = loaded.header
    try:
        scenario = parse_scenario(str(h["scenario_toml"]), f"{where} (the scenario stored in its header)")
    except ScenarioError as exc:
        raise journal.JournalError(where, 1, str(exc)) from exc
    game = scenario.game
    settings = Settings(scenario.settings)
    names = tuple(p.name for p in scenario.roster)
    players = scenario.roster.players
    reader = _Reader(game, game.public(PublicSetup(roster=scenario.roster, settings=settings)), names, players, where)
    commitment = str(h["commitment"])
    start = shown.before_the_game(commitment, entropy_wanted=h.get("player_entropy") is True)
    items = [Item(n=0, t=0, what="before the game", posts=[p for ev in start for p in reader.posts(ev, own=True)])]
    facts: dict[str, JSON] = {}
    samples: list[tuple[int, dict[str, JSON]]] = [(0, facts)]
    now, over, outcome = 0, False, None
    seen = _Seen()
    for entry, own in entries:
        n, t = int(entry["n"]), int(entry["t"])
        now = _now(entry, now)
        record = entry.get(shown.MEMBER)
        events = [(reader.event(d, n, own=False), False) for d in shown.events_of(record, "game")]
        events += [(reader.event(d, n, own=True), True) for d in shown.events_of(record, "session")]
        if isinstance(record, dict) and "start" in record:
            facts = record["start"]
            samples[0] = (0, facts)
        if isinstance(record, dict) and "facts" in record:
            facts = record["facts"]
        if isinstance(record, dict) and "over" in record:
            over = record["over"] is True
            outcome = _outcome(record.get("outcome"), n, where) if over else None
            if over and entry.get("kind") in ("input", "clock"):  # the ruling that ended the match posts the journal's hash to it
                events.append((shown.final_hash(now, own, commitment), True))
        if entry.get("kind") == "reveal":
            seen.revealed = True
            prev = entry.get("prev")
            if isinstance(prev, str):
                events.append((shown.final_hash(now, prev, commitment), True))
        for ev, _ in events:
            seen.see(ev)
        if entry.get("kind") == "undo":
            _withdraw(items, entry, t)
        posts = [p for ev, mine in events for p in reader.posts(ev, own=mine)]
        if posts:
            items.append(
                Item(n=n, t=t, what=caption(entry, names, sealed=entry.get("kind") == "input" and "text" not in entry), posts=posts)
            )
        samples.append((now, facts))
    if items and not items[0].posts:
        items.pop(0)
    fairness = seen.fairness(commitment, loaded)
    return Match(
        title=_title(scenario.title, game.title),
        game=game.title,
        players=names,
        items=items,
        knowledge=facts,
        facts=game.facts(settings),
        outcome=outcome,
        samples=samples,
        fairness=fairness,
        over=over,
        published=published,
    )


def _outcome(data: Any, n: int, where: str) -> Outcome | None:
    """The match's result as a line's `shown` records it (None: the game states none)."""
    if data is None:
        return None
    try:
        return Outcome(**fields_from_json(Outcome, data))
    except (ValueError, TypeError) as exc:
        raise journal.JournalError(where, n + 1, f"entry {n}: the recorded result cannot be read ({exc})") from exc


class _Seen:
    """The fairness values the session's own events made public: the revealed seed and salt, the players' words,
    the game's seed and the last final hash posted."""

    def __init__(self) -> None:
        self.revealed = False
        self.seed: str | None = None
        self.salt: str | None = None
        self.entropy: str | None = None
        self.game_seed: str | None = None
        self.final_hash: str | None = None

    def see(self, ev: Event) -> None:
        kind = ev.kind
        if kind == "seed_revealed":
            self.seed, self.salt = getattr(ev, "seed", None), getattr(ev, "salt", None)
        elif kind == "entropy":
            self.entropy = getattr(ev, "words", None)
        elif kind == "game_seed":
            self.game_seed = getattr(ev, "game_seed", None)
        elif kind == "final_hash" and ev.audience.public:
            self.final_hash = getattr(ev, "final_hash", None)

    def fairness(self, commitment: str, loaded: journal.Loaded) -> Fairness:
        """The values a player checks the match with, as the page shows them."""
        shown_secret = self.revealed
        return Fairness(
            commitment=commitment,
            revealed=self.revealed,
            seed=self.seed if shown_secret else None,
            salt=self.salt if shown_secret else None,
            entropy=self.entropy,
            game_seed=self.game_seed if shown_secret else None,
            final_hash=self.final_hash,
            last_hash=loaded.last_hash,
            entries=loaded.count,
        )
