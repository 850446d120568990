"""The rules of Hap-Tac-Toe and When Stars Align: pure functions of state, command and time."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from umpire.core import hap
from umpire.core.clock import SECOND, MoveClock
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.settings import Setting
from umpire.games.haptactoe.pieces import (
    HAP_PIECES,
    SIZE,
    STAR_PIECES,
    TRIPLES,
    PieceSet,
    is_square_like,
    square_index,
    square_name,
)
from umpire.games.legacy import HOST, Event, Setup

CELLS = SIZE * SIZE


# ---------------------------------------------------------------- rule sets


@dataclass(frozen=True, kw_only=True)
class Rulebook:
    """What differs between Hap-Tac-Toe and When Stars Align."""

    key: str
    title: str
    pieces: PieceSet
    claim_word: str  # "hap" / "set"
    chooser_key: str  # the scenario key naming who picks the first player
    chooser_role: str  # "the Advantage holder" / "the DM opponent"
    strikes: bool  # WSA: strikes; HTT: a penalty per invalid claim


HTT = Rulebook(
    key="hap-tac-toe",
    title="Hap-Tac-Toe",
    pieces=HAP_PIECES,
    claim_word="hap",
    chooser_key="advantage",
    chooser_role="the Advantage holder",
    strikes=False,
)
WSA = Rulebook(
    key="when-stars-align",
    title="When Stars Align",
    pieces=STAR_PIECES,
    claim_word="set",
    chooser_key="dm_opponent",
    chooser_role="the DM opponent",
    strikes=True,
)


def settings_for(book: Rulebook) -> tuple[Setting, ...]:
    """The `[rules]` keys of one rule set, with their defaults."""
    common = (
        Setting(
            key=book.chooser_key,
            kind="player",
            default="p2",
            help=f"{book.chooser_role.capitalize()}: chooses who moves first in game 1 and wins a tie.",
        ),
        Setting(key="move_seconds", kind="int", default=60, minimum=1, help="Free time per move."),
        Setting(
            key="reserve_seconds",
            kind="int",
            default=300,
            minimum=0,
            help="Reserve bank per player, shared by both games and never replenished; when it runs out that player loses.",
        ),
        Setting(key="move_reminders", kind="list[int]", default=[10], minimum=1, help="Reminders at these seconds left on a move."),
        Setting(
            key="reserve_reminders",
            kind="list[int]",
            default=[60, 30, 10],
            minimum=1,
            help="Reminders at these seconds left of the reserve while it drains.",
        ),
        Setting(
            key="row_one",
            kind="choice",
            default="top",
            choices=("top", "bottom"),
            ruling="R-HTT-1",
            help="Where row 1 is drawn on the board (A1 is in that row, leftmost).",
        ),
    )
    if book.strikes:
        return common + (
            Setting(
                key="strikes_per_penalty",
                kind="int",
                default=2,
                minimum=1,
                help="An invalid or repeated claim is a strike; this many strikes cost points and reset to 0.",
            ),
            Setting(key="strike_penalty_points", kind="int", default=1, minimum=0, help="Points lost each time the strikes fill up."),
            Setting(
                key="strikes_carry_over",
                kind="bool",
                default=True,
                ruling="R-HTT-4",
                help="Strikes carry over between turns and between the two games.",
            ),
        )
    return common + (
        Setting(key="invalid_claim_penalty", kind="number", default=0.5, minimum=0, help="Points lost for an invalid or repeated claim."),
        Setting(
            key="final_rounding",
            kind="choice",
            default="ceil",
            choices=("ceil", "none"),
            ruling="R-HTT-2",
            help='The final score: the two games\' total rounded up once ("ceil"), or left exact ("none").',
        ),
    )


# ---------------------------------------------------------------- commands


@dataclass(frozen=True, kw_only=True)
class ChooseFirst:
    """The chooser (or the host for them) names game 1's first player."""

    by: int | None
    seat: int


@dataclass(frozen=True, kw_only=True)
class Start:
    """The host starts the next game; its first move's clock starts now."""


@dataclass(frozen=True, kw_only=True)
class Place:
    """Put an unplaced piece on an empty square."""

    seat: int
    piece: int
    square: int


@dataclass(frozen=True, kw_only=True)
class Claim:
    """Claim a hap/set on three squares of one line; judged when the turn ends."""

    seat: int
    squares: tuple[int, int, int]


@dataclass(frozen=True, kw_only=True)
class Done:
    """End the turn: the player's `done`, or the host's `end` (seat None)."""

    seat: int | None


Command = ChooseFirst | Start | Place | Claim | Done


# ---------------------------------------------------------------- state


@dataclass(frozen=True, kw_only=True)
class Judged:
    """A claim after judgement."""

    game: int
    turn: int
    seat: int
    squares: tuple[int, int, int]
    pieces: tuple[int, int, int]
    verdict: str  # "valid", "not a hap", "already claimed", "repeated this turn"


@dataclass(frozen=True, kw_only=True)
class Turn:
    """The move under way."""

    seat: int
    number: int
    started: int
    placed: tuple[int, int] | None = None  # (piece, square)
    claims: tuple[tuple[int, int, int], ...] = ()
    fired: int = 0  # how many of this turn's timed happenings have happened


@dataclass(frozen=True, kw_only=True)
class Config:
    """The settings of one match, read once from the scenario."""

    book: Rulebook
    names: tuple[str, ...]
    chooser: int
    move_ms: int
    reserve_ms: int
    move_reminders: tuple[int, ...]
    reserve_reminders: tuple[int, ...]
    row_one: str
    penalty: Fraction
    rounding: str
    strikes_per_penalty: int
    strike_points: int
    strikes_carry: bool


@dataclass(frozen=True, kw_only=True)
class State:
    """Everything about a match at one moment."""

    cfg: Config
    phase: str  # "choose", "ready", "turn", "over"
    game: int = 1
    first: int | None = None
    board: tuple[int | None, ...] = (None,) * CELLS
    judged: tuple[Judged, ...] = ()
    points: tuple[tuple[Fraction, Fraction], ...] = ((Fraction(0), Fraction(0)), (Fraction(0), Fraction(0)))
    strikes: tuple[int, int] = (0, 0)
    reserve: tuple[int, int] = (0, 0)
    turn: Turn | None = None
    winner: int | None = None
    end_reason: str = ""

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def total(self, seat: int) -> Fraction:
        """A player's points over both games so far, exact."""
        return self.points[0][seat] + self.points[1][seat]

    def final_score(self, seat: int) -> Fraction:
        """The DM score: the total, rounded up once when the rule set says so (R-HTT-2)."""
        total = self.total(seat)
        if self.cfg.rounding == "ceil":
            return Fraction(math.ceil(total))
        return total

    def claimed_this_game(self) -> set[tuple[int, int, int]]:
        return {j.squares for j in self.judged if j.game == self.game and j.verdict == "valid"}


def configure(book: Rulebook, setup: Setup) -> Config:
    """Read the scenario's settings (already validated) into a Config."""
    s = setup.settings
    chooser = setup.roster.resolve(str(s[book.chooser_key])).seat
    return Config(
        book=book,
        names=tuple(p.name for p in setup.roster),
        chooser=chooser,
        move_ms=int(s["move_seconds"]) * SECOND,
        reserve_ms=int(s["reserve_seconds"]) * SECOND,
        move_reminders=tuple(s["move_reminders"]),
        reserve_reminders=tuple(s["reserve_reminders"]),
        row_one=str(s["row_one"]),
        penalty=Fraction(str(s.get("invalid_claim_penalty", 0))),
        rounding=str(s.get("final_rounding", "none")),
        strikes_per_penalty=int(s.get("strikes_per_penalty", 2)),
        strike_points=int(s.get("strike_penalty_points", 1)),
        strikes_carry=bool(s.get("strikes_carry_over", True)),
    )


def initial(cfg: Config) -> State:
    """A match before the first player is chosen."""
    return State(cfg=cfg, phase="choose", reserve=(cfg.reserve_ms, cfg.reserve_ms))


# ---------------------------------------------------------------- reading commands

_FILLER = {"place", "play", "on", "at", "to", "in"}
_ME = {"me", "i", "myself"}


def parse(state: State, actor: int | None, text: str, resolve: Any) -> Command:
    """Read one line from a player (`actor`) or the host. `resolve` maps a name to a seat."""
    book = state.cfg.book
    words = text.split()
    if not words:
        raise InvalidCommand("empty command", text=text)
    head = words[0].casefold()
    if head == "first":
        if len(words) != 2:
            raise InvalidCommand("say who moves first in game 1, e.g. “first p1”", text=text)
        target = words[1]
        seat = actor if (actor is not None and target.casefold() in _ME) else resolve(target)
        return ChooseFirst(by=actor, seat=seat)
    if actor is None:
        if head == "start" and len(words) == 1:
            return Start()
        if head == "end" and len(words) == 1:
            return Done(seat=None)
        if head in ("done", "hap", "set") or any(is_square_like(w) for w in words):
            raise InvalidCommand(f"this is a player's move; write it with the player's name, e.g. “p1: {text.strip()}”", text=text)
        raise InvalidCommand("unknown host command (type “help” for the list)", text=text)
    if head == "done" and len(words) == 1:
        return Done(seat=actor)
    if head in ("hap", "set"):
        return Claim(seat=actor, squares=_parse_claim(words[1:], text, book.claim_word))
    if head in ("start", "end"):
        raise InvalidCommand(f"“{head}” is the host's command, not a player's", text=text)
    rest = [w for w in words if w.casefold() not in _FILLER]
    squares = [w for w in rest if is_square_like(w.strip(",.;"))]
    lookup = book.pieces.lookup()
    unknown = [w for w in rest if w not in squares and w.casefold().strip(",.;") not in lookup]
    if unknown and len(unknown) < len(rest):
        # Some words are attributes: read it as a placement and name the word that is not.
        book.pieces.parse_piece([w for w in rest if w not in squares], text)
    if not squares:
        if all(w.casefold().strip(",.;") in book.pieces.lookup() for w in rest):
            raise InvalidCommand(f"where? add the square, e.g. “{text.strip()} C3”", text=text)
        raise InvalidCommand(
            f"not a move: place a {book.pieces.noun} with its attributes and a square "
            f"(“{_example(book)}”), claim with “{book.claim_word} A1 A2 A4”, or say “done”",
            text=text,
        )
    if len(squares) > 1:
        raise InvalidCommand(
            f"two squares given ({', '.join(s.upper() for s in squares)}); place one {book.pieces.noun} on one square", text=text
        )
    square = square_index(squares[0], text)
    piece = book.pieces.parse_piece([w for w in rest if w is not squares[0]], text)
    return Place(seat=actor, piece=piece, square=square)


def _example(book: Rulebook) -> str:
    return "yellow solid 4 C3" if book.strikes else "black red circle C3"


def _parse_claim(words: list[str], text: str, claim_word: str) -> tuple[int, int, int]:
    names = [w.strip(",.;") for w in words if w.strip(",.;")]
    if len(names) != 3:
        raise InvalidCommand(f"a claim names exactly three squares, e.g. “{claim_word} A1 A2 A4” (got {len(names)})", text=text)
    squares = [square_index(w, text) for w in names]
    if len(set(squares)) != 3:
        raise InvalidCommand("a claim names three different squares", text=text)
    a, b, c = sorted(squares)
    return (a, b, c)


# ---------------------------------------------------------------- judging commands


def apply(state: State, cmd: Command, now: int) -> tuple[State, list[Event]]:
    """Judge one command; refuse with a reason, or return the next state and its events."""
    cfg = state.cfg
    names = cfg.names
    if state.over:
        raise IllegalAction(f"the Death Match is over ({state.end_reason})")
    if isinstance(cmd, ChooseFirst):
        if state.phase != "choose":
            raise IllegalAction(f"the first player is already chosen: {names[state.first or 0]}")
        if cmd.by is not None and cmd.by != cfg.chooser:
            raise IllegalAction(f"only {names[cfg.chooser]} ({cfg.book.chooser_role}) chooses who moves first")
        return replace(state, phase="ready", first=cmd.seat), [
            Event(kind="first_chosen", t=now, data={"first": names[cmd.seat], "chooser": names[cfg.chooser]})
        ]
    if isinstance(cmd, Start):
        if state.phase == "choose":
            raise IllegalAction(
                f"{names[cfg.chooser]} ({cfg.book.chooser_role}) must first choose who moves first: “first p1” or “first p2”"
            )
        if state.phase == "turn":
            raise IllegalAction(f"game {state.game} is already under way")
        assert state.first is not None
        seat = state.first if state.game == 1 else 1 - state.first
        turn = Turn(seat=seat, number=1, started=now)
        return replace(state, phase="turn", turn=turn), [
            Event(
                kind="game_started",
                t=now,
                data={"game": state.game, "first": names[seat], "reserve_seconds": _reserves(state, names)},
            )
        ]
    turn = _require_turn(state)
    if isinstance(cmd, Place):
        _require_mover(state, turn, cmd.seat)
        noun = cfg.book.pieces.noun
        if turn.placed is not None:
            piece, square = turn.placed
            raise IllegalAction(
                f"{names[cmd.seat]} already placed {cfg.book.pieces.words(piece)} on {square_name(square)} this turn; "
                f"claim with “{cfg.book.claim_word} …” or say “done”"
            )
        if cmd.piece in state.board:
            raise IllegalAction(f"the {noun} {cfg.book.pieces.words(cmd.piece)} is already on {square_name(state.board.index(cmd.piece))}")
        occupant = state.board[cmd.square]
        if occupant is not None:
            raise IllegalAction(f"{square_name(cmd.square)} is taken ({cfg.book.pieces.words(occupant)})")
        board = list(state.board)
        board[cmd.square] = cmd.piece
        return replace(state, board=tuple(board), turn=replace(turn, placed=(cmd.piece, cmd.square))), [
            Event(
                kind="placed",
                t=now,
                audience=HOST,
                data={"player": names[cmd.seat], "piece": cfg.book.pieces.words(cmd.piece), "square": square_name(cmd.square)},
            )
        ]
    if isinstance(cmd, Claim):
        _require_mover(state, turn, cmd.seat)
        if turn.placed is None:
            raise IllegalAction(f"place a {cfg.book.pieces.noun} first; claims come after the placement")
        text = " ".join(square_name(s) for s in cmd.squares)
        if cmd.squares not in TRIPLES:
            raise IllegalAction(f"{text} are not on one straight line (a row, a column or a 45° diagonal)")
        empty = [square_name(s) for s in cmd.squares if state.board[s] is None]
        if empty:
            raise IllegalAction(f"{' and '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty")
        return replace(state, turn=replace(turn, claims=turn.claims + (cmd.squares,))), [
            Event(
                kind="claim_noted",
                t=now,
                audience=HOST,
                data={"player": names[cmd.seat], "squares": [square_name(s) for s in cmd.squares]},
            )
        ]
    if isinstance(cmd, Done):
        if cmd.seat is not None:
            _require_mover(state, turn, cmd.seat)
        if turn.placed is None:
            raise IllegalAction(f"{names[turn.seat]} has not placed a {cfg.book.pieces.noun} yet")
        return _end_turn(state, turn, now)
    raise InvalidCommand(f"unknown command {cmd!r}")


def _require_turn(state: State) -> Turn:
    cfg = state.cfg
    if state.phase == "choose":
        raise IllegalAction(f"game 1 has not started: {cfg.names[cfg.chooser]} ({cfg.book.chooser_role}) first chooses who moves first")
    if state.phase == "ready" or state.turn is None:
        raise IllegalAction(f"game {state.game} has not started yet; the host starts it with “start”")
    return state.turn


def _require_mover(state: State, turn: Turn, seat: int) -> None:
    if seat != turn.seat:
        raise IllegalAction(f"it is {state.cfg.names[turn.seat]}'s turn, not {state.cfg.names[seat]}'s")


def _reserves(state: State, names: tuple[str, ...]) -> dict[str, float]:
    return {names[i]: state.reserve[i] / SECOND for i in range(2)}


def _end_turn(state: State, turn: Turn, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    names = cfg.names
    seat = turn.seat
    claimed = state.claimed_this_game()
    points = [list(g) for g in state.points]
    strikes = list(state.strikes)
    judged: list[Judged] = []
    report: list[dict[str, Any]] = []
    seen: set[tuple[int, int, int]] = set()
    for squares in turn.claims:
        pieces = tuple(state.board[s] for s in squares)
        assert None not in pieces
        p0, p1, p2 = (int(p) for p in pieces if p is not None)
        if squares in seen:
            verdict = "repeated this turn"
        elif squares in claimed:
            verdict = "already claimed"
        elif not hap.is_hap(p0, p1, p2):
            verdict = "not a hap"
        else:
            verdict = "valid"
        seen.add(squares)
        item: dict[str, Any] = {
            "squares": [square_name(s) for s in squares],
            "pieces": [cfg.book.pieces.words(p) for p in (p0, p1, p2)],
            "verdict": verdict,
        }
        if verdict == "valid":
            claimed.add(squares)
            points[state.game - 1][seat] += 1
            item["points"] = 1
        elif cfg.book.strikes:
            strikes[seat] += 1
            item["strike"] = strikes[seat]
            if strikes[seat] >= cfg.strikes_per_penalty:
                points[state.game - 1][seat] -= cfg.strike_points
                item["points"] = -cfg.strike_points
                strikes[seat] = 0
            else:
                item["points"] = 0
        else:
            points[state.game - 1][seat] -= cfg.penalty
            item["points"] = _num(-cfg.penalty)
        if verdict == "not a hap":
            item["why"] = hap.explain(p0, p1, p2, cfg.book.pieces.values, cfg.book.pieces.attributes, word=cfg.book.claim_word)
        report.append(item)
        judged.append(Judged(game=state.game, turn=turn.number, seat=seat, squares=squares, pieces=(p0, p1, p2), verdict=verdict))
    reserve = list(state.reserve)
    reserve[seat] = MoveClock(move_ms=cfg.move_ms, reserve_ms=state.reserve[seat]).after_move(turn.started, now).reserve_ms
    new_points = tuple((g[0], g[1]) for g in points)
    state = replace(
        state,
        judged=state.judged + tuple(judged),
        points=new_points,
        strikes=(strikes[0], strikes[1]),
        reserve=(reserve[0], reserve[1]),
    )
    assert turn.placed is not None
    piece, square = turn.placed
    full = all(c is not None for c in state.board)
    data: dict[str, Any] = {
        "game": state.game,
        "turn": turn.number,
        "player": names[seat],
        "piece": cfg.book.pieces.words(piece),
        "square": square_name(square),
        "claims": report,
        "scores": {names[i]: _num(state.total(i)) for i in range(2)},
        "game_scores": {names[i]: _num(state.points[state.game - 1][i]) for i in range(2)},
        "strikes": {names[i]: state.strikes[i] for i in range(2)},
        "reserve_seconds": _reserves(state, names),
        "board": board_json(state),
    }
    events = [Event(kind="turn_ended", t=now, data=data)]
    if not full:
        nxt = Turn(seat=1 - seat, number=turn.number + 1, started=now)
        data["next"] = names[nxt.seat]
        return replace(state, turn=nxt), events
    if state.game == 1:
        strikes_next = state.strikes if cfg.strikes_carry else (0, 0)
        events.append(
            Event(
                kind="game_over",
                t=now,
                data={
                    "game": 1,
                    "game_scores": data["game_scores"],
                    "next_first": names[1 - (state.first or 0)],
                },
            )
        )
        return replace(state, phase="ready", game=2, board=(None,) * CELLS, turn=None, strikes=strikes_next), events
    events.append(Event(kind="game_over", t=now, data={"game": 2, "game_scores": data["game_scores"]}))
    finals = [state.final_score(i) for i in range(2)]
    if finals[0] == finals[1]:
        winner = cfg.chooser
        reason = f"tied at {_fmt(finals[0])}; {names[winner]} wins the tie as {cfg.book.chooser_role}"
    else:
        winner = 0 if finals[0] > finals[1] else 1
        reason = f"{_fmt(finals[winner])} to {_fmt(finals[1 - winner])}"
    state = replace(state, phase="over", turn=None, winner=winner, end_reason=f"{names[winner]} won, {reason}")
    events.append(
        Event(
            kind="match_over",
            t=now,
            data={
                "winner": names[winner],
                "reason": reason,
                "totals": {names[i]: _num(state.total(i)) for i in range(2)},
                "final_scores": {names[i]: _num(finals[i]) for i in range(2)},
            },
        )
    )
    return state, events


# ---------------------------------------------------------------- time


@dataclass(frozen=True, kw_only=True)
class Timed:
    """One timed happening of a turn."""

    at: int
    kind: str  # "move_reminder", "reserve_started", "reserve_reminder", "reserve_out"
    seconds: int = 0


def schedule(state: State) -> list[Timed]:
    """The timed happenings of the turn under way, in order."""
    turn = state.turn
    if state.phase != "turn" or turn is None:
        return []
    cfg = state.cfg
    bank = MoveClock(move_ms=cfg.move_ms, reserve_ms=state.reserve[turn.seat])
    free_end = bank.free_until(turn.started)
    out_at = bank.out_at(turn.started)
    items = [
        Timed(at=free_end - s * SECOND, kind="move_reminder", seconds=s)
        for s in sorted(set(cfg.move_reminders), reverse=True)
        if free_end - s * SECOND > turn.started
    ]
    if bank.reserve_ms > 0:
        # Rounded up, as every clock shown to players is: 0.4 s left is not "0:00 left".
        items.append(Timed(at=free_end, kind="reserve_started", seconds=-(-bank.reserve_ms // SECOND)))
        items += [
            Timed(at=out_at - s * SECOND, kind="reserve_reminder", seconds=s)
            for s in sorted(set(cfg.reserve_reminders), reverse=True)
            if out_at - s * SECOND > free_end
        ]
    items.append(Timed(at=out_at, kind="reserve_out"))
    return items


def next_due(state: State) -> int | None:
    """When the turn's next timed happening is due."""
    if state.turn is None:
        return None
    items = schedule(state)
    return items[state.turn.fired].at if state.turn.fired < len(items) else None


def on_due(state: State, now: int) -> tuple[State, list[Event]]:
    """Apply the turn's next timed happening (a reminder, or the reserve running out)."""
    turn = state.turn
    assert turn is not None
    item = schedule(state)[turn.fired]
    names = state.cfg.names
    who = names[turn.seat]
    state = replace(state, turn=replace(turn, fired=turn.fired + 1))
    if item.kind != "reserve_out":
        return state, [Event(kind=item.kind, t=item.at, data={"player": who, "seconds": item.seconds})]
    winner = 1 - turn.seat
    reserve = list(state.reserve)
    reserve[turn.seat] = 0
    reason = f"{who}'s reserve time ran out"
    state = replace(
        state, phase="over", turn=None, reserve=(reserve[0], reserve[1]), winner=winner, end_reason=f"{names[winner]} won: {reason}"
    )
    return state, [Event(kind="match_over", t=item.at, data={"winner": names[winner], "reason": reason, "loser": who})]


# ---------------------------------------------------------------- data


def board_json(state: State) -> dict[str, str]:
    """The occupied squares -> the piece words."""
    return {square_name(i): state.cfg.book.pieces.words(p) for i, p in enumerate(state.board) if p is not None}


def line_haps(state: State) -> list[tuple[int, int, int]]:
    """Every unclaimed hap on one line of the current board (for the host's `haps`)."""
    claimed = state.claimed_this_game()
    board = state.board
    out = []
    for t in _SORTED_TRIPLES:
        a, b, c = board[t[0]], board[t[1]], board[t[2]]
        if a is not None and b is not None and c is not None and hap.is_hap(a, b, c) and t not in claimed:
            out.append(t)
    return out


_SORTED_TRIPLES = tuple(sorted(TRIPLES))


def live_reserve(state: State, seat: int, now: int) -> int:
    """A player's reserve at `now`, counting the move under way."""
    turn = state.turn
    if state.phase == "turn" and turn is not None and turn.seat == seat:
        return MoveClock(move_ms=state.cfg.move_ms, reserve_ms=state.reserve[seat]).left(turn.started, now)[1]
    return state.reserve[seat]


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def _fmt(x: Fraction) -> str:
    return str(int(x)) if x.denominator == 1 else f"{float(x):g}"
