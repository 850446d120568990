"""`umpire gen shop` / `umpire gen prizes`: for a host running the Final Match by hand, exactly what
umpire deals for the same seed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from umpire.cli import app, gen  # noqa: F401 - `gen` registers the commands
from umpire.cli.common import bundled_dir
from umpire.core.streams import Streams
from umpire.games.choice.generate import prize_order, shop_prices, shop_text

from .test_choice_support import PRIZES, SHOPS, auto_bout, events, new_session

RUNNER = CliRunner()


def run(*args: str) -> str:
    result = RUNNER.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def dealt_by_a_match(seed: str) -> tuple[list[str], dict[int, list[int]]]:
    """The shop text of cycles 1-15 and the prizes of bouts 1-5 that a whole match with `seed` deals."""
    s = new_session(seed=seed)
    shops: list[str] = []
    prizes: dict[int, list[int]] = {}
    for _ in range(6):
        out = auto_bout(s)
        shops += [e["shop"] for e in events(out, "shop_opened")]
        for e in events(out, "round_started"):
            prizes.setdefault(e["block"], []).append(e["prize"])
    return shops, prizes


def test_gen_shop_prints_the_fifteen_cycles_of_a_match() -> None:
    out = run("gen", "shop", "--seed", "9701")
    lines = out.splitlines()
    assert len(lines) == 15
    assert lines[0] == "Shop, block 2 cycle 1/3: 679, 34, 15, 28"
    assert lines[-1] == "Shop, block 6 cycle 3/3: 246, 37, 19, 58"
    assert [line.split(": ", 1)[1] for line in lines] == list(SHOPS)


def test_gen_prizes_prints_the_five_bouts_prize_orders() -> None:
    out = run("gen", "prizes", "--seed", "9701")
    assert out.splitlines() == [f"Bout {b} (block {b}): " + " ".join(map(str, PRIZES[b])) for b in range(1, 6)]


@pytest.mark.parametrize("command", ["shop", "prizes"])
def test_the_same_seed_gives_the_same_output(command: str) -> None:
    assert run("gen", command, "--seed", "31337") == run("gen", command, "--seed", "31337")
    assert run("gen", command, "--seed", "31337") != run("gen", command, "--seed", "31338")


@pytest.mark.parametrize("seed", ["9701", "42", "final match"])
def test_gen_output_matches_what_a_match_with_that_seed_deals(seed: str) -> None:
    shops, prizes = dealt_by_a_match(seed)
    gen_shops = [json.loads(line)["shop"] for line in run("gen", "shop", "--seed", seed, "--json").splitlines()]
    gen_prizes = {
        json.loads(line)["bout"]: json.loads(line)["prizes"] for line in run("gen", "prizes", "--seed", seed, "--json").splitlines()
    }
    assert gen_shops == shops
    assert gen_prizes == prizes
    text_shops = [line.split(": ", 1)[1] for line in run("gen", "shop", "--seed", seed).splitlines()]
    assert text_shops == shops


def test_gen_shop_json_gives_each_cycles_block_and_prices() -> None:
    lines = run("gen", "shop", "--seed", "9701", "--json").splitlines()
    assert len(lines) == 15
    first = json.loads(lines[0])
    assert first == {
        "cycle": 1,
        "block": 2,
        "block_cycle": 1,
        "shop": "679, 34, 15, 28",
        "prices": {"1": 4, "2": 5, "3": 3, "4": 3, "5": 4, "6": 2, "7": 2, "8": 5, "9": 2},
    }
    streams = Streams("9701")
    for n, line in enumerate(lines, start=1):
        obj = json.loads(line)
        assert (obj["cycle"], obj["block"], obj["block_cycle"]) == (n, 2 + (n - 1) // 3, (n - 1) % 3 + 1)
        prices = shop_prices(streams, n, (2, 2, 2, 3, 3, 4, 4, 5, 5))
        assert obj["prices"] == {str(d + 1): prices[d] for d in range(9)}
        assert obj["shop"] == shop_text(prices)


def test_gen_prizes_json_gives_each_bouts_order() -> None:
    lines = run("gen", "prizes", "--seed", "9701", "--json").splitlines()
    assert [json.loads(line) for line in lines] == [{"bout": b, "block": b, "prizes": list(PRIZES[b])} for b in range(1, 6)]
    assert all(tuple(json.loads(line)["prizes"]) == prize_order(Streams("9701"), b) for b, line in enumerate(lines, start=1))


@pytest.mark.parametrize("count", ["1", "4", "20"])
def test_gen_shop_count_prints_that_many_cycles_from_cycle_1(count: str) -> None:
    lines = run("gen", "shop", "--seed", "9701", "--count", count).splitlines()
    full = run("gen", "shop", "--seed", "9701", "--count", "20").splitlines()
    assert len(lines) == int(count)
    assert lines == full[: int(count)]
    assert run("gen", "shop", "--seed", "9701", "-n", count).splitlines() == lines


@pytest.mark.parametrize("count", ["0", "1001", "many"])
def test_gen_shop_refuses_a_bad_count(count: str) -> None:
    result = RUNNER.invoke(app, ["gen", "shop", "--seed", "9701", "--count", count])
    assert result.exit_code == 2


@pytest.mark.parametrize("command", ["shop", "prizes"])
def test_gen_needs_a_seed(command: str) -> None:
    result = RUNNER.invoke(app, ["gen", command])
    assert result.exit_code == 2
    assert "--seed" in result.output


# ---------------------------------------------------------------- answers, secrecy and the match's shape

BOARD_1 = [
    "Board 1",
    ":hapRWS: :hapRBC: :hapBWS:",
    ":hapRWT: :hapRGT: :hapRGS:",
    ":hapBGC: :hapYGC: :hapBGT:",
    "1 RWS  2 RBC  3 BWS",
    "4 RWT  5 RGT  6 RGS",
    "7 BGC  8 YGC  9 BGT",
    "",
]


def test_gen_board_prints_only_what_is_posted_without_answers() -> None:
    """Hosting aids must not hand out answers: without --answers no hap appears anywhere."""
    assert run("gen", "board", "--seed", "9701", "--count", "1").splitlines() == BOARD_1
    assert "haps" not in json.loads(run("gen", "board", "--seed", "9701", "--count", "1", "--json"))


def test_gen_board_answers_come_after_every_board_marked_host_only() -> None:
    lines = run("gen", "board", "--seed", "9701", "--count", "1", "--answers").splitlines()
    assert lines == [*BOARD_1, "HOST ONLY — do not post. The haps on each board:", "Board 1: 3 haps: 125, 246, 689"]
    assert json.loads(run("gen", "board", "--seed", "9701", "--count", "1", "--json", "--answers"))["haps"] == ["125", "246", "689"]


@pytest.mark.parametrize("command", ["shop", "prizes", "board", "expressions"])
def test_every_gen_commands_help_says_a_known_seed_makes_everything_predictable(command: str) -> None:
    text = " ".join(run("gen", command, "--help").split())
    assert "Anyone who knows the seed can compute everything this prints: use a seed the players do not know" in text
    assert "--seed SEED The match's seed (default: the scenario's). A seed the players know makes everything predictable." in text


def test_gen_counts_and_blocks_come_from_the_games_shape() -> None:
    """A whole match by default: 15 cycles (three a block from block 2), 5 bouts, 10 sets (two a block from block 2)."""
    from umpire.games.choice.shape import bout_block, bouts, cycle_place, expression_sets, set_place, shop_cycles

    shop = [json.loads(line) for line in run("gen", "shop", "--seed", "9701", "--json").splitlines()]
    assert [(o["block"], o["block_cycle"]) for o in shop] == [cycle_place(c) for c in range(1, shop_cycles() + 1)]
    prizes = [json.loads(line) for line in run("gen", "prizes", "--seed", "9701", "--json").splitlines()]
    assert [(o["bout"], o["block"]) for o in prizes] == [(b, bout_block(b)) for b in range(1, bouts() + 1)]
    sets = [json.loads(line) for line in run("gen", "expressions", "--seed", "9701", "--json").splitlines()]
    assert [(o["block"], o["block_set"]) for o in sets] == [set_place(n) for n in range(1, expression_sets() + 1)]


def test_gen_board_prints_as_many_boards_as_the_scenario_plays(tmp_path: Path) -> None:
    text = (bundled_dir() / "choice-is-yours.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^gyul_boards = .*$", "gyul_boards = 3", text)
    (tmp_path / "short.toml").write_text(text, encoding="utf-8")
    objs = run("gen", "board", "--scenario", str(tmp_path / "short.toml"), "--seed", "9701", "--json").splitlines()
    assert [json.loads(line)["board"] for line in objs] == [1, 2, 3]
