"""Open, Pass — Heaven and Hell as a `Game`: announcements, views, help and completion."""

from __future__ import annotations

from typing import Any

from umpire.core import chat
from umpire.core.arith import show
from umpire.games.legacy import Announcement, Event, HelpItem, ModuleGame, Setup, View
from umpire.games.openpass import rules
from umpire.games.openpass.config import SETTINGS, configure, validate
from umpire.games.openpass.rules import State, listing


def _n(name: str) -> str:
    return chat.bold(chat.safe(name))


def _cards(cards: list[str]) -> str:
    return " ".join(cards) if cards else "—"


class OpenPass(ModuleGame):
    """Open, Pass — Heaven and Hell."""

    rules = rules

    key = "open-pass"
    title = "Open, Pass — Heaven and Hell"
    players = (2, 30)
    settings = SETTINGS
    doc = "docs/open-pass.md"

    def start(self, setup: Setup) -> State:
        names = tuple(p.name for p in setup.roster)
        return rules.initial(configure(names, setup.streams.seed, setup.settings))

    def validate(self, settings: dict[str, Any]) -> list[tuple[str, str]]:
        return validate(settings)

    def announce(self, state: State, event: Event) -> list[Announcement]:
        d = event.data
        k = event.kind
        if k == "round_opened":
            lines = [f"**Deck building, round {d['round']} of {d['of']}.** The packs:"]
            lines += [f"{p['number']}. {p['name']}: {' '.join(p['cards'])}" for p in d["packs"]]
            lines.append(
                "Submit up to two different packs, privately: `bid 1 4` (or by name). A pack chosen an odd number of times gives a copy to everyone who chose it."
            )
            text = "\n".join(lines)
        elif k in ("bid_set", "bid_confirmed"):
            packs = ", ".join(d["packs"]) or "no pack"
            if k == "bid_confirmed":
                return [
                    Announcement(
                        text=f"Your bid for round {d['round']}: {packs}. You can change it until the round closes.", audience=event.audience
                    )
                ]
            was = "" if d["replaces"] is None else f" (was: {', '.join(d['replaces']) or 'no pack'})"
            waiting = f"; still to bid: {', '.join(d['waiting'])}" if d["waiting"] else "; everyone has bid"
            return [Announcement(text=f"{d['player']} bids {packs}{was}{waiting}", audience=event.audience)]
        elif k == "round_closed":
            lines = [f"**Round {d['round']} results.** Chosen: " + ", ".join(f"{name} ×{c}" for name, c in d["counts"].items())]
            if d["all_odd"]:
                lines.append("Every pack was chosen an odd number of times: such harmony cannot exist, so **nobody gets a pack**.")
            for name, packs in d["received"].items():
                lines.append(f"{_n(name)} receives {', '.join(packs)}")
            if d["pity"]:
                lines.append("Pity cards: " + ", ".join(f"{chat.safe(n)} {c}" for n, c in d["pity"].items()))
            if d["no_bid"]:
                lines.append("No bid from: " + ", ".join(chat.safe(n) for n in d["no_bid"]))
            text = "\n".join(lines)
        elif k == "playing_opened":
            text = (
                f"**Deck building is over: the playing phase begins.** Submit a deck of exactly {d['deck_size']} cards from your collection "
                f"(`deck 9 9 x …`, or `deck all` with fewer than {d['deck_size']} cards: it is padded with /) and a dealer "
                f"(`dealer {d['dealers'][0].lower()}`{''.join(f' or `dealer {x.lower()}`' for x in d['dealers'][1:])})."
            )
        elif k == "trade_offered":
            text = (
                f"🤝 Trade {d['trade']}: {_n(d['giver'])} offers {_n(d['taker'])} {_cards(d['gives'])} for {_cards(d['gets'])}. "
                f"{chat.safe(d['taker'])}: `accept {d['trade']}` or `decline {d['trade']}`."
            )
        elif k == "trade_done":
            text = f"🤝 Trade {d['trade']} done: {_n(d['giver'])} gives {_cards(d['gives'])} and receives {_cards(d['gets'])} from {_n(d['taker'])}."
        elif k == "trade_declined":
            text = f"Trade {d['trade']} declined by {chat.safe(d['taker'])}."
        elif k == "trade_cancelled":
            text = f"Trade {d['trade']} withdrawn by {chat.safe(d['giver'])}."
        elif k in ("deck_set", "deck_confirmed"):
            pad = f" — {d['padded']} {d['pad']} added as padding" if d["padded"] else ""
            if k == "deck_confirmed":
                return [
                    Announcement(
                        text=f"Your deck: {_cards(d['deck'])}{pad}. You can change it until your deal starts.", audience=event.audience
                    )
                ]
            return [Announcement(text=f"{d['player']}'s deck: {_cards(d['deck'])}{pad}", audience=event.audience)]
        elif k == "dealer_set":
            return [Announcement(text=f"{d['player']} chooses the {d['dealer']} dealer", audience=event.audience)]
        elif k == "deal_started":
            text = f"🃏 {_n(d['player'])} plays Open, Pass with the {chat.safe(d['dealer'])} dealer ({d['cards']} cards)."
        elif k == "card_dealt":
            row = " ".join(d["row"]) or "(empty)"
            return [
                Announcement(
                    text=f"{d['player']}, card {d['number']} of {d['of']}: **{d['card']}** — `open` or `pass`? Row: {row} ({d['opened']}/{d['max_open']} open)",
                    audience=event.audience,
                )
            ]
        elif k == "answered":
            verb = "opens" if d["open"] else "passes"
            return [Announcement(text=f"{d['player']} {verb} {d['card']}; row: {' '.join(d['row']) or '(empty)'}", audience=event.audience)]
        elif k == "deal_over":
            lines = [f"🧮 **{chat.safe(d['player'])}'s row:** `{' '.join(d['row']) or '(empty)'}`"]
            if d["auto_passed"]:
                count = len(d["auto_passed"])
                why = " when the host closed the phase" if d["closed"] else " after the last open"
                lines.append(f"({count} card{'s' if count != 1 else ''} passed automatically{why})")
            lines.append(f"Reading: `{d['reading'] or '0'}` = **{d['shown']}**" + ("" if d["row"] else " (an empty row scores 0, R-OP-4)"))
            lines += [f"({n})" for n in d["notes"]]
            text = "\n".join(lines)
        elif k == "results":
            lines = ["🏆 **Open, Pass — results**"]
            for r in d["ranking"]:
                extra = []
                if r["tokens"]:
                    extra.append(f"+{r['tokens']} Token{'s' if r['tokens'] != 1 else ''} of Life")
                if r["ec"]:
                    extra.append("EC")
                lines.append(f"{r['place']}. {chat.safe(r['player'])} — {r['shown']}" + (f" ({', '.join(extra)})" if extra else ""))
            lines += [f"⚖️ {chat.neutralise(t[0].upper() + t[1:])}." for t in d["ties"]]
            text = "\n".join(lines)
        else:
            text = f"{k}: {d}"
        return [Announcement(text=text, audience=event.audience)]

    def final(self, state: State, now: int) -> dict[str, Any]:
        names = state.cfg.names
        players = {}
        for i, p in enumerate(state.players):
            players[names[i]] = {
                "cards": listing(p.cards),
                "deck": list(p.deck) if p.deck is not None else None,
                "padded": p.padded,
                "dealer": p.dealer,
                "row": list(p.deal.row) if p.deal is not None else [],
                "score": rules.exact(p.score) if p.score is not None else None,
                "tokens": p.tokens,
                "ec": p.ec,
                "bid": None if p.bid is None or state.phase != "building" else [state.cfg.offered(state.round)[n - 1].name for n in p.bid],
            }
        return {
            "game_key": self.key,
            "phase": state.phase,
            "round": state.round,
            "players": players,
            "trades": [rules._trade_data(state, t) for t in state.trades],
            "ranking": [names[s] for s in state.ranking],
            "ties": list(state.tie_notes),
            "over": state.over,
        }

    def views(self, state: State, now: int) -> dict[str, View]:
        names = state.cfg.names
        offered = state.cfg.offered(state.round)
        bid_rows = tuple(
            (names[i], "—" if p.bid is None else (", ".join(offered[n - 1].name for n in p.bid) or "no pack"))
            for i, p in enumerate(state.players)
        )
        waiting = [names[i] for i, p in enumerate(state.players) if p.bid is None]
        play_rows = []
        for i, p in enumerate(state.players):
            deal = p.deal
            where = (
                "not started" if deal is None or not deal.started else ("done" if deal.done else f"card {deal.pos + 1}/{len(deal.order)}")
            )
            score = show(p.score) if p.score is not None else "—"
            play_rows.append((names[i], "yes" if p.deck else "—", p.dealer or "—", where, score, str(sum(p.cards))))
        status_rows = tuple(
            (
                names[i],
                str(sum(p.cards)),
                _cards(listing(p.cards)),
                show(p.score) if p.score is not None else "—",
                str(p.tokens),
                "EC" if p.ec else "",
            )
            for i, p in enumerate(state.players)
        )
        return {
            "bids": View(
                title=f"Bids, round {state.round} (host only — private until the round closes)",
                columns=("player", "bid"),
                rows=bid_rows if state.phase == "building" else (),
                notes=(
                    (f"waiting for: {', '.join(waiting)}" if waiting else "everyone has bid")
                    if state.phase == "building"
                    else "deck building is over",
                ),
            ),
            "decks": View(
                title="Playing phase (host only)",
                columns=("player", "deck", "dealer", "deal", "score", "cards owned"),
                rows=tuple(play_rows),
                notes=(
                    f"still to play: {', '.join(names[i] for i, p in enumerate(state.players) if not (p.deal and p.deal.done)) or 'nobody'}",
                ),
            ),
            "status": View(
                title=f"{self.title} — {self._where(state)}",
                columns=("player", "cards", "collection", "score", "tokens", ""),
                rows=status_rows,
                chat="**Collections**\n" + "\n".join(f"{_n(r[0])}: {r[2]}" for r in status_rows),
            ),
            "packs": View(
                title=f"Packs offered in round {state.round}",
                columns=("#", "pack", "cards"),
                rows=tuple((str(i + 1), p.name, " ".join(p.cards)) for i, p in enumerate(offered)),
            ),
            "trades": View(
                title="Open trades",
                columns=("#", "from", "to", "gives", "for"),
                rows=tuple((str(t.number), names[t.giver], names[t.taker], " ".join(t.gives), " ".join(t.gets)) for t in state.trades),
                notes=() if state.trades else ("none",),
            ),
        }

    def query(self, state: State, now: int, words: list[str]) -> View | None:
        if words[0].casefold() != "cards" or len(words) < 2:
            return None
        roster = {n.casefold(): i for i, n in enumerate(state.cfg.names)}
        name = " ".join(words[1:])
        seat = roster.get(name.casefold())
        if seat is None and name.lower().startswith("p") and name[1:].isdecimal() and 1 <= int(name[1:]) <= len(state.players):
            seat = int(name[1:]) - 1
        if seat is None:
            return View(title="cards", notes=(f"no player called {name!r}",))
        p = state.players[seat]
        cards = listing(p.cards)
        received = "; ".join(f"round {r}: {what}" for r, what in p.received) or "nothing yet"
        return View(
            title=f"{state.cfg.names[seat]}'s cards ({len(cards)})",
            chat=f"{_n(state.cfg.names[seat])}'s cards ({len(cards)}): {_cards(cards)}",
            notes=(_cards(cards), f"received: {received}"),
        )

    def _where(self, state: State) -> str:
        if state.phase == "waiting":
            return "waiting for the host's “start” (round 1)"
        if state.phase == "building":
            done = sum(1 for p in state.players if p.bid is not None)
            return f"deck building, round {state.round}/{state.cfg.rounds}: {done}/{len(state.players)} bids in"
        if state.phase == "playing":
            decks = sum(1 for p in state.players if p.deck is not None and p.dealer is not None)
            played = sum(1 for p in state.players if p.deal is not None and p.deal.done)
            return f"playing: {decks}/{len(state.players)} decks in, {played}/{len(state.players)} played"
        return "over"

    def toolbar(self, state: State, now: int) -> str:
        return f"{self.title} · {self._where(state)}"

    def help(self) -> list[HelpItem]:
        return [
            HelpItem(
                syntax="bid PACK [PACK]",
                what="Deck building: bid on up to two different packs, by number or name (last bid counts).",
                example="p3: bid 1 4",
            ),
            HelpItem(
                syntax="trade CARDS for CARDS with NAME",
                what="Offer a trade; the other player confirms with `accept N`.",
                example="p3: trade 2 x for 9 with p7",
            ),
            HelpItem(syntax="accept|decline [N]", what="Answer a trade offered to you.", example="p7: accept 1"),
            HelpItem(syntax="cancel [N]", what="Withdraw your own offer.", example="p3: cancel 1"),
            HelpItem(
                syntax="deck CARDS | deck all",
                what="Playing: your deck of exactly 20 cards (fewer owned: padded with /).",
                example="p3: deck 9 9 x x 8 7 6 + + 1 2 3 - 5 5 4 4 x 9 8",
            ),
            HelpItem(syntax="dealer NAME", what="Choose the Heaven or the Hell dealer.", example="p3: dealer hell"),
            HelpItem(
                syntax="open | pass", what="Open the card just dealt (it goes to the LEFT of your row) or pass it.", example="p3: open"
            ),
            HelpItem(syntax="start", what="Open deck-building round 1 (posts the packs).", example="start", who="host"),
            HelpItem(
                syntax="close",
                what="Close the deck-building round (resolve the bids), or end the playing phase (rank everyone).",
                example="close",
                who="host",
            ),
            HelpItem(
                syntax="deal NAME", what="Deal to a player, or resume their deal: shows the next card.", example="deal p3", who="host"
            ),
            HelpItem(syntax="bids", what="Who has bid and what (private until the round closes).", example="bids", who="host"),
            HelpItem(syntax="decks", what="Who has submitted a deck and dealer, and who has played.", example="decks", who="host"),
            HelpItem(syntax="cards NAME", what="A player's collection and what they received.", example="cards p3", who="host"),
            HelpItem(syntax="packs / trades", what="This round's packs; the open trades.", example="trades", who="host"),
        ]

    def rulings(self, settings: dict[str, Any]) -> list[str]:
        s = settings
        packs = "; ".join(
            f"{p['name']}: {' '.join(p['cards'])}" + (f" (rounds {', '.join(map(str, p['rounds']))})" if "rounds" in p else "")
            for p in s["packs"]
        )
        return [
            f"{s['rounds']} deck-building rounds (rounds); each player starts with {' '.join(s['starting_set'])} (starting_set).",
            f"R-OP-1: the packs (packs): {packs}.",
            f"Each player bids on up to {s['bids_per_player']} different packs (bids_per_player); the last bid before the host's `close` counts.",
            "A pack chosen an odd number of times gives a copy to everyone who chose it; an even number (zero too) gives nothing.",
            "If every pack is chosen an odd number of times, nobody gets a pack that round"
            + (
                ", and so everyone gets a pity card (all_odd_pity = true)."
                if s["all_odd_pity"]
                else "; nobody gets a pity card either (all_odd_pity = false)."
            ),
            f"R-OP-2: a player who gains no pack gets one pity card, drawn (seeded) from {' '.join(s['pity'])} (pity).",
            "Trades: one player offers, the other accepts; both must hold the cards then. Cards are locked once a player submits a deck.",
            f"A deck is exactly {s['deck_size']} cards (deck_size); a player who owns fewer is padded with {s['pad_card']} (pad_card).",
            f"R-OP-3: the dealers ({', '.join(s['dealers'])}) differ only in their random stream; the deck's listing order does not matter.",
            f"An opened card goes to the LEFT of the row; after {s['max_open']} opens the rest pass automatically (max_open).",
            "The row is read left to right: of adjacent numbers (or symbols) only the leftmost counts; a trailing symbol is ignored; a leading symbol gets a 0 in front.",
            f"R-ARITH-1: division is {s['division']} (division); results show as an integer or a reduced fraction with 2 decimals.",
            "R-ARITH-2: a division by zero (possible only with a 0 card) is skipped, and the announcement says so.",
            "R-OP-4: an empty row scores 0; so does a player who never played when the host closes the phase.",
            f"Results: Tokens of Life {s['tokens']} for the best scores (tokens); the {s['ecs']} worst are ECs (ecs); ties are broken by one seeded draw, announced.",
        ]

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        if actor is None:
            if not words:
                return ["start", "close", "deal", "bids", "decks", "cards", "packs", "trades"]
            if words[0].lower() in ("deal", "cards") and len(words) == 1:
                return list(state.cfg.names)
            return []
        if not words:
            return ["bid", "trade", "accept", "decline", "cancel", "deck", "dealer", "open", "pass"]
        head = words[0].lower()
        if head == "bid":
            return [str(i + 1) for i in range(len(state.cfg.offered(state.round)))]
        if head == "dealer" and len(words) == 1:
            return [d.lower() for d in state.cfg.dealers]
        if head in ("deck", "trade"):
            return sorted(set(listing(state.players[actor].cards)), key=rules.KINDS.index)
        return []


OPEN_PASS = OpenPass()
