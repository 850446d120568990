"""A kit game's posts, from its `[posts]` templates (`umpire.kit.words`), each given the event and the public context."""

from __future__ import annotations

from dataclasses import dataclass

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.games import roundplay
from umpire.games.base import PublicSetup, Renderers
from umpire.kit.events import Called, Holdings, PickAsked, RoundClosed, RoundOpened
from umpire.kit.hidden import said
from umpire.kit.rules import example, verb_form
from umpire.kit.schema import Kit
from umpire.kit.words import fill, listing, named


@dataclass(frozen=True)
class Context:
    """What every kit post may draw on besides its event: the kit (its templates and rounds) and the players' names."""

    kit: Kit
    names: tuple[str, ...]


def configure(kit: Kit, setup: PublicSetup) -> Context:
    """The renderers' context: made from the kit and the roster, never the seed."""
    return Context(kit=kit, names=tuple(p.name for p in setup.roster))


RENDER: Renderers[Context] = roundplay.add_renderers(Renderers())


@RENDER.on(RoundOpened)
def _opened(c: Context, ev: RoundOpened) -> str:
    kit, r = c.kit, c.kit.schedule[ev.round - 1]
    lines = []
    if ev.round == 1:
        lines.append(fill(kit.posts["start"], {"title": kit.title, "rounds": kit.rounds, "players": len(c.names), **kit.resources}))
    pairs = " · ".join(f"{chat.safe(a)} with {chat.safe(b)}" for a, b in ev.pairs)
    values = {
        "round": ev.round,
        "rounds": kit.rounds,
        "time": fmt_clock(r.seconds * 1000),
        "verb": verb_form(r),
        "example": example(r),
        "pairs": pairs,
        **ev.items,
    }
    lines.append(fill(kit.posts["round"], values))
    said = named(kit.posts["round"])
    unnamed = {k: v for k, v in ev.items.items() if k not in said}
    if unnamed:  # what the seed drew is posted, named in the template or not
        lines.append("Drawn: " + ", ".join(f"{chat.safe(k)} {v}" for k, v in unnamed.items()) + ".")
    if ev.pairs and "pairs" not in said:
        lines.append(f"Pairs: {pairs}.")
    if ev.resting is not None:
        lines.append(f"{chat.safe(ev.resting)} sits this round out.")
    return "\n".join(lines)


@RENDER.on(RoundClosed)
def _closed(c: Context, ev: RoundClosed) -> str:
    kit, r = c.kit, c.kit.schedule[ev.round - 1]
    common = {"round": ev.round, "rounds": kit.rounds, **ev.items}
    lines = ["The host closed the round."] if ev.by_host else []
    sent = listing(ev.sent, joint=" → " if r.kind == "vote" else " ") if ev.sent or ev.reveal == "all" else "sealed"
    lines.append(fill(kit.posts["closed"], {**common, "sent": sent}))
    if any(ev.votes.values()):
        lines.append(f"Votes: {listing({p: n for p, n in ev.votes.items() if n}).text}")
    word = {"bid": "bid", "vote": "vote"}.get(r.kind, "pick")
    for player in ev.picked:
        own = {word: ev.sent.get(player, "nothing")} if ev.reveal != "nothing" else {}
        lines.append(fill(kit.posts["picked"], {**common, "player": player, "votes": ev.votes.get(player, 0), **own}))
    if not ev.picked and r.resolve != "pairs":
        lines.append(fill(kit.posts["nobody"], common))
    if ev.drawn:
        lines.append("(A tie, broken by the seed's draw.)")
    for name, values in ev.resources.items():
        lines.append(f"{chat.safe(name.capitalize())}: {listing(values).text}")
    lines += [f"❌ {chat.safe(p)} is out." for p in ev.eliminated]
    return "\n".join(lines)


@RENDER.on(PickAsked)
def _asked(c: Context, ev: PickAsked) -> str:
    either = " or ".join(f"“{a}”" for a in ev.answers)
    return f"Round {ev.round}: your pick — send {either} (the last one you send counts)."


@RENDER.on(Called)
def _called(c: Context, ev: Called) -> str:
    does = {"bid": "bids", "pick": "picks", "vote": "votes for"}[ev.what]
    again = "" if ev.replaced is None else f" (in place of {chat.safe(ev.replaced)})"
    return f"📣 {chat.bold(chat.safe(ev.player))} {does} **{chat.safe(ev.value)}**{again}."


@RENDER.on(Holdings)
def _holdings(c: Context, ev: Holdings) -> str:
    return f"🔒 After round {ev.round}, for you alone: {chat.safe(said(ev.values))}."
