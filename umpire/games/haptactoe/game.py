"""Hap-Tac-Toe / When Stars Align as a `Game`: announcements, views, help and completion."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Literal

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import JSON, Event, HelpItem, LegacyGame, Post, Renderers, Resolve, Setup, View, ViewDef
from umpire.games.haptactoe import rules
from umpire.games.haptactoe.events import (
    EVENTS,
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
)
from umpire.games.haptactoe.pieces import COLS, SIZE, SQUARES, PieceSet, square_name
from umpire.games.haptactoe.rules import HTT, WSA, Command, Config, Phase, Rulebook, State, Verdict, fmt
from umpire.games.pictures import table_picture

RENDER: Renderers[State] = Renderers()


def _n(name: str) -> str:
    return chat.bold(chat.safe(name))


def _pairs(values: Mapping[str, Number] | Mapping[str, int]) -> str:
    return " · ".join(f"{chat.safe(p)} {fmt(v)}" for p, v in values.items())


def _book(state: State) -> Rulebook:
    return state.cfg.book


# ---------------------------------------------------------------- renderers


@RENDER.on(FirstChosen)
def _first_chosen(state: State, ev: FirstChosen) -> str:
    return f"{_n(ev.chooser)} chooses {_n(ev.first)} to move first in game 1 (and second in game 2)."


@RENDER.on(GameStarted)
def _game_started(state: State, ev: GameStarted) -> str:
    reserves = " · ".join(f"{chat.safe(p)} {fmt_clock(round(s * SECOND))}" for p, s in ev.reserve_seconds.items())
    return (
        f"**{_book(state).title} — game {ev.game} begins.** {_n(ev.first)} moves first.\n"
        f"{state.cfg.move_ms // SECOND} s per move, then reserve ({reserves})."
    )


@RENDER.on(Selected)
def _selected(state: State, ev: Selected) -> str:
    return f"{chat.safe(ev.player)} chooses {ev.piece} (its square comes next, e.g. “C3”)"


@RENDER.on(Placed)
def _placed(state: State, ev: Placed) -> str:
    return f"{chat.safe(ev.player)}: {ev.piece} on {ev.square} (shown when the turn ends)"


@RENDER.on(ClaimNoted)
def _claim_noted(state: State, ev: ClaimNoted) -> str:
    return f"{chat.safe(ev.player)} claims {_book(state).claim_word} {' '.join(ev.squares)} (judged when the turn ends)"


@RENDER.on(TurnEnded)
def _turn_ended(state: State, ev: TurnEnded) -> list[Post]:
    book = _book(state)
    units = [f"**Game {ev.game}, turn {ev.turn} — {chat.safe(ev.player)}** placed {ev.piece} on {ev.square}."]
    units += [_claim_text(state.cfg, c) for c in ev.claims]
    if not ev.claims:
        units.append("No claims.")
    units.append(_score_line(state, ev))
    tail = chat.block(grid(book.pieces, state.cfg.row_one, ev.board))
    if ev.next is not None and state.turn is not None:
        reserve = fmt_clock(state.reserve[state.turn.seat])
        tail += f"\nNext: {_n(ev.next)} ({state.cfg.move_ms // SECOND} s, reserve {reserve})"
    units.append(tail)
    posts = pack(units)
    return [Post(text=posts[0], image=_board_picture(state, ev)), *(Post(text=t) for t in posts[1:])]


def _board_picture(state: State, ev: TurnEnded) -> Callable[[], bytes]:
    """The board after the turn as a picture (claimed lines marked, the new piece framed), drawn when copied."""
    claimed = tuple(
        (square_name(j.squares[0]), square_name(j.squares[1]), square_name(j.squares[2]))
        for j in state.judged
        if j.game == ev.game and j.verdict is Verdict.VALID
    )
    variant: Literal["htt", "wsa"] = "wsa" if _book(state).strikes else "htt"
    row_one: Literal["top", "bottom"] = "bottom" if state.cfg.row_one == "bottom" else "top"
    title = f"{_book(state).title}, game {ev.game}, turn {ev.turn}"

    def draw_board() -> bytes:
        from umpire.images import HapBoard, draw, piece_from_words

        cells = {sq: piece_from_words(words) for sq, words in ev.board.items()}
        return draw(HapBoard(cells=cells, variant=variant, row_one=row_one, claimed=claimed, last=ev.square, title=title))

    return draw_board


def _score_line(state: State, ev: TurnEnded) -> str:
    total = f"Score: {_pairs(ev.scores)}"
    line = total if ev.game == 1 else f"Score (game 2): {_pairs(ev.game_scores)} — total: {_pairs(ev.scores)}"
    if _book(state).strikes:
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
def _game_over(state: State, ev: GameOver) -> str:
    text = f"**Game {ev.game} is over** — the board is full. Game {ev.game} score: {_pairs(ev.game_scores)}."
    if ev.next_first is None:
        return text
    carry = "Reserves carry over."
    if _book(state).strikes:
        carry = "Reserves and strikes carry over." if state.cfg.strikes_carry else "Reserves carry over; strikes start again at 0."
    return text + f"\nGame 2: {_n(ev.next_first)} moves first. {carry} (Host: “start” when ready.)"


@RENDER.on(MatchOver)
def _match_over(state: State, ev: MatchOver) -> Post:
    line = f"Totals: {_pairs(ev.totals)}"
    if state.cfg.rounding == "ceil" and not _book(state).strikes:
        line += f" → rounded up: {_pairs(ev.final_scores)}"
    text = f"🏆 **{chat.safe(ev.winner)} wins the Death Match**, {chat.safe(ev.reason)}.\n{line}"
    rows = [(p, fmt(ev.totals[p]), fmt(ev.final_scores[p])) for p in ev.totals]
    return Post(text=text, image=table_picture(f"{_book(state).title}: {ev.winner} wins", ("player", "total", "final score"), rows))


@RENDER.on(TimedOut)
def _timed_out(state: State, ev: TimedOut) -> str:
    return (
        f"⏰ **{chat.safe(ev.reason)}.** {_n(ev.winner)} wins the Death Match.\n"
        f"Scores when time ran out: {_pairs(ev.totals)} (a time-out decides the DM whatever the score; "
        "the unfinished move does not count)."
    )


@RENDER.on(MoveReminder)
def _move_reminder(state: State, ev: MoveReminder) -> str:
    return f"⏳ {_n(ev.player)}: {ev.seconds} s left on this move."


@RENDER.on(ReserveStarted)
def _reserve_started(state: State, ev: ReserveStarted) -> str:
    return f"⏳ {_n(ev.player)}'s {_move_time(state.cfg.move_ms)} up: now on reserve ({fmt_clock(ev.seconds * SECOND)} left)."


def _move_time(ms: int) -> str:
    """The free time of a move, worded from move_seconds, with its verb: "minute is", "20 seconds are"."""
    seconds = ms // SECOND
    if seconds % 60 == 0:
        return "minute is" if seconds == 60 else f"{seconds // 60} minutes are"
    return "1 second is" if seconds == 1 else f"{seconds} seconds are"


@RENDER.on(ReserveReminder)
def _reserve_reminder(state: State, ev: ReserveReminder) -> str:
    return f"⏳ {_n(ev.player)}: {fmt_clock(ev.seconds * SECOND)} of reserve left."


# ---------------------------------------------------------------- the board


def grid(pieces: PieceSet, row_one: str, board: Mapping[str, str]) -> str:
    """The board as monospaced text: column letters, row numbers, three letters a piece, a legend."""
    lookup = pieces.lookup()
    rows = list(range(1, SIZE + 1))
    if row_one == "bottom":
        rows.reverse()
    out = [("    " + "  ".join(f"{c:^3}" for c in COLS)).rstrip()]
    for r in rows:
        cells = []
        for c in COLS:
            words = board.get(f"{c}{r}")
            if words is None:
                cells.append(" · ")
            else:
                vals = sorted(lookup[w] for w in words.split())
                cells.append("".join(pieces.letters[i][v] for i, v in vals))
        out.append((f"{r:>2}  " + "  ".join(cells)).rstrip())
    out.append(_legend(pieces))
    return "\n".join(out)


def _legend(pieces: PieceSet) -> str:
    """One line saying what the board's letters mean (letters equal to their word need no key)."""
    parts = []
    for i, name in enumerate(pieces.attributes):
        keys = [f"{pieces.letters[i][j]}={w}" for j, w in enumerate(pieces.values[i]) if pieces.letters[i][j] != w]
        parts.append(f"{name}: " + "/".join(keys) if keys else f"{name}: {'/'.join(pieces.values[i])}")
    return " · ".join(parts)


# ---------------------------------------------------------------- the game


class HapTacToe(LegacyGame[State, Command]):
    """One of the two rule sets."""

    players = (2, 2)
    events = EVENTS
    renderers = RENDER

    def __init__(self, book: Rulebook) -> None:
        self.book = book
        self.key = book.key
        self.title = book.title
        self.settings = rules.settings_for(book)
        self.doc = "docs/hap-tac-toe.md"

    # -- rules

    def configure(self, setup: Setup) -> Config:
        """Read the scenario's settings (already checked) into a Config."""
        b = self.book
        s = setup.settings
        roster = setup.roster
        return Config(
            book=b,
            names=tuple(p.name for p in roster),
            handles=tuple(p.aliases[0] if p.aliases else p.name for p in roster),
            chooser=roster.resolve(s.text(b.chooser_key)).seat,
            move_ms=s.integer("move_seconds") * SECOND,
            reserve_ms=s.integer("reserve_seconds") * SECOND,
            move_reminders=rules.reminders(s, "move_reminders"),
            reserve_reminders=rules.reminders(s, "reserve_reminders"),
            row_one=s.text("row_one"),
            penalty=Fraction(str(s.number("invalid_claim_penalty"))) if not b.strikes else Fraction(0),
            rounding=s.text("final_rounding") if not b.strikes else "none",
            strikes_per_penalty=s.integer("strikes_per_penalty") if b.strikes else 2,
            strike_points=s.integer("strike_penalty_points") if b.strikes else 1,
            strikes_carry=s.flag("strikes_carry_over") if b.strikes else True,
        )

    def start(self, setup: Setup) -> State:
        """A match before the first player is chosen."""
        return rules.initial(self.configure(setup))

    def parse(self, state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
        """Read one line from a player or the host."""
        return rules.parse(state, actor, text, resolve)

    def apply(self, state: State, command: Command, now: int) -> tuple[State, list[Event]]:
        """Judge one command."""
        return rules.apply(state, command, now)

    def next_due(self, state: State) -> int | None:
        """When the turn's clock next acts."""
        return rules.next_due(state)

    def on_due(self, state: State, now: int) -> tuple[State, list[Event]]:
        """Fire the turn's next clock step."""
        return rules.on_due(state, now)

    def is_over(self, state: State) -> bool:
        """Whether the DM has ended."""
        return state.over

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        """Reminders that could never fire, or too many of them."""
        return rules.validate_reminders(settings)

    # -- text

    def final(self, state: State, now: int) -> dict[str, JSON]:
        """The whole match as JSON data."""
        names = state.cfg.names
        turn = state.turn
        return {
            "game_key": self.key,
            "scores": {names[i]: rules.number(state.total(i)) for i in range(2)},
            "game_scores": [{names[i]: rules.number(state.points[g][i]) for i in range(2)} for g in range(2)],
            "final_scores": {names[i]: rules.number(state.final_score(i)) for i in range(2)} if state.over else None,
            "game": state.game,
            "phase": str(state.phase),
            "first": names[state.first] if state.first is not None else None,
            "turn": {"player": names[turn.seat], "number": turn.number, "placed": turn.placed is not None} if turn else None,
            "board": rules.board_json(state),
            "claimed": [
                {"game": j.game, "turn": j.turn, "player": names[j.seat], "squares": [square_name(s) for s in j.squares]}
                for j in state.judged
                if j.verdict is Verdict.VALID
            ],
            "strikes": {names[i]: state.strikes[i] for i in range(2)},
            "reserve_seconds": {names[i]: rules.live_reserve(state, i, now) / SECOND for i in range(2)},
            "winner": names[state.winner] if state.winner is not None else None,
            "result": state.end_reason or None,
            "over": state.over,
        }

    def views(self) -> Sequence[ViewDef[State]]:
        """status, board and haps."""
        claims = self.book.claim_word + "s"
        return (
            ViewDef(name="status", what="Scores per game, strikes and live reserves (table and chat text).", build=self._status),
            ViewDef(name="board", what="The board as posted (a placement shows only after its turn ends).", build=self._board),
            ViewDef(name="haps", what=f"The unclaimed {claims} on a line of the board (host only, never announced).", build=self._haps),
        )

    def _status(self, state: State, now: int, args: Sequence[str]) -> View:
        _no_args("status", args)
        names = state.cfg.names
        rows = []
        for i in range(2):
            row = [names[i], fmt(state.points[0][i]), fmt(state.points[1][i]), fmt(state.total(i))]
            if self.book.strikes:
                row.append(str(state.strikes[i]))
            row.append(fmt_clock(rules.live_reserve(state, i, now)))
            rows.append(tuple(row))
        cols = ("player", "game 1", "game 2", "total") + (("strikes",) if self.book.strikes else ()) + ("reserve",)
        chat_rows = "\n".join(
            f"{chat.bold(chat.safe(r[0]))}: " + ", ".join(f"{c} {v}" for c, v in zip(cols[1:], r[1:], strict=True)) for r in rows
        )
        return View(
            title=f"{self.title} — game {state.game} — {self._phase_words(state, now)}",
            columns=cols,
            rows=tuple(rows),
            chat=f"**{self.title}, game {state.game}**\n{chat_rows}",
        )

    def _board(self, state: State, now: int, args: Sequence[str]) -> View:
        _no_args("board", args)
        full = rules.board_json(state)
        public = rules.public_board(state)
        hidden = " (with this turn's placement, which the post leaves out until the turn ends)" if public != full else ""
        return View(
            title=f"Game {state.game} board{hidden}",
            chat=chat.block(grid(self.book.pieces, state.cfg.row_one, public)),
            notes=(grid(self.book.pieces, state.cfg.row_one, full),),
        )

    def _haps(self, state: State, now: int, args: Sequence[str]) -> View:
        _no_args("haps", args)
        pieces = self.book.pieces
        rows = tuple(
            (" ".join(square_name(s) for s in t), " / ".join(pieces.words(state.board[s] or 0) for s in t)) for t in rules.line_haps(state)
        )
        return View(
            title=f"Unclaimed {self.book.claim_word}s on the board (host only — do not post)",
            columns=("squares", pieces.noun + "s"),
            rows=rows,
            notes=() if rows else ("none",),
        )

    def _phase_words(self, state: State, now: int) -> str:
        names = state.cfg.names
        if state.phase is Phase.CHOOSE:
            return f"waiting for {names[state.cfg.chooser]} to choose who moves first (“first p1”)"
        if state.phase is Phase.READY:
            return f"game {state.game} ready; host: “start”"
        if state.phase is Phase.OVER:
            return f"over: {state.end_reason}"
        turn = state.turn
        assert turn is not None
        free = rules.live_free(state, now)
        clock = f"move {fmt_clock(free)}" if free > 0 else f"on reserve {fmt_clock(rules.live_reserve(state, turn.seat, now))}"
        placed = "placed" if turn.placed else "to place"
        return f"turn {turn.number}: {names[turn.seat]} {placed}, {clock}"

    def toolbar(self, state: State, now: int) -> str:
        """Game, whose turn, the move's clock and both reserves."""
        names = state.cfg.names
        reserves = " · ".join(f"{names[i]} {fmt_clock(rules.live_reserve(state, i, now))}" for i in range(2))
        return f"{self.title} · game {state.game} · {self._phase_words(state, now)} · reserve {reserves}"

    def help(self) -> list[HelpItem]:
        """The commands, with examples."""
        b = self.book
        noun = b.pieces.noun
        items = [
            HelpItem(
                syntax="first NAME",
                what=f"{b.role_title} chooses game 1's first player (player or host may type it).",
                example="p2: first p1",
            ),
            HelpItem(
                syntax="ATTRIBUTES SQUARE",
                what=f"Place an unplaced {noun} on an empty square; attribute words in any order.",
                example=f"p1: {b.example()}",
            ),
        ]
        if b.select_first:
            items.append(
                HelpItem(
                    syntax="ATTRIBUTES, then SQUARE",
                    what=f"Choose a {noun} in one message and name its square in the next (“yellow solid 4”, then “C3”).",
                    example="p1: blue hollow 5",
                )
            )
        items.append(
            HelpItem(
                syntax=f"{b.claim_word} SQ SQ SQ",
                what=f"Claim a {b.claim_word} on three squares; judged when the turn ends.",
                example=f"p1: {b.claim_word} A1 A2 A4",
            )
        )
        if b.bare_claims:
            items.append(HelpItem(syntax="SQ SQ SQ", what="Three squares alone are a claim too.", example="p1: A1 B2 C3"))
        items += [
            HelpItem(syntax="done", what="End your turn; claims are judged and the board is posted.", example="p1: done"),
            HelpItem(syntax="start", what="Start the next game (its first move's clock starts).", example="start", who="host"),
            HelpItem(syntax="end", what="End the current turn for the mover (as their “done”).", example="end", who="host"),
        ]
        return items

    def rulings(self, settings: Settings) -> list[str]:
        """The house rulings in force, each naming its key and setting (see docs/rulings.md)."""
        return rulings_text(self.book, settings)

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        """Words that may come next."""
        return _suggest(self.book, state, actor, words)


def _no_args(name: str, args: Sequence[str]) -> None:
    if args:
        raise InvalidCommand(f"“{name}” takes nothing after it")


def rulings_text(book: Rulebook, s: Settings) -> list[str]:
    """The rulings of one rule set under the scenario's settings."""
    key = book.chooser_key
    out = [
        f"{book.role_title}, {s.text(key)}, chooses who moves first in game 1 and wins a tie; the order is reversed in game 2 ({key}).",
        f'R-HTT-1: row 1 is drawn at the {s.text("row_one")}; A1 is its leftmost square (row_one = "{s.text("row_one")}").',
        f"Timing: {s.integer('move_seconds')} s per move (move_seconds), then a {s.integer('reserve_seconds')} s reserve "
        "(reserve_seconds) shared by both games; a player whose reserve runs out loses the DM.",
        f"Reminders at {_secs(list(rules.reminders(s, 'move_reminders')))} left on a move (move_reminders) and "
        f"{_secs(list(rules.reminders(s, 'reserve_reminders')))} left of the reserve (reserve_reminders).",
        "Claims are judged when the turn ends (“done”, or the host's “end”), not before; placements are shown then too.",
        "R-HTT-5: a game ends when the board is full (25 pieces; 2 are never placed).",
        "R-HTT-6: a claim repeated within one turn counts as invalid (the first call of it is judged as it stands).",
    ]
    cost = "a strike" if book.strikes else f"costs {s.number('invalid_claim_penalty'):g} (invalid_claim_penalty)"
    out.append(
        f"R-HTT-7: a claim of three occupied squares that are not on one row, column or 45° diagonal (the grid does not wrap) "
        f"is an invalid claim: {cost}."
    )
    out.append(
        "R-HTT-8: a claim naming an empty or off-grid square, the same square twice, or other than three squares is unreadable: "
        "refused, no penalty, nothing changes."
    )
    if book.select_first:
        out.append("R-HTT-9: a star may be chosen in one message (“yellow solid 4”) and placed by naming its square in the next (“C3”).")
    else:
        out.append("R-HTT-9: three squares alone (“A1 B2 C3”) are a claim, as the card's “call out three squares”.")
    out.append(
        "R-HTT-10: when a reserve runs out, the unfinished move never happened: its placement is taken off the board and its claims are not judged."
    )
    if book.strikes:
        out += _strike_rulings(s)
    else:
        out += _penalty_rulings(s)
    return out


def _strike_rulings(s: Settings) -> list[str]:
    out = [
        f"An invalid or already-claimed set is a strike; every {s.integer('strikes_per_penalty')} strikes (strikes_per_penalty) cost "
        f"{s.integer('strike_penalty_points')} point{'' if s.integer('strike_penalty_points') == 1 else 's'} "
        "(strike_penalty_points) and reset the strikes to 0."
    ]
    if s.flag("strikes_carry_over"):
        out.append("R-HTT-4: strikes carry over between turns and between the two games (strikes_carry_over = true).")
    else:
        out.append("R-HTT-4 changed: strikes carry over between turns but start again at 0 in game 2 (strikes_carry_over = false).")
    out.append("The final score is the sum of both games.")
    return out


def _penalty_rulings(s: Settings) -> list[str]:
    out = [
        "R-HTT-3: blocks are named as in Gyul Hap, background first (“black red circle”: background black, gray, white; "
        "colour red, yellow, blue; shape circle, square, triangle); players may write the words in any order.",
        f"A valid hap scores +1; an invalid or already-claimed hap costs {s.number('invalid_claim_penalty'):g} (invalid_claim_penalty).",
    ]
    if s.text("final_rounding") == "ceil":
        out.append('R-HTT-2: the final score is the two games\' total rounded up, once (final_rounding = "ceil").')
    else:
        out.append('R-HTT-2 changed: the final score is the exact total, not rounded (final_rounding = "none").')
    return out


def _secs(values: list[int]) -> str:
    return ", ".join(f"{v} s" for v in values) or "no time"


def _suggest(book: Rulebook, state: State, actor: int | None, words: list[str]) -> list[str]:
    lowered = [w.casefold() for w in words]
    if actor is None:
        if not words:
            return ["first", "start", "end"]
        return list(state.cfg.names) if lowered[0] == "first" and len(words) == 1 else []
    empty = [SQUARES[i] for i, p in enumerate(state.board) if p is None]
    if not words:
        return ["done", book.claim_word, *[w for vals in book.pieces.values for w in vals], *empty]
    if lowered[0] in ("hap", "set"):
        taken = [SQUARES[i] for i, p in enumerate(state.board) if p is not None]
        return [s for s in taken if s.casefold() not in lowered] if len(words) < 4 else []
    if lowered[0] == "first":
        return list(state.cfg.names) if len(words) == 1 else []
    lookup = book.pieces.lookup()
    have = {lookup[w][0] for w in lowered if w in lookup}
    out = [w for i, vals in enumerate(book.pieces.values) if i not in have for w in vals]
    if not any(rules.is_square_like(w) for w in words):
        out += empty
    return out


HAP_TAC_TOE = HapTacToe(HTT)
WHEN_STARS_ALIGN = HapTacToe(WSA)
