"""What the host and the players see of the Final Match: the host views, the toolbar, `final`
and what each seat may know (`knowledge`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.choice.expressions import count, solutions, written
from umpire.games.choice.generate import shop_lines, shop_text
from umpire.games.choice.gyul import board_plain as gyul_plain
from umpire.games.choice.gyul import tile_letters
from umpire.games.choice.gyulhap import board
from umpire.games.choice.render import _status_chat, _tiles
from umpire.games.choice.sets import puzzles as _set_puzzles
from umpire.games.choice.settings import ITEM_NAMES, ITEMS, ROUNDS
from umpire.games.choice.shape import BLOCKS, CYCLES, SETS_PER_BLOCK
from umpire.games.choice.state import Phase, State, status_json, tiles_json
from umpire.games.facts import Fact
from umpire.games.outcome import Outcome
from umpire.games.status import status_heading

SOLUTIONS_SHOWN = 10  # `solutions x` lists this many; `solutions x all` lists every one


def _where(state: State, now: int) -> str:
    """Where the match is, with its running clocks, in one line (the status view's title, the toolbar between blocks)."""
    if state.phase is Phase.OVER:
        return f"over: {state.result}"
    if state.phase is not Phase.BLOCK:
        return f"break before block {state.block + 1} (host: “start”)"
    left = state.block_clock.left(now) if state.block_clock else 0
    parts = [f"block {state.block}/{BLOCKS} {fmt_clock(left)} left"]
    bout, clock = state.bout, state.round_clock
    if bout is not None and clock is not None:
        if clock.what == "round":
            parts.append(
                f"GS round {bout.round}/{ROUNDS} prize {bout.prizes[bout.round - 1]} {fmt_clock(clock.left(now))} ({_marks(state)})"
            )
        else:
            parts.append(f"GS round {bout.round + 1} in {fmt_clock(clock.left(now))}")
    if state.shop is not None:
        parts.append(_shop_clock(state, now))
    return " · ".join(parts)


def _marks(state: State) -> str:
    """Who has played in the open round (host only: R-GS-1): `Hedger ✓ Uri …`."""
    bout = state.bout
    assert bout is not None
    return " ".join(f"{state.cfg.names[i]} {'✓' if bout.plays.has(i) else '…'}" for i in range(len(state.seats)))


def _shop_clock(state: State, now: int) -> str:
    """The shop cycle under way and its time left (the last cycle of a block ends with the block)."""
    assert state.shop is not None
    ends = state.shop_clock.due if state.shop_clock else state.block_start + state.cfg.block_ms
    return f"shop {state.shop.block_cycle}/{CYCLES} {fmt_clock(ends - now)}"


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
            p = bout.plays.get(i) if bout.open else None  # a round played is put away until the next opens
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
        rows.append((str(i + 1), p.text(), str(count(p.ops, p.target)), ", ".join(by) or "—"))  # counted, not listed: ~1 ms, not ~5 ms
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


# ---------------------------------------------------------------- final, toolbar, knowledge


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole match as JSON data (the host's `final` of `--json`)."""
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
    return {
        "game_key": "choice-is-yours",
        "players": players,
        "block": state.block,
        "in_block": state.in_block,
        "goofspiel": _bout_json(state),
        "shop": {"cycle": state.shop.block_cycle, "shop": shop_text(state.shop.prices)} if state.shop else None,
        "gyul_hap": _gyul_json(state),
        "expressions": _expr_json(state),
        "subgame_winners": {item: dict(state.subgame_winners).get(item) for item in ITEMS},
        "winner": names[state.winner] if state.winner is not None else None,
        "result": state.result or None,
        "over": state.over,
    }


def _bout_json(state: State) -> dict[str, JSON] | None:
    """The bout under way (or the block's last): its round, the money won and the cards each has left, all public."""
    bout = state.bout
    if bout is None:
        return None
    names = state.cfg.names
    return {
        "block": bout.block,
        "round": bout.round,
        "open": bout.open,
        "finished": bout.finished,
        "bout_money": {names[i]: bout.money[i] for i in range(len(names))},
        "cards_left": {names[i]: list(bout.hands[i]) for i in range(len(names))},
    }


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


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know now (None: everyone).

    Public: where the match is, every player's holdings and points (anyone may post `status` at any
    time, R-SHOP-4) and Advantages (who holds them and the copies left, R-ADV-2), the bout as
    revealed so far (its prizes posted, the money won, the cards each has left), the shop's prices,
    the board as posted with its claims, the set with the extras used and who solved what, and the
    subgames decided. A player also knows their own sealed play of the round
    under way (R-GS-1). Never another player's play, whether they have played (the host's, R-GS-1),
    the haps on the board or how many are left (R-GH-6), or a puzzle's solutions.
    """
    names = state.cfg.names
    return {
        "phase": state.phase.value,
        "block": state.block,
        "players": {
            names[i]: {
                "money": s.money,
                "pending": s.pending,
                "tiles": tiles_json(s),
                "gsp": s.gsp,
                "ghp": s.ghp,
                "ep": s.ep,
                "advantages": {item: {"given": state.cfg.given[i][j], "left": s.adv[j]} for j, item in enumerate(ITEMS)},
            }
            for i, s in enumerate(state.seats)
        },
        "goofspiel": _bout_knowledge(state, seat),
        "shop": {"cycle": state.shop.block_cycle, "shop": shop_text(state.shop.prices)} if state.shop else None,
        "gyul_hap": _gyul_json(state),
        "expressions": _expr_json(state),
        "subgame_winners": {item: dict(state.subgame_winners).get(item) for item in ITEMS},
        "subgames_won": _subgames_won(state),
        "result": state.result or None,
    }


def _subgames_won(state: State) -> dict[str, JSON]:
    """The subgames each player has won so far (by name, in the card's order), for the report's standings."""
    won = dict(state.subgame_winners)
    return {name: [ITEM_NAMES[item] for item in ITEMS if won.get(item) == name] for name in state.cfg.names}


def facts(settings: Settings) -> tuple[Fact, ...]:
    """What a report shows of each player: the subgames won first (two of three win the match), then money and points."""
    return (
        Fact(key="subgames_won", label="Subgames won", decides=True, plot=False),
        Fact(key="players.money", label="Money"),
        Fact(key="players.gsp", label="Goofspiel points (GSP)"),
        Fact(key="players.ghp", label="Gyul Hap points (GHP)"),
        Fact(key="players.ep", label="Expressions points (EP)"),
        Fact(key="players.pending", label="Goofspiel winnings to be paid next block"),
    )


def _bout_knowledge(state: State, seat: int | None) -> dict[str, JSON] | None:
    """The bout as everyone knows it (the prizes posted so far), and a player's own play of the open round."""
    public = _bout_json(state)
    bout = state.bout
    if public is None or bout is None:
        return None
    public["prizes_posted"] = list(bout.prizes[: bout.round])
    if seat is not None and bout.open:
        mine = bout.plays.get(seat)
        public["my_play"] = None if mine is None else {"card": mine.card, "boosted": mine.boosted}
    return public


def own_status(known: Mapping[str, JSON], player: str) -> str:
    """A player's answer to `status` (or `money`): their `knowledge` in words, and nothing else (R-READ-4)."""
    players = known["players"]
    lines = [status_heading(player), _stage(known)]
    bout = known["goofspiel"]
    if bout is not None and bout["open"]:
        prize = bout["prizes_posted"][-1] if bout["prizes_posted"] else "?"
        mine = bout.get("my_play")
        play = "none yet" if mine is None else f"{'igs' if mine['boosted'] else 'gs'} {mine['card']}"
        lines.append(
            f"Goofspiel round {bout['round']}/{ROUNDS}, prize {prize}: your play {play} · money this bout {_pairs(bout['bout_money'])}."
        )
    lines.append(
        "Money: "
        + " · ".join(
            f"{chat.safe(n)} ${p['money']}" + (f" (+${p['pending']} next block)" if p["pending"] else "") for n, p in players.items()
        )
    )
    lines.append("Tiles: " + " · ".join(f"{chat.safe(n)} {_tiles(p['tiles'])}" for n, p in players.items()))
    lines.append("Points: " + " · ".join(f"{chat.safe(n)} GSP {p['gsp']}, GHP {p['ghp']}, EP {p['ep']}" for n, p in players.items()))
    held = [f"{chat.safe(n)} {ITEM_NAMES[i]} ×{a['left']}" for n, p in players.items() for i, a in p["advantages"].items() if a["left"]]
    lines.append("Advantages left: " + (", ".join(held) or "none"))
    if known["shop"] is not None:
        lines.append(f"Shop (cycle {known['shop']['cycle']}): {known['shop']['shop']}")
    return "\n".join(lines)


def _stage(known: Mapping[str, JSON]) -> str:
    phase, block = known["phase"], known["block"]
    if phase == Phase.BEFORE.value:
        return "The match has not started: the host starts block 1."
    if phase == Phase.BLOCK.value:
        return f"Block {block} of {BLOCKS} is under way."
    if phase == Phase.BREAK.value:
        return f"Block {block} of {BLOCKS} is over; the host starts the next."
    return f"The match is over. {known['result'] or ''}".strip()


def _pairs(values: Mapping[str, JSON]) -> str:
    return " · ".join(f"{chat.safe(n)} ${v}" for n, v in values.items())


def outcome(state: State) -> Outcome | None:
    """The match's result once it is over: as the event that ended it (`MatchOver`) states it."""
    return state.outcome


def toolbar(state: State, now: int) -> Toolbar:
    """In a block, the running clocks first (the block's, the Goofspiel round's, the shop cycle's), then
    the round's prize with who has played (✓ or …) and the balances; between blocks, where the match is."""
    money = ", ".join(f"{state.cfg.names[i]} ${s.money}" for i, s in enumerate(state.seats))
    if state.phase is not Phase.BLOCK:
        return Toolbar(clock="", where=f"{_where(state, now)} · {money}")
    left = state.block_clock.left(now) if state.block_clock else 0
    clock = [f"block {state.block}/{BLOCKS} {fmt_clock(left)}"]
    where = []
    bout, round_clock = state.bout, state.round_clock
    if bout is not None and round_clock is not None:
        if round_clock.what == "round":  # who has played is what the round waits for: it comes with its clock
            clock.append(f"GS {bout.round}/{ROUNDS} {fmt_clock(round_clock.left(now))} {_marks(state)}")
            where.append(f"prize {bout.prizes[bout.round - 1]}")
        else:
            clock.append(f"GS {bout.round + 1}/{ROUNDS} in {fmt_clock(round_clock.left(now))}")
    if state.shop is not None:
        clock.append(_shop_clock(state, now))
    return Toolbar(clock=" · ".join(clock), where=" · ".join([*where, money]))
