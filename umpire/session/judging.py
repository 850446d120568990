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
from umpire.session import entries as E
from umpire.session import fairness, host, reading
from umpire.session.lines import MAX_LINE, Line, Message
from umpire.session.outputs import Output, OutputKind, info, internal_error, refusal

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
    """A player's message: one input per line, or as the game reads a message of several lines (each line read
    as the session reads a player's words, R-READ-1)."""
    first = message.lines[0]
    assert first.name is not None
    player = s.scenario.roster.resolve(first.name)
    if len(message.lines) == 1 and not first.text:
        raise InvalidCommand(f"{player.name} sent nothing after the colon", text=first.raw.strip())
    sent = [ln.text for ln in message.lines]
    texts, raws, numbers = [], [], []
    for text, ln, n in zip(read_lines(s, sent), message.lines, message.numbers, strict=True):
        if text:
            texts.append(text)
            raws.append(ln.raw)
            numbers.append(n)
    if not texts:
        raise InvalidCommand(
            reading.NOTHING_LEFT, text=first.raw.strip() if len(message.lines) == 1 else f"{player.name}: " + " / ".join(sent)
        )
    if len(message.lines) == 1:
        return player_input(s, player.seat, texts[0], first.raw)
    return lines(s, player.seat, texts, raws, numbers, to, sent=sent)


def player_input(s: Session, seat: int, text: str, raw: str, source: str | None = None) -> list[Output]:
    """One input from a player: the game's, or their question of what they may know, which the session answers
    privately and which changes nothing (an `asked` entry, no ruling: R-READ-4). A refusal raises."""
    if reading.asks(s.game, text):
        return s.engine.submit(E.Asked(t=s.now, by=seat, text=text, source=source), raw.strip())
    twice = resent(s, seat, text)
    if twice is not None:
        raise IllegalAction(twice, text=raw.strip())
    return s.game_input(seat, text, raw, source=source)


RESENT_MS = 5000  # how soon after it the same move from the same player is taken for the same message sent twice (R-READ-5)


def resent(s: Session, seat: int, text: str) -> str | None:
    """Why a player's line is their last move sent again, to be counted once (R-READ-5), or None.

    It is when the last ruling in force is that player's input, made at most 5 s before, of a move its game counts
    once when resent (`Move.resent_once`: a claim, a call, an offer), and this line reads as the same command: a
    message sent twice (Discord's retry, a paste repeated), not the card's genuinely repeated call, which comes later
    or after something else was judged.
    """
    last = s.engine.inputs.get(s.history[-1].n) if s.history else None
    if last is None or last[0] != seat or s.now - last[2] > RESENT_MS:
        return None
    game, step = s.game, s.history[-1]
    try:
        again = game.parse(s.state, seat, text, s.resolve)
        if not game.move_of(again).resent_once or again != game.parse(step.before, seat, last[1], s.resolve):
            return None
    except (UmpireError, LookupError):
        return None
    return (
        f"counted once: the same move as your “{last[1]}” came again within {RESENT_MS // 1000} s with nothing judged "
        "between, so it is one message sent twice (R-READ-5); the first stands"
    )


def read_lines(s: Session, texts: Sequence[str]) -> list[str]:
    """What the game reads of each line a player sent: the line with Discord's formatting set aside (R-READ-1) and the
    mentions of players written as their names (R-READ-2)."""
    meaningful, users = s.game.meaningful, s.mentioned
    return [reading.read(reading.named(text, users), meaningful=meaningful) for text in texts]


def lines(
    s: Session,
    seat: int,
    texts: list[str],
    raws: list[str],
    numbers: list[int | None],
    to: Audience,
    *,
    source: str | None = None,
    sent: Sequence[str] | None = None,
) -> list[Output]:
    """The inputs of one message of several lines, each judged on its own (`sent`: its lines as the player sent them)."""
    out: list[Output] = []
    whole = f"{s.names[seat]}: " + " / ".join(sent or texts)  # how a message of several lines is named in refusals and undo
    for text in s.game.message(s.state, seat, texts):
        i = texts.index(text) if text in texts else None
        raw, n = (raws[i], numbers[i]) if i is not None else (whole, numbers[0])
        try:
            out += player_input(s, seat, text, raw, source)
        except UmpireError as exc:
            out.append(refusal(raw, exc, n, audience=to, names=s.names))
        except Exception as exc:  # a bug must never end a live session
            out.append(internal_error(raw.strip(), exc, n))
    return out


# ---------------------------------------------------------------- a message from a known player (a bot)


def submit(s: Session, seat: int, lines: Sequence[str], at: int | None, source: str | None, early: bool = False) -> list[Output]:
    """One message from player `seat` (Session.submit): its inputs, each judged on its own; or, while the game
    waits for the players' entropy and the message has a `source`, the player's word for the seed (refused if it was
    sent `early`, before the commitment was posted)."""
    sent = [ln.strip() for ln in lines if ln.strip()]
    if source is not None and source in s.sources:
        return [info(f"(already taken: {source})")]
    if not sent and not (source is not None and s.fair.waiting):
        return []  # a message with no text (a picture) is no move; while the words for the seed are collected it is answered
    out = s.advance(at) if at is not None and at > s.now else []
    if source is not None and s.fair.waiting and len(s.fair.words) == len(s.names):
        out += mixed(s)  # every word is in but mixing them failed (the journal could not be written): again, first
    if source is not None and s.fair.waiting:
        return out + word(s, seat, " ".join(sent), source, early)
    to = dm(seat)
    name = s.names[seat]
    raw = f"{name}: " + " / ".join(sent)
    read = [(text, line) for text, line in zip(read_lines(s, sent), sent, strict=True) if text]
    try:
        if not read:
            raise InvalidCommand(reading.NOTHING_LEFT)
        if len(read) == 1:
            out += player_input(s, seat, read[0][0], f"{name}: {read[0][1]}", source)
        else:
            out += lines_of(s, seat, read, source, to, sent)
    except UmpireError as exc:
        out.append(refusal(raw, exc, None, audience=to, names=s.names))
    except Exception as exc:  # a bug must never end a live session
        out.append(internal_error(raw, exc))
    if source is not None and source not in s.sources:
        out += heard(s, seat, "\n".join(sent), source, out)
    return out


def lines_of(s: Session, seat: int, read: list[tuple[str, str]], source: str | None, to: Audience, sent: list[str]) -> list[Output]:
    """The inputs of a message of several lines a bot received: `read` holds each line read and as sent."""
    name = s.names[seat]
    texts, raws = [text for text, _ in read], [f"{name}: {line}" for _, line in read]
    return lines(s, seat, texts, raws, [None] * len(read), to, source=source, sent=sent)


def heard(s: Session, seat: int, text: str, source: str, out: list[Output]) -> list[Output]:
    """Journal a message that made no input (refused), so a restart does not judge it again."""
    if any(o.error == "JournalError" for o in out):
        return []  # the journal cannot be written: the message is judged again when it can
    reasons = [o.text for o in out if o.kind == OutputKind.REFUSAL]
    refused = reasons[0] if reasons else "nothing in it was read as an input"
    return s.engine.submit(E.Heard(t=s.now, by=seat, text=text, source=source, refused=refused), f"{s.names[seat]}'s message {source}")


def word(s: Session, seat: int, text: str, source: str, early: bool = False) -> list[Output]:
    """A player's word for the seed, sent while the game waits for them: journaled (`heard`), and once every
    player's is in, mixed into the seed in seat order (an `entropy` entry, as the host's `entropy NAME=WORD, …`).
    One sent `early`, before the commitment was posted, is refused: the secret must be fixed, in public, first."""
    name = s.names[seat]
    problem = fairness.EARLY_WORD if early else fairness.check_word(text, len(s.names))
    if problem is None and seat in s.fair.words:
        problem = f"your word for the seed is in already (“{s.fair.words[seat]}”); the game starts once every player's is"
    if problem is not None:
        out = [refusal(f"{name}: {text}", IllegalAction(problem), None, audience=dm(seat), names=s.names)]
        return out + heard(s, seat, text, source, out)
    out = s.engine.submit(E.Heard(t=s.now, by=seat, text=text, source=source), f"{name}'s word for the seed")
    if out and out[-1].error == "JournalError":
        return out
    if len(s.fair.words) == len(s.names):
        out += mixed(s)
    return out


def mixed(s: Session) -> list[Output]:
    """Mix in every player's word, in seat order. Each word was checked as it came (its length an equal share of the
    limit), so this is not refused; should it be all the same, the host is told what to type, and nobody waits on it."""
    words = [s.fair.words[i] for i in range(len(s.names))]
    try:
        return s.mix_entropy(words)
    except UmpireError as exc:
        typed = ", ".join(f"{name}={w}" for name, w in zip(s.names, words, strict=True))
        why = f"the players' words could not be mixed into the seed ({exc.reason}): type “entropy {typed}” yourself"
        return [refusal(f"entropy {typed}", IllegalAction(why), None, names=s.names)]
