"""Open, Pass's table of moves: how each command is written, who makes it, and when it may be made.

The session asks a move's `when` before it applies a command of that move, so the rules judge only
what a command itself says; completion, the REPL's live check and `help` read the same table.

Sealed (R-OP-9, R-OP-5): a bid stays between its player and the host until the round closes; a
deck and a dealer until the player's deal (the dealer is named when the deal starts, the cards
that count when the row is shown); an open or a pass until the row is shown (at once, or with the
results). Trades are not sealed but private: they go to their two players and the host (R-OP-10).

`deck none` is a move of its own (`withdraw`), written with the `deck` form of `help`: it is
refused outside the playing phase in its own words, and only when there is a deck to take back.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.games.base import HelpItem, Move
from umpire.games.openpass.cards import KINDS
from umpire.games.openpass.state import Phase, State, listing

NOT_STARTED = "the match has not started: the host opens round 1 with “start”"
OVER = "the match is over"


def _started(state: State) -> str | None:
    """Most commands wait for the host's `start`, and none is taken once the match is over."""
    if state.phase is Phase.OVER:
        return OVER
    return NOT_STARTED if state.phase is Phase.WAITING else None


def _start_when(state: State, actor: int | None) -> str | None:
    if state.phase is Phase.OVER:
        return OVER
    return None if state.phase is Phase.WAITING else "the match has already started"


def _close_when(state: State, actor: int | None) -> str | None:
    return _started(state)


def bid_when(state: State, actor: int | None) -> str | None:
    """Bids are made while a deck-building round is open (`commands.parse` asks first: packs are read against the round's)."""
    why = _started(state)
    if why is None and state.phase is not Phase.BUILDING:
        return "deck building is over; bids are closed"
    return why


def _trade_when(state: State, actor: int | None) -> str | None:
    """Trades are open from the start to the end of the match, before the host's `start` too."""
    return OVER if state.phase is Phase.OVER else None


def _before_deal(state: State, actor: int | None, what: str) -> str | None:
    """Decks and dealers are chosen in the playing phase, until the player's deal starts (R-OP-7)."""
    why = _started(state)
    if why is not None:
        return why
    if state.phase is not Phase.PLAYING:
        return f"{what} in the playing phase, after round {state.cfg.rounds} of deck building"
    if actor is not None and state.players[actor].played:
        return f"{state.cfg.names[actor]}'s deal has started; the deck and dealer cannot change"
    return None


def _deck_when(state: State, actor: int | None) -> str | None:
    return _before_deal(state, actor, "decks are submitted")


def _withdraw_when(state: State, actor: int | None) -> str | None:
    why = _before_deal(state, actor, "decks are submitted and withdrawn")
    if why is None and actor is not None and not state.decks.has(actor):
        return f"{state.cfg.names[actor]} has no deck to withdraw"
    return why


def _dealer_when(state: State, actor: int | None) -> str | None:
    return _before_deal(state, actor, "the dealer is chosen")


def _choice_when(state: State, actor: int | None) -> str | None:
    """A player opens or passes the card just dealt to them, while their deal runs."""
    why = _started(state)
    if why is not None or actor is None:
        return why
    who = state.cfg.names[actor]
    deal = state.players[actor].deal
    if deal is None or not deal.started:
        return f"no card has been dealt to {who}; the host deals with “deal {who}”"
    return f"{who}'s deal is over" if deal.done else None


def _deal_when(state: State, actor: int | None) -> str | None:
    why = _started(state)
    if why is None and state.phase is not Phase.PLAYING:
        return "deals happen in the playing phase"
    return why


# ---------------------------------------------------------------- completion


def _owned(state: State, actor: int | None) -> list[str]:
    """The kinds of card `actor` holds, in display order."""
    return [] if actor is None else sorted(set(listing(state.players[actor].cards)), key=KINDS.index)


def _packs(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    return [str(i + 1) for i in range(len(state.cfg.offered(state.round)))]


def _trade_cards(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    return _owned(state, actor)


def _deck_cards(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    owned = _owned(state, actor)
    return ["all", "none", *owned] if len(words) == 1 else owned


def _dealers(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    return [d.lower() for d in state.cfg.dealers] if len(words) == 1 else []


def _players(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    return list(state.cfg.names) if len(words) == 1 else []


MOVES: tuple[Move[State], ...] = (
    Move(
        name="bid",
        words=("bid",),
        forms=(
            HelpItem(
                syntax="bid PACK [PACK]",
                what="Deck building: bid on up to two different packs, by number or name (the last bid counts); “bid none” for no pack.",
                example="p3: bid 1 4",
            ),
        ),
        when=bid_when,
        complete=_packs,
        sealed=True,
    ),
    Move(
        name="trade",
        words=("trade",),
        forms=(
            HelpItem(
                syntax="trade CARDS for CARDS with NAME",
                what="Offer a trade; the other player confirms with “accept N”. Cards in a submitted deck cannot be traded away.",
                example="p3: trade 2 x for 9 with p7",
            ),
        ),
        when=_trade_when,
        complete=_trade_cards,
        resent_once=True,  # an offer sent twice is one offer (R-READ-5)
    ),
    Move(
        name="answer",
        words=("accept", "decline", "cancel"),
        forms=(
            HelpItem(syntax="accept|decline [N]", what="Answer a trade offered to you.", example="p7: accept 1"),
            HelpItem(syntax="cancel [N]", what="Withdraw your own offer.", example="p3: cancel 1"),
        ),
        when=_trade_when,
    ),
    Move(
        name="deck",
        words=("deck",),
        forms=(
            HelpItem(
                syntax="deck CARDS | deck all | deck none",
                what="Playing: your deck of exactly 20 cards (fewer owned: “deck all”, padded with /); “deck none” withdraws it. Until your deal starts.",
                example="p3: deck 9 9 x x 8 7 6 + + 1 2 3 - 5 5 4 4 x 9 8",
            ),
        ),
        when=_deck_when,
        complete=_deck_cards,
        sealed=True,
    ),
    Move(name="withdraw", words=("deck",), forms=(), when=_withdraw_when, sealed=True),
    Move(
        name="dealer",
        words=("dealer",),
        forms=(
            HelpItem(
                syntax="dealer NAME", what="Choose the Heaven or the Hell dealer (until your deal starts).", example="p3: dealer hell"
            ),
        ),
        when=_dealer_when,
        complete=_dealers,
        sealed=True,
    ),
    Move(
        name="choice",
        words=("open", "pass"),
        forms=(
            HelpItem(
                syntax="open | pass", what="Open the card just dealt (it goes to the LEFT of your row) or pass it.", example="p3: open"
            ),
        ),
        when=_choice_when,
        sealed=True,
    ),
    Move(
        name="start",
        who="host",
        words=("start",),
        forms=(
            HelpItem(
                syntax="start", what="Open deck-building round 1 (posts the packs and starts its clock).", example="start", who="host"
            ),
        ),
        when=_start_when,
    ),
    Move(
        name="close",
        who="host",
        words=("close",),
        forms=(
            HelpItem(
                syntax="close",
                what="Close the deck-building round now (resolve the bids), or end the playing phase now (rank everyone).",
                example="close",
                who="host",
            ),
        ),
        when=_close_when,
    ),
    Move(
        name="deal",
        who="host",
        words=("deal",),
        forms=(
            HelpItem(
                syntax="deal NAME", what="Deal to a player, or resume their deal: sends them the next card.", example="deal p3", who="host"
            ),
        ),
        when=_deal_when,
        complete=_players,
    ),
)


STATUS_WORDS = (
    "status",
    "cards",
    "my cards",
    "collection",
    "my collection",
)  # a player's own view, answered by the session (R-READ-4)
MEANINGFUL = "+-x*×/−÷"  # the symbol cards and their spellings (`*` and `×` are the x card): Discord's marks made of them are set aside only around a whole line (R-READ-1)
