"""Goofspiel: opening a round, judging `gs`/`igs`, and the reveal at the deadline. Pure."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.core.errors import IllegalAction
from umpire.games.choice.commands import GsPlay
from umpire.games.choice.config import (
    ROUNDS,
)
from umpire.games.choice.state import GOOFSPIEL, Bout, Play, State, names_of
from umpire.games.legacy import HOST, Event


def round_started(state: State, bout: Bout, now: int) -> Event:
    """The event that opens a round and reveals its prize (from the seed, never earlier)."""
    prize = bout.prizes[bout.round - 1]
    return Event(
        kind="round_started",
        t=now,
        generated=True,
        data={
            "block": bout.block,
            "round": bout.round,
            "prize": prize,
            "deadline": now + state.cfg.round_ms,
        },
    )


def judge_play(state: State, cmd: GsPlay, now: int) -> tuple[State, list[Event]]:
    """Judge `gs X` / `igs X`: the play is private and replaces any earlier one this round."""
    names = names_of(state)
    who = names[cmd.seat]
    bout = state.bout
    if not state.in_block:
        raise IllegalAction(f"no Goofspiel round is open: block {state.block + 1} has not started")
    if bout is None:
        raise IllegalAction(f"there is no Goofspiel in block {state.block}")
    if bout.finished:
        raise IllegalAction(f"block {state.block}'s bout is over (nine rounds played)")
    if not bout.open:
        raise IllegalAction(f"round {bout.round} is closed; round {bout.round + 1} opens in a moment")
    hand = bout.hands[cmd.seat]
    if cmd.card not in hand:
        raise IllegalAction(f"{who} already used the {cmd.card} in this bout (cards left: {' '.join(map(str, hand))})")
    if cmd.boosted:
        if cmd.card == 9:
            raise IllegalAction("the Goofspiel Advantage cannot turn a 9 into a 10")
        left = state.seats[cmd.seat].adv[GOOFSPIEL]
        if left < 1:
            given = state.cfg.given[cmd.seat][GOOFSPIEL]
            raise IllegalAction(f"{who} has no Goofspiel Advantage" + (" left (used)" if given else ""))
    previous = bout.plays[cmd.seat]
    plays = list(bout.plays)
    plays[cmd.seat] = Play(card=cmd.card, boosted=cmd.boosted)
    state = replace(state, bout=replace(bout, plays=tuple(plays)))
    data: dict[str, Any] = {"player": who, "block": bout.block, "round": bout.round, "card": cmd.card, "boosted": cmd.boosted}
    if previous is not None:
        data["replaces"] = {"card": previous.card, "boosted": previous.boosted}
    return state, [
        Event(kind="gs_set", t=now, audience=HOST, data=data),
        Event(kind="gs_confirmed", t=now, audience=f"player:{cmd.seat}", data=data),
    ]


def resolve_round(state: State, now: int) -> tuple[State, list[Event]]:
    """The round's deadline: reveal both cards, pay the higher (a tie throws the round out); after round 9, the GSP."""
    bout = state.bout
    assert bout is not None
    names = names_of(state)
    prize = bout.prizes[bout.round - 1]
    seats = list(state.seats)
    hands = list(bout.hands)
    money = list(bout.money)
    shown: dict[str, dict[str, Any]] = {}
    values = []
    for i, play in enumerate(bout.plays):
        auto = play is None
        if play is None:
            # Amendment: no submission plays the lowest unused card, at full value.
            play = Play(card=min(hands[i]))
        value = play.card + (1 if play.boosted else 0)
        if play.boosted:
            adv = list(seats[i].adv)
            adv[GOOFSPIEL] -= 1
            seats[i] = replace(seats[i], adv=(adv[0], adv[1], adv[2]))
        hands[i] = tuple(c for c in hands[i] if c != play.card)
        values.append(value)
        shown[names[i]] = {"card": play.card, "value": value, "auto": auto, "boosted": play.boosted}
    winner: int | None = None
    if values[0] != values[1]:
        winner = 0 if values[0] > values[1] else 1
        money[winner] += prize
        seats[winner] = replace(seats[winner], pending=seats[winner].pending + prize)
    finished = bout.round == ROUNDS
    bout = replace(bout, open=False, hands=tuple(hands), money=tuple(money), finished=finished, plays=tuple(None for _ in seats))
    state = replace(state, bout=bout, seats=tuple(seats))
    events = [
        Event(
            kind="round_resolved",
            t=now,
            data={
                "block": bout.block,
                "round": bout.round,
                "prize": prize,
                "plays": shown,
                "winner": names[winner] if winner is not None else None,
                "bout_money": {names[i]: money[i] for i in range(len(money))},
            },
        )
    ]
    if finished:
        gsp_to: int | None = None
        if money[0] != money[1]:
            gsp_to = 0 if money[0] > money[1] else 1
            seats[gsp_to] = replace(seats[gsp_to], gsp=seats[gsp_to].gsp + 1)
            state = replace(state, seats=tuple(seats))
        events.append(
            Event(
                kind="bout_over",
                t=now,
                data={
                    "block": bout.block,
                    "bout_money": {names[i]: money[i] for i in range(len(money))},
                    "gsp_to": names[gsp_to] if gsp_to is not None else None,
                    "gsp": {names[i]: seats[i].gsp for i in range(len(seats))},
                    "prizes": list(bout.prizes),
                },
            )
        )
    return state, events
