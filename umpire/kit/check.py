"""`umpire check game FILE`: read a kit file, then play random seeded matches of it and report what goes wrong.

Reading the file checks every key (a mistake names its line). Then `MATCHES` matches are played on the pure rules,
each from its own seed with a random number of players, random words sent (some refused, some resent, some
players silent) and rounds closed by the host or by their deadlines. Reported, with the seed that shows it:

* a round that cannot end (its deadline passes and it is still open) or a match that runs past its rounds;
* a state the game cannot put into words: an event no post can be made for, a view, the toolbar or the result
  that fails;
* a private value that reaches a public post: at a sealed word in each match, a twin of the match in which that
  player sent a different word must post exactly the same public text until the round's reveal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from umpire.core.errors import UmpireError
from umpire.core.players import Player, Roster
from umpire.core.settings import Settings
from umpire.core.streams import Streams
from umpire.games.base import Game, Setup

MATCHES = 1000
MOST_PLAYERS = 10  # the random matches seat at most this many (a kit may allow more)


@dataclass
class Findings:
    """What the matches found, a sentence each (the first few of each kind are kept)."""

    stuck: list[str] = field(default_factory=list)
    wordless: list[str] = field(default_factory=list)
    leaks: list[str] = field(default_factory=list)
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

    def play(self, line: Line, found: Findings) -> bool:
        """Play one line; False once the match is over or nothing is due."""
        game, state = self.game, self.state
        self.taken.append(False)
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


def check(game: Game[Any, Any], matches: int = MATCHES, progress: Callable[[int], None] | None = None) -> Findings:
    """Play `matches` random seeded matches of a kit game and gather what went wrong."""
    found = Findings()
    lo, hi = game.entry.players
    for n in range(matches):
        rng = random.Random(n)
        players, seed = rng.randint(lo, min(hi, max(lo, MOST_PLAYERS))), f"check {n}"
        lines, first = _script(game, players, seed, rng, found)
        _twin(game, players, seed, lines, rng, found, first)
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
    checks = (
        (found.stuck, "every round ended, and every match within its rounds"),
        (found.wordless, "every event, view and result was put into words"),
        (found.leaks, "no sealed word reached a public post before its reveal"),
    )
    for problems, fine in checks:
        lines += [f"✗ {p}" for p in problems] or [f"✓ {fine}"]
    bad = any(p for p, _ in checks) or found.results < matches
    return lines, 1 if bad else 0
