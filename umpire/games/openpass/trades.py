"""Trades in Open, Pass: an offer, its answer, and the cards moving. Pure.

The card: "have both players confirm and then ping me so I can note it down properly". A trade is
between its two players and the host (R-OP-10): the offer, the answer and the completed trade go to
the two of them as DMs, which the host sees; a completed trade moves exactly what it says, and only
if both still hold the cards, free of their submitted decks (R-OP-7). While a player's deck stands,
its cards and the cards they offer never overlap, so whether an offer goes through never tells its
other player anything of the sealed deck. An offer whose cards a completed trade took away is
withdrawn at once, its two players told (R-OP-11), so it never stands in the way of a deck. What a player received in a round is private (R-OP-9),
and what they hold is too, so the channel learns at most that two players traded (`announce_trades
= true`), never the cards; a refusal never tells a player what the other side holds.
"""

from __future__ import annotations

from collections import Counter

from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import PUBLIC, Event, dm
from umpire.games.openpass.cards import KINDS
from umpire.games.openpass.commands import Answer, Offer
from umpire.games.openpass.events import TradeCancelled, TradeDeclined, TradeDone, TradeLapsed, TradeMade, TradeOffered
from umpire.games.openpass.state import State, Trade, counts, listing

Events = list[Event]
_TradeKind = type[TradeOffered | TradeDone | TradeDeclined | TradeCancelled | TradeLapsed]


def _numbers(numbers: list[int]) -> str:
    """Trade numbers in words: “trade 1”, “trades 1 and 2”, “trades 1, 2 and 4”."""
    if len(numbers) == 1:
        return f"trade {numbers[0]}"
    return "trades " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def promised(state: State, seat: int, *, besides: int | None = None) -> tuple[Counter[str], dict[str, list[int]]]:
    """The cards `seat`'s open offers promise (all of them together, but `besides`), and by kind the
    trades that promise them."""
    cards: Counter[str] = Counter()
    where: dict[str, list[int]] = {}
    for t in state.trades:
        if t.giver == seat and t.number != besides:
            cards.update(t.gives)
            for k in set(t.gives):
                where.setdefault(k, []).append(t.number)
    return cards, where


def shortfall(state: State, seat: int, want: tuple[str, ...], verb: str, *, besides: int | None = None) -> str:
    """What `seat` lacks to give `want`, counted: “Hedger holds 3 “+”, offered 4”; "" when nothing.

    Cards in the player's submitted deck are locked and do not count as held for a trade; while the
    deck stands, neither do the cards their open offers (but `besides`) promise (R-OP-7). The text is
    for that player (and the host) only: it tells what they hold, offer and have in their deck.
    """
    have = Counter(listing(state.players[seat].cards))
    locked = state.locked(seat)
    offered, where = promised(state, seat, besides=besides) if state.decks.has(seat) else (Counter[str](), {})
    short = []
    for k, n in sorted(Counter(want).items(), key=lambda kv: KINDS.index(kv[0])):
        if have[k] - locked[k] - offered[k] >= n:
            continue
        parts = [f"{locked[k]} of them in their deck"] if locked[k] else []
        if offered[k]:
            parts.append(f"{offered[k]} {'' if parts else 'of them '}offered in {_numbers(where[k])}")
        held = f"holds {have[k]} “{k}”" + (f", {' and '.join(parts)}" if parts else "")
        short.append(f"{held}, {verb} {n}")
    return f"{state.cfg.names[seat]} " + "; ".join(short) if short else ""


def deck_conflict(state: State, seat: int, deck: tuple[str, ...]) -> str:
    """Why `seat` may not submit `deck` (its own cards): it would lock cards their open offers promise,
    or their offers together promise more than they hold; "" when it may.

    R-OP-7: while a deck stands, its cards and the cards its player offers never overlap. So an offer
    always goes through when its other player accepts it, and whether it does never tells them
    anything of the sealed deck. The advice is one the player can follow: leaving cards out of the
    deck is offered only when that would settle it.
    """
    offered, where = promised(state, seat)
    have = Counter(listing(state.players[seat].cards))
    free = have.copy()
    free.subtract(deck)
    clash = [k for k in KINDS if offered[k] > free[k]]
    if not clash:
        return ""
    over = [k for k in clash if offered[k] > have[k]]
    numbers = sorted({n for k in over or clash for n in where[k]})
    cancel = ", ".join(f"“cancel {n}”" for n in numbers)
    who = state.cfg.names[seat]
    if over:
        held = "; ".join(f"{offered[k]} “{k}” in {_numbers(where[k])}, holding {have[k]}" for k in over)
        return (
            f"{who} offers {held}: while a deck stands, open offers cannot promise the same cards twice (R-OP-7); "
            f"withdraw offers first ({cancel})"
        )
    cards = " ".join(k for k in clash for _ in range(offered[k]))
    first = "the offer" if len(numbers) == 1 else "the offers"
    return (
        f"{who} offers {cards} in {_numbers(numbers)}: a deck cannot lock cards offered in an open trade (R-OP-7); "
        f"withdraw {first} first ({cancel}), or leave those cards out of the deck"
    )


def to_both(kind: _TradeKind, state: State, t: Trade, now: int) -> Events:
    """One trade event for each of its two players, as DMs (the host sees both): maker first."""
    names = state.cfg.names
    return [
        kind(t=now, audience=dm(seat), trade=t.number, giver=names[t.giver], taker=names[t.taker], gives=t.gives, gets=t.gets)
        for seat in (t.giver, t.taker)
    ]


def offer(state: State, cmd: Offer, now: int) -> tuple[State, Events]:
    """An offer waits for the other player's answer; the maker must hold what they offer (free of their deck)."""
    missing = shortfall(state, cmd.seat, cmd.gives, "offered")
    if missing:
        raise IllegalAction(missing)
    t = Trade(number=state.next_trade, giver=cmd.seat, taker=cmd.taker, gives=cmd.gives, gets=cmd.gets)
    state = replace(state, trades=(*state.trades, t), next_trade=state.next_trade + 1)
    return state, to_both(TradeOffered, state, t, now)


def trade_data(state: State, t: Trade) -> dict[str, int | str | list[str]]:
    """An open trade as JSON data, for `final`."""
    names = state.cfg.names
    return {"trade": t.number, "giver": names[t.giver], "taker": names[t.taker], "gives": list(t.gives), "gets": list(t.gets)}


def _which_trade(state: State, cmd: Answer) -> Trade:
    """The open trade an answer means. A trade between two other players is refused exactly as one
    that does not exist: a refusal does not tell a bystander which trades are open."""
    who = state.cfg.names[cmd.seat]
    cancel = cmd.verb == "cancel"
    mine = [t for t in state.trades if (t.giver if cancel else t.taker) == cmd.seat]
    if cmd.number is not None:
        found = next((t for t in state.trades if t.number == cmd.number), None)
        if found is not None and found in mine:
            return found
        if found is not None and cancel and found.taker == cmd.seat:
            raise IllegalAction(
                f"trade {cmd.number} was offered to {who} by {state.cfg.names[found.giver]}; only its maker can withdraw it "
                f"({who} answers it with “accept {cmd.number}” or “decline {cmd.number}”)"
            )
        if found is not None and not cancel and found.giver == cmd.seat:
            raise IllegalAction(
                f"trade {cmd.number} is {who}'s own offer to {state.cfg.names[found.taker]}, who answers it "
                f"({who} can withdraw it with “cancel {cmd.number}”)"
            )
        made = "made by" if cancel else "offered to"
        raise IllegalAction(f"there is no open trade {cmd.number} {made} {who}")
    if not mine:
        raise IllegalAction(f"{who} has no open trade to {cmd.verb}")
    if len(mine) > 1:
        raise IllegalAction(
            f"{who} has {len(mine)} open trades ({', '.join(str(x.number) for x in mine)}): say which, e.g. “{cmd.verb} {mine[0].number}”"
        )
    return mine[0]


def _check_both_hold(state: State, t: Trade) -> None:
    """Refuse an accept that cannot go through. The accepting player hears what they lack; of the
    maker's side they hear only that it falls short (what the maker holds is private)."""
    names = state.cfg.names
    if shortfall(state, t.giver, t.gives, "the trade needs", besides=t.number):
        raise IllegalAction(
            f"{names[t.giver]} can no longer give what trade {t.number} offers: the trade cannot go through now "
            f"({names[t.taker]} can decline it with “decline {t.number}”)"
        )
    missing = shortfall(state, t.taker, t.gets, "the trade needs")
    if missing:
        raise IllegalAction(f"{missing}: the trade cannot go through now")


def answer(state: State, cmd: Answer, now: int) -> tuple[State, Events]:
    """accept (the cards move, if both still hold them), decline, or cancel (the maker withdraws)."""
    t = _which_trade(state, cmd)
    rest = tuple(x for x in state.trades if x.number != t.number)
    if cmd.verb == "decline":
        return replace(state, trades=rest), to_both(TradeDeclined, state, t, now)
    if cmd.verb == "cancel":
        return replace(state, trades=rest), to_both(TradeCancelled, state, t, now)
    _check_both_hold(state, t)
    g_cards = Counter(listing(state.players[t.giver].cards))
    k_cards = Counter(listing(state.players[t.taker].cards))
    g_cards.subtract(t.gives)
    g_cards.update(t.gets)
    k_cards.subtract(t.gets)
    k_cards.update(t.gives)
    players = list(state.players)
    players[t.giver] = replace(players[t.giver], cards=counts(g_cards.elements()))
    players[t.taker] = replace(players[t.taker], cards=counts(k_cards.elements()))
    state = replace(state, players=tuple(players), trades=rest)
    events = to_both(TradeDone, state, t, now)
    if state.cfg.announce_trades:
        names = state.cfg.names
        events.append(TradeMade(t=now, audience=PUBLIC, giver=names[t.giver], taker=names[t.taker]))
    state, lapsed = _lapse(state, (t.giver, t.taker), now)
    return state, events + lapsed


def _lapse(state: State, seats: tuple[int, int], now: int) -> tuple[State, Events]:
    """Withdraw the open offers of `seats` that offer cards their maker no longer holds (R-OP-11).

    A completed trade is the only way cards leave a collection, so it is the only moment an offer
    can go stale. Left open, such an offer could never go through until its maker happened to regain
    the cards, and it would make every deck they submit meanwhile look as if it locked them. Each is
    judged on its own against what its maker now holds; offers that together promise more than that
    (possible while no deck stands) stay open, as they would before the trade.
    """
    stale = [x for x in state.trades if x.giver in seats and Counter(x.gives) - Counter(listing(state.players[x.giver].cards))]
    if not stale:
        return state, []
    state = replace(state, trades=tuple(x for x in state.trades if x not in stale))
    return state, [e for x in stale for e in to_both(TradeLapsed, state, x, now)]
