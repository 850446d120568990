"""Open, Pass — Heaven and Hell as a `Game`: views, help, rulings and completion (the renderers
are in render.py)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from umpire.core import chat
from umpire.core.arith import exact, show
from umpire.core.clock import fmt_clock
from umpire.core.errors import InvalidCommand
from umpire.core.settings import Settings
from umpire.games.base import JSON, Event, HelpItem, LegacyGame, Resolve, Setup, View, ViewDef
from umpire.games.openpass import commands, rules, trades
from umpire.games.openpass.commands import Command
from umpire.games.openpass.config import KINDS, SETTINGS, Reveal, configure, token_places, validate, validate_players
from umpire.games.openpass.events import EVENTS
from umpire.games.openpass.render import RENDER, cards_text, minutes_text
from umpire.games.openpass.state import Phase, State, listing

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
    rows = tuple(
        (names[i], *_collection(state.players[i].cards), scores[i], str(state.players[i].tokens), "EC" if state.players[i].ec else "")
        for i in order
    )
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
        columns=("player", "cards", "collection", "score", "tokens", ""),
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


# ---------------------------------------------------------------- the game


class OpenPass(LegacyGame[State, Command]):
    """Open, Pass — Heaven and Hell."""

    key = "open-pass"
    title = "Open, Pass — Heaven and Hell"
    players = (6, 30)  # the card's 3 token places and 3 ECs need six; a scenario checks its own (validate_players)
    settings = SETTINGS
    doc = "docs/open-pass.md"
    events = EVENTS
    renderers = RENDER

    def start(self, setup: Setup) -> State:
        """Everyone holds the starting set; the host opens round 1 with `start`."""
        return rules.initial(configure(setup))

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        """Card names, packs, dealers, clocks (a reminder longer than its deadline), list sizes."""
        return validate(settings)

    def validate_players(self, settings: Settings, players: int) -> list[tuple[str, str]]:
        """The token places and the ECs must fit the table: nobody is both."""
        return validate_players(settings, players)

    def parse(self, state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
        """Read one line from a player or the host."""
        return commands.parse(state, actor, text, resolve)

    def apply(self, state: State, command: Command, now: int) -> tuple[State, list[Event]]:
        """Judge one command."""
        return rules.apply(state, command, now)

    def next_due(self, state: State) -> int | None:
        """When the bidding round's or the playing phase's deadline next acts."""
        return rules.next_due(state)

    def on_due(self, state: State, now: int) -> tuple[State, list[Event]]:
        """A reminder, or a deadline passing."""
        return rules.on_due(state, now)

    def is_over(self, state: State) -> bool:
        """Whether the ranking is out."""
        return state.over

    def final(self, state: State, now: int) -> dict[str, JSON]:
        """The whole state as JSON data."""
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
            "game_key": self.key,
            "phase": state.phase.value,
            "round": state.round,
            "clock": None if state.clock is None else {"what": state.clock.what, "due": state.clock.due},
            "players": players,
            "trades": [trades.trade_data(state, t) for t in state.trades],
            "ranking": [names[s] for s in state.ranking],
            "ties": list(state.tie_notes),
            "over": state.over,
        }

    def views(self) -> Sequence[ViewDef[State]]:
        """status, bids, decks, packs, trades, cards NAME."""
        return VIEWS

    def toolbar(self, state: State, now: int) -> str:
        """The phase, what is in, and the clock."""
        return f"{self.title} · {_where(state)}{_clock(state, now)}"

    def help(self) -> list[HelpItem]:
        """The players' and the host's commands."""
        return [
            HelpItem(
                syntax="bid PACK [PACK]",
                what="Deck building: bid on up to two different packs, by number or name (the last bid counts); “bid none” for no pack.",
                example="p3: bid 1 4",
            ),
            HelpItem(
                syntax="trade CARDS for CARDS with NAME",
                what="Offer a trade; the other player confirms with “accept N”. Cards in a submitted deck cannot be traded away.",
                example="p3: trade 2 x for 9 with p7",
            ),
            HelpItem(syntax="accept|decline [N]", what="Answer a trade offered to you.", example="p7: accept 1"),
            HelpItem(syntax="cancel [N]", what="Withdraw your own offer.", example="p3: cancel 1"),
            HelpItem(
                syntax="deck CARDS | deck all | deck none",
                what="Playing: your deck of exactly 20 cards (fewer owned: “deck all”, padded with /); “deck none” withdraws it. Until your deal starts.",
                example="p3: deck 9 9 x x 8 7 6 + + 1 2 3 - 5 5 4 4 x 9 8",
            ),
            HelpItem(
                syntax="dealer NAME", what="Choose the Heaven or the Hell dealer (until your deal starts).", example="p3: dealer hell"
            ),
            HelpItem(
                syntax="open | pass", what="Open the card just dealt (it goes to the LEFT of your row) or pass it.", example="p3: open"
            ),
            HelpItem(
                syntax="start", what="Open deck-building round 1 (posts the packs and starts its clock).", example="start", who="host"
            ),
            HelpItem(
                syntax="close",
                what="Close the deck-building round now (resolve the bids), or end the playing phase now (rank everyone).",
                example="close",
                who="host",
            ),
            HelpItem(
                syntax="deal NAME", what="Deal to a player, or resume their deal: sends them the next card.", example="deal p3", who="host"
            ),
        ]

    def rulings(self, settings: Settings) -> list[str]:
        """The rulings in force, each with its key and setting."""
        return rulings(settings)

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        """Completions for the next word."""
        if actor is None:
            if not words:
                return ["start", "close", "deal"]
            if words[0].lower() == "deal" and len(words) == 1:
                return list(state.cfg.names)
            return []
        if not words:
            return list(commands.PLAYER_WORDS)
        head = words[0].lower()
        if head == "bid":
            return [str(i + 1) for i in range(len(state.cfg.offered(state.round)))]
        if head == "dealer" and len(words) == 1:
            return [d.lower() for d in state.cfg.dealers]
        owned = sorted(set(listing(state.players[actor].cards)), key=KINDS.index)
        if head == "deck":
            return ["all", "none", *owned] if len(words) == 1 else owned
        if head == "trade":
            return owned
        return []


def _pack_text(p: dict[str, object]) -> str:
    cards, rounds = p.get("cards"), p.get("rounds")
    text = f"{p.get('name')}: {' '.join(map(str, cards)) if isinstance(cards, list) else ''}"
    return text + (f" (rounds {', '.join(map(str, rounds))})" if isinstance(rounds, list) else "")


def rulings(s: Settings) -> list[str]:
    """The house rulings and settings in force, in the host's words (docs/rulings.md explains each)."""
    packs = "; ".join(_pack_text(p) for p in s.tables("packs"))
    tokens = s.integers("tokens")
    places = token_places(tokens)
    at_once = s.text("reveal_rows") == Reveal.AT_ONCE.value
    return [
        f"{s.integer('rounds')} deck-building rounds (rounds); each player starts with {' '.join(s.texts('starting_set'))} (starting_set).",
        f"R-OP-1: the packs (packs): {packs}.",
        f"Each player bids on up to {s.integer('bids_per_player')} different packs (bids_per_player); the last bid before the round closes counts.",
        "A pack chosen an odd number of times gives a copy to everyone who chose it; an even number (zero too) gives nothing.",
        "If every pack is chosen an odd number of times, nobody gets a pack that round"
        + (
            ", and so everyone gets a pity card (all_odd_pity = true)."
            if s.flag("all_odd_pity")
            else "; nobody gets a pity card either (all_odd_pity = false)."
        ),
        f"R-OP-2: a player who gains no pack gets one pity card, drawn (seeded) from {' '.join(s.texts('pity'))} (pity).",
        f"R-OP-6: each bidding round closes after {minutes_text(s.integer('round_minutes'))} (round_minutes), or earlier at the host's `close`; "
        f"reminders {', '.join(minutes_text(m) for m in s.integers('round_reminders')) or 'none'} before (round_reminders). No bid = no bid.",
        f"The playing phase closes after {minutes_text(s.integer('play_minutes'))} (play_minutes; the card: 48 hours), or earlier at the host's `close`; "
        f"reminders {', '.join(minutes_text(m) for m in s.integers('play_reminders')) or 'none'} before (play_reminders).",
        "R-OP-9: who received which pack and each pity card are "
        + (
            "posted for everyone (reveal_receipts = public)."
            if s.text("reveal_receipts") == "public"
            else "told only to the player concerned (and the host); the count per pack is public (reveal_receipts = private)."
        ),
        "Trades: one player offers, the other accepts; both must hold the cards then.",
        "R-OP-10: a trade's offer, answer and completion go to its two players as DMs and to the host, never to the channel "
        + (
            "with its cards; the channel is told only that the two have traded (announce_trades = true)."
            if s.flag("announce_trades")
            else "(announce_trades = false; true posts that two players have traded, never the cards)."
        )
        + " A refusal tells a player nothing of what the other side holds, nor of trades between others.",
        "R-OP-7: a submitted deck locks only the cards in it (they cannot be traded away); a player may replace a deck, or withdraw it "
        "with `deck none`, until their deal starts.",
        f"A deck is exactly {s.integer('deck_size')} cards (deck_size); a player who owns fewer is padded with {s.text('pad_card')} (pad_card).",
        f"R-OP-3: the dealers ({', '.join(s.texts('dealers'))}) differ only in their random stream; the deck's listing order does not matter.",
        f"An opened card goes to the LEFT of the row; after {s.integer('max_open')} opens the rest pass automatically (max_open).",
        "The row is read left to right: of adjacent numbers (or symbols) only the leftmost counts; a trailing symbol is ignored; a leading symbol gets a 0 in front.",
        f"R-ARITH-1: division is {s.text('division')} (division); results show as an integer or a reduced fraction with 2 decimals.",
        "R-ARITH-2: a division by zero (possible only with a 0 card) is skipped, and the announcement says so.",
        "R-OP-4: an empty row scores 0; so does a player who never played when the phase closes.",
        "R-OP-5: each finished row and its score "
        + (
            "are posted as soon as the deal is over, without the cards that passed automatically (reveal_rows = at-once)."
            if at_once
            else "stay private (player and host) until the playing phase closes; the results then show every row (reveal_rows = at-close)."
        ),
        "R-OP-8: players who never played rank below everyone who played, and win no Tokens of Life; "
        "ties are then broken by one seeded draw of the whole table, announced.",
        f"Results: Tokens of Life {tokens} for the best scores ({places} places, tokens); the {s.integer('ecs')} worst are ECs (ecs). "
        "A scenario must seat at least as many players as token places plus ECs.",
        "Every ruling is explained in docs/rulings.md (Open, Pass section).",
    ]


OPEN_PASS = OpenPass()
