"""The two rule books, their settings (the scenario's `[rules]`), the configuration built from them, and the house rulings.

Hap-Tac-Toe and When Stars Align are one engine: a `Rulebook` says what differs between them
(pieces, the claim word, who chooses the first player, strikes or a penalty, how a move may be
written). Every function here that depends on the rule book takes it first, and each registry entry
names its book (`HTT`, `WSA`), so one record per book is assembled from the same functions
(`umpire.games.record`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from umpire.core.settings import Schema, Setting, Settings

if TYPE_CHECKING:
    from fractions import Fraction

    from umpire.core.pieces import PieceSet
    from umpire.games.base import PublicSetup

MAX_SECONDS = 86_400  # a day: the longest move or reserve a scenario may set
MAX_REMINDERS = 12  # reminders per clock


# ---------------------------------------------------------------- rule books


@dataclass(frozen=True, kw_only=True)
class Rulebook:
    """What differs between Hap-Tac-Toe and When Stars Align."""

    key: str
    title: str
    claim_word: str  # "hap" / "set"
    chooser_key: str  # the scenario key naming who picks the first player
    chooser_role: str  # "the Advantage holder" / "the DM opponent"
    strikes: bool  # WSA: strikes; HTT: a penalty per invalid claim
    bare_claims: bool  # HTT: three squares alone are a claim ("call out three squares")
    select_first: bool  # WSA: a star may be chosen in one message and its square named in the next

    @cached_property
    def pieces(self) -> PieceSet:
        """The book's pieces: Hap-Tac-Toe's blocks or When Stars Align's stars (imported when the game
        is played; checking a scenario reads this module without them)."""
        from umpire.core.pieces import HAP_PIECES, STAR_PIECES

        return {HTT.key: HAP_PIECES, WSA.key: STAR_PIECES}[self.key]

    @property
    def role_title(self) -> str:
        """The chooser's role at the start of a sentence: "The DM opponent"."""
        return self.chooser_role[0].upper() + self.chooser_role[1:]

    def example(self) -> str:
        """A placement as players write it."""
        return "yellow solid 4 C3" if self.strikes else "black red circle C3"


HTT = Rulebook(
    key="hap-tac-toe",
    title="Hap-Tac-Toe",
    claim_word="hap",
    chooser_key="advantage",
    chooser_role="the Advantage holder",
    strikes=False,
    bare_claims=True,
    select_first=False,
)
WSA = Rulebook(
    key="when-stars-align",
    title="When Stars Align",
    claim_word="set",
    chooser_key="dm_opponent",
    chooser_role="the DM opponent",
    strikes=True,
    bare_claims=False,
    select_first=True,
)


# ---------------------------------------------------------------- settings


def settings_for(book: Rulebook) -> tuple[Setting, ...]:
    """The `[rules]` keys of one rule set, with their defaults and bounds."""
    common = (
        Setting(
            key=book.chooser_key,
            kind="player",
            default="p2",
            help=f"{book.role_title}: chooses who moves first in game 1 and wins a tie.",
        ),
        Setting(key="move_seconds", kind="int", default=60, minimum=1, maximum=MAX_SECONDS, help="Free time per move."),
        Setting(
            key="reserve_seconds",
            kind="int",
            default=300,
            minimum=0,
            maximum=MAX_SECONDS,
            help="Reserve bank per player, shared by both games and never replenished; when it runs out that player loses.",
        ),
        Setting(
            key="move_reminders",
            kind="list[int]",
            default=list(DEFAULT_REMINDERS["move_reminders"]),
            minimum=1,
            maximum=MAX_SECONDS,
            help="Reminders at these seconds left on a move (each less than move_seconds; of the default, those that are).",
        ),
        Setting(
            key="reserve_reminders",
            kind="list[int]",
            default=list(DEFAULT_REMINDERS["reserve_reminders"]),
            minimum=1,
            maximum=MAX_SECONDS,
            help="Reminders at these seconds left of the reserve while it drains (each less than reserve_seconds; of the default, those that are).",
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
    return common + (_STRIKE_SETTINGS if book.strikes else _PENALTY_SETTINGS)


_STRIKE_SETTINGS = (
    Setting(
        key="strikes_per_penalty",
        kind="int",
        default=2,
        minimum=1,
        maximum=100,
        help="An invalid or repeated claim is a strike; this many strikes cost points and reset to 0.",
    ),
    Setting(
        key="strike_penalty_points",
        kind="int",
        default=1,
        minimum=0,
        maximum=100,
        help="Points lost each time the strikes fill up.",
    ),
    Setting(
        key="strikes_carry_over",
        kind="bool",
        default=True,
        ruling="R-HTT-4",
        help="Strikes carry over between turns and between the two games.",
    ),
)
_PENALTY_SETTINGS = (
    Setting(
        key="invalid_claim_penalty",
        kind="number",
        default=0.5,
        minimum=0,
        maximum=100,
        help="Points lost for an invalid or repeated claim.",
    ),
    Setting(
        key="final_rounding",
        kind="choice",
        default="ceil",
        choices=("ceil", "none"),
        ruling="R-HTT-2",
        help='The final score: the two games\' total rounded up once ("ceil"), or left exact ("none").',
    ),
)


# The default reminders; a scenario that leaves a list at its default gets those that fit its clock
# (a 45 s reserve is reminded at 30 s and 10 s), where a list it sets must fit whole.
DEFAULT_REMINDERS = {"move_reminders": (10,), "reserve_reminders": (60, 30, 10)}
_REMINDED = (("move_reminders", "move_seconds", "a move"), ("reserve_reminders", "reserve_seconds", "the reserve"))


def reminders(settings: Mapping[str, object], key: str) -> tuple[int, ...]:
    """The reminders in force: the list set, or those of the default list that its clock can reach.

    >>> reminders({"reserve_reminders": [60, 30, 10], "reserve_seconds": 45}, "reserve_reminders")
    (30, 10)
    """
    values = settings[key]
    limit = settings[next(limit_key for k, limit_key, _ in _REMINDED if k == key)]
    assert isinstance(values, list) and isinstance(limit, int)
    if tuple(values) == DEFAULT_REMINDERS[key]:
        return tuple(v for v in values if v < limit)
    return tuple(values)


def validate(settings: Settings) -> list[tuple[str, str]]:
    """Reminders that could never fire (at or beyond their clock's length), and too many of them.
    A list left at its default drops the reminders its clock cannot reach instead (`reminders`)."""
    problems: list[tuple[str, str]] = []
    for key, limit_key, what in _REMINDED:
        values = settings.get(key)
        limit = settings.get(limit_key)
        if not isinstance(values, list) or not isinstance(limit, int) or tuple(values) == DEFAULT_REMINDERS[key]:
            continue
        if len(values) > MAX_REMINDERS:
            problems.append((key, f"at most {MAX_REMINDERS} reminders, got {len(values)}"))
            continue
        late = [v for v in values if isinstance(v, int) and v >= limit]
        if late:
            shown = ", ".join(f"{v} s" for v in late)
            problems.append(
                (key, f"{shown} left can never be reminded: {what} lasts {limit} s ({limit_key}); each reminder must be less than that")
            )
    return problems


# What checking a scenario reads, one for each rule book (so `umpire new` needs no more of the game than this module).
_SCHEMAS = {book.key: Schema(settings_for(book), validate) for book in (HTT, WSA)}


def schema_for(book: Rulebook) -> Schema:
    """The `[rules]` of one rule book and their checks, as checking a scenario reads them."""
    return _SCHEMAS[book.key]


# ---------------------------------------------------------------- the configuration


@dataclass(frozen=True, kw_only=True)
class Config:
    """The settings of one match, read once from the scenario."""

    book: Rulebook
    names: tuple[str, ...]
    handles: tuple[str, ...]  # how the host addresses each player in a prefix: the first alias, else the name
    chooser: int
    move_ms: int
    reserve_ms: int
    move_reminders: tuple[int, ...]  # seconds left
    reserve_reminders: tuple[int, ...]
    row_one: str
    penalty: Fraction
    rounding: str
    strikes_per_penalty: int
    strike_points: int
    strikes_carry: bool


def configure(book: Rulebook, setup: PublicSetup) -> Config:
    """Read the scenario's settings (already checked) into a Config: what everyone may know of the match, the players'
    names and the settings (the game's public context, which its renderers are given)."""
    from fractions import Fraction  # (here, and the clock: checking a scenario reads this module without them)

    from umpire.core.clock import SECOND

    s = setup.settings
    roster = setup.roster
    return Config(
        book=book,
        names=tuple(p.name for p in roster),
        handles=tuple(p.aliases[0] if p.aliases else p.name for p in roster),
        chooser=roster.resolve(s.text(book.chooser_key)).seat,
        move_ms=s.integer("move_seconds") * SECOND,
        reserve_ms=s.integer("reserve_seconds") * SECOND,
        move_reminders=reminders(s, "move_reminders"),
        reserve_reminders=reminders(s, "reserve_reminders"),
        row_one=s.text("row_one"),
        penalty=Fraction(str(s.number("invalid_claim_penalty"))) if not book.strikes else Fraction(0),
        rounding=s.text("final_rounding") if not book.strikes else "none",
        strikes_per_penalty=s.integer("strikes_per_penalty") if book.strikes else 2,
        strike_points=s.integer("strike_penalty_points") if book.strikes else 1,
        strikes_carry=s.flag("strikes_carry_over") if book.strikes else True,
    )


# ---------------------------------------------------------------- the house rulings


def rulings(book: Rulebook, s: Settings) -> list[str]:
    """The house rulings of one rule set in force under the scenario's settings, each naming its key and setting (docs/rulings.md)."""
    key = book.chooser_key
    out = [
        f"{book.role_title}, {s.text(key)}, chooses who moves first in game 1 and wins a tie; the order is reversed in game 2 ({key}).",
        f'R-HTT-1: row 1 is drawn at the {s.text("row_one")}; A1 is its leftmost square (row_one = "{s.text("row_one")}").',
        f"Timing: {s.integer('move_seconds')} s per move (move_seconds), then a {s.integer('reserve_seconds')} s reserve "
        "(reserve_seconds) shared by both games; a player whose reserve runs out loses the DM.",
        f"Reminders at {_secs(list(reminders(s, 'move_reminders')))} left on a move (move_reminders) and "
        f"{_secs(list(reminders(s, 'reserve_reminders')))} left of the reserve (reserve_reminders).",
        "Claims are judged when the turn ends (“done”, or the host's “end”), not before; placements are shown then too.",
        "R-HTT-5: a game ends when the board is full (25 pieces; 2 are never placed).",
        "R-HTT-6: a claim repeated within one turn counts as invalid (the first call of it is judged as it stands); the same "
        "claim sent twice at once, within 5 s with nothing judged between, is one message and counts once (R-READ-5).",
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
