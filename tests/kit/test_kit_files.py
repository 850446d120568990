"""The kit files: each at most 80 lines, each passing `umpire check game`; every mistake in a kit file refused with
its line, its key and what was expected; a planted leak fails the check."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kit.support import KITS, ROOT, kit_text
from umpire.games import roundplay
from umpire.games.base import PUBLIC
from umpire.kit.check import report
from umpire.scenario import ScenarioError, parse

NAMES = ("number-auction", "lowest-unique", "dilemma", "majority", "blind-auction")
HIDING = {"blind-auction"}  # the kit files with hidden resources: check game reports its hidden-resource twins too


@pytest.mark.parametrize("name", NAMES)
def test_a_kit_file_is_at_most_80_lines(name: str) -> None:
    assert len(kit_text(name).splitlines()) <= 80


@pytest.mark.parametrize("name", NAMES)
def test_umpire_check_game_passes_on_each_kit_file(name: str) -> None:
    lines, code = report(str(KITS / f"{name}.toml"), matches=200)
    assert code == 0, "\n".join(lines)
    assert "✓ 200 of 200 random seeded matches played to their result" in lines[1]
    assert lines[2:] == [
        "✓ every round ended, and every match within its rounds",
        "✓ every event, view and result was put into words",
        "✓ no sealed word reached a public post before its reveal",
        *(["✓ no hidden resource reached anything public before the result"] if name in HIDING else []),
    ]


@pytest.mark.slow
def test_umpire_check_game_plays_1000_matches_from_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "umpire", "check", "game", str(KITS / "number-auction.toml")],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "✓ 1000 of 1000 random seeded matches played to their result" in done.stdout


def _planted(tmp_path: Path, old: str, new: str) -> str:
    text = kit_text("number-auction")
    assert old in text
    path = tmp_path / "planted.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


def test_a_planted_leak_a_round_post_naming_the_bid_before_the_reveal_fails_the_check(tmp_path: Path) -> None:
    path = _planted(tmp_path, "within {time}; bids", "within {time} (Hedger bid {bid}); bids")
    lines, code = report(path)
    assert code == 2
    (line,) = lines
    assert line.startswith(f"✗ {path}: line 39: posts.round: names {{bid}}, which a round's opening does not make public")
    assert "(it may name: {example}, {prize}, {round}, {rounds}, {time}, {verb})" in line


def test_a_planted_leak_a_winners_bid_named_where_the_round_reveals_nothing_fails_the_check(tmp_path: Path) -> None:
    path = _planted(tmp_path, 'reveal = "all" ', 'reveal = "nothing" ')
    lines, code = report(path)  # the coins everyone sees, paid with the bid, would tell it first
    assert code == 2 and "rounds[1].picked.coins: names bid, which this round keeps sealed" in lines[0]
    hidden = Path(path).read_text(encoding="utf-8").replace("coins = 20", "coins = { start = 20, hidden = true }", 1)
    Path(path).write_text(hidden, encoding="utf-8")  # coins each player's own: the post naming the bid is what tells it
    lines, code = report(path)
    assert code == 2 and "posts.picked: names {bid}, which the line for each player a round picks does not make public" in lines[0]


def test_a_planted_leak_a_receipt_posted_publicly_is_found_by_the_random_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    sealed = roundplay.receipt
    monkeypatch.setattr(roundplay, "receipt", lambda *a, **k: [dataclasses.replace(e, audience=PUBLIC) for e in sealed(*a, **k)])
    lines, code = report(str(KITS / "number-auction.toml"), matches=30)
    assert code == 1
    assert any(line.startswith("✗ seed 'check ") and "changes a public post before the reveal: “🔒 Your bid of" in line for line in lines)


def test_a_file_that_is_not_a_kit_is_refused_by_the_check() -> None:
    lines, code = report(str(ROOT / "scenarios" / "hap-tac-toe.toml"))
    assert code == 2 and "not a kit file" in lines[0]


MISTAKES = [  # what is changed in number-auction.toml, the text on the line the refusal must name, the refusal after it
    ("players = [3, 8]", "players = [1, 8]", None, "game.players: expected [least, most], two whole numbers from 2 to 30, got [1, 8]"),
    ('kind = "bid" ', 'kind = "auction" ', None, "rounds[1].kind: expected one of bid, pick, vote, got 'auction'"),
    ('most = "coins" ', 'most = "coins ** 2" ', None, "rounds[1].most: “**” is not allowed (use + - * // % and comparisons)"),
    (
        'most = "coins" ',
        "most = \"__import__('os')\" ",
        None,
        "rounds[1].most: “__import__('os')”: the only functions are min, max and abs",
    ),
    (
        'most = "coins" ',
        'most = "coins.real" ',
        None,
        "rounds[1].most: “coins.real” uses something a kit expression cannot: only whole "
        "numbers, names, + - * // %, comparisons, and/or/not, min/max/abs",
    ),
    (
        'points = "points + prize"',
        'points = "points + gold"',
        None,
        "rounds[1].picked.points: “points + gold” names “gold”, which is not known here "
        "(names known here: alive, bid, coins, picked, points, prize, round, votes)",
    ),
    (
        "repeat = 5",
        "repeat = 5\ncolour = 3",
        "colour = 3",
        "rounds[1].colour: unknown key (expected one of repeat, kind, numbers, words, "
        "most, seconds, reminders, draw, resolve, ties, reveal, self_vote, buttons, threshold, open, payoff, picked, each)",
    ),
    ('resolve = "highest-unique"', 'resolve = "pairs"         ', None, "rounds[1].resolve: “pairs” does not go with a bid round"),
    (
        "prize = { range = [1, 10] }",
        "prize = { range = [1, 10], list = [3] }",
        None,
        "items.prize: expected exactly one of range = [least, most], deck = [...] (shuffled by the seed) or list = [...] (in order)",
    ),
    (
        "reminders = [60, 10]",
        "reminders = [600]",
        None,
        "rounds[1].reminders: expected up to 5 whole numbers of seconds left, each under the round's 120",
    ),
    ('draw = "prize"', 'draw = "gold"', None, "rounds[1].draw: expected the name of an item (or a list of them) from [items]: prize"),
    ("coins = 20", "coins = -5", None, "resources.coins: expected a whole number from 0 to 1000000, got -5"),
    (
        'score = ["points", "coins"]',
        'score = "points"',
        None,
        'end.score: expected a list of up to 5 expressions, best first (e.g. ["points", "coins"])',
    ),
    ('standing = "{points point}', 'standing = "{points point', None, "posts.standing: a “{” or “}” that does not close a {name}"),
    (
        'standing = "{points point}',
        'standing = "{points a b}',
        None,
        "posts.standing: {points a b}: expected {name} or {name noun} (“{prize point}”, “{lives life/lives}”)",
    ),
    ('most = "coins" ', 'most = "' + "coins + " * 30 + '1" ', None, "rounds[1].most: the expression is 241 characters long; at most 200"),
    ('most = "coins" ', 'most = "coins / 2" ', None, "rounds[1].most: “/” is not allowed (use + - * // % and comparisons)"),
    ('title = "Number Auction"', "title = 5", None, "game.title: expected text of 1 to 80 characters, got 5"),
    (
        '[[players]]\nname = "Uri"',
        '[[players]]\nname = "Hedger"',
        '[[players]]\nname = "Hedger"\naliases = ["p2"]',
        "players[1]: the name or alias 'Hedger' is already used by Hedger",
    ),
]


@pytest.mark.parametrize(("old", "new", "at", "refusal"), MISTAKES, ids=[m[3].split(":")[0] + " " + m[1][:14] for m in MISTAKES])
def test_a_mistake_in_a_kit_file_is_refused_naming_its_line_its_key_and_what_was_expected(
    old: str, new: str, at: str | None, refusal: str
) -> None:
    text = kit_text("number-auction")
    assert old in text
    changed = text.replace(old, new, 1)
    line = changed[: changed.index(at or new)].count("\n") + 1
    with pytest.raises(ScenarioError) as caught:
        parse(changed, "test.toml")
    assert str(caught.value) == f"test.toml: line {line}: {refusal}"


def test_a_kit_games_event_kinds_are_its_own_beside_every_registered_game_and_the_session() -> None:
    from umpire.games import registry
    from umpire.kit.events import RoundClosed, RoundOpened
    from umpire.session.events import EVENTS as SESSION_EVENTS

    taken = {cls.kind: cls for cls in SESSION_EVENTS} | {cls.kind: cls for game in registry().values() for cls in game.events}
    for cls in (RoundOpened, RoundClosed):
        assert taken.get(cls.kind, cls) is cls, f"“{cls.kind}” is also {taken[cls.kind].__module__}.{taken[cls.kind].__name__}"


@pytest.mark.parametrize("name", NAMES)
def test_a_kit_games_events_read_back_from_their_json(name: str) -> None:
    from tests.kit.support import kit_game
    from umpire.games.eventjson import read_event
    from umpire.kit.check import Findings, Match

    game = kit_game(name)

    match = Match(game, game.entry.players[0] + 1, "json")
    seen: list[object] = []
    original = match.events

    def keep(events: list[object], found: Findings, where: str) -> None:
        seen.extend(events)
        original(events, found, where)  # type: ignore[arg-type]

    match.events = keep  # type: ignore[method-assign]
    found = Findings()
    match.play((None, "start"), found)
    for seat in range(game.entry.players[0] + 1):
        for move in match.game.allowed(match.state, seat):  # none for a player who sits the round out
            match.play((seat, f"{move.words[0]} {move.suggest(match.state, seat, [move.words[0]])[-1]}"), found)
    match.play((None, "close"), found)
    assert {type(e).__name__ for e in seen} >= {"RoundOpened", "RoundClosed"}
    for ev in seen:
        assert read_event(ev.to_json(match.names), game.events, match.names) == ev  # type: ignore[attr-defined]


VALUES = ('"x"', "0", "-1", "99999999", "true", "[]", "[1]", '["a", "b"]', "{}", "{ range = [1, 2] }", "1.5", '"coins - bid"', '"{bid}"')


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_kit_file_with_a_line_changed_is_hosted_or_refused_with_its_line_never_a_traceback(data: st.DataObject) -> None:
    lines = kit_text(data.draw(st.sampled_from(NAMES))).splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    if "=" in lines[i] and data.draw(st.booleans()):
        lines[i] = lines[i].split("=")[0] + "= " + data.draw(st.sampled_from(VALUES))
    else:
        del lines[i]
    try:
        parse("\n".join(lines) + "\n", "fuzz.toml")
    except ScenarioError as exc:
        assert str(exc).startswith("fuzz.toml: ")
