"""Helpers shared by the `test_openpass_*` modules (this module holds no tests).

They drive the public surface: `Session.create`, `feed`, `final`, and the pure game
record the registry assembles (`GAME`; `judge` asks a command's move first, as the
session does, then applies it). A session's state is only read (to build a pure-rules
state next to it), never changed in place.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import tomli_w

from tests.games import game
from umpire.core.errors import IllegalAction
from umpire.games.base import Event
from umpire.games.openpass.commands import Choice, Command
from umpire.games.openpass.state import Deal, Deck, State
from umpire.scenario import Scenario
from umpire.scenario import parse as parse_scenario
from umpire.session import Output, Session, derive_salt

from . import events, ok, refusals

GAME = game("open-pass")

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FILE = ROOT / "scenarios" / "open-pass-heaven-hell.toml"
SEED = "2002"  # the tests' seed for the bundled scenario (tests/seeds.py)

NAMES = ("Hedger", "Uri", "Ian", "Yuna", "Marcel", "Elara", "Jonas", "Priya", "Theo", "Sana", "Kofi", "Lena", "Wren")
ALIASES = tuple(f"p{i + 1}" for i in range(13))
START = ("1", "1", "1", "2", "2", "2", "3", "3", "3", "+", "+", "+", "-", "-", "-")
PACKS: dict[str, tuple[str, ...]] = {  # R-OP-1, numbered 1-6 in this order
    "Heaven Basic": ("4", "5", "6", "+", "x"),
    "Heaven Mega": ("4", "5", "6", "7", "+", "+", "x", "x"),
    "Heaven Special": ("9", "x", "x"),
    "Hell Basic": ("6", "7", "8", "-", "/"),
    "Hell Mega": ("6", "7", "8", "9", "-", "-", "/", "/"),
    "Hell Special": ("9", "9", "/"),
}
PACK_NAMES = tuple(PACKS)
KINDS = "0123456789+-x/"


def scenario_text(**rules_overrides: Any) -> str:
    """The bundled scenario's TOML, with some `[rules]` keys changed."""
    text = SCENARIO_FILE.read_text(encoding="utf-8")
    if not rules_overrides:
        return text
    data = tomllib.loads(text)
    data["rules"].update(rules_overrides)
    return tomli_w.dumps(data)


def scenario(**rules_overrides: Any) -> Scenario:
    """The bundled 13-player scenario, with some `[rules]` keys changed."""
    where = "scenarios/open-pass-heaven-hell.toml" + (" (changed by a test)" if rules_overrides else "")
    return parse_scenario(scenario_text(**rules_overrides), where)


def new_session(*, journal: Path | None = None, seed: str = SEED, salt: str | None = None, **rules_overrides: Any) -> Session:
    """A session of the bundled scenario (seeded as batch mode seeds it unless `seed` says otherwise)."""
    return Session.create(scenario(**rules_overrides), journal_path=journal, seed=seed, salt=salt or derive_salt(seed))


def started(**kw: Any) -> Session:
    """Round 1 of deck building is open."""
    s = new_session(**kw)
    ok(s, "start")
    return s


Bids = Mapping[str, str]  # alias -> what follows "bid"


def play_round(s: Session, bids: Bids | None = None) -> list[Output]:
    """Feed a round's bids (alias -> pack list) and close it; returns the outputs of `close`."""
    for who, what in (bids or {}).items():
        ok(s, f"{who}: bid {what}")
    return ok(s, "close")


def to_playing(s: Session | None = None, rounds: Sequence[Bids | None] = (), **kw: Any) -> Session:
    """Start (if need be) and close every deck-building round with the given bids (none by default)."""
    if s is None:
        s = new_session(**kw)
    if s.state.phase == "waiting":
        ok(s, "start")
    i = 0
    while s.state.phase == "building":
        play_round(s, rounds[i] if i < len(rounds) else None)
        i += 1
    assert s.state.phase == "playing"
    return s


def cards(s: Session, name: str) -> Counter[str]:
    """A player's collection, from the final JSON."""
    return Counter(s.final()["players"][name]["cards"])


def collections(s: Session) -> dict[str, Counter[str]]:
    return {n: Counter(p["cards"]) for n, p in s.final()["players"].items()}


def total(s: Session) -> Counter[str]:
    """Every card every player holds, together."""
    out: Counter[str] = Counter()
    for c in collections(s).values():
        out.update(c)
    return out


def dealt(outputs: Sequence[Output]) -> dict[str, Any] | None:
    """The last `card_dealt` event of some outputs, or None."""
    evs = events(outputs, "card_dealt")
    return evs[-1] if evs else None


def setup_deck(s: Session, who: str, deck: str = "all", dealer: str = "heaven") -> None:
    ok(s, f"{who}: deck {deck}")
    ok(s, f"{who}: dealer {dealer}")


def play_through(s: Session, who: str, *, opens: int = 20) -> list[Output]:
    """Deal to `who` and open the first `opens` cards, passing the rest, until the deal is over."""
    out = ok(s, f"deal {who}")
    n = 0
    while dealt(out) is not None and not events(out, "deal_over"):
        verb = "open" if n < opens else "pass"
        n += 1
        out = ok(s, f"{who}: {verb}")
    return out


def play_row(s: Session, who: str, target: Sequence[str]) -> list[Output]:
    """Deal to `who` and build exactly the row `target` (leftmost first) if the shuffle allows it.

    Opened cards go to the left, so the cards are opened in the reverse of `target`'s order:
    each dealt card is opened when it is the next one needed, else passed. Returns every output.
    """
    want = list(reversed(target))
    out = ok(s, f"deal {who}")
    every = list(out)
    while (d := dealt(out)) is not None and not events(out, "deal_over"):
        verb = "open" if want and d["card"] == want[0] else "pass"
        if verb == "open":
            want.pop(0)
        out = ok(s, f"{who}: {verb}")
        every += out
    assert not want, f"the shuffle did not allow the row {' '.join(target)} (still wanted {want})"
    return every


def pure_state(s: Session, seat: int, order: Sequence[str], *, row: Sequence[str] = (), pos: int = 0) -> State:
    """The session's state (playing phase) with `seat` in the middle of a deal of `order` (pure; the session is untouched)."""
    state: State = s.state
    p = state.players[seat]
    deal = Deal(dealer="Heaven", order=tuple(order), pos=pos, row=tuple(row), started=True)
    players = list(state.players)
    players[seat] = replace(p, deal=deal)
    decks = state.decks.submit(seat, Deck(cards=tuple(order), padded=0))
    return replace(state, players=tuple(players), decks=decks, dealers=state.dealers.submit(seat, "Heaven"))


def judge(state: State, command: Command, now: int = 0) -> tuple[State, list[Event]]:
    """A command judged in the pure rules as the session judges it: its move's `when` (the "not now"
    refusal) for the player who makes it (the host for a host's move), then `apply`."""
    move = GAME.move_of(command)
    actor = None if move.who == "host" else getattr(command, "seat", None)
    why = GAME.why_not(state, actor, command)
    if why is not None:
        raise IllegalAction(why)
    return GAME.apply(state, command, now)


def answer_all(state: State, seat: int, verbs: Sequence[bool]) -> tuple[State, list[Any]]:
    """Apply `open` (True) / `pass` (False) answers in the pure rules; returns the state and every event."""
    evs: list[Any] = []
    for v in verbs:
        state, more = judge(state, Choice(seat=seat, open=v))
        evs += more
    return state, evs


def no_refusal(outputs: Sequence[Output]) -> None:
    bad = refusals(outputs)
    assert not bad, bad[0].text


def closing(outputs: Sequence[Output]) -> list[dict[str, Any]]:
    """Each round's public tally (`round_closed`) merged with the host's record of who received what
    (`round_record`): counts, all_odd, received, pity, no_bid, generated."""
    return [{**c, **r} for c, r in zip(events(outputs, "round_closed"), events(outputs, "round_record"), strict=True)]


def dms(outputs: Sequence[Output], seat: int) -> list[str]:
    """The private messages to the player in `seat`."""
    return [o.text for o in outputs if o.kind == "announce" and str(o.audience) == f"player:{seat}" and o.text]


def host_text(outputs: Sequence[Output]) -> str:
    """Everything the host alone sees."""
    return "\n".join(o.text for o in outputs if o.kind == "announce" and str(o.audience) == "host")
