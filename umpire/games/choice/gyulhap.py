"""Gyul Hap in play: the board under way, and judging `hap`, `ihap` and `gyul`. Pure.

The boards themselves are drawn in `gyul.py`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from umpire.core import hap
from umpire.core.errors import IllegalAction
from umpire.core.pieces import HAP_PIECES
from umpire.games.choice.commands import GyulCall, HapCall
from umpire.games.choice.config import (
    SHOP_FIRST_BLOCK,
)
from umpire.games.choice.gyul import Board, boards, emoji, tile_letters, tile_words
from umpire.games.choice.state import GYUL_HAP, State, names_of, where_now
from umpire.games.legacy import Event


def board(state: State) -> Board:
    """The Gyul Hap board under way."""
    cfg = state.cfg
    return boards(cfg.streams.seed, cfg.gyul_boards, cfg.min_haps, cfg.max_haps)[state.gyul.index]


def board_posted(state: State, now: int, why: str) -> Event:
    """The event that posts the board under way (tiles as words, emoji and letters)."""
    b = board(state)
    return Event(
        kind="gh_board",
        t=now,
        generated=True,
        data={
            "board": b.number,
            "of": state.cfg.gyul_boards,
            "why": why,
            "tiles": {str(i + 1): tile_words(b.tiles[i]) for i in range(9)},
            "emoji": [emoji(b.tiles[i], state.cfg.emoji) for i in range(9)],
            "letters": [tile_letters(b.tiles[i]) for i in range(9)],
        },
    )


def require_gyul(state: State) -> Board:
    """The board under way, or a refusal saying why Gyul Hap is not being played now."""
    if state.gyul.over:
        n = state.cfg.gyul_boards
        raise IllegalAction(f"Gyul Hap is over: {'all ' if n > 1 else ''}{n} board{'s' if n != 1 else ''} {'are' if n != 1 else 'is'} done")
    if not state.in_block or state.block < SHOP_FIRST_BLOCK:
        where = where_now(state)
        raise IllegalAction(f"Gyul Hap runs during blocks 2–6, not now ({where})")
    return board(state)


def judge_hap(state: State, cmd: HapCall, now: int) -> tuple[State, list[Event]]:
    """Judge `hap abc d` / `ihap abc d e`: correct (+1, tiles used), incorrect (−1) or refused as invalid."""
    names = names_of(state)
    who = names[cmd.seat]
    b = require_gyul(state)
    seat = state.seats[cmd.seat]
    if cmd.wild is not None and seat.adv[GYUL_HAP] < 1:
        raise IllegalAction(f"{who} has no Gyul Hap Advantage" + (" left" if state.cfg.given[cmd.seat][GYUL_HAP] else ""))
    spend = [p for p in cmd.positions if p not in (cmd.extra, cmd.wild)]
    for p in spend:
        if seat.tiles[p - 1] < 1:
            raise IllegalAction(f"{who} holds no tile {p}")
    claimed = dict(state.gyul.claimed)
    x, y, z = (b.tiles[p - 1] for p in cmd.positions)
    call = "".join(map(str, cmd.positions))
    data: dict[str, Any] = {
        "player": who,
        "board": b.number,
        "positions": call,
        "extra": cmd.extra,
        "wild": cmd.wild,
        "tiles": [tile_words(t) for t in (x, y, z)],
    }
    if cmd.positions in claimed:
        verdict, why = "incorrect", f"already claimed by {names[claimed[cmd.positions]]} (R-GH-1)"
    elif not hap.is_hap(x, y, z):
        verdict = "incorrect"
        why = "not a hap: " + "; ".join(
            line for line in hap.explain(x, y, z, HAP_PIECES.values, HAP_PIECES.attributes) if "not a hap" in line
        )
    else:
        verdict, why = "correct", ""
    seats = list(state.seats)
    if verdict == "correct":
        tiles = list(seat.tiles)
        for p in spend:
            tiles[p - 1] -= 1
        adv = list(seat.adv)
        if cmd.wild is not None:
            adv[GYUL_HAP] -= 1  # R-GH-5: the wildcard is used up only by a correct call
        seats[cmd.seat] = replace(seat, ghp=seat.ghp + 1, tiles=tuple(tiles), adv=(adv[0], adv[1], adv[2]))
        gyul = replace(state.gyul, claimed=(*state.gyul.claimed, (cmd.positions, cmd.seat)))
        state = replace(state, seats=tuple(seats), gyul=gyul)
        data["spent"] = spend
    else:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp - 1)
        state = replace(state, seats=tuple(seats))
        data["why"] = why
    data["verdict"] = verdict
    data["ghp"] = {names[i]: s.ghp for i, s in enumerate(state.seats)}
    return state, [Event(kind="hap_called", t=now, data=data)]


def judge_gyul(state: State, cmd: GyulCall, now: int) -> tuple[State, list[Event]]:
    """Judge `gyul`: correct when every hap is claimed (+1, next board); else −1 unless within the anti-snipe grace."""
    names = names_of(state)
    who = names[cmd.seat]
    b = require_gyul(state)
    claimed = {t for t, _ in state.gyul.claimed}
    seats = list(state.seats)
    seat = seats[cmd.seat]
    data: dict[str, Any] = {"player": who, "board": b.number}
    events: list[Event] = []
    if b.haps <= claimed:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp + 1)
        state = replace(state, seats=tuple(seats), gyul=replace(state.gyul, last_gyul=(cmd.seat, now)))
        data["verdict"] = "correct"
        data["ghp"] = {names[i]: s.ghp for i, s in enumerate(state.seats)}
        events.append(Event(kind="gyul_called", t=now, data=data))
        state, ev = next_board(state, now, "gyul")
        events.append(ev)
        return state, events
    last = state.gyul.last_gyul
    grace = state.cfg.grace_ms
    if last is not None and last[0] != cmd.seat and now - last[1] <= grace:
        data["verdict"] = "grace"
        data["why"] = f"{names[last[0]]}'s correct gyul came {(now - last[1]) / 1000:g} s earlier (anti-snipe, R-GH-2)"
    else:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp - 1)
        state = replace(state, seats=tuple(seats))
        data["verdict"] = "incorrect"
        data["why"] = f"{len(b.haps - claimed)} hap{'s' if len(b.haps - claimed) != 1 else ''} still unclaimed"
    data["ghp"] = {names[i]: s.ghp for i, s in enumerate(state.seats)}
    return state, [Event(kind="gyul_called", t=now, data=data)]


def next_board(state: State, now: int, why: str) -> tuple[State, Event]:
    """Move to the next board (after a correct gyul, or at a block's end); after the last, Gyul Hap ends."""
    index = state.gyul.index + 1
    if index >= state.cfg.gyul_boards:
        state = replace(state, gyul=replace(state.gyul, over=True, claimed=()))
        return state, Event(kind="gh_over", t=now, data={"boards": state.cfg.gyul_boards, "why": why})
    state = replace(state, gyul=replace(state.gyul, index=index, claimed=()))
    if why == "reset":
        # Posted when the next block starts.
        return state, Event(kind="gh_reset", t=now, data={"next_board": index + 1})
    return state, board_posted(state, now, why)
