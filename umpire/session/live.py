"""The live check: what a line would do, asked at every keystroke, without changing anything.

Reading is checked, and whether its move may be made now (the game's table of moves); never the
rules beyond that, nor a view. A line `ahead` of the game (a pasted block's line after its first:
the lines before it will have moved the game on by then) is checked for reading only. The REPL's
toolbar and the line's colouring both ask at every redraw, so the last answer is kept. A bug in a
game's reader is reported as the reason, never raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from umpire.core.clock import parse_clock
from umpire.core.errors import IllegalAction, UmpireError
from umpire.session import host, reading
from umpire.session.lines import _BRACKETED, Line, classify

if TYPE_CHECKING:
    from umpire.core.players import Roster
    from umpire.session.session import Session


def check(session: Session, text: str, *, allow_time: bool = True, ahead: bool = False) -> str | None:
    """Why a line (or the last line of a block) would be refused, or None; `ahead`: why it cannot be read."""
    key = (text, allow_time, session.speaker, ahead)
    cached_key, cached_state, cached = session._live
    if cached_key == key and cached_state is session.state:
        return cached
    try:
        answer = _check(session, text, allow_time=allow_time, ahead=ahead)
    except Exception as exc:  # the live check must never take the REPL down
        answer = f"internal error in the game's reader ({type(exc).__name__}); Enter reports it without changing anything"
    session._live = (key, session.state, answer)  # holding the state keeps `is` meaningful
    return answer


def block_checks(session: Session, lines: Sequence[str]) -> list[Literal["now", "ahead"] | None]:
    """How the live check takes each line of a block pasted at once, in the order it will be judged.

    "now": checked against the game as it stands (the block's first line); "ahead": checked for reading
    only, since the lines before it will have moved the game on when it is judged; None: not checked (an
    empty line, or a line under a Discord header opened in the same block: its sender's message, judged
    on Enter, as under a header entered on its own).
    """
    roster = session.scenario.roster
    out: list[Literal["now", "ahead"] | None] = []
    first = True
    under = False  # a header (or a compact copy going on below) in the block opened its sender's message, not yet ended
    for i, text in enumerate(lines):
        line = classify(text)
        if line.kind == "header":
            under = True
        elif line.kind in ("blank", "time", "too_long"):
            under = False
        elif line.kind == "player" and line.text and _BRACKETED.match(text.strip()):
            under = i + 1 < len(lines) and _goes_on(roster, lines[i + 1])
            if under:  # a compact copy of several lines: one message, judged on Enter
                out.append(None)
                first = False
                continue
        elif under and not (line.kind == "player" and line.name is not None and roster.find(line.name) is not None):
            out.append(None)
            first = False
            continue
        if not text.strip():
            out.append(None)
            continue
        out.append("now" if first else "ahead")
        first = False
    return out


def _goes_on(roster: Roster, text: str) -> bool:
    """Whether a line after a compact copy continues its message (a line without a player's name, R-READ-3)."""
    line = classify(text)
    if line.kind in ("blank", "time", "too_long", "header", "comment"):
        return False
    return not (
        line.kind == "player" and (_BRACKETED.match(text.strip()) or (line.name is not None and roster.find(line.name) is not None))
    )


def _check(session: Session, text: str, *, allow_time: bool, ahead: bool) -> str | None:
    line = classify(text.split("\n")[-1])
    try:
        if line.kind == "too_long":
            return "this line is too long to be a command"
        if line.kind == "time":
            if not allow_time:
                return "time lines are for scripts; in the REPL the clocks run by themselves"
            parse_clock(line.text)
            return None
        if line.kind == "player":
            return _player(session, line, ahead)
        if line.kind == "host":
            return _host(session, line.text, ahead)
    except UmpireError as exc:
        return exc.reason
    return None


def _player(session: Session, line: Line, ahead: bool) -> str | None:
    roster = session.scenario.roster
    if line.name is None:
        return None
    player = roster.find(line.name)
    if player is None:
        if session.speaker is None:
            roster.resolve(line.name)
        return None
    if line.text:
        text = reading.read(reading.named(line.text, session.mentioned), meaningful=session.game.meaningful)  # as judged
        if not text:
            return reading.NOTHING_LEFT
        return None if reading.asks(session.game, text) else _move(session, player.seat, text, ahead)
    return None


def _host(session: Session, text: str, ahead: bool) -> str | None:
    try:
        return host.check(session, text)
    except LookupError:
        pass
    if session.speaker is not None:
        return None
    return _move(session, None, text, ahead)


def _move(session: Session, actor: int | None, text: str, ahead: bool) -> str | None:
    """Whether the game reads `text` from `actor`, and (unless `ahead`) whether its move may be made now."""
    game = session.game
    command = game.parse(session.state, actor, text, session.resolve)
    if ahead:
        return None
    try:
        return game.why_not(session.state, actor, command)
    except IllegalAction as exc:
        return exc.reason


def complete(session: Session, line: str, word: str) -> list[str]:
    """Candidates for the word being typed: player prefixes, host commands and views, and the game's words
    for the moves allowed now (a player's, after their prefix; the host's otherwise)."""
    game = session.game
    roster = session.scenario.roster
    if ":" not in line:
        before = line[: len(line) - len(word)].split()
        if not before:
            candidates = [f"{n}: " for n in roster.all_names()]
            candidates += [w for c in host.HOST_COMMANDS for w in (c.name, *c.aliases)]
            candidates += [v.name for v in game.views()]
            return candidates + game.suggest(session.state, None, [])
        cmd = host.host_command(before[0])
        if cmd is not None:
            return cmd.completions(session) if cmd.completions and len(before) == 1 else []
        return game.suggest(session.state, None, before)
    name, _, rest = line.partition(":")
    player = roster.find(name.strip())
    if player is None:
        return []
    before = rest[: len(rest) - len(word)].split()
    offered = game.suggest(session.state, player.seat, before)
    if not before:  # a player may always ask what they may know (R-READ-4)
        offered += [w for w in game.status_words if " " not in w and w not in offered]
    return offered
