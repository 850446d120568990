"""What the seed holds for later reaches nobody before it is revealed: the twin over two seeds.

Random games of every game are played and recorded (each line's public events and texts, what
everyone may know, and how far each of the seed's streams was drawn). At a few lines of each, twins
are made that agree with it on everything announced so far but not on what the seed holds for
later (tests/contract/twins.py): one draws the same up to the fork and something else afterwards
(the next bout's prizes, the next shop, the next refill offer, the next lot); another varies what
was drawn already but is not all revealed (the rest of a bout's prizes, the boards after the one
posted, the sets to come), cut as early as the posts so far allow. Fed the same lines, the first
public difference must be a seeded item revealed (a generated event): a post that names the next
prize before its round fails, as the planted leak shows.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.contract.rerender import check_posts_from_json
from tests.contract.test_contract import GAME_KEYS, draw_line, scenario_for
from tests.contract.twins import Fork, SeedLeak, as_batch, record, session
from tests.seeds import test_seed
from tests.transcript_support import TRANSCRIPTS, scenario_of
from umpire.games.base import Event, Game, Renderers
from umpire.games.choice.events import RoundResolved

pytestmark = pytest.mark.usefixtures("spliced_streams")

PHASES = (Phase.explicit, Phase.generate)
PROFILE = settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck), database=None, phases=PHASES)
LONG = settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck), database=None, phases=PHASES)
TRIES = 12  # other seeds tried for a stream whose first byte already shows (a bout's first prize: 1 in 9 agree)


def twin_games(key: str, profile: settings, lines: int, forks: int) -> list[str]:
    """Random games of `key`, each checked at `forks` of its lines against its twins; returns what the twins varied."""
    sc = scenario_for(key)
    varied: list[str] = []

    @profile
    @given(data=st.data())
    def random_game(data: st.DataObject) -> None:
        seed = f"twins {key} {data.draw(st.integers(0, 2**32), label='seed')}"
        s = session(sc, seed)
        script = []
        for _ in range(lines):
            line = draw_line(data, s)
            s.feed(line)
            s.flush()
            script.append(line)
        recorded = record(sc, seed, script)
        for _ in range(forks):
            at = data.draw(st.integers(0, len(script) - 1), label="fork")
            fork = Fork(sc=sc, seed=seed, lines=recorded, at=at, other=f"{seed} other")
            fork.check(fork.later(), "everything drawn after it")
            names = sorted(recorded[at].drawn)
            if names:
                for what, twin in fork.unrevealed(data.draw(st.sampled_from(names), label="stream"), TRIES):
                    fork.check(twin, what)
            varied.extend(fork.varied)

    random_game()
    return varied


def draws(key: str) -> bool:
    """Whether the game draws anything from its seed (a game of pure skill has nothing for later)."""
    return any(cls.generated or cls.is_generated is not Event.is_generated for cls in scenario_for(key).game.events)


@pytest.mark.parametrize("key", GAME_KEYS)
def test_what_the_seed_holds_for_later_reaches_nobody_before_it_is_revealed(key: str) -> None:
    varied = twin_games(key, PROFILE, 40, 2)
    assert varied or not draws(key), f"{key}: no twin ever revealed a seeded item that differed, so nothing was checked"


@pytest.mark.slow
@pytest.mark.parametrize("key", GAME_KEYS)
def test_what_the_seed_holds_for_later_reaches_nobody_before_it_is_revealed_over_long_games(key: str) -> None:
    varied = twin_games(key, LONG, 120, 4)
    assert varied or not draws(key)


# ---------------------------------------------------------------- whole matches: the bundled transcripts

SCRIPTS = sorted(TRANSCRIPTS.glob("*.script"))


def transcript_twins(script: Path, forks: int | None, rng: random.Random) -> tuple[int, list[str]]:
    """A bundled transcript's match, checked against its twins at `forks` of the lines just before a seeded item is
    revealed (None: at all of them); returns how many forks were checked and what the twins varied."""
    sc = scenario_of(script)
    seed = test_seed(sc)
    lines = script.read_text(encoding="utf-8").split("\n")
    recorded = record(sc, seed, lines, as_batch)
    before = [i for i in range(len(lines) - 1) if any(x.generated for x in recorded[i + 1].shown)]
    chosen = before if forks is None else sorted(rng.sample(before, min(forks, len(before))))
    varied: list[str] = []
    for at in chosen:
        fork = Fork(sc=sc, seed=seed, lines=recorded, at=at, other=f"{seed} other", feed=as_batch)
        fork.check(fork.later(), "everything drawn after it")
        names = sorted(recorded[at].drawn)
        if names:
            for what, twin in fork.unrevealed(rng.choice(names), TRIES):
                fork.check(twin, what)
        varied.extend(fork.varied)
    return len(chosen), varied


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_what_the_seed_holds_for_later_stays_secret_in_every_transcripts_match(script: Path) -> None:
    checked, varied = transcript_twins(script, 4, random.Random(script.stem))
    assert bool(varied) == bool(checked), f"{script.stem}: {checked} forks checked, but the twins varied {varied}"


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_what_the_seed_holds_for_later_stays_secret_before_sixteen_reveals_of_every_transcript(script: Path) -> None:
    transcript_twins(script, 16, random.Random(script.stem))


# What each twin below varies, and the kind of the post that must be the first to differ: the next Goofspiel prize (of a
# bout under way: drawn when it began), the next Gyul Hap board (drawn with the first), the next shop (drawn when it
# opens), the next refill offer (likewise).
NEXT = [
    ("choice-goofspiel", "round_started", "goofspiel/bout1", lambda e: e["block"] == 1 and e["round"] == 2),
    ("choice-match", "gh_board", "gyulhap/boards", lambda e: e["board"] == 2),
    ("choice-goofspiel", "shop_opened", None, lambda e: e["shop_cycle"] == 2),
    ("devils-deal", "refill_offered", None, lambda e: e["refill"] == 1 and e["round"] == 1),
]


@pytest.mark.parametrize(("stem", "kind", "stream", "which"), NEXT, ids=[f"{s}-{k}" for s, k, _, _ in NEXT])
def test_the_twins_vary_the_next_item_and_its_own_post_is_the_first_to_differ(
    stem: str, kind: str, stream: str | None, which: Callable[[dict[str, Any]], bool]
) -> None:
    script = TRANSCRIPTS / f"{stem}.script"
    sc = scenario_of(script)
    seed = test_seed(sc)
    recorded = record(sc, seed, script.read_text(encoding="utf-8").split("\n"), as_batch)
    at = next(i for i, line in enumerate(recorded) if any(x.kind == kind and which(json.loads(x.event)) for x in line.shown)) - 1
    fork = Fork(sc=sc, seed=seed, lines=recorded, at=at, other=f"{seed} other", feed=as_batch)
    twins = [("everything drawn after it", fork.later())] if stream is None else fork.unrevealed(stream, TRIES)
    for what, twin in twins:
        fork.check(twin, what)
    assert fork.varied and all(v.endswith(f": {kind}") for v in fork.varied), f"no twin varied the next {kind} first: {fork.varied}"


# ---------------------------------------------------------------- the planted leak: the next prize in a round's post

GOOFSPIEL = ["start", "@ 0:05", "p1: gs 5", "p2: gs 6", "@ 1:05", "p1: gs 9", "p2: gs 2", "@ 2:05"]


@dataclass(frozen=True, kw_only=True)
class LeakyRoundResolved(RoundResolved):
    """A round's result that also carries the next round's prize, drawn but not yet revealed."""

    kind = "round_resolved"
    next_prize: int | None = None


def goofspiel_fork(game: Game[Any, Any] | None, seed: str = "leak 1") -> Fork:
    """Twins of a Final Match after block 1's first prize was posted, whose bout agrees on that prize only."""
    sc = scenario_for("choice-is-yours")
    if game is not None:
        sc = dataclasses.replace(sc, checked=game)
    fork = Fork(sc=sc, seed=seed, lines=record(sc, seed, GOOFSPIEL), at=1, other=f"{seed} other")
    assert "goofspiel/bout1" in fork.lines[1].drawn
    return fork


def leaky_choice() -> Game[Any, Any]:
    """The Final Match with the planted leak: each round's result post names the next prize."""
    real = scenario_for("choice-is-yours").game

    def leak(rules: Callable[..., tuple[Any, list[Event]]]) -> Callable[..., tuple[Any, list[Event]]]:
        def judged(state: Any, *args: Any) -> tuple[Any, list[Event]]:
            state, events = rules(state, *args)
            prizes = state.bout.prizes if state.bout is not None else ()
            return state, [
                LeakyRoundResolved(
                    **{f.name: getattr(e, f.name) for f in dataclasses.fields(e)}, next_prize=dict(enumerate(prizes)).get(e.round)
                )
                if isinstance(e, RoundResolved)
                else e
                for e in events
            ]

        return judged

    table: Renderers[Any] = Renderers()
    for kind in real.renderers.kinds():
        if kind is not RoundResolved:
            table.on(kind)(lambda public, ev: real.renderers.render(public, ev))

    @table.on(LeakyRoundResolved)
    def _resolved(public: Any, ev: LeakyRoundResolved) -> str:
        plain = RoundResolved(**{f.name: getattr(ev, f.name) for f in dataclasses.fields(RoundResolved)})
        return real.renderers.render(public, plain)[0].text + f"\nNext prize: {ev.next_prize}."

    events = [LeakyRoundResolved if e is RoundResolved else e for e in real.events]
    return dataclasses.replace(real, apply=leak(real.apply), on_due=leak(real.on_due), renderers=table, events=events)


def prize_twin(fork: Fork) -> Any:
    """The twin whose bout 1 comes from another seed, agreeing on the first prize alone."""
    found = dict(fork.unrevealed("goofspiel/bout1", TRIES))
    twin = found.get("“goofspiel/bout1” drawn from another seed")
    assert twin is not None, f"no other seed's bout agreed on the first prize alone (found: {list(found)})"
    return twin


def test_the_final_match_as_written_keeps_the_next_prize_secret() -> None:
    fork = goofspiel_fork(None)
    fork.check(prize_twin(fork), "the rest of the bout's prizes")
    assert fork.varied == ["the rest of the bout's prizes: round_started"]  # the second round's post revealed the difference


def test_a_planted_leak_a_round_post_naming_the_next_prize_fails_the_seed_twins() -> None:
    game = leaky_choice()
    fork = goofspiel_fork(game)
    twin = prize_twin(fork)
    with pytest.raises(
        SeedLeak, match=r"(?s)choice-is-yours: with the rest of the bout's prizes varied after line 2, “@ 1:05” .*Next prize"
    ):
        fork.check(twin, "the rest of the bout's prizes")


def test_the_planted_leak_is_in_its_events_json_so_only_the_twins_find_it() -> None:
    # The leak is what the renderers must be given: a field of the event. Its post is made again from its JSON.
    game = leaky_choice()
    sc = dataclasses.replace(scenario_for("choice-is-yours"), checked=game)
    s = session(sc, "leak 1")
    outputs = [o for line in GOOFSPIEL for o in s.feed(line) + s.flush()]
    assert any("Next prize" in o.text for o in outputs)
    assert check_posts_from_json(s, outputs) > 5


def test_the_planted_leak_is_found_whatever_the_seed() -> None:
    game = leaky_choice()
    found = []
    for n in range(1, 6):
        fork = goofspiel_fork(game, f"leak {n}")
        twin = dict(fork.unrevealed("goofspiel/bout1", TRIES)).get("“goofspiel/bout1” drawn from another seed")
        if twin is None:
            continue
        with pytest.raises(SeedLeak):
            fork.check(twin, "the rest of the bout's prizes")
        found.append(n)
    assert len(found) >= 3, found
