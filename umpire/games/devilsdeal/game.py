"""Devil's Deal as a `Game`: the rules (rules.py), the renderers (render.py), host views, help,
rulings and completion.

Every event says who may see it (events.py): the picks go to the host and to the player alone,
`pool` answers the player alone, and the public texts never name a private card before its
reveal. Host views are built only when asked for; the best division of an offer is computed
once per offer (divisions.best_for).
"""

from __future__ import annotations

from collections.abc import Sequence

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.core.settings import Settings
from umpire.games.base import JSON, Event, HelpItem, LegacyGame, Resolve, Setup, View, ViewDef
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal import rules
from umpire.games.devilsdeal.commands import LOCK_WORDS, Command, parse
from umpire.games.devilsdeal.config import SETTINGS, configure, validate
from umpire.games.devilsdeal.divisions import best_for
from umpire.games.devilsdeal.events import EVENTS
from umpire.games.devilsdeal.hands import describe
from umpire.games.devilsdeal.render import RENDER, code, name, pools, stacks
from umpire.games.devilsdeal.state import Ask, Bet, Break, Discard, Divide, Phase, Pick, State, Take, pools_json, waiting

# ---------------------------------------------------------------- host views


def _status(state: State, now: int, args: Sequence[str]) -> View:
    """Chips, pools (the host's table shows every card and the private ones), pot and what is awaited."""
    names = state.cfg.names
    rows = []
    for i, s in enumerate(state.seats):
        pick = state.pick(i)
        private = "—" if pick is None else f"{C.name(pick[0])} {C.name(pick[1])}"
        gone = f" (+{s.hidden} gone unrevealed)" if s.hidden else ""
        rows.append((names[i], str(s.chips), str(len(s.pool)), C.names(s.pool) + gone, private))
    chips = {names[i]: state.seats[i].chips for i in range(2)}
    status_chat = f"**Devil's Deal — round {state.round}**" if state.round else "**Devil's Deal**"
    if isinstance(state.step, Break):
        status_chat = f"**Devil's Deal — after round {state.round}** · {chat.safe(names[state.starter])} starts round {state.round + 1}"
    elif state.phase is Phase.PLAY:
        status_chat += f" · {chat.safe(names[state.starter])} starts"
    status_chat += f"\nChips: {stacks(chips)}\n{pools(pools_json(state))}"
    notes = [f"pot {state.pot} · chips out of the game {state.removed} · total {state.in_play() + state.removed}"]
    return View(
        title=f"Devil's Deal — round {state.round} — {waiting(state, now, host=True)}",
        columns=("player", "chips", "held", "pool (host view)", "private (host only)"),
        rows=tuple(rows),
        chat=status_chat,
        notes=tuple(notes),
    )


def _board(state: State, now: int, args: Sequence[str]) -> View:
    """The poker table: the host's table shows the private cards; its chat text only what is revealed."""
    names = state.cfg.names
    if state.community is None:
        return View(title="The poker table", notes=("no poker step is under way",))
    rows = []
    step = state.step
    public: list[str] = [f"🂠 Community card: {code(C.name(state.community))}"]
    for i in range(2):
        pick = state.pick(i)
        shown = C.name_list(pick[: state.revealed]) if pick else []
        bet = str(step.bets[i]) if isinstance(step, Bet) else "—"
        hand = describe((state.community, *pick)) if pick else "—"
        rows.append((names[i], " ".join(shown) or "—", "—" if pick is None else f"{C.name(pick[0])} {C.name(pick[1])}", hand, bet))
        public.append(f"{name(names[i])}: shown {code(shown)}" + (f" · bet {bet}" if isinstance(step, Bet) else ""))
    public.append(f"Pot: {state.pot}")
    return View(
        title=f"The poker table, round {state.round} — {waiting(state, now, host=True)} (the chat text shows only what is revealed)",
        columns=("player", "revealed", "private (host only)", "hand (host only)", "bet this round"),
        rows=tuple(rows),
        chat="\n".join(public),
        notes=(f"pot {state.pot}",),
    )


def _division(state: State, now: int, args: Sequence[str]) -> View:
    """The refill being divided: the division in force and the best possible one (host only)."""
    step = state.step
    if not isinstance(step, Divide):
        return View(title="Division", notes=("no refill is being divided",))
    best = best_for(step.offer, state.cfg.min_pile)
    notes = [f"offered: {C.names(step.offer)}"]
    if step.division is None:
        notes.append("in force: nothing valid (every card is set aside at the deadline)")
    else:
        notes.append(f"in force since {fmt_clock(step.since or 0)}: {step.division.text()} — takes {len(step.division.taken(step.offer))}")
    if best is None:
        notes.append("best possible: no division takes any card")
    else:
        notes.append(f"best possible (host only — do not post): {best.text()} — takes {len(best.taken(step.offer))}")
    return View(title=f"{state.cfg.names[step.seat]}'s refill {step.number}", notes=tuple(notes))


_VIEWS: tuple[ViewDef[State], ...] = (
    ViewDef(
        name="status", what="Chips, pools, pot and what the game is waiting for (the table shows private cards: host only).", build=_status
    ),
    ViewDef(name="board", what="The poker table: the community card, what is revealed, the bets (private cards: host only).", build=_board),
    ViewDef(
        name="division",
        what="The refill being divided: the division in force and the best possible one (host only).",
        build=_division,
    ),
)


class DevilsDeal(LegacyGame[State, Command]):
    """Devil's Deal — the Death Match (2 players)."""

    key = "devils-deal"
    title = "Devil's Deal"
    players = (2, 2)
    settings = SETTINGS
    doc = "docs/devils-deal.md"
    events = EVENTS
    renderers = RENDER

    # -- rules

    def start(self, setup: Setup) -> State:
        """The Death Match before the host deals the pools."""
        return rules.initial(configure(setup))

    def validate(self, settings: Settings) -> list[tuple[str, str]]:
        """Settings that do not fit together, and reminders that would come after their deadline."""
        return validate(settings)

    def parse(self, state: State, actor: int | None, text: str, resolve: Resolve) -> Command:
        """Read one line from a player or the host."""
        return parse(state, actor, text, resolve)

    def message(self, state: State, actor: int | None, lines: Sequence[str]) -> list[str]:
        """A message of several lines from the player dividing a refill is one division written a pile a
        line (R-DD-11): one input, its lines joined. A `done` on the message's last line locks it after.
        Any other message: each line on its own."""
        step = state.step
        written = [line for line in lines if line.strip()]
        if not (isinstance(step, Divide) and step.seat == actor) or len(written) < 2:
            return list(lines)
        locks: list[str] = []
        while written and " ".join(written[-1].split()).casefold() in LOCK_WORDS:
            locks.insert(0, written.pop())
        return (["\n".join(written)] if written else []) + locks

    def apply(self, state: State, command: Command, now: int) -> tuple[State, list[Event]]:
        """Judge one command."""
        return rules.apply(state, command, now)

    def next_due(self, state: State) -> int | None:
        """When the decision under way next has a reminder or passes its deadline."""
        return rules.next_due(state)

    def on_due(self, state: State, now: int) -> tuple[State, list[Event]]:
        """Give the reminder, or apply the deadline."""
        return rules.on_due(state, now)

    def is_over(self, state: State) -> bool:
        """Whether the Death Match has ended."""
        return state.over

    # -- data

    def final(self, state: State, now: int) -> dict[str, JSON]:
        """The whole state as JSON data."""
        names = state.cfg.names
        players = {}
        for i, s in enumerate(state.seats):
            players[names[i]] = {
                "chips": s.chips,
                "pool": C.name_list(s.pool),
                "pool_public": C.name_list(C.ordered(s.seen)),
                "unknown_gone": s.hidden,
            }
        step = state.step
        betting = None
        if isinstance(step, Bet):
            betting = {"round": step.number, "bets": {names[i]: step.bets[i] for i in range(2)}, "to_act": names[step.to_act]}
        revealed: dict[str, list[str]] = {}
        picks = (state.pick(0), state.pick(1))
        if state.revealed and picks[0] is not None and picks[1] is not None:
            revealed = {names[i]: C.name_list((picks[i] or (0, 0))[: state.revealed]) for i in range(2)}
        return {
            "game_key": self.key,
            "players": players,
            "round": state.round,
            "starting_player": names[state.starter] if state.phase in (Phase.PLAY, Phase.OVER) else None,
            "phase": state.phase.value,
            "waiting": waiting(state, now, host=True),
            "community": C.name(state.community) if state.community is not None else None,
            "revealed": revealed,
            "pot": state.pot,
            "betting": betting,
            "chips_out": state.removed,
            "winner": names[state.winner] if state.winner is not None else None,
            "result": state.result or None,
            "over": state.over,
            "cards": [
                {
                    "round": e.round,
                    "t": e.t,
                    "event": e.what,
                    "player": names[e.seat] if e.seat is not None else None,
                    "cards": C.name_list(e.cards),
                }
                for e in state.log
            ],
        }

    def views(self) -> Sequence[ViewDef[State]]:
        """status, board and division: each built only when the host asks."""
        return _VIEWS

    def toolbar(self, state: State, now: int) -> str:
        """Round, what is awaited with its clock, chips and pot."""
        names = state.cfg.names
        chips = " · ".join(f"{names[i]} {state.seats[i].chips}" for i in range(2))
        pot = f" · pot {state.pot}" if state.pot else ""
        head = f"Devil's Deal · round {state.round}" if state.round else "Devil's Deal"
        return f"{head} · {waiting(state, now, host=True)} · chips {chips}{pot}"

    def help(self) -> list[HelpItem]:
        """The players' commands and the host's `start`, with examples."""
        return [
            HelpItem(syntax="start", what="Deal and post the two starting pools (from one fresh deck).", example="start", who="host"),
            HelpItem(
                syntax="first NAME",
                what="The Advantage holder chooses who starts round 1 (player or host may type it); round 1 begins at once.",
                example="p2: first p1",
            ),
            HelpItem(syntax="yes / no", what="Answer “refill?” (a refill costs 5 chips; no answer in 20 s = no).", example="p1: yes"),
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
            HelpItem(syntax="done", what="The dividing player locks the division in force now (instead of waiting).", example="p1: done"),
            HelpItem(syntax="take CARD / none", what="Take one card the other player set aside, free.", example="p2: take G1"),
            HelpItem(syntax="discard CARDS", what="Discard down to the pool limit (discards are public).", example="p1: discard R5 G6 B1"),
            HelpItem(
                syntax="pick FIRST SECOND",
                what="Private cards for the round, first then second (privately; changeable until both have chosen).",
                example="p1: pick R5 G6",
            ),
            HelpItem(syntax="call", what="Match the bet (when nobody has bet: bet 1).", example="p1: call"),
            HelpItem(syntax="raise N", what="Match the bet, then N more (N at least 1).", example="p2: raise 3"),
            HelpItem(syntax="fold", what="Give up the round (with a high-card hand: pay 2 chips too).", example="p1: fold"),
            HelpItem(syntax="all-in", what="Raise with every chip (or call, when that is all there is).", example="p2: all-in"),
            HelpItem(syntax="pool", what="A player's own pool and chips, sent to them privately.", example="p1: pool"),
        ]

    def rulings(self, settings: Settings) -> list[str]:
        """The house rulings in force, each naming its key (R-DD-…) and setting."""
        s = settings
        order = " > ".join(s.texts("hand_order"))
        tie = (
            'R-DD-1: after a tied showdown the starting player stays (tied_round_starter = "stays").'
            if s["tied_round_starter"] == "stays"
            else 'R-DD-1 changed: after a tied showdown the other player starts the next round (tied_round_starter = "switches").'
        )
        return [
            f"R-DD-12: the host deals with `start`; {s['advantage']} holds the Advantage (advantage): after the starting pools ({s['starting_pool']} cards each, starting_pool) are posted, chooses who starts round 1 (no timer; the chooser may write “first me”); the winner of each poker step starts the next round.",
            f"Chips: {s['starting_chips']} each (starting_chips); pool limit {s['pool_limit']} (pool_limit), discards public.",
            tie,
            f"R-DD-2: a refill costs {s['refill_cost']} chips (refill_cost), which leave the game; “yes” with fewer chips is refused, and a player who cannot pay is not asked.",
            f"Refills show {s['refill_cards']} different cards from a fresh deck (refill_cards), in the order dealt.",
            f"R-DD-3: every pile of a division holds at least {s['min_pile_cards']} card{'s' if s['min_pile_cards'] != 1 else ''} (min_pile_cards), so the set-aside pile is never empty.",
            "R-DD-9: the card's recommended form: when no pile is marked set aside and a group listed as unused has the piles' sum, that group is the set-aside pile (the first such, other groups stay unused); with another sum its cards are unused and a pile must be marked.",
            "R-DD-10: a submission that takes no card does not replace a division in force that takes cards unless it ends with “confirm”: it is refused, saying so.",
            "R-DD-11: reading a division: one chat message is one submission, and messages are never merged (whatever the clock says). On one line, “|” separates piles, and with no “|” commas do; a message of several lines is one division written a pile a line, where commas separate cards (a last line “done” locks it after). “aside”/“x”/“unused” belong at the start or end of a pile, anywhere else the submission is refused with its reading spelled out; several groups marked unused with no pile marked: the first with the piles' sum is the set-aside pile, the rest unused (R-DD-9).",
            "R-DD-13: each submission is checked whole when it comes: a valid one is the division in force, one that is not valid is refused with every reason and how it was read, and the last valid one stays in force; none valid at the deadline sets every card aside; `done` locks the division in force early.",
            "R-DD-14: after a refill the refiller discards first (if over the limit), then the opponent may take one set-aside card, then discards if over the limit; then the refiller is asked “refill again?”. A discard deadline discards the newest cards (those just taken, last offered first), then the pool from its end.",
            f"R-DD-4: hands rank {order} (hand_order); straights do not wrap; ties compare numbers high to low (a pair first by its number, then the kicker); colours never break ties.",
            f"Ante {s['ante']} each (ante), then {s['pot_removed']} chip leaves the pot (pot_removed).",
            f"R-DD-5: no checking; the starting player bets first in both betting rounds; `call` matches, or bets {s['opening_bet']} when nobody has bet (opening_bet); `raise N` matches and adds N ≥ {s['min_raise']} (min_raise); a call of a bet ends the round; a player short of a call is all-in and the excess goes back; a player with 0 chips at a betting round's start skips it (no bets, no fold); no raise against a player with no chips left.",
            f"R-DD-6: folding a high-card hand (judged on all three cards, unrevealed ones too) costs {s['fold_penalty']} chips to the opponent (fold_penalty); a player who cannot pay loses.",
            f"R-DD-7: on a tied showdown each player takes back their bets and {s['tie_ante_back']} ante chip (tie_ante_back); the rest of the pot leaves the game.",
            "R-DD-15: a pick may change until both players have chosen; the step then goes on at once (the receipt says which).",
            "R-DD-16: the only losses, in the order a round reaches them: cannot pick two private cards (also: no choice by the deadline); cannot pay the ante; cannot pay the fold penalty. Both failing the same one: the starting player loses. A player with 0 chips plays on until one of these happens.",
            "R-DD-17: the next round starts by itself when the break ends (the host pauses to hold it).",
            f"R-DD-8: {s['answer_seconds']} s to answer “refill?” (answer_seconds; no answer = no), {s['division_seconds']} s to divide (division_seconds), {s['take_seconds']} s to take a set-aside card (take_seconds; no answer = none), {s['discard_seconds']} s to discard (discard_seconds; no answer = the newest cards go, last taken first), {s['pick_seconds']} s to pick private cards (pick_seconds; no pick = cannot form a hand), {s['bet_seconds']} s per bet (bet_seconds; no bet = fold), {s['break_seconds']} s break between rounds (break_seconds; the next round starts by itself).",
            f"Reminders at {_secs(s.integers('short_reminders'))} left on a 20-second decision (short_reminders) and {_secs(s.integers('long_reminders'))} left on a division or pick (long_reminders).",
            "R-DD-18: information: pools, refills, takes, discards, chips and each round's community card (drawn at the round's start) are public; private cards go to their player and the host until revealed; who has not picked is for the host only (never in a receipt or a refusal); a refusal names only the sender's own pool; a card discarded unrevealed stays listed in the public pool, counted as gone.",
            "Every ruling is explained in docs/rulings.md (Devil's Deal).",
        ]

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        """Words that may come next: what the step under way accepts from this player."""
        names = list(state.cfg.names)
        if actor is None:
            if not words:
                return ["start", "first"]
            return names if words[0].casefold() == "first" and len(words) == 1 else []
        step = state.step
        lowered = [w.casefold() for w in words]
        if state.phase is Phase.CHOOSE:
            return ["first"] if not words else (names + ["me"] if lowered == ["first"] and len(words) == 1 else [])
        if isinstance(step, Ask) and step.seat == actor:
            return ["yes", "no"] if not words else []
        if isinstance(step, Divide) and step.seat == actor:
            used = {C.lookup(w) for w in words}
            return ["aside", "unused", "done", "|", *[C.name(c) for c in step.offer if c not in used]]
        if isinstance(step, Take) and step.seat == actor:
            return (["take", "none"] + C.name_list(step.cards)) if not words else C.name_list(step.cards) if lowered == ["take"] else []
        if isinstance(step, Discard) and step.seat == actor:
            return (["discard"] if not words else []) + C.name_list(dict.fromkeys(state.seats[actor].pool))
        if isinstance(step, Pick):
            pool = [c for c in dict.fromkeys(state.seats[actor].pool) if c != state.community]
            return (["pick"] if not words else []) + [C.name(c) for c in pool if C.name(c).casefold() not in lowered]
        if isinstance(step, Bet) and step.to_act == actor:
            return ["call", "raise", "fold", "all-in"] if not words else []
        return ["pool"] if not words else []


def _secs(values: list[int]) -> str:
    return ", ".join(f"{v} s" for v in values) or "no time"


DEVILS_DEAL = DevilsDeal()
