"""Devil's Deal's table of moves: how each is written, who makes it, and when it may be made.

The session asks a move's `when` before it applies a command of that move, so the rules need no
"not now" checks of their own; completion, the REPL's live check and `help` read the same table.
The order of the checks is the order a player meets them: the Death Match over, then not yet under
way (pools not dealt, round 1's starter not chosen), then the step under way.

Two moves are sealed: the pick (the private cards, until betting round 1 ends and the showdown
reveal them; a fold's high-card penalty tells part of the hand) and the division (the host's note
of it, until it locks). What a `when` says names no secret: who has not picked is never in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.games.base import HelpItem, Move
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal.state import Ask, Bet, Discard, Divide, Phase, Pick, State, Take, chips_text, waiting

# ---------------------------------------------------------------- when: the "not now" refusals


def _over(state: State) -> str | None:
    return f"the Death Match is over ({state.result})" if state.over else None


def _playing(state: State) -> str | None:
    """Why nothing of a round may be done now: the Death Match is over, or round 1 has not begun."""
    why = _over(state)
    if why is not None or state.phase is Phase.PLAY:
        return why
    if state.phase is Phase.DEAL:
        return "the Death Match has not started: the host deals the pools with “start”"
    return f"round 1 has not started: {state.cfg.names[state.cfg.advantage]} first chooses who starts (“first p1”)"


def _who(state: State, actor: int | None) -> str:
    return "the host" if actor is None else state.cfg.names[actor]


def _start_when(state: State, actor: int | None) -> str | None:
    why = _over(state)
    if why is None and state.phase is not Phase.DEAL:
        return "the starting pools are already dealt"
    return why


def _first_when(state: State, actor: int | None) -> str | None:
    why = _over(state)
    if why is not None:
        return why
    names, adv = state.cfg.names, state.cfg.advantage
    if state.phase is Phase.DEAL:
        return f"the pools come first: the host deals them with “start”, then {names[adv]} chooses"
    if state.phase is not Phase.CHOOSE:
        return f"the starting player of round 1 is already chosen ({names[state.starter]})"
    if actor is not None and actor != adv:
        return f"only {names[adv]} (the Advantage holder) chooses who starts round 1"
    return None


def _not_asked(state: State, actor: int | None) -> str | None:
    step = state.step
    if isinstance(step, Ask) and step.seat == actor:
        return None
    return f"{_who(state, actor)} is not being asked “refill?” now ({waiting(state)})"


def _refill_when(state: State, actor: int | None) -> str | None:
    """`yes`: a player with fewer chips than a refill costs hears that first (R-DD-2), asked or not."""
    why = _playing(state)
    if why is not None:
        return why
    cost = state.cfg.refill_cost
    if actor is not None and state.seats[actor].chips < cost:
        return f"{_who(state, actor)} has {chips_text(state.seats[actor].chips)}; a refill costs {chips_text(cost)} (R-DD-2)"
    return _not_asked(state, actor)


def _no_refill_when(state: State, actor: int | None) -> str | None:
    return _playing(state) or _not_asked(state, actor)


def _division_when(state: State, actor: int | None) -> str | None:
    why = _playing(state)
    if why is not None:
        return why
    step = state.step
    if not isinstance(step, Divide):
        return f"there is no refill to divide now ({waiting(state)})"
    if step.seat != actor:
        return f"{state.cfg.names[step.seat]} is dividing this refill, not {_who(state, actor)}"
    return None


def _lock_when(state: State, actor: int | None) -> str | None:
    why = _playing(state)
    step = state.step
    if why is None and not (isinstance(step, Divide) and step.seat == actor):
        return f"{_who(state, actor)} has no division to lock now ({waiting(state)})"
    return why


def _take_when(state: State, actor: int | None) -> str | None:
    why = _playing(state)
    if why is not None:
        return why
    step = state.step
    if not isinstance(step, Take):
        return f"there are no set-aside cards to take now ({waiting(state)})"
    if step.seat != actor:
        names = state.cfg.names
        return f"only {names[step.seat]} may take a card set aside by {names[step.refiller]}"
    return None


def _discard_when(state: State, actor: int | None) -> str | None:
    why = _playing(state)
    if why is not None:
        return why
    step = state.step
    if not isinstance(step, Discard):
        return f"{_who(state, actor)} has nothing to discard now ({waiting(state)})"
    if step.seat != actor:
        return f"{state.cfg.names[step.seat]} is the one to discard now, not {_who(state, actor)}"
    return None


def _pick_when(state: State, actor: int | None) -> str | None:
    why = _playing(state)
    if why is None and not isinstance(state.step, Pick):
        return f"private cards are chosen in the poker step, not now ({waiting(state)})"
    return why


def cards_awaited(state: State, actor: int | None) -> bool:
    """Whether bare cards from `actor` mean something now: a pick, or their take or discard."""
    step = state.step
    return isinstance(step, Pick) or (isinstance(step, Take | Discard) and step.seat == actor)


def cards_when(state: State, actor: int | None) -> str | None:
    """Bare cards: refused when nothing awaits cards from their sender."""
    why = _playing(state)
    if why is None and not cards_awaited(state, actor):
        return f"nothing is waiting for cards from {_who(state, actor)} now ({waiting(state)})"
    return why


def _bet_when(state: State, actor: int | None) -> str | None:
    why = _playing(state)
    if why is not None:
        return why
    step = state.step
    if not isinstance(step, Bet):
        return f"there is no betting now ({waiting(state)})"
    if step.to_act != actor:
        return f"it is {state.cfg.names[step.to_act]}'s turn to bet, not {_who(state, actor)}'s"
    return None


def _pool_when(state: State, actor: int | None) -> str | None:
    return "the pools are not dealt yet" if state.phase is Phase.DEAL else None


# ---------------------------------------------------------------- complete: the words that may follow


def _starters(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After “first”: the players' names (and “me” for a player)."""
    if len(words) != 1:
        return []
    return list(state.cfg.names) + ([] if actor is None else ["me"])


def _division_words(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """A division's markers and the offered cards not written yet."""
    step = state.step
    if not isinstance(step, Divide):
        return []
    used = {C.lookup(w) for w in words}
    return ["aside", "unused", "|", *[C.name(c) for c in step.offer if c not in used]]


def _set_aside(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """After “take”: the set-aside cards."""
    step = state.step
    if isinstance(step, Take) and [w.casefold() for w in words] == ["take"]:
        return C.name_list(step.cards)
    return []


def _own_pool(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """The sender's pool cards, each once."""
    return [] if actor is None else C.name_list(dict.fromkeys(state.seats[actor].pool))


def _pickable(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """The sender's pool cards that may be private cards (not the community card), not written yet."""
    if actor is None:
        return []
    typed = {w.casefold() for w in words}
    pool = [c for c in dict.fromkeys(state.seats[actor].pool) if c != state.community]
    return [C.name(c) for c in pool if C.name(c).casefold() not in typed]


def _bare(state: State, actor: int | None, words: Sequence[str]) -> list[str]:
    """Cards alone: for the pick, the take (one card, so only as the first word) or the discard."""
    step = state.step
    if isinstance(step, Pick):
        return _pickable(state, actor, words)
    if isinstance(step, Take):
        return [] if words else C.name_list(step.cards)
    return _own_pool(state, actor, words)


# ---------------------------------------------------------------- the table


MOVES: tuple[Move[State], ...] = (
    Move(
        name="start",
        who="host",
        words=("start",),
        forms=(HelpItem(syntax="start", what="Deal and post the two starting pools (from one fresh deck).", example="start", who="host"),),
        when=_start_when,
    ),
    Move(
        name="first",
        who="either",
        words=("first",),
        forms=(
            HelpItem(
                syntax="first NAME",
                what="The Advantage holder chooses who starts round 1 (player or host may type it); round 1 begins at once.",
                example="p2: first p1",
            ),
        ),
        when=_first_when,
        complete=_starters,
    ),
    Move(
        name="refill",
        words=("yes",),
        forms=(HelpItem(syntax="yes / no", what="Answer “refill?” (a refill costs 5 chips; no answer in 20 s = no).", example="p1: yes"),),
        when=_refill_when,
    ),
    Move(name="no refill", words=("no",), forms=(), when=_no_refill_when),  # its form is the one above: “yes / no”
    Move(
        name="division",
        forms=(
            HelpItem(
                syntax="PILE | PILE | aside PILE",
                what="A division on one line: piles separated by | (or by commas when there is no |), the set-aside pile marked "
                "“aside” (or “x”); “unused …” lists unused cards (optional). Checked at once; the last valid one counts.",
                example="p1: B9 G5 | G8 B6 | R2 R3 B3 G6 | aside G2 B5 R7",
            ),
            HelpItem(
                syntax="PILE (one a line)",
                what="A division written one pile a line in one message (a Discord header and its lines, up to an empty line; "
                "⏎ marks a new line) is one division; there commas separate cards. A line “done” at its end locks it.",
                example="Hedger — Today at 10:32 PM ⏎ B9 G5 ⏎ G8, B6 ⏎ aside G2 B5 R7 ⏎ (empty line)",
            ),
        ),
        when=_division_when,
        complete=_division_words,
        sealed=True,
    ),
    Move(
        name="done",
        words=("done",),
        forms=(
            HelpItem(syntax="done", what="The dividing player locks the division in force now (instead of waiting).", example="p1: done"),
        ),
        when=_lock_when,
    ),
    Move(
        name="take",
        words=("take", "none"),
        forms=(HelpItem(syntax="take CARD / none", what="Take one card the other player set aside, free.", example="p2: take G1"),),
        when=_take_when,
        complete=_set_aside,
    ),
    Move(
        name="discard",
        words=("discard",),
        forms=(
            HelpItem(syntax="discard CARDS", what="Discard down to the pool limit (discards are public).", example="p1: discard R5 G6 B1"),
        ),
        when=_discard_when,
        complete=_own_pool,
    ),
    Move(
        name="pick",
        words=("pick",),
        forms=(
            HelpItem(
                syntax="pick FIRST SECOND",
                what="Private cards for the round, first then second (privately; changeable until both have chosen).",
                example="p1: pick R5 G6",
            ),
            HelpItem(
                syntax="first CARD second CARD",
                what="The same pick in the card's own words.",
                example="p1: first R5 second G6",
            ),
        ),
        when=_pick_when,
        complete=_pickable,
        sealed=True,
    ),
    Move(name="cards", forms=(), when=cards_when, complete=_bare),  # cards alone: read as a pick, a take or a discard
    Move(
        name="bet",
        words=("call", "raise", "fold", "all-in"),
        forms=(
            HelpItem(syntax="call", what="Match the bet (when nobody has bet: bet 1).", example="p1: call"),
            HelpItem(syntax="raise N", what="Match the bet, then N more (N at least 1).", example="p2: raise 3"),
            HelpItem(syntax="fold", what="Give up the round (with a high-card hand: pay 2 chips too).", example="p1: fold"),
            HelpItem(syntax="all-in", what="Raise with every chip (or call, when that is all there is).", example="p2: all-in"),
        ),
        when=_bet_when,
    ),
    Move(
        name="pool",
        words=("pool",),
        forms=(),  # a player's `pool` is answered by the session (R-READ-4); a journal written before that replays it here
        when=_pool_when,
    ),
)


STATUS_WORDS = (
    "status",
    "pool",
    "my pool",
    "cards",
    "my cards",
    "hand",
    "my hand",
)  # a player's own view, answered by the session (R-READ-4)
MEANINGFUL = "|"  # between a division's piles: Discord's marks made of them are set aside only around a whole line (R-READ-1)
