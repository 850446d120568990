"""What the host and the players see of Open, Pass: the host's views, the toolbar, `final` and what
each seat may know (`knowledge`).

Starting a session reads the table of views and draws the toolbar: the trades and the cards' chat
text (which bring the commands and the events) are imported by the functions that use them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from umpire.core import chat
from umpire.core.arith import exact, show
from umpire.core.clock import fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import JSON, Toolbar, View, ViewDef
from umpire.games.facts import Fact
from umpire.games.openpass import ENTRY
from umpire.games.openpass.cards import KINDS
from umpire.games.openpass.settings import Reveal
from umpire.games.openpass.state import Phase, State, listing
from umpire.games.outcome import Outcome
from umpire.games.status import status_heading

# ---------------------------------------------------------------- views


def _where(state: State) -> str:
    n = len(state.players)
    if state.phase is Phase.WAITING:
        return "waiting for the host's “start” (round 1)"
    if state.phase is Phase.BUILDING:
        return f"deck building, round {state.round}/{state.cfg.rounds}: {len(state.bids.submitted)}/{n} bids in"
    if state.phase is Phase.PLAYING:
        # ready(seat) for every seat, as one set intersection: both Sealed list only seats that submitted
        ready = len(set(state.decks.submitted).intersection(state.dealers.submitted))
        played = sum(1 for p in state.players if p.finished)
        return f"playing: {ready}/{n} decks and dealers in, {played}/{n} played"
    return "over"


def _clock(state: State, now: int) -> str:
    return "" if state.clock is None else f" · closes in {fmt_clock(state.clock.left(now))}"


_SPACED = tuple(f"{k} " for k in KINDS)


@lru_cache(maxsize=4096)
def _collection(cs: tuple[int, ...]) -> tuple[str, str]:
    """A collection's size and its cards as plain text (“—” when empty); remembered, as collections rarely change.

    The text is `_plain(listing(cs))`, built a kind at a time rather than a card at a time.
    """
    return str(sum(cs)), "".join([k * n for k, n in zip(_SPACED, cs, strict=True) if n])[:-1] or "—"


@lru_cache(maxsize=1024)
def _safe(name: str) -> str:
    """A player's name made safe for chat; remembered, as the names are fixed for a match."""
    return chat.safe(name)


def _status(state: State, now: int, args: Sequence[str]) -> View:
    names = state.cfg.names
    public_rows = state.cfg.reveal is Reveal.AT_ONCE  # rows and scores public as each deal ends (R-OP-5)
    where = f"{_where(state)}{_clock(state, now)}"  # built once: the title and the chat text both show it
    scores = [show(p.score) if p.score is not None else "—" for p in state.players]
    # Once the results are out, by rank (R-OP-8: who never played is below everyone who played, whatever the scores)
    order = state.ranking or range(len(state.players))
    if state.over:
        scores = [s if p.played else "did not play" for s, p in zip(scores, state.players, strict=True)]
    # The ECs are known only with the results: before, their column would be empty (squeezed to nothing)
    ec = (lambda i: ("EC" if state.players[i].ec else "",)) if state.over else (lambda i: ())
    rows = tuple((names[i], *_collection(state.players[i].cards), scores[i], str(state.players[i].tokens), *ec(i)) for i in order)
    lines = [f"**Open, Pass** — {where}"]
    if state.over:
        lines += [f"{place}. {chat.bold(_safe(names[i]))}: {scores[i]}" for place, i in enumerate(order, start=1)]
    elif played := [i for i, p in enumerate(state.players) if p.finished]:
        if public_rows:
            lines += [f"{chat.bold(_safe(names[i]))}: {scores[i]}" for i in played if state.players[i].score is not None]
        else:
            lines.append("Played: " + ", ".join(_safe(names[i]) for i in played))
    return View(
        title=f"Open, Pass — Heaven and Hell — {where}",
        columns=("player", "cards", "collection", "score", "tokens", *(("EC",) if state.over else ())),
        rows=rows,
        chat="\n".join(lines),
        notes=() if state.over else ("collections, rows and scores are private: the chat text shows only what is public",),
    )


def _plain(cards: Sequence[str]) -> str:
    return " ".join(cards) if cards else "—"


def _bids(state: State, now: int, args: Sequence[str]) -> View:
    names = state.cfg.names
    if state.phase is not Phase.BUILDING:
        return View(title="Bids (host only)", notes=("no bidding round is open",))
    offered = state.cfg.offered(state.round)
    rows = tuple(
        (names[i], "—" if (b := state.bids.get(i)) is None else (", ".join(offered[n - 1].name for n in b) or "no pack"))
        for i in range(len(names))
    )
    waiting = [names[i] for i in state.bids.waiting]
    return View(
        title=f"Bids, round {state.round} (host only — private until the round closes){_clock(state, now)}",
        columns=("player", "bid"),
        rows=rows,
        notes=(f"waiting for: {', '.join(waiting)}" if waiting else "everyone has bid",),
    )


def _decks(state: State, now: int, args: Sequence[str]) -> View:
    names = state.cfg.names
    rows = []
    for i, p in enumerate(state.players):
        deal = p.deal
        where = "not started" if deal is None else ("done" if deal.done else f"card {deal.pos + 1}/{len(deal.order)}")
        deck = state.decks.get(i)
        rows.append(
            (
                names[i],
                "—" if deck is None else _plain(deck.cards),
                state.dealers.get(i) or "—",
                where,
                show(p.score) if p.score is not None else "—",
                str(sum(p.cards)),
            )
        )
    to_play = ", ".join(names[i] for i, p in enumerate(state.players) if not p.finished) or "nobody"
    return View(
        title=f"Playing phase (host only){_clock(state, now)}",
        columns=("player", "deck", "dealer", "deal", "score", "cards owned"),
        rows=tuple(rows),
        notes=(f"still to play: {to_play}",),
    )


def _packs(state: State, now: int, args: Sequence[str]) -> View:
    from umpire.games.openpass.render import cards_text

    offered = state.cfg.offered(state.round)
    return View(
        title=f"Packs offered in round {state.round}",
        columns=("#", "pack", "cards"),
        rows=tuple((str(i + 1), p.name, " ".join(p.cards)) for i, p in enumerate(offered)),
        chat="\n".join(f"{i + 1}. {chat.safe(p.name)}: {cards_text(p.cards)}" for i, p in enumerate(offered)),
    )


def _trades(state: State, now: int, args: Sequence[str]) -> View:
    names = state.cfg.names
    return View(
        title="Open trades",
        columns=("#", "from", "to", "gives", "for"),
        rows=tuple((str(t.number), names[t.giver], names[t.taker], " ".join(t.gives), " ".join(t.gets)) for t in state.trades),
        notes=() if state.trades else ("none",),
    )


def _cards_view(state: State, now: int, args: Sequence[str]) -> View:
    from umpire.games.openpass.render import cards_text

    if not args:
        raise InvalidCommand("whose cards? write “cards NAME” with a player's name or alias, e.g. “cards p3”")
    seat = state.cfg.seat_of(" ".join(args))
    name = state.cfg.names[seat]
    p = state.players[seat]
    cards = listing(p.cards)
    received = "; ".join(f"round {r}: {what}" for r, what in p.received) or "nothing yet"
    deck = state.decks.get(seat)
    locked = f"; locked in the deck: {_plain(deck.owned)}" if deck is not None else ""
    # No chat text: a view's chat text is what may be posted in the channel, and a collection tells what
    # its player received (R-OP-9); the message for the player is a note, marked as theirs alone.
    return View(
        title=f"{name}'s cards ({len(cards)}) — host only",
        notes=(
            _plain(cards) + locked,
            f"received: {received}",
            f"to send {name} alone, as a DM: {name}, your cards ({len(cards)}): {cards_text(cards)}",
        ),
    )


VIEWS: tuple[ViewDef[State], ...] = (
    ViewDef(
        name="status", what="Where the match stands: collections, scores, tokens (the chat text shows only what is public).", build=_status
    ),
    ViewDef(name="bids", what="Who has bid and what (private until the round closes).", build=_bids),
    ViewDef(name="decks", what="Each player's deck, dealer, deal progress and score (host only).", build=_decks),
    ViewDef(name="packs", what="This round's packs.", build=_packs),
    ViewDef(name="trades", what="The open trade offers.", build=_trades),
    ViewDef(
        name="cards",
        what="A player's collection, what is locked in their deck and what they received.",
        build=_cards_view,
        args="NAME",
        example="cards p3",
    ),
)


def final(state: State, now: int) -> dict[str, JSON]:
    """The whole match as JSON, for the host (`final` of `--json`): an open round's bids only while it is open."""
    from umpire.games.openpass import trades

    names = state.cfg.names
    offered = state.cfg.offered(state.round)
    players: dict[str, JSON] = {}
    for i, p in enumerate(state.players):
        deck = state.decks.get(i)
        bid = state.bids.get(i)
        players[names[i]] = {
            "cards": listing(p.cards),
            "deck": list(deck.cards) if deck is not None else None,
            "padded": deck.padded if deck is not None else 0,
            "dealer": state.dealers.get(i),
            "played": p.played,
            "row": list(p.deal.row) if p.deal is not None else [],
            "score": exact(p.score) if p.score is not None else None,
            "tokens": p.tokens,
            "ec": p.ec,
            "bid": None if bid is None or state.phase is not Phase.BUILDING else [offered[n - 1].name for n in bid],
        }
    return {
        "game_key": ENTRY.key,
        "phase": state.phase.value,
        "round": state.round,
        "clock": None if state.clock is None else {"what": state.clock.what, "due": state.clock.due},
        "players": players,
        "trades": [trades.trade_data(state, t) for t in state.trades],
        "ranking": [names[s] for s in state.ranking],
        "ties": list(state.tie_notes),
        "over": state.over,
    }


def own_status(known: Mapping[str, JSON], player: str) -> str:
    """A player's answer to `status` (or `cards`): their `knowledge` in words, and nothing else (R-READ-4)."""
    me = known["me"]
    phase = known["phase"]
    lines = [status_heading(player)]
    if phase == Phase.WAITING.value:
        lines.append("The match has not started: the host opens deck-building round 1.")
    elif phase == Phase.BUILDING.value:
        lines.append(f"Deck building, round {known['round']} of {known['rounds']}" + _closes(known) + ".")
    elif phase == Phase.PLAYING.value:
        lines.append("Playing: decks, dealers and deals" + _closes(known) + ".")
    else:
        lines.append("The match is over: " + ", ".join(chat.safe(n) for n in known["ranking"]) + " (best first).")
    lines.append(f"Your cards ({len(me['cards'])}): {_spaced(me['cards'])}")
    got = [f"round {r['round']}: {chat.safe(r['what'])}" for r in me["received"]]
    lines.append("You received: " + ("; ".join(got) or "nothing yet"))
    if me["bid"] is not None:
        lines.append("Your bid this round: " + (", ".join(chat.safe(b) for b in me["bid"]) or "no pack"))
    if me["deck"] is not None or me["dealer"] is not None:
        deck = "not submitted" if me["deck"] is None else f"{_spaced(me['deck'])} ({len(me['deck'])} cards)"
        lines.append(f"Your deck: {deck} · dealer: {chat.safe(me['dealer'] or 'not chosen')}")
    deal = me["deal"]
    if deal is not None:
        now = "" if deal["card"] is None else f"; the card dealt to you now: `{deal['card']}` (open or pass?)"
        lines.append(f"Your deal: card {deal['dealt']} of {deal['of']}{now}; your row: {_spaced(deal['row'])}")
    for tr in me["trades"]:
        lines.append(
            f"Open trade {tr['trade']}: {chat.safe(tr['giver'])} gives {_spaced(tr['gives'])} to {chat.safe(tr['taker'])} for {_spaced(tr['gets'])}"
        )
    return "\n".join(lines)


def _closes(known: Mapping[str, JSON]) -> str:
    clock = known["clock"]
    return "" if clock is None else f" ({chat.safe(clock['what'])} closes at {fmt_clock(clock['due'])} game time)"


def _spaced(cards: Sequence[str]) -> str:
    """Cards as one code span, so that `-` or `/` cannot be misread; “none” when there are none."""
    return f"`{' '.join(cards)}`" if cards else "none"


def outcome(state: State) -> Outcome | None:
    """The match's result once it is over: as the event that ended it (`Results`) states it."""
    return state.outcome


def toolbar(state: State, now: int) -> Toolbar:
    """The running deadline first (a bidding round's, or the playing phase's), then what is in, and the game's name."""
    n = len(state.players)
    if state.clock is None:
        clock = ""
    elif state.phase is Phase.BUILDING:
        clock = f"round {state.round}/{state.cfg.rounds} bids close in {fmt_clock(state.clock.left(now))}"
    else:
        clock = f"play closes in {fmt_clock(state.clock.left(now))}"
    if state.phase is Phase.BUILDING:
        awaited = f"{len(state.bids.submitted)}/{n} bids in"
    elif state.phase is Phase.PLAYING:  # ready: a deck and a dealer in
        ready = len(set(state.decks.submitted).intersection(state.dealers.submitted))
        awaited = f"{ready}/{n} ready, {sum(1 for p in state.players if p.finished)}/{n} played"
    else:
        awaited = _where(state)
    return Toolbar(clock=clock, where=f"{awaited} · {ENTRY.title}")


def facts(settings: Settings) -> tuple[Fact, ...]:
    """What a report shows of each player: the score first (a row's, once it is public), the prizes, the dealer and the equation."""
    return (
        Fact(key="results.score", label="Score", decides=True, plot=False),
        Fact(key="rows.score", label="Score", decides=True, plot=False),  # a row's score, public before the results under "at-once"
        Fact(key="results.tokens", label="Tokens of Life", plot=False),
        Fact(key="results.ec", label="Elimination candidate (EC)", plot=False),
        Fact(key="dealing", label="Dealer", plot=False),
        Fact(key="rows.reading", label="Equation as read", plot=False),
    )


# ---------------------------------------------------------------- what a seat may know


def knowledge(state: State, seat: int | None) -> dict[str, JSON]:
    """What `seat` may know now (None: everyone), as JSON.

    Everyone: the phase, the round and its packs, the deadline, whose deal has started and with
    which dealer, who has played, the rows shown so far (R-OP-5 "at-once"), who received what when
    receipts are public (R-OP-9), and the results once they are out. A player also knows their own
    collection and what they received, their sealed bid, deck and dealer, the card dealt to them and
    their row (never the rest of their shuffled deck), and their open trades (R-OP-10). Never another
    player's secret, nor the host's notes of who is still to bid or submit.
    """
    cfg = state.cfg
    names = cfg.names
    out: dict[str, JSON] = {
        "phase": state.phase.value,
        "round": state.round,
        "rounds": cfg.rounds,
        "packs": [{"name": p.name, "cards": list(p.cards)} for p in cfg.offered(state.round)] if state.phase is Phase.BUILDING else [],
        "clock": None if state.clock is None else {"what": state.clock.what, "due": state.clock.due},
        "dealing": {names[i]: p.deal.dealer for i, p in enumerate(state.players) if p.deal is not None and p.played},
        "played": [names[i] for i, p in enumerate(state.players) if p.finished],
        "rows": {names[i]: _row_data(state, i) for i, p in enumerate(state.players) if p.finished and _row_public(state)},
        "received": {names[i]: _received(state, i) for i in range(len(names))} if cfg.public_receipts else None,
        "ranking": [names[s] for s in state.ranking],
        "results": {names[i]: {"score": _score(state, i), "tokens": p.tokens, "ec": p.ec} for i, p in enumerate(state.players)}
        if state.over
        else None,
    }
    if seat is not None:
        out["me"] = _mine(state, seat)
    return out


def _row_public(state: State) -> bool:
    """Whether a finished row is public: at once (R-OP-5 "at-once"), or when the results are out."""
    return state.over or state.cfg.reveal is Reveal.AT_ONCE


def _score(state: State, seat: int) -> str | None:
    score = state.players[seat].score
    return None if score is None else exact(score)


def _row_data(state: State, seat: int) -> dict[str, JSON]:
    p = state.players[seat]
    return {"row": list(p.deal.row) if p.deal is not None else [], "reading": p.reading, "score": _score(state, seat)}


def _received(state: State, seat: int) -> list[JSON]:
    return [{"round": r, "what": what} for r, what in state.players[seat].received]


def _mine(state: State, seat: int) -> dict[str, JSON]:
    """What a player knows of their own: collection, receipts, sealed choices, deal, open trades."""
    from umpire.games.openpass import trades

    cfg = state.cfg
    p = state.players[seat]
    bid = state.bids.get(seat) if state.phase is Phase.BUILDING else None
    deck = state.decks.get(seat)
    deal: JSON = None
    if p.deal is not None and p.played:
        waiting = None if p.deal.done else p.deal.order[p.deal.pos]  # the card dealt to them, not the cards to come
        deal = {"card": waiting, "dealt": p.deal.pos + (0 if p.deal.done else 1), "of": len(p.deal.order), **_row_data(state, seat)}
    return {
        "name": cfg.names[seat],
        "cards": listing(p.cards),
        "received": _received(state, seat),
        "bid": None if bid is None else [cfg.offered(state.round)[n - 1].name for n in bid],
        "deck": None if deck is None else list(deck.cards),
        "dealer": state.dealers.get(seat),
        "deal": deal,
        "trades": [trades.trade_data(state, t) for t in state.trades if seat in (t.giver, t.taker)],
    }
