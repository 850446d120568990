"""`umpire gen …`: what the seed deals, for hosts who run a game by hand."""

from __future__ import annotations

from typing import Any

import typer

from umpire.cli import gen_app


@gen_app.command("shop")
def gen_shop(
    seed: str = typer.Option(None, "--seed", help="The match's seed (default: the scenario's)."),
    scenario: str = typer.Option(None, "--scenario", help="Take the seed and the price list from this scenario."),
    count: int = typer.Option(15, "--count", "-n", min=1, max=1000, help="How many cycles, from cycle 1 (a match has 15)."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per cycle."),
) -> None:
    """The Final Match's shop cycles: prices posted as `123, 45, 67, 89` (the $2 group first)."""
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import shop_prices, shop_text

    stdout_utf8()
    the_seed, settings = _seed_and_settings(seed, scenario)
    price_list = tuple(sorted(settings["prices"]))
    streams = Streams(the_seed)
    for cycle in range(1, count + 1):
        prices = shop_prices(streams, cycle, price_list)
        block, within = 2 + (cycle - 1) // 3, (cycle - 1) % 3 + 1
        if json_out:
            typer.echo(
                dumps(
                    {
                        "cycle": cycle,
                        "block": block,
                        "block_cycle": within,
                        "shop": shop_text(prices),
                        "prices": {str(d + 1): prices[d] for d in range(9)},
                    }
                )
            )
        else:
            typer.echo(f"Shop, block {block} cycle {within}/3: {shop_text(prices)}")


@gen_app.command("prizes")
def gen_prizes(
    seed: str = typer.Option(None, "--seed", help="The match's seed (default: the scenario's)."),
    scenario: str = typer.Option(None, "--scenario", help="Take the seed from this scenario."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per bout."),
) -> None:
    """The prize order of each of the five Goofspiel bouts (keep it secret; reveal one per round)."""
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import prize_order

    stdout_utf8()
    streams = Streams(_seed_and_settings(seed, scenario)[0])
    for bout in range(1, 6):
        order = prize_order(streams, bout)
        if json_out:
            typer.echo(dumps({"bout": bout, "block": bout, "prizes": list(order)}))
        else:
            typer.echo(f"Bout {bout} (block {bout}): " + " ".join(str(p) for p in order))


@gen_app.command("board")
def gen_board(
    seed: str = typer.Option(None, "--seed", help="The match's seed (default: the scenario's)."),
    scenario: str = typer.Option(None, "--scenario", help="Take the seed, hap bounds and emoji template from this scenario."),
    count: int = typer.Option(50, "--count", "-n", min=1, max=1000, help="How many boards, from board 1 (a match has 50)."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per board (tiles as attribute words)."),
) -> None:
    """The Final Match's Gyul Hap boards, in the 3x3 layout, with emoji and plain letters."""
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.games.choice.gyul import board_plain, board_text, boards, tile_words

    stdout_utf8()
    the_seed, settings = _seed_and_settings(seed, scenario)
    for b in boards(the_seed, count, settings["min_haps"], settings["max_haps"]):
        if json_out:
            typer.echo(
                dumps(
                    {
                        "board": b.number,
                        "tiles": {str(i + 1): tile_words(b.tiles[i]) for i in range(9)},
                        "haps": ["".join(map(str, t)) for t in sorted(b.haps)],
                    }
                )
            )
        else:
            typer.echo(f"Board {b.number} ({len(b.haps)} haps: {', '.join(''.join(map(str, t)) for t in sorted(b.haps))})")
            for line in board_text(b, settings["emoji"]):
                typer.echo(line)
            for line in board_plain(b):
                typer.echo(line)
            typer.echo("")


@gen_app.command("expressions")
def gen_expressions(
    seed: str = typer.Option(None, "--seed", help="The match's seed (default: the scenario's)."),
    scenario: str = typer.Option(None, "--scenario", help="Take the seed and puzzle settings from this scenario."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per set (operators and target per puzzle)."),
) -> None:
    """The Final Match's ten Expressions sets (two per block, blocks 2–6)."""
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.games.choice.expressions import puzzle_sets, solutions

    stdout_utf8()
    the_seed, s = _seed_and_settings(seed, scenario)
    for n, puzzles in enumerate(puzzle_sets(the_seed, 10, s["puzzles_per_set"], s["min_solutions"], s["max_target"]), start=1):
        block, within = 2 + (n - 1) // 2, (n - 1) % 2 + 1
        if json_out:
            typer.echo(
                dumps(
                    {
                        "set": n,
                        "block": block,
                        "block_set": within,
                        "puzzles": [
                            {
                                "number": i + 1,
                                "ops": p.ops,
                                "target": p.target,
                                "text": p.text(),
                                "solutions": len(solutions(p.ops, p.target)),
                            }
                            for i, p in enumerate(puzzles)
                        ],
                    }
                )
            )
        else:
            typer.echo(f"Set {n} (block {block}, set {within}/2):")
            for i, p in enumerate(puzzles, start=1):
                typer.echo(f"  {i}. {p.text()}   ({len(solutions(p.ops, p.target))} solutions)")


def _seed_and_settings(seed: str | None, scenario: str | None) -> tuple[str, dict[str, Any]]:
    """The seed and the Choice settings: the scenario's, or the defaults."""
    from umpire.cli.common import abort, find_scenario
    from umpire.games.choice.config import SETTINGS
    from umpire.scenario import ScenarioError, load

    settings: dict[str, Any] = {s.key: s.default for s in SETTINGS}
    if scenario is not None:
        try:
            sc = load(find_scenario(scenario))
        except ScenarioError as exc:
            abort(str(exc))
        if sc.game.key != "choice-is-yours":
            abort(f"{scenario} is a {sc.game.title} scenario, not The Choice is Yours")
        settings = dict(sc.settings)
        if seed is None:
            seed = sc.seed
    if seed is None:
        abort("give --seed N, or --scenario FILE with a seed")
    return seed, settings
