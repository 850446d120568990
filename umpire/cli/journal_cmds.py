"""`umpire resume`, `umpire replay` and `umpire verify`: everything rebuilt from a journal."""

from __future__ import annotations

import collections
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from umpire.cli.root import app

if TYPE_CHECKING:
    from umpire.session import Output, Session


RECENT = 5  # entries shown on resume, so the host can tell what was posted before a crash


@app.command()
def resume(
    journal: Path = typer.Argument(..., help="The journal of the game to continue."),
    discord: bool = typer.Option(
        False, "--discord", help="Continue with the Discord bot: it first judges what players sent while umpire was away (docs/discord.md)."
    ),
    ids_file: Path = typer.Option(
        Path("discord.toml"), "--ids", metavar="FILE", help="With --discord: the set-up file (`umpire discord init`)."
    ),
    review: bool = typer.Option(False, "--review", help="With --discord: hold each public post until you press F2 in the REPL."),
) -> None:
    """Rebuild a game from its journal (after a crash, or another day) and continue it in the REPL.

    Shows the last few entries with their announcements first: they are in the journal, so they
    must not be entered again; any announcement that did not reach the chat should be posted now.
    With --discord the bot posts what never reached the channel, sends the DMs still waiting, and
    judges, in Discord's order, the messages players sent while umpire was away.
    """
    from umpire.cli.common import abort, stdout_utf8
    from umpire.cli.progress import replaying
    from umpire.core.clock import fmt_stamp
    from umpire.core.journal import JournalError
    from umpire.session import Session

    stdout_utf8()
    if review and not discord:
        abort("--review goes with --discord (it holds the bot's public posts)")
    try:
        # Only the last entries' posts are shown, so only they are put into words; the bot's recovery reads every post.
        session, loaded, steps = Session.stream(journal, recent=None if discord else RECENT)
        if discord:
            from umpire.discord.channels import kinds_with_channels
            from umpire.discord.recovery import Recovery

            recovery = Recovery(kinds_with_channels(session.game.channels))
            steps = recovery.watch(steps)
        recent = collections.deque(replaying(steps, loaded, journal), maxlen=RECENT)  # only the last few entries' announcements
        if discord:
            from umpire.cli.discord_cmd import own_channels, prepare

            # checked against Discord before the journal is reopened
            ids, token = prepare(session.scenario.roster, ids_file, own_channels(session.scenario.key))
        session.reopen(loaded)
    except JournalError as exc:
        abort(str(exc) if "was not changed" in exc.reason or "nothing was changed" in exc.reason else f"{exc} — nothing was changed")
    intro = [f"Resumed {journal}: {loaded.count} entries replayed; game clock at {fmt_stamp(session.now)}."]
    if loaded.torn is not None:
        intro.append(
            f"The last line (line {loaded.torn_line}) was cut off by a crash; the game continues from the last whole entry. "
            f"The cut-off text was kept in {journal}.torn."
        )
    for brk in loaded.breaks:
        intro.append(f"Warning: {brk.reason}. The journal was edited after it was written; `umpire verify` reports it.")
    intro += recent_entries(session, list(recent))
    paused = []
    if not session.paused:
        paused = session.feed("pause")
        refused = [o for o in paused if o.kind == "refusal"]
        intro += [f"✗ pause — {o.text}" for o in refused]
        intro.append("The clocks could NOT be paused: they are running." if refused else "The clocks are paused: “resume” restarts them.")
    else:
        intro.append("The clocks are paused: “resume” restarts them.")
    from umpire.repl import run

    if discord:
        from umpire.discord.bot import Bot, wall_clock

        bot = Bot(session, ids, token, review=review, recovery=recovery, backlog=paused)
        run(session, intro=intro, companion=bot, monotonic=wall_clock)
        return
    run(session, intro=intro)


def recent_entries(session: Session, recent: Sequence[tuple[dict[str, Any], list[Output]]]) -> list[str]:
    """The last entries replayed, each with what it announced, for the host to check against the chat after a crash.

    A private message says whether it was marked as sent (it waits in the outbox until `copy`).
    """
    from umpire.core.clock import fmt_stamp
    from umpire.render import audience_label, printable

    if not recent:
        return []
    lines = [
        f"The last {len(recent)} entries, already in the journal — check whether each was posted. "
        "Do not enter them again; post any announcement that did not reach the chat:"
    ]
    for entry, outputs in recent:
        n = int(entry["n"])
        lines.append(f"  entry {n} at {fmt_stamp(int(entry['t']))}: {printable(_entry_text(entry))}")
        shown = [o for o in outputs if o.kind == "announce" and o.text]
        if not shown:
            lines.append("      (no announcement)")
        for o in shown:
            label = audience_label(o.audience, session.names)
            first, *more = o.text.split("\n")
            text = printable(first) + (" …" if more else "")
            if o.dm is not None:
                text += _DM_STATUS[session.dm_status(o.dm).value]
            lines.append(f"      {label + ' ' if label else ''}{text}")
    return lines


_DM_STATUS = {
    "waiting": " (waiting in the outbox: not sent yet)",
    "sent": " (marked as sent)",
    "withdrawn": " (withdrawn by an undo before it was sent: not to be sent)",
}


def _entry_text(entry: dict[str, Any]) -> str:
    from umpire.session import opened

    kind = entry["kind"]
    entry = opened(entry)  # a sealed input's line is in its sealed member (the host sees it)
    if kind == "input":
        return str(entry.get("line") or entry.get("text"))
    if kind == "clock":
        return "the clock ruling due then"
    if kind == "undo":
        return f"undo (of entry {entry.get('undoes')})"
    if kind == "stop":
        return "the host left (quit)"
    if kind == "delivered":
        return "private messages marked as sent"
    if kind == "entropy":  # each seat's word (an older journal: the host's text)
        words = entry.get("words")
        return f"entropy {json.dumps(words, ensure_ascii=False) if isinstance(words, list) else entry.get('text')}"
    return str(kind)


@app.command()
def replay(
    journal: Path = typer.Argument(..., help="The journal to replay."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per line: each event, then the final state."),
) -> None:
    """Print a game's announcements again from its journal, exactly as they were made."""
    from umpire.cli.common import abort, stdout_utf8
    from umpire.cli.progress import replaying
    from umpire.core.journal import JournalError
    from umpire.render import dumps, json_lines, text_lines
    from umpire.session import Session

    stdout_utf8()
    try:
        session, loaded, steps = Session.stream(journal, recent=0 if json_out else None)  # JSON needs no post in words
    except JournalError as exc:
        abort(str(exc))
    if not sys.stdout.isatty():  # the output goes to a file or a program: how far it is goes to the terminal
        steps = replaying(steps, loaded, journal)
    names = session.names
    write = sys.stdout.write

    def emit(outputs: list[Output]) -> None:
        lines = json_lines(outputs) if json_out else text_lines(outputs, names)
        if lines:
            write("\n".join(lines) + "\n")

    # Printed as it is replayed, so a game of any length needs no more memory than the game itself.
    emit(session.commitment_outputs())
    shown = 0
    try:
        for entry, outputs in steps:
            emit(outputs)
            shown = int(entry["n"])
    except JournalError as exc:
        sys.stdout.flush()
        upto = f"the game up to entry {shown}" if shown else "the commitment only: no entry could be replayed"
        abort(f"{exc} — the replay stopped there; what is printed above is {upto}")
    if json_out:
        write(dumps(session.final()) + "\n")
    elif loaded.torn is not None:
        typer.echo(f"(line {loaded.torn_line} was cut off by a crash and is not part of the game)", err=True)


@app.command()
def verify(
    journal: Path = typer.Argument(..., help="The journal to audit, or a match report page (umpire report) that embeds one."),
    commitment: str = typer.Option(
        None, "--commitment", "-c", metavar="HEX", help="The commitment the host posted at the start, to check too."
    ),
    final_hash: str = typer.Option(
        None, "--final-hash", "-f", metavar="HEX", help="The journal's final hash the host posted at the end, to check too."
    ),
    json_out: bool = typer.Option(False, "--json", help="The report as JSON."),
) -> None:
    """Check what a journal proves: the commitment, the hash chain, the final hash, the seed.

    Every generated item is re-derived from the seed. The report says what was proved (✓),
    what differs (✗, naming the entry) and what could not be proved from what was given (?);
    only the last line's “VERIFIED:” means everything was. Without --commitment and
    --final-hash, a journal rewritten with its hashes recomputed passes too.
    Exit code 0: nothing checked failed; 1: verification failed; 2: the journal cannot be read.
    """
    from umpire.cli.common import abort, dumps, stdout_utf8
    from umpire.cli.progress import replaying
    from umpire.core.journal import JournalError
    from umpire.verify import posted_hex
    from umpire.verify import verify as run_verify

    stdout_utf8()
    for option, value, what in (("--commitment", commitment, "posted at the start"), ("--final-hash", final_hash, "posted at the end")):
        if value is not None and posted_hex(value) is None:
            abort(f"{option} should be the 64 hexadecimal digits of the SHA-256 {what}, not {value!r}")
    try:
        rep = run_verify(journal, posted=commitment, final_hash=final_hash, watch=replaying)  # how far, on a terminal
    except JournalError as exc:
        if json_out:
            typer.echo(dumps({"ok": False, "journal": str(journal), "problems": [str(exc)]}))
            raise typer.Exit(2) from None
        abort(f"{exc} — NOT VERIFIED: the journal cannot be read")
    if json_out:
        typer.echo(dumps(rep.to_json()))
    else:
        for line in rep.lines():
            typer.echo(line)
    raise typer.Exit(0 if rep.ok else 1)
