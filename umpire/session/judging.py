"""Judging messages: each complete message the intake read, in order, as one or more inputs.

A player's message of one line is one input; of several lines, the inputs the game reads it as
(`Game.message`), each refused or accepted on its own. A host line is a host command, a view or
one of the game's host commands; a time line moves a script's clock. A refusal goes to the player
who sent the line (a DM audience) or to the host.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from umpire.core.clock import fmt_stamp, parse_clock
from umpire.core.errors import IllegalAction, InvalidCommand, UmpireError
from umpire.games.base import HOST, Audience, dm
from umpire.session import host
from umpire.session.intake import MAX_LINE, Line, Message
from umpire.session.outputs import Output, internal_error, refusal

if TYPE_CHECKING:
    from umpire.session.session import Session


def judge(s: Session, messages: Sequence[Message], allow_time: bool) -> list[Output]:
    out: list[Output] = []
    for m in messages:
        out += message(s, m, allow_time)
    return out


def message(s: Session, message: Message, allow_time: bool) -> list[Output]:
    """Judge one message; every input in it is refused or accepted on its own."""
    line = message.lines[0]
    to = sender(s, message)
    try:
        if message.kind == "player":
            return player_message(s, message, to)
        if message.kind == "too_long":
            raise InvalidCommand(f"this line is too long to be a command (over {MAX_LINE} characters)", text=line.raw)
        if message.kind == "time":
            return time_line(s, line, allow_time)
        return host.run(s, line.text, line.raw)
    except UmpireError as exc:
        return [refusal(line.raw, exc, message.lineno, audience=to, names=s.names)]
    except Exception as exc:  # a bug must never end a live session
        return [internal_error(line.raw.strip(), exc, message.lineno)]


def sender(s: Session, message: Message) -> Audience:
    """Who a refusal of this message goes to: its player, or the host."""
    player = s.scenario.roster.find(message.sender) if message.sender else None
    return dm(player.seat) if player is not None else HOST


def time_line(s: Session, line: Line, allow_time: bool) -> list[Output]:
    if not allow_time:
        raise InvalidCommand(
            "time lines are for scripts; in the REPL the clocks run by themselves (use pause/resume)", text=line.raw.strip()
        )
    t = parse_clock(line.text)
    if s.paused:
        raise IllegalAction(f"the clocks are paused at {fmt_stamp(s.now)}; “resume” first", text=line.raw.strip())
    if t < s.now:
        raise IllegalAction(f"the clock is already at {fmt_stamp(s.now)}; time cannot go back", text=line.raw.strip())
    return s.advance(t)


def player_message(s: Session, message: Message, to: Audience) -> list[Output]:
    """A player's message: one input per line, or as the game reads a message of several lines."""
    first = message.lines[0]
    assert first.name is not None
    player = s.scenario.roster.resolve(first.name)
    if len(message.lines) == 1:
        if not first.text:
            raise InvalidCommand(f"{player.name} sent nothing after the colon", text=first.raw.strip())
        return s.game_input(player.seat, first.text, first.raw)
    return lines(s, player.seat, [ln.text for ln in message.lines], [ln.raw for ln in message.lines], list(message.numbers), to)


def lines(
    s: Session, seat: int, texts: list[str], raws: list[str], numbers: list[int | None], to: Audience, *, source: str | None = None
) -> list[Output]:
    """The inputs of one message of several lines, each judged on its own."""
    out: list[Output] = []
    whole = f"{s.names[seat]}: " + " / ".join(texts)  # how a message of several lines is named in refusals and undo
    for text in s.game.message(s.state, seat, texts):
        i = texts.index(text) if text in texts else None
        raw, n = (raws[i], numbers[i]) if i is not None else (whole, numbers[0])
        try:
            out += s.game_input(seat, text, raw, source=source)
        except UmpireError as exc:
            out.append(refusal(raw, exc, n, audience=to, names=s.names))
        except Exception as exc:  # a bug must never end a live session
            out.append(internal_error(raw.strip(), exc, n))
    return out
