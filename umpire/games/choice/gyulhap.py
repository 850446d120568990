"""Gyul Hap in play: the board under way, and judging `hap`, `ihap` and `gyul`. Pure.

The boards themselves are drawn in `gyul.py`."""

from __future__ import annotations

from umpire.core import hap
from umpire.core.deadline import Deadline
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.core.pieces import HAP_PIECES
from umpire.games.base import Event
from umpire.games.choice.commands import GyulCall, HapCall
from umpire.games.choice.events import BoardWhy, Claim, GhBoard, GhOver, GhReset, GyulCalled, GyulUnclaimed, HapCalled, Verdict
from umpire.games.choice.gyul import Board, boards, emoji, tile_letters, tile_words
from umpire.games.choice.shape import SHOP_FIRST_BLOCK
from umpire.games.choice.state import GYUL_HAP, State, names_of, where_now


def board(state: State) -> Board:
    """The Gyul Hap board under way."""
    cfg = state.cfg
    return boards(state.streams.seed, cfg.gyul_boards, cfg.min_haps, cfg.max_haps)[state.gyul.index]


def board_posted(state: State, now: int, why: BoardWhy) -> GhBoard:
    """The event that posts the board under way (tiles as words, emoji and letters); a repost lists the claims."""
    b = board(state)
    claimed = None
    if why is BoardWhy.REPOSTED:
        claimed = tuple(Claim(positions="".join(map(str, t)), player=state.cfg.names[s]) for t, s in state.gyul.claimed)
    return GhBoard(
        t=now,
        board=b.number,
        of=state.cfg.gyul_boards,
        why=why,
        tiles={str(i + 1): tile_words(b.tiles[i]) for i in range(9)},
        emoji=tuple(emoji(b.tiles[i], state.cfg.emoji) for i in range(9)),
        letters=tuple(tile_letters(b.tiles[i]) for i in range(9)),
        claimed=claimed,
    )


def gyul_closed(state: State) -> str | None:
    """Why Gyul Hap is not being played now (the "not now" refusal of `hap`, `gyul` and `post gh`), or None."""
    if state.gyul.over:
        n = state.cfg.gyul_boards
        return f"Gyul Hap is over: {'all ' if n > 1 else ''}{n} board{'s' if n != 1 else ''} {'are' if n != 1 else 'is'} done"
    if not state.in_block or state.block < SHOP_FIRST_BLOCK:
        return f"Gyul Hap runs during blocks 2–6, not now ({where_now(state)})"
    return None


def judge_hap(state: State, cmd: HapCall, now: int) -> tuple[State, list[Event]]:
    """Judge `hap abc d` / `ihap abc d e`: correct (+1, tiles used), incorrect (−1) or refused as invalid.

    A board is under way (the move's `when` said so)."""
    names = names_of(state)
    who = names[cmd.seat]
    b = board(state)
    seat = state.seats[cmd.seat]
    if cmd.wild is not None and seat.adv[GYUL_HAP] < 1:
        raise IllegalAction(f"{who} has no Gyul Hap Advantage" + (" left" if state.cfg.given[cmd.seat][GYUL_HAP] else ""))
    spend = tuple(p for p in cmd.positions if p not in (cmd.extra, cmd.wild))
    for p in spend:
        if seat.tiles[p - 1] < 1:
            raise IllegalAction(f"{who} holds no tile {p}")
    claimed = dict(state.gyul.claimed)
    x, y, z = (b.tiles[p - 1] for p in cmd.positions)
    why = ""
    if cmd.positions in claimed:
        why = f"already claimed by {names[claimed[cmd.positions]]} (R-GH-1)"
    elif not hap.is_hap(x, y, z):
        why = "not a hap: " + "; ".join(
            line for line in hap.explain(x, y, z, HAP_PIECES.values, HAP_PIECES.attributes) if "not a hap" in line
        )
    seats = list(state.seats)
    if not why:
        tiles = list(seat.tiles)
        for p in spend:
            tiles[p - 1] -= 1
        adv = list(seat.adv)
        if cmd.wild is not None:
            adv[GYUL_HAP] -= 1  # R-GH-5: the wildcard is used up only by a correct call
        seats[cmd.seat] = replace(seat, ghp=seat.ghp + 1, tiles=tuple(tiles), adv=(adv[0], adv[1], adv[2]))
        gyul = replace(state.gyul, claimed=(*state.gyul.claimed, (cmd.positions, cmd.seat)))
        state = replace(state, seats=tuple(seats), gyul=gyul)
    else:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp - 1)
        state = replace(state, seats=tuple(seats))
    event = HapCalled(
        t=now,
        player=who,
        board=b.number,
        positions="".join(map(str, cmd.positions)),
        extra=cmd.extra,
        wild=cmd.wild,
        tiles=tuple(tile_words(t) for t in (x, y, z)),
        spent=None if why else spend,
        why=why or None,
        verdict=Verdict.INCORRECT if why else Verdict.CORRECT,
        ghp=_ghp(state),
    )
    return state, [event]


def _ghp(state: State) -> dict[str, int]:
    return {state.cfg.names[i]: s.ghp for i, s in enumerate(state.seats)}


def in_grace(state: State, seat: int, now: int) -> bool:
    """R-GH-2: whether a wrong gyul by `seat` at `now` falls inside the other player's anti-snipe grace.

    The grace is a window of time after a correct gyul; it covers its seconds whatever happens in
    them, a block's end, the board's reset and the next block's start included.
    """
    grace = state.gyul.grace
    return grace is not None and state.gyul.grace_by != seat and grace.start <= now <= grace.due


def judge_gyul(state: State, cmd: GyulCall, now: int) -> tuple[State, list[Event]]:
    """Judge `gyul`: correct when every hap is claimed (+1, next board); else −1 unless within the anti-snipe grace.

    A wrong gyul's public post says only that it was wrong and the penalty: how many haps are
    left is the host's alone (it would be worth the point to learn it).
    """
    names = names_of(state)
    who = names[cmd.seat]
    b = board(state)
    claimed = {t for t, _ in state.gyul.claimed}
    seats = list(state.seats)
    seat = seats[cmd.seat]
    if b.haps <= claimed:
        seats[cmd.seat] = replace(seat, ghp=seat.ghp + 1)
        grace = Deadline(what="grace", start=now, due=now + state.cfg.grace_ms)
        state = replace(state, seats=tuple(seats), gyul=replace(state.gyul, grace=grace, grace_by=cmd.seat))
        events: list[Event] = [GyulCalled(t=now, player=who, board=b.number, verdict=Verdict.CORRECT, ghp=_ghp(state))]
        state, ev = next_board(state, now, BoardWhy.GYUL)
        events.append(ev)
        return state, events
    if in_grace(state, cmd.seat, now):
        assert state.gyul.grace is not None and state.gyul.grace_by is not None
        since = (now - state.gyul.grace.start) / 1000
        why = f"{names[state.gyul.grace_by]}'s correct gyul came {since:g} s earlier (anti-snipe, R-GH-2)"
        return state, [GyulCalled(t=now, player=who, board=b.number, verdict=Verdict.GRACE, why=why, ghp=_ghp(state))]
    seats[cmd.seat] = replace(seat, ghp=seat.ghp - 1)
    state = replace(state, seats=tuple(seats))
    return state, [
        GyulCalled(t=now, player=who, board=b.number, verdict=Verdict.INCORRECT, ghp=_ghp(state)),
        GyulUnclaimed(t=now, player=who, board=b.number, unclaimed=len(b.haps - claimed)),
    ]


def next_board(state: State, now: int, why: BoardWhy) -> tuple[State, Event]:
    """Move to the next board (after a correct gyul, or at a block's end); after the last, Gyul Hap ends."""
    index = state.gyul.index + 1
    if index >= state.cfg.gyul_boards:
        state = replace(state, gyul=replace(state.gyul, over=True, claimed=()))
        return state, GhOver(t=now, boards=state.cfg.gyul_boards, why=why)
    state = replace(state, gyul=replace(state.gyul, index=index, claimed=()))
    if why is BoardWhy.RESET:
        # Posted when the next block starts.
        return state, GhReset(t=now, next_board=index + 1)
    return state, board_posted(state, now, why)
