"""The announcements of Hap-Tac-Toe and When Stars Align: one renderer per event kind, and the board as chat text.

Each renderer is given the match's configuration (its public context: the rule book, the settings
and the players' names) and the event, and says nothing the event does not hold.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.games.base import Post, Renderers
from umpire.games.haptactoe.events import (
    ClaimNoted,
    ClaimReport,
    FirstChosen,
    GameOver,
    GameStarted,
    MatchOver,
    MoveReminder,
    Number,
    Placed,
    ReserveReminder,
    ReserveStarted,
    Selected,
    TimedOut,
    TurnEnded,
    fmt,
)
from umpire.games.haptactoe.pictures import board_picture, match_picture
from umpire.games.haptactoe.pieces import COLS, SIZE, PieceSet
from umpire.games.haptactoe.settings import Config
from umpire.games.haptactoe.state import Verdict

RENDER: Renderers[Config] = Renderers()


@functools.lru_cache(maxsize=64)
def _safe(name: str) -> str:
    """A player's name made harmless for chat (`chat.safe`), once per name: every turn's post names both players."""
    return chat.safe(name)


def _n(name: str) -> str:
    return chat.bold(_safe(name))


def _pairs(values: Mapping[str, Number] | Mapping[str, int]) -> str:
    return " · ".join(f"{_safe(p)} {fmt(v)}" for p, v in values.items())


# ---------------------------------------------------------------- renderers


@RENDER.on(FirstChosen)
def _first_chosen(cfg: Config, ev: FirstChosen) -> str:
    return f"{_n(ev.chooser)} chooses {_n(ev.first)} to move first in game 1 (and second in game 2)."


@RENDER.on(GameStarted)
def _game_started(cfg: Config, ev: GameStarted) -> str:
    reserves = " · ".join(f"{chat.safe(p)} {fmt_clock(round(s * SECOND))}" for p, s in ev.reserve_seconds.items())
    return (
        f"**{cfg.book.title} — game {ev.game} begins.** {_n(ev.first)} moves first.\n"
        f"{cfg.move_ms // SECOND} s per move, then reserve ({reserves})."
    )


@RENDER.on(Selected)
def _selected(cfg: Config, ev: Selected) -> str:
    return f"{chat.safe(ev.player)} chooses {ev.piece} (its square comes next, e.g. “C3”)"


@RENDER.on(Placed)
def _placed(cfg: Config, ev: Placed) -> str:
    return f"{chat.safe(ev.player)}: {ev.piece} on {ev.square} (shown when the turn ends)"


@RENDER.on(ClaimNoted)
def _claim_noted(cfg: Config, ev: ClaimNoted) -> str:
    return f"{chat.safe(ev.player)} claims {cfg.book.claim_word} {' '.join(ev.squares)} (judged when the turn ends)"


@RENDER.on(TurnEnded)
def _turn_ended(cfg: Config, ev: TurnEnded) -> list[Post]:
    units = [f"**Game {ev.game}, turn {ev.turn} — {chat.safe(ev.player)}** placed {ev.piece} on {ev.square}."]
    units += [_claim_text(cfg, c) for c in ev.claims]
    if not ev.claims:
        units.append("No claims.")
    units.append(_score_line(cfg, ev))
    tail = chat.block(grid(cfg.book.pieces, cfg.row_one, ev.board))
    if ev.next is not None:
        reserve = fmt_clock(round(ev.reserve_seconds[ev.next] * SECOND))  # the next mover's, as the turn left it
        tail += f"\nNext: {_n(ev.next)} ({cfg.move_ms // SECOND} s, reserve {reserve})"
    units.append(tail)
    posts = pack(units)
    return [Post(text=posts[0], image=board_picture(cfg, ev)), *(Post(text=t) for t in posts[1:])]


def _score_line(cfg: Config, ev: TurnEnded) -> str:
    total = f"Score: {_pairs(ev.scores)}"
    line = total if ev.game == 1 else f"Score (game 2): {_pairs(ev.game_scores)} — total: {_pairs(ev.scores)}"
    if cfg.book.strikes:
        line += "   Strikes: " + _pairs(ev.strikes)
    return line


# How a post words each verdict code; the words of the code are always among them.
_WHY = {
    Verdict.OFF_LINE.value: "not on a line (rows, columns and 45° diagonals only; the grid does not wrap)",
    Verdict.REPEATED.value: "repeated this turn (the same squares were called earlier in it)",
}


def _claim_text(cfg: Config, c: ClaimReport) -> str:
    claim = f"{cfg.book.claim_word} {' '.join(c.squares)}"
    if c.verdict == Verdict.VALID:
        return f"✅ {claim} — +1"
    lines = [f"❌ {claim} — {_WHY.get(c.verdict, c.verdict)} — {_cost(cfg, c)}"]
    lines += [f"   · {reason}" for reason in c.why or ()]
    return "\n".join(lines)


def _cost(cfg: Config, c: ClaimReport) -> str:
    """What an invalid claim cost: "-0.5", "strike 1", "strike 2: -1 point, strikes reset"."""
    if c.strike is None:
        return fmt(c.points)
    if c.strike < cfg.strikes_per_penalty:
        return f"strike {c.strike}"
    lost = -c.points
    if lost == 0:
        return f"strike {c.strike}: no point lost (strike_penalty_points is 0), strikes reset"
    return f"strike {c.strike}: -{fmt(lost)} point{'' if lost == 1 else 's'}, strikes reset"


def pack(units: Sequence[str], limit: int = chat.LIMIT) -> list[str]:
    """Units of text (each kept whole where it fits) joined by line breaks into messages of at most `limit`.

    A post over Discord's limit is split between units, never inside one, so the board's code
    block always stays whole in its own message; a unit longer than the limit is split by `chat.split`.
    """
    whole = "\n".join(units)
    if len(whole) <= limit:
        return [whole]
    out: list[str] = []
    cur = ""
    for unit in units:
        for piece in chat.split(unit, limit):
            if cur and len(cur) + 1 + len(piece) > limit:
                out.append(cur)
                cur = ""
            cur = f"{cur}\n{piece}" if cur else piece
    if cur:
        out.append(cur)
    return out


@RENDER.on(GameOver)
def _game_over(cfg: Config, ev: GameOver) -> str:
    text = f"**Game {ev.game} is over** — the board is full. Game {ev.game} score: {_pairs(ev.game_scores)}."
    if ev.next_first is None:
        return text
    carry = "Reserves carry over."
    if cfg.book.strikes:
        carry = "Reserves and strikes carry over." if cfg.strikes_carry else "Reserves carry over; strikes start again at 0."
    return text + f"\nGame 2: {_n(ev.next_first)} moves first. {carry} (Host: “start” when ready.)"


@RENDER.on(MatchOver)
def _match_over(cfg: Config, ev: MatchOver) -> Post:
    line = f"Totals: {_pairs(ev.totals)}"
    if cfg.rounding == "ceil" and not cfg.book.strikes:
        line += f" → rounded up: {_pairs(ev.final_scores)}"
    text = f"🏆 **{chat.safe(ev.winner)} wins the Death Match**, {chat.safe(ev.reason)}.\n{line}"
    return Post(text=text, image=match_picture(cfg, ev))


@RENDER.on(TimedOut)
def _timed_out(cfg: Config, ev: TimedOut) -> str:
    return (
        f"⏰ **{chat.safe(ev.reason)}.** {_n(ev.winner)} wins the Death Match.\n"
        f"Scores when time ran out: {_pairs(ev.totals)} (a time-out decides the DM whatever the score; "
        "the unfinished move does not count)."
    )


@RENDER.on(MoveReminder)
def _move_reminder(cfg: Config, ev: MoveReminder) -> str:
    return f"⏳ {_n(ev.player)}: {ev.seconds} s left on this move."


@RENDER.on(ReserveStarted)
def _reserve_started(cfg: Config, ev: ReserveStarted) -> str:
    return f"⏳ {_n(ev.player)}'s {_move_time(cfg.move_ms)} up: now on reserve ({fmt_clock(ev.seconds * SECOND)} left)."


def _move_time(ms: int) -> str:
    """The free time of a move, worded from move_seconds, with its verb: "minute is", "20 seconds are"."""
    seconds = ms // SECOND
    if seconds % 60 == 0:
        return "minute is" if seconds == 60 else f"{seconds // 60} minutes are"
    return "1 second is" if seconds == 1 else f"{seconds} seconds are"


@RENDER.on(ReserveReminder)
def _reserve_reminder(cfg: Config, ev: ReserveReminder) -> str:
    return f"⏳ {_n(ev.player)}: {fmt_clock(ev.seconds * SECOND)} of reserve left."


# ---------------------------------------------------------------- the board


def grid(pieces: PieceSet, row_one: str, board: Mapping[str, str]) -> str:
    """The board as monospaced text: column letters, row numbers, three letters a piece, a legend."""
    header, rows, legend = _layout(pieces, row_one)
    short_of = pieces.short_of
    out = [header]
    for label, names in rows:
        cells = []
        for name in names:
            words = board.get(name)
            if words is None:
                cells.append(" · ")
            elif (short := short_of(words)) is not None:  # as the board's JSON writes a piece: looked up
                cells.append(short)
            else:
                lookup = pieces.lookup()
                vals = sorted(lookup[w] for w in words.split())
                cells.append("".join(pieces.letters[i][v] for i, v in vals))
        out.append((label + "  ".join(cells)).rstrip())
    out.append(legend)
    return "\n".join(out)


Layout = tuple[str, tuple[tuple[str, tuple[str, ...]], ...], str]
_LAYOUTS: dict[tuple[int, str], tuple[PieceSet, Layout]] = {}


def _layout(pieces: PieceSet, row_one: str) -> Layout:
    """What every board of a piece set drawn with row 1 at `row_one` shares: the column letters, each row's label and
    squares in the order drawn, and the legend. Made once: a turn's post draws the board, and a replay draws thousands."""
    got = _LAYOUTS.get((id(pieces), row_one))
    if got is not None and got[0] is pieces:
        return got[1]
    numbers = list(range(1, SIZE + 1))
    if row_one == "bottom":
        numbers.reverse()
    header = ("    " + "  ".join(f"{c:^3}" for c in COLS)).rstrip()
    rows = tuple((f"{r:>2}  ", tuple(f"{c}{r}" for c in COLS)) for r in numbers)
    layout = (header, rows, _legend(pieces))
    _LAYOUTS[(id(pieces), row_one)] = (pieces, layout)  # the piece set is held, so its id is not another's
    return layout


def _legend(pieces: PieceSet) -> str:
    """One line saying what the board's letters mean (letters equal to their word need no key)."""
    parts = []
    for i, name in enumerate(pieces.attributes):
        keys = [f"{pieces.letters[i][j]}={w}" for j, w in enumerate(pieces.values[i]) if pieces.letters[i][j] != w]
        parts.append(f"{name}: " + "/".join(keys) if keys else f"{name}: {'/'.join(pieces.values[i])}")
    return " · ".join(parts)
