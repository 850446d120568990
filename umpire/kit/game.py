"""A kit file made a `Game`: its registry entry, table of moves, house rulings and record, on the one kit engine.

A kit game is not in the registry's list of games (`umpire games` lists those umpire ships): it exists once a kit
file has been read, and `umpire.games.get` finds it by its key (`kit-NAME`) among the kits read in this process,
so a journal's events that name their game (a player's status) are put into words by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from umpire.core.settings import Settings
from umpire.games import Entry
from umpire.games.base import Game, HelpItem, Move
from umpire.games.roundplay import warm_pictures
from umpire.kit import ending, hidden, render, rules, views
from umpire.kit.events import EVENTS
from umpire.kit.rederive import rederive
from umpire.kit.rules import State, example, verb_form
from umpire.kit.schema import Kit, Round

BUILT: dict[str, Game[Any, Any]] = {}  # kit games read in this process, by key: the last read of a key wins

_WHAT = {
    "highest": "the highest",
    "lowest": "the lowest",
    "highest-unique": "the highest that no other player matched",
    "lowest-unique": "the lowest that no other player matched",
    "most": "those chosen most",
    "fewest": "those chosen fewest times",
    "threshold": "everyone in the round, if the numbers sent reach the threshold,",
}
_TIES = {
    "nobody": "a tie picks nobody",
    "all": "a tie picks everyone tied",
    "split": "a tie picks everyone tied, to share",
    "draw": "a tie is broken by the seed's draw",
    "earliest": "a tie goes to whoever sent theirs first",
}
_REVEAL = {
    "all": "every word sent is revealed",
    "winner": "only the picked players' words are revealed",
    "nothing": "nothing sent is revealed",
}


def _moves(kit: Kit) -> tuple[Move[State], ...]:
    def in_play(state: State, actor: int | None) -> str | None:
        if state.open is None:
            return "the match has not started yet; the host starts it with “start”"
        return "the match is over" if state.outcome is not None else None

    def playing(kind: str) -> Any:
        def when(state: State, actor: int | None) -> str | None:
            not_now = in_play(state, actor)
            if not_now is not None:
                return not_now
            if state.round.kind != kind:
                return f"round {state.number} takes “{verb_form(state.round)}”, not “{kind}”"
            if actor is not None and state.out[actor]:
                return f"{state.names[actor]} is out of the game"
            if actor is not None and state.open is not None and actor not in state.open.seats:
                return f"{state.names[actor]} sits this round out"
            return None

        return when

    def complete(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
        if len(words) != 1:
            return []
        r = state.round
        if r.kind == "vote":
            return [state.names[s] for s in state.alive() if s != actor or r.self_vote]
        if r.words:
            return list(r.words)
        low, high = r.numbers or (0, 0 if actor is None or r.most is None else r.most.value(rules.names_of(state, actor)))
        return [str(n) for n in sorted({low, low + 1, (low + high) // 2, high}) if low <= n <= high]

    kinds: dict[str, Round] = {}
    for r in kit.schedule:
        kinds.setdefault(r.kind, r)
    out: list[Move[State]] = []
    for kind, r in kinds.items():
        does = {
            "bid": "Seal a bid for this round (your last one counts).",
            "pick": "Seal your pick (your last one counts).",
            "vote": "Seal your vote (your last one counts).",
        }[kind]
        form = HelpItem(syntax=verb_form(r), what=does, example=f"p1: {example(r)}", who="player")
        sealed = any(x.kind == kind and not x.open for x in kit.schedule)  # a word only ever called openly is not sealed
        out.append(Move(name=kind, words=(kind,), forms=(form,), when=playing(kind), complete=complete, sealed=sealed))
    start_form = HelpItem(syntax="start", what="Start the match: round 1 opens.", example="start", who="host")
    close_form = HelpItem(syntax="close", what="Close the round now, as if its time had run out.", example="close", who="host")
    out.append(
        Move(
            name="start",
            who="host",
            words=("start",),
            forms=(start_form,),
            when=lambda s, a: "the match has already started" if s.open is not None else None,
        )
    )
    out.append(Move(name="close", who="host", words=("close",), forms=(close_form,), when=in_play))
    return tuple(out)


def rulings(kit: Kit, settings: Settings) -> list[str]:
    """The kit's rules in words, one ruling a part (R-KIT-…), as the REPL's `rules` lists them."""
    have = ", ".join(f"{v} {k}" for k, v in kit.resources.items()) or "nothing"
    out = [
        f"R-KIT-1: {kit.players[0]}–{kit.players[1]} players; everyone starts with {have}; no resource goes below 0{hidden.ruling(kit)}."
    ]
    groups: list[tuple[Round, int]] = []
    for r in kit.schedule:
        if groups and groups[-1][0] is r:
            groups[-1] = (r, groups[-1][1] + 1)
        else:
            groups.append((r, 1))
    number = 1
    for i, (r, n) in enumerate(groups):
        span = f"round {number}" if n == 1 else f"rounds {number}–{number + n - 1}"
        number += n
        draws = f"; the seed draws {', '.join(r.draws)} as it opens" if r.draws else ""
        rule = (
            "a payoff table scores each pair drawn by the seed"
            if r.resolve == "pairs"
            else f"{_WHAT[r.resolve]} is picked ({_TIES[r.ties]})"
        )
        effects = "; ".join(
            f"{who}: {k} becomes {e.text}" for who, part in (("picked", r.picked), ("each", r.each)) for k, e in part.items()
        )
        how = "openly, in the channel," if r.open else "privately"
        out.append(
            f"R-KIT-{i + 2}: {span}: each player still in sends “{verb_form(r)}” {how} within {r.seconds} s (the last one counts){draws}; "
            f"{rule}; {_REVEAL[r.reveal]}{'; ' + effects if effects else ''}."
        )
    end = [f"out when {kit.eliminate.text}"] if kit.eliminate else []
    end += ["the match ends when one player is left"] if kit.last_standing else []
    score = ", then ".join(e.text for e in kit.score) or "nothing"
    draw = "; players still level are placed by the seed's draw" if kit.draw else "; players still level share their place"
    out.append(
        f"R-KIT-{len(groups) + 2}: {'; '.join(end) + '; ' if end else ''}the result ranks players still in first, then by {score}{draw}."
    )
    return out


def make(kit: Kit, doc: str = "docs/writing-a-kit-game.md") -> Game[Any, Any]:
    """The `Game` record of a kit (kept in `BUILT` by its key, for `umpire.games.get`)."""
    entry = Entry(
        key=kit.key,
        title=kit.title,
        summary=kit.summary,
        players=kit.players,
        seats=kit.seats,
        doc=doc,
        scenario=None,
        package="umpire.kit",
    )
    game: Game[Any, Any] = Game(
        entry=entry,
        settings=(),
        events=EVENTS,
        renderers=render.RENDER,
        public=partial(render.configure, kit),
        rulings=partial(rulings, kit),
        start=partial(rules.start, kit),
        moves=_moves(kit),
        view_defs=views.VIEWS,
        knowledge=views.knowledge,
        own_status=views.own_status,
        final=views.final,
        toolbar=views.toolbar,
        outcome=views.outcome,
        facts=partial(views.facts, kit),
        parse=rules.parse,
        apply=rules.apply,
        next_due=rules.next_due,
        on_due=rules.on_due,
        is_over=rules.is_over,
        warm_pictures=warm_pictures,
        rederive=partial(rederive, kit),
    )
    BUILT[kit.key] = game
    return game


__all__ = ["BUILT", "ending", "make", "rulings"]
