"""Scenario files: the bundled ones load, every problem names its key path and what was expected."""

from __future__ import annotations

import copy
import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from umpire import scenario as scenario_module
from umpire.core.settings import Setting
from umpire.games import get, registry
from umpire.scenario import Scenario, ScenarioError, load, parse, template

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
HTT_FILE = SCENARIOS / "hap-tac-toe.toml"
WSA_FILE = SCENARIOS / "when-stars-align.toml"
GAMES = ", ".join(sorted(registry()))


def htt() -> dict[str, Any]:
    return copy.deepcopy(tomllib.loads(HTT_FILE.read_text(encoding="utf-8")))


def wsa() -> dict[str, Any]:
    return copy.deepcopy(tomllib.loads(WSA_FILE.read_text(encoding="utf-8")))


def refusal(data: dict[str, Any] | str, where: str = "s.toml") -> str:
    text = data if isinstance(data, str) else tomli_w.dumps(data)
    with pytest.raises(ScenarioError) as info:
        parse(text, where)
    return str(info.value)


# ---------------------------------------------------------------- the bundled scenarios


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.name)
def test_every_bundled_scenario_loads(path: Path) -> None:
    sc = load(path)
    assert sc.path == str(path)
    assert sc.game is get(sc.game.key)
    assert sc.text == path.read_text(encoding="utf-8")
    assert sc.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert {s.key for s in sc.game.settings} == set(sc.settings)


def test_the_hap_tac_toe_scenario_reads_as_written() -> None:
    sc = load(HTT_FILE)
    assert sc.game.key == "hap-tac-toe"
    assert sc.title == "Hap-Tac-Toe — Death Match"
    assert sc.seed is None  # bundled scenarios carry no seed: a live game draws a secret one
    assert [(p.seat, p.name, p.aliases) for p in sc.roster] == [(0, "Hedger", ("p1",)), (1, "Uri", ("p2",))]
    assert sc.settings == {
        "advantage": "p2",
        "move_seconds": 60,
        "reserve_seconds": 300,
        "move_reminders": [10],
        "reserve_reminders": [60, 30, 10],
        "row_one": "top",
        "invalid_claim_penalty": 0.5,
        "final_rounding": "ceil",
    }


def test_the_when_stars_align_scenario_reads_as_written() -> None:
    sc = load(WSA_FILE)
    assert sc.game.key == "when-stars-align"
    assert sc.title == "When Stars Align — Death Match"
    assert sc.seed is None
    assert [p.name for p in sc.roster] == ["Hedger", "Ian"]
    assert sc.roster.resolve("p2").name == "Ian"
    assert sc.settings["dm_opponent"] == "p2"
    assert sc.settings["strikes_per_penalty"] == 2
    assert sc.settings["strike_penalty_points"] == 1
    assert sc.settings["strikes_carry_over"] is True


def test_missing_keys_take_their_defaults() -> None:
    data = htt()
    del data["title"], data["rules"]
    sc = parse(tomli_w.dumps(data))
    assert sc.title == sc.game.title
    assert sc.seed is None
    assert sc.settings == {s.key: s.default for s in sc.game.settings}
    assert sc.path == "<scenario>"


def test_a_seed_may_be_a_string_and_is_kept_as_text() -> None:
    data = htt()
    data["seed"] = "finals night"
    assert parse(tomli_w.dumps(data)).seed == "finals night"
    data["seed"] = -7
    assert parse(tomli_w.dumps(data)).seed == "-7"


def test_names_and_aliases_are_trimmed() -> None:
    data = htt()
    data["players"][0] = {"name": "  Hedger ", "aliases": [" p1 "]}
    sc = parse(tomli_w.dumps(data))
    assert sc.roster[0].name == "Hedger"
    assert sc.roster[0].aliases == ("p1",)


def test_a_player_setting_may_use_a_display_name_in_any_case() -> None:
    data = htt()
    data["rules"]["advantage"] = "URI"
    assert parse(tomli_w.dumps(data)).settings["advantage"] == "URI"


def test_a_list_setting_is_copied_not_shared_with_its_default() -> None:
    data = htt()
    del data["rules"]["move_reminders"]
    sc = parse(tomli_w.dumps(data))
    default = next(s.default for s in sc.game.settings if s.key == "move_reminders")
    assert sc.settings["move_reminders"] == default
    assert sc.settings["move_reminders"] is not default


# ---------------------------------------------------------------- reading the file


def test_a_missing_file_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    with pytest.raises(ScenarioError) as info:
        load(path)
    assert str(info.value).startswith(f"{path}: cannot read the scenario (")


def test_a_file_that_is_not_utf8_is_refused_naming_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'game = "hap-tac-toe"\ntitle = "Caf\xe9"\n')
    with pytest.raises(ScenarioError) as info:
        load(path)
    assert str(info.value) == f"{path}: not UTF-8 text (byte 33)"


def test_text_that_is_not_toml_is_refused_with_the_parsers_reason(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('game = "hap-tac-toe"\nseed = \n', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: not valid TOML: ")
    assert "line 2" in message


# ---------------------------------------------------------------- top level


def test_an_unknown_top_level_key_is_refused_with_a_did_you_mean() -> None:
    data = htt()
    data["titel"] = "x"
    assert (
        refusal(data)
        == "s.toml: titel: unknown key; did you mean “title”? (expected one of: game, title, seed, player_entropy, pictures, players, rules)"
    )


def test_an_unknown_top_level_key_with_no_near_match_lists_the_keys() -> None:
    data = htt()
    data["zzz"] = 1
    assert refusal(data) == "s.toml: zzz: unknown key (expected one of: game, title, seed, player_entropy, pictures, players, rules)"


def test_a_missing_game_is_refused_listing_the_games() -> None:
    data = htt()
    del data["game"]
    assert refusal(data) == f"s.toml: game: expected the game's name as a string (one of {GAMES})"


def test_a_game_that_is_not_a_string_is_refused_showing_the_value() -> None:
    data = htt()
    data["game"] = 3
    assert refusal(data) == f"s.toml: game: expected the game's name as a string (one of {GAMES}), got 3"


def test_an_unknown_game_is_refused_listing_the_games() -> None:
    data = htt()
    data["game"] = "chess"
    assert refusal(data) == f"s.toml: game: unknown game 'chess' (expected one of {GAMES})"


def test_a_title_that_is_not_a_string_is_refused() -> None:
    data = htt()
    data["title"] = 5
    assert refusal(data) == "s.toml: title: expected a string, got a whole number"


@pytest.mark.parametrize(("seed", "what"), [(True, "a boolean"), (1.5, "a decimal number"), ([1], "a list"), ({"a": 1}, "a table")])
def test_a_seed_of_the_wrong_type_is_refused(seed: Any, what: str) -> None:
    data = htt()
    data["seed"] = seed
    assert refusal(data) == f"s.toml: seed: expected a whole number or a string, got {what}"


@pytest.mark.parametrize("seed", ["", "   "])
def test_an_empty_seed_is_refused(seed: str) -> None:
    data = htt()
    data["seed"] = seed
    assert refusal(data) == "s.toml: seed: expected a non-empty seed"


# ---------------------------------------------------------------- players


@pytest.mark.parametrize("players", [None, "Hedger, Uri", {"name": "Hedger"}, ["Hedger", "Uri"], [{"name": "Hedger"}, "Uri"]])
def test_players_that_are_not_a_list_of_tables_are_refused(players: Any) -> None:
    data = htt()
    if players is None:
        del data["players"]
    else:
        data["players"] = players
    assert refusal(data) == "s.toml: players: expected 2 [[players]] tables, each with a name"


@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_wrong_number_of_players_is_refused(count: int) -> None:
    data = htt()
    data["players"] = [{"name": f"P{i}"} for i in range(count)]
    assert refusal(data) == f"s.toml: players: Hap-Tac-Toe needs 2 players, the scenario has {count}"


def test_an_unknown_player_key_is_refused_with_its_path() -> None:
    data = htt()
    data["players"][1]["alias"] = ["u"]
    assert refusal(data) == "s.toml: players[1].alias: unknown key; did you mean “aliases”? (expected one of: name, aliases)"


@pytest.mark.parametrize("name", [None, "", "   ", 7])
def test_a_player_without_a_name_is_refused(name: Any) -> None:
    data = htt()
    if name is None:
        del data["players"][1]["name"]
    else:
        data["players"][1]["name"] = name
    assert refusal(data) == "s.toml: players[1].name: expected the player's display name as a non-empty string"


@pytest.mark.parametrize("name", ["Uri: the Great", "Uri\nSmith"])
def test_a_name_with_a_colon_or_line_break_is_refused(name: str) -> None:
    data = htt()
    data["players"][1]["name"] = name
    assert refusal(data) == f"s.toml: players[1].name: a name cannot contain “:” or a line break, nor start with @, # or [ ({name!r})"


@pytest.mark.parametrize("aliases", ["p2", [2], [""], ["  "], ["p2", 3], {"a": "p2"}])
def test_aliases_that_are_not_a_list_of_strings_are_refused(aliases: Any) -> None:
    data = htt()
    data["players"][1]["aliases"] = aliases
    assert refusal(data) == 's.toml: players[1].aliases: expected a list of non-empty strings, e.g. ["p1"]'


@pytest.mark.parametrize("alias", ["p:2", "p\t2", "player\ntwo"])
def test_an_alias_is_words_without_a_colon_tab_or_line_break(alias: str) -> None:
    data = htt()
    data["players"][1]["aliases"] = ["p2", alias]
    assert refusal(data) == (
        "s.toml: players[1].aliases: an alias is words separated by spaces, without “:”, tabs or line breaks, "
        f"not starting with @, # or [ ({alias!r})"
    )


def test_an_alias_of_several_words_is_accepted() -> None:
    # Issue 14: the Choice card says "Hedger may be referred to as Player 1 or p1".
    data = htt()
    data["players"][1]["aliases"] = ["p2", "Player 2"]
    sc = parse(tomli_w.dumps(data), "s.toml")
    assert sc.roster.resolve("player 2").seat == 1


@pytest.mark.parametrize(
    ("second", "clash", "owner"),
    [
        ({"name": "Uri", "aliases": ["p1"]}, "p1", "Hedger"),
        ({"name": "Uri", "aliases": ["HEDGER"]}, "HEDGER", "Hedger"),
        ({"name": "hedger", "aliases": ["p2"]}, "hedger", "Hedger"),
        ({"name": "P1", "aliases": ["p2"]}, "P1", "Hedger"),
        ({"name": "Uri", "aliases": ["p2", "P1"]}, "P1", "Hedger"),
    ],
)
def test_a_name_or_alias_used_twice_is_refused_naming_its_owner(second: dict[str, Any], clash: str, owner: str) -> None:
    data = htt()
    data["players"][1] = second
    assert refusal(data) == f"s.toml: players[1]: the name or alias {clash!r} is already used by {owner}"


def test_two_players_with_the_same_display_name_are_refused() -> None:
    data = htt()
    data["players"][1] = {"name": "Hedger", "aliases": ["p2"]}
    assert refusal(data) == "s.toml: players[1]: the name or alias 'Hedger' is already used by Hedger"


def test_names_that_differ_only_in_spacing_clash() -> None:
    data = htt()
    data["players"] = [{"name": "Mary Ann", "aliases": ["p1"]}, {"name": "mary  ann", "aliases": ["p2"]}]
    assert refusal(data) == "s.toml: players[1]: the name or alias 'mary  ann' is already used by Mary Ann"


def test_a_player_may_repeat_its_own_name_as_an_alias() -> None:
    data = htt()
    data["players"][1]["aliases"] = ["p2", "uri", "P2"]
    assert parse(tomli_w.dumps(data)).roster.resolve("URI").seat == 1


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize(("rules", "what"), [(5, "a whole number"), ("fast", "a string"), ([1, 2], "a list")])
def test_rules_that_are_not_a_table_are_refused(rules: Any, what: str) -> None:
    data = htt()
    data["rules"] = rules
    assert refusal(data) == f"s.toml: rules: expected a table ([rules]), got {what}"


def test_an_unknown_rules_key_is_refused_with_its_path() -> None:
    data = htt()
    data["rules"]["move_secs"] = 30
    keys = ", ".join(s.key for s in get("hap-tac-toe").settings)  # type: ignore[union-attr]
    assert refusal(data) == f"s.toml: rules.move_secs: unknown key; did you mean “move_seconds”? (expected one of: {keys})"


def test_a_rules_key_of_another_game_is_unknown_here() -> None:
    data = htt()
    data["rules"]["strikes_carry_over"] = False
    message = refusal(data)
    assert message.startswith("s.toml: rules.strikes_carry_over: unknown key")
    assert "invalid_claim_penalty" in message


@pytest.mark.parametrize(
    ("base", "key", "value", "message"),
    [
        (htt, "move_seconds", "60", "expected a whole number from 1 to 86400, got '60' (a string)"),
        (htt, "move_seconds", 60.5, "expected a whole number from 1 to 86400, got 60.5 (a decimal number)"),
        (htt, "invalid_claim_penalty", "half", "expected a number from 0 to 100, got 'half' (a string)"),
        (htt, "invalid_claim_penalty", True, "expected a number from 0 to 100, got True (a boolean)"),
        (wsa, "strikes_carry_over", "yes", "expected true or false, got 'yes' (a string)"),
        (wsa, "strikes_carry_over", 1, "expected true or false, got 1 (a whole number)"),
        (htt, "move_reminders", 10, "expected a list of whole numbers from 1 to 86400, got 10 (a whole number)"),
        (htt, "reserve_reminders", [60, "30"], "expected a list of whole numbers from 1 to 86400, got [60, '30'] (a list)"),
        (htt, "advantage", 2, 'expected a player\'s name or alias, e.g. "p2", got 2 (a whole number)'),
        (wsa, "dm_opponent", ["p2"], "expected a player's name or alias, e.g. \"p2\", got ['p2'] (a list)"),
        (htt, "row_one", "middle", 'expected one of "top", "bottom", got \'middle\' (a string)'),
        (htt, "final_rounding", "floor", 'expected one of "ceil", "none", got \'floor\' (a string)'),
    ],
)
def test_a_setting_of_the_wrong_type_is_refused_with_its_path(base: Any, key: str, value: Any, message: str) -> None:
    data = base()
    data["rules"][key] = value
    assert refusal(data) == f"s.toml: rules.{key}: {message}"


@pytest.mark.parametrize(
    ("base", "key", "value", "message"),
    [
        (htt, "move_seconds", 0, "expected a whole number from 1 to 86400, got 0"),
        (htt, "reserve_seconds", -1, "expected a whole number from 0 to 86400, got -1"),
        (htt, "move_reminders", [10, 0], "expected a list of whole numbers from 1 to 86400, got 0"),
        (htt, "invalid_claim_penalty", -0.5, "expected a number from 0 to 100, got -0.5"),
        (wsa, "strikes_per_penalty", 0, "expected a whole number from 1 to 100, got 0"),
        (wsa, "strike_penalty_points", -1, "expected a whole number from 0 to 100, got -1"),
    ],
)
def test_a_setting_out_of_bounds_is_refused_with_its_path(base: Any, key: str, value: Any, message: str) -> None:
    data = base()
    data["rules"][key] = value
    assert refusal(data) == f"s.toml: rules.{key}: {message}"


def test_a_number_setting_of_nan_is_refused() -> None:
    # TOML allows `nan`; the rules turn the penalty into a Fraction, which cannot hold it.
    text = HTT_FILE.read_text(encoding="utf-8").replace("invalid_claim_penalty = 0.5", "invalid_claim_penalty = nan")
    assert refusal(text).startswith("s.toml: rules.invalid_claim_penalty: expected a number from 0 to 100, got ")


def test_a_player_setting_naming_nobody_is_refused_listing_the_players() -> None:
    data = htt()
    data["rules"]["advantage"] = "p3"
    assert refusal(data) == "s.toml: rules.advantage: there is no player called “p3” (players: Hedger (p1), Uri (p2))"


def test_a_player_setting_default_naming_nobody_is_refused() -> None:
    data = htt()
    data["players"] = [{"name": "Hedger"}, {"name": "Uri"}]
    del data["rules"]["advantage"]  # the default "p2" names nobody without aliases
    assert refusal(data) == "s.toml: rules.advantage: there is no player called “p2” (players: Hedger, Uri)"


# ---------------------------------------------------------------- hooks every game may use


@dataclass
class FakeGame:
    """Just what scenario checking reads from a game."""

    key: str = "fake"
    title: str = "Fake"
    players: tuple[int, int] = (2, 4)
    settings: tuple[Setting, ...] = (
        Setting(key="advantage", kind="list[int]", default=[0, 0], minimum=0, maximum=2, per_player=True, help="per seat"),
        Setting(key="rounds", kind="int", default=3, minimum=1, help="rounds"),
    )
    problems: list[tuple[str, str]] = field(default_factory=list)

    def validate(self, settings: dict[str, Any]) -> list[tuple[str, str]]:
        return self.problems


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeGame:
    game = FakeGame()
    monkeypatch.setattr(scenario_module, "declared", lambda key: game if key == "fake" else None)
    monkeypatch.setattr(scenario_module, "keys", lambda: ["fake"])
    return game


def fake_data(players: int = 2, **rules: Any) -> dict[str, Any]:
    return {"game": "fake", "players": [{"name": f"Seat {i}", "aliases": [f"p{i + 1}"]} for i in range(players)], "rules": rules}


def test_a_player_count_range_is_named_when_players_are_missing(fake: FakeGame) -> None:
    data = fake_data()
    del data["players"]
    assert refusal(data) == "s.toml: players: expected 2–4 [[players]] tables with a name"


def test_a_player_count_outside_a_range_is_refused(fake: FakeGame) -> None:
    assert refusal(fake_data(players=5, advantage=[0] * 5)) == "s.toml: players: Fake needs 2 to 4 players, the scenario has 5"


def test_a_per_player_setting_needs_one_value_per_player(fake: FakeGame) -> None:
    assert parse(tomli_w.dumps(fake_data(players=3, advantage=[1, 0, 2]))).settings["advantage"] == [1, 0, 2]
    assert refusal(fake_data(players=3, advantage=[1, 0])) == "s.toml: rules.advantage: expected one value per player (3), got 2"


def test_a_per_player_default_must_match_the_player_count(fake: FakeGame) -> None:
    assert refusal(fake_data(players=3)) == "s.toml: rules.advantage: expected one value per player (3), got 2"


def test_a_problem_between_settings_is_refused_with_the_games_words(fake: FakeGame) -> None:
    fake.problems = [("rounds", "three rounds do not fit"), ("advantage", "second problem")]
    assert refusal(fake_data()) == "s.toml: rules.rounds: three rounds do not fit"


# ---------------------------------------------------------------- template


@pytest.mark.parametrize("key", sorted(registry()))
def test_the_template_round_trips_through_toml(key: str) -> None:
    game = registry()[key]
    data = template(game)
    sc = parse(tomli_w.dumps(data), "new.toml")
    assert sc.game is game
    assert sc.title == game.title
    assert sc.seed is None
    assert sc.settings == {s.key: s.default for s in game.settings}
    lo, _ = game.players
    assert [p.name for p in sc.roster] == [f"Player {i + 1}" for i in range(lo)]
    assert [p.aliases for p in sc.roster] == [(f"p{i + 1}",) for i in range(lo)]


@pytest.mark.parametrize("key", sorted(registry()))
def test_the_template_keeps_the_players_and_seed_it_is_given(key: str) -> None:
    game = registry()[key]
    lo, _ = game.players
    names = [f"Name {chr(65 + i)}" for i in range(lo)]
    sc: Scenario = parse(tomli_w.dumps(template(game, players=names, seed=99)))
    assert sc.seed == "99"
    assert [p.name for p in sc.roster] == names
    assert sc.roster.resolve("p1").name == names[0]


def test_the_template_lists_every_rules_key_in_declared_order() -> None:
    game = registry()["hap-tac-toe"]
    data = template(game)
    assert list(data) == ["game", "title", "players", "rules"]
    assert list(data["rules"]) == [s.key for s in game.settings]


@pytest.mark.parametrize("name", ["@Uri", "#uri", "[Uri]"])
def test_a_name_that_could_not_be_typed_as_a_prefix_is_refused(name: str) -> None:
    data = htt()
    data["players"][1]["name"] = name
    assert refusal(data) == f"s.toml: players[1].name: a name cannot contain “:” or a line break, nor start with @, # or [ ({name!r})"


@pytest.mark.parametrize("alias", ["@p2", "#p2", "[p2"])
def test_an_alias_that_could_not_be_typed_as_a_prefix_is_refused(alias: str) -> None:
    data = htt()
    data["players"][1]["aliases"] = [alias]
    assert refusal(data) == (
        "s.toml: players[1].aliases: an alias is words separated by spaces, without “:”, tabs or line breaks, "
        f"not starting with @, # or [ ({alias!r})"
    )


def test_pictures_is_true_or_false() -> None:
    data = htt()
    data["pictures"] = "no"
    with pytest.raises(ScenarioError) as err:
        parse(tomli_w.dumps(data))
    assert "pictures: expected true or false, got a string" in str(err.value)
    data["pictures"] = False
    assert parse(tomli_w.dumps(data)).pictures is False
