"""The command line, in-process through typer's CliRunner: exit codes, output and error text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

import umpire
from tests.testgames import scenario_path
from umpire.cli import app, check, devils, discord_cmd, games, gen, journal_cmds, new, play, report_cmd  # noqa: F401 - registers the commands
from umpire.cli.common import bundled_dir, find_scenario
from umpire.games import PACKAGES, entries, get, keys, registry
from umpire.scenario import load
from umpire.session import Session
from umpire.session.entries import opened
from umpire.verify import NOT_AGAINST_POSTED

# A short game: a refusal, a valid hap, a hap claimed twice in one turn (6 s apart: not one message sent twice, R-READ-5),
# and two clock rulings.
GAME = """\
# a short game
p2: first p1
start
p1: black red circle A1
p1: done
@ 0:20
p2: gray red square B1
p2: hap A1 B1 C1
p2: done
@ 0:24
p1: white red triangle C1
p1: hap A1 B1 C1
@ 0:30
p1: hap C1 B1 A1
p1: done
@ 1:45
p2: black blue circle A2
p2: done
"""

FINAL_KEYS = {"scores", "game", "board", "claimed", "strikes", "reserve_seconds", "winner", "over"}


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Run `umpire ARGS…` in tmp_path; returns the result (stdout and stderr apart)."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str, input: str | bytes | None = None) -> Result:
        return runner.invoke(app, list(args), input=input)

    return invoke


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "game.txt"
    path.write_text(GAME, encoding="utf-8")
    return path


@pytest.fixture
def played(cli, script, tmp_path) -> tuple[Path, Result]:
    """The GAME script played in batch mode with --json and a journal."""
    j = tmp_path / "game.journal.jsonl"
    res = cli("play", "hap-tac-toe", "--script", str(script), "--json", "--journal", str(j))
    assert res.exit_code == 0, res.stderr
    return j, res


def json_objects(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


# ---------------------------------------------------------------- basics


def test_version_prints_the_version(cli):
    res = cli("--version")
    assert res.exit_code == 0
    assert res.stdout == f"umpire {umpire.__version__}\n"


SHIPPED = ["hap-tac-toe", "when-stars-align", "choice-is-yours", "open-pass", "devils-deal"]
GAMES_LISTING = """\
Games (`umpire play NAME` hosts its bundled scenario):

  NAME              PLAYERS       TITLE
  hap-tac-toe       2 players     Hap-Tac-Toe
                                  A two-game Death Match on a 5x5 grid: place a
                                  block each turn, call the haps it makes.
                                  Rules: docs/hap-tac-toe.md
  when-stars-align  2 players     When Stars Align
                                  Hap-Tac-Toe re-skinned with stars, sets and
                                  strikes.
                                  Rules: docs/hap-tac-toe.md
  choice-is-yours   2 players     The Choice is Yours
                                  The Final Match: Goofspiel, the Shop, Gyul Hap
                                  and Expressions over six timed blocks.
                                  Rules: docs/choice-is-yours.md
  open-pass         6–30 players  Open, Pass — Heaven and Hell
                                  The Main Match: bid for packs to build a deck,
                                  then open or pass each card dealt to build a
                                  row.
                                  Rules: docs/open-pass.md
  devils-deal       2 players     Devil's Deal
                                  A Death Match of card pools, equal-sum refills
                                  and three-card poker.
                                  Rules: docs/devils-deal.md

The Rules pages are in docs/ of umpire's source; pip does not install them.
Installed, `umpire play NAME` opens a game's REPL, where `rules` lists the house
rulings in force and `help` every command with an example.

Bundled scenarios (`umpire play NAME`):

  NAME                   PLAYERS  TITLE
  choice-is-yours        2        The Choice is Yours — Final Match
  devils-deal            2        Devil's Deal — Death Match
  hap-tac-toe            2        Hap-Tac-Toe — Death Match
  open-pass-heaven-hell  13       Open, Pass — Heaven and Hell (Main Match)
  when-stars-align       2        When Stars Align — Death Match

`umpire play open-pass` hosts open-pass-heaven-hell.

Kit games, each a whole game in one TOML file (`umpire play kit/NAME`;
write your own: docs/writing-a-kit-game.md):

  NAME                PLAYERS  TITLE
  kit/blind-auction   3–8      Blind Auction
  kit/dilemma         2–16     The Dilemma
  kit/lowest-unique   3–12     Lowest Unique
  kit/majority        3–12     Majority
  kit/number-auction  3–8      Number Auction
"""


def test_games_lists_every_game_in_aligned_columns_with_its_player_count(cli):
    res = cli("games")
    assert res.exit_code == 0, res.stderr
    if [e.key for e in entries()] == SHIPPED:  # the listing of the games umpire ships, byte for byte
        assert res.stdout == GAMES_LISTING
    name_w = max(len(e.key) for e in entries()) + 2
    count_w = max(len(e.player_count()) for e in entries()) + 2
    for e in entries():  # a game added to the registry is listed the same way, whatever it is
        assert f"\n  {e.key.ljust(name_w)}{e.player_count().ljust(count_w)}{e.title}\n" in res.stdout, e.key
        assert f"Rules: {e.doc}" in res.stdout
    assert "Multi-Player" not in res.stdout
    # Issue 18: the docs/ pages are not installed; the listing says what an installed umpire has.
    assert "`rules` lists the house" in res.stdout
    assert max(len(line) for line in res.stdout.splitlines()) <= 80
    # Issue 34: the bundled kit games are listed, each hosted by `umpire play kit/NAME`.
    assert "\n  kit/number-auction  3–8      Number Auction\n" in res.stdout


def test_games_and_completion_import_no_game(tmp_path):
    """`umpire games` and completing a GAME or SCENARIO read the registry and the scenario files only."""
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from umpire.cli import app, games\n"
        "from umpire.cli.common import complete_game, complete_scenario\n"
        "res = CliRunner().invoke(app, ['games'])\n"
        "assert res.exit_code == 0, res.output\n"
        "print(complete_game('open'), complete_scenario('open'), complete_scenario('hap'))\n"
        "print(sorted(m for m in sys.modules if m.startswith('umpire.games.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    # Only each game folder's `__init__`, which holds its registry entries and imports nothing else.
    inits = str(sorted(f"umpire.games.{package}" for package in PACKAGES))
    assert out.stdout == f"['open-pass'] ['open-pass', 'open-pass-heaven-hell'] ['hap-tac-toe']\n{inits}\n"


def test_new_completes_the_games_name():
    command = typer.main.get_command(app)
    ctx = command.make_context("umpire", ["new"], resilient_parsing=True)
    game = next(p for p in command.get_command(ctx, "new").params if p.name == "game")
    assert [c.value for c in game.shell_complete(ctx, "")] == keys()
    assert [c.value for c in game.shell_complete(ctx, "wh")] == ["when-stars-align"]


def test_every_registry_entry_describes_the_game_it_loads():
    """The registry is read without importing a game, so what it says must match the game it names."""
    for e in entries():
        game = get(e.key)
        assert game is not None
        assert (game.key, game.players, game.doc) == (e.key, e.players, e.doc)
        assert game.title.startswith(e.title)
        assert e.players[0] <= e.seats <= e.players[1]
        assert e.scenario is None or load(scenario_path(e.scenario)).game.key == e.key  # bundled, or a test game's
    assert keys() == [e.key for e in entries()]
    assert list(registry()) == keys()


@pytest.mark.parametrize(("name", "scenario"), [("open-pass", "open-pass-heaven-hell"), ("devils-deal", "devils-deal")])
def test_a_games_name_hosts_its_bundled_scenario(name, scenario):
    assert find_scenario(name) == bundled_dir() / f"{scenario}.toml"
    assert find_scenario(f"{scenario}.toml") == bundled_dir() / f"{scenario}.toml"


def test_play_a_games_name_hosts_its_bundled_scenario(cli):
    res = cli("play", "open-pass", "--script", "-", "--json", "--seed", "1", input="")
    assert res.exit_code == 0, res.stderr
    final = json_objects(res.stdout)[-1]
    assert final["game_key"] == "open-pass"
    assert len(final["players"]) == 13


def test_a_file_in_the_working_folder_wins_over_a_games_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "open-pass").write_text("mine", encoding="utf-8")
    assert find_scenario("open-pass") == Path("open-pass")


def test_a_game_without_a_bundled_scenario_says_how_to_write_one(cli, monkeypatch):
    import umpire.games as the_registry

    bare = the_registry.GAMES["devils-deal"]._replace(key="bare", scenario=None)
    monkeypatch.setitem(the_registry.GAMES, "bare", bare)
    res = cli("play", "bare")
    assert res.exit_code == 2
    assert res.stderr == "umpire: Devil's Deal has no bundled scenario; write one with `umpire new bare`, then `umpire play bare.toml`\n"


# ---------------------------------------------------------------- --help


def test_help_lists_the_commands_in_the_order_a_host_meets_them(cli):
    res = cli("--help")
    assert res.exit_code == 0
    listed = [line.split()[0] for line in res.stdout.split("Commands:\n", 1)[1].splitlines() if line.startswith("  ") and line[2] != " "]
    assert listed == ["play", "resume", "replay", "verify", "report", "check", "solve", "gen", "new", "discord", "games"]


def test_help_never_cuts_a_description_short(cli):
    for args in (["--help"], ["check", "--help"], ["gen", "--help"], ["solve", "--help"]):
        res = cli(*args)
        assert res.exit_code == 0
        assert "…" not in res.stdout and "..." not in res.stdout.split("Commands:", 1)[1], args
    res = cli("--help")
    assert "  games    List the games, the players they seat, and the bundled scenarios.\n" in res.stdout
    assert (
        "  resume   Rebuild a game from its journal (after a crash, or another day) and\n           continue it in the REPL.\n"
        in res.stdout
    )


@pytest.mark.parametrize(
    ("args", "usage"),
    [
        (["play"], "Usage: umpire play [OPTIONS] SCENARIO"),
        (["resume"], "Usage: umpire resume [OPTIONS] JOURNAL"),
        (["replay"], "Usage: umpire replay [OPTIONS] JOURNAL"),
        (["verify"], "Usage: umpire verify [OPTIONS] JOURNAL"),
        (["new"], "Usage: umpire new [OPTIONS] GAME"),
        (["check", "row"], "Usage: umpire check row [OPTIONS] ROW..."),
        (["check", "hap"], "Usage: umpire check hap [OPTIONS] PIECE..."),
        (["check", "expr"], "Usage: umpire check expr [OPTIONS] PUZZLE EXPRESSION"),
    ],
)
def test_help_names_arguments_as_users_know_them(cli, args, usage):
    res = cli(*args, "--help")
    assert res.exit_code == 0
    assert res.stdout.splitlines()[0] == usage
    assert "{" not in res.stdout and "<str>" not in res.stdout and "<path>" not in res.stdout


def test_help_names_option_values_in_capitals(cli):
    res = cli("new", "--help")
    assert "  -o, --output FILE  " in res.stdout
    assert "  --players NAMES  " in res.stdout
    res = cli("gen", "board", "--help")
    assert "  --seed SEED  " in res.stdout
    assert "  -n, --count N  " in res.stdout


def test_main_imports_the_module_that_defines_each_command():
    """`umpire CMD` imports only CMD's module (MODULES); every command must be where the table says."""
    from umpire.cli import EVERY_MODULE, modules_for

    def name(info) -> str:
        return info.name or info.callback.__name__.replace("_", "-")

    found = {name(c): c.callback.__module__ for c in app.registered_commands}
    for group in app.registered_groups:
        for c in group.typer_instance.registered_commands:
            found[f"{group.name} {name(c)}"] = c.callback.__module__
    assert {"play", "games", "check row", "check hand", "gen board", "solve division"} <= set(found)
    for command, module in found.items():
        assert module.removeprefix("umpire.cli.") in modules_for(command.split()), command
    assert {m.removeprefix("umpire.cli.") for m in found.values()} == set(EVERY_MODULE)


# ---------------------------------------------------------------- new


def test_new_writes_a_scenario_that_loads(cli, tmp_path):
    res = cli("new", "hap-tac-toe", "--players", "Ann, Bob", "--seed", "7", "-o", "mine.toml")
    assert res.exit_code == 0, res.stderr
    assert res.stdout == "Wrote mine.toml. Edit the players and [rules], then: umpire play mine.toml\n"
    sc = load(tmp_path / "mine.toml")
    assert [p.name for p in sc.roster] == ["Ann", "Bob"]
    assert sc.seed == "7"
    assert sc.settings["invalid_claim_penalty"] == 0.5


def test_new_without_output_writes_game_toml_here(cli, tmp_path):
    res = cli("new", "when-stars-align")
    assert res.exit_code == 0, res.stderr
    sc = load(tmp_path / "when-stars-align.toml")
    assert [p.name for p in sc.roster] == ["Player 1", "Player 2"]


def test_new_refuses_to_overwrite_without_force(cli, tmp_path):
    target = tmp_path / "hap-tac-toe.toml"
    target.write_text("mine", encoding="utf-8")
    res = cli("new", "hap-tac-toe")
    assert res.exit_code == 2
    assert res.stderr == "umpire: hap-tac-toe.toml exists; use --force to overwrite it\n"
    assert target.read_text(encoding="utf-8") == "mine"
    res = cli("new", "hap-tac-toe", "--force")
    assert res.exit_code == 0
    assert load(target).game.key == "hap-tac-toe"


def test_new_refuses_an_unknown_game(cli, tmp_path):
    res = cli("new", "chess")
    assert res.exit_code == 2
    assert res.stderr == f"umpire: unknown game 'chess' (games: {', '.join(sorted(registry()))})\n"
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_the_wrong_number_of_players(cli, tmp_path):
    res = cli("new", "hap-tac-toe", "--players", "Ann")
    assert res.exit_code == 2
    assert res.stderr == "umpire: Hap-Tac-Toe needs 2 players, --players names 1\n"
    res = cli("new", "hap-tac-toe", "--players", "Ann,Bob,Cy")
    assert res.stderr == "umpire: Hap-Tac-Toe needs 2 players, --players names 3\n"
    assert list(tmp_path.iterdir()) == []


def test_new_template_has_the_cards_seat_count(cli, tmp_path):
    """Open, Pass's card seats 13 players; the two-player Death Matches 2."""
    for e in entries():
        res = cli("new", e.key, "-o", f"{e.key}.toml")
        assert res.exit_code == 0, res.stderr
        assert len(load(tmp_path / f"{e.key}.toml").roster) == e.seats
    assert [p.name for p in load(tmp_path / "open-pass.toml").roster] == [f"Player {i}" for i in range(1, 14)]


def test_new_template_holds_every_rules_key_at_its_default_and_no_seed(cli, tmp_path):
    for key, game in registry().items():
        assert cli("new", key, "-o", f"{key}.toml").exit_code == 0
        sc = load(tmp_path / f"{key}.toml")
        assert sc.seed is None
        assert sc.settings == {s.key: s.default for s in game.settings}


def test_new_template_explains_each_key_with_a_comment(cli, tmp_path):
    for key, game in registry().items():
        assert cli("new", key, "-o", f"{key}.toml").exit_code == 0
        lines = (tmp_path / f"{key}.toml").read_text(encoding="utf-8").splitlines()
        for s in game.settings:
            at = next(i for i, line in enumerate(lines) if line.startswith((f"{s.key} = ", f"[[rules.{s.key}]]")))
            above = []
            for line in reversed(lines[:at]):
                if not line.startswith("#"):
                    break
                above.insert(0, line.removeprefix("#").strip())
            comment = " ".join(above)
            assert comment.startswith(" ".join(s.help.split())), (key, s.key)
            ruling = f" House ruling {s.ruling}." if s.ruling else ""
            assert comment.endswith(f"Expected: {s.expected()}.{ruling}"), (key, s.key)
    text = (tmp_path / "hap-tac-toe.toml").read_text(encoding="utf-8")
    assert (
        '\n# Where row 1 is drawn on the board (A1 is in that row, leftmost).\n# Expected: one of "top", "bottom". House ruling R-HTT-1.\nrow_one = "top"\n'
    ) in text


def test_new_template_writes_each_list_on_one_line(cli, tmp_path):
    assert cli("new", "open-pass").exit_code == 0
    text = (tmp_path / "open-pass.toml").read_text(encoding="utf-8")
    assert '\nstarting_set = ["1", "1", "1", "2", "2", "2", "3", "3", "3", "+", "+", "+", "-", "-", "-"]\n' in text
    assert '\n[[rules.packs]]\nname = "Heaven Basic"\ncards = ["4", "5", "6", "+", "x"]\n' in text
    assert "\ntokens = [3, 1, 1]\n" in text


def test_new_writes_a_seed_given_as_words_so_that_it_loads(cli, tmp_path):
    res = cli("new", "hap-tac-toe", "--seed", 'Uri\'s "revenge"', "-o", "s.toml")
    assert res.exit_code == 0, res.stderr
    assert load(tmp_path / "s.toml").seed == 'Uri\'s "revenge"'
    assert "# A fixed seed: anyone who knows it can predict every deal." in (tmp_path / "s.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ("A:B,C", "--players: “A:B” cannot be used: a name cannot contain “:” or a line break, nor start with @, # or [ ('A:B')"),
        (
            "@everyone,Bob",
            "--players: “@everyone” cannot be used: a name cannot contain “:” or a line break, nor start with @, # or [ ('@everyone')",
        ),
        ("Ann,ann", "--players names “Ann” twice; each player needs a name of their own"),
        ("Ann, Bob ,", '--players: name 3 of 3 is empty (write the names separated by commas, e.g. "Hedger,Uri")'),
        ("p2,Bob", "--players: “p2” is the alias of the player in seat 2; give player 1 another name"),
    ],
)
def test_new_refuses_names_that_cannot_be_players_and_writes_nothing(cli, tmp_path, players, message):
    res = cli("new", "hap-tac-toe", "--players", players)
    assert (res.exit_code, res.stdout) == (2, "")
    assert res.stderr == f"umpire: {message}\n"
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_a_file_in_a_folder_that_does_not_exist(cli, tmp_path):
    missing = tmp_path / "nonexistent" / "x.toml"
    res = cli("new", "hap-tac-toe", "-o", str(missing))
    assert (res.exit_code, res.stdout) == (2, "")
    assert res.stderr == f"umpire: cannot write {missing}: No such file or directory — nothing was written\n"
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_a_folder_as_the_output(cli, tmp_path):
    (tmp_path / "scenarios").mkdir()
    res = cli("new", "hap-tac-toe", "-o", "scenarios")
    assert res.exit_code == 2
    assert res.stderr == "umpire: scenarios is a folder; give a file name, e.g. scenarios/hap-tac-toe.toml\n"
    assert list((tmp_path / "scenarios").iterdir()) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.text(min_size=0, max_size=8), min_size=1, max_size=3))
def test_new_with_any_names_writes_a_scenario_that_loads_or_refuses_cleanly(cli, tmp_path, names):
    """Whatever --players holds, `umpire new` never ends in a traceback: a file that loads with those names, or exit 2 and no file."""
    target = tmp_path / "any.toml"
    target.unlink(missing_ok=True)
    res = cli("new", "hap-tac-toe", "--players", ",".join(names), "-o", str(target))
    assert res.exit_code in (0, 2), res.exception
    if res.exit_code == 0:
        given = [n.strip() for n in ",".join(names).split(",")] if ",".join(names).strip() else ["Player 1", "Player 2"]
        assert [p.name for p in load(target).roster] == given
    else:
        assert res.stderr.startswith("umpire: ") and not target.exists()


# ---------------------------------------------------------------- check hap


def test_check_hap_accepts_a_hap_with_exit_0(cli):
    res = cli("check", "hap", "black red circle", "gray red square", "white red triangle")
    assert res.exit_code == 0
    assert res.stdout.splitlines() == [
        "✓ a hap: black red circle / gray red square / white red triangle",
        "  colour: red, red, red — all the same",
        "  background: black, gray, white — all different",
        "  shape: circle, square, triangle — all different",
    ]


def test_check_hap_refuses_a_non_hap_with_exit_1_and_names_the_completing_piece(cli):
    res = cli("check", "hap", "black red circle", "gray red square", "white blue triangle")
    assert res.exit_code == 1
    assert res.stdout.startswith("✗ not a hap: black red circle / gray red square / white blue triangle\n")
    assert "  colour: red, red, blue — two the same and one different: not a hap\n" in res.stdout
    assert res.stdout.endswith("  the piece that makes a hap with the first two: white red triangle\n")


def test_check_hap_says_when_two_pieces_are_the_same(cli):
    res = cli("check", "hap", "black red circle", "red black circle", "white red triangle")
    assert res.exit_code == 1
    assert "  two of the pieces are the same piece\n" in res.stdout


def test_check_hap_accepts_stars(cli):
    res = cli("check", "hap", "yellow solid 4", "blue hollow 5", "white striped 6")
    assert res.exit_code == 0
    assert res.stdout.startswith("✓ a set: yellow solid 4 / blue hollow 5 / white striped 6\n")


def test_check_hap_reads_emoji_and_letters(cli):
    res = cli("check", "hap", ":hapRBC:", "RGS", "rwt")
    assert res.exit_code == 0
    assert res.stdout.startswith("✓ a hap: black red circle / gray red square / white red triangle\n")


def test_check_hap_refuses_an_unreadable_piece_with_exit_2(cli):
    res = cli("check", "hap", "black red circle", "gray red square", "purple")
    assert res.exit_code == 2
    assert res.stdout == ""
    assert res.stderr.startswith("umpire: purple: “purple” is not a block attribute (colour: red, yellow, blue;")


def test_check_hap_refuses_mixed_games_with_exit_2(cli):
    res = cli("check", "hap", "black red circle", "gray red square", "yellow solid 4")
    assert res.exit_code == 2
    assert res.stderr == "umpire: the pieces mix two games' words (blocks/tiles and stars); write all three the same way\n"


def test_check_hap_refuses_two_pieces_with_exit_2(cli):
    res = cli("check", "hap", "black red circle", "gray red square")
    assert res.exit_code == 2
    assert res.stderr == 'umpire: a hap has three pieces; 2 given (quote each piece: "black red circle")\n'


def test_check_hap_json_gives_the_ruling_as_data(cli):
    res = cli("check", "hap", ":hapRBC:", "RGS", "BWT", "--json")
    assert res.exit_code == 1
    assert json.loads(res.stdout) == {
        "hap": False,
        "pieces": ["black red circle", "gray red square", "white blue triangle"],
        "reasons": [
            "colour: red, red, blue — two the same and one different: not a hap",
            "background: black, gray, white — all different",
            "shape: circle, square, triangle — all different",
        ],
        "completes_first_two": "white red triangle",
    }


# ---------------------------------------------------------------- check row and check expr

ROW_MINUS = "row:     - 5 + 1\nreading: 0 - 5 + 1\nscore:   -4\n"


def test_check_row_reads_a_quoted_row_that_starts_with_a_minus_card(cli):
    res = cli("check", "row", "- 5 + 1")
    assert (res.exit_code, res.stdout, res.stderr) == (0, ROW_MINUS, "")


@pytest.mark.parametrize("args", [["-", "5", "+", "1"], ["-5+1"], ["-5", "+1"], ["--", "- 5 + 1"]])
def test_check_row_a_leading_minus_is_a_card_not_an_option(cli, args):
    res = cli("check", "row", *args)
    assert (res.exit_code, res.stdout, res.stderr) == (0, ROW_MINUS, "")


def test_check_row_reads_the_cards_notation_without_spaces(cli):
    res = cli("check", "row", "9-1x2")
    assert res.exit_code == 0
    assert res.stdout == "row:     9 - 1 x 2\nreading: 9 - 1 x 2\nscore:   16\n"


def test_check_row_options_work_before_or_after_a_row_that_starts_with_a_minus(cli):
    after = cli("check", "row", "-5+1", "--json", "--division", "floor")
    before = cli("check", "row", "--json", "--division", "floor", "-5+1")
    assert after.exit_code == before.exit_code == 0
    assert after.stdout == before.stdout
    assert json.loads(after.stdout) == {"row": ["-", "5", "+", "1"], "reading": "0 - 5 + 1", "score": "-4", "shown": "-4", "notes": []}


def test_check_row_refuses_a_character_that_is_not_a_card(cli):
    res = cli("check", "row", "9-1%2")
    assert (res.exit_code, res.stdout) == (2, "")
    assert res.stderr == "umpire: “%” is not a card (a card is one digit 0–9 or one of + - x /)\n"


def test_check_row_refuses_an_unknown_division(cli):
    res = cli("check", "row", "9-1x2", "--division", "round")
    assert (res.exit_code, res.stdout) == (2, "")
    assert res.stderr == "umpire: --division is exact or floor, not 'round'\n"


@pytest.mark.parametrize(
    ("puzzle", "why"),
    [
        ("_+_x_=45", ": it has 3 blanks and 2 operators; a puzzle has four blanks and three operators"),
        ("_+_=5", ": it has 2 blanks and 1 operator; a puzzle has four blanks and three operators"),
        ("_+_x_-_=-5", ": the target must be a positive whole number, not “-5”"),
        ("_+_x_-_=0", ": the target must be a positive whole number, not “0”"),
        ("_+_x_-_=", ": the target after = is missing"),
        ("_+_%_-_=4", ": “%” is not an operator (use + - x /)"),
        ("_+_x_-_42", ""),
    ],
)
def test_check_expr_refuses_a_puzzle_the_card_cannot_produce_with_exit_2(cli, puzzle, why):
    """The card's puzzles are _?_?_?_=X, X a positive whole number; `check expr` reads them with the game's own parser."""
    res = cli("check", "expr", puzzle, "1+2x3-4")
    assert (res.exit_code, res.stdout) == (2, "")
    assert res.stderr == f"umpire: “{puzzle}” is not a puzzle like _+_x_-_=42{why}\n"


def test_check_expr_shows_the_puzzle_as_the_card_writes_it(cli):
    res = cli("check", "expr", " _ + _ × _ − _ = 42 ", "2+3x9-3")
    assert res.exit_code == 0
    assert res.stdout == "✓ solves _+_x_-_=42: 2+3x9-3 = 42 (left to right: ((2 + 3) x 9) - 3)\n"


# ---------------------------------------------------------------- play (batch mode)


def test_play_script_prints_announcements_and_refusals_with_line_numbers(cli, script):
    res = cli("play", "hap-tac-toe", "--script", str(script))
    assert res.exit_code == 0, res.stderr
    out = res.stdout
    assert out.startswith("🔒 Fairness commitment (SHA-256 of salt:seed): `")
    assert "**Uri** chooses **Hedger** to move first in game 1 (and second in game 2).\n" in out
    assert "✗ [to Uri, privately] line 8: p2: hap A1 B1 C1 — C1 is empty\n" in out
    assert (
        "✅ hap A1 B1 C1 — +1\n❌ hap A1 B1 C1 — repeated this turn (the same squares were called earlier in it) — -0.5\nScore: Hedger 0.5 · Uri 0\n"
        in out
    )
    assert "⏳ **Uri**: 10 s left on this move.\n" in out


def test_play_script_json_ends_with_the_final_state(cli, script):
    res = cli("play", "hap-tac-toe", "--script", str(script), "--json")
    assert res.exit_code == 0, res.stderr
    objs = json_objects(res.stdout)
    assert objs[0]["event"] == "commitment"
    refusals = [o for o in objs if o["type"] == "refusal"]
    assert refusals == [
        {
            "type": "refusal",
            "audience": "player",
            "to": "Uri",
            "input": "p2: hap A1 B1 C1",
            "error": "IllegalAction",
            "reason": "C1 is empty",
            "line": 8,
        },
    ]
    final = objs[-1]
    assert final["type"] == "final"
    assert set(final) >= FINAL_KEYS
    assert final["game_key"] == "hap-tac-toe"
    assert final["scores"] == {"Hedger": 0.5, "Uri": 0}
    assert final["board"] == {"A1": "black red circle", "B1": "gray red square", "C1": "white red triangle", "A2": "black blue circle"}
    assert final["claimed"] == [{"game": 1, "turn": 3, "player": "Hedger", "squares": ["A1", "B1", "C1"]}]
    assert final["strikes"] == {"Hedger": 0, "Uri": 0}
    assert final["reserve_seconds"] == {"Hedger": 300.0, "Uri": 285.0}
    assert (final["winner"], final["over"]) == (None, False)


def test_play_takes_a_scenario_file_path(cli, script, tmp_path):
    assert cli("new", "hap-tac-toe", "--players", "Ann,Bob", "-o", "mine.toml").exit_code == 0
    res = cli("play", str(tmp_path / "mine.toml"), "--script", str(script), "--json", "--seed", "1")
    assert res.exit_code == 0, res.stderr
    assert json_objects(res.stdout)[-1]["scores"] == {"Ann": 0.5, "Bob": 0}


def test_play_reads_the_script_from_stdin(cli):
    res = cli("play", "hap-tac-toe", "--script", "-", "--json", input="p2: first p1\nstart\n")
    assert res.exit_code == 0, res.stderr
    assert json_objects(res.stdout)[-1]["phase"] == "turn"


def test_play_stops_at_quit_in_a_script(cli):
    res = cli("play", "hap-tac-toe", "--script", "-", "--json", input="p2: first p1\nquit\nstart\n")
    assert res.exit_code == 0
    assert json_objects(res.stdout)[-1]["phase"] == "ready"


def test_play_script_refuses_time_going_back(cli):
    res = cli("play", "hap-tac-toe", "--script", "-", input="@ 1:00\n@ 0:30\n")
    assert res.exit_code == 0
    assert "✗ line 2: @ 0:30 — the clock is already at 1:00; time cannot go back\n" in res.stdout


def test_same_seed_and_script_give_the_same_output(cli, script):
    a = cli("play", "hap-tac-toe", "--script", str(script), "--json", "--seed", "99")
    b = cli("play", "hap-tac-toe", "--script", str(script), "--json", "--seed", "99")
    c = cli("play", "hap-tac-toe", "--script", str(script), "--json", "--seed", "100")
    assert a.stdout == b.stdout
    assert a.stdout.splitlines()[0] != c.stdout.splitlines()[0]  # another commitment


def test_play_refuses_an_unknown_scenario_name(cli, script):
    res = cli("play", "nope", "--script", str(script))
    assert res.exit_code == 2
    assert res.stderr.startswith("umpire: no scenario file 'nope' (bundled scenarios: ")
    assert "hap-tac-toe" in res.stderr


def test_play_refuses_an_unreadable_scenario_file(cli, script, tmp_path):
    (tmp_path / "bad.toml").write_text("game = [\n", encoding="utf-8")
    res = cli("play", "bad.toml", "--script", str(script))
    assert res.exit_code == 2
    assert res.stderr.startswith("umpire: bad.toml: not valid TOML: ")
    assert res.stdout == ""


def test_play_refuses_a_scenario_file_that_is_not_utf8(cli, script, tmp_path):
    (tmp_path / "latin1.toml").write_bytes(b'game = "hap-tac-toe"\ntitle = "Caf\xe9"\n')
    res = cli("play", "latin1.toml", "--script", str(script))
    assert res.exit_code == 2
    assert res.stderr == "umpire: latin1.toml: not UTF-8 text (byte 33)\n"


def test_play_refuses_a_scenario_with_an_unknown_key(cli, script, tmp_path):
    text = (Path(umpire.__file__).parent.parent / "scenarios" / "hap-tac-toe.toml").read_text(encoding="utf-8")
    (tmp_path / "odd.toml").write_text("colour = 1\n" + text, encoding="utf-8")
    res = cli("play", "odd.toml", "--script", str(script))
    assert res.exit_code == 2
    assert (
        res.stderr
        == "umpire: odd.toml: colour: unknown key (expected one of: game, title, seed, player_entropy, pictures, players, rules)\n"
    )


def test_play_refuses_an_unknown_rules_key_and_suggests_the_right_one(cli, script, tmp_path):
    text = (Path(umpire.__file__).parent.parent / "scenarios" / "hap-tac-toe.toml").read_text(encoding="utf-8")
    (tmp_path / "odd.toml").write_text(text.replace("move_seconds = 60", "move_second = 60"), encoding="utf-8")
    res = cli("play", "odd.toml", "--script", str(script))
    assert res.exit_code == 2
    assert res.stderr.startswith("umpire: odd.toml: rules.move_second: unknown key; did you mean “move_seconds”?")


def test_play_refuses_a_missing_script(cli):
    res = cli("play", "hap-tac-toe", "--script", "missing.txt")
    assert res.exit_code == 2
    assert res.stderr == "umpire: cannot read the script missing.txt: No such file or directory\n"


def test_play_refuses_a_script_that_is_not_utf8(cli, tmp_path):
    (tmp_path / "latin1.txt").write_bytes(b"p2: first p1\np1: caf\xe9\n")
    res = cli("play", "hap-tac-toe", "--script", "latin1.txt")
    assert res.exit_code == 2
    assert res.stderr == "umpire: latin1.txt: not UTF-8 text (byte 20)\n"
    assert res.stdout == ""


def test_play_accepts_a_script_with_a_bom_and_crlf_lines(cli, tmp_path):
    (tmp_path / "win.txt").write_bytes("\ufeffp2: first p1\r\nstart\r\n".encode())
    res = cli("play", "hap-tac-toe", "--script", "win.txt", "--json")
    assert res.exit_code == 0
    assert "refusal" not in res.stdout
    assert json_objects(res.stdout)[-1]["phase"] == "turn"


def test_play_json_without_a_script_is_refused(cli):
    res = cli("play", "hap-tac-toe", "--json")
    assert res.exit_code == 2
    assert res.stderr == "umpire: --json goes with --script (batch mode)\n"


def test_play_journal_records_every_accepted_input(played):
    j, _ = played
    loaded = journal_read(j)
    assert loaded.header["game"] == "hap-tac-toe"
    inputs = [opened(e)["line"] for e in loaded.entries if e["kind"] == "input"]
    assert "p2: hap A1 B1 C1" not in inputs  # refused
    assert inputs[:3] == ["p2: first p1", "start", "p1: black red circle A1"]
    assert [e["t"] for e in loaded.entries if e["kind"] == "clock"] == [80000, 90000]


def test_play_refuses_to_overwrite_an_existing_journal(cli, script, played):
    j, _ = played
    before = j.read_bytes()
    res = cli("play", "hap-tac-toe", "--script", str(script), "--journal", str(j))
    assert res.exit_code == 2
    assert res.stderr == f"umpire: {j} exists already; to continue that game use `{play.runnable()} resume {j}`\n"
    assert j.read_bytes() == before


# ---------------------------------------------------------------- replay


def journal_read(path: Path):
    from umpire.core.journal import read

    return read(path)


def test_replay_json_reproduces_the_batch_runs_events_exactly(cli, played):
    j, batch = played
    res = cli("replay", str(j), "--json")
    assert res.exit_code == 0, res.stderr
    batch_objs = json_objects(batch.stdout)
    replay_objs = json_objects(res.stdout)
    assert [o for o in replay_objs if o["type"] == "event"] == [o for o in batch_objs if o["type"] == "event"]
    assert replay_objs[-1] == batch_objs[-1]


def test_replay_text_reproduces_the_batch_runs_announcements_exactly(cli, script, tmp_path):
    j = tmp_path / "text.journal.jsonl"
    batch = cli("play", "hap-tac-toe", "--script", str(script), "--journal", str(j))
    res = cli("replay", str(j))
    assert res.exit_code == 0, res.stderr
    announced = [line for line in batch.stdout.splitlines() if not line.startswith("✗ ")]
    assert res.stdout.splitlines() == announced


HOST_CONTROLS = "p2: first p1\nstart\np1: black red circle A1\nundo\np1: gray red square A1\npause\nresume\np1: done\nreveal anyway\n"


def test_replay_reproduces_undo_pause_resume_and_reveal_exactly(cli, tmp_path):
    j = tmp_path / "controls.journal.jsonl"
    batch = cli("play", "hap-tac-toe", "--script", "-", "--json", "--journal", str(j), input=HOST_CONTROLS)
    assert batch.exit_code == 0, batch.stderr
    res = cli("replay", str(j), "--json")
    assert res.exit_code == 0, res.stderr
    events = [o["event"] for o in json_objects(res.stdout) if o["type"] == "event"]
    assert {"undone", "paused", "resumed", "seed_revealed"} <= set(events)
    assert res.stdout == batch.stdout


def test_batch_output_is_the_same_with_or_without_a_journal(cli, tmp_path):
    kept = cli("play", "hap-tac-toe", "--seed", "7", "--script", "-", "--json", "--journal", str(tmp_path / "j.jsonl"), input=HOST_CONTROLS)
    plain = cli("play", "hap-tac-toe", "--seed", "7", "--script", "-", "--json", input=HOST_CONTROLS)
    assert plain.exit_code == kept.exit_code == 0
    # Only a kept journal has a final hash to publish with the reveal; everything else is the same.
    assert plain.stdout.splitlines() == [ln for ln in kept.stdout.splitlines() if '"event":"final_hash"' not in ln]


def test_replay_refuses_a_missing_journal(cli):
    res = cli("replay", "missing.jsonl")
    assert res.exit_code == 2
    assert res.stderr == "umpire: missing.jsonl: cannot read the journal (No such file or directory)\n"


def test_replay_refuses_a_file_that_is_not_a_journal(cli, script):
    res = cli("replay", str(script))
    assert res.exit_code == 2
    assert res.stderr.startswith(f"umpire: {script}, line 1: this is not an umpire journal: line 1 should be its JSON header (")


def test_replay_of_a_torn_journal_says_the_last_line_is_not_part_of_the_game(cli, played):
    j, _ = played
    whole = j.read_bytes()
    with open(j, "ab") as f:
        f.write(b'{"n":99,"kind":"inp')
    res = cli("replay", str(j))
    assert res.exit_code == 0
    lines = whole.count(b"\n") + 1
    assert res.stderr == f"(line {lines} was cut off by a crash and is not part of the game)\n"
    assert j.read_bytes() == whole + b'{"n":99,"kind":"inp'  # replay never writes


# ---------------------------------------------------------------- verify


def edit_header(path: Path, **changes: str) -> None:
    lines = path.read_bytes().split(b"\n")
    header = json.loads(lines[0])
    header.update(changes)
    lines[0] = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode()
    path.write_bytes(b"\n".join(lines))


def test_verify_accepts_a_good_journal(cli, played):
    j, _ = played
    res = cli("verify", str(j))
    assert res.exit_code == 0, res.stdout
    header = journal_read(j).header
    key = f"{j}.key"
    assert (
        res.stdout.splitlines()[0]
        == f"✓ the seed and salt read from the host's key file {key} hash to the commitment {header['commitment']}: SHA-256(salt:seed)"
    )
    # Without the posted commitment and final hash, the verdict says what it was not checked against.
    assert res.stdout.endswith(f"{NOT_AGAINST_POSTED}\n")


def test_verify_refuses_a_journal_whose_commitment_was_edited(cli, played):
    j, _ = played
    edit_header(j, commitment="0" * 64)
    res = cli("verify", str(j))
    assert res.exit_code == 1
    assert res.stdout.startswith(
        f"✗ the seed and salt read from the host's key file {j}.key hash to the commitment {'0' * 64}: SHA-256(salt:seed)\n"
    )
    assert f"✗ the commitment in the journal ({'0' * 64}) is not SHA-256(salt:seed) = " in res.stdout
    assert res.stdout.endswith("NOT VERIFIED.\n")


def test_verify_refuses_a_journal_whose_seed_was_edited(cli, played):
    j, _ = played
    key = Path(f"{j}.key")
    key.write_text(json.dumps({**json.loads(key.read_text(encoding="utf-8")), "seed": "12345"}), encoding="utf-8")
    res = cli("verify", str(j), "--json")
    assert res.exit_code == 1
    rep = json.loads(res.stdout)
    assert rep["ok"] is False and rep["commitment_ok"] is False


def test_verify_checks_the_posted_commitment(cli, played):
    j, _ = played
    commitment = journal_read(j).header["commitment"]
    good = cli("verify", str(j), "--commitment", commitment.upper())
    assert good.exit_code == 0
    assert "✓ the posted commitment is the journal's\n" in good.stdout
    bad = cli("verify", str(j), "--commitment", "ab" * 32)
    assert bad.exit_code == 1
    assert "✗ the posted commitment is the journal's\n" in bad.stdout
    assert f"✗ the posted commitment {'ab' * 32} is not the one in the journal's header ({commitment})\n" in bad.stdout


def test_verify_json_reports_everything(cli, played):
    j, _ = played
    res = cli("verify", str(j), "--json")
    assert res.exit_code == 0
    rep = json.loads(res.stdout)
    assert rep["ok"] is True
    assert rep["entries"] == len(journal_read(j).entries)
    assert rep["problems"] == []


def test_verify_refuses_an_unreadable_journal_with_exit_2(cli, script):
    res = cli("verify", str(script))
    assert res.exit_code == 2
    assert res.stderr.startswith(f"umpire: {script}, line 1: this is not an umpire journal")


def test_verify_json_reports_an_unreadable_journal_with_exit_2(cli, script):
    res = cli("verify", str(script), "--json")
    rep = json.loads(res.stdout)
    assert rep["ok"] is False
    assert rep["problems"][0].startswith(f"{script}, line 1: this is not an umpire journal")
    assert res.exit_code == 2  # `umpire verify --help`: "2: the journal cannot be read", in either format


def test_verify_names_an_entry_the_rules_refuse_on_replay(cli, played):
    j, _ = played
    text = j.read_text(encoding="utf-8").replace('"text":"black red circle A1"', '"text":"black red circle Z9"', 1)
    j.write_text(text, encoding="utf-8")
    res = cli("verify", str(j))
    assert res.exit_code == 1  # the journal reads; what it records does not hold (exit 2 is for unreadable)
    assert "\n✗ entry 3: the rules refuse this entry on replay (Z9 is off the grid" in res.stdout


# ---------------------------------------------------------------- resume (refusals; continuing is in test_crash.py)


def test_resume_refuses_a_journal_damaged_in_the_middle_and_changes_nothing(cli, played, tmp_path):
    j, _ = played
    lines = j.read_bytes().split(b"\n")
    lines[3] = lines[3][:20]  # line 4 cut short, lines after it intact
    j.write_bytes(b"\n".join(lines))
    before = j.read_bytes()
    res = cli("resume", str(j))
    assert res.exit_code == 2
    assert res.stderr.startswith(f"umpire: {j}, line 4: this line is damaged (not valid JSON: ")
    assert res.stderr.endswith(" — nothing was changed\n")
    assert j.read_bytes() == before
    assert not Path(f"{j}.torn").exists()


def test_resume_refuses_an_entry_out_of_sequence(cli, played):
    j, _ = played
    lines = j.read_bytes().split(b"\n")
    del lines[2]
    j.write_bytes(b"\n".join(lines))
    before = j.read_bytes()
    res = cli("resume", str(j))
    assert res.exit_code == 2
    assert res.stderr == f"umpire: {j}, line 3: expected entry number 2, found 3 — nothing was changed\n"
    assert j.read_bytes() == before


def test_resume_refuses_a_journal_whose_scenario_was_edited(cli, played):
    j, _ = played
    header = journal_read(j).header
    edit_header(j, scenario_toml=header["scenario_toml"].replace("invalid_claim_penalty = 0.5", "invalid_claim_penalty = 0"))
    before = j.read_bytes()
    res = cli("resume", str(j))
    assert res.exit_code == 2
    assert res.stderr == (
        f"umpire: {j}, line 1: the stored scenario does not match its SHA-256 (the header was edited) — nothing was changed\n"
    )
    assert j.read_bytes() == before


def test_resume_refuses_a_missing_journal(cli):
    res = cli("resume", "missing.jsonl")
    assert res.exit_code == 2
    assert res.stderr == "umpire: missing.jsonl: cannot read the journal (No such file or directory) — nothing was changed\n"


def test_session_load_of_a_batch_journal_matches_the_batch_final_state(played):
    j, batch = played
    session, _, _ = Session.load(j, reopen=False)
    assert session.final() == json_objects(batch.stdout)[-1]
