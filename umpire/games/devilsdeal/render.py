"""What each Devil's Deal event says in chat: one renderer per event kind, no fallback.

No public text names a private card before its reveal: the picks go to the host and to the
player alone, and the pools posted are the pools as the other player knows them (a card
discarded unrevealed is still listed, and counted as gone). Each renderer is given the match's
configuration (its public context) and the event, and says nothing the event does not hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from umpire.core import chat
from umpire.games.base import Post, Renderers
from umpire.games.devilsdeal.events import (
    AntePaid,
    BettingSkipped,
    BettingStarted,
    Called,
    DiscardAsked,
    Discarded,
    DiscardReminder,
    DivisionInForce,
    DivisionLocked,
    DivisionNoted,
    Folded,
    GameOver,
    PickConfirmed,
    Picked,
    PokerStarted,
    PoolsDealt,
    PoolShown,
    PublicPool,
    Raised,
    RefillAsked,
    RefillDeclined,
    RefillOffered,
    RefillSkipped,
    Reminder,
    Revealed,
    RoundOver,
    RoundStarted,
    Showdown,
    StarterChosen,
    StillToPick,
    TakeAsked,
    Took,
)
from umpire.games.devilsdeal.pictures import chips_picture, showdown_picture
from umpire.games.devilsdeal.settings import Config

RENDER: Renderers[Config] = Renderers()


def name(who: str) -> str:
    """A player's name in bold, markdown and mentions defused."""
    return chat.bold(chat.safe(who))


def code(cards: Sequence[str] | str) -> str:
    """Cards as a code span ("none" when there are none)."""
    text = cards if isinstance(cards, str) else " ".join(cards)
    return chat.code(text or "none")


def chips(n: int) -> str:
    """“1 chip”, “5 chips”."""
    return f"{n} chip{'s' if n != 1 else ''}"


def stacks(by_name: Mapping[str, int]) -> str:
    """Both stacks: “Hedger 30 · Uri 25”."""
    return " · ".join(f"{chat.safe(p)} {c}" for p, c in by_name.items())


def pools(by_name: Mapping[str, PublicPool]) -> str:
    """The pools as everyone knows them, one line each."""
    lines = []
    for p, v in by_name.items():
        line = f"{name(p)} ({v.held}): {code(v.cards)}"
        if v.unknown_gone:
            k = v.unknown_gone
            line += f" — {k} of these {'was' if k == 1 else 'were'} discarded unrevealed"
        lines.append(line)
    return "\n".join(lines)


# ---------------------------------------------------------------- the start


@RENDER.on(PoolsDealt)
def _pools_dealt(cfg: Config, ev: PoolsDealt) -> str:
    lines = ["🃏 **Devil's Deal — the starting pools** (both from one fresh deck):"]
    lines += [f"{name(p)}: {code(cards)} · {chips(ev.chips[p])}" for p, cards in ev.pools.items()]
    lines.append(f"{name(ev.chooser)} holds the Advantage and chooses who starts round 1.")
    return "\n".join(lines)


@RENDER.on(StarterChosen)
def _starter_chosen(cfg: Config, ev: StarterChosen) -> str:
    return f"{name(ev.chooser)} chooses {name(ev.starter)} to start round 1."


@RENDER.on(RoundStarted)
def _round_started(cfg: Config, ev: RoundStarted) -> str:
    return "\n".join(
        [
            f"⚔️ **Round {ev.round}** — {name(ev.starter)} starts. 🂠 Community card: {code(ev.community)}",
            f"Chips: {stacks(ev.chips)}",
            pools(ev.pools),
        ]
    )


# ---------------------------------------------------------------- the refill step


@RENDER.on(RefillAsked)
def _refill_asked(cfg: Config, ev: RefillAsked) -> str:
    again = " again" if ev.again else ""
    return (
        f"🔄 {name(ev.player)}: refill{again}? `yes` or `no` — {ev.seconds} s "
        f"(a refill costs {chips(ev.cost)}; you have {ev.chips}; no answer = no)."
    )


@RENDER.on(RefillSkipped)
def _refill_skipped(cfg: Config, ev: RefillSkipped) -> str:
    return f"{name(ev.player)} has {chips(ev.chips)}: too few to refill ({ev.cost} needed)."


@RENDER.on(RefillDeclined)
def _refill_declined(cfg: Config, ev: RefillDeclined) -> str:
    if ev.auto:
        return f"⏰ {name(ev.player)} did not answer in time: no refill."
    return f"{name(ev.player)}: no refill."


@RENDER.on(RefillOffered)
def _refill_offered(cfg: Config, ev: RefillOffered) -> str:
    return (
        f"🎴 {name(ev.player)} refills (−{ev.cost} → {chips(ev.chips)}). The {len(ev.cards)} cards:\n"
        f"{code(ev.cards)}\n"
        f"Divide them into piles of equal sum and mark one pile set aside — {ev.seconds} s. "
        "The last valid division counts; none at the deadline sets every card aside."
    )


@RENDER.on(DivisionNoted)
def _division_noted(cfg: Config, ev: DivisionNoted) -> str:
    written = f" ({ev.lines} lines, one pile a line)" if ev.lines > 1 else ""
    return f"{chat.safe(ev.player)}'s division{written}: {ev.division} — ✓ valid: takes {len(ev.takes)} ({' '.join(ev.takes) or 'none'})"


@RENDER.on(DivisionLocked)
def _division_locked(cfg: Config, ev: DivisionLocked) -> str:
    who = name(ev.player)
    early = " (locked early)" if ev.early else ""
    div = ev.division
    if div is None:
        return f"🔒 {who} has no valid division{early}: every card is set aside: {code(ev.set_aside)}"
    piles = " · ".join(code(p) for p in div.piles)
    if div.piles:
        lines = [f"🔒 {who}'s division{early}, piles of {div.sum}: {piles} — set aside: {code(div.aside_pile)}"]
    else:
        lines = [f"🔒 {who}'s division{early} takes nothing: its one pile of {div.sum}, {code(div.aside_pile)}, is set aside"]
    if div.unused:
        lines[0] += f", unused: {code(div.unused)}"
    lines.append(f"{who} takes {len(ev.taken)}: {code(ev.taken)} (pool: {ev.pool_size} cards).")
    return "\n".join(lines)


@RENDER.on(DiscardAsked)
def _discard_asked(cfg: Config, ev: DiscardAsked) -> str:
    return (
        f"✂️ {name(ev.player)} holds {ev.held} cards: discard {ev.count} (limit {ev.limit}) — {ev.seconds} s "
        "(no answer: the newest cards go)."
    )


@RENDER.on(Discarded)
def _discarded(cfg: Config, ev: Discarded) -> str:
    if ev.auto:
        return f"⏰ {name(ev.player)} did not discard in time: {code(ev.cards)} discarded (the newest cards; pool: {ev.pool_size})."
    return f"{name(ev.player)} discards {code(ev.cards)} (pool: {ev.pool_size})."


@RENDER.on(TakeAsked)
def _take_asked(cfg: Config, ev: TakeAsked) -> str:
    return f"🎁 {name(ev.player)}: take one card {chat.safe(ev.from_)} set aside, free, or `none` — {ev.seconds} s: {code(ev.cards)}"


@RENDER.on(Took)
def _took(cfg: Config, ev: Took) -> str:
    if ev.card is None:
        if ev.auto:
            return f"⏰ {name(ev.player)} did not answer in time: no card taken."
        return f"{name(ev.player)} takes none."
    return f"{name(ev.player)} takes {code(ev.card)} (pool: {ev.pool_size})."


# ---------------------------------------------------------------- the poker step


@RENDER.on(PokerStarted)
def _poker_started(cfg: Config, ev: PokerStarted) -> str:
    return (
        f"🂠 **Poker, round {ev.round}.** Community card (drawn at the round's start): {code(ev.community)}\n"
        f"Choose your two private cards in your table channel — first and second, different from each other "
        f"and from {code(ev.community)} — {ev.seconds} s."
    )


@RENDER.on(Picked)
def _picked(cfg: Config, ev: Picked) -> str:
    was = f" (was {' '.join(ev.replaces)})" if ev.replaces is not None else ""
    wait = f" Still to choose: {', '.join(ev.waiting)}." if ev.waiting else ""
    return f"{chat.safe(ev.player)} picks first {ev.first}, second {ev.second}{was} → with {ev.community}: {ev.hand}.{wait}"


@RENDER.on(PickConfirmed)
def _pick_confirmed(cfg: Config, ev: PickConfirmed) -> str:
    then = (
        "Both players have now chosen: these are your cards for the round."
        if ev.final
        else "You can change them until both players have chosen."
    )
    return f"Your private cards: first {code(ev.first)}, second {code(ev.second)} — with the community card {code(ev.community)}: {ev.hand}. {then}"


@RENDER.on(AntePaid)
def _ante_paid(cfg: Config, ev: AntePaid) -> str:
    return f"💰 Both pay the ante of {ev.ante}; {chips(ev.removed)} leaves the pot. Pot: {ev.pot}. Chips: {stacks(ev.chips)}"


@RENDER.on(BettingStarted)
def _betting_started(cfg: Config, ev: BettingStarted) -> str:
    return (
        f"🎲 **Betting round {ev.betting}** — {name(ev.to_act)} first: `call` ({chips(ev.opening_bet)}), "
        f"`raise N` or `fold` — {ev.seconds} s. Pot: {ev.pot}."
    )


@RENDER.on(BettingSkipped)
def _betting_skipped(cfg: Config, ev: BettingSkipped) -> str:
    who = " and ".join(name(p) for p in ev.broke)
    return f"{who} {'has' if len(ev.broke) == 1 else 'have'} no chips: no betting round {ev.betting} (nobody bets or folds)."


@RENDER.on(Raised)
def _raised(cfg: Config, ev: Raised) -> str:
    bets = " · ".join(f"{chat.safe(p)} {b}" for p, b in ev.bets.items())
    if ev.action == "open":
        text = f"{name(ev.player)}: `call` to open the betting — bets {ev.put}"
    else:
        text = f"{name(ev.player)}: `raise {ev.raised}` (puts in {ev.put})"
    return f"{text}. Bets: {bets}. {name(ev.next)}: `call` {ev.to_call}, `raise N` or `fold` — {ev.seconds} s."


@RENDER.on(Called)
def _called(cfg: Config, ev: Called) -> str:
    bets = " · ".join(f"{chat.safe(p)} {b}" for p, b in ev.bets.items())
    text = f"{name(ev.player)}: `call`, all-in with {chips(ev.put)}" if ev.all_in else f"{name(ev.player)}: `call` {ev.put}"
    for p, back in ev.returned.items():
        text += f"; {back} of {chat.safe(p)}'s bet {'goes' if back == 1 else 'go'} back"
    return f"{text} (bets: {bets}). Pot: {ev.pot}."


@RENDER.on(Revealed)
def _revealed(cfg: Config, ev: Revealed) -> str:
    shown = " · ".join(f"{name(p)} {code(c)}" for p, c in ev.cards.items())
    text = f"👁 {ev.which.capitalize()} private cards: {shown} (community {code(ev.community)})."
    if ev.which == "second":
        text += " Hands: " + " · ".join(f"{name(p)} {code(cards)}" for p, cards in ev.known.items()) + "."
    return text


@RENDER.on(Folded)
def _folded(cfg: Config, ev: Folded) -> str:
    who, other = name(ev.player), name(ev.winner)
    head = f"⏰ {who} did not bet in time: fold." if ev.auto else f"🏳 {who} folds."
    lines = [f"{head} {other} takes the pot ({chips(ev.pot)}). Unrevealed cards stay hidden."]
    if ev.cannot_pay:
        lines.append(f"{who} folded a high-card hand and cannot pay the penalty.")
    elif ev.high_card:
        lines.append(f"{who} folded a high-card hand: pays {chips(ev.penalty)} to {other}.")
    lines.append(f"Chips: {stacks(ev.chips)}")
    return "\n".join(lines)


@RENDER.on(Showdown)
def _showdown(cfg: Config, ev: Showdown) -> Post:
    return Post(text=_showdown_text(ev), image=showdown_picture(ev))


def _showdown_text(ev: Showdown) -> str:
    lines = [f"🃏 **Showdown** (community {code(ev.community)}):"]
    lines += [f"{name(p)}: {code(h.cards)} — {h.hand}" for p, h in ev.hands.items()]
    if ev.winner is not None:
        lines.append(f"{name(ev.winner)} wins the pot of {ev.pot}: {ev.why}.")
    else:
        back = " · ".join(f"{chat.safe(p)} {v}" for p, v in ev.payouts.items())
        lines.append(f"A tie ({ev.why}): each takes back their bets and ante share ({back}); {chips(ev.removed)} leaves the game.")
    lines.append(f"Chips: {stacks(ev.chips)}")
    return "\n".join(lines)


@RENDER.on(RoundOver)
def _round_over(cfg: Config, ev: RoundOver) -> str:
    if ev.winner is None:
        head = f"**Round {ev.round} is over** (a tie) — {name(ev.next_starter)} starts round {ev.round + 1}."
    else:
        head = f"**Round {ev.round} is over** — {name(ev.winner)} won it and starts round {ev.round + 1}."
    return "\n".join([head, f"Chips: {stacks(ev.chips)}", pools(ev.pools), f"Round {ev.round + 1} begins in {ev.break_seconds} s."])


@RENDER.on(GameOver)
def _game_over(cfg: Config, ev: GameOver) -> Post:
    text = f"🏆 **{chat.safe(ev.winner)} wins Devil's Deal**: {chat.safe(ev.reason)}.\nChips: {stacks(ev.chips)}"
    return Post(text=text, image=chips_picture(ev))


@RENDER.on(PoolShown)
def _pool_shown(cfg: Config, ev: PoolShown) -> str:
    text = f"Your pool ({len(ev.pool)}): {code(ev.pool)} · {chips(ev.chips)}"
    if ev.private is not None:
        text += f" · private cards this round: first {code(ev.private[0])}, second {code(ev.private[1])}"
    return text


# ---------------------------------------------------------------- reminders


_REMINDERS = {
    "answer": "{s} s to answer “refill?” (no answer = no).",
    "division": "{s} s left for the division.",
    "take": "{s} s to take a set-aside card (no answer = none).",
    "bet": "{s} s to bet (no bet = fold).",
}


@RENDER.on(Reminder)
def _reminder(cfg: Config, ev: Reminder) -> str:
    if ev.player is None:  # the pick: both players at once
        return f"⏳ {ev.seconds} s left to pick private cards (no pick = that player loses)."
    return f"⏳ {name(ev.player)}: " + _REMINDERS[ev.what].format(s=ev.seconds)


@RENDER.on(DiscardReminder)
def _discard_reminder(cfg: Config, ev: DiscardReminder) -> str:
    return f"⏳ {name(ev.player)}: {ev.seconds} s to discard {ev.count} (then the newest cards go)."


@RENDER.on(DivisionInForce)
def _division_in_force(cfg: Config, ev: DivisionInForce) -> str:
    host = "a valid division is in force" if ev.valid else "no valid division yet: every card would be set aside"
    return f"{chat.safe(ev.player)}: {host}"


@RENDER.on(StillToPick)
def _still_to_pick(cfg: Config, ev: StillToPick) -> str:
    return "Still to choose: " + ", ".join(ev.waiting)
