"""Devil's Deal one-shot tools: `umpire check hand`, `umpire check division` and `umpire solve division`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from umpire.cli import app, check_app

if TYPE_CHECKING:
    from umpire.games.devilsdeal.divisions import Division

solve_app = typer.Typer(
    help="One-shot solvers: the best play the rules allow, for a host settling a question.", no_args_is_help=True, rich_markup_mode=None
)
app.add_typer(solve_app, name="solve")


def _words(args: list[str]) -> list[str]:
    return " ".join(args).replace(",", " ").split()


def _rules(scenario: str | None) -> tuple[tuple[str, ...], int]:
    """The hand order and the fewest cards a pile may hold: the defaults, or a scenario's."""
    from umpire.cli.common import abort, find_scenario
    from umpire.games.devilsdeal.hands import DEFAULT_ORDER

    if scenario is None:
        return DEFAULT_ORDER, 1
    from umpire.scenario import ScenarioError, load

    try:
        sc = load(find_scenario(scenario))
    except ScenarioError as exc:
        abort(str(exc))
    if sc.game.key != "devils-deal":
        abort(f"{scenario} is a {sc.game.title} scenario, not Devil's Deal")
    return tuple(sc.settings["hand_order"]), int(sc.settings["min_pile_cards"])


def _read_cards(words: list[str], what: str) -> tuple[int, ...]:
    from umpire.cli.common import abort
    from umpire.games.devilsdeal.cards import lookup, not_a_card

    out = []
    for w in words:
        c = lookup(w)
        if c is None:
            abort(f"{what}: {not_a_card(w)}")
        out.append(c)
    return tuple(out)


def _hand_json(cards: tuple[int, ...], order: tuple[str, ...]) -> dict[str, Any]:
    from umpire.games.devilsdeal.cards import name_list
    from umpire.games.devilsdeal.hands import category_name, describe, standing

    beats, ties, loses = standing(cards, order)
    cat = category_name(cards)
    return {
        "cards": name_list(cards),
        "hand": describe(cards),
        "category": cat,
        "category_rank": order.index(cat) + 1,
        "beats": beats,
        "ties": ties,
        "loses_to": loses,
    }


def _one_hand(words: list[str], what: str) -> tuple[int, int, int]:
    from umpire.cli.common import abort
    from umpire.games.devilsdeal.cards import name

    read = _read_cards(words, what)
    if len(read) != 3:
        abort(f"{what}: a hand is three cards, e.g. R5 G5 B5 ({len(read)} given)")
    a, b, c = read
    if len({a, b, c}) != 3:
        twice = next(x for x in read if read.count(x) > 1)
        abort(f"{what}: {name(twice)} is there twice; a hand cannot hold duplicates")
    return (a, b, c)


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
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.games.devilsdeal.hands import HANDS, compare, why

    stdout_utf8()
    order, _ = _rules(scenario)
    first = _one_hand(_words(cards), "the hand")
    second = _one_hand(_words([v for v in vs if v is not None]), "--vs") if vs[0] is not None else None
    result = None if second is None else compare(first, second, order)
    a = _hand_json(first, order)
    b = None if second is None else _hand_json(second, order)
    reason = None if second is None else why(first, second, order)
    if json_out:
        winner = None if result is None else {1: "first", -1: "second", 0: "tie"}[result]
        typer.echo(dumps({"hand": a, "vs": b, "winner": winner, "why": reason, "order": list(order)}))
        raise typer.Exit(0)
    for h in (a, b):
        if h is None:
            continue
        typer.echo(f"{' '.join(h['cards'])}: {h['hand']} — {h['category']}, category {h['category_rank']} of 6")
        typer.echo(f"  beats {h['beats']:,} of the other {HANDS - 1:,} hands, ties {h['ties']:,}, loses to {h['loses_to']:,}")
    if result is not None and b is not None:
        win = " ".join(a["cards"]) if result > 0 else " ".join(b["cards"])
        typer.echo(f"→ {'a tie' if result == 0 else win + ' wins'}: {reason}")
    else:
        typer.echo(f"  order (R-DD-4): {' > '.join(order)}")
    raise typer.Exit(0)


def _offer(text: list[str]) -> tuple[int, ...]:
    from umpire.cli.common import abort
    from umpire.games.devilsdeal.cards import name

    offer = _read_cards(_words(text), "the cards offered")
    if not offer:
        abort('the cards offered: none given (e.g. "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6")')
    twice = [c for c in dict.fromkeys(offer) if offer.count(c) > 1]
    if twice:
        abort(f"the cards offered: {name(twice[0])} is there twice; a refill's cards are all different")
    return offer


def _division_json(offer: tuple[int, ...], division: Division) -> dict[str, Any]:
    from umpire.games.devilsdeal.cards import name_list, names

    aside = division.set_aside(offer)
    kept = division.kept()
    return {
        "sum": division.total(),
        "piles": [name_list(p) for p in kept],
        "aside_pile": name_list(division.aside),
        "unused": name_list(c for c in aside if c not in division.aside),
        "taken": name_list(division.taken(offer)),
        "set_aside": name_list(aside),
        "submission": " | ".join([*(names(p) for p in kept), f"aside {names(division.aside)}"]),
    }


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
    from umpire.cli.common import abort, dumps, stdout_utf8
    from umpire.core.errors import UmpireError
    from umpire.games.devilsdeal.cards import names
    from umpire.games.devilsdeal.divisions import Division, problems, read_submission

    stdout_utf8()
    _, min_pile = _rules(scenario)
    cards = _offer([offer])
    # One line: piles separated by “|”, or by commas when there is no “|”; a pile a line (one argument per
    # pile, or lines): commas separate cards. A final “confirm” is accepted (it matters only in play, R-DD-10).
    try:
        sub = read_submission("\n".join(division))
    except UmpireError as exc:
        abort(f"the division: {exc}")
    if not sub.segments:
        abort('the division: none given (e.g. "B9 G5 | G8 B6 | aside G2 B5 R7")')
    d = Division.of(sub.segments)
    bad = problems(cards, d, min_pile)
    if json_out:
        out: dict[str, Any] = {"valid": not bad, "cards": names(cards).split(), "problems": bad}
        out.update(_division_json(cards, d) if not bad else {"division": d.text()})
        typer.echo(dumps(out))
        raise typer.Exit(1 if bad else 0)
    if bad:
        typer.echo(f"✗ not a valid division of {names(cards)}:")
        typer.echo(f"  {d.text()}")
        for p in bad:
            typer.echo(f"  · {p}")
        typer.echo("  (an earlier valid division stays in force; with none, every card is set aside at the deadline)")
        raise typer.Exit(1)
    j = _division_json(cards, d)
    typer.echo(f"✓ a valid division of {names(cards)} (piles of {j['sum']}): {d.text()}")
    typer.echo(f"  takes {len(j['taken'])}: {' '.join(j['taken']) or 'none'}")
    typer.echo(f"  sets aside {len(j['set_aside'])}: {' '.join(j['set_aside'])} (the opponent may take one)")
    raise typer.Exit(0)


@solve_app.command("division")
def solve_division(
    offer: list[str] = typer.Argument(..., help='The refill\'s cards: "G5 B3 R3 R7 B6 G1 G2 G8 B5 R2 B9 G6" (quoted or not).'),
    scenario: str = typer.Option(None, "--scenario", help="Use this Devil's Deal scenario's min_pile_cards (default 1, R-DD-3)."),
    json_out: bool = typer.Option(False, "--json", help="The best division as JSON."),
) -> None:
    """The best division of a refill's cards: the most cards taken; ties go to the highest sum of the numbers taken, then the smallest pile sum.

    Exit code 0: solved (even when no division takes a card); 2: the cards cannot be read.
    """
    from umpire.cli.common import dumps, stdout_utf8
    from umpire.games.devilsdeal.cards import names
    from umpire.games.devilsdeal.divisions import best_division

    stdout_utf8()
    _, min_pile = _rules(scenario)
    cards = _offer(offer)
    best = best_division(cards, min_pile)
    if json_out:
        typer.echo(dumps({"cards": names(cards).split(), "best": None if best is None else _division_json(cards, best)}))
        raise typer.Exit(0)
    if best is None:
        typer.echo(f"No division of {names(cards)} takes any card: at least two piles of the same sum are needed.")
        raise typer.Exit(0)
    j = _division_json(cards, best)
    typer.echo(f"Best division of {names(cards)}: takes {len(j['taken'])} of {len(cards)}")
    typer.echo(f"  piles of {j['sum']}: {' · '.join(' '.join(p) for p in j['piles'])}")
    typer.echo(f"  set aside: {' '.join(j['aside_pile'])}" + (f" · unused: {' '.join(j['unused'])}" if j["unused"] else ""))
    typer.echo(f"  as a submission: {j['submission']}")
    raise typer.Exit(0)
