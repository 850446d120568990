"""The Final Match as a `Game`: announcements, views, help, rulings and completion."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import JSON, Event, HelpItem, LegacyGame, Post, Renderers, Resolve, Setup, View, ViewDef
from umpire.games.choice import rules
from umpire.games.choice.commands import Command, parse
from umpire.games.choice.config import BLOCKS, CYCLES, ITEM_NAMES, ITEMS, ROUNDS, SETTINGS, configure, validate
from umpire.games.choice.events import (
    EVENTS,
    BlockOver,
    BlockStarted,
    BoardWhy,
    Bought,
    BoutOver,
    ExprClosed,
    ExprReposted,
    ExprSetOpened,
    ExprSolved,
    GhBoard,
    GhOver,
    GhReset,
    GsConfirmed,
    GyulCalled,
    GyulUnclaimed,
    HapCalled,
    MatchOver,
    PlayerStatus,
    RoundReminder,
    RoundResolved,
    RoundStarted,
    ShopClosed,
    ShopOpened,
    ShopPosted,
    StatusPosted,
    StillWaiting,
    SubgameDecided,
    Verdict,
)
from umpire.games.choice.expressions import solutions, written
from umpire.games.choice.generate import shop_lines, shop_text
from umpire.games.choice.gyul import board_plain as gyul_plain
from umpire.games.choice.gyul import tile_letters
from umpire.games.choice.gyulhap import board
from umpire.games.choice.rulings import rulings
from umpire.games.choice.sets import SETS_PER_BLOCK
from umpire.games.choice.sets import puzzles as _set_puzzles
from umpire.games.choice.shape import expression_sets, shop_cycles
from umpire.games.choice.state import Phase, State, initial, status_json, tiles_json
from umpire.games.pictures import table_picture

RENDER: Renderers[State] = Renderers()

SOLUTIONS_SHOWN = 10  # `solutions x` lists this many; `solutions x all` lists every one
LEGEND = "Letters: colour R red, Y yellow, B blue · background B black, G gray, W white · shape C circle, S square, T triangle"


def _n(name: str) -> str:
    return chat.bold(chat.safe(name))


def _tiles(tiles: Mapping[str, int]) -> str:
    held = [f"{d}×{c}" for d, c in tiles.items() if c]
    return " ".join(held) if held else "none"


def _pairs(values: Mapping[str, int], unit: str = "") -> str:
    return " · ".join(f"{chat.safe(n)} {unit}{v}" for n, v in values.items())


def _span(ms: int) -> str:
    """A length of time as players read it: `59 s`, or `3:20` from a minute up."""
    return f"{ms // SECOND} s" if ms < 60 * SECOND else fmt_clock(ms)


# ---------------------------------------------------------------- the block frame


@RENDER.on(BlockStarted)
def _block_started(state: State, ev: BlockStarted) -> str:
    lines = [f"**Block {ev.block} of {BLOCKS} begins.**"]
    for name, c in ev.credits.items():
        lines.append(f"{_n(name)}: +${c.goofspiel} (Goofspiel) +${c.credit} → ${ev.money[name]}")
    if not ev.credits:
        lines.append("Balances: " + _pairs(ev.money, "$"))
    parts = ["#goofspiel: a bout of nine rounds"] if ev.goofspiel else []
    parts.append("#shop: open" if ev.shop else "#shop: closed this block")
    lines.append(" · ".join(parts))
    return "\n".join(lines)


@RENDER.on(BlockOver)
def _block_over(state: State, ev: BlockOver) -> str:
    return f"**Block {ev.block} is over.**" + ("" if ev.block == BLOCKS else " Break: the host starts the next block.")


@RENDER.on(SubgameDecided)
def _subgame_decided(state: State, ev: SubgameDecided) -> str:
    who = f"{chat.safe(ev.winner)} wins" if ev.winner else "no winner"
    return f"🏁 **{ITEM_NAMES[ev.subgame]}: {who}** ({chat.safe(ev.reason)}). Points: {_pairs(ev.points)}."


@RENDER.on(MatchOver)
def _match_over(state: State, ev: MatchOver) -> str:
    subs = ", ".join(f"{ITEM_NAMES[s]}: {chat.safe(w) if w else 'no winner'}" for s, w in ev.subgame_winners.items())
    if ev.winner:
        return f"🏆 **{chat.safe(ev.winner)} wins The Choice is Yours!** {chat.safe(ev.result)}: {subs}."
    return f"**The Final Match is undecided:** nobody won two subgames. {subs}."


# ---------------------------------------------------------------- Goofspiel


@RENDER.on(RoundStarted)
def _round_started(state: State, ev: RoundStarted) -> str:
    return (
        f"🃏 **Block {ev.block}, round {ev.round}/{ROUNDS}: the prize is {ev.prize}.** "
        f"Submit `gs X` privately within {_span(ev.deadline - ev.t)}."
    )


@RENDER.on(RoundReminder)
def _round_reminder(state: State, ev: RoundReminder) -> str:
    return f"⏳ Block {ev.block}, round {ev.round}: {ev.seconds} seconds left."


@RENDER.on(StillWaiting)
def _still_waiting(state: State, ev: StillWaiting) -> str:
    return f"Still to play in round {ev.round}: " + ", ".join(ev.waiting)


@RENDER.on(GsConfirmed)
def _gs_confirmed(state: State, ev: GsConfirmed) -> str:
    boost = " with the Goofspiel Advantage (counts +1)" if ev.boosted else ""
    was = ""
    if ev.replaces is not None:
        was = f" (replacing {'igs' if ev.replaces.boosted else 'gs'} {ev.replaces.card})"
    return f"Your play for round {ev.round}: {ev.card}{boost}{was}. You can change it until the deadline."


@RENDER.on(RoundResolved)
def _round_resolved(state: State, ev: RoundResolved) -> str:
    plays = []
    for name, p in ev.plays.items():
        what = f"{p.card}"
        if p.boosted:
            what += f"+1 = {p.value} (Advantage)"
        if p.auto:
            what += " (no submission: lowest card)"
        plays.append(f"{chat.safe(name)} {what}")
    outcome = f"{_n(ev.winner)} wins ${ev.prize}" if ev.winner else "a tie: the round is thrown out"
    return (
        f"**Block {ev.block}, round {ev.round} (prize {ev.prize}):** "
        + ", ".join(plays)
        + f" → {outcome}.\nBout money: {_pairs(ev.bout_money, '$')}"
    )


@RENDER.on(BoutOver)
def _bout_over(state: State, ev: BoutOver) -> str:
    who = f"{_n(ev.gsp_to)} earns a GSP" if ev.gsp_to else "a tied bout: no GSP"
    return (
        f"**Block {ev.block}'s bout is over** ({_pairs(ev.bout_money, '$')}): {who}. GSP: {_pairs(ev.gsp)}.\n"
        f"The prizes came in the order {' '.join(map(str, ev.prizes))}. "
        "(Money won is added to the shop balance at the start of the next block.)"
    )


# ---------------------------------------------------------------- the Shop


def _prices(prices: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(prices[str(i)] for i in range(1, 10))


@RENDER.on(ShopOpened)
def _shop_opened(state: State, ev: ShopOpened) -> str:
    return (
        f"🛒 **Shop, block {ev.block} cycle {ev.cycle}/{CYCLES}** (cycle {ev.shop_cycle} of {shop_cycles()}, "
        f"open {_span(ev.until - ev.t)}): {ev.shop}\n"
        + " · ".join(shop_lines(_prices(ev.prices)))
        + f"\n`buy X` gives {state.cfg.copies} copies."
    )


@RENDER.on(ShopPosted)
def _shop_posted(state: State, ev: ShopPosted) -> str:
    return f"🛒 Shop (block {ev.block}, cycle {ev.cycle}/{CYCLES}): {ev.shop}\n" + " · ".join(shop_lines(_prices(ev.prices)))


@RENDER.on(ShopClosed)
def _shop_closed(state: State, ev: ShopClosed) -> str:
    return f"🛒 Block {ev.block}: the shop's cycle {ev.cycle} is over: the shop is closed until the next block."


@RENDER.on(Bought)
def _bought(state: State, ev: Bought) -> str:
    return f"You bought tile {ev.tile} (×{ev.copies}) for ${ev.price}: ${ev.money} left; your tiles: {_tiles(ev.tiles)}."


def _status_chat(status: Mapping[str, PlayerStatus]) -> str:
    lines = ["**Status**"]
    for name, s in status.items():
        lines.append(f"{_n(name)}: ${s.money} · tiles {_tiles(s.tiles)} · GSP {s.gsp} · GHP {s.ghp} · EP {s.ep}")
    return "\n".join(lines)


@RENDER.on(StatusPosted)
def _status_posted(state: State, ev: StatusPosted) -> Post:
    rows = [(p, f"${s.money}", _tiles(s.tiles), str(s.gsp), str(s.ghp), str(s.ep)) for p, s in ev.status.items()]
    picture = table_picture("The Choice is Yours: status", ("player", "money", "tiles", "GSP", "GHP", "EP"), rows)
    return Post(text=_status_chat(ev.status), image=picture)


# ---------------------------------------------------------------- Gyul Hap


def _board_picture(ev: GhBoard) -> Callable[[], bytes]:
    """The board's nine tiles as a picture (claimed haps marked), drawn only when copied."""

    def draw_board() -> bytes:
        from umpire.images import GyulBoard, draw, piece_from_words

        tiles = tuple(piece_from_words(ev.tiles[str(i)]) for i in range(1, 10))
        claimed = tuple((int(c.positions[0]), int(c.positions[1]), int(c.positions[2])) for c in ev.claimed or ())
        return draw(GyulBoard(tiles=tiles, claimed=claimed, title=f"Gyul Hap, board {ev.board}/{ev.of}"))  # type: ignore[arg-type]

    return draw_board


def _puzzles_picture(title: str, puzzles: Sequence[tuple[str, int]], extras_used: tuple[int, ...] = ()) -> Callable[[], bytes]:
    """An Expressions set as a picture, drawn only when copied."""

    def draw_set() -> bytes:
        from umpire.images import ExpressionsSet, ExprPuzzle, draw

        return draw(ExpressionsSet(puzzles=tuple(ExprPuzzle(ops=o, target=t) for o, t in puzzles), extras_used=extras_used, title=title))

    return draw_set


@RENDER.on(GhBoard)
def _gh_board(state: State, ev: GhBoard) -> Post:
    return Post(text=_gh_board_text(ev), image=_board_picture(ev))


def _gh_board_text(ev: GhBoard) -> str:
    head = {BoardWhy.GYUL: " (next board, after a correct gyul)", BoardWhy.REPOSTED: " (reposted)"}.get(ev.why, " (posted)")
    lines = [f"🎴 **Gyul Hap — board {ev.board}/{ev.of}**{head}"]
    lines += [" ".join(ev.emoji[r * 3 : r * 3 + 3]) for r in range(3)]
    plain = "\n".join("  ".join(f"{r * 3 + c + 1} {ev.letters[r * 3 + c]}" for c in range(3)) for r in range(3))
    lines.append(chat.block(plain))
    lines.append(LEGEND)
    if ev.claimed:
        lines.append("Claimed: " + ", ".join(f"{c.positions} ({chat.safe(c.player)})" for c in ev.claimed))
    return "\n".join(lines)


@RENDER.on(GhReset)
def _gh_reset(state: State, ev: GhReset) -> str:
    return f"Gyul Hap: the board resets at the end of the block; board {ev.next_board} comes with the next block."


@RENDER.on(GhOver)
def _gh_over(state: State, ev: GhOver) -> str:
    how = "after a correct gyul" if ev.why is BoardWhy.GYUL else "the last board was reset at a block's end"
    return f"🏁 **Gyul Hap is over:** {'all ' if ev.boards > 1 else ''}{ev.boards} board{'s' if ev.boards != 1 else ''} done ({how})."


@RENDER.on(HapCalled)
def _hap_called(state: State, ev: HapCalled) -> str:
    call = f"{'ihap' if ev.wild else 'hap'} {ev.positions} {ev.extra}" + (f" {ev.wild}" if ev.wild else "")
    what = f"`{call}` on board {ev.board} ({' / '.join(ev.tiles)})"
    if ev.verdict is Verdict.CORRECT:
        spent = ", ".join(str(p) for p in ev.spent or ()) or "none"
        wild = "; wildcard used" if ev.wild else ""
        return f"✅ {_n(ev.player)}: {what} is a hap, correct: +1 GHP (tiles used: {spent}{wild}). GHP: {_pairs(ev.ghp)}"
    return f"❌ {_n(ev.player)}: {what} is incorrect, {chat.safe(ev.why or '')}. −1 GHP. GHP: {_pairs(ev.ghp)}"


@RENDER.on(GyulCalled)
def _gyul_called(state: State, ev: GyulCalled) -> str:
    if ev.verdict is Verdict.CORRECT:
        return f"✅ {_n(ev.player)}: **Gyul!** Correct: every hap on board {ev.board} is claimed. +1 GHP. GHP: {_pairs(ev.ghp)}"
    if ev.verdict is Verdict.GRACE:
        return (
            f"{_n(ev.player)}: gyul on board {ev.board} — too late, but not penalised (grace): {chat.safe(ev.why or '')}. "
            f"GHP: {_pairs(ev.ghp)}"
        )
    return f"❌ {_n(ev.player)}: gyul on board {ev.board} — incorrect. −1 GHP. GHP: {_pairs(ev.ghp)}"


@RENDER.on(GyulUnclaimed)
def _gyul_unclaimed(state: State, ev: GyulUnclaimed) -> str:
    haps = f"{ev.unclaimed} hap{'s' if ev.unclaimed != 1 else ''}"
    return f"{ev.player}'s gyul on board {ev.board} was wrong: {haps} still unclaimed (host only: do not post the count)."


# ---------------------------------------------------------------- Expressions


@RENDER.on(ExprSetOpened)
def _expr_set(state: State, ev: ExprSetOpened) -> Post:
    title = f"Expressions, block {ev.block}, set {ev.set}"
    return Post(text=_expr_set_text(ev), image=_puzzles_picture(title, [(p.ops, p.target) for p in ev.puzzles]))


def _expr_set_text(ev: ExprSetOpened) -> str:
    lines = [
        f"🧮 **Expressions — block {ev.block}, set {ev.set}/{SETS_PER_BLOCK}** "
        f"(set {ev.expr_set} of {expression_sets()}, open {_span(ev.until - ev.t)}):"
    ]
    lines += [f"{p.number}. `{p.text}`" for p in ev.puzzles]
    lines.append("Solve with `expr x S y` (S left to right, y the extra digit). Each digit serves as the extra once a set.")
    return "\n".join(lines)


@RENDER.on(ExprReposted)
def _expr_reposted(state: State, ev: ExprReposted) -> str:
    lines = [f"🧮 Expressions (block {ev.block}, set {ev.set}/{SETS_PER_BLOCK}):"]
    lines += [f"{p.number}. `{p.text}`" for p in ev.puzzles]
    lines.append("Extras used: " + (", ".join(map(str, ev.extras_used)) or "none"))
    return "\n".join(lines)


@RENDER.on(ExprSolved)
def _expr_solved(state: State, ev: ExprSolved) -> str:
    wild = f", wildcard {ev.wild}" if ev.wild else ""
    spent = ", ".join(map(str, sorted(ev.spent))) or "none"
    return (
        f"✅ {_n(ev.player)} solves puzzle {ev.puzzle}: `{ev.expression}={ev.target}` (extra {ev.extra}{wild}; tiles used: {spent}). "
        f"+1 EP. EP: {_pairs(ev.ep)}\nExtras used this set: {', '.join(map(str, ev.extras_used))}"
    )


@RENDER.on(ExprClosed)
def _expr_closed(state: State, ev: ExprClosed) -> str:
    return f"Expressions set {ev.set} of block {ev.block} is over."


# ---------------------------------------------------------------- host views


def _where(state: State, now: int) -> str:
    if state.phase is Phase.OVER:
        return f"over: {state.result}"
    if state.phase is not Phase.BLOCK:
        return f"break before block {state.block + 1} (host: “start”)"
    left = state.block_clock.left(now) if state.block_clock else 0
    parts = [f"block {state.block}/{BLOCKS} {fmt_clock(left)} left"]
    bout, clock = state.bout, state.round_clock
    if bout is not None and clock is not None:
        if clock.what == "round":
            marks = " ".join(f"{state.cfg.names[i]} {'✓' if bout.plays.has(i) else '…'}" for i in range(len(state.seats)))
            parts.append(f"GS round {bout.round}/{ROUNDS} prize {bout.prizes[bout.round - 1]} {fmt_clock(clock.left(now))} ({marks})")
        else:
            parts.append(f"GS round {bout.round + 1} in {fmt_clock(clock.left(now))}")
    if state.shop is not None:
        ends = state.shop_clock.due if state.shop_clock else state.block_start + state.cfg.block_ms
        parts.append(f"shop {state.shop.block_cycle}/{CYCLES} {fmt_clock(ends - now)}")
    return " · ".join(parts)


def _status_view(state: State, now: int, args: Sequence[str]) -> View:
    status = status_json(state)
    rows = []
    for i, (name, s) in enumerate(status.items()):
        adv = ", ".join(
            f"{ITEM_NAMES[item]} {state.seats[i].adv[j]}/{state.cfg.given[i][j]}" for j, item in enumerate(ITEMS) if state.cfg.given[i][j]
        )
        rows.append((name, _tiles(s.tiles), f"${s.money}", f"${state.seats[i].pending}", str(s.gsp), str(s.ghp), str(s.ep), adv or "—"))
    return View(
        title=f"The Choice is Yours — {_where(state, now)}",
        columns=("player", "tiles", "money", "bout winnings (next block)", "GSP", "GHP", "EP", "Advantages left"),
        rows=tuple(rows),
        chat=_status_chat(status),
    )


def _plays_view(state: State, now: int, args: Sequence[str]) -> View:
    bout = state.bout
    rows: list[tuple[str, ...]] = []
    if bout is not None and state.in_block:
        for i, name in enumerate(state.cfg.names):
            p = bout.plays.get(i)
            current = "—" if p is None else f"{'igs' if p.boosted else 'gs'} {p.card}"
            rows.append((name, current, " ".join(map(str, bout.hands[i]))))
    where = "" if bout is None else f": round {bout.round}, prize {bout.prizes[bout.round - 1]}"
    return View(
        title=f"Goofspiel plays this round (host only — hidden until the reveal){where}",
        columns=("player", "current play", "cards left"),
        rows=tuple(rows),
        notes=() if rows else ("no round is open",),
    )


def _shop_view(state: State, now: int, args: Sequence[str]) -> View:
    if state.shop is None:
        return View(title="Shop", notes=("closed",))
    return View(
        title=f"Shop, block {state.block} cycle {state.shop.block_cycle}/{CYCLES}",
        chat=f"🛒 {shop_text(state.shop.prices)}",
        notes=tuple(shop_lines(state.shop.prices)),
    )


def _haps_view(state: State, now: int, args: Sequence[str]) -> View:
    if state.gyul.over:
        return View(title="Gyul Hap", notes=("Gyul Hap is over",))
    if state.block < 2:
        return View(title="Gyul Hap", notes=("Gyul Hap starts in block 2",))
    b = board(state)
    claimed = dict(state.gyul.claimed)
    rows = tuple(
        ("".join(map(str, t)), " / ".join(tile_letters(b.tiles[p - 1]) for p in t), state.cfg.names[claimed[t]] if t in claimed else "—")
        for t in sorted(b.haps)
    )
    left = len(b.haps) - len(claimed)
    return View(
        title=f"Haps on board {b.number} (host only — do not post)",
        columns=("positions", "tiles", "claimed by"),
        rows=rows,
        notes=(f"{left} unclaimed; gyul is {'correct' if left == 0 else 'wrong'} now", *gyul_plain(b)),
    )


def _puzzles_view(state: State, now: int, args: Sequence[str]) -> View:
    if state.expr is None:
        return View(title="Expressions", notes=("no Expressions set is under way",))
    names = state.cfg.names
    rows = []
    for i, p in enumerate(_set_puzzles(state)):
        by = [names[s] for s, solved in enumerate(state.expr.solved) if i + 1 in solved]
        rows.append((str(i + 1), p.text(), str(len(solutions(p.ops, p.target))), ", ".join(by) or "—"))
    return View(
        title=f"Expressions, block {state.block} set {state.expr.block_set}/{SETS_PER_BLOCK}",
        columns=("#", "puzzle", "solutions", "solved by"),
        rows=tuple(rows),
        notes=(f"extras used: {', '.join(map(str, sorted(state.expr.extras))) or 'none'}",),
    )


def _solutions_view(state: State, now: int, args: Sequence[str]) -> View:
    """`solutions x`: how many solutions of puzzle x are still available, and the first few; `solutions x all`: every one."""
    if state.expr is None:
        return View(title="Expressions", notes=("no Expressions set is under way",))
    set_puzzles = _set_puzzles(state)
    numbers = [str(i) for i in range(1, len(set_puzzles) + 1)]
    usage = f"write “solutions X” with a puzzle number 1–{len(set_puzzles)}, or “solutions X all” for every solution"
    if not args or len(args) > 2 or args[0] not in numbers or (len(args) == 2 and args[1].casefold() != "all"):
        raise InvalidCommand(usage)
    every = len(args) == 2
    x = int(args[0])
    p = set_puzzles[x - 1]
    used = state.expr.extras
    rows = []
    for digits in solutions(p.ops, p.target):
        extras = sorted({d for d in digits if d not in used})
        if extras:
            rows.append((written(digits, p.ops), " ".join(map(str, extras))))
    solved_by = [state.cfg.names[i] for i, s in enumerate(state.expr.solved) if x in s]
    notes = [f"{len(rows)} solution{'s' if len(rows) != 1 else ''} still available"]
    if not every and len(rows) > SOLUTIONS_SHOWN:
        notes[0] += f"; the first {SOLUTIONS_SHOWN} shown (“solutions {x} all” for every one)"
        rows = rows[:SOLUTIONS_SHOWN]
    notes.append(f"extras already used this set: {', '.join(map(str, sorted(used))) or 'none'}")
    if solved_by:
        notes.append(f"already solved by {', '.join(solved_by)} (each player solves each puzzle once)")
    return View(
        title=f"Solutions still available for puzzle {x}: {p.text()} (host only — do not post)",
        columns=("expression", "extras still free"),
        rows=tuple(rows),
        notes=tuple(notes),
    )


VIEWS: tuple[ViewDef[State], ...] = (
    ViewDef(name="status", what="Everyone's tiles, money, points and Advantages (with the chat text to post).", build=_status_view),
    ViewDef(name="plays", what="The Goofspiel plays sent this round (host only: hidden until the reveal).", build=_plays_view),
    ViewDef(name="shop", what="The current prices (with the chat text to post).", build=_shop_view),
    ViewDef(name="haps", what="The Gyul Hap board's haps and which are claimed (host only).", build=_haps_view),
    ViewDef(name="puzzles", what="The Expressions set: puzzles, solution counts, who solved what.", build=_puzzles_view),
    ViewDef(
        name="solutions",
        what=f"How many solutions of puzzle x are still available and the first {SOLUTIONS_SHOWN} (host only); “all” lists every one.",
        build=_solutions_view,
        args="x [all]",
        example="solutions 3",
    ),
)


# ---------------------------------------------------------------- the game


class ChoiceIsYours(LegacyGame[State, Command]):
    """The Choice is Yours — Final Match "Multi-Player"."""

    key = "choice-is-yours"
    title = "The Choice is Yours — Multi-Player"
    players = (2, 2)
    settings = SETTINGS
    doc = "docs/choice-is-yours.md"
    events = EVENTS
    renderers = RENDER

    def start(self, setup: Setup) -> State:
        """The match before block 1."""
        return initial(configure(setup))

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        """Settings that each look fine alone but do not fit together."""
        return validate(settings if isinstance(settings, Settings) else Settings(settings))

    def parse(self, state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
        """Read one line in the bot syntax players already know."""
        return parse(state, actor, text, resolve)

    def apply(self, state: State, command: Command, now: int) -> tuple[State, list[Event]]:
        """Judge a command at `now`."""
        return rules.apply(state, command, now)

    def next_due(self, state: State) -> int | None:
        """When the block's next deadline acts."""
        return rules.next_due(state)

    def on_due(self, state: State, now: int) -> tuple[State, list[Event]]:
        """Fire the next deadline's next step."""
        return rules.on_due(state, now)

    def is_over(self, state: State) -> bool:
        """Whether the sixth block has ended."""
        return state.over

    def final(self, state: State, now: int) -> dict[str, JSON]:
        """The whole match as JSON data."""
        names = state.cfg.names
        players = {}
        for i, s in enumerate(state.seats):
            players[names[i]] = {
                "money": s.money,
                "pending": s.pending,
                "tiles": tiles_json(s),
                "gsp": s.gsp,
                "ghp": s.ghp,
                "ep": s.ep,
                "advantages": {item: {"given": state.cfg.given[i][j], "left": s.adv[j]} for j, item in enumerate(ITEMS)},
            }
        bout = state.bout
        goofspiel = None
        if bout is not None:
            goofspiel = {
                "block": bout.block,
                "round": bout.round,
                "open": bout.open,
                "finished": bout.finished,
                "bout_money": {names[i]: bout.money[i] for i in range(len(names))},
                "cards_left": {names[i]: list(bout.hands[i]) for i in range(len(names))},
            }
        return {
            "game_key": self.key,
            "players": players,
            "block": state.block,
            "in_block": state.in_block,
            "goofspiel": goofspiel,
            "shop": {"cycle": state.shop.block_cycle, "shop": shop_text(state.shop.prices)} if state.shop else None,
            "gyul_hap": _gyul_json(state),
            "expressions": _expr_json(state),
            "subgame_winners": {item: dict(state.subgame_winners).get(item) for item in ITEMS},
            "winner": names[state.winner] if state.winner is not None else None,
            "result": state.result or None,
            "over": state.over,
        }

    def views(self) -> Sequence[ViewDef[State]]:
        """The host views: status, plays, shop, haps, puzzles and solutions."""
        return VIEWS

    def toolbar(self, state: State, now: int) -> str:
        """Where the match is, the running clocks and the balances."""
        money = " ".join(f"{state.cfg.names[i]} ${s.money}" for i, s in enumerate(state.seats))
        return f"{_where(state, now)} · {money}"

    def help(self) -> list[HelpItem]:
        """The players' commands and the host's `start`."""
        return HELP

    def rulings(self, settings: Settings) -> list[str]:
        """The house rulings in force for these settings."""
        return rulings(settings if isinstance(settings, Settings) else Settings(settings))

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        """What may come next, for tab completion."""
        if actor is None:
            if not words:
                return ["start", "post"]
            return ["shop", "gh", "expr"] if words == ["post"] else []
        if not words:
            return ["gs", "igs", "buy", "hap", "ihap", "gyul", "expr", "iexpr", "status", "post"]
        head = words[0].lower()
        if len(words) != 1:
            return []
        if head in ("gs", "igs") and state.bout is not None:
            return [str(c) for c in state.bout.hands[actor]]
        if head == "buy":
            return [str(d) for d in range(1, 10)]
        if head == "post":
            return ["shop", "gh", "expr"]
        if head in ("expr", "iexpr") and state.expr is not None:
            return [str(i + 1) for i in range(state.cfg.per_set)]
        return []


def _gyul_json(state: State) -> dict[str, JSON]:
    g = state.gyul
    return {
        "over": g.over,
        "board": None if g.over else g.index + 1,
        "of": state.cfg.gyul_boards,
        "claimed": [{"positions": "".join(map(str, t)), "player": state.cfg.names[s]} for t, s in g.claimed],
    }


def _expr_json(state: State) -> dict[str, JSON] | None:
    if state.expr is None:
        return None
    names = state.cfg.names
    return {
        "set": state.expr.block_set,
        "expr_set": state.expr.number,
        "puzzles": [p.text() for p in _set_puzzles(state)],
        "extras_used": sorted(state.expr.extras),
        "solved": {names[i]: sorted(s) for i, s in enumerate(state.expr.solved)},
    }


HELP: list[HelpItem] = [
    HelpItem(syntax="gs X", what="Goofspiel: play card X (1–9) this round; private, changeable until the deadline.", example="p1: gs 7"),
    HelpItem(syntax="igs X", what="Goofspiel with the Advantage: X counts X+1 (not 9). One copy used at the reveal.", example="p1: igs 5"),
    HelpItem(syntax="buy X", what="Shop: buy 3 copies of tile X at this cycle's price (once per tile per cycle).", example="p2: buy 4"),
    HelpItem(
        syntax="hap abc d",
        what="Gyul Hap: positions a<b<c form a hap; d (one of them) is the board's extra, your tiles pay for the other two.",
        example="p1: hap 149 4",
    ),
    HelpItem(
        syntax="ihap abc d e",
        what="Gyul Hap with the Advantage: e is the wildcard (used only by a correct call).",
        example="p2: ihap 149 4 9",
    ),
    HelpItem(syntax="gyul", what="Every hap on the board is claimed: +1 and the next board; wrong: -1.", example="p1: gyul"),
    HelpItem(
        syntax="expr x S y",
        what="Expressions: solve puzzle x with S (left to right; x, * or × multiply), y the extra digit.",
        example="p1: expr 1 2+3x9-3 3",
    ),
    HelpItem(
        syntax="iexpr x S y z",
        what="Expressions with the Advantage: z is the wildcard digit (used only by a correct solve).",
        example="p2: iexpr 1 2+3x9-3 3 9",
    ),
    HelpItem(syntax="status", what="Post everyone's tiles, money, GSP, GHP and EP.", example="p1: status"),
    HelpItem(syntax="post shop|gh|expr", what="Repost the current shop, Gyul Hap board or Expressions set.", example="post gh"),
    HelpItem(syntax="start", what="Start the next block (the host, after each break).", example="start", who="host"),
]


CHOICE_IS_YOURS = ChoiceIsYours()
