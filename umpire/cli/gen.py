"""`umpire gen …`: what the seed deals, for hosts who run a game by hand.

Everything printed follows from the seed alone: a seed the players know makes every
deal predictable, so each command's help says so. The match's shape (how many bouts,
cycles, boards and sets, and which block each falls in) comes from the game's own
modules; answers (a board's haps) print only when asked for, apart from what is posted.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli import gen_app

if TYPE_CHECKING:
    from umpire.images import Drawable

SECRET = "Anyone who knows the seed can compute everything this prints: use a seed the players do not know, and keep it secret until the match is over."
SEED_HELP = "The match's seed (default: the scenario's). A seed the players know makes everything predictable."


@gen_app.command(
    "shop",
    short_help="The shop's prices for each cycle of a Final Match.",
    help=f"""The Final Match's shop cycles: prices posted as `123, 45, 67, 89` (the $2 group first).

{SECRET}""",
)
def gen_shop(
    seed: str = typer.Option(None, "--seed", metavar="SEED", help=SEED_HELP),
    scenario: str = typer.Option(None, "--scenario", metavar="SCENARIO", help="Take the seed and the price list from this scenario."),
    count: int = typer.Option(
        None, "--count", "-n", min=1, max=1000, metavar="N", help="How many cycles, from cycle 1 (default: a match's, 15)."
    ),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per cycle."),
    png: Path = typer.Option(None, "--png", metavar="DIR", help="Also write each cycle's shop as a picture to post: DIR/shop-N.png."),
) -> None:
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import shop_prices, shop_text
    from umpire.games.choice.shape import CYCLES, cycle_place, shop_cycles

    stdout_utf8()
    out: list[str] = []
    the_seed, settings = _seed_and_settings(seed, scenario)
    price_list = tuple(sorted(settings["prices"]))
    streams = Streams(the_seed)
    shops: dict[str, Drawable] = {}
    if png is not None:
        from umpire.images import Standings
    for cycle in range(1, (count or shop_cycles()) + 1):
        prices = shop_prices(streams, cycle, price_list)
        block, within = cycle_place(cycle)
        if json_out:
            out.append(
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
            out.append(f"Shop, block {block} cycle {within}/{CYCLES}: {shop_text(prices)}")
        if png is not None:
            shops[f"shop-{cycle}.png"] = Standings(
                title=f"Shop, block {block}, cycle {within}/{CYCLES}",
                columns=("tile", "price"),
                rows=tuple((str(d + 1), f"${prices[d]}") for d in range(9)),
            )
    if png is not None:
        _pictures(png, shops)
    _emit(out)


@gen_app.command(
    "prizes",
    short_help="The prize order of each Goofspiel bout (host only).",
    help=f"""The prize order of each of the Final Match's Goofspiel bouts. Host only: reveal one prize per round.

{SECRET}""",
)
def gen_prizes(
    seed: str = typer.Option(None, "--seed", metavar="SEED", help=SEED_HELP),
    scenario: str = typer.Option(None, "--scenario", metavar="SCENARIO", help="Take the seed from this scenario."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per bout."),
    png: Path = typer.Option(
        None, "--png", metavar="DIR", help="Also write each bout's prize order as a picture (host only): DIR/prizes-N.png."
    ),
) -> None:
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.core.streams import Streams
    from umpire.games.choice.generate import prize_order
    from umpire.games.choice.shape import bout_block, bouts

    stdout_utf8()
    out: list[str] = []
    streams = Streams(_seed_and_settings(seed, scenario)[0])
    orders: dict[str, Drawable] = {}
    for bout in range(1, bouts() + 1):
        order = prize_order(streams, bout)
        if json_out:
            out.append(dumps({"bout": bout, "block": bout_block(bout), "prizes": list(order)}))
        else:
            out.append(f"Bout {bout} (block {bout_block(bout)}): " + " ".join(str(p) for p in order))
        if png is not None:
            from umpire.images import Standings

            orders[f"prizes-{bout}.png"] = Standings(
                title=f"Goofspiel prizes, bout {bout} (block {bout_block(bout)}) - host only",
                columns=("round", "prize"),
                rows=tuple((str(r), str(p)) for r, p in enumerate(order, start=1)),
            )
    if png is not None:
        _pictures(png, orders)
    _emit(out)


@gen_app.command(
    "board",
    short_help="The Gyul Hap boards to post; their haps only with --answers.",
    help=f"""The Final Match's Gyul Hap boards to post, in the 3x3 layout, in emoji and in plain letters.

The haps on each board are answers: they print only with --answers, after every board, marked host only.

{SECRET}""",
)
def gen_board(
    seed: str = typer.Option(None, "--seed", metavar="SEED", help=SEED_HELP),
    scenario: str = typer.Option(
        None, "--scenario", metavar="SCENARIO", help="Take the seed, hap bounds, board count and emoji template from this scenario."
    ),
    count: int = typer.Option(
        None, "--count", "-n", min=1, max=1000, metavar="N", help="How many boards, from board 1 (default: the match's, 50)."
    ),
    answers: bool = typer.Option(False, "--answers", help="Also print each board's haps (host only), apart from the boards."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per board (tiles as attribute words; haps with --answers)."),
    png: Path = typer.Option(None, "--png", metavar="DIR", help="Also write each board as a picture to post: DIR/board-N.png."),
) -> None:
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.games.choice.gyul import board_plain, board_text, boards, tile_words

    stdout_utf8()
    out: list[str] = []
    the_seed, settings = _seed_and_settings(seed, scenario)
    dealt = boards(the_seed, count or settings["gyul_boards"], settings["min_haps"], settings["max_haps"])
    for b in dealt:
        if json_out:
            obj: dict[str, Any] = {"board": b.number, "tiles": {str(i + 1): tile_words(b.tiles[i]) for i in range(9)}}
            if answers:
                obj["haps"] = _haps(b.haps)
            out.append(dumps(obj))
        else:
            out.append(f"Board {b.number}")
            for line in board_text(b, settings["emoji"]):
                out.append(line)
            for line in board_plain(b):
                out.append(line)
            out.append("")
    if png is not None:
        from umpire.images import GyulBoard, block_from_code

        _pictures(
            png,
            {
                f"board-{b.number}.png": GyulBoard(tiles=tuple(block_from_code(t) for t in b.tiles), title=f"Board {b.number}")
                for b in dealt
            },
        )
    if answers and not json_out:
        out.append("HOST ONLY — do not post. The haps on each board:")
        for b in dealt:
            out.append(f"Board {b.number}: {len(b.haps)} hap{'' if len(b.haps) == 1 else 's'}: {', '.join(_haps(b.haps)) or 'none'}")
    _emit(out)


def _pictures(folder: Path, items: Mapping[str, Drawable]) -> None:
    """Write one picture per item into `folder` (created if missing); nothing is printed for them."""
    from umpire.cli.common import abort
    from umpire.images import draw

    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name, item in items.items():
            (folder / name).write_bytes(draw(item))
    except OSError as exc:
        abort(f"cannot write pictures to {folder}: {exc.strerror or exc}")


def _emit(lines: list[str]) -> None:
    """Print everything at once (one write instead of one per line: a 50-board listing is 400 lines)."""
    typer.echo("\n".join(lines))


def _haps(haps: frozenset[tuple[int, int, int]]) -> list[str]:
    """A board's haps as position triples, `125`, in order."""
    return ["".join(map(str, t)) for t in sorted(haps)]


@gen_app.command(
    "expressions",
    short_help="The Expressions puzzle sets of a Final Match.",
    help=f"""The Final Match's Expressions sets (two a block, blocks 2–6), with each puzzle's number of solutions.

{SECRET}""",
)
def gen_expressions(
    seed: str = typer.Option(None, "--seed", metavar="SEED", help=SEED_HELP),
    scenario: str = typer.Option(None, "--scenario", metavar="SCENARIO", help="Take the seed and puzzle settings from this scenario."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per set (operators and target per puzzle)."),
    png: Path = typer.Option(None, "--png", metavar="DIR", help="Also write each set as a picture to post: DIR/set-N.png."),
) -> None:
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.games.choice.expressions import count, puzzle_sets
    from umpire.games.choice.shape import SETS_PER_BLOCK, expression_sets, set_place

    stdout_utf8()
    out: list[str] = []
    the_seed, s = _seed_and_settings(seed, scenario)
    sets = puzzle_sets(the_seed, expression_sets(), s["puzzles_per_set"], s["min_solutions"], s["max_target"])
    for n, puzzles in enumerate(sets, start=1):
        block, within = set_place(n)
        if json_out:
            out.append(
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
                                "solutions": count(p.ops, p.target),
                            }
                            for i, p in enumerate(puzzles)
                        ],
                    }
                )
            )
        else:
            out.append(f"Set {n} (block {block}, set {within}/{SETS_PER_BLOCK}):")
            for i, p in enumerate(puzzles, start=1):
                out.append(f"  {i}. {p.text()}   ({count(p.ops, p.target)} solutions)")
    if png is not None:
        from umpire.images import ExpressionsSet, ExprPuzzle

        _pictures(
            png,
            {
                f"set-{n}.png": ExpressionsSet(
                    puzzles=tuple(ExprPuzzle(ops=p.ops, target=p.target) for p in puzzles), title=f"Expressions, set {n}"
                )
                for n, puzzles in enumerate(sets, start=1)
            },
        )
    _emit(out)


def _seed_and_settings(seed: str | None, scenario: str | None) -> tuple[str, dict[str, Any]]:
    """The seed and the Choice settings: the scenario's, or the defaults of those that shape the deal."""
    from umpire.cli.common import abort, find_scenario
    from umpire.games.choice.shape import DEALT_DEFAULTS  # not config.SETTINGS: loading it costs a few ms of every start

    settings: dict[str, Any] = dict(DEALT_DEFAULTS)
    if scenario is not None:
        from umpire.scenario import ScenarioError, load  # only with a scenario: loading one imports the game

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
