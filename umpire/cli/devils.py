"""Devil's Deal one-shot tools: `umpire check hand`, `umpire check division` and `umpire solve division`.

The rulings are the game's tools (`umpire.games.tools("devils-deal")`); this module reads the command
line, loads a scenario named with `--scenario`, and prints what the tool returns."""

from __future__ import annotations

from typing import Any, NoReturn

import typer

from umpire.cli.root import app, check_app

solve_app = typer.Typer(
    help="One-shot solvers: the best play the rules allow, for a host settling a question.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(solve_app, name="solve")


def _scenario_rules(scenario: str | None) -> dict[str, Any] | None:
    """The `[rules]` of the Devil's Deal scenario named (None: none named, the defaults apply)."""
    if scenario is None:
        return None
    from umpire.cli.common import abort, find_scenario
    from umpire.scenario import ScenarioError, load

    try:
        sc = load(find_scenario(scenario))
    except ScenarioError as exc:
        abort(str(exc))
    if sc.game.key != "devils-deal":
        abort(f"{scenario} is a {sc.game.title} scenario, not Devil's Deal")
    return dict(sc.settings)


def _print(ruling: Any, json_out: bool) -> NoReturn:
    """Print a tool's ruling (its lines, or its JSON) and exit with its code."""
    from umpire.cli.common import dumps

    if json_out:
        typer.echo(dumps(ruling.json))
    else:
        for line in ruling.lines:
            typer.echo(line)
    raise typer.Exit(ruling.code)


@check_app.command("hand")
def check_hand(
    cards: list[str] = typer.Argument(..., help='Three cards: R5 G5 B5 (or one quoted "R5 G5 B5"); colour R/G/B and number 1-9.'),
    vs: tuple[str, str, str] = typer.Option((None, None, None), "--vs", help="Another hand to compare with, three cards: --vs R4 G5 B6."),
    scenario: str = typer.Option(None, "--scenario", help="Rank by this Devil's Deal scenario's hand_order (default: R-DD-4)."),
    json_out: bool = typer.Option(False, "--json", help="The ruling as JSON."),
) -> None:
    """Name a Devil's Deal hand, rank it among the 2,925 hands, and (with --vs) say which of two wins.

    Exit code 0: ruled; 2: the cards cannot be read.
    """
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core.errors import UmpireError
    from umpire.games import tools

    stdout_utf8()
    rules = _scenario_rules(scenario)
    try:
        ruling = tools("devils-deal").check_hand(cards, None if vs[0] is None else [v for v in vs if v is not None], rules)
    except UmpireError as exc:
        abort(exc.reason)
    _print(ruling, json_out)


@check_app.command("division")
def check_division(
    offer: str = typer.Argument(..., help='The refill\'s cards, quoted: "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6".'),
    division: list[str] = typer.Argument(
        ...,
        help='The division: one argument "B9 G5 | G8 B6 | aside G2 B5 R7" (commas separate piles when there is no |), or one argument per pile (mark one “aside”).',
    ),
    scenario: str = typer.Option(None, "--scenario", help="Use this Devil's Deal scenario's min_pile_cards (default 1, R-DD-3)."),
    json_out: bool = typer.Option(False, "--json", help="The ruling as JSON."),
) -> None:
    """Is this a valid division of a refill? Equal sums, one pile set aside, only offered cards, none twice.

    Exit code 0: valid; 1: not valid; 2: cannot be read.
    """
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core.errors import UmpireError
    from umpire.games import tools

    stdout_utf8()
    rules = _scenario_rules(scenario)
    try:
        ruling = tools("devils-deal").check_division(offer, division, rules)
    except UmpireError as exc:
        abort(exc.reason)
    _print(ruling, json_out)


@solve_app.command("division")
def solve_division(
    offer: list[str] = typer.Argument(..., help='The refill\'s cards: "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6" (quoted or not).'),
    scenario: str = typer.Option(None, "--scenario", help="Use this Devil's Deal scenario's min_pile_cards (default 1, R-DD-3)."),
    json_out: bool = typer.Option(False, "--json", help="The best division as JSON."),
) -> None:
    """The best division of a refill's cards: the most cards taken; ties go to the highest sum of the numbers taken, then the smallest pile sum.

    Exit code 0: solved (even when no division takes a card); 2: the cards cannot be read.
    """
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core.errors import UmpireError
    from umpire.games import tools

    stdout_utf8()
    rules = _scenario_rules(scenario)
    try:
        ruling = tools("devils-deal").solve_division(offer, rules)
    except UmpireError as exc:
        abort(exc.reason)
    _print(ruling, json_out)
