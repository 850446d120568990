"""The host's commands: one table drives dispatch, `help`, completion and the live check.

Every command a host types without a player's prefix is here, the front end's own ones too:
`copy` and `quit` are actions the session hands back (`Output.action`) for the front end to
perform, since only it has a clipboard or a loop to leave. A word that is none of these is a view
of the game or one of the game's host commands.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from umpire.core.errors import InvalidCommand, UmpireError
from umpire.core.settings import Settings
from umpire.games.base import HOST
from umpire.session import seed_words
from umpire.session.outputs import Output, OutputKind, info, view_output

if TYPE_CHECKING:
    from umpire.session.session import Session

ArgCheck = Callable[[Sequence[str]], str | None]


def _no_args(name: str) -> ArgCheck:
    return lambda args: None if not args else f"“{name}” takes nothing after it"


def _one_player(name: str) -> ArgCheck:
    return lambda args: None if args else f"“{name} NAME”: whose private messages? e.g. “{name} p2”"


@dataclass(frozen=True, kw_only=True)
class HostCommand:
    """One host command: its words, its help, how its words are checked, and what it does.

    `action` marks a command the front end performs itself: the session checks it and hands it
    back as an action output (`copy` to the clipboard, `quit`).
    """

    name: str
    syntax: str
    what: str
    example: str
    check: ArgCheck
    run: Callable[[Session, Sequence[str]], list[Output]]
    aliases: tuple[str, ...] = ()
    action: bool = False
    completions: Callable[[Session], list[str]] | None = None


def _action(name: str) -> Callable[[Session, Sequence[str]], list[Output]]:
    return lambda s, args: [Output(kind=OutputKind.ACTION, action=name, args=tuple(args), audience=HOST)]


def _check_reveal(args: Sequence[str]) -> str | None:
    return None if not args or [a.casefold() for a in args] == ["anyway"] else "“reveal” or “reveal anyway”"


def _check_copy(args: Sequence[str]) -> str | None:
    return None


def _check_help(args: Sequence[str]) -> str | None:
    return None if len(args) <= 1 else "“help”, “help TOPIC” or “help COMMAND”"


def _check_entropy(args: Sequence[str]) -> str | None:
    """What `entropy` cannot take whatever the roster (whose word each is, and how many, is checked when it runs)."""
    if not args:
        return (
            "“entropy NAME=WORD, …”: type the word or number each player sent, e.g. “entropy p1=17 lantern, p2=maple”, "
            "or one word per player in the roster's order"
        )
    if not " ".join(args).isprintable():
        return "the entropy holds an invisible or control character; type the players' words as plain text"
    return None


def _mix_entropy(s: Session, args: Sequence[str]) -> list[Output]:
    return s.mix_entropy(seed_words.parse(" ".join(args), s.scenario.roster))


def _players(s: Session) -> list[str]:
    return [p.name for p in s.scenario.roster]


HOST_COMMANDS: tuple[HostCommand, ...] = (
    HostCommand(
        name="help",
        aliases=("?", "commands"),
        syntax="help [TOPIC | COMMAND]",
        what="The commands in short; “help players”, “help host” or “help views” in full, “help COMMAND” one in detail.",
        example="help undo",
        check=_check_help,
        run=lambda s, a: [info(help_text(s, a[0] if a else None, s.width))],
        completions=lambda s: ["players", "host", "views", *(c.name for c in HOST_COMMANDS)],
    ),
    HostCommand(
        name="rules",
        syntax="rules",
        what="Show the house rulings in force for this scenario.",
        example="rules",
        check=_no_args("rules"),
        run=lambda s, a: [info(rules_text(s, s.width))],
    ),
    HostCommand(
        name="pause",
        syntax="pause",
        what="Hold every clock (journaled).",
        example="pause",
        check=_no_args("pause"),
        run=lambda s, a: s.pause(True),
    ),
    HostCommand(
        name="resume",
        syntax="resume",
        what="Restart the clocks after a pause (journaled).",
        example="resume",
        check=_no_args("resume"),
        run=lambda s, a: s.pause(False),
    ),
    HostCommand(
        name="undo",
        syntax="undo",
        what="Take back the last accepted input or clock ruling; a correction post follows if it was public, and a correction DM to each player who was sent a private message about it.",
        example="undo",
        check=_no_args("undo"),
        run=lambda s, a: s.undo(),
    ),
    HostCommand(
        name="outbox",
        syntax="outbox",
        what="The private messages waiting for each player, ready to paste into their DMs.",
        example="outbox",
        check=_no_args("outbox"),
        run=lambda s, a: [view_output(s.outbox_view())],
    ),
    HostCommand(
        name="copy",
        syntax="copy [NAME | text]",
        what=(
            "Copy the last public post: its picture first where it has one (it pastes best into Discord; also saved next "
            "to the journal), then its text, one 2,000-character message at a time. “copy text” skips the picture; "
            "“copy NAME” copies that player's waiting DMs, marked sent once a clipboard program took them (else “sent NAME” "
            "after you pasted them)."
        ),
        example="copy p2",
        check=_check_copy,
        run=_action("copy"),
        action=True,
        completions=lambda s: [*_players(s), "text"],
    ),
    HostCommand(
        name="sent",
        syntax="sent NAME",
        what="Mark a player's waiting DMs as sent, once you have pasted them into the player's DMs yourself.",
        example="sent p2",
        check=_one_player("sent"),
        run=lambda s, a: s.deliver(s.resolve(" ".join(a)), via="the host's word"),
        completions=_players,
    ),
    HostCommand(
        name="commitment",
        syntax="commitment",
        what="Show the fairness commitment to post before the game.",
        example="commitment",
        check=_no_args("commitment"),
        run=lambda s, a: s.commitment_outputs(),
    ),
    HostCommand(
        name="entropy",
        syntax="entropy NAME=WORD, …",
        what=(
            "Mix the word or number each player sent after the commitment was posted into the seed: once, before the "
            "first game input (a live game takes no game input before it). Name whose each word is (“NAME=” with nothing "
            "after it for a player who sent none), or give one word per player in the roster's order; the words are mixed "
            "in the roster's order, in lower case with single spaces, however they are typed."
        ),
        example="entropy p1=17 lantern, p2=maple",
        check=_check_entropy,
        run=_mix_entropy,
    ),
    HostCommand(
        name="reveal",
        syntax="reveal [anyway]",
        what="At the end: post the seed, salt and the journal's final hash so players can check everything.",
        example="reveal",
        check=_check_reveal,
        run=lambda s, a: s.reveal(force=bool(a)),
    ),
    HostCommand(
        name="quit",
        aliases=("exit",),
        syntax="quit",
        what="Leave (Ctrl-D too). Everything accepted is already in the journal; the clocks stop where they are.",
        example="quit",
        check=_no_args("quit"),
        run=_action("quit"),
        action=True,
    ),
)

_BY_WORD: dict[str, HostCommand] = {w: c for c in HOST_COMMANDS for w in (c.name, *c.aliases)}
TIME_HELP = ("@ mm:ss", "Scripts only: set the game clock; every deadline passed is applied in order.", "@ 1:30")


def host_command(word: str) -> HostCommand | None:
    """The session command called `word` (case-insensitive), or None."""
    return _BY_WORD.get(word.casefold())


# ---------------------------------------------------------------- dispatch


def run(s: Session, text: str, raw: str) -> list[Output]:
    """What a host line does: a session command, a view, or one of the game's host commands."""
    words = text.split()
    head, args = words[0], words[1:]
    cmd = host_command(head)
    if cmd is not None:
        problem = cmd.check(args)
        if problem:
            raise InvalidCommand(problem, text=raw.strip())
        return cmd.run(s, args)
    view = s.game.view(head.casefold())
    if view is not None:
        if args and not view.takes_args:
            raise InvalidCommand(f"“{view.name}” takes nothing after it", text=raw.strip())
        return [view_output(view.build(s.state, s.now, args))]
    try:
        return s.game_input(None, text, raw)
    except InvalidCommand as exc:
        # "p3 bid 1": a player's line typed without its colon.
        suggested = re.search(r"“[^”]*: [^”]*”", exc.reason)  # the game already spelt out the line it meant
        if args and not suggested and s.scenario.roster.find(head) is not None:
            raise InvalidCommand(f"{exc.reason}; did you mean “{head}: {' '.join(args)}”?", text=raw.strip()) from exc
        close = word_like(s, head) if exc.reason.startswith("unknown host command") else None
        if close is not None:
            raise InvalidCommand(f"“{head}” is not a command; did you mean “{close}”?", text=raw.strip()) from exc
        raise


def word_like(s: Session, word: str) -> str | None:
    """The host command, view or game word a misspelt one resembles ("statsu" -> "status"), if any."""
    words = {c.name for c in HOST_COMMANDS} | {v.name for v in s.game.views()}
    words |= {h.syntax.split()[0] for h in s.game.help() if h.who == "host" and h.syntax.split()}
    close = difflib.get_close_matches(word.casefold(), sorted(words), n=1, cutoff=0.75)
    return close[0] if close else None


# Host commands no history keeps: the players' words are one game's, and recalled in another would be mixed into it.
FORGOTTEN = ("entropy",)
MAX_RECALLED = 200  # characters: a host command is short; a longer line is a paste


def recallable(s: Session, text: str) -> bool:
    """Whether a line the host entered may be kept where it outlives the game (the REPL's history file): a host
    command or view on one line, but not `entropy`, a game's host move that is sealed, a player's line (a colon
    makes one; so does a player's name first, as in “p1 gs 5” typed without its colon) or a pasted block."""
    line = text.strip()
    if not line or "\n" in line or ":" in line or len(line) > MAX_RECALLED:
        return False
    head = line.split()[0]
    try:
        if s.scenario.roster.find(head) is not None:
            return False
        cmd = host_command(head)
        if cmd is not None:
            return cmd.name not in FORGOTTEN
        if s.game.view(head.casefold()) is not None:
            return True
        if head.casefold() not in {h.syntax.split()[0].casefold() for h in s.game.help() if h.who == "host" and h.syntax.split()}:
            return False
        return not s.game.move_of(s.game.parse(s.state, None, line, s.resolve)).sealed
    except (UmpireError, LookupError):
        return False


def is_host_word(s: Session, word: str) -> bool:
    """Whether `word` is a session command or one of the game's views (the host's, wherever typed)."""
    return host_command(word) is not None or s.game.view(word.casefold()) is not None


def check(s: Session, text: str) -> str | None:
    """Why a host line cannot be read, for the live check (None: it can, or it is the game's to read)."""
    words = text.split()
    cmd = host_command(words[0])
    if cmd is not None:
        return cmd.check(words[1:])
    view = s.game.view(words[0].casefold())
    if view is not None:
        return None if view.takes_args or len(words) == 1 else f"“{view.name}” takes nothing after it"
    raise LookupError(words[0])


# ---------------------------------------------------------------- help and rules

Item = tuple[str, str, str, str]  # syntax, what, example, who ("player", "host" or "view")
TOPICS = {"players": "player", "player": "player", "host": "host", "views": "view", "view": "view"}


def help_items(s: Session) -> list[Item]:
    """(syntax, what, example, who) for every command: the game's, its views and the session's."""
    game = s.game
    items: list[Item] = [(h.syntax, h.what, h.example, h.who) for h in game.help()]
    items.append(_asking(s))
    items += [(f"{v.name} {v.args}".strip(), v.what, v.example or v.name, "view") for v in game.views()]
    items += [(c.syntax, c.what, c.example, "host") for c in HOST_COMMANDS]
    items.append((*TIME_HELP, "host"))
    return items


def _asking(s: Session) -> Item:
    """A player's `status` (and the game's words for it), answered by the session in every game (R-READ-4)."""
    words = [w for w in s.game.status_words if " " not in w]
    first = s.scenario.roster[0]
    what = (
        "What you may know now, and nothing more, sent to you privately (a DM). It changes nothing: "
        "undo passes over it, and the host's status view is the host's."
    )
    return (" / ".join(words), what, f"{first.aliases[0] if first.aliases else first.name}: {words[min(1, len(words) - 1)]}", "player")


def help_text(s: Session, topic: str | None = None, width: int = 80) -> str:
    """`help`: every command in short (a line each); a topic's commands in full; or one command in detail."""
    items = help_items(s)
    if topic:
        t = topic.casefold()
        if t in TOPICS:
            chosen = [i for i in items if i[3] == TOPICS[t]]
            return "\n".join([_heading(TOPICS[t]), *_full_rows(chosen, width)])
        hits = [i for i in items if i[0].split()[0].casefold().strip("[]") == t or t in i[0].casefold().split()]
        cmd = host_command(t)
        if cmd is not None and not hits:
            hits = [(cmd.syntax, cmd.what, cmd.example, "host")]
        if not hits:
            return f"No command or topic “{topic}”. Type “help” for the list."
        out: list[str] = []
        for syntax, what, example, _ in hits:
            out.append(syntax)
            out += textwrap.wrap(
                what, width=max(20, width - 2), initial_indent="  ", subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
            )
            out.append(f"  e.g. {example}")
        return "\n".join(out)
    names = " / ".join(f"{p.name} ({', '.join(p.aliases)})" if p.aliases else p.name for p in s.scenario.roster)
    lines = [s.title(), *textwrap.wrap(f"Players: {names}", width=width, subsequent_indent="  ", break_long_words=False)]
    for who in ("player", "view", "host"):
        lines += ["", _heading(who)]
        lines += _short_rows([i for i in items if i[3] == who], width)
    lines += [
        "",
        "“help COMMAND” shows one in detail with an example; “help players”, “help host” and “help views” list them in full.",
        "Pasted Discord messages work too: “[10:32 PM] Name: …”, or a “Name — Today at 10:32 PM” line followed by the messages.",
    ]
    return "\n".join(_wrap_all(lines, width))


def _heading(who: str) -> str:
    return {
        "player": "Player submissions (prefix with the player's name or alias, e.g. “p1: …”):",
        "view": "Views (the host's; each shows a table, and the chat text it may post):",
        "host": "Host commands (no prefix):",
    }[who]


def _short_rows(items: list[Item], width: int) -> list[str]:
    """A command a line: its syntax, then the first words of what it does, cut to the width."""
    col = min(26, max((len(i[0]) for i in items), default=0) + 4)
    out = []
    for syntax, what, _, _ in items:
        first = f"  {syntax}".ljust(col)
        room = width - len(first)
        summary = what.split(". ")[0].rstrip(".")
        if len(first) > col or room < 12:
            out.append(first.rstrip())
            continue
        out.append(first + (summary if len(summary) <= room else summary[: room - 1].rsplit(" ", 1)[0] + "…"))
    return out


def _full_rows(items: list[Item], width: int) -> list[str]:
    """Syntax in a column, the description wrapped beside it (never inside a word), the example on a line of its own."""
    col = min(24, max((len(i[0]) for i in items), default=0) + 4)
    out = []
    for syntax, what, example, _ in items:
        wrapped = textwrap.wrap(what, width=max(20, width - col), break_long_words=False, break_on_hyphens=False) or [""]
        first = f"  {syntax}".ljust(col)
        if len(first) > col:  # a long syntax gets its own line
            out.append(first.rstrip())
            first = " " * col
        out.append(first + wrapped[0])
        out += [" " * col + w for w in wrapped[1:]]
        out.append(" " * col + f"e.g. {example}")
    return out


def _wrap_all(lines: list[str], width: int) -> list[str]:
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()))
        out += textwrap.wrap(line, width=width, subsequent_indent=indent + "  ", break_long_words=False, break_on_hyphens=False)
    return out


def rules_text(s: Session, width: int = 80) -> str:
    """The house rulings in force for the loaded scenario, wrapped to `width` without breaking a word."""
    game = s.game
    # A setting that names a player is shown with the player's name: "Uri (p2)", not "p2".
    shown = Settings(s.scenario.settings)
    for setting in game.settings:
        if setting.kind == "player":
            player = s.scenario.roster.resolve(str(shown[setting.key]))
            shown[setting.key] = player.name if player.name == shown[setting.key] else f"{player.name} ({shown[setting.key]})"
    head = f"House rulings in force ({Path(s.scenario.path).name}; each is explained in {game.doc} of umpire's source):"
    lines = textwrap.wrap(head, width=width, break_long_words=False, break_on_hyphens=False)
    from umpire.session.reading import RULINGS

    for r in game.rulings(shown):
        lines += _bullet(r, width)
    lines += textwrap.wrap("How players' messages are read, in every game (docs/rulings.md):", width=width, break_long_words=False)
    for r in RULINGS:
        lines += _bullet(r, width)
    return "\n".join(lines)


def _bullet(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent="  • ", subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)
