"""`umpire check game FILE`: read a kit file, then play random seeded matches of it and report what goes wrong.

Reading the file checks every key (a mistake names its line). Then `MATCHES` matches are played on the pure rules,
each from its own seed with a random number of players, random words sent (some refused, some resent, some
players silent) and rounds closed by the host or by their deadlines. Reported, with the seed that shows it:

* a round that cannot end (its deadline passes and it is still open) or a match that runs past its rounds;
* a state the game cannot put into words: an event no post can be made for, a view, the toolbar or the result
  that fails;
* a private value that reaches a public post: at a sealed word in each match, a twin of the match in which that
  player sent a different word must post exactly the same public text until the round's reveal;
* a hidden resource that reaches anything public before the result: at a random point of each match, a twin in which
  one player holds a different amount of it must make the same public posts, the same JSON of its public events and
  the same public facts (`knowledge(None)`), line by line, until the result (or until a word is refused in one of
  the two and taken in the other: the twin is then no longer the same match).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from umpire.core.errors import UmpireError
from umpire.core.players import Player, Roster
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import Game, Setup
from umpire.games.roundplay import Result

MATCHES = 1000
MOST_PLAYERS = 10  # the random matches seat at most this many (a kit may allow more)


@dataclass
class Findings:
    """What the matches found, a sentence each (the first few of each kind are kept)."""

    stuck: list[str] = field(default_factory=list)
    wordless: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
    secrets: list[str] = field(default_factory=list)  # a hidden resource that reached something public
    rounds: int = 0
    results: int = 0

    def note(self, where: list[str], text: str) -> None:
        if len(where) < 5:
            where.append(text)


Line = tuple[int | None, str]  # (seat or None for the host, the text); ("", "due") for a deadline's step


def _setup(players: int, seed: str) -> Setup:
    roster = Roster([Player(seat=i, name=f"Player {i + 1}", aliases=(f"p{i + 1}",)) for i in range(players)])
    return Setup(roster=roster, settings=Settings({}), streams=Streams(seed))


def _words(game: Game[Any, Any], state: Any, seat: int, rng: random.Random, *, nonsense: bool = True) -> list[str]:
    """Words a player might send now: what completion offers for the round's word, and sometimes nonsense."""
    offered = []
    for move in game.allowed(state, seat):
        for word in move.words:
            offered += [f"{word} {rest}" for rest in move.suggest(state, seat, [word])]
    if nonsense and rng.random() < 0.1:
        offered.append(f"{rng.choice(('bid', 'pick', 'vote'))} {rng.choice(('99999', 'x', 'Nobody'))}")
    return offered


class Match:
    """One random match on the pure rules: its lines, and every public post until a stopping point."""

    def __init__(self, game: Game[Any, Any], players: int, seed: str) -> None:
        self.game, self.seed = game, seed
        setup = _setup(players, seed)
        self.public_context = game.public(setup)
        self.state = game.start(setup)
        self.names = [p.name for p in setup.roster]
        self.now = 0
        self.posts: list[str] = []  # public posts, with a marker line at each reveal
        self.reveals: list[int] = []  # len(posts) at each reveal
        self.taken: list[bool] = []  # line by line: whether it was accepted
        self.shown: list[str] = []  # everything public, in order: each public event's JSON and posts, the public facts
        self.marks: list[int] = []  # line by line: len(shown) before it
        self.end: int | None = None  # len(shown) where the result begins

    def resolve(self, name: str) -> int:
        for seat, n in enumerate(self.names):
            if name.casefold() in (n.casefold(), f"p{seat + 1}"):
                return seat
        raise UmpireError(f"no player called {name}")

    def events(self, events: list[Any], found: Findings, where: str) -> None:
        for ev in events:
            try:
                posts = self.game.announce(self.public_context, ev)
            except Exception as exc:
                found.note(found.wordless, f"{where}: the {ev.kind} event cannot be put into words ({type(exc).__name__}: {exc})")
                continue
            if getattr(ev, "reveals", False):
                self.reveals.append(len(self.posts))  # where the reveal's own posts begin
            if ev.audience.public:
                self.posts += [p.text for p in posts]
                if isinstance(ev, Result) and self.end is None:
                    self.end = len(self.shown)
                self.shown += [json.dumps(ev.to_json(self.names), sort_keys=True), *(p.text for p in posts)]

    def play(self, line: Line, found: Findings) -> bool:
        """Play one line; False once the match is over or nothing is due."""
        game, state = self.game, self.state
        self.taken.append(False)
        self.marks.append(len(self.shown))
        if game.is_over(state):
            return False
        actor, text = line
        where = f"seed {self.seed!r}"
        if text == "due":
            due = game.next_due(state)
            if due is None:
                return False
            self.now = max(self.now, due)
            state, events = game.on_due(state, due)
        else:
            self.now += 1000
            try:
                cmd = game.parse(state, actor, text, self.resolve)
                if game.why_not(state, actor, cmd) is not None:
                    return True
                state, events = game.apply(state, cmd, self.now)
            except UmpireError:
                return True
        self.state = state
        self.taken[-1] = True
        self.events(events, found, where)
        if not game.is_over(state):
            self.shown.append("facts " + json.dumps(game.knowledge(state, None), sort_keys=True))
        return True


def _script(game: Game[Any, Any], players: int, seed: str, rng: random.Random, found: Findings) -> tuple[list[Line], Match]:
    """Play a random match to its end, returning the lines it was played with."""
    match = Match(game, players, seed)
    lines: list[Line] = [(None, "start")]
    match.play(lines[0], found)
    limit = game.entry.players[1] * 3 + 10
    while not game.is_over(match.state):
        number = getattr(match.state, "number", 0)
        for seat in rng.sample(range(players), rng.randint(0, players)):
            for _ in range(rng.choice((1, 1, 2))):
                words = _words(game, match.state, seat, rng)
                if words:
                    lines.append((seat, rng.choice(words)))
                    match.play(lines[-1], found)
        _shown(game, match, rng.randrange(players), found, f"seed {seed!r}: round {number}")
        closing: Line = rng.choice(((None, "close"), (None, "due")))
        for _ in range(limit):
            if game.is_over(match.state) or getattr(match.state, "number", 0) != number:
                break
            lines.append(closing)
            if not match.play(closing, found):
                found.note(found.stuck, f"seed {seed!r}: round {number} has nothing due and is still open")
                return lines, match
        else:
            found.note(found.stuck, f"seed {seed!r}: round {number} is still open after its deadline passed")
            return lines, match
        found.rounds += 1
        if number > len(match.state.kit.schedule):
            found.note(found.stuck, f"seed {seed!r}: the match ran past its last round")
            return lines, match
    found.results += 1
    if game.outcome(match.state) is None:
        found.note(found.wordless, f"seed {seed!r}: the match is over but has no result")
    _shown(game, match, rng.randrange(players), found, f"seed {seed!r}: the end")
    return lines, match


def _shown(game: Game[Any, Any], match: Match, seat: int, found: Findings, where: str) -> None:
    """What the host and a player are shown now (the toolbar, `final`, the views, the player's own status) must be made."""
    state, now = match.state, match.now
    try:
        game.toolbar(state, now)
        game.final(state, now)
        for view in game.view_defs:
            view.build(state, now, [])
        game.own_status(game.knowledge(state, seat), match.names[seat])
    except Exception as exc:
        found.note(found.wordless, f"{where}: the state cannot be shown ({type(exc).__name__}: {exc})")


def _twin(game: Game[Any, Any], players: int, seed: str, lines: list[Line], rng: random.Random, found: Findings, first: Match) -> None:
    """Replay the match with one sealed word changed; the public posts must agree until the round's reveal."""
    sealed = [i for i, (actor, _) in enumerate(lines) if actor is not None and first.taken[i]]
    if not sealed:
        return
    i = rng.choice(sealed)
    actor, text = lines[i]
    assert actor is not None
    twin, quiet = Match(game, players, seed), Findings()
    for line in lines[:i]:
        twin.play(line, quiet)
    others = [w for w in _words(game, twin.state, actor, rng, nonsense=False) if w != text and w.split()[0] == text.split()[0]]
    if not others:
        return
    before = len(twin.posts)
    twin.play((actor, rng.choice(others)), quiet)
    if not twin.taken[-1]:
        return  # the other word was refused: the twin is not the same match with one sealed word changed
    for line in lines[i + 1 :]:
        if any(r >= before for r in twin.reveals):
            break
        twin.play(line, quiet)
    mine = first.posts[before : min((r for r in first.reveals if r >= before), default=len(first.posts))]
    theirs = twin.posts[before : min((r for r in twin.reveals if r >= before), default=len(twin.posts))]
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            found.note(
                found.leaks, f"seed {seed!r}: Player {actor + 1}'s sealed “{text}” changes a public post before the reveal: “{a[:160]}”"
            )
            return
    if len(mine) != len(theirs):
        found.note(found.leaks, f"seed {seed!r}: Player {actor + 1}'s sealed “{text}” changes how many public posts come before the reveal")


def _hidden_twin(
    game: Game[Any, Any], players: int, seed: str, lines: list[Line], rng: random.Random, found: Findings, first: Match
) -> None:
    """Replay the match with one player's hidden resource changed from a random line on; nothing public may differ."""
    kit = getattr(first.state, "kit", None)
    if kit is None or not kit.hidden or len(lines) < 2:
        return
    from umpire.kit.hidden import changed

    i = rng.randrange(1, len(lines))  # after the host's “start”
    twin, quiet = Match(game, players, seed), Findings()
    for line in lines[:i]:
        twin.play(line, quiet)
    if game.is_over(twin.state):
        return
    seat, name = rng.randrange(players), rng.choice(sorted(kit.hidden))
    twin.state = changed(twin.state, seat, name, rng.randint(1, 50))
    start, upto = len(twin.shown), len(lines)
    for j in range(i, len(lines)):
        twin.play(lines[j], quiet)
        if twin.taken[j] != first.taken[j]:
            upto = j  # a word refused in one and taken in the other: compare what came before it
            break
    cut_first = min(
        first.marks[upto] if upto < len(first.marks) else len(first.shown), first.end if first.end is not None else len(first.shown)
    )
    cut_twin = min(twin.marks[upto] if upto < len(twin.marks) else len(twin.shown), twin.end if twin.end is not None else len(twin.shown))
    mine, theirs = first.shown[start:cut_first], twin.shown[start:cut_twin]
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            k = next((n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
            near = ("…" if k > 60 else "") + a[max(0, k - 60) : k + 60]  # where the two differ
            found.note(
                found.secrets, f"seed {seed!r}: Player {seat + 1}'s hidden {name} changes something public before the result: “{near}”"
            )
            return
    if len(mine) != len(theirs):
        found.note(found.secrets, f"seed {seed!r}: Player {seat + 1}'s hidden {name} changes how much is made public before the result")


def check_match(game: Game[Any, Any], n: int, found: Findings) -> None:
    """Play random match number `n` (its seed “check N”) and its twins, noting what went wrong in `found`."""
    rng = random.Random(n)
    lo, hi = game.entry.players
    players, seed = rng.randint(lo, min(hi, max(lo, MOST_PLAYERS))), f"check {n}"
    lines, first = _script(game, players, seed, rng, found)
    _twin(game, players, seed, lines, rng, found, first)
    _hidden_twin(game, players, seed, lines, rng, found, first)


def check(game: Game[Any, Any], matches: int = MATCHES, progress: Callable[[int], None] | None = None) -> Findings:
    """Play `matches` random seeded matches of a kit game and gather what went wrong."""
    found = Findings()
    for n in range(matches):
        check_match(game, n, found)
        if progress is not None:
            progress(n + 1)
    return found


def report(path: str, matches: int = MATCHES) -> tuple[list[str], int]:
    """`umpire check game FILE`'s lines and exit code: 0 all well, 1 a match found a problem, 2 the file cannot be read."""
    from umpire.scenario import ScenarioError, load

    try:
        scenario = load(path)
    except ScenarioError as exc:
        return [f"✗ {exc}"], 2
    game = scenario.game
    if game.entry.package != "umpire.kit":
        return [
            f"✗ {path}: not a kit file (its `game` names {scenario.key!r}; a kit file's [game] is a table: docs/writing-a-kit-game.md)"
        ], 2
    lo, hi = game.entry.players
    lines = [f"✓ {path} reads as a kit game: {game.title}, {lo}–{hi} players"]
    found = check(game, matches)
    lines.append(f"✓ {found.results} of {matches} random seeded matches played to their result ({found.rounds} rounds)")
    checks: tuple[tuple[list[str], str], ...] = (
        (found.stuck, "every round ended, and every match within its rounds"),
        (found.wordless, "every event, view and result was put into words"),
        (found.leaks, "no sealed word reached a public post before its reveal"),
    )
    if game.start(_setup(lo, "hidden")).kit.hidden:  # a kit with hidden resources: the check its twins made
        checks += ((found.secrets, "no hidden resource reached anything public before the result"),)
    for problems, fine in checks:
        lines += [f"✗ {p}" for p in problems] or [f"✓ {fine}"]
    bad = any(p for p, _ in checks) or found.results < matches
    return lines, 1 if bad else 0
