"""The Final Match's announcements: one renderer per event kind, each returning chat text (Discord
markdown), with a picture where a board, a set or a table helps (drawn only when copied).

Each renderer is given the match's configuration (its public context: the settings and the players'
names) and the event, and says nothing the event does not hold.
"""

from __future__ import annotations

from collections.abc import Mapping

from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.games.base import Post, Renderers
from umpire.games.choice.events import (
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
from umpire.games.choice.generate import shop_lines
from umpire.games.choice.pictures import board_picture, puzzles_picture, status_picture
from umpire.games.choice.settings import ITEM_NAMES, ROUNDS, Config
from umpire.games.choice.shape import BLOCKS, CYCLES, SETS_PER_BLOCK, expression_sets, shop_cycles

RENDER: Renderers[Config] = Renderers()

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
def _block_started(cfg: Config, ev: BlockStarted) -> str:
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
def _block_over(cfg: Config, ev: BlockOver) -> str:
    return f"**Block {ev.block} is over.**" + ("" if ev.block == BLOCKS else " Break: the host starts the next block.")


@RENDER.on(SubgameDecided)
def _subgame_decided(cfg: Config, ev: SubgameDecided) -> str:
    who = f"{chat.safe(ev.winner)} wins" if ev.winner else "no winner"
    return f"🏁 **{ITEM_NAMES[ev.subgame]}: {who}** ({chat.safe(ev.reason)}). Points: {_pairs(ev.points)}."


@RENDER.on(MatchOver)
def _match_over(cfg: Config, ev: MatchOver) -> str:
    subs = ", ".join(f"{ITEM_NAMES[s]}: {chat.safe(w) if w else 'no winner'}" for s, w in ev.subgame_winners.items())
    if ev.winner:
        return f"🏆 **{chat.safe(ev.winner)} wins The Choice is Yours!** {chat.safe(ev.result)}: {subs}."
    return f"**The Final Match is undecided:** nobody won two subgames. {subs}."


# ---------------------------------------------------------------- Goofspiel


@RENDER.on(RoundStarted)
def _round_started(cfg: Config, ev: RoundStarted) -> str:
    return (
        f"🃏 **Block {ev.block}, round {ev.round}/{ROUNDS}: the prize is {ev.prize}.** "
        f"Submit `gs X` privately within {_span(ev.deadline - ev.t)}."
    )


@RENDER.on(RoundReminder)
def _round_reminder(cfg: Config, ev: RoundReminder) -> str:
    return f"⏳ Block {ev.block}, round {ev.round}: {ev.seconds} seconds left."


@RENDER.on(StillWaiting)
def _still_waiting(cfg: Config, ev: StillWaiting) -> str:
    return f"Still to play in round {ev.round}: " + ", ".join(ev.waiting)


@RENDER.on(GsConfirmed)
def _gs_confirmed(cfg: Config, ev: GsConfirmed) -> str:
    boost = " with the Goofspiel Advantage (counts +1)" if ev.boosted else ""
    was = ""
    if ev.replaces is not None:
        was = f" (replacing {'igs' if ev.replaces.boosted else 'gs'} {ev.replaces.card})"
    return f"Your play for round {ev.round}: {ev.card}{boost}{was}. You can change it until the deadline."


@RENDER.on(RoundResolved)
def _round_resolved(cfg: Config, ev: RoundResolved) -> str:
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
def _bout_over(cfg: Config, ev: BoutOver) -> str:
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
def _shop_opened(cfg: Config, ev: ShopOpened) -> str:
    return (
        f"🛒 **Shop, block {ev.block} cycle {ev.cycle}/{CYCLES}** (cycle {ev.shop_cycle} of {shop_cycles()}, "
        f"open {_span(ev.until - ev.t)}): {ev.shop}\n"
        + " · ".join(shop_lines(_prices(ev.prices)))
        + f"\n`buy X` gives {cfg.copies} copies."
    )


@RENDER.on(ShopPosted)
def _shop_posted(cfg: Config, ev: ShopPosted) -> str:
    return f"🛒 Shop (block {ev.block}, cycle {ev.cycle}/{CYCLES}): {ev.shop}\n" + " · ".join(shop_lines(_prices(ev.prices)))


@RENDER.on(ShopClosed)
def _shop_closed(cfg: Config, ev: ShopClosed) -> str:
    return f"🛒 Block {ev.block}: the shop's cycle {ev.cycle} is over: the shop is closed until the next block."


@RENDER.on(Bought)
def _bought(cfg: Config, ev: Bought) -> str:
    return f"You bought tile {ev.tile} (×{ev.copies}) for ${ev.price}: ${ev.money} left; your tiles: {_tiles(ev.tiles)}."


def _status_chat(status: Mapping[str, PlayerStatus]) -> str:
    lines = ["**Status**"]
    for name, s in status.items():
        lines.append(f"{_n(name)}: ${s.money} · tiles {_tiles(s.tiles)} · GSP {s.gsp} · GHP {s.ghp} · EP {s.ep}")
    return "\n".join(lines)


@RENDER.on(StatusPosted)
def _status_posted(cfg: Config, ev: StatusPosted) -> Post:
    rows = [(p, f"${s.money}", _tiles(s.tiles), str(s.gsp), str(s.ghp), str(s.ep)) for p, s in ev.status.items()]
    return Post(text=_status_chat(ev.status), image=status_picture(rows))


# ---------------------------------------------------------------- Gyul Hap


@RENDER.on(GhBoard)
def _gh_board(cfg: Config, ev: GhBoard) -> Post:
    return Post(text=_gh_board_text(ev), image=board_picture(ev))


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
def _gh_reset(cfg: Config, ev: GhReset) -> str:
    return f"Gyul Hap: the board resets at the end of the block; board {ev.next_board} comes with the next block."


@RENDER.on(GhOver)
def _gh_over(cfg: Config, ev: GhOver) -> str:
    how = "after a correct gyul" if ev.why is BoardWhy.GYUL else "the last board was reset at a block's end"
    return f"🏁 **Gyul Hap is over:** {'all ' if ev.boards > 1 else ''}{ev.boards} board{'s' if ev.boards != 1 else ''} done ({how})."


@RENDER.on(HapCalled)
def _hap_called(cfg: Config, ev: HapCalled) -> str:
    call = f"{'ihap' if ev.wild else 'hap'} {ev.positions} {ev.extra}" + (f" {ev.wild}" if ev.wild else "")
    what = f"`{call}` on board {ev.board} ({' / '.join(ev.tiles)})"
    if ev.verdict is Verdict.CORRECT:
        spent = ", ".join(str(p) for p in ev.spent or ()) or "none"
        wild = "; wildcard used" if ev.wild else ""
        return f"✅ {_n(ev.player)}: {what} is a hap, correct: +1 GHP (tiles used: {spent}{wild}). GHP: {_pairs(ev.ghp)}"
    return f"❌ {_n(ev.player)}: {what} is incorrect, {chat.safe(ev.why or '')}. −1 GHP. GHP: {_pairs(ev.ghp)}"


@RENDER.on(GyulCalled)
def _gyul_called(cfg: Config, ev: GyulCalled) -> str:
    if ev.verdict is Verdict.CORRECT:
        return f"✅ {_n(ev.player)}: **Gyul!** Correct: every hap on board {ev.board} is claimed. +1 GHP. GHP: {_pairs(ev.ghp)}"
    if ev.verdict is Verdict.GRACE:
        return (
            f"{_n(ev.player)}: gyul on board {ev.board} — too late, but not penalised (grace): {chat.safe(ev.why or '')}. "
            f"GHP: {_pairs(ev.ghp)}"
        )
    return f"❌ {_n(ev.player)}: gyul on board {ev.board} — incorrect. −1 GHP. GHP: {_pairs(ev.ghp)}"


@RENDER.on(GyulUnclaimed)
def _gyul_unclaimed(cfg: Config, ev: GyulUnclaimed) -> str:
    haps = f"{ev.unclaimed} hap{'s' if ev.unclaimed != 1 else ''}"
    return f"{ev.player}'s gyul on board {ev.board} was wrong: {haps} still unclaimed (host only: do not post the count)."


# ---------------------------------------------------------------- Expressions


@RENDER.on(ExprSetOpened)
def _expr_set(cfg: Config, ev: ExprSetOpened) -> Post:
    title = f"Expressions, block {ev.block}, set {ev.set}"
    return Post(text=_expr_set_text(ev), image=puzzles_picture(title, [(p.ops, p.target) for p in ev.puzzles]))


def _expr_set_text(ev: ExprSetOpened) -> str:
    lines = [
        f"🧮 **Expressions — block {ev.block}, set {ev.set}/{SETS_PER_BLOCK}** "
        f"(set {ev.expr_set} of {expression_sets()}, open {_span(ev.until - ev.t)}):"
    ]
    lines += [f"{p.number}. `{p.text}`" for p in ev.puzzles]
    lines.append("Solve with `expr x S y` (S left to right, y the extra digit). Each digit serves as the extra once a set.")
    return "\n".join(lines)


@RENDER.on(ExprReposted)
def _expr_reposted(cfg: Config, ev: ExprReposted) -> str:
    lines = [f"🧮 Expressions (block {ev.block}, set {ev.set}/{SETS_PER_BLOCK}):"]
    lines += [f"{p.number}. `{p.text}`" for p in ev.puzzles]
    lines.append("Extras used: " + (", ".join(map(str, ev.extras_used)) or "none"))
    return "\n".join(lines)


@RENDER.on(ExprSolved)
def _expr_solved(cfg: Config, ev: ExprSolved) -> str:
    wild = f", wildcard {ev.wild}" if ev.wild else ""
    spent = ", ".join(map(str, sorted(ev.spent))) or "none"
    return (
        f"✅ {_n(ev.player)} solves puzzle {ev.puzzle}: `{ev.expression}={ev.target}` (extra {ev.extra}{wild}; tiles used: {spent}). "
        f"+1 EP. EP: {_pairs(ev.ep)}\nExtras used this set: {', '.join(map(str, ev.extras_used))}"
    )


@RENDER.on(ExprClosed)
def _expr_closed(cfg: Config, ev: ExprClosed) -> str:
    return f"Expressions set {ev.set} of block {ev.block} is over."
