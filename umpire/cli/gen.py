"""`umpire gen …`: what the seed deals, for hosts who run a game by hand.

Everything printed follows from the seed alone: a seed the players know makes every
deal predictable, so each command's help says so. The match's shape (how many bouts,
cycles, boards and sets, and which block each falls in) comes from the game's own
modules, asked through the registry's tools for the game (`umpire.games.tools`); answers (a board's
haps) print only when asked for, apart from what is posted.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli.root import gen_app

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
    from umpire.cli.common import stdout_utf8

    stdout_utf8()
    the_seed, settings = _seed_and_settings(seed, scenario)
    dealt = _tools().shop_cycles(the_seed, settings["prices"], count, pictures=png is not None)
    _print(dealt, json_out, png)


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
    from umpire.cli.common import stdout_utf8

    stdout_utf8()
    dealt = _tools().prize_orders(_seed_and_settings(seed, scenario)[0], pictures=png is not None)
    _print(dealt, json_out, png)


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
    from umpire.cli.common import stdout_utf8

    stdout_utf8()
    the_seed, settings = _seed_and_settings(seed, scenario)
    dealt = _tools().gyul_boards(the_seed, settings, count, answers=answers, pictures=png is not None)
    _print(dealt, json_out, png)


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
    from umpire.cli.common import stdout_utf8

    stdout_utf8()
    the_seed, settings = _seed_and_settings(seed, scenario)
    dealt = _tools().expression_sets(the_seed, settings, pictures=png is not None)
    _print(dealt, json_out, png)


def _seed_and_settings(seed: str | None, scenario: str | None) -> tuple[str, dict[str, Any]]:
    """The seed and the Choice settings: the scenario's, or the defaults of those that shape the deal."""
    from umpire.cli.common import abort, find_scenario

    settings: dict[str, Any] | None = None  # the defaults of the settings that shape the deal
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
    return seed, _tools().dealt_settings(settings)


def _tools() -> Any:
    """The Final Match's one-shot tools (the registry's, so the command line imports none of the game's internals)."""
    from umpire.games import tools

    return tools("choice-is-yours")


def _print(dealt: Any, json_out: bool, png: Path | None) -> None:
    """Write the pictures, if asked for, then print the deal: text lines, or one JSON object per item."""
    from umpire.cli.common import dumps

    if png is not None:
        _pictures(png, dealt.pictures)
    _emit([dumps(o) for o in dealt.objects] if json_out else list(dealt.lines))
