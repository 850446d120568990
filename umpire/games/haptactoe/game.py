"""Hap-Tac-Toe / When Stars Align as a `Game`: announcements, views, help and completion."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from umpire.core import chat
from umpire.core.clock import MoveClock, fmt_clock
from umpire.games.haptactoe import rules
from umpire.games.haptactoe.pieces import COLS, SIZE, SQUARES, PieceSet, square_name
from umpire.games.haptactoe.rules import HTT, WSA, Rulebook, State
from umpire.games.legacy import Announcement, Event, HelpItem, ModuleGame, Setup, View


class HapTacToe(ModuleGame):
    """One of the two rule sets."""

    rules = rules

    players = (2, 2)

    def __init__(self, book: Rulebook) -> None:
        self.book = book
        self.key = book.key
        self.title = book.title
        self.settings = rules.settings_for(book)
        self.doc = "docs/hap-tac-toe.md"

    # -- rules

    def start(self, setup: Setup) -> State:
        return rules.initial(rules.configure(self.book, setup))

    # -- text

    def announce(self, state: State, event: Event) -> list[Announcement]:
        d = event.data
        n = lambda name: chat.bold(chat.safe(name))
        k = event.kind
        if k == "first_chosen":
            text = f"{n(d['chooser'])} chooses {n(d['first'])} to move first in game 1 (and second in game 2)."
        elif k == "game_started":
            reserves = " · ".join(f"{chat.safe(p)} {fmt_clock(int(s * 1000))}" for p, s in d["reserve_seconds"].items())
            text = (
                f"**{self.title} — game {d['game']} begins.** {n(d['first'])} moves first.\n"
                f"{state.cfg.move_ms // 1000} s per move, then reserve ({reserves})."
            )
        elif k == "placed":
            return [
                Announcement(
                    text=f"{chat.safe(d['player'])}: {d['piece']} on {d['square']} (shown when the turn ends)", audience=event.audience
                )
            ]
        elif k == "claim_noted":
            return [
                Announcement(
                    text=f"{chat.safe(d['player'])} claims {self.book.claim_word} {' '.join(d['squares'])} (judged when the turn ends)",
                    audience=event.audience,
                )
            ]
        elif k == "turn_ended":
            text = self._turn_text(state, d)
        elif k == "game_over":
            scores = " · ".join(f"{chat.safe(p)} {_fmt(v)}" for p, v in d["game_scores"].items())
            text = f"**Game {d['game']} is over** — the board is full. Game {d['game']} score: {scores}."
            if "next_first" in d:
                text += f"\nGame 2: {n(d['next_first'])} moves first. Reserves carry over. (Host: “start” when ready.)"
        elif k == "match_over":
            if "loser" in d:
                text = f"⏰ **{chat.safe(d['reason'])}.** {n(d['winner'])} wins the Death Match."
            else:
                totals = " · ".join(f"{chat.safe(p)} {_fmt(v)}" for p, v in d["totals"].items())
                line = f"Totals: {totals}"
                if state.cfg.rounding == "ceil" and not self.book.strikes:
                    finals = " · ".join(f"{chat.safe(p)} {_fmt(v)}" for p, v in d["final_scores"].items())
                    line += f" → rounded up: {finals}"
                text = f"🏆 **{chat.safe(d['winner'])} wins the Death Match**, {chat.safe(d['reason'])}.\n{line}"
        elif k == "move_reminder":
            text = f"⏳ {n(d['player'])}: {d['seconds']} s left on this move."
        elif k == "reserve_started":
            text = f"⏳ {n(d['player'])}'s minute is up: now on reserve ({fmt_clock(d['seconds'] * 1000)} left)."
        elif k == "reserve_reminder":
            text = f"⏳ {n(d['player'])}: {fmt_clock(d['seconds'] * 1000)} of reserve left."
        else:
            text = f"{k}: {d}"
        return [Announcement(text=text, audience=event.audience)]

    def _turn_text(self, state: State, d: dict[str, Any]) -> str:
        lines = [f"**Game {d['game']}, turn {d['turn']} — {chat.safe(d['player'])}** placed {d['piece']} on {d['square']}."]
        for c in d["claims"]:
            claim = f"{self.book.claim_word} {' '.join(c['squares'])}"
            if c["verdict"] == "valid":
                lines.append(f"✅ {claim} — +1")
                continue
            why = {
                "not a hap": f"not a {self.book.claim_word}",
                "already claimed": "already claimed",
                "repeated this turn": "claimed twice this turn",
            }[c["verdict"]]
            if self.book.strikes:
                cost = f"strike {c['strike']}" if c["points"] == 0 else f"strike {c['strike']}: {c['points']} point, strikes reset"
            else:
                cost = f"{_fmt(c['points'])}"
            lines.append(f"❌ {claim} — {why} — {cost}")
            for reason in c.get("why", []):
                lines.append(f"   · {reason}")
        if not d["claims"]:
            lines.append("No claims.")
        scores = " · ".join(f"{chat.safe(p)} {_fmt(v)}" for p, v in d["scores"].items())
        tail = f"Score: {scores}"
        if self.book.strikes:
            tail += "   Strikes: " + " · ".join(f"{chat.safe(p)} {v}" for p, v in d["strikes"].items())
        lines.append(tail)
        lines.append(chat.block(self._grid(state.cfg.row_one, d["board"])))
        if "next" in d:
            seat = state.turn.seat if state.turn else 0
            reserve = fmt_clock(state.reserve[seat])
            lines.append(f"Next: {chat.bold(chat.safe(d['next']))} ({state.cfg.move_ms // 1000} s, reserve {reserve})")
        return "\n".join(lines)

    def _grid(self, row_one: str, board: dict[str, str]) -> str:
        pieces = self.book.pieces
        lookup = pieces.lookup()
        rows = list(range(1, SIZE + 1))
        if row_one == "bottom":
            rows.reverse()
        out = [("    " + "  ".join(f"{c:^3}" for c in COLS)).rstrip()]
        for r in rows:
            cells = []
            for c in COLS:
                words = board.get(f"{c}{r}")
                if words is None:
                    cells.append(" · ")
                else:
                    vals = sorted(lookup[w] for w in words.split())
                    cells.append("".join(pieces.letters[i][v] for i, v in vals))
            out.append((f"{r:>2}  " + "  ".join(cells)).rstrip())
        out.append(_legend(pieces))
        return "\n".join(out)

    def final(self, state: State, now: int) -> dict[str, Any]:
        names = state.cfg.names
        return {
            "game_key": self.key,
            "scores": {names[i]: _num(state.total(i)) for i in range(2)},
            "game_scores": [{names[i]: _num(state.points[g][i]) for i in range(2)} for g in range(2)],
            "final_scores": {names[i]: _num(state.final_score(i)) for i in range(2)} if state.over else None,
            "game": state.game,
            "phase": state.phase,
            "first": names[state.first] if state.first is not None else None,
            "turn": (
                {"player": names[state.turn.seat], "number": state.turn.number, "placed": state.turn.placed is not None}
                if state.turn
                else None
            ),
            "board": rules.board_json(state),
            "claimed": [
                {
                    "game": j.game,
                    "turn": j.turn,
                    "player": names[j.seat],
                    "squares": [square_name(s) for s in j.squares],
                }
                for j in state.judged
                if j.verdict == "valid"
            ],
            "strikes": {names[i]: state.strikes[i] for i in range(2)},
            "reserve_seconds": {names[i]: rules.live_reserve(state, i, now) / 1000 for i in range(2)},
            "winner": names[state.winner] if state.winner is not None else None,
            "result": state.end_reason or None,
            "over": state.over,
        }

    def views(self, state: State, now: int) -> dict[str, View]:
        names = state.cfg.names
        status_rows = []
        for i in range(2):
            row = [names[i], _fmt(state.points[0][i]), _fmt(state.points[1][i]), _fmt(state.total(i))]
            if self.book.strikes:
                row.append(str(state.strikes[i]))
            row.append(fmt_clock(rules.live_reserve(state, i, now)))
            status_rows.append(tuple(row))
        cols = ("player", "game 1", "game 2", "total") + (("strikes",) if self.book.strikes else ()) + ("reserve",)
        chat_status = "\n".join(
            f"{chat.bold(chat.safe(r[0]))}: " + ", ".join(f"{c} {v}" for c, v in zip(cols[1:], r[1:], strict=True)) for r in status_rows
        )
        board_text = self._grid(state.cfg.row_one, rules.board_json(state))
        # The chat text never shows a placement before its turn ends (the card: no board update during a move).
        public = rules.board_json(state)
        if state.turn is not None and state.turn.placed is not None:
            public.pop(square_name(state.turn.placed[1]), None)
        public_text = self._grid(state.cfg.row_one, public)
        haps = rules.line_haps(state)
        hap_rows = tuple(
            (" ".join(square_name(s) for s in t), " / ".join(self.book.pieces.words(state.board[s] or 0) for s in t)) for t in haps
        )
        return {
            "status": View(
                title=f"{self.title} — game {state.game} — {self._phase_words(state, now)}",
                columns=cols,
                rows=tuple(status_rows),
                chat=f"**{self.title}, game {state.game}**\n{chat_status}",
            ),
            "board": View(
                title=f"Game {state.game} board"
                + (
                    " (with this turn's placement, which the post leaves out until the turn ends)"
                    if public != rules.board_json(state)
                    else ""
                ),
                chat=chat.block(public_text),
                notes=(board_text,),
            ),
            "haps": View(
                title=f"Unclaimed {self.book.claim_word}s on the board (host only — do not post)",
                columns=("squares", self.book.pieces.noun + "s"),
                rows=hap_rows,
                notes=() if hap_rows else ("none",),
            ),
        }

    def _phase_words(self, state: State, now: int) -> str:
        names = state.cfg.names
        if state.phase == "choose":
            return f"waiting for {names[state.cfg.chooser]} to choose who moves first (“first p1”)"
        if state.phase == "ready":
            return f"game {state.game} ready; host: “start”"
        if state.phase == "over":
            return f"over: {state.end_reason}"
        turn = state.turn
        assert turn is not None
        free, reserve = MoveClock(move_ms=state.cfg.move_ms, reserve_ms=state.reserve[turn.seat]).left(turn.started, now)
        clock = f"move {fmt_clock(free)}" if free > 0 else f"on reserve {fmt_clock(reserve)}"
        placed = "placed" if turn.placed else "to place"
        return f"turn {turn.number}: {names[turn.seat]} {placed}, {clock}"

    def toolbar(self, state: State, now: int) -> str:
        names = state.cfg.names
        reserves = " · ".join(f"{names[i]} {fmt_clock(rules.live_reserve(state, i, now))}" for i in range(2))
        return f"{self.title} · game {state.game} · {self._phase_words(state, now)} · reserve {reserves}"

    def help(self) -> list[HelpItem]:
        b = self.book
        ex = "yellow solid 4 C3" if b.strikes else "black red circle C3"
        role = b.chooser_role
        return [
            HelpItem(
                syntax="first NAME",
                what=f"{role.capitalize()} chooses game 1's first player (player or host may type it).",
                example="p2: first p1",
                who="player",
            ),
            HelpItem(
                syntax="ATTRIBUTES SQUARE",
                what=f"Place an unplaced {b.pieces.noun} on an empty square; attribute words in any order.",
                example=f"p1: {ex}",
            ),
            HelpItem(
                syntax=f"{b.claim_word} SQ SQ SQ",
                what="Claim three squares on one line; judged when the turn ends.",
                example=f"p1: {b.claim_word} A1 A2 A4",
            ),
            HelpItem(syntax="done", what="End your turn; claims are judged and the board is posted.", example="p1: done"),
            HelpItem(syntax="start", what="Start the next game (its first move's clock starts).", example="start", who="host"),
            HelpItem(syntax="end", what="End the current turn for the mover (as their “done”).", example="end", who="host"),
            HelpItem(
                syntax="haps",
                what=f"List the unclaimed {b.claim_word}s on the board (host only, never announced).",
                example="haps",
                who="host",
            ),
        ]

    def rulings(self, settings: dict[str, Any]) -> list[str]:
        b = self.book
        s = settings
        out = [
            f"{role_cap(b.chooser_role)}, {s[b.chooser_key]}, chooses who moves first in game 1 and wins a tie; the order is reversed in game 2 ({b.chooser_key}).",
            f'R-HTT-1: row 1 is drawn at the {s["row_one"]}; A1 is its leftmost square (row_one = "{s["row_one"]}").',
            f"Timing: {s['move_seconds']} s per move (move_seconds), then a {s['reserve_seconds']} s reserve (reserve_seconds) shared by both games; a player whose reserve runs out loses the DM.",
            f"Reminders at {_secs(s['move_reminders'])} left on a move (move_reminders) and {_secs(s['reserve_reminders'])} left of the reserve (reserve_reminders).",
            "Claims are judged when the turn ends (“done”, or the host's “end”), not before; placements are shown then too.",
            "A claim naming squares not on one straight line, or an empty square, is refused without penalty: it is not a claim.",
            "R-HTT-5: a game ends when the board is full (25 pieces; 2 are never placed).",
            "R-HTT-6: a claim repeated within one turn counts as invalid (the first one claimed it).",
        ]
        if b.strikes:
            out.append(
                f"An invalid or already-claimed set is a strike; every {s['strikes_per_penalty']} strikes (strikes_per_penalty) cost "
                f"{s['strike_penalty_points']} point (strike_penalty_points) and reset the strikes to 0."
            )
            if s["strikes_carry_over"]:
                out.append("R-HTT-4: strikes carry over between turns and between the two games (strikes_carry_over = true).")
            else:
                out.append("R-HTT-4 changed: strikes carry over between turns but start again at 0 in game 2 (strikes_carry_over = false).")
            out.append("The final score is the sum of both games.")
        else:
            out.append(
                f"A valid hap scores +1; an invalid or already-claimed hap costs {s['invalid_claim_penalty']} (invalid_claim_penalty)."
            )
            if s["final_rounding"] == "ceil":
                out.append('R-HTT-2: the final score is the two games\' total rounded up, once (final_rounding = "ceil").')
            else:
                out.append('R-HTT-2 changed: the final score is the exact total, not rounded (final_rounding = "none").')
        return out

    def suggest(self, state: State, actor: int | None, words: list[str]) -> list[str]:
        lowered = [w.casefold() for w in words]
        if actor is None:
            if not words:
                return ["first", "start", "end", "haps"]
            if lowered[0] == "first" and len(words) == 1:
                return list(state.cfg.names)
            return []
        empty = [SQUARES[i] for i, p in enumerate(state.board) if p is None]
        taken = [SQUARES[i] for i, p in enumerate(state.board) if p is not None]
        if not words:
            return ["done", self.book.claim_word, *[w for vals in self.book.pieces.values for w in vals], *empty]
        if lowered[0] in ("hap", "set"):
            return [s for s in taken if s.casefold() not in lowered] if len(words) < 4 else []
        if lowered[0] == "first":
            return list(state.cfg.names) if len(words) == 1 else []
        lookup = self.book.pieces.lookup()
        have = {lookup[w][0] for w in lowered if w in lookup}
        out = [w for i, vals in enumerate(self.book.pieces.values) if i not in have for w in vals]
        if not any(rules.is_square_like(w) for w in words):
            out += empty
        return out


def _legend(pieces: PieceSet) -> str:
    """One line saying what the board's letters mean (letters equal to their word need no key)."""
    parts = []
    for i, name in enumerate(pieces.attributes):
        keys = [f"{pieces.letters[i][j]}={w}" for j, w in enumerate(pieces.values[i]) if pieces.letters[i][j] != w]
        parts.append(f"{name}: " + "/".join(keys) if keys else f"{name}: {'/'.join(pieces.values[i])}")
    return " · ".join(parts)


def role_cap(text: str) -> str:
    """The text with its first letter capitalised (the rest untouched)."""
    return text[0].upper() + text[1:]


def _secs(values: list[int]) -> str:
    return ", ".join(f"{v} s" for v in values) or "no time"


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def _fmt(x: Any) -> str:
    if isinstance(x, Fraction):
        return str(int(x)) if x.denominator == 1 else f"{float(x):g}"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


HAP_TAC_TOE = HapTacToe(HTT)
WHEN_STARS_ALIGN = HapTacToe(WSA)
