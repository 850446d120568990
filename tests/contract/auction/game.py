"""The sealed-bid auction as a `Game`: settings, renderers, views, help, rulings and completion.

The rules are in `rules`; this module is everything the session, the REPL and the CLI ask of a
game. Registered by tests/contract/conftest.py with one `register(ENTRY)` line.
"""

from __future__ import annotations

from collections.abc import Sequence

from tests.contract.auction import rules
from tests.contract.auction.events import (
    EVENTS,
    AuctionOver,
    AuctionStarted,
    BidSealed,
    BidShown,
    LotPosted,
    LotReminder,
    LotSold,
    LotUnsold,
    StillToBid,
)
from tests.contract.auction.rules import Command, Phase, State
from umpire.core import chat
from umpire.core.clock import SECOND, fmt_clock
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.core.settings import Setting, Settings
from umpire.games import Entry
from umpire.games.base import JSON, Event, Game, HelpItem, Renderers, Resolve, Setup, View, ViewDef

CATALOGUE = [
    "Brass telescope",
    "Old map",
    "Jade figurine",
    "Signed first edition",
    "Pocket watch",
    "Silk scarf",
    "Ship in a bottle",
    "Vintage camera",
]

SETTINGS: tuple[Setting, ...] = (
    Setting(key="budget", kind="int", default=100, minimum=1, maximum=1_000_000, ruling="R-AUC-1", help="Money each player starts with."),
    Setting(key="lots", kind="int", default=5, minimum=1, maximum=50, help="How many lots are sold, one after another."),
    Setting(
        key="catalogue",
        kind="list[str]",
        default=CATALOGUE,
        ruling="R-AUC-2",
        help="The items lots are drawn from, by the seed, when each lot is posted; at least one per lot.",
    ),
    Setting(key="min_value", kind="int", default=1, minimum=0, maximum=1000, help="The least a lot can be worth, in points."),
    Setting(key="max_value", kind="int", default=20, minimum=1, maximum=1000, help="The most a lot can be worth, in points."),
    Setting(
        key="bid_seconds",
        kind="int",
        default=120,
        minimum=10,
        maximum=3600,
        ruling="R-AUC-4",
        help="Time to bid on each lot; the lot closes then, or as soon as everyone has bid.",
    ),
    Setting(key="reminders", kind="list[int]", default=[60, 10], minimum=1, maximum=3600, help="Reminders at these seconds left on a lot."),
)

# ---------------------------------------------------------------- renderers: one per event kind

RENDER: Renderers[State] = Renderers()


def _name(name: str) -> str:
    return chat.bold(chat.safe(name))


def _names(names: Sequence[str]) -> str:
    return ", ".join(chat.safe(n) for n in names)


def _and(names: Sequence[str]) -> str:
    safe = [chat.safe(n) for n in names]
    return safe[0] if len(safe) == 1 else ", ".join(safe[:-1]) + " and " + safe[-1]


def _amount(amount: int | None) -> str:
    return "pass" if not amount else str(amount)


def _bids(bids: Sequence[BidShown]) -> str:
    if not bids:
        return "No bids."
    return "Bids: " + " · ".join(f"{chat.safe(b.player)} {_amount(b.amount)}" for b in bids)


@RENDER.on(AuctionStarted)
def _started(state: State, ev: AuctionStarted) -> str:
    return (
        f"🔨 **The auction begins:** {ev.lots} lot{'s' if ev.lots != 1 else ''}, {ev.bid_seconds} s to bid on each. "
        f"Everyone starts with {ev.budget}.\n"
        f"Players: {_names(ev.players)}\n"
        "Send the host your bid privately: “bid 25”, or “pass”. Your last bid counts; the highest bid wins the lot and pays what it bid."
    )


@RENDER.on(LotPosted)
def _posted(state: State, ev: LotPosted) -> str:
    text = f"**Lot {ev.lot} of {ev.of}: {chat.safe(ev.item)}**, worth {ev.value} point{'s' if ev.value != 1 else ''}.\n"
    if not ev.bidders:
        return text + f"Nobody has money left to bid (sitting out: {_names(ev.sitting_out)})."
    text += f"Bids close in {fmt_clock(ev.seconds * SECOND)}, or when everyone has bid. Bidding: {_names(ev.bidders)}."
    if ev.sitting_out:
        text += f"\nSitting out (no money left): {_names(ev.sitting_out)}."
    return text


@RENDER.on(BidSealed)
def _sealed(state: State, ev: BidSealed) -> str:
    what = "You pass" if ev.amount == 0 else f"Your bid of **{ev.amount}**"
    text = f"🔒 {what} on lot {ev.lot} ({chat.safe(ev.item)}): sealed."
    if ev.replaced is not None:
        text += f" It replaces your {'pass' if ev.replaced == 0 else f'bid of {ev.replaced}'}."
    return text


@RENDER.on(LotReminder)
def _reminder(state: State, ev: LotReminder) -> str:
    return f"⏳ Lot {ev.lot} ({chat.safe(ev.item)}): {fmt_clock(ev.seconds * SECOND)} left to bid."


@RENDER.on(StillToBid)
def _still(state: State, ev: StillToBid) -> str:
    return f"Still to bid on lot {ev.lot}: {_names(ev.waiting)}"


@RENDER.on(LotSold)
def _sold(state: State, ev: LotSold) -> str:
    lines = ["The host closed the bidding."] if ev.closed_by_host else []
    lines.append(f"🔨 **Lot {ev.lot}, {chat.safe(ev.item)}: sold to {chat.safe(ev.winner)} for {ev.price}.**")
    lines.append(_bids(ev.bids))
    if ev.tied:
        lines.append(f"Tie at {ev.price} between {_and(ev.tied)}: the seed's draw gives the lot to {_name(ev.winner)}.")
    lines.append(f"{_name(ev.winner)} has {ev.money_left} left and {ev.value} more point{'s' if ev.value != 1 else ''}.")
    return "\n".join(lines)


@RENDER.on(LotUnsold)
def _unsold(state: State, ev: LotUnsold) -> str:
    lines = ["The host closed the bidding."] if ev.closed_by_host else []
    lines.append(f"**Lot {ev.lot}, {chat.safe(ev.item)}: unsold** (no bid above 0).")
    lines.append(_bids(ev.bids))
    return "\n".join(lines)


@RENDER.on(AuctionOver)
def _over(state: State, ev: AuctionOver) -> str:
    head = f"🏆 **The auction is over. {'Winner' if len(ev.winners) == 1 else 'Shared win'}: {_and(ev.winners)}.**"
    rows = []
    for i, s in enumerate(ev.standings, start=1):
        won = f" ({_names(s.lots)})" if s.lots else ""
        rows.append(f"{i}. {_name(s.player)}: {s.points} point{'s' if s.points != 1 else ''}{won}, {s.money} left")
    return "\n".join([head, *rows])


# ---------------------------------------------------------------- the game


class Auction(Game[State, Command]):
    """A sealed-bid auction for 2–12 players."""

    key = "auction"
    title = "Sealed-bid auction"
    players = (2, 12)
    settings = SETTINGS
    doc = "docs/writing-a-game.md"
    events = EVENTS
    renderers = RENDER

    # -- rules

    def start(self, setup: Setup) -> State:
        """The auction before the host's “start”."""
        return rules.start(rules.configure(setup))

    def parse(self, state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
        """A player's bid or pass, or the host's start or close."""
        return rules.parse(state, actor, text, resolve)

    def apply(self, state: State, command: Command, now: int) -> tuple[State, list[Event]]:
        """Judge one command."""
        return rules.apply(state, command, now)

    def next_due(self, state: State) -> int | None:
        """The open lot's next reminder or its deadline."""
        return rules.next_due(state)

    def on_due(self, state: State, now: int) -> tuple[State, list[Event]]:
        """A reminder, or the lot closing."""
        return rules.on_due(state, now)

    def is_over(self, state: State) -> bool:
        """Whether every lot has closed."""
        return state.phase is Phase.OVER

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        """Settings that do not fit together (too few catalogue items, a reminder after the lot opens…)."""
        return rules.problems(settings)

    # -- what the host sees

    def final(self, state: State, now: int) -> dict[str, JSON]:
        """The whole auction as JSON; an open lot's bids stay sealed (only who has bid)."""
        names = state.cfg.names
        open_lot: JSON = None
        if state.lot is not None and state.deadline is not None:
            open_lot = {
                "lot": state.lot.number,
                "item": state.lot.item,
                "value": state.lot.value,
                "bid": [names[s] for s in state.bids.submitted],
                "waiting": [names[s] for s in state.bids.waiting],
                "seconds_left": state.deadline.left(now) / SECOND,
            }
        return {
            "game_key": self.key,
            "phase": state.phase.value,
            "lots": state.cfg.lots,
            "money": {names[s]: m for s, m in enumerate(state.money)},
            "points": {names[s]: state.points(s) for s in range(len(names))},
            "open_lot": open_lot,
            "results": [
                {
                    "lot": r.lot.number,
                    "item": r.lot.item,
                    "value": r.lot.value,
                    "winner": None if r.winner is None else names[r.winner],
                    "price": r.price,
                    "bids": {names[s]: a for s, a in r.bids},
                    "tied": [names[s] for s in r.tied],
                }
                for r in state.results
            ],
            "winners": [names[s] for s in rules.winners(state)] if state.phase is Phase.OVER else None,
        }

    def views(self) -> Sequence[ViewDef[State]]:
        """`status`, and `bids [LOT]`."""
        return (
            ViewDef(name="status", what="Money, points and lots won; who has bid on the open lot.", build=_status),
            ViewDef(
                name="bids",
                what="The bids on a lot: sealed amounts of the open lot (host only), or a closed lot's as revealed.",
                build=_bids_view,
                args="[LOT]",
                example="bids 1",
            ),
        )

    def toolbar(self, state: State, now: int) -> str:
        """Auction · lot 2/5 · 1:12 left · 2 to bid."""
        return f"{self.title} · {_phase_words(state, now)}"

    def help(self) -> list[HelpItem]:
        """The players' and the host's commands, with examples."""
        return [
            HelpItem(syntax="bid N", what="Seal a bid of N on the open lot (your last bid counts; 0 is a pass).", example="p1: bid 25"),
            HelpItem(syntax="pass", what="Bid nothing on the open lot.", example="p2: pass"),
            HelpItem(syntax="start", what="Start the auction: the first lot is drawn and posted.", example="start", who="host"),
            HelpItem(syntax="close", what="Close the open lot now, as if its time had run out.", example="close", who="host"),
        ]

    def rulings(self, settings: Settings) -> list[str]:
        """The auction's house rulings in force, each naming its key and setting."""
        s = settings
        reminders = ", ".join(f"{r} s" for r in s.integers("reminders")) or "none"
        return [
            f"R-AUC-1: everyone starts with {s.integer('budget')} (budget) and can never bid more than they have, so money never goes below 0.",
            f"R-AUC-2: {s.integer('lots')} lots (lots) are drawn by the seed from the {len(s.texts('catalogue'))} catalogue items (catalogue) "
            f"as each is posted, worth {s.integer('min_value')}–{s.integer('max_value')} points (min_value, max_value); an item is sold at most once.",
            "R-AUC-3: bids are sealed; a player's last bid before the lot closes counts, and a bid of 0 (or “pass”) is no bid.",
            f"R-AUC-4: a lot closes {s.integer('bid_seconds')} s after it is posted (bid_seconds), or as soon as everyone who can bid has bid; "
            f"the host may close it early with “close”. Reminders at {reminders} left (reminders).",
            "R-AUC-5: the highest bid wins and pays what it bid; a tie is broken by the seed's draw among the tied players, and the post says so.",
            "R-AUC-6: a lot with no bid above 0 is unsold and is not offered again.",
            "R-AUC-7: a player with no money left sits out the remaining lots.",
            "R-AUC-8: the most points of lots won wins; a tie on points goes to the player with more money left; a tie on both is shared.",
        ]

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        """Host: start / close. Player: bid / pass, then a few amounts they can afford."""
        if actor is None:
            return list(rules.HOST_WORDS) if not words else []
        if not words:
            return list(rules.PLAYER_WORDS)
        if len(words) == 1 and words[0].casefold() == "bid":
            money = state.money[actor]
            return [str(a) for a in (0, 1, 5, 10, 25, 50, 100) if a < money] + [str(money)]
        return []


def _phase_words(state: State, now: int) -> str:
    """Where the auction is, in plain words (the toolbar, view titles)."""
    if state.phase is Phase.READY:
        return "ready: the host starts with “start”"
    if state.phase is Phase.OVER:
        return "over: " + " and ".join(state.cfg.names[s] for s in rules.winners(state)) + " won"
    assert state.lot is not None and state.deadline is not None
    waiting = len(state.bids.waiting)
    return f"lot {state.lot.number}/{state.cfg.lots} · {fmt_clock(state.deadline.left(now))} left · {waiting} to bid"


def _status(state: State, now: int, args: Sequence[str]) -> View:
    names = state.cfg.names
    rows = []
    for seat, name in enumerate(names):
        if state.lot is None:
            bid = "—"
        elif seat not in state.bids.seats:
            bid = "sits out"
        else:
            bid = "sealed" if state.bids.has(seat) else "to bid"
        rows.append((name, str(state.money[seat]), str(state.points(seat)), ", ".join(state.won(seat)) or "—", bid))
    chat_rows = [
        f"{_name(name)}: {state.money[s]} left, {state.points(s)} point{'s' if state.points(s) != 1 else ''}"
        for s, name in enumerate(names)
    ]
    return View(
        title=f"Sealed-bid auction — {_phase_words(state, now)}",
        columns=("player", "money", "points", "lots won", "this lot"),
        rows=tuple(rows),
        chat="\n".join([f"**Auction — {chat.safe(_phase_words(state, now))}**", *chat_rows]),
    )


def _bids_view(state: State, now: int, args: Sequence[str]) -> View:
    number = _lot_number(state, args)
    names = state.cfg.names
    if state.lot is not None and number == state.lot.number:
        rows = tuple((names[s], _amount(state.bids.get(s)) if state.bids.has(s) else "to bid") for s in state.bids.seats)
        return View(
            title=f"Lot {number}, {state.lot.item}: sealed bids so far (host only — do not post)",
            columns=("player", "bid"),
            rows=rows,
            notes=() if rows else ("nobody can bid on this lot",),
        )
    result = state.results[number - 1]
    shown = tuple(BidShown(player=names[s], amount=a) for s, a in result.bids)
    outcome = "unsold" if result.winner is None else f"sold to {names[result.winner]} for {result.price}"
    return View(
        title=f"Lot {number}, {result.lot.item}: {outcome}",
        columns=("player", "bid"),
        rows=tuple((b.player, _amount(b.amount)) for b in shown),
        chat=f"**Lot {number}, {chat.safe(result.lot.item)}:** {chat.safe(outcome)}. {_bids(shown)}",
        notes=() if shown else ("nobody bid",),
    )


def _lot_number(state: State, args: Sequence[str]) -> int:
    """The lot `bids` is asked about: the one named, else the open lot, else the last one closed."""
    posted = state.posted()
    if not posted:
        raise IllegalAction("no lot has been posted yet")
    if not args:
        return posted
    if len(args) > 1 or not args[0].isascii() or not args[0].isdigit():
        raise InvalidCommand(f"“bids” takes one lot number, e.g. “bids 1”; got “{' '.join(args)}”")
    number = int(args[0])
    if not 1 <= number <= posted:
        raise IllegalAction(
            f"there is no lot {number} yet; lots 1–{posted} have been posted"
            if posted > 1
            else f"only lot 1 has been posted (not lot {number})"
        )
    return number


AUCTION = Auction()

ENTRY = Entry(
    key="auction",
    title=Auction.title,
    summary="Sealed bids for lots drawn by the seed: the highest bid wins each lot; the most points win.",
    players=Auction.players,
    seats=3,
    doc=Auction.doc,
    scenario=None,
    module="tests.contract.auction.game",
    attribute="AUCTION",
)
