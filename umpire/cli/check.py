"""`umpire check …`: one-shot rulings on a contested claim."""

from __future__ import annotations

import typer

from umpire.cli import check_app


@check_app.command("hap")
def check_hap(
    pieces: list[str] = typer.Argument(..., help='Three pieces, each quoted: "black red circle", "yellow solid 4", :hapRBC: or RBC.'),
    json_out: bool = typer.Option(False, "--json", help="The ruling as JSON."),
) -> None:
    """Is this a hap (a set)? Every attribute must be all the same or all different.

    Exit code 0: a hap; 1: not a hap; 2: the pieces cannot be read.
    """
    from umpire.cli.common import abort, stdout_utf8
    from umpire.core import hap
    from umpire.core.errors import UmpireError
    from umpire.games.haptactoe.pieces import read_piece
    from umpire.render import dumps

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
    lines = hap.explain(a, b, c, ps.values, ps.attributes)
    completes = ps.words(hap.third(a, b)) if a != b else None
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
        typer.echo(("✓ a hap: " if ok else "✗ not a hap: ") + " / ".join(ps.words(x) for x in codes))
        if same:
            typer.echo("  two of the pieces are the same piece")
        else:
            for line in lines:
                typer.echo(f"  {line}")
        if not ok and completes:
            typer.echo(f"  the piece that makes a hap with the first two: {completes}")
    raise typer.Exit(0 if ok else 1)
