"""Devil's Deal as a `Game`: announcements, host views, help, rulings and completion.

No announcement marked public ever names a private card before its reveal: the picks go to
the host and to the player alone, and the pools posted publicly are the pools as the other
player knows them (a card discarded unrevealed is still listed, and counted as gone).
"""

from __future__ import annotations

from typing import Any

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.games.devilsdeal import cards as C
from umpire.games.devilsdeal import rules
from umpire.games.devilsdeal.config import SETTINGS, configure, validate
from umpire.games.devilsdeal.divisions import best_for
from umpire.games.devilsdeal.hands import describe
from umpire.games.devilsdeal.state import Ask, Bet, Break, Discard, Divide, Pick, State, Take, waiting
from umpire.games.legacy import HOST, Announcement, Event, HelpItem, ModuleGame, Setup, View


def _n(name: str) -> str:
    return chat.bold(chat.safe(name))


def _code(cards: list[str] | str) -> str:
    text = cards if isinstance(cards, str) else " ".join(cards)
    return chat.code(text or "none")


def _chips(n: int) -> str:
    return f"{n} chip{'s' if n != 1 else ''}"


def _stacks(chips: dict[str, int]) -> str:
    return " · ".join(f"{chat.safe(p)} {c}" for p, c in chips.items())


def _pools(pools: dict[str, Any]) -> str:
    lines = []
    for p, v in pools.items():
        line = f"{_n(p)} ({v['held']}): {_code(v['cards'])}"
        if v["unknown_gone"]:
            k = v["unknown_gone"]
            line += f" — {k} of these {'was' if k == 1 else 'were'} discarded unrevealed"
        lines.append(line)
    return "\n".join(lines)


class DevilsDeal(ModuleGame):
    """Devil's Deal — the Death Match (2 players)."""

    rules = rules

    key = "devils-deal"
    title = "Devil's Deal"
    players = (2, 2)
    settings = SETTINGS
    doc = "docs/devils-deal.md"

    # -- rules

    def start(self, setup: Setup) -> State:
        return rules.initial(configure(setup.roster, setup.settings, setup.streams))

    def validate(self, settings: dict[str, Any]) -> list[tuple[str, str]]:
        return validate(settings)

    # -- text

    def announce(self, state: State, event: Event) -> list[Announcement]:
        d = event.data
        k = event.kind
        texts = getattr(self, f"_text_{k}", None)
        if texts is None:
            return [Announcement(text=f"{k}: {d}", audience=event.audience)]
        out = texts(state, d)
        if isinstance(out, str):
            return [Announcement(text=out, audience=event.audience)]
        return [Announcement(text=t, audience=a or event.audience) for t, a in out]

    def _text_pools_dealt(self, state: State, d: dict[str, Any]) -> str:
        lines = ["🃏 **Devil's Deal — the starting pools** (both from one fresh deck):"]
        lines += [f"{_n(p)}: {_code(cards)} · {_chips(d['chips'][p])}" for p, cards in d["pools"].items()]
        lines.append(f"{_n(d['chooser'])} holds the Advantage and chooses who starts round 1.")
        return "\n".join(lines)

    def _text_starter_chosen(self, state: State, d: dict[str, Any]) -> str:
        return f"{_n(d['chooser'])} chooses {_n(d['starter'])} to start round 1."

    def _text_round_started(self, state: State, d: dict[str, Any]) -> str:
        return "\n".join(
            [
                f"⚔️ **Round {d['round']}** — {_n(d['starter'])} starts.",
                f"Chips: {_stacks(d['chips'])}",
                _pools(d["pools"]),
            ]
        )

    def _text_refill_asked(self, state: State, d: dict[str, Any]) -> str:
        again = " again" if d["again"] else ""
        return (
            f"🔄 {_n(d['player'])}: refill{again}? `yes` or `no` — {d['seconds']} s "
            f"(a refill costs {_chips(d['cost'])}; you have {d['chips']}; no answer = no)."
        )

    def _text_refill_skipped(self, state: State, d: dict[str, Any]) -> str:
        return f"{_n(d['player'])} has {_chips(d['chips'])}: too few to refill ({d['cost']} needed)."

    def _text_refill_declined(self, state: State, d: dict[str, Any]) -> str:
        if d["auto"]:
            return f"⏰ {_n(d['player'])} did not answer in time: no refill."
        return f"{_n(d['player'])}: no refill."

    def _text_refill_offered(self, state: State, d: dict[str, Any]) -> str:
        return (
            f"🎴 {_n(d['player'])} refills (−{d['cost']} → {_chips(d['chips'])}). The {len(d['cards'])} cards:\n"
            f"{_code(d['cards'])}\n"
            f"Divide them into piles of equal sum and mark one pile set aside — {d['seconds']} s. "
            "The last valid division counts; none at the deadline sets every card aside."
        )

    def _text_division_noted(self, state: State, d: dict[str, Any]) -> str:
        who = chat.safe(d["player"])
        head = f"{who}'s division" + (f" so far ({d['lines']} line{'s' if d['lines'] != 1 else ''})" if d["draft"] else "")
        if d["incomplete"]:
            return f"{head}: {d['division']} — no pile marked set aside yet"
        if d["valid"]:
            verdict = f"✓ valid: takes {len(d['takes'])} ({' '.join(d['takes']) or 'none'})"
        else:
            verdict = "✗ not valid: " + "; ".join(d["problems"])
            if d["in_force"] is None:
                verdict += ". Nothing valid is in force: every card is set aside at the deadline."
            else:
                verdict += f". In force: {d['in_force']} (from {fmt_clock(d['in_force_since'] or 0)})."
        return f"{head}: {d['division']} — {verdict}"

    def _text_division_locked(self, state: State, d: dict[str, Any]) -> str:
        who = _n(d["player"])
        early = " (locked early)" if d["early"] else ""
        div = d["division"]
        if div is None:
            return f"🔒 {who} has no valid division{early}: every card is set aside: {_code(d['set_aside'])}"
        piles = " · ".join(_code(p) for p in div["piles"])
        lines = [f"🔒 {who}'s division{early}, piles of {div['sum']}: {piles} — set aside: {_code(div['aside_pile'])}"]
        if div["unused"]:
            lines[0] += f", unused: {_code(div['unused'])}"
        lines.append(f"{who} takes {len(d['taken'])}: {_code(d['taken'])} (pool: {d['pool_size']} cards).")
        return "\n".join(lines)

    def _text_discard_asked(self, state: State, d: dict[str, Any]) -> str:
        return (
            f"✂️ {_n(d['player'])} holds {d['held']} cards: discard {d['count']} (limit {d['limit']}) — {d['seconds']} s "
            "(no answer: the newest cards go)."
        )

    def _text_discarded(self, state: State, d: dict[str, Any]) -> str:
        if d["auto"]:
            return (
                f"⏰ {_n(d['player'])} did not discard in time: {_code(d['cards'])} discarded (the newest cards; pool: {d['pool_size']})."
            )
        return f"{_n(d['player'])} discards {_code(d['cards'])} (pool: {d['pool_size']})."

    def _text_take_asked(self, state: State, d: dict[str, Any]) -> str:
        return (
            f"🎁 {_n(d['player'])}: take one card {chat.safe(d['from'])} set aside, free, or `none` — {d['seconds']} s: {_code(d['cards'])}"
        )

    def _text_took(self, state: State, d: dict[str, Any]) -> str:
        if d["card"] is None:
            if d["auto"]:
                return f"⏰ {_n(d['player'])} did not answer in time: no card taken."
            return f"{_n(d['player'])} takes none."
        return f"{_n(d['player'])} takes {_code(d['card'])} (pool: {d['pool_size']})."

    def _text_poker_started(self, state: State, d: dict[str, Any]) -> str:
        return (
            f"🂠 **Poker, round {d['round']}.** Community card: {_code(d['community'])}\n"
            f"Choose your two private cards in your table channel — first and second, different from each other "
            f"and from {_code(d['community'])} — {d['seconds']} s."
        )

    def _text_picked(self, state: State, d: dict[str, Any]) -> str:
        was = f" (was {' '.join(d['replaces'])})" if "replaces" in d else ""
        wait = f" Still to choose: {', '.join(d['waiting'])}." if d["waiting"] else ""
        return f"{chat.safe(d['player'])} picks first {d['first']}, second {d['second']}{was} → with {d['community']}: {d['hand']}.{wait}"

    def _text_pick_confirmed(self, state: State, d: dict[str, Any]) -> str:
        return (
            f"Your private cards: first {_code(d['first'])}, second {_code(d['second'])} — with the community card "
            f"{_code(d['community'])}: {d['hand']}. You can change them until both players have chosen."
        )

    def _text_ante_paid(self, state: State, d: dict[str, Any]) -> str:
        return f"💰 Both pay the ante of {d['ante']}; {_chips(d['removed'])} leaves the pot. Pot: {d['pot']}. Chips: {_stacks(d['chips'])}"

    def _text_betting_started(self, state: State, d: dict[str, Any]) -> str:
        return (
            f"🎲 **Betting round {d['betting']}** — {_n(d['to_act'])} first: `call` ({_chips(d['opening_bet'])}), "
            f"`raise N` or `fold` — {d['seconds']} s. Pot: {d['pot']}."
        )

    def _text_betting_skipped(self, state: State, d: dict[str, Any]) -> str:
        who = " and ".join(_n(p) for p in d["broke"])
        return f"{who} {'has' if len(d['broke']) == 1 else 'have'} no chips: no betting round {d['betting']} (nobody bets or folds)."

    def _text_bet(self, state: State, d: dict[str, Any]) -> str:
        who = _n(d["player"])
        bets = " · ".join(f"{chat.safe(p)} {b}" for p, b in d["bets"].items())
        if d["action"] == "call":
            text = f"{who} calls all-in with {_chips(d['put'])}" if d["all_in"] else f"{who} calls {d['put']}"
            for p, back in d["returned"].items():
                text += f"; {back} of {chat.safe(p)}'s bet {'goes' if back == 1 else 'go'} back"
            return f"{text} (bets: {bets}). Pot: {d['pot']}."
        text = f"{who} calls: bets {d['put']}" if d["action"] == "open" else f"{who} raises {d['raise']} (puts in {d['put']})"
        nxt = _n(d["next"])
        return f"{text}. Bets: {bets}. {nxt}: `call` {d['to_call']}, `raise N` or `fold` — {d['seconds']} s."

    def _text_revealed(self, state: State, d: dict[str, Any]) -> str:
        shown = " · ".join(f"{_n(p)} {_code(c)}" for p, c in d["cards"].items())
        return f"👁 {d['which'].capitalize()} private cards: {shown} (community {_code(d['community'])})."

    def _text_folded(self, state: State, d: dict[str, Any]) -> str:
        who, other = _n(d["player"]), _n(d["winner"])
        head = f"⏰ {who} did not bet in time: fold." if d["auto"] else f"🏳 {who} folds."
        lines = [f"{head} {other} takes the pot ({_chips(d['pot'])}). Unrevealed cards stay hidden."]
        if d["cannot_pay"]:
            lines.append(f"{who} folded a high-card hand and cannot pay the penalty.")
        elif d["high_card"]:
            lines.append(f"{who} folded a high-card hand: pays {_chips(d['penalty'])} to {other}.")
        lines.append(f"Chips: {_stacks(d['chips'])}")
        return "\n".join(lines)

    def _text_showdown(self, state: State, d: dict[str, Any]) -> str:
        lines = [f"🃏 **Showdown** (community {_code(d['community'])}):"]
        lines += [f"{_n(p)}: {_code(h['cards'])} — {h['hand']}" for p, h in d["hands"].items()]
        if d["winner"] is not None:
            lines.append(f"{_n(d['winner'])} wins the pot of {d['pot']}: {d['why']}.")
        else:
            back = " · ".join(f"{chat.safe(p)} {v}" for p, v in d["payouts"].items())
            lines.append(f"A tie ({d['why']}): each takes back their bets and ante share ({back}); {_chips(d['removed'])} leaves the game.")
        lines.append(f"Chips: {_stacks(d['chips'])}")
        return "\n".join(lines)

    def _text_round_over(self, state: State, d: dict[str, Any]) -> str:
        if d["winner"] is None:
            head = f"**Round {d['round']} is over** (a tie) — {_n(d['next_starter'])} starts round {d['round'] + 1}."
        else:
            head = f"**Round {d['round']} is over** — {_n(d['winner'])} won it and starts round {d['round'] + 1}."
        return "\n".join(
            [head, f"Chips: {_stacks(d['chips'])}", _pools(d["pools"]), f"Round {d['round'] + 1} begins in {d['break_seconds']} s."]
        )

    def _text_game_over(self, state: State, d: dict[str, Any]) -> str:
        return f"🏆 **{chat.safe(d['winner'])} wins Devil's Deal**: {chat.safe(d['reason'])}.\nChips: {_stacks(d['chips'])}"

    def _text_reminder(self, state: State, d: dict[str, Any]) -> list[tuple[str, str | None]]:
        s = d["seconds"]
        what = d["what"]
        who = _n(d["player"]) if d.get("player") else ""
        if what == "answer":
            return [(f"⏳ {who}: {s} s to answer “refill?” (no answer = no).", None)]
        if what == "division":
            host = "a valid division is in force" if d["valid"] else "no valid division yet: every card would be set aside"
            return [(f"⏳ {who}: {s} s left to divide.", None), (f"{chat.safe(d['player'])}: {host}", HOST)]
        if what == "discard":
            return [(f"⏳ {who}: {s} s to discard {d['count']} (then the newest cards go).", None)]
        if what == "take":
            return [(f"⏳ {who}: {s} s to take a set-aside card (no answer = none).", None)]
        if what == "pick":
            out: list[tuple[str, str | None]] = [(f"⏳ {s} s left to choose private cards (no choice = that player loses).", None)]
            if d["waiting"]:
                # Who has not chosen is for the host only: it would tell a player the other has.
                out.append(("Still to choose: " + ", ".join(d["waiting"]), HOST))
            return out
        return [(f"⏳ {who}: {s} s to bet (no bet = fold).", None)]

    def _text_pool_shown(self, state: State, d: dict[str, Any]) -> str:
        text = f"Your pool ({len(d['pool'])}): {_code(d['pool'])} · {_chips(d['chips'])}"
        if "private" in d:
            text += f" · private cards this round: first {_code(d['private'][0])}, second {_code(d['private'][1])}"
        return text

    # -- data

    def final(self, state: State, now: int) -> dict[str, Any]:
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
        if state.revealed and state.picks[0] is not None and state.picks[1] is not None:
            revealed = {names[i]: C.name_list((state.picks[i] or (0, 0))[: state.revealed]) for i in range(2)}
        return {
            "game_key": self.key,
            "players": players,
            "round": state.round,
            "starting_player": names[state.starter] if state.phase in ("play", "over") else None,
            "phase": state.phase,
            "waiting": waiting(state, now),
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

    def views(self, state: State, now: int) -> dict[str, View]:
        names = state.cfg.names
        rows = []
        for i, s in enumerate(state.seats):
            pick = state.picks[i]
            private = "—" if pick is None else f"{C.name(pick[0])} {C.name(pick[1])}"
            gone = f" (+{s.hidden} gone unrevealed)" if s.hidden else ""
            rows.append((names[i], str(s.chips), str(len(s.pool)), C.names(s.pool) + gone, private))
        chips = {names[i]: state.seats[i].chips for i in range(2)}
        pools = {
            names[i]: {"cards": C.name_list(C.ordered(s.seen)), "held": len(s.pool), "unknown_gone": s.hidden}
            for i, s in enumerate(state.seats)
        }
        status_chat = f"**Devil's Deal — round {state.round}**" if state.round else "**Devil's Deal**"
        if isinstance(state.step, Break):
            status_chat = f"**Devil's Deal — after round {state.round}** · {chat.safe(names[state.starter])} starts round {state.round + 1}"
        elif state.phase == "play":
            status_chat += f" · {chat.safe(names[state.starter])} starts"
        status_chat += f"\nChips: {_stacks(chips)}\n{_pools(pools)}"
        notes = [f"pot {state.pot} · chips out of the game {state.removed} · total {state.in_play() + state.removed}"]
        return {
            "status": View(
                title=f"Devil's Deal — round {state.round} — {waiting(state, now)}",
                columns=("player", "chips", "held", "pool (host view)", "private (host only)"),
                rows=tuple(rows),
                chat=status_chat,
                notes=tuple(notes),
            ),
            "board": self._board(state, now),
            "division": self._division_view(state),
        }

    def _board(self, state: State, now: int) -> View:
        names = state.cfg.names
        if state.community is None:
            return View(title="The poker table", notes=("no poker step is under way",))
        rows = []
        step = state.step
        public: list[str] = [f"🂠 Community card: {_code(C.name(state.community))}"]
        for i in range(2):
            pick = state.picks[i]
            shown = C.name_list(pick[: state.revealed]) if pick else []
            bet = str(step.bets[i]) if isinstance(step, Bet) else "—"
            hand = describe((state.community, *pick)) if pick else "—"
            rows.append((names[i], " ".join(shown) or "—", "—" if pick is None else f"{C.name(pick[0])} {C.name(pick[1])}", hand, bet))
            public.append(f"{_n(names[i])}: shown {_code(shown)}" + (f" · bet {bet}" if isinstance(step, Bet) else ""))
        public.append(f"Pot: {state.pot}")
        return View(
            title=f"The poker table, round {state.round} — {waiting(state, now)} (the chat text shows only what is revealed)",
            columns=("player", "revealed", "private (host only)", "hand (host only)", "bet this round"),
            rows=tuple(rows),
            chat="\n".join(public),
            notes=(f"pot {state.pot}",),
        )

    def _division_view(self, state: State) -> View:
        step = state.step
        if not isinstance(step, Divide):
            return View(title="Division", notes=("no refill is being divided",))
        best = best_for(step.offer, state.cfg.min_pile)
        notes = [f"offered: {C.names(step.offer)}"]
        if step.division is None:
            notes.append("in force: nothing valid (every card is set aside at the deadline)")
        else:
            notes.append(f"in force: {step.division.text()} — takes {len(step.division.taken(step.offer))}")
        if step.draft:
            notes.append(f"lines of the last message: {len(step.draft)}")
        if best is None:
            notes.append("best possible: no division takes any card")
        else:
            notes.append(f"best possible (host only — do not post): {best.text()} — takes {len(best.taken(step.offer))}")
        return View(title=f"{state.cfg.names[step.seat]}'s refill {step.number}", notes=tuple(notes))

    def toolbar(self, state: State, now: int) -> str:
        names = state.cfg.names
        chips = " · ".join(f"{names[i]} {state.seats[i].chips}" for i in range(2))
        pot = f" · pot {state.pot}" if state.pot else ""
        head = f"Devil's Deal · round {state.round}" if state.round else "Devil's Deal"
        return f"{head} · {waiting(state, now)} · chips {chips}{pot}"

    def help(self) -> list[HelpItem]:
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
                what="A division on one line: piles separated by |, the set-aside pile marked “aside” (or “x”); "
                "“unused …” lists unused cards (optional). Checked at once; the last valid one counts.",
                example="p1: B9 G5 | G8 B6 | R2 R3 B3 G6 | aside G2 B5 R7",
            ),
            HelpItem(
                syntax="PILE (one a line)",
                what="A division written one pile a line, as a pasted message: lines at the same moment are one division.",
                example="p1: aside G2 B5 R7",
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
            HelpItem(
                syntax="division",
                what="The refill being divided: the division in force and the best possible one (host only).",
                example="division",
                who="host",
            ),
        ]

    def rulings(self, settings: dict[str, Any]) -> list[str]:
        s = settings
        order = " > ".join(s["hand_order"])
        tie = (
            'R-DD-1: after a tied showdown the starting player stays (tied_round_starter = "stays").'
            if s["tied_round_starter"] == "stays"
            else 'R-DD-1 changed: after a tied showdown the other player starts the next round (tied_round_starter = "switches").'
        )
        return [
            f"{s['advantage']} holds the Advantage (advantage): after the starting pools ({s['starting_pool']} cards each, starting_pool) are posted, chooses who starts round 1; the winner of each poker step starts the next round.",
            f"Chips: {s['starting_chips']} each (starting_chips); pool limit {s['pool_limit']} (pool_limit), discards public.",
            tie,
            f"R-DD-2: a refill costs {s['refill_cost']} chips (refill_cost), which leave the game; “yes” with fewer chips is refused, and a player who cannot pay is not asked.",
            f"Refills show {s['refill_cards']} different cards from a fresh deck (refill_cards), in the order dealt.",
            f"R-DD-3: every pile of a division holds at least {s['min_pile_cards']} card{'s' if s['min_pile_cards'] != 1 else ''} (min_pile_cards), so the set-aside pile is never empty.",
            "Divisions: checked at each submission; an invalid one on one line is refused and the last valid one stays in force; none valid at the deadline sets every card aside. A message written one pile a line is one division (lines at the same moment); `done` locks early.",
            "The refiller discards first (if over the limit), then the opponent may take one set-aside card, then discards if over the limit; then the refiller is asked “refill again?”.",
            f"R-DD-4: hands rank {order} (hand_order); straights do not wrap; ties compare numbers high to low (a pair first by its number, then the kicker); colours never break ties.",
            f"Ante {s['ante']} each (ante), then {s['pot_removed']} chip leaves the pot (pot_removed).",
            f"R-DD-5: no checking; the starting player bets first in both betting rounds; `call` matches, or bets {s['opening_bet']} when nobody has bet (opening_bet); `raise N` matches and adds N ≥ {s['min_raise']} (min_raise); a call of a bet ends the round; a player short of a call is all-in and the excess goes back; a player with 0 chips at a betting round's start skips it (no bets, no fold); no raise against a player with no chips left.",
            f"R-DD-6: folding a high-card hand (judged on all three cards, unrevealed ones too) costs {s['fold_penalty']} chips to the opponent (fold_penalty); a player who cannot pay loses.",
            f"R-DD-7: on a tied showdown each player takes back their bets and {s['tie_ante_back']} ante chip (tie_ante_back); the rest of the pot leaves the game.",
            "Loss conditions, in the order a round reaches them: cannot pick two private cards (also: no choice by the deadline); cannot pay the ante; cannot pay the fold penalty. Both failing the same one: the starting player loses. A player with 0 chips is not out until one of these happens.",
            f"R-DD-8: {s['answer_seconds']} s to answer “refill?” (answer_seconds; no answer = no), {s['division_seconds']} s to divide (division_seconds), {s['take_seconds']} s to take a set-aside card (take_seconds; no answer = none), {s['discard_seconds']} s to discard (discard_seconds; no answer = the newest cards go, last taken first), {s['pick_seconds']} s to pick private cards (pick_seconds; no pick = cannot form a hand), {s['bet_seconds']} s per bet (bet_seconds; no bet = fold), {s['break_seconds']} s break between rounds (break_seconds; the next round starts by itself).",
            f"Reminders at {_secs(s['short_reminders'])} left on a 20-second decision (short_reminders) and {_secs(s['long_reminders'])} left on a division or pick (long_reminders).",
            "Information: pools, refills, takes, discards and chips are public; private cards only when revealed. A card discarded unrevealed stays listed in the public pool, counted as gone.",
        ]

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        names = list(state.cfg.names)
        if actor is None:
            if not words:
                return ["start", "first", "division"]
            return names if words[0].casefold() == "first" and len(words) == 1 else []
        step = state.step
        lowered = [w.casefold() for w in words]
        if state.phase == "choose":
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
