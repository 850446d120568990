"""One contract test over every registered game, as OpenSpiel runs one random simulation over all its games.

For each game in the registry (the bundled scenario its entry names, with the tests' seed from
tests/seeds.py) and for the auction this package registers, hypothesis feeds random lines through
`Session.feed`: the game's own `help()` examples, words its `suggest()` offers, session host commands,
views, `@ mm:ss` time lines and junk. After every line and at the end it checks what the contract
promises, whatever the game:

* nothing is an internal error (a bug in a game is reported as one, so a test can catch it);
* a refusal changes nothing: the state, the clock and the journal's entry count are as before;
* replaying the journal (`Session.load`) gives the live state and repeats every announcement;
* `undo` equals the line removed: the state is that of a fresh session fed the same accepted lines
  without the undone one (a clock ruling, or an undo that rewound the clocks: the state replayed
  from the journal up to the undone entry);
* no announcement is empty, and every event kind has a renderer;
* every event read back from its JSON is the same event and, put into words again after the game,
  makes the same posts, text and pictures (the renderers are given the event, never the state);
* every view builds, the toolbar is one line, and `final()` is JSON;
* no public event's JSON holds a string its public text does not show: every word of it is in the
  text (markdown escapes removed; words, so a board drawn as letters with a legend passes).
"""

from __future__ import annotations

import json
import random
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.contract.auction import ENTRY as AUCTION_ENTRY
from tests.contract.conftest import AUCTION_SCENARIO, AUCTION_SEED
from tests.contract.rerender import check_posts_from_json
from tests.seeds import test_seed
from tests.testgames import scenario_path
from umpire.core import journal
from umpire.core.clock import fmt_stamp
from umpire.core.errors import UmpireError
from umpire.core.settings import Settings
from umpire.games import entry, keys
from umpire.games.base import Game, View
from umpire.render import text_lines, view_lines
from umpire.scenario import Scenario, load, parse
from umpire.session import HOST_COMMANDS, Output, Session, derive_salt, host_command

ROOT = Path(__file__).resolve().parents[2]
GAME_KEYS = [*keys(), AUCTION_ENTRY.key]  # the registry as collected, plus the auction conftest.py registers
# No shrinking: a failure prints every draw (the lines fed) at once, where shrinking a game of 40 lines takes minutes.
PHASES = (Phase.explicit, Phase.generate)
FAST = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None, phases=PHASES)
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None, phases=PHASES)
ENVELOPE = ("type", "event", "t", "audience", "to", "n", "generated")
SHM = Path("/dev/shm")
SCRATCH = str(SHM) if SHM.is_dir() else None  # journals fsync every entry: in memory that costs nothing


# ---------------------------------------------------------------- the games under test


def scenario_for(key: str) -> Scenario:
    """The scenario a game is tested with: the bundled one its registry entry names (the auction: its own)."""
    found = entry(key)
    assert found is not None, f"{key} is not registered"
    if key == AUCTION_ENTRY.key:
        return load(AUCTION_SCENARIO)
    assert found.scenario is not None, f"{key} names no bundled scenario for the contract test to host"
    path = scenario_path(found.scenario)
    return parse(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


def seed_for(sc: Scenario) -> str:
    return AUCTION_SEED if sc.game.key == AUCTION_ENTRY.key else test_seed(sc)


# ---------------------------------------------------------------- random lines


def prefix(sc: Scenario, seat: int) -> str:
    """How a player's line starts: “p1: ”."""
    p = sc.roster[seat]
    return f"{p.aliases[0] if p.aliases else p.name}: "


def suggested(data: st.DataObject, s: Session) -> str:
    """A line built word by word from what the game's `suggest` offers (a player's or the host's)."""
    seat = data.draw(st.sampled_from([None, *range(len(s.scenario.roster))]), label="seat")
    words: list[str] = []
    for _ in range(data.draw(st.integers(1, 5), label="words")):
        options = s.game.suggest(s.state, seat, words)
        if not options:
            break
        words.append(data.draw(st.sampled_from(options), label="word"))
    if not words:
        return data.draw(st.sampled_from(examples(s.game)), label="example")
    return ("" if seat is None else prefix(s.scenario, seat)) + " ".join(words)


def examples(game: Game[Any, Any]) -> list[str]:
    """The game's own help examples, as the host would type them."""
    return [h.example for h in game.help()]


JUNK = st.text(st.characters(blacklist_characters="\r\n", codec="utf-8"), max_size=24)
HOST_LINES = [*(c.example for c in HOST_COMMANDS), "reveal anyway", "copy", "undo", "undo", "pause", "resume", "help bid"]


def time_line(data: st.DataObject, s: Session) -> str:
    """An `@` line a little or a lot later than now."""
    step = data.draw(st.one_of(st.integers(0, 30_000), st.integers(30_000, 900_000)), label="ms")
    return f"@ {fmt_stamp((s.now + step) // 1000 * 1000)}"


def view_line(data: st.DataObject, s: Session) -> str:
    """A view's name with its example's arguments, none, or some it cannot read."""
    v = data.draw(st.sampled_from(list(s.game.views())), label="view")
    tail = data.draw(st.sampled_from(["", " " + " ".join(v.example.split()[1:]), " 1", " x 2"]), label="args")
    return (v.name + tail).rstrip()


def accepted_commands(s: Session, rng: random.Random) -> list[str]:
    """Lines the rules would accept now, found by walking `suggest` and trying each prefix on the pure rules.

    `parse` and `apply` are pure, so trying a line changes nothing; the session judges the one chosen.
    """
    found: list[str] = []
    game = s.game
    for seat in [None, *range(len(s.scenario.roster))]:
        for _ in range(3):
            words: list[str] = []
            for _ in range(6):
                options = game.suggest(s.state, seat, words)
                if not options:
                    break
                words.append(rng.choice(options))
                if would_accept(s, seat, " ".join(words)):
                    found.append(("" if seat is None else prefix(s.scenario, seat)) + " ".join(words))
                    break
    for example in examples(game):
        name, sep, text = example.partition(":")
        player = s.scenario.roster.find(name.strip()) if sep else None
        if would_accept(s, None, example) if player is None else would_accept(s, player.seat, text.strip()):
            found.append(example)
    return found


def would_accept(s: Session, seat: int | None, text: str) -> bool:
    """Whether the pure rules would accept `text` from `seat` now (host and view words are not game commands)."""
    if not text.strip() or (seat is None and (host_command(text.split()[0]) or s.game.view(text.split()[0].casefold()))):
        return False
    try:
        command = s.game.parse(s.state, seat, text, lambda name: s.scenario.roster.resolve(name).seat)
        if s.game.why_not(s.state, seat, command) is not None:
            return False
        s.game.apply(s.state, command, s.now)
    except UmpireError:
        return False
    return True


def draw_line(data: st.DataObject, s: Session) -> str:
    """One random line: often one the rules accept, else the game's examples and words, host commands, views, time, junk."""
    roll = data.draw(st.integers(0, 99), label="roll")
    if roll < 35:
        accepted = accepted_commands(s, data.draw(st.randoms(use_true_random=False), label="rng"))
        if accepted:
            return data.draw(st.sampled_from(accepted), label="accepted")
        roll = 35
    if roll < 50:
        return data.draw(st.sampled_from(examples(s.game)), label="example")
    if roll < 60:
        return suggested(data, s)
    if roll < 67:
        return data.draw(st.sampled_from(HOST_LINES), label="host")
    if roll < 73:
        return view_line(data, s)
    if roll < 88:
        due = s.next_due()
        if due is not None and data.draw(st.booleans(), label="to the next deadline"):
            return f"@ {fmt_stamp(max(due, s.now))}"
        return time_line(data, s)
    junk = data.draw(JUNK, label="junk")
    seat = data.draw(st.sampled_from([None, *range(len(s.scenario.roster))]), label="junk seat")
    return junk if seat is None else prefix(s.scenario, seat) + junk


# ---------------------------------------------------------------- one random game, checked as it goes


@dataclass(frozen=True)
class Snapshot:
    """What a refused line must leave as it was."""

    state: Any
    now: int
    paused: bool
    entries: int


def snapshot(s: Session) -> Snapshot:
    """The session as a refusal must leave it."""
    return Snapshot(state=s.state, now=s.now, paused=s.paused, entries=s.entries)


@dataclass
class Played:
    """A random game as it went: the session, its journal, the accepted lines and every output."""

    session: Session
    path: Path
    accepted: list[str] = field(default_factory=list)
    announced: list[Output] = field(default_factory=list)
    outputs: list[Output] = field(default_factory=list)
    entry_line: dict[int, int] = field(default_factory=dict)  # journal entry -> index in `accepted`
    in_force: list[int] = field(default_factory=list)  # indexes in `accepted` of the lines not undone (undos left out)
    lines_tell_all: bool = True  # False once an undo rewound the clocks or took back a clock ruling


def new_session(sc: Scenario, path: Path | None) -> Session:
    """A game of `sc` with the tests' seed, journaling to `path` (or keeping no journal)."""
    seed = seed_for(sc)
    return Session.create(sc, journal_path=path, seed=seed, salt=derive_salt(seed))


def feed(s: Session, line: str) -> list[Output]:
    """Feed one line, then end any message a Discord header opened (as an empty line does)."""
    return s.feed(line) + s.flush()


def play(data: st.DataObject, key: str, workdir: Path, lines: int, each: Callable[[Played, str, list[Output]], None]) -> Played:
    """Feed up to `lines` random lines to a new session of `key`, checking each; `each` adds checks."""
    sc = scenario_for(key)
    path = workdir / "game.journal.jsonl"
    s = new_session(sc, path)
    game = Played(session=s, path=path)
    game.announced += s.commitment_outputs()  # as a replay starts
    for _ in range(data.draw(st.integers(lines // 3, lines), label="lines")):
        line = draw_line(data, s)
        before = snapshot(s)
        out = feed(s, line)
        game.outputs += out
        check_line(game, line, before, out)
        each(game, line, out)
    return game


def check_line(game: Played, line: str, before: Snapshot, out: list[Output]) -> None:
    """No bug; a refusal changed nothing; announcements are JSON and, for a typed game, never empty; undo checked."""
    s = game.session
    bugs = [o for o in out if o.error == "InternalError"]
    assert not bugs, f"{s.game.key}: {line!r} hit a bug: {bugs[0].text}"
    refused = [o for o in out if o.kind == "refusal"]
    if refused:
        assert len(out) == 1, f"{line!r} was refused, yet it output more: {out}"
        assert refused[0].text.strip(), f"{line!r} was refused without a reason"
        assert snapshot(s) == before, f"{line!r} was refused ({refused[0].text}) but changed the game"
        return
    for n in range(before.entries + 1, s.entries + 1):
        game.entry_line[n] = len(game.accepted)
    game.accepted.append(line)
    if not any(o.event is not None and o.event["event"] == "undone" for o in out):
        game.in_force.append(len(game.accepted) - 1)
    for o in out:
        if o.kind == "announce":
            assert o.event is None or json.dumps(o.event)
            if o.n is not None:  # journaled, so a replay repeats it (“commitment” only shows the commitment again)
                game.announced.append(o)
    for o in out:
        assert o.kind != "announce" or o.text.strip(), f"{line!r}: the event {o.event} was announced with no text"
    undone = [o.event for o in out if o.event is not None and o.event["event"] == "undone"]
    if undone:
        check_undo(game, undone[0])


def check_undo(game: Played, undone: dict[str, Any]) -> None:
    """`undo` equals the line removed: a fresh session fed the lines in force has the same game.

    Once an undo has rewound the clocks, or taken back a clock ruling (which no line undoes), the
    lines no longer say what happened; from then on the state must equal the journal replayed up
    to the undone entry.
    """
    s = game.session
    n = int(undone["undid"])
    entries = journal.read(game.path).entries
    kind = entries[n - 1]["kind"]
    if kind == "input":
        game.in_force.remove(game.entry_line[n])
    if kind != "input" or undone["rewind"] is not None:
        game.lines_tell_all = False
    if game.lines_tell_all:
        fresh = new_session(s.scenario, None)
        fresh.commitment_outputs()  # as the game did: the players' words come after the commitment
        for i in game.in_force:
            feed(fresh, game.accepted[i])
        in_force = [game.accepted[i] for i in game.in_force]
        assert (fresh.state, fresh.now, fresh.paused) == (s.state, s.now, s.paused), (
            f"undo of {entries[n - 1].get('line')!r} is not the game without it; lines in force: {in_force}"
        )
        return
    replayed = Session.from_header(journal.read(game.path), game.path)
    for e in entries[: n - 1]:
        replayed.replay_entry(e, str(game.path))
    assert replayed.state == s.state, f"undo of entry {n} ({kind}) did not restore the state before it"


def check_end(game: Played) -> None:
    """Replay equals live; every event is the same read back from its JSON and makes the same posts again (pictures
    too); every view builds; the toolbar and the final state render."""
    s = game.session
    check_posts_from_json(s, game.outputs)
    reloaded, replayed, loaded = Session.load(game.path, reopen=False)
    assert len(loaded.entries) == s.entries and not loaded.torn, "the journal holds other entries than the session counted"
    assert reloaded.state == s.state, "the journal does not replay to the live state"
    assert [announcement(o) for o in replayed if o.kind == "announce"] == [announcement(o) for o in game.announced]
    for v in s.game.views():
        for args in ([], v.example.split()[1:], ["x"]):
            if args and not v.takes_args:
                continue
            try:
                built = v.build(s.state, s.now, args)
            except UmpireError as exc:
                assert exc.reason.strip(), f"view {v.name} {args} refused without a reason"
                continue
            assert isinstance(built, View) and built.title, f"view {v.name} {args} built no titled View"
            assert view_lines(built) and json.dumps(Output(kind="view", view=built, text=built.chat).to_json())
    outcome = s.game.outcome(s.state)
    assert s.game.is_over(s.state) == (outcome is not None), "a game states its typed result once it is over, and not before"
    if outcome is not None:
        ended = [o.source.outcome for o in game.outputs if o.source is not None and o.source.outcome is not None]
        assert ended and ended[-1] == outcome, "the event that ended the match states another result than the game's outcome"
    bar = s.game.toolbar(s.state, s.now)
    text = f"{bar.clock} {bar.where}"
    assert text.strip() and "\n" not in text, f"toolbar {bar!r}"
    json.dumps(s.final())
    text_lines(game.outputs, tuple(p.name for p in s.scenario.roster))


def announcement(o: Output) -> tuple[str, str, str | None]:
    """An announcement as compared between the live game and its replay."""
    return (str(o.audience), o.text, None if o.event is None else json.dumps(o.event, sort_keys=True))


def run_random_games(key: str, profile: settings, lines: int, each: Callable[[Played, str, list[Output]], None]) -> None:
    """Random games of `key` under a hypothesis `profile`, each up to `lines` lines, checked throughout and at the end."""

    @profile
    @given(data=st.data())
    def random_game(data: st.DataObject) -> None:
        with tempfile.TemporaryDirectory(prefix="umpire-contract-", dir=SCRATCH) as tmp:
            game = play(data, key, Path(tmp), lines, each)
            check_end(game)

    random_game()


def no_more_checks(game: Played, line: str, out: list[Output]) -> None:
    """The line checks of `check_line` alone."""
    return None


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("key", GAME_KEYS)
def test_help_rulings_and_settings_are_complete(key: str) -> None:
    sc = scenario_for(key)
    game = sc.game
    assert game.help(), f"{key} lists no commands"
    for h in game.help():
        assert h.syntax.strip() and h.what.strip() and h.example.strip(), h
    rulings = game.rulings(Settings(sc.settings))
    assert rulings and all(r.strip() for r in rulings)
    for setting in game.settings:
        if setting.kind in ("int", "number", "list[int]"):
            assert setting.minimum is not None and setting.maximum is not None, f"{key}: rules.{setting.key} needs a minimum and a maximum"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_random_lines_keep_the_contract(key: str) -> None:
    run_random_games(key, FAST, 40, no_more_checks)


@pytest.mark.slow
@pytest.mark.parametrize("key", GAME_KEYS)
def test_random_lines_keep_the_contract_over_long_games(key: str) -> None:
    run_random_games(key, SLOW, 120, no_more_checks)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_event_kind_has_a_renderer(key: str) -> None:
    game = scenario_for(key).game
    assert game.events, f"{key} declares no event kinds"
    assert set(game.events) == game.renderers.kinds()


_ESCAPED = re.compile(r"\\([\\*_~`|\[\]>#-])")
_WORD = re.compile(r"\w+")


def plain(text: str) -> str:
    """Chat text as a reader sees it: markdown escapes removed, zero-width spaces dropped."""
    return _ESCAPED.sub(r"\1", text).replace("\u200b", "")


def words(text: str) -> list[str]:
    """The words of a text, case folded."""
    return _WORD.findall(text.casefold())


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every string value in JSON data with its field path (`claims.verdict`); object keys are not checked."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for v in value:
            yield from strings(v, path)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, f"{path}.{k}" if path else str(k))


# Public fields that the post shows in another notation (nothing more than the text says, only spelt
# differently): (game, event, field) -> how the post shows it. Each entry is a reviewed ruling, not a gap.
SHOWN_OTHERWISE: dict[tuple[str, str, str], str] = {
    ("choice-is-yours", "expr_set", "puzzles.ops"): "the operators (“/xx”), which the post writes between the blanks (`_/_x_x_=12`)",
    ("hap-tac-toe", "turn_ended", "claimed"): "the lines validly claimed so far, marked on the board's picture",
    ("when-stars-align", "turn_ended", "claimed"): "the lines validly claimed so far, marked on the board's picture",
}


def shown_otherwise(key: str, event: str, path: str) -> bool:
    """Whether a public field (or one inside it) is one the post shows in another notation."""
    return any((k, e) == (key, event) and (path == p or path.startswith(p + ".")) for k, e, p in SHOWN_OTHERWISE)


def public_events(out: list[Output]) -> Iterator[tuple[dict[str, Any], str]]:
    """Each public event's JSON with all the text of its posts."""
    current: tuple[dict[str, Any], list[str]] | None = None
    for o in out:
        if o.kind == "announce" and o.event is not None:
            if current is not None:
                yield current[0], "\n".join(current[1])
            current = (o.event, [o.text]) if o.event["audience"] == "public" else None
        elif o.kind == "announce" and current is not None:
            current[1].append(o.text)
        else:
            if current is not None:
                yield current[0], "\n".join(current[1])
            current = None
    if current is not None:
        yield current[0], "\n".join(current[1])


def check_public_json(game: Played, line: str, out: list[Output]) -> None:
    """Every word of every string in a public event's JSON is in its text (a name, a card, a reason).

    Words, not whole strings, so that a field shown in another layout still passes (a board whose
    squares the text draws as letters with a legend); a name, card or reason the text leaves out fails.
    """
    key = game.session.game.key
    for event, text in public_events(out):
        shown = set(words(plain(text)))
        payload = {k: v for k, v in event.items() if k not in ENVELOPE}
        for path, value in strings(payload):
            hidden = [w for w in words(plain(value)) if w not in shown]
            if hidden and shown_otherwise(key, str(event["event"]), path):
                continue
            assert not hidden, f"public {event['event']}.{path} holds {value!r}, whose {hidden} its text does not show:\n{text}"


@pytest.mark.parametrize("key", GAME_KEYS)
def test_no_public_event_holds_a_string_its_text_does_not_show(key: str) -> None:
    run_random_games(key, FAST, 40, check_public_json)
