"""How Open, Pass's events read in chat: one renderer per event kind, each for the audience the
event names (a DM reads "you"); a row's post and the results carry a picture (`pictures.py`), drawn
only when the host copies it. Each renderer is given the match's configuration (its public context:
the settings and the players' names) and the event, and says nothing the event does not hold."""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core import chat
from umpire.core.clock import MINUTE
from umpire.games.base import Post, Renderers
from umpire.games.openpass.events import (
    Answered,
    BidConfirmed,
    BidSet,
    CardDealt,
    DealDone,
    DealerSet,
    DealOver,
    DealStarted,
    DeckConfirmed,
    DeckSet,
    DeckWithdrawn,
    Placing,
    PlayingOpened,
    PlayReminder,
    Results,
    RoundClosed,
    RoundOpened,
    RoundReceipt,
    RoundRecord,
    RoundReminder,
    RowPosted,
    StillWaiting,
    TimeUp,
    TradeCancelled,
    TradeDeclined,
    TradeDone,
    TradeLapsed,
    TradeMade,
    TradeOffered,
)
from umpire.games.openpass.pictures import results_pictures, row_picture
from umpire.games.openpass.settings import Config, minutes_text
from umpire.games.pictures import with_pictures

SYMBOL_NAMES = {"+": "plus", "-": "minus", "x": "times", "/": "divide"}
POST_LIMIT = 1900  # under Discord's 2,000 characters, with room to spare


def _n(name: str) -> str:
    return chat.bold(chat.safe(name))


def cards_text(cards: Sequence[str]) -> str:
    """Cards as one code span, so that `-` or `/` cannot be misread: `9 9 x -`; “none” when empty."""
    return f"`{' '.join(cards)}`" if cards else "none"


def _one(card: str) -> str:
    """One card, named so that it cannot be misread: `9`, `-` (minus)."""
    return f"`{card}` ({SYMBOL_NAMES[card]})" if card in SYMBOL_NAMES else f"`{card}`"


def _row(row: Sequence[str]) -> str:
    return f"`{' '.join(row)}`" if row else "(empty)"


def _closes_in(ms: int) -> str:
    """When a phase opened now closes: its length is a setting (`round_minutes`, `play_minutes`)."""
    return f"It closes in {minutes_text(-(-ms // MINUTE))}, or earlier when the host closes it."


def _chunks(lines: list[str]) -> list[str]:
    """Lines gathered into posts under Discord's limit, split only between lines."""
    posts: list[str] = []
    current: list[str] = []
    for line in lines:
        if current and len("\n".join([*current, line])) > POST_LIMIT:
            posts.append("\n".join(current))
            current = []
        current.append(line)
    if current:
        posts.append("\n".join(current))
    return posts


RENDER: Renderers[Config] = Renderers()


@RENDER.on(RoundOpened)
def _round_opened(cfg: Config, ev: RoundOpened) -> list[str]:
    lines = [f"**Deck building, round {ev.round} of {ev.of}.** The packs:"]
    lines += [f"{p.number}. {chat.safe(p.name)}: {cards_text(p.cards)}" for p in ev.packs]
    most = cfg.bids
    lines.append(
        f"Submit up to {most} different pack{'s' if most != 1 else ''}, privately: `bid 1 4` (or by name), or `bid none`. "
        "A pack chosen an odd number of times gives a copy to everyone who chose it. " + _closes_in(cfg.round_ms)
    )
    return _chunks(lines)


@RENDER.on(BidSet)
def _bid_set(cfg: Config, ev: BidSet) -> str:
    packs = ", ".join(ev.packs) or "no pack"
    was = "" if ev.replaces is None else f" (was: {', '.join(ev.replaces) or 'no pack'})"
    waiting = f"; still to bid: {', '.join(ev.waiting)}" if ev.waiting else "; everyone has bid"
    return f"{ev.player} bids {packs}{was}{waiting}"


@RENDER.on(BidConfirmed)
def _bid_confirmed(cfg: Config, ev: BidConfirmed) -> str:
    packs = ", ".join(ev.packs) or "no pack"
    return f"Your bid for round {ev.round}: {packs}. You can change it until the round closes."


@RENDER.on(RoundClosed)
def _round_closed(cfg: Config, ev: RoundClosed) -> str:
    lines = [f"**Round {ev.round} results.** Chosen: " + ", ".join(f"{chat.safe(name)} ×{c}" for name, c in ev.counts.items())]
    if ev.all_odd:
        lines.append("Every pack was chosen an odd number of times: such harmony cannot exist, so **nobody gets a pack**.")
    gain = f"{ev.gainers} player{' gains' if ev.gainers == 1 else 's gain'} packs"
    pity = f"{ev.pity_cards} player{' gets' if ev.pity_cards == 1 else 's get'} a pity card"
    lines.append(f"{gain}; {pity}. Each player is told privately what they received.")
    return "\n".join(lines)


@RENDER.on(RoundRecord)
def _round_record(cfg: Config, ev: RoundRecord) -> str:
    lines = [f"Round {ev.round}, who received what:"]
    lines += [f"{_n(name)} receives {', '.join(packs)}" for name, packs in ev.received.items()]
    if ev.pity:
        lines.append("Pity cards: " + ", ".join(f"{chat.safe(n)} {_one(c)}" for n, c in ev.pity.items()))
    if ev.no_bid:
        lines.append("No bid from: " + ", ".join(chat.safe(n) for n in ev.no_bid))
    return "\n".join(lines)


@RENDER.on(RoundReceipt)
def _round_receipt(cfg: Config, ev: RoundReceipt) -> str:
    if ev.packs:
        return f"Round {ev.round}: you receive {' and '.join(ev.packs)}: {cards_text(ev.cards)}."
    if ev.pity is not None:
        return f"Round {ev.round}: you gained no pack, so you get a pity card: {_one(ev.pity)}."
    return f"Round {ev.round}: you gain nothing this round."


@RENDER.on(RoundReminder)
def _round_reminder(cfg: Config, ev: RoundReminder) -> str:
    return f"⏰ {minutes_text(ev.minutes_left)} left to bid in round {ev.round}: `bid 1 4` (by number or name), or `bid none`."


@RENDER.on(PlayReminder)
def _play_reminder(cfg: Config, ev: PlayReminder) -> str:
    return f"⏰ {minutes_text(ev.minutes_left)} left in the playing phase: submit a deck and a dealer, and play before it closes."


@RENDER.on(StillWaiting)
def _still_waiting(cfg: Config, ev: StillWaiting) -> str:
    return f"Still waiting for {ev.what}: {', '.join(ev.waiting)}"


@RENDER.on(TimeUp)
def _time_up(cfg: Config, ev: TimeUp) -> str:
    return f"⏰ Time is up: {ev.what} closes now."


@RENDER.on(PlayingOpened)
def _playing_opened(cfg: Config, ev: PlayingOpened) -> str:
    choose = " or ".join(f"`dealer {d.lower()}`" for d in ev.dealers)
    return (
        f"**Deck building is over: the playing phase begins.** Submit a deck of exactly {ev.deck_size} cards from your collection "
        f"(`deck 9 9 x …`, or `deck all` with fewer than {ev.deck_size} cards: it is padded with `{cfg.pad}`) and a dealer "
        f"({', '.join(ev.dealers)}: {choose}). " + _closes_in(cfg.play_ms)
    )


def _maker(cfg: Config, ev: TradeOffered | TradeDone | TradeDeclined | TradeCancelled | TradeLapsed) -> bool:
    """Whether a trade event is the DM to the trade's maker (otherwise it is the other player's)."""
    seat = ev.audience.seat
    return seat is not None and cfg.names[seat] == ev.giver


@RENDER.on(TradeOffered)
def _trade_offered(cfg: Config, ev: TradeOffered) -> str:
    n, gives, gets = ev.trade, cards_text(ev.gives), cards_text(ev.gets)
    if _maker(cfg, ev):
        return (
            f"🤝 Trade {n}: you offer {_n(ev.taker)} {gives} for their {gets}. "
            f"It waits for {chat.safe(ev.taker)}'s answer; withdraw it with `cancel {n}`."
        )
    return f"🤝 Trade {n}: {_n(ev.giver)} offers you {gives} for your {gets}. Answer `accept {n}` or `decline {n}`."


@RENDER.on(TradeDone)
def _trade_done(cfg: Config, ev: TradeDone) -> str:
    if _maker(cfg, ev):
        return f"🤝 Trade {ev.trade} done: you gave {cards_text(ev.gives)} to {_n(ev.taker)} and received {cards_text(ev.gets)}."
    return f"🤝 Trade {ev.trade} done: you gave {cards_text(ev.gets)} to {_n(ev.giver)} and received {cards_text(ev.gives)}."


@RENDER.on(TradeDeclined)
def _trade_declined(cfg: Config, ev: TradeDeclined) -> str:
    if _maker(cfg, ev):
        return f"Trade {ev.trade} (your {cards_text(ev.gives)} for {chat.safe(ev.taker)}'s {cards_text(ev.gets)}) was declined by {chat.safe(ev.taker)}."
    return f"You declined trade {ev.trade} ({chat.safe(ev.giver)}'s {cards_text(ev.gives)} for your {cards_text(ev.gets)})."


@RENDER.on(TradeCancelled)
def _trade_cancelled(cfg: Config, ev: TradeCancelled) -> str:
    if _maker(cfg, ev):
        return f"You withdrew trade {ev.trade} (your {cards_text(ev.gives)} for {chat.safe(ev.taker)}'s {cards_text(ev.gets)})."
    return f"Trade {ev.trade} ({chat.safe(ev.giver)}'s {cards_text(ev.gives)} for your {cards_text(ev.gets)}) was withdrawn by {chat.safe(ev.giver)}."


@RENDER.on(TradeLapsed)
def _trade_lapsed(cfg: Config, ev: TradeLapsed) -> str:
    if _maker(cfg, ev):
        return (
            f"Trade {ev.trade} (your {cards_text(ev.gives)} for {chat.safe(ev.taker)}'s {cards_text(ev.gets)}) is withdrawn: "
            "you no longer hold the cards it offers (R-OP-11)."
        )
    return (
        f"Trade {ev.trade} ({chat.safe(ev.giver)}'s {cards_text(ev.gives)} for your {cards_text(ev.gets)}) is withdrawn: "
        f"{chat.safe(ev.giver)} can no longer give what it offers (R-OP-11)."
    )


@RENDER.on(TradeMade)
def _trade_made(cfg: Config, ev: TradeMade) -> str:
    return f"🤝 {_n(ev.giver)} and {_n(ev.taker)} have traded (what they traded stays between them)."


def _padding(padded: int, pad: str) -> str:
    return f" — {padded} {_one(pad)} added as padding" if padded else ""


@RENDER.on(DeckSet)
def _deck_set(cfg: Config, ev: DeckSet) -> str:
    dealer = f" (dealer: {ev.dealer})" if ev.dealer else " (no dealer yet)"
    waiting = f"; still without a deck or a dealer: {', '.join(ev.waiting)}" if ev.waiting else "; every deck and dealer is in"
    return f"{ev.player}'s deck: {cards_text(ev.deck)}{_padding(ev.padded, ev.pad)}{dealer}{waiting}"


@RENDER.on(DeckConfirmed)
def _deck_confirmed(cfg: Config, ev: DeckConfirmed) -> str:
    return (
        f"Your deck: {cards_text(ev.deck)}{_padding(ev.padded, ev.pad)}. You can replace it, or take it back with `deck none`, "
        "until your deal starts; while it stands, its cards cannot be traded away."
    )


@RENDER.on(DeckWithdrawn)
def _deck_withdrawn(cfg: Config, ev: DeckWithdrawn) -> str:
    return "Your deck is withdrawn: its cards are free to trade again. Submit a deck before your deal."


@RENDER.on(DealerSet)
def _dealer_set(cfg: Config, ev: DealerSet) -> str:
    return f"Your dealer: {ev.dealer}. You can change it until your deal starts."


@RENDER.on(DealStarted)
def _deal_started(cfg: Config, ev: DealStarted) -> str:
    return f"🃏 {_n(ev.player)} plays Open, Pass with the {chat.safe(ev.dealer)} dealer ({ev.cards} cards)."


@RENDER.on(CardDealt)
def _card_dealt(cfg: Config, ev: CardDealt) -> str:
    return (
        f"{ev.player}, card {ev.number} of {ev.of}: {_one(ev.card)} — `open` or `pass`? "
        f"Row: {_row(ev.row)} ({ev.opened}/{ev.max_open} open)"
    )


@RENDER.on(Answered)
def _answered(cfg: Config, ev: Answered) -> str:
    return f"{ev.player} {'opens' if ev.open else 'passes'} {_one(ev.card)}; row: {_row(ev.row)}"


@RENDER.on(DealOver)
def _deal_over(cfg: Config, ev: DealOver) -> Post:
    lines = [f"🧮 **{chat.safe(ev.player)}'s row:** {_row(ev.row)}"]
    if ev.auto_passed:
        count = len(ev.auto_passed)
        why = " when the playing phase closed" if ev.closed else " after the last open"
        lines.append(f"({count} card{'s' if count != 1 else ''} passed automatically{why}: {cards_text(ev.auto_passed)})")
    lines += _reading_lines(ev.row, ev.reading, ev.shown, ev.notes)
    return Post(text="\n".join(lines), image=row_picture(ev.player, ev.row, ev.reading, ev.shown))


@RENDER.on(RowPosted)
def _row_posted(cfg: Config, ev: RowPosted) -> Post:
    lines = [f"🧮 **{chat.safe(ev.player)}'s row:** {_row(ev.row)}", *_reading_lines(ev.row, ev.reading, ev.shown, ev.notes)]
    return Post(text="\n".join(lines), image=row_picture(ev.player, ev.row, ev.reading, ev.shown))


def _reading_lines(row: tuple[str, ...], reading: str, shown: str, notes: tuple[str, ...]) -> list[str]:
    lines = [f"Reading: `{reading}` = **{shown}**" + ("" if row else " (an empty row scores 0, R-OP-4)")]
    return lines + [f"({n})" for n in notes]


@RENDER.on(DealDone)
def _deal_done(cfg: Config, ev: DealDone) -> str:
    return f"✅ {_n(ev.player)} has played. Rows and scores stay secret until the playing phase closes."


def _prize(p: Placing) -> str:
    extra = []
    if p.tokens:
        extra.append(f"+{p.tokens} Token{'s' if p.tokens != 1 else ''} of Life")
    if p.ec:
        extra.append("EC")
    return f" ({', '.join(extra)})" if extra else ""


def _placing(p: Placing) -> str:
    if not p.played:
        return f"{p.place}. {chat.safe(p.player)}{_prize(p)}"
    return f"{p.place}. {chat.safe(p.player)} — {p.shown}{_prize(p)}: {_row(p.row)} reads `{p.reading}`"


@RENDER.on(Results)
def _results(cfg: Config, ev: Results) -> list[Post]:
    lines = ["🏆 **Open, Pass — results**"]
    lines += [_placing(p) for p in ev.ranking if p.played]
    absent = [p for p in ev.ranking if not p.played]
    if absent:
        # R-OP-8: below everyone who played, whatever their scores; listed apart so that the listing reads by rank
        lines.append(f"Did not play (a score of {absent[0].shown}, ranked below everyone who played, R-OP-8):")
        lines += [_placing(p) for p in absent]
    lines += [f"⚖️ {chat.neutralise(t[0].upper() + t[1:])}." for t in ev.ties]
    posts = _chunks(lines)
    return with_pictures(posts, results_pictures(ev), "🏆 **Open, Pass — results**")
