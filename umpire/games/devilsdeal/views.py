"""What the host and the players see of Devil's Deal: the host views, the toolbar, `final` and what
each seat may know (`knowledge`).

The views and `final` are the host's: they show the real pools and the private cards. Their chat
texts (what may be posted) show only what is public. `knowledge(state, seat)` is what one seat may
know now: everything public, and that seat's own pool, private cards and division in force.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.core.settings import Settings
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.divisions import best_for
from umpire.games.devilsdeal.hands import describe
from umpire.games.devilsdeal.state import Ask, Bet, Break, Discard, Divide, Phase, Pick, State, Take, pools_json, waiting
from umpire.games.facts import Fact
from umpire.games.status import status_heading

if TYPE_CHECKING:
    from umpire.games.outcome import Outcome

# ---------------------------------------------------------------- host views


def _status(state: State, now: int, args: Sequence[str]) -> View:
    """Chips, pools (the host's table shows every card and the private ones), pot and what is awaited."""
    from umpire.games.devilsdeal.render import pools, stacks

    names = state.cfg.names
    rows = []
    for i, s in enumerate(state.seats):
        pick = state.pick(i)
        private = "—" if pick is None else f"{C.name(pick[0])} {C.name(pick[1])}"
        gone = f" (+{s.hidden} gone unrevealed)" if s.hidden else ""
        rows.append((names[i], str(s.chips), str(len(s.pool)), C.names(s.pool) + gone, private))
    chips = {names[i]: state.seats[i].chips for i in range(2)}
    status_chat = f"**Devil's Deal — round {state.round}**" if state.round else "**Devil's Deal**"
    if isinstance(state.step, Break):
        status_chat = f"**Devil's Deal — after round {state.round}** · {chat.safe(names[state.starter])} starts round {state.round + 1}"
    elif state.phase is Phase.PLAY:
        status_chat += f" · {chat.safe(names[state.starter])} starts"
    status_chat += f"\nChips: {stacks(chips)}\n{pools(pools_json(state))}"
    notes = [f"pot {state.pot} · chips out of the game {state.removed} · total {state.in_play() + state.removed}"]
    return View(
        title=f"Devil's Deal — round {state.round} — {waiting(state, now, host=True)}",
        columns=("player", "chips", "held", "pool (host view)", "private (host only)"),
        rows=tuple(rows),
        chat=status_chat,
        notes=tuple(notes),
    )


def _board(state: State, now: int, args: Sequence[str]) -> View:
    """The poker table: the host's table shows the private cards; its chat text only what is revealed."""
    from umpire.games.devilsdeal.render import code, name

    names = state.cfg.names
    if state.community is None:
        return View(title="The poker table", notes=("no poker step is under way",))
    rows = []
    step = state.step
    public: list[str] = [f"🂠 Community card: {code(C.name(state.community))}"]
    for i in range(2):
        pick = state.pick(i)
        shown = C.name_list(pick[: state.revealed]) if pick else []
        bet = str(step.bets[i]) if isinstance(step, Bet) else "—"
        hand = describe((state.community, *pick)) if pick else "—"
        rows.append((names[i], " ".join(shown) or "—", "—" if pick is None else f"{C.name(pick[0])} {C.name(pick[1])}", hand, bet))
        public.append(f"{name(names[i])}: shown {code(shown)}" + (f" · bet {bet}" if isinstance(step, Bet) else ""))
    public.append(f"Pot: {state.pot}")
    return View(
        title=f"The poker table, round {state.round} — {waiting(state, now, host=True)} (the chat text shows only what is revealed)",
        columns=("player", "revealed", "private (host only)", "hand (host only)", "bet this round"),
        rows=tuple(rows),
        chat="\n".join(public),
        notes=(f"pot {state.pot}",),
    )


def _division(state: State, now: int, args: Sequence[str]) -> View:
    """The refill being divided: the division in force and the best possible one (host only)."""
    step = state.step
    if not isinstance(step, Divide):
        return View(title="Division", notes=("no refill is being divided",))
    best = best_for(step.offer, state.cfg.min_pile)
    notes = [f"offered: {C.names(step.offer)}"]
    if step.division is None:
        notes.append("in force: nothing valid (every card is set aside at the deadline)")
    else:
        notes.append(f"in force since {fmt_clock(step.since or 0)}: {step.division.text()} — takes {len(step.division.taken(step.offer))}")
    if best is None:
        notes.append("best possible: no division takes any card")
    else:
        notes.append(f"best possible (host only — do not post): {best.text()} — takes {len(best.taken(step.offer))}")
    return View(title=f"{state.cfg.names[step.seat]}'s refill {step.number}", notes=tuple(notes))


VIEWS: tuple[ViewDef[State], ...] = (
    ViewDef(
        name="status", what="Chips, pools, pot and what the game is waiting for (the table shows private cards: host only).", build=_status
    ),
    ViewDef(name="board", what="The poker table: the community card, what is revealed, the bets (private cards: host only).", build=_board),
    ViewDef(
        name="division",
        what="The refill being divided: the division in force and the best possible one (host only).",
        build=_division,
    ),
)


# ---------------------------------------------------------------- the final state


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole state as JSON data."""
    names = state.cfg.names
    players = {}
    for i, s in enumerate(state.seats):
        players[names[i]] = {
            "chips": s.chips,
            "pool": C.name_list(s.pool),
            "pool_public": C.name_list(C.ordered(s.seen)),
            "unknown_gone": s.hidden,
        }
    step = state.step
    betting = None
    if isinstance(step, Bet):
        betting = {"round": step.number, "bets": {names[i]: step.bets[i] for i in range(2)}, "to_act": names[step.to_act]}
    revealed: dict[str, list[str]] = {}
    picks = (state.pick(0), state.pick(1))
    if state.revealed and picks[0] is not None and picks[1] is not None:
        revealed = {names[i]: C.name_list((picks[i] or (0, 0))[: state.revealed]) for i in range(2)}
    return {
        "game_key": "devils-deal",
        "players": players,
        "round": state.round,
        "starting_player": names[state.starter] if state.phase in (Phase.PLAY, Phase.OVER) else None,
        "phase": state.phase.value,
        "waiting": waiting(state, now, host=True),
        "community": C.name(state.community) if state.community is not None else None,
        "revealed": revealed,
        "pot": state.pot,
        "betting": betting,
        "chips_out": state.removed,
        "winner": names[state.winner] if state.winner is not None else None,
        "result": state.result or None,
        "over": state.over,
        "cards": [
            {
                "round": e.round,
                "t": e.t,
                "event": e.what,
                "player": names[e.seat] if e.seat is not None else None,
                "cards": C.name_list(e.cards),
            }
            for e in state.log
        ],
    }


# ---------------------------------------------------------------- the toolbar


def toolbar(state: State, now: int) -> Toolbar:
    """The decision under way and its time left first (short: who, what, m:ss), then what it leaves unsaid of
    what is awaited (who has yet to pick, which betting round), the round, the chips, the pot and the game's name."""
    names = state.cfg.names
    clock = _clock(state, now)
    # Over: “over: Uri won” first, then why (which may not fit)
    first = "over: " + state.result.replace(": ", " · ", 1) if state.over else _awaited(state) if clock else waiting(state, host=True)
    parts = [first]
    if state.round:
        parts.append(f"round {state.round}")
    parts.append("chips " + ", ".join(f"{names[i]} {state.seats[i].chips}" for i in range(2)))
    if state.pot:
        parts.append(f"pot {state.pot}")
    return Toolbar(clock=clock, where=" · ".join([*(p for p in parts if p), "Devil's Deal"]))


def _awaited(state: State) -> str:
    """What the running countdown (which names who decides) leaves unsaid of what is awaited; "" when nothing."""
    step = state.step
    if isinstance(step, Pick):
        return "to pick: " + ", ".join(state.cfg.names[i] for i in state.picks.waiting)
    if isinstance(step, Bet):
        return f"betting round {step.number}"
    if isinstance(step, Divide):
        return f"refill {step.number}"
    return ""


_DECISIONS = {
    "answer": "refill?",
    "division": "division",
    "take": "take",
    "discard": "discard",
    "pick": "pick",
    "bet": "bet",
    "break": "break",
}


def _clock(state: State, now: int) -> str:
    """The running countdown: “Hedger: refill? 0:13 left”, “pick 0:40 left”, “break 0:15 left”."""
    due = state.deadline
    if due is None:
        return ""
    step = state.step
    seat = step.seat if isinstance(step, Ask | Divide | Discard | Take) else step.to_act if isinstance(step, Bet) else None
    who = "" if seat is None else f"{state.cfg.names[seat]}: "
    return f"{who}{_DECISIONS.get(due.what, due.what)} {fmt_clock(due.left(now))} left"


# ---------------------------------------------------------------- what a seat may know


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know now (None: everyone). Public: the chips, the pools as everyone knows them,
    the round's community card, the revealed private cards, the pot and the bets, the step under way
    as posted (a refill's cards, the set-aside cards, a discard's count) and what is awaited, never who
    has not picked (R-DD-18). A seat's own: its pool as it really is, its private cards this round and,
    while it divides, its division in force."""
    names = state.cfg.names
    out: dict[str, JSON] = {
        "phase": state.phase.value,
        "round": state.round,
        "starting_player": names[state.starter] if state.phase in (Phase.PLAY, Phase.OVER) else None,
        "chips": {names[i]: state.seats[i].chips for i in range(2)},
        "pools": {p: {"cards": list(v.cards), "held": v.held, "unknown_gone": v.unknown_gone} for p, v in pools_json(state).items()},
        "community": C.name(state.community) if state.community is not None else None,
        "revealed": _revealed(state),
        "pot": state.pot,
        "chips_out": state.removed,
        "step": _step(state),
        "waiting": waiting(state),
        "due": state.deadline.due if state.deadline is not None else None,
        "winner": names[state.winner] if state.winner is not None else None,
        "result": state.result or None,
    }
    if seat is not None:
        pick = state.pick(seat)
        step = state.step
        mine: dict[str, JSON] = {
            "pool": C.name_list(state.seats[seat].pool),
            "private": None if pick is None else C.name_list(pick),
        }
        if isinstance(step, Divide) and step.seat == seat:
            mine["division"] = None if step.division is None else step.division.text()
        out["mine"] = mine
    return out


def facts(settings: Settings) -> tuple[Fact, ...]:
    """What a report shows of each player: the chips first (who runs out loses), then the pools as everyone knows them."""
    return (
        Fact(key="chips", label="Chips", decides=True),
        Fact(key="pools.held", label="Cards in pool"),
        Fact(key="pools.unknown_gone", label="Cards discarded unseen"),
    )


def own_status(known: Mapping[str, JSON], player: str) -> str:
    """A player's answer to `status` (or `pool`): their `knowledge` in words, and nothing else (R-READ-4)."""
    mine = known["mine"]
    lines = [status_heading(player)]
    if known["phase"] == Phase.OVER.value:
        lines.append(f"The match is over. {known['result'] or ''}".strip())
    elif known["round"]:
        starter = f", {chat.safe(known['starting_player'])} starts" if known["starting_player"] else ""
        lines.append(f"Round {known['round']}{starter}: {chat.safe(known['waiting'])}.")
    else:
        waiting = chat.safe(known["waiting"])
        lines.append(f"{waiting[:1].upper()}{waiting[1:]}.")
    pool = mine["pool"]
    line = f"Your pool ({len(pool)}): {chat.code(' '.join(pool) or 'none')} · {_chips(known['chips'][player])}"
    if mine["private"] is not None:
        line += f" · private cards this round: first {chat.code(mine['private'][0])}, second {chat.code(mine['private'][1])}"
    lines.append(line)
    if mine.get("division") is not None:
        lines.append(f"Your division in force: {chat.code(mine['division'])}")
    others = [n for n in known["chips"] if n != player]
    for name in others:
        theirs = known["pools"][name]
        line = f"{chat.safe(name)}'s pool ({theirs['held']}): {chat.code(' '.join(theirs['cards']) or 'none')}"
        if theirs["unknown_gone"]:
            k = theirs["unknown_gone"]
            line += f" ({k} of these {'was' if k == 1 else 'were'} discarded unrevealed)"
        lines.append(f"{line} · {_chips(known['chips'][name])}")
    table = [f"Pot {known['pot']}"]
    if known["community"]:
        table.append(f"community card {chat.code(known['community'])}")
    table += [f"{chat.safe(n)} shows {chat.code(' '.join(cards))}" for n, cards in known["revealed"].items()]
    lines.append(" · ".join(table))
    return "\n".join(lines)


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def _revealed(state: State) -> dict[str, JSON]:
    picks = (state.pick(0), state.pick(1))
    if not state.revealed or picks[0] is None or picks[1] is None:
        return {}
    return {state.cfg.names[i]: C.name_list((picks[i] or (0, 0))[: state.revealed]) for i in range(2)}


def _step(state: State) -> dict[str, JSON] | None:
    """The step under way, as it was posted."""
    names = state.cfg.names
    step = state.step
    if isinstance(step, Ask):
        return {"step": "refill?", "player": names[step.seat], "again": step.again}
    if isinstance(step, Divide):
        return {"step": "division", "player": names[step.seat], "refill": step.number, "cards": C.name_list(step.offer)}
    if isinstance(step, Take):
        return {"step": "take", "player": names[step.seat], "from": names[step.refiller], "cards": C.name_list(step.cards)}
    if isinstance(step, Discard):
        return {"step": "discard", "player": names[step.seat], "count": step.count}
    if isinstance(step, Bet):
        return {"step": "bet", "betting": step.number, "bets": {names[i]: step.bets[i] for i in range(2)}, "to_act": names[step.to_act]}
    if isinstance(step, Break):
        return {"step": "break"}
    return None if step is None else {"step": "pick"}


def outcome(state: State) -> Outcome | None:
    """The Death Match's result once it is over: as the event that ended it (`GameOver`) states it."""
    return state.outcome
