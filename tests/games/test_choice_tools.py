"""`umpire gen board`, `umpire gen expressions`, `umpire check expr` and `umpire check hap` for Gyul Hap
tiles, in-process through typer's CliRunner: what a host running the Final Match by hand gets is
exactly what umpire deals for the same seed, and rulings come with the right exit codes.
"""

from __future__ import annotations

import json
import tomllib
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner, Result

from umpire.cli import app, check, gen  # noqa: F401 - registers the commands
from umpire.core.errors import InvalidCommand
from umpire.games.choice.expressions import puzzle_sets, solutions
from umpire.games.choice.gyul import boards, tile_words
from umpire.games.choice.tools import check_expr, dealt_settings, gyul_boards, read_puzzle

from .test_choice_support import BOARDS, SCENARIO_FILE, SETS, auto_bout, events, new_session

RUNNER = CliRunner()


def invoke(*args: str) -> Result:
    return RUNNER.invoke(app, list(args))


def run(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr)
    return result.stdout


def posted_by_a_match(seed: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The Gyul Hap boards and Expressions sets a whole match with `seed` posts when nobody plays."""
    s = new_session(seed=seed)
    out = []
    for _ in range(6):
        out += auto_bout(s)
    return events(out, "gh_board"), events(out, "expr_set")


def scenario_file(tmp_path: Path, seed: int, **rules: Any) -> Path:
    data = tomllib.loads(SCENARIO_FILE.read_text(encoding="utf-8"))
    data["seed"] = seed
    data["rules"].update(rules)
    path = tmp_path / "fm.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------- gen board


def test_gen_board_prints_each_board_with_its_haps_emoji_and_letters() -> None:
    out = run("gen", "board", "--seed", "9701", "--count", "2", "--answers")
    assert out.split("\n") == [
        "Board 1",
        ":hapRWS: :hapRBC: :hapBWS:",
        ":hapRWT: :hapRGT: :hapRGS:",
        ":hapBGC: :hapYGC: :hapBGT:",
        "1 RWS  2 RBC  3 BWS",
        "4 RWT  5 RGT  6 RGS",
        "7 BGC  8 YGC  9 BGT",
        "",
        "Board 2",
        ":hapRWS: :hapYWC: :hapYBT:",
        ":hapRGC: :hapYWT: :hapBBT:",
        ":hapYWS: :hapYGT: :hapRBS:",
        "1 RWS  2 YWC  3 YBT",
        "4 RGC  5 YWT  6 BBT",
        "7 YWS  8 YGT  9 RBS",
        "",
        "HOST ONLY — do not post. The haps on each board:",
        "Board 1: 3 haps: 125, 246, 689",
        "Board 2: 3 haps: 257, 358, 467",
        "",
    ]


def test_gen_board_prints_the_50_boards_of_a_match_by_default() -> None:
    out = run("gen", "board", "--seed", "9701")
    heads = [line for line in out.splitlines() if line.startswith("Board ")]
    assert [h.split(" (")[0] for h in heads] == [f"Board {n}" for n in range(1, 51)]


@pytest.mark.parametrize("args", [("gen", "board", "--count", "5"), ("gen", "board", "--count", "3", "--json"), ("gen", "expressions")])
def test_gen_the_same_seed_gives_the_same_output(args: tuple[str, ...]) -> None:
    assert run(*args, "--seed", "31337") == run(*args, "--seed", "31337")
    assert run(*args, "--seed", "31337") != run(*args, "--seed", "31338")


@pytest.mark.parametrize("count", ["1", "4", "12"])
def test_gen_board_count_prints_that_many_boards_from_board_1(count: str) -> None:
    lines = run("gen", "board", "--seed", "9701", "--count", count, "--json").splitlines()
    full = run("gen", "board", "--seed", "9701", "--count", "12", "--json").splitlines()
    assert len(lines) == int(count)
    assert lines == full[: int(count)]
    assert run("gen", "board", "--seed", "9701", "-n", count, "--json").splitlines() == lines


@pytest.mark.parametrize("count", ["0", "1001", "many"])
def test_gen_board_refuses_a_bad_count(count: str) -> None:
    assert invoke("gen", "board", "--seed", "9701", "--count", count).exit_code == 2


def test_gen_board_json_gives_tiles_as_words_and_the_haps() -> None:
    lines = run("gen", "board", "--seed", "9701", "--count", "3", "--json", "--answers").splitlines()
    objs = [json.loads(line) for line in lines]
    assert objs[0] == {
        "board": 1,
        "tiles": {
            "1": "white red square",
            "2": "black red circle",
            "3": "white blue square",
            "4": "white red triangle",
            "5": "gray red triangle",
            "6": "gray red square",
            "7": "gray blue circle",
            "8": "gray yellow circle",
            "9": "gray blue triangle",
        },
        "haps": ["125", "246", "689"],
    }
    for obj, b in zip(objs, boards("9701", 3, 1, 6), strict=True):
        assert obj["tiles"] == {str(i + 1): tile_words(t) for i, t in enumerate(b.tiles)}
        assert obj["haps"] == ["".join(map(str, h)) for h in sorted(BOARDS[b.number][1])]


@pytest.mark.parametrize("seed", ["9701", "42", "final match"])
def test_gen_board_and_expressions_match_what_a_match_with_that_seed_posts(seed: str) -> None:
    posted_boards, posted_sets = posted_by_a_match(seed)
    gen_boards = [json.loads(line) for line in run("gen", "board", "--seed", seed, "--count", "5", "--json").splitlines()]
    assert [(b["board"], b["tiles"]) for b in gen_boards] == [(e["board"], e["tiles"]) for e in posted_boards]
    gen_sets = [json.loads(line) for line in run("gen", "expressions", "--seed", seed, "--json").splitlines()]
    assert [(g["set"], g["block"], g["block_set"]) for g in gen_sets] == [(e["expr_set"], e["block"], e["set"]) for e in posted_sets]
    assert [[(p["number"], p["ops"], p["target"], p["text"]) for p in g["puzzles"]] for g in gen_sets] == [
        [(p["number"], p["ops"], p["target"], p["text"]) for p in e["puzzles"]] for e in posted_sets
    ]


def test_gen_board_after_a_gyul_still_matches_the_next_board_posted() -> None:
    s = new_session(starting_money=100)
    auto_bout(s)
    s.feed("start")
    for d in "245689":
        s.feed(f"p1: buy {d}")
    s.feed("p1: hap 125 1\np1: hap 246 2\np1: hap 689 6")
    (posted,) = events(s.feed("p2: gyul"), "gh_board")
    second = json.loads(run("gen", "board", "--seed", "9701", "--count", "2", "--json").splitlines()[1])
    assert (posted["board"], posted["tiles"]) == (second["board"], second["tiles"])


def test_gen_board_takes_the_seed_hap_bounds_and_emoji_from_a_scenario(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, 4242, min_haps=4, max_haps=5, emoji="<{shape}{colour}{background}>")
    out = run("gen", "board", "--scenario", str(path), "--count", "6", "--answers")
    heads = [line for line in out.split("HOST ONLY")[1].splitlines() if line.startswith("Board ")]
    assert len(heads) == 6
    assert all(h.split(": ")[1].split(" ")[0] in ("4", "5") for h in heads)
    assert out.splitlines()[1].startswith("<") and ":hap" not in out
    dealt = boards("4242", 6, 4, 5)
    assert [h.split(": ")[2].split(", ") for h in heads] == [["".join(map(str, t)) for t in sorted(b.haps)] for b in dealt]
    # --seed takes precedence over the scenario's seed; the bounds stay the scenario's.
    other = [
        json.loads(line) for line in run("gen", "board", "--scenario", str(path), "--seed", "7", "--count", "3", "--json").splitlines()
    ]
    assert [o["tiles"]["1"] for o in other] == [tile_words(b.tiles[0]) for b in boards("7", 3, 4, 5)]


def test_gen_expressions_takes_the_seed_and_puzzle_settings_from_a_scenario(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, 4242, puzzles_per_set=3, min_solutions=50, max_target=30)
    objs = [json.loads(line) for line in run("gen", "expressions", "--scenario", str(path), "--json").splitlines()]
    assert len(objs) == 10
    dealt = puzzle_sets("4242", 10, 3, 50, 30)
    assert [[p["text"] for p in o["puzzles"]] for o in objs] == [[p.text() for p in ps] for ps in dealt]
    assert all(p["solutions"] >= 50 and p["target"] <= 30 for o in objs for p in o["puzzles"])


def test_gen_with_the_bundled_scenario_by_name_uses_its_settings() -> None:
    # The bundled scenarios carry no seed (a live game draws a secret one): the seed is given.
    assert run("gen", "board", "--scenario", "choice-is-yours", "--seed", "9701", "--count", "2") == run(
        "gen", "board", "--seed", "9701", "--count", "2"
    )
    assert run("gen", "expressions", "--scenario", "choice-is-yours", "--seed", "9701") == run("gen", "expressions", "--seed", "9701")


@pytest.mark.parametrize("command", ["board", "expressions"])
def test_gen_refuses_another_games_scenario(command: str) -> None:
    result = invoke("gen", command, "--scenario", "hap-tac-toe")
    assert result.exit_code == 2
    assert result.stderr == "umpire: hap-tac-toe is a Hap-Tac-Toe scenario, not The Choice is Yours\n"


@pytest.mark.parametrize("command", ["board", "expressions"])
def test_gen_needs_a_seed(command: str) -> None:
    result = invoke("gen", command)
    assert result.exit_code == 2
    assert result.stderr == "umpire: give --seed N, or --scenario FILE with a seed\n"


# ---------------------------------------------------------------- gen expressions


def test_gen_expressions_prints_the_ten_sets_with_their_solution_counts() -> None:
    lines = run("gen", "expressions", "--seed", "9701").splitlines()
    assert len(lines) == 10 * 6
    assert lines[:6] == [
        "Set 1 (block 2, set 1/2):",
        "  1. _/_-_+_=5   (141 solutions)",
        "  2. _+_x_+_=102   (23 solutions)",
        "  3. _x_-_-_=51   (32 solutions)",
        "  4. _x_+_-_=23   (111 solutions)",
        "  5. _/_x_x_=80   (24 solutions)",
    ]
    assert lines[6] == "Set 2 (block 2, set 2/2):"
    assert lines[-6] == "Set 10 (block 6, set 2/2):"
    for n, texts_ in SETS.items():
        assert [line.split(". ")[1].split("   ")[0] for line in lines[(n - 1) * 6 + 1 : n * 6]] == list(texts_)


def test_gen_expressions_json_gives_operators_targets_and_solution_counts() -> None:
    objs = [json.loads(line) for line in run("gen", "expressions", "--seed", "9701", "--json").splitlines()]
    assert [(o["set"], o["block"], o["block_set"]) for o in objs] == [(n, 2 + (n - 1) // 2, (n - 1) % 2 + 1) for n in range(1, 11)]
    assert objs[0]["puzzles"][0] == {"number": 1, "ops": "/-+", "target": 5, "text": "_/_-_+_=5", "solutions": 141}
    for o in objs:
        for p in o["puzzles"]:
            assert p["solutions"] == len(solutions(p["ops"], p["target"])) >= 3


# ---------------------------------------------------------------- check expr


def test_check_expr_a_solution_exits_0() -> None:
    result = invoke("check", "expr", "_+_x_-_=42", "2+3x9-3")
    assert result.exit_code == 0
    assert result.stdout == "✓ solves _+_x_-_=42: 2+3x9-3 = 42 (left to right: ((2 + 3) x 9) - 3)\n"


@pytest.mark.parametrize(
    ("puzzle", "expression"), [("_+_*_-_=42", "2+3×9-3"), ("_+_×_-_=42", "2+3*9-3"), (" _ + _ x _ - _ = 42 ", "2 + 3 x 9 - 3")]
)
def test_check_expr_reads_every_multiply_sign_and_spaces(puzzle: str, expression: str) -> None:
    assert invoke("check", "expr", puzzle, expression).exit_code == 0


def test_check_expr_a_wrong_value_exits_1_with_the_value() -> None:
    result = invoke("check", "expr", "_+_x_-_=42", "2+3x9-4")
    assert result.exit_code == 1
    assert result.stdout == ("✗ does not solve _+_x_-_=42: 2+3x9-4 = 41 (left to right: ((2 + 3) x 9) - 4)\n  it makes 41, not 42\n")


def test_check_expr_other_operators_exit_1_even_with_the_right_value() -> None:
    result = invoke("check", "expr", "_+_x_-_=42", "9x5-4+1")
    assert result.exit_code == 1
    assert result.stdout == (
        "✗ does not solve _+_x_-_=42: 9x5-4+1 = 42 (left to right: ((9 x 5) - 4) + 1)\n  the operators x - + do not match the puzzle's + x -\n"
    )


def test_check_expr_a_fraction_is_shown_as_r_arith_1_says() -> None:
    result = invoke("check", "expr", "_-_/_+_=1", "1-6/4+1")
    assert result.exit_code == 1
    assert "= -1/4 (-0.25)" in result.stdout
    assert result.stdout.endswith("  it makes -1/4 (-0.25), not 1\n")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("_+_x_-_=42", "2+3x9-3"),
            {"valid": True, "value": "42", "target": 42, "operators_match": True, "problems": []},
        ),
        (
            ("_+_x_-_=42", "2+3x9-4"),
            {"valid": False, "value": "41", "target": 42, "operators_match": True, "problems": ["it makes 41, not 42"]},
        ),
        (
            ("_+_x_-_=42", "2+3+9-4"),
            {
                "valid": False,
                "value": "10",
                "target": 42,
                "operators_match": False,
                "problems": ["the operators + + - do not match the puzzle's + x -", "it makes 10, not 42"],
            },
        ),
        (
            ("_/_x_x_=80", "5/2x4x8"),
            {"valid": True, "value": "80", "target": 80, "operators_match": True, "problems": []},
        ),
        (
            ("_/_+_x_=2", "5/2+1x1"),
            {"valid": False, "value": "7/2 (3.50)", "target": 2, "operators_match": True, "problems": ["it makes 7/2 (3.50), not 2"]},
        ),
    ],
)
def test_check_expr_json(args: tuple[str, str], expected: dict[str, Any]) -> None:
    result = invoke("check", "expr", *args, "--json")
    assert result.exit_code == (0 if expected["valid"] else 1)
    assert json.loads(result.stdout) == expected


@pytest.mark.parametrize(
    ("puzzle", "expression", "message"),
    [
        ("_+_x_-_=42", "2+a", "umpire: “2+a” is not an expression of single digits 1–9 and operators, like 2+3x9-3\n"),
        ("_+_x_-_=42", "2+0x9-3", "umpire: “2+0x9-3”: the digits are 1 to 9 (no 0)\n"),
        ("_+_x_-_42", "2+3x9-3", "umpire: “_+_x_-_42” is not a puzzle like _+_x_-_=42\n"),
        ("_+_^_-_=42", "2+3x9-3", "umpire: “_+_^_-_=42” is not a puzzle like _+_x_-_=42: “^” is not an operator (use + - x /)\n"),
        ("x=42", "2+3x9-3", "umpire: “x=42” is not a puzzle like _+_x_-_=42\n"),
    ],
)
def test_check_expr_unreadable_input_exits_2(puzzle: str, expression: str, message: str) -> None:
    result = invoke("check", "expr", puzzle, expression)
    assert result.exit_code == 2
    assert result.stderr == message
    assert result.stdout == ""


def test_check_expr_agrees_with_every_solution_of_a_dealt_puzzle() -> None:
    p = puzzle_sets("9701", 10, 5, 3, 999)[0][1]  # _+_x_+_=102
    for digits in solutions(p.ops, p.target):
        expression = f"{digits[0]}+{digits[1]}x{digits[2]}+{digits[3]}"
        assert invoke("check", "expr", p.text(), expression).exit_code == 0
    assert invoke("check", "expr", p.text(), "9+9x9+9").exit_code == 1


# ---------------------------------------------------------------- check hap with Gyul Hap tiles


def test_check_hap_reads_gyul_hap_emoji_names() -> None:
    result = invoke("check", "hap", ":hapRBC:", ":hapRGS:", "red white triangle")
    assert result.exit_code == 0
    assert result.stdout == (
        "✓ a hap: black red circle / gray red square / white red triangle\n"
        "  colour: red, red, red — all the same\n"
        "  background: black, gray, white — all different\n"
        "  shape: circle, square, triangle — all different\n"
    )


def test_check_hap_a_non_hap_of_emoji_exits_1_naming_the_completing_tile() -> None:
    result = invoke("check", "hap", ":hapRWS:", ":hapRBC:", ":hapBWS:")
    assert result.exit_code == 1
    assert result.stdout.startswith("✗ not a hap: white red square / black red circle / white blue square\n")
    assert result.stdout.endswith("  the piece that makes a hap with the first two: gray red triangle\n")


def test_check_hap_json_with_letters() -> None:
    result = invoke("check", "hap", "RWS", "RBC", "RGT", "--json")
    assert result.exit_code == 0
    obj = json.loads(result.stdout)
    assert (obj["hap"], obj["pieces"]) == (True, ["white red square", "black red circle", "gray red triangle"])


def test_check_hap_agrees_with_the_haps_of_a_dealt_board() -> None:
    b = json.loads(run("gen", "board", "--seed", "9701", "--count", "1", "--json", "--answers"))
    lines = run("gen", "board", "--seed", "9701", "--count", "1").splitlines()
    names = " ".join(lines[1:4]).split()
    assert len(names) == 9
    for triple in combinations(range(1, 10), 3):
        result = invoke("check", "hap", *(names[p - 1] for p in triple))
        assert result.exit_code == (0 if "".join(map(str, triple)) in b["haps"] else 1), triple


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        ((":hapRBC:", ":hapRGS:"), 'umpire: a hap has three pieces; 2 given (quote each piece: "black red circle")\n'),
        (
            (":hapRBC:", ":hapRGS:", "yellow solid 4"),
            "umpire: the pieces mix two games' words (blocks/tiles and stars); write all three the same way\n",
        ),
    ],
)
def test_check_hap_unreadable_input_exits_2(pieces: tuple[str, ...], message: str) -> None:
    result = invoke("check", "hap", *pieces)
    assert result.exit_code == 2
    assert result.stderr == message


def test_check_hap_refuses_an_emoji_that_is_no_tile() -> None:
    result = invoke("check", "hap", ":hapXYZ:", "RBC", "BWS")
    assert result.exit_code == 2
    assert result.stderr == (
        "umpire: :hapXYZ:: “:hapXYZ:” is not a block attribute"
        " (colour: red, yellow, blue; background: black, gray, white; shape: circle, square, triangle)\n"
    )


# ---------------------------------------------------------------- R-EX-3: only puzzles of the card's shape


@pytest.mark.parametrize(
    ("puzzle", "reason"),
    [
        ("_+_x_=45", "it has 3 blanks and 2 operators; a puzzle has four blanks and three operators"),
        ("_+_=5", "it has 2 blanks and 1 operator; a puzzle has four blanks and three operators"),
        ("_+_x_-_/_=5", "it has 5 blanks and 4 operators; a puzzle has four blanks and three operators"),
        ("_+_x_-_=-42", "the target must be a positive whole number, not “-42”"),
        ("_+_x_-_=+42", "the target must be a positive whole number, not “+42”"),
        ("_+_x_-_=4.2", "the target must be a positive whole number, not “4.2”"),
        ("_+_x_-_=0", "the target must be a positive whole number, not “0”"),
        ("_+_x_-_=", "the target after = is missing"),
    ],
)
def test_r_ex_3_check_expr_reads_only_puzzles_of_the_cards_shape(puzzle: str, reason: str) -> None:
    # Issue 14: `_+_x_=45`, `_+_=5` and negative targets were accepted, though the card cannot deal them.
    with pytest.raises(InvalidCommand) as info:
        read_puzzle(puzzle)
    assert info.value.reason == f"“{puzzle}” is not a puzzle like _+_x_-_=42: {reason}"
    result = invoke("check", "expr", puzzle, "2+3x9-3")
    assert result.exit_code == 2
    assert result.stderr == f"umpire: “{puzzle}” is not a puzzle like _+_x_-_=42: {reason}\n"


@pytest.mark.parametrize(
    ("puzzle", "text"), [("_+_x_-_=42", "_+_x_-_=42"), (" _ * _ × _ − _ = 0042 ", "_x_x_-_=42"), ("_/_-_+_=5", "_/_-_+_=5")]
)
def test_r_ex_3_a_puzzle_of_the_cards_shape_is_read(puzzle: str, text: str) -> None:
    assert read_puzzle(puzzle).text() == text


def test_r_ex_3_a_scenarios_max_target_narrows_the_targets() -> None:
    assert read_puzzle("_+_x_-_=999", max_target=999).target == 999
    with pytest.raises(InvalidCommand) as info:
        read_puzzle("_+_x_-_=1000", max_target=999)
    assert info.value.reason == (
        "“_+_x_-_=1000” is not a puzzle like _+_x_-_=42: this scenario's puzzles have targets of at most 999 (max_target), not 1000"
    )


# ---------------------------------------------------------------- the tools through the registry


def test_the_command_line_reaches_the_games_tools_through_the_registry_never_its_internals() -> None:
    root = Path(__file__).resolve().parents[2] / "umpire" / "cli"
    for name in ("gen.py", "check.py"):
        assert "umpire.games.choice" not in (root / name).read_text(encoding="utf-8"), name
    from umpire.games import tools

    assert tools("choice-is-yours").check_expr is check_expr


def test_check_expr_tool_gives_the_lines_the_json_and_the_exit_code() -> None:
    ruling = check_expr("_+_x_-_=42", "2+3x9-4")
    assert ruling.lines == (
        "✗ does not solve _+_x_-_=42: 2+3x9-4 = 41 (left to right: ((2 + 3) x 9) - 4)",
        "  it makes 41, not 42",
    )
    assert ruling.data == {"valid": False, "value": "41", "target": 42, "operators_match": True, "problems": ["it makes 41, not 42"]}
    assert ruling.exit_code == 1
    assert check_expr("_+_x_-_=42", "2+3x9-3").exit_code == 0


@pytest.mark.parametrize(("puzzle", "expression"), [("_+_x_=42", "2+3x9-3"), ("_+_x_-_=42", "abc")])
def test_check_expr_tool_refuses_what_it_cannot_read(puzzle: str, expression: str) -> None:
    with pytest.raises(InvalidCommand):
        check_expr(puzzle, expression)


def test_the_gen_tools_read_the_defaults_without_a_scenario_and_a_scenarios_settings_with_one() -> None:
    defaults = dealt_settings()
    assert (defaults["gyul_boards"], defaults["min_haps"], defaults["max_haps"]) == (50, 1, 6)
    assert dealt_settings({"gyul_boards": 3}) == {"gyul_boards": 3}


def test_the_gen_tools_draw_pictures_only_when_asked() -> None:
    assert gyul_boards("9701", dealt_settings(), 2).pictures == {}
    drawn = gyul_boards("9701", dealt_settings(), 2, pictures=True).pictures
    assert sorted(drawn) == ["board-1.png", "board-2.png"]
