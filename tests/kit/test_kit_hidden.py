"""Hidden resources (`coins = { start = 20, hidden = true }`): each player is told only their own while the match is
on, nothing public names anyone's (posts, public events' JSON, the journal's `shown` facts, the report page), and the
result reveals them all; a file that would make one public is refused with its line and key; `umpire check game`'s
random matches find a planted leak of one."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.kit.support import KITS, game_of, kit_text, setup
from umpire.kit import check, rules, views
from umpire.scenario import ScenarioError, parse

BLIND = KITS / "blind-auction.toml"
SECRET = re.compile(r"9876\d\d")  # the test file's hidden coins start at 987654 and bids are small: every value matches


def secret_text() -> str:
    """The Blind Auction with coins that start at 987654 and a first post that does not name them, so that any of
    those numbers in anything public before the result is a hidden value that leaked."""
    text = kit_text("blind-auction")
    assert "start = 20," in text and "{coins} coins each" in text
    return text.replace("start = 20,", "start = 987654,").replace("{coins} coins each", "coins each")


def umpire(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "umpire", *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8", timeout=120)


ROUNDS = [  # five rounds of four players' bids; player 2 first bids above nothing (accepted: their coins are many)
    ["p1: bid 5", "p2: bid 30", "p2: bid 3", "p3: bid 2", "p4: bid 9"],
    ["p1: bid 6", "p2: bid 2", "p3: bid 2", "p4: bid 0"],
    ["p1: bid 2", "p2: bid 2", "p3: bid 2", "p4: bid 2"],
    ["p1: bid 1", "p2: bid 0", "p3: bid 4", "p4: bid 3"],
    ["p1: bid 10", "p2: bid 11", "close"],
]


def _play(folder: Path, lines: list[str]) -> list[dict[str, Any]]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "k.toml").write_text(secret_text(), encoding="utf-8")
    (folder / "s.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    played = umpire("play", "k.toml", "--script", "s.txt", "--seed", "7", "--journal", "j.jsonl", "--json", cwd=folder)
    assert played.returncode == 0, played.stderr
    return [json.loads(line) for line in played.stdout.splitlines()]


@pytest.fixture(scope="module")
def matches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[dict[str, Any]]]]:
    """The match stopped in round 5 (with a player's `status` and a refused bid in it), and the whole match."""
    root = tmp_path_factory.mktemp("hidden")
    partial = ["start", *ROUNDS[0], "p1: status", "p1: bid 999999999", *ROUNDS[1], *ROUNDS[2], *ROUNDS[3], "p1: bid 10"]
    whole = ["start", *(line for r in ROUNDS for line in r)]
    return {"partial": (root / "partial", _play(root / "partial", partial)), "whole": (root / "whole", _play(root / "whole", whole))}


def _public(out: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [o for o in out if o.get("audience") == "public"]


def test_hidden_resources_no_public_event_json_journal_shown_fact_or_report_page_holds_a_hidden_value_before_the_end(
    matches: dict[str, tuple[Path, list[dict[str, Any]]]],
) -> None:
    folder, out = matches["partial"]
    public = _public(out)
    assert {o.get("event") for o in public} >= {"kit_round", "kit_closed"}
    assert all(set(o["resources"]) == {"points"} for o in public if o.get("event") == "kit_closed")  # coins are not in it
    assert not [o for o in public if SECRET.search(json.dumps(o))]
    lines = (folder / "j.jsonl").read_text(encoding="utf-8").splitlines()
    shown = [json.loads(line).get("shown") for line in lines[1:]]
    assert any(s and "facts" in s for s in shown)  # the points are recorded as they change, the coins never
    assert not [s for s in shown if s and SECRET.search(json.dumps(s))]
    assert umpire("report", "j.jsonl", cwd=folder).returncode == 0
    page = (folder / "j.html").read_text(encoding="utf-8")
    assert "Blind Auction" in page and not SECRET.search(page)


def test_hidden_resources_each_player_is_told_their_own_coins_privately_after_each_round(
    matches: dict[str, tuple[Path, list[dict[str, Any]]]],
) -> None:
    _, out = matches["partial"]
    own = [o for o in out if o.get("event") == "kit_own"]
    assert all(o["audience"] == "player" and o["to"] == o["player"] and set(o["values"]) == {"coins"} for o in own)
    assert {(o["round"], o["to"]): o["values"]["coins"] for o in own if o["round"] == 1} == {
        (1, "Player 1"): 987654,
        (1, "Player 2"): 987654,
        (1, "Player 3"): 987654,
        (1, "Player 4"): 987654 - 9,  # Player 4's 9 was the highest bid nobody matched
    }


def test_hidden_resources_a_players_own_status_shows_their_own_coins_and_nobody_elses(
    matches: dict[str, tuple[Path, list[dict[str, Any]]]],
) -> None:
    _, out = matches["partial"]
    (status,) = [o for o in out if o.get("event") == "own_status"]
    assert status["audience"] == "player" and status["to"] == "Player 1"
    assert status["knowledge"]["coins"] == {"Player 1": 987654}
    assert len(status["knowledge"]["points"]) == 4  # what everyone sees, everyone's
    game = game_of(secret_text())
    state = game.start(setup(4, "own"))
    words = views.own_status(views.knowledge(state, 1), "Uri")
    assert "Coins: Uri 987654" in words and "Hedger 987654" not in words


def test_hidden_resources_the_refusal_of_a_bid_above_the_bidders_coins_goes_to_the_bidder_alone_naming_their_coins(
    matches: dict[str, tuple[Path, list[dict[str, Any]]]],
) -> None:
    _, out = matches["partial"]
    (refused,) = [o for o in out if o.get("type") == "refusal"]
    assert refused["audience"] == "player" and refused["to"] == "Player 1"
    assert "may bid at most 987654" in refused["reason"] and "you hold coins 987654" in refused["reason"]


def test_hidden_resources_the_final_standings_reveal_every_players_hidden_coins(
    matches: dict[str, tuple[Path, list[dict[str, Any]]]],
) -> None:
    folder, out = matches["whole"]
    (result,) = [o for o in out if o.get("event") == "game_result"]
    assert result["audience"] == "public"
    standings = {p["player"]: p["why"] for p in result["ranking"]}
    # Player 4 paid 9 (round 1), Player 1 6 (round 2), Player 3 4 (round 4), Player 2 11 (round 5); a matched bid pays nothing
    paid = {"Player 1": 6, "Player 2": 11, "Player 3": 4, "Player 4": 9}
    for player, why in standings.items():
        assert f"{987654 - paid[player]} coins left" in why, (player, why)
    before = out[: out.index(result)]
    assert not [o for o in _public(before) if SECRET.search(json.dumps(o))]  # the result is the first to tell
    assert umpire("report", "j.jsonl", cwd=folder).returncode == 0
    page = (folder / "j.html").read_text(encoding="utf-8")
    assert all(str(987654 - n) in page for n in paid.values())


def test_hidden_resources_the_rules_say_each_player_is_told_only_their_own_and_the_result_reveals_all() -> None:
    rulings = game_of(kit_text("blind-auction")).rulings(None)  # type: ignore[arg-type]
    assert rulings[0] == (
        "R-KIT-1: 3–8 players; everyone starts with 20 coins, 0 points; no resource goes below 0; hidden: coins, of which "
        "each player is told only their own (their status, a private note after each round) until the result, which "
        "reveals everyone's."
    )
    assert "hidden" not in game_of(kit_text("number-auction")).rulings(None)[0]  # type: ignore[arg-type]


REFUSED = [  # the line changed in blind-auction.toml, its replacement, the line the refusal names, the refusal after it
    (
        "coins = { start = 20, hidden = true }",
        "coins = { start = 20, hidden = true, shown = false }",
        13,
        "resources.coins.shown: unknown key (expected one of start, hidden)",
    ),
    (
        "coins = { start = 20, hidden = true }",
        'coins = { start = "20", hidden = true }',
        13,
        "resources.coins.start: expected a whole number",
    ),
    (
        "coins = { start = 20, hidden = true }",
        "coins = { start = 2.5, hidden = true }",
        13,
        "resources.coins.start: expected a whole number",
    ),
    (
        "coins = { start = 20, hidden = true }",
        "coins = { start = -1, hidden = true }",
        13,
        "resources.coins.start: expected a whole number",
    ),
    (
        "coins = { start = 20, hidden = true }",
        'coins = { start = 20, hidden = "yes" }',
        13,
        "resources.coins.hidden: expected true or false",
    ),
    ("coins = { start = 20, hidden = true }", "coins = { start = 20, hidden = 1 }", 13, "resources.coins.hidden: expected true or false"),
    ("coins = { start = 20, hidden = true }", "coins = { hidden = true }", 13, "resources.coins: missing start"),
    (
        "at a price only they know.",
        "for {coins coin}.",
        42,
        "posts.picked: names {coins}, a hidden resource (each player's own secret until the result), and the line for each player a round picks is public",
    ),
    (
        "The bids stay sealed.",
        "{coins} left.",
        41,
        "posts.closed: names {coins}, a hidden resource (each player's own secret until the result), and a round's reveal is public",
    ),
    (
        "within {time};",
        "within {time} ({coins} each);",
        40,
        "posts.round: names {coins}, a hidden resource (each player's own secret until the result), and a round's opening is public",
    ),
    (
        'points = "points + prize"',
        'points = "points + coins"',
        31,
        "rounds[1].picked.points: names coins, hidden from the other players, in points",
    ),
    (
        "draw = true ",
        'eliminate = "coins <= 0"\ndraw = true ',
        36,
        "end.eliminate: names coins, hidden from the other players: who is out is public",
    ),
]


@pytest.mark.parametrize(("old", "new", "line", "refusal"), REFUSED, ids=[r[3].split(":")[0] for r in REFUSED])
def test_hidden_resources_a_bad_table_or_a_public_use_of_a_hidden_resource_is_refused_naming_its_line_and_key(
    old: str, new: str, line: int, refusal: str
) -> None:
    assert_refused(old, new, line, refusal)


def test_hidden_resources_a_template_may_name_the_starting_value_and_the_results_standing_and_the_table_form_may_be_shown() -> None:
    text = kit_text("blind-auction")
    assert "{coins} coins each" in text and "{coins coin} left" in text  # the first post's start value; the result's standing
    shown = text.replace("coins = { start = 20, hidden = true }", "coins = { start = 20, hidden = false }")
    game = game_of(shown.replace('reveal = "nothing"', 'reveal = "winner"'))  # shown coins paid with a bid: the bid revealed
    state = game.start(setup(4, "shown"))
    assert views.knowledge(state, None)["coins"] == {"Hedger": 20, "Uri": 20, "Yuna": 20, "Mara": 20}  # hidden = false: as `coins = 20`


def test_hidden_resources_check_game_reports_its_hidden_resource_twins_on_the_blind_auction() -> None:
    lines, code = check.report(str(BLIND), matches=100)
    assert code == 0, "\n".join(lines)
    assert lines[-1] == "✓ no hidden resource reached anything public before the result"


def test_hidden_resources_a_planted_leak_the_reveal_posting_everyones_coins_fails_check_game(monkeypatch: pytest.MonkeyPatch) -> None:
    every = lambda kit, names, values: {k: dict(zip(names, values[i], strict=True)) for i, k in enumerate(kit.resources)}
    monkeypatch.setattr(rules, "public_values", every)
    lines, code = check.report(str(BLIND), matches=20)
    assert code == 1
    leaks = [line for line in lines if "hidden coins changes something public before the result" in line]
    assert leaks and all(line.startswith("✗ seed 'check ") for line in leaks)


def test_hidden_resources_a_planted_leak_public_facts_naming_everyones_coins_fails_check_game(monkeypatch: pytest.MonkeyPatch) -> None:
    honest = views.knowledge

    def leaky(state: Any, seat: int | None) -> dict[str, Any]:
        return {**honest(state, seat), "coins": dict(zip(state.names, state.values[0], strict=True))}

    monkeypatch.setattr(views, "knowledge", leaky)
    lines, code = check.report(str(BLIND), matches=20)
    assert code == 1 and any("hidden coins changes something public before the result: “facts " in line for line in lines)


SECRET_GAME = game_of(secret_text())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_hidden_resources_any_seeded_match_shows_no_hidden_value_in_anything_public_before_the_result(n: int) -> None:
    rng, found = random.Random(n), check.Findings()
    players, seed = rng.randint(3, 8), f"any {n}"
    lines, match = check._script(SECRET_GAME, players, seed, rng, found)
    replay, held = check.Match(SECRET_GAME, players, seed), set()
    for line in lines:  # every value anyone's coins took during the match
        replay.play(line, check.Findings())
        held |= set(replay.state.values[0])
    # the numbers no clock or count could be: 5 digits or more, not a whole number of seconds in milliseconds
    telling = {v for v in held if v >= 10_000 and v % 1000}
    assert match.end is not None and 987654 in telling
    public = "\n".join(match.shown[: match.end])  # every public post, public event's JSON and public facts before the result
    assert not [v for v in telling if re.search(rf"\b{v}\b", public)]
    result = "\n".join(match.shown[match.end :])
    assert all(f"{v} coin" in result for v in match.state.values[0])  # the result tells everyone's
    twins = check.Findings()
    check.check_match(SECRET_GAME, n, twins)
    assert twins.secrets == [] and twins.leaks == []


SEALED_WORDS = [  # blind-auction.toml changed so that a resource everyone sees is computed from a bid kept sealed
    (
        'points = "points + prize"',
        'points = "points + prize + bid"',
        31,
        "rounds[1].picked.points: names bid, which this round keeps sealed",
    ),
    (
        'coins = "coins - bid"',
        'coins = "coins - bid"\n\n[rounds.each]\npoints = "points + bid"',
        35,
        "rounds[1].each.points: names bid, which this round keeps sealed",
    ),
]


@pytest.mark.parametrize(("old", "new", "line", "refusal"), SEALED_WORDS, ids=["picked", "each"])
def test_sealed_words_a_resource_everyone_sees_computed_from_a_bid_the_round_does_not_reveal_is_refused(
    old: str, new: str, line: int, refusal: str
) -> None:
    assert_refused(old, new, line, refusal)
    text = kit_text("blind-auction")
    parse(text.replace(old, new, 1).replace('reveal = "nothing"', 'reveal = "all"'), "mine.toml")  # revealed: no secret told


def test_sealed_words_with_only_the_winners_bid_revealed_a_picked_players_change_may_use_it_but_not_everyones() -> None:
    text = kit_text("blind-auction").replace('reveal = "nothing"', 'reveal = "winner"')
    parse(text.replace('points = "points + prize"', 'points = "points + prize + bid"'), "mine.toml")
    with pytest.raises(ScenarioError, match=r"rounds\[1\]\.each\.points: names bid, which this round keeps sealed"):
        parse(text.replace('coins = "coins - bid"', 'coins = "coins - bid"\n\n[rounds.each]\npoints = "points + bid"'), "mine.toml")


def assert_refused(old: str, new: str, line: int, refusal: str) -> None:
    """blind-auction.toml with `old` made `new` is refused naming `line` and starting with `refusal`."""
    text = kit_text("blind-auction")
    assert old in text
    with pytest.raises(ScenarioError) as caught:
        parse(text.replace(old, new, 1), "mine.toml")
    assert str(caught.value).startswith(f"mine.toml: line {line}: {refusal}"), str(caught.value)
