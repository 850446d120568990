"""`umpire gen …`: what the seed deals, for hosts who run a game by hand."""

from __future__ import annotations

import typer

from umpire.cli import gen_app

DEFAULT_PRICES = (2, 2, 2, 3, 3, 4, 4, 5, 5)


def _seed_and_prices(seed: str | None, scenario: str | None) -> tuple[str, tuple[int, ...]]:
    """The seed (given, or the scenario's) and the price list (the scenario's, or the card's)."""
    from umpire.cli.common import abort, find_scenario
    from umpire.scenario import ScenarioError, load

    prices = DEFAULT_PRICES
    if scenario is not None:
        try:
            sc = load(find_scenario(scenario))
        except ScenarioError as exc:
            abort(str(exc))
        if sc.game.key != "choice-is-yours":
            abort(f"{scenario} is a {sc.game.title} scenario, not The Choice is Yours")
        prices = tuple(sc.settings["prices"])
        if seed is None:
            seed = sc.seed
    if seed is None:
        abort("give --seed N, or --scenario FILE with a seed")
    return seed, prices


@gen_app.command("shop")
def gen_shop(
    seed: str = typer.Option(None, "--seed", help="The match's seed (default: the scenario's)."),
    scenario: str = typer.Option(None, "--scenario", help="Take the seed and the price list from this scenario."),
    count: int = typer.Option(15, "--count", "-n", min=1, max=1000, help="How many cycles, from cycle 1 (a match has 15)."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per cycle."),
) -> None:
    """The Final Match's shop cycles: prices posted as `123, 45, 67, 89` (the $2 group first)."""
    from umpire.cli.common import stdout_utf8
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import shop_prices, shop_text
    from umpire.render import dumps

    stdout_utf8()
    the_seed, price_list = _seed_and_prices(seed, scenario)
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
    from umpire.cli.common import stdout_utf8
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import prize_order
    from umpire.render import dumps

    stdout_utf8()
    streams = Streams(_seed_and_prices(seed, scenario)[0])
    for bout in range(1, 6):
        order = prize_order(streams, bout)
        if json_out:
            typer.echo(dumps({"bout": bout, "block": bout, "prizes": list(order)}))
        else:
            typer.echo(f"Bout {bout} (block {bout}): " + " ".join(str(p) for p in order))
