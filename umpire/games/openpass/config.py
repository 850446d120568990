"""The settings of an Open, Pass match, checked, and the Config the rules read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.core.settings import Setting

NUMBERS = "0123456789"
SYMBOLS = "+-x/"
KINDS = NUMBERS + SYMBOLS  # every card there can be, in display order
_SPELLINGS = {"−": "-", "–": "-", "*": "x", "×": "x", "X": "x", "÷": "/"}

DEFAULT_PACKS = [
    {"name": "Heaven Basic", "cards": ["4", "5", "6", "+", "x"]},
    {"name": "Heaven Mega", "cards": ["4", "5", "6", "7", "+", "+", "x", "x"]},
    {"name": "Heaven Special", "cards": ["9", "x", "x"]},
    {"name": "Hell Basic", "cards": ["6", "7", "8", "-", "/"]},
    {"name": "Hell Mega", "cards": ["6", "7", "8", "9", "-", "-", "/", "/"]},
    {"name": "Hell Special", "cards": ["9", "9", "/"]},
]
STARTING_SET = ["1", "1", "1", "2", "2", "2", "3", "3", "3", "+", "+", "+", "-", "-", "-"]

SETTINGS: tuple[Setting, ...] = (
    Setting(key="rounds", kind="int", default=3, minimum=1, maximum=20, help="Deck-building rounds."),
    Setting(key="starting_set", kind="list[str]", default=STARTING_SET, help="The cards every player starts with."),
    Setting(
        key="packs",
        kind="list[table]",
        default=DEFAULT_PACKS,
        ruling="R-OP-1",
        help="The packs: tables with `name`, `cards` and optionally `rounds` (the rounds it is offered in; default every round).",
    ),
    Setting(key="bids_per_player", kind="int", default=2, minimum=1, help="Most different packs a player may bid on in a round."),
    Setting(
        key="pity", kind="list[str]", default=["1", "2", "3", "+", "-"], ruling="R-OP-2", help="The pity card is drawn (seeded) from these."
    ),
    Setting(
        key="all_odd_pity",
        kind="bool",
        default=True,
        help="When every pack is chosen an odd number of times nobody gets a pack; true: everyone then gets a pity card, as anyone who gains no pack does.",
    ),
    Setting(key="deck_size", kind="int", default=20, minimum=1, help="Cards in a deck."),
    Setting(key="pad_card", kind="str", default="/", help="What a deck of fewer cards is padded with."),
    Setting(key="max_open", kind="int", default=10, minimum=1, help="Most cards a player may open; the rest pass automatically."),
    Setting(
        key="dealers",
        kind="list[str]",
        default=["Heaven", "Hell"],
        ruling="R-OP-3",
        help="The dealers a player chooses between; they differ only in their random stream.",
    ),
    Setting(
        key="division",
        kind="choice",
        default="exact",
        choices=("exact", "floor"),
        ruling="R-ARITH-1",
        help="Division: exact fractions, or floored.",
    ),
    Setting(
        key="division_by_zero",
        kind="choice",
        default="skip",
        choices=("skip",),
        ruling="R-ARITH-2",
        help="A division by zero (only possible with a 0 card) is skipped.",
    ),
    Setting(key="tokens", kind="list[int]", default=[3, 1, 1], minimum=0, help="Tokens of Life for the best, second, third … scores."),
    Setting(key="ecs", kind="int", default=3, minimum=0, help="How many of the worst scores are ECs."),
)


def card(text: str) -> str | None:
    """The canonical card for a spelling (`*` -> `x`, `−` -> `-`), or None."""
    t = _SPELLINGS.get(text, text.lower() if text in ("X",) else text)
    return t if t in KINDS and len(t) == 1 else None


@dataclass(frozen=True, kw_only=True)
class Pack:
    """One pack: its name, its cards and the rounds it is offered in."""

    name: str
    cards: tuple[str, ...]
    rounds: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Config:
    """A match's settings in the form the rules use."""

    names: tuple[str, ...]
    seed: str
    rounds: int
    starting: tuple[str, ...]
    packs: tuple[Pack, ...]
    bids: int
    pity: tuple[str, ...]
    all_odd_pity: bool
    deck_size: int
    pad: str
    max_open: int
    dealers: tuple[str, ...]
    division: str
    tokens: tuple[int, ...]
    ecs: int

    def offered(self, round_no: int) -> tuple[Pack, ...]:
        """The packs on offer in a round, in the scenario's order."""
        return tuple(p for p in self.packs if round_no in p.rounds)


def validate(settings: dict[str, Any]) -> list[tuple[str, str]]:
    """Card names, pack tables, dealers and token counts, each problem with its key."""
    out: list[tuple[str, str]] = []
    for key in ("starting_set", "pity"):
        for i, c in enumerate(settings[key]):
            if card(c) is None:
                out.append((f"{key}[{i}]", f"{c!r} is not a card (cards are 0–9 and + - x /)"))
    if not settings["pity"]:
        out.append(("pity", "expected at least one card"))
    if card(settings["pad_card"]) is None:
        out.append(("pad_card", f"{settings['pad_card']!r} is not a card"))
    rounds = settings["rounds"]
    seen_rounds: set[int] = set()
    names: set[str] = set()
    for i, p in enumerate(settings["packs"]):
        where = f"packs[{i}]"
        for k in p:
            if k not in ("name", "cards", "rounds"):
                out.append((f"{where}.{k}", "unknown key (expected one of: name, cards, rounds)"))
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            out.append((f"{where}.name", "expected the pack's name as a non-empty string"))
        elif name.casefold() in names:
            out.append((f"{where}.name", f"two packs are called {name!r}"))
        else:
            names.add(name.casefold())
        cards = p.get("cards")
        if not isinstance(cards, list) or not cards or not all(isinstance(c, str) and card(c) is not None for c in cards):
            out.append((f"{where}.cards", 'expected a non-empty list of cards such as ["4", "5", "+", "x"]'))
        rs = p.get("rounds", list(range(1, rounds + 1)))
        if not isinstance(rs, list) or not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= rounds for r in rs):
            out.append((f"{where}.rounds", f"expected a list of rounds from 1 to {rounds}"))
        else:
            seen_rounds.update(rs)
    for r in range(1, rounds + 1):
        if r not in seen_rounds:
            out.append(("packs", f"round {r} offers no pack"))
    if len(settings["dealers"]) < 1 or len({d.casefold() for d in settings["dealers"]}) != len(settings["dealers"]):
        out.append(("dealers", "expected at least one dealer, each with a different name"))
    if settings["bids_per_player"] > len(settings["packs"]):
        out.append(("bids_per_player", f"expected at most the number of packs ({len(settings['packs'])})"))
    return out


def configure(names: tuple[str, ...], seed: str, s: dict[str, Any]) -> Config:
    """Read checked settings into a Config."""
    rounds = s["rounds"]
    packs = tuple(
        Pack(name=p["name"].strip(), cards=tuple(card(c) or c for c in p["cards"]), rounds=tuple(p.get("rounds", range(1, rounds + 1))))
        for p in s["packs"]
    )
    return Config(
        names=names,
        seed=seed,
        rounds=rounds,
        starting=tuple(card(c) or c for c in s["starting_set"]),
        packs=packs,
        bids=s["bids_per_player"],
        pity=tuple(card(c) or c for c in s["pity"]),
        all_odd_pity=s["all_odd_pity"],
        deck_size=s["deck_size"],
        pad=card(s["pad_card"]) or "/",
        max_open=s["max_open"],
        dealers=tuple(s["dealers"]),
        division=s["division"],
        tokens=tuple(s["tokens"]),
        ecs=s["ecs"],
    )
