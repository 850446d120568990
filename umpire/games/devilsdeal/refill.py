"""The refill step: “refill?”, the 12 cards, the division (checked at each submission, locked at the
deadline), the opponent's free take and the discards down to the pool limit."""

from __future__ import annotations

from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.commands import DivisionLine, NoRefill, Refill, TakeCard
from umpire.games.devilsdeal.divisions import Division, problems, reading
from umpire.games.devilsdeal.events import (
    DiscardAsked,
    Discarded,
    DivisionLocked,
    DivisionNoted,
    LockedDivision,
    RefillAsked,
    RefillDeclined,
    RefillOffered,
    RefillSkipped,
    TakeAsked,
    Took,
)
from umpire.games.devilsdeal.poker import start_poker
from umpire.games.devilsdeal.state import (
    Ask,
    Discard,
    Divide,
    State,
    Take,
    add_cards,
    deadline,
    log_cards,
    name_of,
    set_seat,
)


def ask(state: State, seat: int, now: int, *, again: bool) -> tuple[State, list[Event]]:
    """Ask `seat` “refill?”, or skip them when they cannot pay (R-DD-2)."""
    cfg = state.cfg
    chips = state.seats[seat].chips
    if chips < cfg.refill_cost:
        ev = RefillSkipped(t=now, player=name_of(state, seat), chips=chips, cost=cfg.refill_cost)
        state, more = _refill_done(state, seat, now)
        return state, [ev, *more]
    due = deadline("answer", now, cfg.answer_ms, cfg.short_reminders)
    state = replace(state, step=Ask(seat=seat, again=again), deadline=due)
    return state, [
        RefillAsked(
            t=now,
            player=name_of(state, seat),
            again=again,
            chips=chips,
            cost=cfg.refill_cost,
            seconds=cfg.answer_ms // SECOND,
            until=due.due,
        )
    ]


def _refill_done(state: State, seat: int, now: int) -> tuple[State, list[Event]]:
    """`seat` no longer wishes to refill: offer the opponent, or go on to the poker step."""
    if seat == state.starter:
        return ask(state, 1 - seat, now, again=False)
    return start_poker(state, now)


def refill(state: State, cmd: Refill, now: int) -> tuple[State, list[Event]]:
    """`yes` to “refill?”: pay, and see the refill's cards (R-DD-2 was checked: the player can pay)."""
    return _refill(state, now)


def no_refill(state: State, cmd: NoRefill, now: int) -> tuple[State, list[Event]]:
    """`no` to “refill?”."""
    return decline(state, now, auto=False)


def decline(state: State, now: int, *, auto: bool) -> tuple[State, list[Event]]:
    """The player asked does not refill (their `no`, or the deadline)."""
    step = state.step
    assert isinstance(step, Ask)
    ev = RefillDeclined(t=now, player=name_of(state, step.seat), auto=auto)
    state, more = _refill_done(state, step.seat, now)
    return state, [ev, *more]


def _refill(state: State, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Ask)
    seat = step.seat
    n = state.refills[seat] + 1
    offer = C.draw(state.streams.stream(f"devils/refill/{state.round}/{seat + 1}/{n}"), cfg.refill_cards)
    refills = list(state.refills)
    refills[seat] = n
    state = set_seat(state, seat, chips=state.seats[seat].chips - cfg.refill_cost)
    due = deadline("division", now, cfg.division_ms, cfg.long_reminders)
    state = replace(
        state,
        refills=(refills[0], refills[1]),
        removed=state.removed + cfg.refill_cost,
        step=Divide(seat=seat, number=n, offer=offer),
        deadline=due,
    )
    state = log_cards(state, "offered", seat, offer, now)
    return state, [
        RefillOffered(
            t=now,
            round=state.round,
            player=name_of(state, seat),
            refill=n,
            cost=cfg.refill_cost,
            chips=state.seats[seat].chips,
            cards=tuple(C.name_list(offer)),
            seconds=cfg.division_ms // SECOND,
            until=due.due,
        )
    ]


def division_line(state: State, cmd: DivisionLine, now: int) -> tuple[State, list[Event]]:
    """Judge a division as submitted, whole: valid, it is the division in force; not valid, it is refused
    with every reason and how it was read, and the division in force stays (R-DD-11, R-DD-13). A division
    that takes no card does not replace one that takes cards unless it ends with “confirm” (R-DD-10)."""
    step = state.step
    assert isinstance(step, Divide)  # the table of moves allows a division only from the player dividing
    who = name_of(state, cmd.seat)
    division = Division.of(cmd.segments)
    bad = problems(step.offer, division, state.cfg.min_pile) or _takes_nothing(step, division, step.division, cmd.confirm)
    if bad:
        read = f"read as {reading(division)}"
        if cmd.commas:
            read += " — commas separate piles when there is no “|”"
        elif cmd.lines > 1:
            read += f" — one pile a line, {cmd.lines} lines"
        raise IllegalAction(f"this division is not valid: {'; '.join(bad)} ({read}; {_in_force_text(step.division, step.since)})")
    step = replace(step, division=division, since=now)
    note = DivisionNoted(
        t=now,
        player=who,
        division=division.text(),
        lines=cmd.lines,
        takes=tuple(C.name_list(division.taken(step.offer))),
        until=state.deadline.due if state.deadline else None,
    )
    return replace(state, step=step), [note]


def _takes_nothing(step: Divide, division: Division, before: Division | None, confirmed: bool) -> list[str]:
    """R-DD-10: a division that takes no card replaces one that takes cards only when confirmed."""
    if confirmed or division.taken(step.offer) or before is None or not before.taken(step.offer):
        return []
    n = len(before.taken(step.offer))
    return [
        f"it takes no card, while the division in force ({before.text()}) takes {n}: end the submission with “confirm” to replace it anyway"
    ]


def _in_force_text(division: Division | None, since: int | None) -> str:
    if division is None:
        return "nothing valid is in force: at the deadline every card is set aside"
    return f"the division from {fmt_clock(since or 0)} stays in force"


def lock(state: State, now: int, *, early: bool) -> tuple[State, list[Event]]:
    """Lock the division in force (the deadline, or `done`): take the piles, set the rest aside."""
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Divide)
    seat = step.seat
    division = step.division
    taken = division.taken(step.offer) if division else ()
    aside = division.set_aside(step.offer) if division else step.offer
    state = add_cards(state, seat, taken)
    if taken:
        state = log_cards(state, "taken", seat, taken, now)
    state = log_cards(state, "set aside", seat, aside, now)
    state = replace(state, aside=aside)
    held = len(state.seats[seat].pool)
    ev = DivisionLocked(
        t=now,
        player=name_of(state, seat),
        refill=step.number,
        early=early,
        division=(
            None
            if division is None
            else LockedDivision(
                piles=tuple(tuple(C.name_list(p)) for p in division.kept()),
                aside_pile=tuple(C.name_list(division.aside)),
                unused=tuple(C.name_list(c for c in aside if c not in division.aside)),
                sum=division.total(),
            )
        ),
        taken=tuple(C.name_list(taken)),
        set_aside=tuple(C.name_list(aside)),
        pool_size=held,
    )
    if held > cfg.pool_limit:
        state, more = _ask_discard(state, seat, held - cfg.pool_limit, tuple(reversed(taken)), seat, now)
    else:
        state, more = _offer_take(state, seat, now)
    return state, [ev, *more]


def _ask_discard(state: State, seat: int, count: int, newest: tuple[int, ...], refiller: int, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    due = deadline("discard", now, cfg.discard_ms, cfg.short_reminders)
    state = replace(state, step=Discard(seat=seat, count=count, newest=newest, refiller=refiller), deadline=due)
    return state, [
        DiscardAsked(
            t=now,
            player=name_of(state, seat),
            count=count,
            held=len(state.seats[seat].pool),
            limit=cfg.pool_limit,
            seconds=cfg.discard_ms // SECOND,
            until=due.due,
        )
    ]


def _offer_take(state: State, refiller: int, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    seat = 1 - refiller
    due = deadline("take", now, cfg.take_ms, cfg.short_reminders)
    state = replace(state, step=Take(seat=seat, cards=state.aside, refiller=refiller), deadline=due)
    return state, [
        TakeAsked(
            t=now,
            player=name_of(state, seat),
            from_=name_of(state, refiller),
            cards=tuple(C.name_list(state.aside)),
            seconds=cfg.take_ms // SECOND,
            until=due.due,
        )
    ]


def take_cmd(state: State, cmd: TakeCard, now: int) -> tuple[State, list[Event]]:
    """Judge the opponent's `take CARD` / `none`."""
    step = state.step
    assert isinstance(step, Take)  # the table of moves allows a take only from the player asked
    if cmd.card is not None and cmd.card not in step.cards:
        raise IllegalAction(f"{C.name(cmd.card)} is not set aside (set aside: {C.names(step.cards)})")
    return take(state, cmd.card, now, auto=False)


def take(state: State, card: int | None, now: int, *, auto: bool) -> tuple[State, list[Event]]:
    """The opponent takes one set-aside card (or none); then a discard if over the limit, else “refill again?”."""
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Take)
    seat = step.seat
    if card is not None:
        state = add_cards(state, seat, (card,))
        state = log_cards(state, "free take", seat, (card,), now)
    held = len(state.seats[seat].pool)
    ev = Took(t=now, player=name_of(state, seat), card=None if card is None else C.name(card), auto=auto, pool_size=held)
    state = replace(state, aside=())
    if held > cfg.pool_limit:
        newest = (card,) if card is not None else ()
        state, more = _ask_discard(state, seat, held - cfg.pool_limit, newest, step.refiller, now)
    else:
        state, more = ask(state, step.refiller, now, again=True)
    return state, [ev, *more]


def discard_cmd(state: State, seat: int, cards: tuple[int, ...], now: int) -> tuple[State, list[Event]]:
    """Judge a discard down to the pool limit."""
    step = state.step
    assert isinstance(step, Discard)  # the table of moves allows a discard only from the player asked
    who = name_of(state, seat)
    pool = state.seats[seat].pool
    if len(cards) != step.count:
        raise IllegalAction(
            f"{who} must discard exactly {step.count} card{'s' if step.count != 1 else ''} "
            f"({len(pool)} held, limit {state.cfg.pool_limit}); {len(cards)} named"
        )
    short = C.missing(pool, cards)
    if short:
        c = short[0]
        held = pool.count(c)
        raise IllegalAction(f"{who} holds {'no' if held == 0 else f'only {held}'} {C.name(c)} (pool: {C.names(pool)})")
    return discard(state, cards, now, auto=False)


def discard(state: State, cards: tuple[int, ...], now: int, *, auto: bool) -> tuple[State, list[Event]]:
    """Discard these cards (public); then the opponent's take, or “refill again?”."""
    step = state.step
    assert isinstance(step, Discard)
    seat = step.seat
    s = state.seats[seat]
    state = set_seat(state, seat, pool=C.remove(s.pool, cards), seen=C.remove(s.seen, cards))
    state = log_cards(state, "discarded", seat, cards, now)
    ev = Discarded(t=now, player=name_of(state, seat), cards=tuple(C.name_list(cards)), auto=auto, pool_size=len(state.seats[seat].pool))
    if seat == step.refiller:
        state, more = _offer_take(state, seat, now)
    else:
        state, more = ask(state, step.refiller, now, again=True)
    return state, [ev, *more]


def auto_discard(state: State) -> tuple[int, ...]:
    """At the deadline: the newest cards first (those just taken, last offered first), then the pool from the end."""
    step = state.step
    assert isinstance(step, Discard)
    pool = list(state.seats[step.seat].pool)
    out: list[int] = []
    for c in (*step.newest, *reversed(pool)):
        if len(out) == step.count:
            break
        if c in pool:
            pool.remove(c)
            out.append(c)
    return tuple(out)
