"""The Final Match as a `Game`: announcements, views, help and completion."""

from __future__ import annotations

from typing import Any

from umpire.core import chat
from umpire.core.clock import fmt_clock
from umpire.games.choice import rules
from umpire.games.choice.config import BLOCKS, ITEM_NAMES, ITEMS, ROUNDS, SETTINGS, configure, validate
from umpire.games.choice.expressions import solutions, written
from umpire.games.choice.generate import shop_lines, shop_text
from umpire.games.choice.gyul import board_plain as gyul_plain
from umpire.games.choice.gyul import tile_letters
from umpire.games.choice.rules import State
from umpire.games.legacy import HOST, Announcement, Event, HelpItem, ModuleGame, Setup, View


def _n(name: str) -> str:
    return chat.bold(chat.safe(name))


def _tiles(tiles: dict[str, int]) -> str:
    held = [f"{d}×{c}" for d, c in tiles.items() if c]
    return " ".join(held) if held else "none"


class ChoiceIsYours(ModuleGame):
    """The Choice is Yours — Final Match "Multi-Player"."""

    rules = rules

    key = "choice-is-yours"
    title = "The Choice is Yours — Multi-Player"
    players = (2, 2)
    settings = SETTINGS
    doc = "docs/choice-is-yours.md"

    def start(self, setup: Setup) -> State:
        names = tuple(p.name for p in setup.roster)
        return rules.initial(configure(names, setup.settings, setup.streams))

    def validate(self, settings: dict[str, Any]) -> list[tuple[str, str]]:
        return validate(settings)

    # -- text

    def announce(self, state: State, event: Event) -> list[Announcement]:
        d = event.data
        k = event.kind
        if k == "block_started":
            lines = [f"**Block {d['block']} of {BLOCKS} begins.**"]
            if d["credits"]:
                for name, c in d["credits"].items():
                    lines.append(f"{_n(name)}: +${c['goofspiel']} (Goofspiel) +${c['credit']} → ${d['money'][name]}")
            parts = []
            if d["goofspiel"]:
                parts.append("#goofspiel: a bout of nine rounds")
            if d["shop"]:
                parts.append("#shop: open")
            else:
                parts.append("#shop: closed this block")
            lines.append(" · ".join(parts))
            text = "\n".join(lines)
        elif k == "round_started":
            text = f"🃏 **Block {d['block']}, round {d['round']}/{ROUNDS}: the prize is {d['prize']}.** Submit `gs X` privately."
        elif k == "round_reminder":
            text = f"⏳ Round {d['round']}: {d['seconds']} seconds left."
            if d["waiting"]:
                # Who has not played yet is for the host only: it would tell a player the other has.
                return [
                    Announcement(text=text, audience=event.audience),
                    Announcement(text="Still to play: " + ", ".join(d["waiting"]), audience=HOST),
                ]
        elif k == "gs_set":
            was = ""
            if "replaces" in d:
                r = d["replaces"]
                was = f" (was {'igs ' if r['boosted'] else 'gs '}{r['card']})"
            return [
                Announcement(
                    text=f"{chat.safe(d['player'])} plays {'igs' if d['boosted'] else 'gs'} {d['card']} in round {d['round']}{was}; hidden until the reveal",
                    audience=event.audience,
                )
            ]
        elif k == "gs_confirmed":
            boost = " with the Goofspiel Advantage (counts +1)" if d["boosted"] else ""
            return [
                Announcement(
                    text=f"Your play for round {d['round']}: {d['card']}{boost}. You can change it until the deadline.",
                    audience=event.audience,
                )
            ]
        elif k == "round_resolved":
            plays = []
            for name, p in d["plays"].items():
                what = f"{p['card']}"
                if p["boosted"]:
                    what += f"+1 = {p['value']} (Advantage)"
                if p["auto"]:
                    what += " (no submission: lowest card)"
                plays.append(f"{chat.safe(name)} {what}")
            outcome = f"{_n(d['winner'])} wins ${d['prize']}" if d["winner"] else "a tie: the round is thrown out"
            money = " · ".join(f"{chat.safe(n)} ${m}" for n, m in d["bout_money"].items())
            text = f"**Round {d['round']} (prize {d['prize']}):** " + ", ".join(plays) + f" → {outcome}.\nBout money: {money}"
        elif k == "bout_over":
            money = " · ".join(f"{chat.safe(n)} ${m}" for n, m in d["bout_money"].items())
            gsp = " · ".join(f"{chat.safe(n)} {v}" for n, v in d["gsp"].items())
            who = f"{_n(d['gsp_to'])} earns a GSP" if d["gsp_to"] else "a tied bout: no GSP"
            text = f"**Block {d['block']}'s bout is over** ({money}): {who}. GSP: {gsp}.\n(Money won is added to the shop balance at the start of the next block.)"
        elif k == "shop_opened":
            text = (
                f"🛒 **Shop, block {d['block']} cycle {d['cycle']}/3:** {d['shop']}\n"
                + " · ".join(shop_lines(_prices(d)))
                + f"\n`buy X` gives {state.cfg.copies} copies."
            )
        elif k == "shop_posted":
            text = f"🛒 Shop (block {d['block']}, cycle {d['cycle']}/3): {d['shop']}\n" + " · ".join(shop_lines(_prices(d)))
        elif k == "bought":
            text = f"{_n(d['player'])} buys tile {d['tile']} (×{d['copies']}) for ${d['price']}: ${d['money']} left; tiles {_tiles(d['tiles'])}."
        elif k == "status_posted":
            text = self._status_chat(d["status"])
        elif k in ("gh_board",):
            text = self._board_text(state, d)
        elif k == "expr_closed":
            text = f"Expressions set {d['set']} of block {d['block']} is over."
        elif k == "shop_closed":
            text = f"🛒 The shop's cycle {d['cycle']} is over: the shop is closed until the next block."
        elif k == "gh_reset":
            text = f"Gyul Hap: the board resets at the end of the block; board {d['next_board']} comes with the next block."
        elif k == "gh_over":
            text = f"🏁 **Gyul Hap is over:** {'all ' if d['boards'] > 1 else ''}{d['boards']} board{'s' if d['boards'] != 1 else ''} done."
        elif k == "hap_called":
            call = f"{'ihap' if d['wild'] else 'hap'} {d['positions']} {d['extra']}" + (f" {d['wild']}" if d["wild"] else "")
            ghp = " · ".join(f"{chat.safe(n)} {v}" for n, v in d["ghp"].items())
            if d["verdict"] == "correct":
                spent = ", ".join(str(p) for p in d["spent"]) or "none"
                text = f"✅ {_n(d['player'])}: `{call}` is a hap! +1 GHP (tiles used: {spent}{'; wildcard used' if d['wild'] else ''}). GHP: {ghp}"
            else:
                text = f"❌ {_n(d['player'])}: `{call}` — {chat.neutralise(d['why'])}. −1 GHP. GHP: {ghp}"
        elif k == "gyul_called":
            ghp = " · ".join(f"{chat.safe(n)} {v}" for n, v in d["ghp"].items())
            if d["verdict"] == "correct":
                text = f"✅ {_n(d['player'])}: **Gyul!** Every hap on board {d['board']} is claimed. +1 GHP. GHP: {ghp}"
            elif d["verdict"] == "grace":
                text = f"{_n(d['player'])}: gyul — too late, but not penalised: {chat.neutralise(d['why'])}. GHP: {ghp}"
            else:
                text = f"❌ {_n(d['player'])}: gyul — wrong, {d['why']}. −1 GHP. GHP: {ghp}"
        elif k == "expr_set":
            lines = [f"🧮 **Expressions — block {d['block']}, set {d['set']}/2:**"]
            lines += [f"{p['number']}. `{p['text']}`" for p in d["puzzles"]]
            lines.append("Solve with `expr x S y` (S left to right, y the extra digit). Each digit serves as the extra once a set.")
            text = "\n".join(lines)
        elif k == "expr_reposted":
            lines = [f"🧮 Expressions (block {d['block']}, set {d['set']}/2):"]
            lines += [f"{p['number']}. `{p['text']}`" for p in d["puzzles"]]
            lines.append("Extras used: " + (", ".join(map(str, d["extras_used"])) or "none"))
            text = "\n".join(lines)
        elif k == "expr_solved":
            ep = " · ".join(f"{chat.safe(n)} {v}" for n, v in d["ep"].items())
            wild = f", wildcard {d['wild']}" if d["wild"] else ""
            text = (
                f"✅ {_n(d['player'])} solves puzzle {d['puzzle']}: `{d['expression']}={d['target']}` (extra {d['extra']}{wild}). +1 EP. EP: {ep}\n"
                f"Extras used this set: {', '.join(map(str, d['extras_used']))}"
            )
        elif k == "block_over":
            text = f"**Block {d['block']} is over.**" + ("" if d["block"] == BLOCKS else " Break: the host starts the next block.")
        elif k == "subgame_decided":
            name = ITEM_NAMES[d["subgame"]]
            pts = " · ".join(f"{chat.safe(n)} {v}" for n, v in d["points"].items())
            who = f"{chat.safe(d['winner'])} wins" if d["winner"] else "no winner"
            text = f"🏁 **{name}: {who}** ({chat.neutralise(d['reason'])}). Points: {pts}."
        elif k == "match_over":
            subs = ", ".join(f"{ITEM_NAMES[s]}: {chat.safe(w) if w else 'no winner'}" for s, w in d["subgame_winners"].items())
            if d["winner"]:
                text = f"🏆 **{chat.safe(d['winner'])} wins The Choice is Yours!** {subs}."
            else:
                text = f"**The Final Match is undecided:** nobody won two subgames. {subs}."
        else:
            text = f"{k}: {d}"
        return [Announcement(text=text, audience=event.audience)]

    def _board_text(self, state: State, d: dict[str, Any]) -> str:
        head = {"posted": "", "gyul": " (next board)", "reposted": " (repost)"}.get(d["why"], "")
        lines = [f"🎴 **Gyul Hap — board {d['board']}/{d['of']}{head}**"]
        em = d["emoji"]
        lines += [" ".join(em[r * 3 : r * 3 + 3]) for r in range(3)]
        plain = "\n".join("  ".join(f"{r * 3 + c + 1} {d['letters'][r * 3 + c]}" for c in range(3)) for r in range(3))
        lines.append(chat.block(plain))
        if d.get("claimed"):
            lines.append("Claimed: " + ", ".join(f"{c['positions']} ({chat.safe(c['player'])})" for c in d["claimed"]))
        return "\n".join(lines)

    def _status_chat(self, status: dict[str, dict[str, Any]]) -> str:
        lines = ["**Status**"]
        for name, s in status.items():
            lines.append(f"{_n(name)}: ${s['money']} · tiles {_tiles(s['tiles'])} · GSP {s['gsp']} · GHP {s['ghp']} · EP {s['ep']}")
        return "\n".join(lines)

    def final(self, state: State, now: int) -> dict[str, Any]:
        names = state.cfg.names
        players = {}
        for i, s in enumerate(state.seats):
            players[names[i]] = {
                "money": s.money,
                "pending": s.pending,
                "tiles": rules.tiles_json(s),
                "gsp": s.gsp,
                "ghp": s.ghp,
                "ep": s.ep,
                "advantages": {item: {"given": state.cfg.given[i][j], "left": s.adv[j]} for j, item in enumerate(ITEMS)},
            }
        bout = state.bout
        return {
            "game_key": self.key,
            "players": players,
            "block": state.block,
            "in_block": state.in_block,
            "goofspiel": (
                {
                    "block": bout.block,
                    "round": bout.round,
                    "open": bout.open,
                    "finished": bout.finished,
                    "bout_money": {names[i]: bout.money[i] for i in range(len(names))},
                    "cards_left": {names[i]: list(bout.hands[i]) for i in range(len(names))},
                }
                if bout
                else None
            ),
            "shop": {"cycle": state.shop.block_cycle, "shop": shop_text(state.shop.prices)} if state.shop else None,
            "gyul_hap": self._gyul_json(state),
            "expressions": self._expr_json(state),
            "subgame_winners": {item: dict(state.subgame_winners).get(item) for item in ITEMS},
            "winner": names[state.winner] if state.winner is not None else None,
            "result": state.result or None,
            "over": state.over,
        }

    def _gyul_json(self, state: State) -> dict[str, Any]:
        names = state.cfg.names
        g = state.gyul
        out: dict[str, Any] = {"over": g.over, "board": None if g.over else g.index + 1, "of": state.cfg.gyul_boards}
        out["claimed"] = [{"positions": "".join(map(str, t)), "player": names[s]} for t, s in g.claimed]
        return out

    def _expr_json(self, state: State) -> dict[str, Any] | None:
        if state.expr is None:
            return None
        names = state.cfg.names
        return {
            "set": state.expr.block_set,
            "expr_set": state.expr.number,
            "puzzles": [p.text() for p in rules.puzzles(state)],
            "extras_used": sorted(state.expr.extras),
            "solved": {names[i]: sorted(s) for i, s in enumerate(state.expr.solved)},
        }

    def query(self, state: State, now: int, words: list[str]) -> View | None:
        if words[0].casefold() != "solutions":
            return None
        if state.expr is None:
            return View(title="Expressions", notes=("no Expressions set is under way",))
        set_puzzles = rules.puzzles(state)
        if len(words) != 2 or words[1] not in [str(i) for i in range(1, len(set_puzzles) + 1)]:
            return View(title="solutions", notes=(f"write “solutions X” with a puzzle number 1–{len(set_puzzles)}",))
        x = int(words[1])
        p = set_puzzles[x - 1]
        used = state.expr.extras
        rows = []
        for digits in solutions(p.ops, p.target):
            extras = sorted({d for d in digits if d not in used})
            if extras:
                rows.append((written(digits, p.ops), " ".join(map(str, extras))))
        solved_by = [state.cfg.names[i] for i, s in enumerate(state.expr.solved) if x in s]
        notes = [f"extras already used this set: {', '.join(map(str, sorted(used))) or 'none'}"]
        if solved_by:
            notes.append(f"already solved by {', '.join(solved_by)} (each player solves each puzzle once)")
        if not rows:
            notes.append("no solution is still available")
        return View(
            title=f"Solutions still available for puzzle {x}: {p.text()} (host only — do not post)",
            columns=("expression", "extras still free"),
            rows=tuple(rows),
            notes=tuple(notes),
        )

    def views(self, state: State, now: int) -> dict[str, View]:
        names = state.cfg.names
        status = rules.status_json(state)
        rows = []
        for i, (name, s) in enumerate(status.items()):
            adv = ", ".join(
                f"{ITEM_NAMES[item]} {state.seats[i].adv[j]}/{state.cfg.given[i][j]}"
                for j, item in enumerate(ITEMS)
                if state.cfg.given[i][j]
            )
            rows.append(
                (
                    name,
                    _tiles(s["tiles"]),
                    f"${s['money']}",
                    f"${state.seats[i].pending}",
                    str(s["gsp"]),
                    str(s["ghp"]),
                    str(s["ep"]),
                    adv or "—",
                )
            )
        bout = state.bout
        play_rows: list[tuple[str, ...]] = []
        if bout is not None and state.in_block:
            for i in range(len(names)):
                p = bout.plays[i]
                current = "—" if p is None else f"{'igs' if p.boosted else 'gs'} {p.card}"
                play_rows.append((names[i], current, " ".join(map(str, bout.hands[i]))))
        shop_view = View(title="Shop", notes=("closed",))
        if state.shop is not None:
            shop_view = View(
                title=f"Shop, block {state.block} cycle {state.shop.block_cycle}/3",
                chat=f"🛒 {shop_text(state.shop.prices)}",
                notes=tuple(shop_lines(state.shop.prices)),
            )
        return {
            "status": View(
                title=f"The Choice is Yours — {self._where(state, now)}",
                columns=("player", "tiles", "money", "bout winnings (next block)", "GSP", "GHP", "EP", "Advantages left"),
                rows=tuple(rows),
                chat=self._status_chat(status),
            ),
            "plays": View(
                title=f"Goofspiel plays this round (host only — hidden until the reveal){'' if bout is None else f': round {bout.round}, prize {bout.prizes[bout.round - 1]}'}",
                columns=("player", "current play", "cards left"),
                rows=tuple(play_rows),
                notes=() if play_rows else ("no round is open",),
            ),
            "shop": shop_view,
            "haps": self._haps_view(state),
            "puzzles": self._puzzles_view(state),
        }

    def _haps_view(self, state: State) -> View:
        if state.gyul.over:
            return View(title="Gyul Hap", notes=("Gyul Hap is over",))
        if state.block < 2:
            return View(title="Gyul Hap", notes=("Gyul Hap starts in block 2",))
        b = rules.board(state)
        claimed = dict(state.gyul.claimed)
        rows = tuple(
            (
                "".join(map(str, t)),
                " / ".join(tile_letters(b.tiles[p - 1]) for p in t),
                state.cfg.names[claimed[t]] if t in claimed else "—",
            )
            for t in sorted(b.haps)
        )
        left = len(b.haps) - len(claimed)
        return View(
            title=f"Haps on board {b.number} (host only — do not post)",
            columns=("positions", "tiles", "claimed by"),
            rows=rows,
            notes=(f"{left} unclaimed; gyul is {'correct' if left == 0 else 'wrong'} now", *gyul_plain(b)),
        )

    def _puzzles_view(self, state: State) -> View:
        if state.expr is None:
            return View(title="Expressions", notes=("no Expressions set is under way",))
        names = state.cfg.names
        rows = []
        for i, p in enumerate(rules.puzzles(state)):
            by = [names[s] for s, solved in enumerate(state.expr.solved) if i + 1 in solved]
            rows.append((str(i + 1), p.text(), str(len(solutions(p.ops, p.target))), ", ".join(by) or "—"))
        return View(
            title=f"Expressions, block {state.block} set {state.expr.block_set}/2",
            columns=("#", "puzzle", "solutions", "solved by"),
            rows=tuple(rows),
            notes=(f"extras used: {', '.join(map(str, sorted(state.expr.extras))) or 'none'}",),
        )

    def _where(self, state: State, now: int) -> str:
        if state.over:
            return f"over: {state.result}"
        if not state.in_block:
            return f"break before block {state.block + 1} (host: “start”)"
        left = state.block_start + state.cfg.block_ms - now
        parts = [f"block {state.block}/{BLOCKS} {fmt_clock(left)} left"]
        bout = state.bout
        if bout is not None and not bout.finished:
            opens = state.block_start + (bout.round - 1) * state.cfg.round_period
            if bout.open:
                marks = " ".join(f"{state.cfg.names[i]} {'✓' if p else '…'}" for i, p in enumerate(bout.plays))
                parts.append(
                    f"GS round {bout.round}/9 prize {bout.prizes[bout.round - 1]} {fmt_clock(opens + state.cfg.round_ms - now)} ({marks})"
                )
            else:
                parts.append(f"GS round {bout.round + 1} in {fmt_clock(opens + state.cfg.round_period - now)}")
        if state.shop is not None:
            ends = state.block_start + state.shop.block_cycle * state.cfg.cycle_ms
            parts.append(f"shop {state.shop.block_cycle}/3 {fmt_clock(ends - now)}")
        return " · ".join(parts)

    def toolbar(self, state: State, now: int) -> str:
        money = " ".join(f"{state.cfg.names[i]} ${s.money}" for i, s in enumerate(state.seats))
        return f"{self._where(state, now)} · {money}"

    def help(self) -> list[HelpItem]:
        return [
            HelpItem(
                syntax="gs X", what="Goofspiel: play card X (1–9) this round; private, changeable until the deadline.", example="p1: gs 7"
            ),
            HelpItem(
                syntax="igs X", what="Goofspiel with the Advantage: X counts X+1 (not 9). One copy used at the reveal.", example="p1: igs 5"
            ),
            HelpItem(
                syntax="buy X", what="Shop: buy 3 copies of tile X at this cycle's price (once per tile per cycle).", example="p2: buy 4"
            ),
            HelpItem(
                syntax="hap abc d",
                what="Gyul Hap: positions a<b<c form a hap; d (one of them) is the board's extra, your tiles pay for the other two.",
                example="p1: hap 149 4",
            ),
            HelpItem(
                syntax="ihap abc d e",
                what="Gyul Hap with the Advantage: e is the wildcard (used only by a correct call).",
                example="p2: ihap 149 4 9",
            ),
            HelpItem(syntax="gyul", what="Every hap on the board is claimed: +1 and the next board; wrong: -1.", example="p1: gyul"),
            HelpItem(
                syntax="expr x S y",
                what="Expressions: solve puzzle x with S (left to right; x, * or × multiply), y the extra digit.",
                example="p1: expr 1 2+3x9-3 3",
            ),
            HelpItem(
                syntax="iexpr x S y z",
                what="Expressions with the Advantage: z is the wildcard digit (used only by a correct solve).",
                example="p2: iexpr 1 2+3x9-3 3 9",
            ),
            HelpItem(syntax="status", what="Post everyone's tiles, money, GSP, GHP and EP.", example="p1: status"),
            HelpItem(syntax="post shop|gh|expr", what="Repost the current shop, Gyul Hap board or Expressions set.", example="post gh"),
            HelpItem(syntax="start", what="Start the next block (the host, after each break).", example="start", who="host"),
            HelpItem(syntax="plays", what="The Goofspiel plays submitted this round (host only).", example="plays", who="host"),
            HelpItem(syntax="shop", what="The current prices (host view with chat text).", example="shop", who="host"),
            HelpItem(syntax="haps", what="The Gyul Hap board's haps and which are claimed (host only).", example="haps", who="host"),
            HelpItem(
                syntax="puzzles", what="The Expressions set: puzzles, solution counts, who solved what.", example="puzzles", who="host"
            ),
            HelpItem(
                syntax="solutions x", what="Every solution of puzzle x still available (host only).", example="solutions 3", who="host"
            ),
        ]

    def rulings(self, settings: dict[str, Any]) -> list[str]:
        s = settings
        adv = []
        for item in ITEMS:
            copies = s[f"{item}_advantage"]
            adv.append(f"{ITEM_NAMES[item]}: " + ", ".join(f"p{i + 1}×{c}" for i, c in enumerate(copies)))
        return [
            f"Six blocks of {s['block_seconds']} s (block_seconds); the host starts each block with “start”, breaks in between.",
            f"Goofspiel in blocks 1–5: nine rounds of {s['round_seconds']} s with a {s['round_break_seconds']} s break (amendment; round_seconds, round_break_seconds), reminder at {s['round_reminder_seconds']} s left.",
            "Goofspiel amendment: no submission plays the lowest unused card at full value (it can still win).",
            "Goofspiel: the higher card wins the prize; a tie throws the round out; the bout's higher total earns 1 GSP, a tied bout none.",
            "`igs X` plays X as X+1 (not 9); the copy is used when the round is revealed; a later `igs` in the same round replaces the play, using one copy.",
            f"Shop: closed in block 1; at the start of blocks 2–6 each balance gains the previous block's Goofspiel money plus ${s['shop_credit']} (shop_credit); R-SHOP-3: block 5's winnings arrive at block 6's start.",
            f"Shop: three cycles of {s['shop_cycle_seconds']} s a block (shop_cycle_seconds); prices {sorted(s['prices'])} dealt to tiles 1–9 each cycle (prices); `buy X` gives {s['tile_copies']} copies (tile_copies), once per tile per cycle.",
            "R-SHOP-1: supply is unlimited (both players may buy the same tile in a cycle). R-SHOP-2: a purchase the balance cannot cover is refused.",
            f"Starting balance ${s['starting_money']} (starting_money).",
            "Advantages (copies by seat): "
            + "; ".join(adv)
            + ". Both copies never in one round; a holder wins its subgame when tied (kept after the copies are used).",
            "R-ADV-1: a tied subgame without a single holder has no winner; nobody with two subgames = “undecided”.",
            f"Gyul Hap in blocks 2–6: {s['gyul_boards']} boards in all (gyul_boards); a board changes only on a correct gyul or at a block's end (amendment: no inactivity timer).",
            f"R-GH-3: every board has {s['min_haps']} to {s['max_haps']} haps (min_haps, max_haps), drawn from the seed in sequence.",
            "Gyul Hap: a correct hap +1 (two tiles used, hap claimed); incorrect −1, nothing used; invalid (malformed, unsorted, extra not among the three, tiles not held) is refused without penalty.",
            "R-GH-1: calling a hap already claimed (by anyone) is incorrect (−1). R-GH-5: the Gyul Hap wildcard is used only by a correct call.",
            f"R-GH-2: a wrong gyul within {s['gyul_grace_seconds']} s after the other player's correct gyul is not penalised (gyul_grace_seconds).",
            f"R-GH-4: tiles are posted as {s['emoji']} emoji (emoji) and as plain letters (colour R/Y/B, background B/G/W, shape C/S/T).",
            f"Expressions in blocks 2–6: two sets of {s['expr_set_seconds']} s a block (expr_set_seconds), {s['puzzles_per_set']} puzzles a set (puzzles_per_set); left-to-right, exact division.",
            f"R-EX-1: every puzzle has at least {s['min_solutions']} solutions using at least two different digits, and a target of at most {s['max_target']} (min_solutions, max_target).",
            "Expressions: the operators must match the puzzle's; the extra is one of S's digits, and serves once a set across both players; each player solves each puzzle once; tiles pay for the other three digits.",
            "R-EX-2: the Expressions wildcard is used only by a correct solve. A wrong or invalid solve costs nothing.",
        ]

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        if actor is None:
            if not words:
                return ["start", "post", "plays", "shop", "haps", "puzzles", "solutions"]
            return ["shop", "gh", "expr"] if words == ["post"] else []
        if not words:
            return ["gs", "igs", "buy", "hap", "ihap", "gyul", "expr", "iexpr", "status", "post"]
        if words[0].lower() in ("gs", "igs") and len(words) == 1 and state.bout is not None:
            return [str(c) for c in state.bout.hands[actor]]
        if words[0].lower() == "buy" and len(words) == 1:
            return [str(d) for d in range(1, 10)]
        if words[0].lower() == "post" and len(words) == 1:
            return ["shop", "gh", "expr"]
        if words[0].lower() in ("expr", "iexpr") and len(words) == 1 and state.expr is not None:
            return [str(i + 1) for i in range(state.cfg.per_set)]
        return []


def _prices(d: dict[str, Any]) -> tuple[int, ...]:
    return tuple(d["prices"][str(i)] for i in range(1, 10))


CHOICE_IS_YOURS = ChoiceIsYours()
