"""Open, Pass's playing phase: dealing a player's deck, their opens and passes, and the results. Pure.

The host deals (`deal NAME`): the chosen dealer's seeded stream shuffles the player's sealed deck and
the first card goes to the player alone; each card is opened (to the LEFT of the row) or passed;
after `max_open` opens the rest pass by themselves. A finished row is read left to right and scored
(R-ARITH-1, R-ARITH-2); it is shown at once or with the results (R-OP-5). When everyone has played,
or the phase closes: the ranking (who never played below everyone who played, R-OP-8), ties broken
by one seeded draw of the whole table, Tokens of Life and ECs.
"""

from __future__ import annotations

from fractions import Fraction

from umpire.core.arith import exact, read_row, show
from umpire.core.errors import IllegalAction
from umpire.core.evolve import replace  # dataclasses.replace, cheaper for the state records (replay hot spot)
from umpire.games.base import Event, dm
from umpire.games.openpass.cards import reading_text
from umpire.games.openpass.commands import Choice, StartDeal
from umpire.games.openpass.events import Answered, CardDealt, DealDone, DealOver, DealStarted, Placing, Results, RowPosted
from umpire.games.openpass.settings import Reveal
from umpire.games.openpass.state import Deal, Phase, Player, State

Events = list[Event]


def set_player(state: State, seat: int, player: Player) -> State:
    """The state with `seat`'s player replaced."""
    players = list(state.players)
    players[seat] = player
    return replace(state, players=tuple(players))


def start_deal(state: State, cmd: StartDeal, now: int) -> tuple[State, Events]:
    """Deal to a player, or resume their deal: the card waiting for their answer, to them alone.
    The playing phase is open (the move's `when`); the player must have a deck and a dealer."""
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    p = state.players[cmd.seat]
    deck, dealer = state.decks.get(cmd.seat), state.dealers.get(cmd.seat)
    if deck is None or dealer is None:
        lacking = " and ".join(x for x, v in (("a deck", deck), ("a dealer", dealer)) if v is None)
        raise IllegalAction(f"{who} has not submitted {lacking} yet")
    if p.finished:
        raise IllegalAction(f"{who} has already played (score {show(p.score or Fraction(0))})")
    events: Events = []
    if p.deal is None:
        # R-OP-3: the dealers differ only in their random stream; the deck's listing order does not matter.
        stream = state.streams.stream(f"openpass/dealer/{dealer}/seat{cmd.seat + 1}")
        deal = Deal(dealer=dealer, order=tuple(stream.shuffled(deck.cards)), started=True)
        state = set_player(state, cmd.seat, replace(p, deal=deal))
        events.append(DealStarted(t=now, player=who, dealer=dealer, cards=len(deal.order)))
    return state, [*events, _card_shown(state, cmd.seat, now)]


def _card_shown(state: State, seat: int, now: int) -> CardDealt:
    deal = state.players[seat].deal
    assert deal is not None
    return CardDealt(
        t=now,
        audience=dm(seat),
        player=state.cfg.names[seat],
        number=deal.pos + 1,
        of=len(deal.order),
        card=deal.order[deal.pos],
        row=deal.row,
        opened=len(deal.row),
        max_open=state.cfg.max_open,
    )


def choice(state: State, cmd: Choice, now: int) -> tuple[State, Events]:
    """Open (to the LEFT of the row) or pass the card just dealt; after `max_open` opens the rest pass.
    The player's deal is running: the move's `when` said so."""
    cfg = state.cfg
    who = cfg.names[cmd.seat]
    p = state.players[cmd.seat]
    deal = p.deal
    assert deal is not None and deal.started and not deal.done
    c = deal.order[deal.pos]
    row = (c, *deal.row) if cmd.open else deal.row  # opened cards go to the LEFT of the row
    deal = replace(deal, pos=deal.pos + 1, row=row)
    events: Events = [Answered(t=now, audience=dm(cmd.seat), player=who, card=c, open=cmd.open, row=row)]
    auto: tuple[str, ...] = ()
    if len(row) >= cfg.max_open and deal.pos < len(deal.order):
        auto = deal.order[deal.pos :]
        deal = replace(deal, pos=len(deal.order))
    if deal.pos >= len(deal.order):
        state, more = _finish(state, cmd.seat, deal, now, auto)
        events += more
        if all(q.finished for q in state.players):
            return _results(state, now, events)  # everyone has played
        return state, events
    state = set_player(state, cmd.seat, replace(p, deal=deal))
    return state, [*events, _card_shown(state, cmd.seat, now)]


def _finish(state: State, seat: int, deal: Deal, now: int, auto: tuple[str, ...], *, closed: bool = False) -> tuple[State, Events]:
    cfg = state.cfg
    reading, score, notes = read_row(deal.row, division=cfg.division)
    p = state.players[seat]
    text = reading_text(reading)
    state = set_player(state, seat, replace(p, deal=replace(deal, done=True), score=score, reading=text))
    who = cfg.names[seat]
    over = DealOver(
        t=now,
        audience=dm(seat),
        player=who,
        row=deal.row,
        reading=text,
        score=exact(score),
        shown=show(score),
        auto_passed=auto,
        notes=tuple(notes),
        closed=closed,
    )
    if cfg.reveal is not Reveal.AT_ONCE:
        return state, [over, DealDone(t=now, player=who)]
    # R-OP-5 "at-once": the row is posted now, but not the cards that passed automatically (never
    # dealt, they are part of the private deck); the player has them in their own `deal_over`.
    posted = RowPosted(t=now, player=who, row=deal.row, reading=text, score=exact(score), shown=show(score), notes=tuple(notes))
    return state, [over, posted]


def close_playing(state: State, now: int) -> tuple[State, Events]:
    """End the playing phase: unfinished deals pass their remaining cards; rank; Tokens of Life and ECs.

    A player whose deal never started has no row and scores 0 (R-OP-4), ranked below everyone who played.
    """
    events: Events = []
    for seat, p in enumerate(state.players):
        if p.deal is None or p.deal.done:
            continue
        deal = p.deal
        state, evs = _finish(state, seat, replace(deal, pos=len(deal.order)), now, deal.order[deal.pos :], closed=True)
        events += evs
    return _results(state, now, events)


def _tie_notes(state: State, order: list[int], scores: list[Fraction]) -> tuple[str, ...]:
    names = state.cfg.names
    groups: dict[tuple[bool, Fraction], list[int]] = {}
    for s in order:
        groups.setdefault((state.players[s].played, scores[s]), []).append(s)
    notes = []
    for (played, value), seats in groups.items():
        if len(seats) > 1:
            at = show(value) if played else f"{show(value)} (did not play)"
            notes.append(
                f"tie at {at} between {', '.join(names[s] for s in sorted(seats))}, broken by the seeded draw: {' ahead of '.join(names[s] for s in seats)}"
            )
    return tuple(notes)


def _results(state: State, now: int, events: Events) -> tuple[State, Events]:
    cfg = state.cfg
    n = len(state.players)
    # Ties are broken by one seeded draw of the whole table, made only now.
    tiebreak = state.streams.stream("openpass/ties").shuffled(range(n))
    rank_of = {seat: i for i, seat in enumerate(tiebreak)}
    scores = [p.score if p.score is not None and p.played else Fraction(0) for p in state.players]
    order = sorted(range(n), key=lambda s: (not state.players[s].played, -scores[s], rank_of[s]))
    notes = _tie_notes(state, order, scores)
    players = list(state.players)
    ranking = []
    for place, seat in enumerate(order):
        p = players[seat]
        # R-OP-8: a player who never played wins no Tokens of Life, whatever their place.
        tokens = cfg.tokens[place] if place < len(cfg.tokens) and p.played else 0
        ec = place >= n - cfg.ecs
        players[seat] = p = replace(p, tokens=p.tokens + tokens, ec=ec, score=scores[seat])
        ranking.append(
            Placing(
                place=place + 1,
                player=cfg.names[seat],
                played=p.played,
                row=p.deal.row if p.deal is not None else (),
                reading=p.reading or reading_text(()),  # one answer for an empty row (R-OP-4), played or not
                score=exact(scores[seat]),
                shown=show(scores[seat]),
                tokens=p.tokens,
                ec=ec,
            )
        )
    results = Results(t=now, ranking=tuple(ranking), ties=notes)
    state = replace(
        state, players=tuple(players), phase=Phase.OVER, play_clock=None, ranking=tuple(order), tie_notes=notes, outcome=results.outcome
    )
    events.append(results)
    return state, events
