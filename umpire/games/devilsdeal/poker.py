"""The poker step: the community card, the private picks, the ante, two betting rounds (R-DD-5) with
the reveals between them, the fold (and its penalty, R-DD-6), the showdown (R-DD-4, R-DD-7), the end
of the round, and the loss conditions in the order a round reaches them."""

from __future__ import annotations

from umpire.core.clock import SECOND
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event, dm
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.commands import PickCards, Wager
from umpire.games.devilsdeal.events import (
    AntePaid,
    BettingSkipped,
    BettingStarted,
    Called,
    Folded,
    GameOver,
    PickConfirmed,
    Picked,
    PokerStarted,
    Raised,
    Revealed,
    RoundOver,
    Showdown,
    ShownHand,
)
from umpire.games.devilsdeal.hands import HIGH, category, compare, describe, why
from umpire.games.devilsdeal.state import (
    Bet,
    Break,
    Phase,
    Pick,
    State,
    chips_json,
    chips_text,
    deadline,
    log_cards,
    name_of,
    pools_json,
    set_seat,
)
from umpire.games.rounds import Simultaneous


def can_pick(pool: tuple[int, ...], community: int) -> bool:
    """Whether a pool holds two different cards, neither the community card."""
    return len(set(pool) - {community}) >= 2


def draw_community(state: State, now: int) -> State:
    """The round's community card, drawn from all 27 at the start of the round (its own stream per round)."""
    community = C.draw(state.streams.stream(f"devils/community/{state.round}"), 1)[0]
    return log_cards(replace(state, community=community), "community", None, (community,), now)


def start_poker(state: State, now: int) -> tuple[State, list[Event]]:
    """Open the private pick (the community card was drawn at the start of the round), or end the DM if a
    player cannot pick. Why a player cannot pick is said without their pool: it may hold fewer cards than
    everyone knows of (cards discarded unrevealed), and which ones is theirs to know."""
    cfg = state.cfg
    community = state.community
    assert community is not None
    state = replace(state, picks=Simultaneous[tuple[int, int]].of((0, 1)))
    due = deadline("pick", now, cfg.pick_ms, cfg.long_reminders)
    ev = PokerStarted(t=now, round=state.round, community=C.name(community), seconds=cfg.pick_ms // SECOND, until=due.due)
    unable = [i for i in range(2) if not can_pick(state.seats[i].pool, community)]
    if unable:
        why_ = {
            i: f"{name_of(state, i)} cannot pick two private cards (the pool holds fewer than two different cards besides the community card {C.name(community)})"
            for i in unable
        }
        state, more = lose(state, unable, why_, "cannot form a hand", now)
        return state, [ev, *more]
    return replace(state, step=Pick(), deadline=due), [ev]


def pick_cmd(state: State, cmd: PickCards, now: int) -> tuple[State, list[Event]]:
    """Take a player's private cards (replacing an earlier pick); when both have picked, go on to the ante."""
    who = name_of(state, cmd.seat)
    community = state.community
    assert community is not None
    pool = state.seats[cmd.seat].pool
    for c in (cmd.first, cmd.second):
        if c not in pool:
            raise IllegalAction(f"{who} holds no {C.name(c)} (pool: {C.names(pool)})")
    if cmd.first == cmd.second:
        raise IllegalAction(f"the two private cards must be different cards ({C.name(cmd.first)} twice): a hand cannot hold duplicates")
    if community in (cmd.first, cmd.second):
        raise IllegalAction(f"{C.name(community)} is the community card: a hand cannot hold it twice")
    picks, took = state.picks.take(cmd.seat, (cmd.first, cmd.second))
    state = replace(state, picks=picks)
    previous = took.replaced
    first, second, shown = C.name(cmd.first), C.name(cmd.second), C.name(community)
    hand = describe((community, cmd.first, cmd.second))
    replaces = None if previous is None else tuple(C.name_list(previous))
    late = tuple(name_of(state, i) for i in picks.waiting)
    events: list[Event] = [
        Picked(t=now, player=who, first=first, second=second, community=shown, hand=hand, waiting=late, replaces=replaces),
        PickConfirmed(
            t=now,
            audience=dm(cmd.seat),
            player=who,
            first=first,
            second=second,
            community=shown,
            hand=hand,
            final=took.all_in,
            replaces=replaces,
        ),
    ]
    if took.all_in:
        state, more = _ante(state, now)
        events += more
    return state, events


def _ante(state: State, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    short = [i for i in range(2) if state.seats[i].chips < cfg.ante]
    if short:
        why_ = {i: f"{name_of(state, i)} cannot pay the ante ({chips_text(state.seats[i].chips)}; the ante is {cfg.ante})" for i in short}
        return lose(state, short, why_, "cannot pay the ante", now)
    for i in range(2):
        state = set_seat(state, i, chips=state.seats[i].chips - cfg.ante)
    pot = 2 * cfg.ante - cfg.pot_removed
    state = replace(state, pot=pot, removed=state.removed + cfg.pot_removed, put=(0, 0))
    ev = AntePaid(t=now, ante=cfg.ante, removed=cfg.pot_removed, pot=pot, chips=chips_json(state))
    state, more = _betting(state, 1, now)
    return state, [ev, *more]


def _betting(state: State, number: int, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    broke = [i for i in range(2) if state.seats[i].chips == 0]
    if broke:
        ev = BettingSkipped(t=now, betting=number, broke=tuple(name_of(state, i) for i in broke))
        state = replace(state, step=None, deadline=None)
        state, more = _after_betting(state, number, now)
        return state, [ev, *more]
    due = deadline("bet", now, cfg.bet_ms, cfg.short_reminders)
    state = replace(state, step=Bet(number=number, to_act=state.starter), deadline=due)
    return state, [
        BettingStarted(
            t=now,
            betting=number,
            to_act=name_of(state, state.starter),
            pot=state.pot,
            chips=chips_json(state),
            opening_bet=cfg.opening_bet,
            seconds=cfg.bet_ms // SECOND,
            until=due.due,
        )
    ]


def wager(state: State, cmd: Wager, now: int) -> tuple[State, list[Event]]:
    """Judge `call`, `raise N`, `fold` or `all-in` from the player to act (R-DD-5)."""
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Bet) and step.to_act == cmd.seat  # the table of moves allows a bet only from the player to act
    who = name_of(state, cmd.seat)
    me, opp = cmd.seat, 1 - cmd.seat
    chips = state.seats[me].chips
    to_call = step.bets[opp] - step.bets[me]
    action, amount = cmd.action, cmd.amount
    if action == "allin":
        if chips > to_call and state.seats[opp].chips > 0 and chips - to_call >= cfg.min_raise:
            action, amount = "raise", chips - to_call
        else:
            action = "call"
    if action == "fold":
        return fold(state, now, auto=False)
    if action == "call":
        return _call(state, now)
    if amount < cfg.min_raise:
        raise IllegalAction(f"a raise is at least {chips_text(cfg.min_raise)} (R-DD-5)")
    if state.seats[opp].chips == 0:
        raise IllegalAction(f"{name_of(state, opp)} has no chips left to answer a raise: “call” or “fold”")
    cost = to_call + amount
    if chips < cost:
        if chips <= to_call:
            raise IllegalAction(f"{who} has {chips_text(chips)}, not enough to raise: “call” (all-in for {chips}) or “fold”")
        most = chips - to_call
        what = f" (call {to_call} + {amount})" if to_call else ""
        raise IllegalAction(f"{who} has {chips_text(chips)}; raise {amount} needs {cost}{what}: raise at most {most}, or call")
    return _put(state, me, cost, "raise", amount, now)


def _put(state: State, seat: int, cost: int, action: str, raised: int, now: int) -> tuple[State, list[Event]]:
    """`seat` opens or raises: puts `cost` in and the other player acts next."""
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Bet)
    bets = list(step.bets)
    bets[seat] += cost
    state = set_seat(state, seat, chips=state.seats[seat].chips - cost)
    due = deadline("bet", now, cfg.bet_ms, cfg.short_reminders)
    state = replace(state, step=replace(step, bets=(bets[0], bets[1]), to_act=1 - seat), deadline=due)
    return state, [
        Raised(
            t=now,
            betting=step.number,
            player=name_of(state, seat),
            action=action,
            put=cost,
            raised=raised,
            bets={cfg.names[i]: bets[i] for i in range(2)},
            to_call=bets[seat] - bets[1 - seat],
            pot=state.pot,
            chips=chips_json(state),
            next=name_of(state, 1 - seat),
            seconds=cfg.bet_ms // SECOND,
            until=due.due,
        )
    ]


def _call(state: State, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Bet)
    me, opp = step.to_act, 1 - step.to_act
    chips = state.seats[me].chips
    if step.bets == (0, 0):
        cost = min(cfg.opening_bet, chips)
        return _put(state, me, cost, "open", 0, now)
    to_call = step.bets[opp] - step.bets[me]
    bets = list(step.bets)
    returned = 0
    put = min(chips, to_call)
    bets[me] += put
    state = set_seat(state, me, chips=chips - put)
    if put < to_call:
        returned = bets[opp] - bets[me]
        bets[opp] -= returned
        state = set_seat(state, opp, chips=state.seats[opp].chips + returned)
    total_put = (state.put[0] + bets[0], state.put[1] + bets[1])
    state = replace(state, pot=state.pot + bets[0] + bets[1], put=total_put, step=None, deadline=None)
    ev = Called(
        t=now,
        betting=step.number,
        player=name_of(state, me),
        action="call",
        put=put,
        all_in=put < to_call or state.seats[me].chips == 0,
        returned={name_of(state, opp): returned} if returned else {},
        bets={cfg.names[i]: bets[i] for i in range(2)},
        pot=state.pot,
        chips=chips_json(state),
    )
    state, more = _after_betting(state, step.number, now)
    return state, [ev, *more]


def _after_betting(state: State, number: int, now: int) -> tuple[State, list[Event]]:
    first, second = state.pick(0), state.pick(1)
    assert first is not None and second is not None
    shown = (first[number - 1], second[number - 1])
    state = replace(state, revealed=number)
    state = log_cards(state, "revealed", 0, (shown[0],), now)
    state = log_cards(state, "revealed", 1, (shown[1],), now)
    assert state.community is not None
    hands = (first, second)
    known = {name_of(state, i): tuple(C.name_list((state.community, *hands[i][:number]))) for i in range(2)}
    ev = Revealed(
        t=now,
        which="first" if number == 1 else "second",
        cards={name_of(state, i): C.name(shown[i]) for i in range(2)},
        community=C.name(state.community),
        known=known,
    )
    if number == 1:
        state, more = _betting(state, 2, now)
    else:
        state, more = _showdown(state, now)
    return state, [ev, *more]


def _hand(state: State, seat: int) -> tuple[int, int, int]:
    p = state.pick(seat)
    assert p is not None and state.community is not None
    return (state.community, p[0], p[1])


def fold(state: State, now: int, *, auto: bool) -> tuple[State, list[Event]]:
    """The player to act folds: the other takes the pot; a high-card hand also pays the penalty (R-DD-6)."""
    cfg = state.cfg
    step = state.step
    assert isinstance(step, Bet)
    folder, winner = step.to_act, 1 - step.to_act
    bets = step.bets
    pot = state.pot + bets[0] + bets[1]
    state = replace(state, pot=0, put=(state.put[0] + bets[0], state.put[1] + bets[1]), step=None, deadline=None)
    state = set_seat(state, winner, chips=state.seats[winner].chips + pot)
    high = category(*_hand(state, folder)) == HIGH and cfg.fold_penalty > 0
    cannot = high and state.seats[folder].chips < cfg.fold_penalty
    if high and not cannot:
        state = set_seat(state, folder, chips=state.seats[folder].chips - cfg.fold_penalty)
        state = set_seat(state, winner, chips=state.seats[winner].chips + cfg.fold_penalty)
    ev = Folded(
        t=now,
        betting=step.number,
        player=name_of(state, folder),
        winner=name_of(state, winner),
        auto=auto,
        pot=pot,
        high_card=high,
        penalty=cfg.fold_penalty if high and not cannot else 0,
        cannot_pay=cannot,
        chips=chips_json(state),
    )
    if cannot:
        reason = (
            f"{name_of(state, folder)} folded a high-card hand and cannot pay the {chips_text(cfg.fold_penalty)} penalty "
            f"({chips_text(state.seats[folder].chips)}, R-DD-6)"
        )
        state, more = lose(state, [folder], {folder: reason}, "cannot pay the fold penalty", now)
        return state, [ev, *more]
    state, more = _end_round(state, winner, now)
    return state, [ev, *more]


def _showdown(state: State, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    h = (_hand(state, 0), _hand(state, 1))
    result = compare(h[0], h[1], cfg.hand_order)
    pot = state.pot
    payouts = [0, 0]
    lost = 0
    winner: int | None = None
    if result:
        winner = 0 if result > 0 else 1
        payouts[winner] = pot
    else:
        payouts = [state.put[0] + cfg.tie_ante_back, state.put[1] + cfg.tie_ante_back]
        lost = pot - sum(payouts)
    for i in range(2):
        state = set_seat(state, i, chips=state.seats[i].chips + payouts[i])
    state = replace(state, pot=0, removed=state.removed + lost)
    ev = Showdown(
        t=now,
        community=C.name(h[0][0]),
        hands={name_of(state, i): ShownHand(cards=tuple(C.name_list(h[i])), hand=describe(h[i])) for i in range(2)},
        winner=None if winner is None else name_of(state, winner),
        why=why(h[0], h[1], cfg.hand_order),
        pot=pot,
        payouts={name_of(state, i): payouts[i] for i in range(2)},
        removed=lost,
        chips=chips_json(state),
    )
    state, more = _end_round(state, winner, now)
    return state, [ev, *more]


def _end_round(state: State, winner: int | None, now: int) -> tuple[State, list[Event]]:
    cfg = state.cfg
    hidden: dict[str, int] = {}
    for i in range(2):
        p = state.pick(i)
        assert p is not None
        s = state.seats[i]
        shown = p[: state.revealed]
        state = set_seat(state, i, pool=C.remove(s.pool, p), seen=C.remove(s.seen, shown))
        hidden[name_of(state, i)] = 2 - len(shown)
    starter = winner if winner is not None else state.starter if cfg.tied_starter == "stays" else 1 - state.starter
    due = deadline("break", now, cfg.break_ms)
    state = replace(state, starter=starter, step=Break(), deadline=due, picks=Simultaneous[tuple[int, int]].of(()), community=None)
    return state, [
        RoundOver(
            t=now,
            round=state.round,
            winner=None if winner is None else name_of(state, winner),
            next_starter=name_of(state, starter),
            chips=chips_json(state),
            pools=pools_json(state),
            unrevealed=hidden,
            break_seconds=cfg.break_ms // SECOND,
            next_round_at=due.due,
        )
    ]


def lose(state: State, losers: list[int], reasons: dict[int, str], short: str, now: int) -> tuple[State, list[Event]]:
    """End the DM: one loser, or (both failing the same check) the starting player."""
    names = state.cfg.names
    if len(losers) == 2:
        loser = state.starter
        reason = f"both players {short}; the starting player, {names[loser]}, loses"
    else:
        loser = losers[0]
        reason = reasons[loser]
    winner = 1 - loser
    state = replace(state, phase=Phase.OVER, step=None, deadline=None, winner=winner, result=f"{names[winner]} won: {reason}")
    over = GameOver(t=now, winner=names[winner], loser=names[loser], reason=reason, chips=chips_json(state), round=state.round)
    return replace(state, outcome=over.outcome), [over]
