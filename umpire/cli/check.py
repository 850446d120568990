"""`umpire check …`: one-shot rulings on a contested claim."""

from __future__ import annotations

from pathlib import Path

import typer

from umpire.cli.root import check_app


@check_app.command("hap", short_help="Is this a hap (a set)? Names the attribute that breaks it.")
def check_hap(
    pieces: list[str] = typer.Argument(
        ..., metavar="PIECE", help='Three pieces, each quoted: "black red circle", "yellow solid 4", :hapRBC: or RBC.'
    ),
    json_out: bool = typer.Option(False, "--json", help="The ruling as JSON."),
    png: Path = typer.Option(None, "--png", metavar="FILE", help="Also draw the three pieces and the verdict as a PNG picture."),
) -> None:
    """Is this a hap (a set)? Every attribute must be all the same or all different.

    Exit code 0: a hap; 1: not a hap; 2: the pieces cannot be read.
    """
    from umpire.cli.common import abort, dumps, stdout_utf8
    from umpire.core import hap
    from umpire.core.errors import UmpireError
    from umpire.core.pieces import read_piece

    stdout_utf8()
    if len(pieces) != 3:
        abort(f'a hap has three pieces; {len(pieces)} given (quote each piece: "black red circle")')
    try:
        read = [read_piece(p) for p in pieces]
    except UmpireError as exc:
        abort(str(exc))
    sets = {ps.noun for ps, _ in read}
    if len(sets) > 1:
        abort("the pieces mix two games' words (blocks/tiles and stars); write all three the same way")
    ps = read[0][0]
    codes = [c for _, c in read]
    a, b, c = codes
    ok = hap.is_hap(a, b, c)
    same = len(set(codes)) < 3
    lines = hap.explain(a, b, c, ps.values, ps.attributes, word=ps.claim_word)
    completes = ps.words(hap.third(a, b)) if a != b else None
    if png is not None:
        _draw_check(png, [ps.words(x) for x in codes], ok, lines if not same else ["two of the pieces are the same piece"])
    if json_out:
        typer.echo(
            dumps(
                {
                    "hap": ok,
                    "pieces": [ps.words(x) for x in codes],
                    "reasons": lines if not same else ["two of the pieces are the same piece"],
                    "completes_first_two": completes,
                }
            )
        )
    else:
        typer.echo((f"✓ a {ps.claim_word}: " if ok else f"✗ not a {ps.claim_word}: ") + " / ".join(ps.words(x) for x in codes))
        if same:
            typer.echo("  two of the pieces are the same piece")
        else:
            for line in lines:
                typer.echo(f"  {line}")
        if not ok and completes:
            typer.echo(f"  the piece that makes a {ps.claim_word} with the first two: {completes}")
    raise typer.Exit(0 if ok else 1)


def _draw_check(path: Path, words: list[str], ok: bool, reasons: list[str]) -> None:
    from umpire.cli.common import abort
    from umpire.images import HapCheck, draw, piece_from_words

    a, b, c = (piece_from_words(w) for w in words)
    picture = draw(HapCheck(pieces=(a, b, c), is_hap=ok, reasons=tuple(reasons)))
    try:
        path.write_bytes(picture)
    except OSError as exc:
        abort(f"cannot write the picture {path}: {exc.strerror or exc}")


@check_app.command("expr", short_help="Does this expression solve this Expressions puzzle? Left to right.")
def check_expr(
    puzzle: str = typer.Argument(..., metavar="PUZZLE", help='The puzzle as posted, _?_?_?_=X, e.g. "_+_x_-_=42".'),
    expression: str = typer.Argument(..., metavar="EXPRESSION", help='The filled expression, e.g. "2+3x9-3" (x, * or × multiply).'),
    json_out: bool = typer.Option(False, "--json", help="The ruling as JSON."),
) -> None:
    """Does this expression solve this Expressions puzzle? Evaluated strictly left to right.

    A puzzle is four blanks and three operators, then = and a positive whole number.
    Exit code 0: it solves the puzzle; 1: it does not; 2: either cannot be read.
    """
    from umpire.cli.common import abort, dumps, stdout_utf8
    from umpire.core.errors import UmpireError
    from umpire.games import tools

    stdout_utf8()
    try:
        ruling = tools("choice-is-yours").check_expr(puzzle, expression)
    except UmpireError as exc:
        abort(exc.reason)
    typer.echo(dumps(ruling.data) if json_out else "\n".join(ruling.lines))
    raise typer.Exit(ruling.exit_code)


@check_app.command(
    "row",
    short_help="How an Open, Pass row reads and what it scores.",
    context_settings={"ignore_unknown_options": True},  # a row may start with a minus card: `check row - 5 + 1`
)
def check_row(
    row: list[str] = typer.Argument(
        ...,
        metavar="ROW",
        help='An Open, Pass row, leftmost card first: "+ 3 1 x 9 x 2 - 2 x", or as the card writes it, 9-1x2. A row may start with a minus card.',
    ),
    division: str = typer.Option("exact", "--division", metavar="exact|floor", help='"exact" (R-ARITH-1) or "floor".'),
    json_out: bool = typer.Option(False, "--json", help="The reading and score as JSON."),
) -> None:
    """How an Open, Pass row reads and what it scores: left to right, and of adjacent numbers
    (or symbols) only the leftmost counts.

    Exit code 0, or 2 when the row cannot be read.
    """
    from umpire.cli.common import abort, dumps, stdout_utf8
    from umpire.core.errors import UmpireError
    from umpire.games import tools

    stdout_utf8()
    try:
        result = tools("open-pass").check_row(" ".join(row), division)
    except UmpireError as exc:
        abort(exc.reason)
    typer.echo(dumps(result.data) if json_out else "\n".join(result.lines))
    if result.code:
        raise typer.Exit(result.code)


@check_app.command("game", short_help="Read a kit game's file and play 1,000 random matches of it.")
def check_game(
    file: Path = typer.Argument(..., metavar="FILE", help="A kit game's TOML file (docs/writing-a-kit-game.md)."),
    matches: int = typer.Option(1000, "--matches", min=1, max=100_000, metavar="N", help="How many random seeded matches to play."),
) -> None:
    """Read a kit game's file, naming the line of any mistake, then play random seeded matches of it and report
    any round that cannot end, anything the game cannot put into words, and any sealed word that reaches a public
    post before its reveal.

    Exit code 0: all well; 1: a match found a problem; 2: the file cannot be read.
    """
    from umpire.cli.common import stdout_utf8
    from umpire.kit.check import report

    stdout_utf8()
    lines, code = report(str(file), matches)
    typer.echo("\n".join(lines))
    raise typer.Exit(code)
