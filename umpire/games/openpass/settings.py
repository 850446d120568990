"""The settings of an Open, Pass match (the scenario's `[rules]`), checked; the Config the rules read;
and the house rulings in force (`rulings`, what the REPL's `rules` shows)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from umpire.core.clock import MINUTE
from umpire.core.errors import AmbiguousCommand, InvalidCommand
from umpire.core.settings import Schema, Setting, Settings
from umpire.games.openpass.cards import DIVISIONS, KINDS, NUMBERS, SYMBOLS, WHAT_A_CARD_IS, card

if TYPE_CHECKING:
    from umpire.games.base import PublicSetup


DEFAULT_PACKS = [
    {"name": "Heaven Basic", "cards": ["4", "5", "6", "+", "x"]},
    {"name": "Heaven Mega", "cards": ["4", "5", "6", "7", "+", "+", "x", "x"]},
    {"name": "Heaven Special", "cards": ["9", "x", "x"]},
    {"name": "Hell Basic", "cards": ["6", "7", "8", "-", "/"]},
    {"name": "Hell Mega", "cards": ["6", "7", "8", "9", "-", "-", "/", "/"]},
    {"name": "Hell Special", "cards": ["9", "9", "/"]},
]
STARTING_SET = ["1", "1", "1", "2", "2", "2", "3", "3", "3", "+", "+", "+", "-", "-", "-"]

# Bounds on list settings that the schema cannot state (issue 13: a value a real game never needs
# must not freeze a match).
MOST_CARDS = 200  # in the starting set
MOST_PACKS = 30
MOST_PACK_CARDS = 50
MOST_PITY = 50
MOST_DEALERS = 10
MOST_REMINDERS = 10
A_MONTH = 43_200  # minutes


class Reveal(StrEnum):
    """R-OP-5: when a finished row and its score become public."""

    AT_CLOSE = "at-close"  # in the results, when the playing phase closes (default)
    AT_ONCE = "at-once"  # as soon as the deal is over


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
    Setting(
        key="bids_per_player",
        kind="int",
        default=2,
        minimum=1,
        maximum=MOST_PACKS,
        help="Most different packs a player may bid on in a round.",
    ),
    Setting(
        key="pity", kind="list[str]", default=["1", "2", "3", "+", "-"], ruling="R-OP-2", help="The pity card is drawn (seeded) from these."
    ),
    Setting(
        key="all_odd_pity",
        kind="bool",
        default=True,
        help="When every pack is chosen an odd number of times nobody gets a pack; true: everyone then gets a pity card, as anyone who gains no pack does.",
    ),
    Setting(key="deck_size", kind="int", default=20, minimum=1, maximum=100, help="Cards in a deck."),
    Setting(key="pad_card", kind="str", default="/", help="What a deck of fewer cards is padded with."),
    Setting(
        key="max_open", kind="int", default=10, minimum=1, maximum=100, help="Most cards a player may open; the rest pass automatically."
    ),
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
        choices=DIVISIONS,
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
    Setting(
        key="tokens",
        kind="list[int]",
        default=[3, 1, 1],
        minimum=0,
        maximum=100,
        help="Tokens of Life for the best, second, third … scores.",
    ),
    Setting(key="ecs", kind="int", default=3, minimum=0, maximum=30, help="How many of the worst scores are ECs."),
    Setting(
        key="round_minutes",
        kind="int",
        default=1440,
        minimum=1,
        maximum=A_MONTH,
        ruling="R-OP-6",
        help="How long each deck-building round's bidding lasts; when it runs out the round closes as the host's `close` would (no bid = no bid).",
    ),
    Setting(
        key="round_reminders",
        kind="list[int]",
        default=[60],
        minimum=1,
        maximum=A_MONTH,
        help="Reminders this many minutes before a bidding round closes.",
    ),
    Setting(
        key="play_minutes",
        kind="int",
        default=2880,
        minimum=1,
        maximum=A_MONTH,
        help="How long the playing phase lasts (the card: 48 hours); when it runs out the phase closes as the host's `close` would.",
    ),
    Setting(
        key="play_reminders",
        kind="list[int]",
        default=[360, 60],
        minimum=1,
        maximum=A_MONTH,
        help="Reminders this many minutes before the playing phase closes.",
    ),
    Setting(
        key="reveal_rows",
        kind="choice",
        default=Reveal.AT_CLOSE.value,
        choices=tuple(r.value for r in Reveal),
        ruling="R-OP-5",
        help="When a finished row and its score become public: with the results (at-close), or as soon as the deal is over (at-once).",
    ),
    Setting(
        key="reveal_receipts",
        kind="choice",
        default="private",
        choices=("private", "public"),
        ruling="R-OP-9",
        help="Who received which pack and each pity card: told to each player concerned and the host (private), or posted for all (public). The counts per pack are always public.",
    ),
    Setting(
        key="announce_trades",
        kind="bool",
        default=False,
        ruling="R-OP-10",
        help="Trades go to their two players and the host; true: the channel is also told that two players have traded (never the cards).",
    ),
)


def kinds_text(kinds: str) -> str:
    """How to say which cards a game has: `1–9 and + - x /`, or `1, 2, 5 and + x`.

    >>> kinds_text("123456789+-x/"), kinds_text("125+x"), kinds_text("0123")
    ('1–9 and + - x /', '1, 2, 5 and + x', '0–3')
    """
    digits = [c for c in NUMBERS if c in kinds]
    symbols = [c for c in SYMBOLS if c in kinds]
    if digits and len(digits) > 2 and int(digits[-1]) - int(digits[0]) == len(digits) - 1:
        numbers = f"{digits[0]}–{digits[-1]}"
    else:
        numbers = ", ".join(digits)
    return " and ".join(x for x in (numbers, " ".join(symbols)) if x)


@dataclass(frozen=True, kw_only=True)
class Pack:
    """One pack: its name, its cards and the rounds it is offered in."""

    name: str
    cards: tuple[str, ...]
    rounds: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Config:
    """A match's settings in the form the rules use: what everyone may know of it (the game's public context, which its
    renderers are given), so nothing drawn from the seed."""

    names: tuple[str, ...]
    aliases: tuple[tuple[str, ...], ...]
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
    round_ms: int
    round_reminders: tuple[int, ...]  # ms before the deadline
    play_ms: int
    play_reminders: tuple[int, ...]
    reveal: Reveal
    public_receipts: bool
    announce_trades: bool

    def offered(self, round_no: int) -> tuple[Pack, ...]:
        """The packs on offer in a round, in the scenario's order."""
        return tuple(p for p in self.packs if round_no in p.rounds)

    @property
    def kinds(self) -> str:
        """Every card this match can hold, in display order (for refusals that say what a card is)."""
        seen = set(self.starting) | set(self.pity) | {self.pad} | {c for p in self.packs for c in p.cards}
        return "".join(k for k in KINDS if k in seen)

    def seat_of(self, name: str) -> int:
        """The seat of a player named by display name or alias (any case); refuses unknown or ambiguous names."""
        key = " ".join(name.casefold().split())
        seats = [i for i, (n, a) in enumerate(zip(self.names, self.aliases, strict=True)) if key in {x.casefold() for x in (n, *a)}]
        if len(seats) > 1:
            raise AmbiguousCommand(f"“{name}” could be {' and '.join(self.names[i] for i in seats)}; use an alias")
        if not seats:
            known = ", ".join(f"{n} ({'/'.join(a)})" if a else n for n, a in zip(self.names, self.aliases, strict=True))
            raise InvalidCommand(f"there is no player called “{name}” (players: {known})")
        return seats[0]


def _cards_problems(settings: Mapping[str, object]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, most in (("starting_set", MOST_CARDS), ("pity", MOST_PITY)):
        value = settings[key]
        assert isinstance(value, list)
        for i, c in enumerate(value):
            if card(str(c)) is None:
                out.append((f"{key}[{i}]", f"{c!r} is not a card ({WHAT_A_CARD_IS})"))
        if len(value) > most:
            out.append((key, f"expected at most {most} cards, got {len(value)}"))
    if not settings["pity"]:
        out.append(("pity", "expected at least one card"))
    if card(str(settings["pad_card"])) is None:
        out.append(("pad_card", f"{settings['pad_card']!r} is not a card ({WHAT_A_CARD_IS})"))
    return out


def _pack_problems(settings: Mapping[str, object]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    rounds = settings["rounds"]
    packs = settings["packs"]
    assert isinstance(rounds, int) and isinstance(packs, list)
    if len(packs) > MOST_PACKS:
        out.append(("packs", f"expected at most {MOST_PACKS} packs, got {len(packs)}"))
    seen_rounds: set[int] = set()
    names: set[str] = set()
    for i, p in enumerate(packs):
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
        elif len(cards) > MOST_PACK_CARDS:
            out.append((f"{where}.cards", f"expected at most {MOST_PACK_CARDS} cards, got {len(cards)}"))
        rs = p.get("rounds", list(range(1, rounds + 1)))
        if not isinstance(rs, list) or not all(isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= rounds for r in rs):
            out.append((f"{where}.rounds", f"expected a list of rounds from 1 to {rounds}"))
        else:
            seen_rounds.update(rs)
    out += [("packs", f"round {r} offers no pack") for r in range(1, rounds + 1) if r not in seen_rounds]
    return out


def _clock_problems(settings: Mapping[str, object]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for deadline, reminders in (("round_minutes", "round_reminders"), ("play_minutes", "play_reminders")):
        length, before = settings[deadline], settings[reminders]
        assert isinstance(length, int) and isinstance(before, list)
        if len(before) > MOST_REMINDERS:
            out.append((reminders, f"expected at most {MOST_REMINDERS} reminders, got {len(before)}"))
        for r in before:
            if r >= length:
                out.append(
                    (reminders, f"a reminder {r} minutes before the end never fires: {deadline} is {length} (expected fewer minutes)")
                )
    return out


def validate(settings: Mapping[str, object]) -> list[tuple[str, str]]:
    """Card names, pack tables, dealers, clocks and list sizes, each problem with its key."""
    out = _cards_problems(settings) + _pack_problems(settings) + _clock_problems(settings)
    dealers = settings["dealers"]
    packs = settings["packs"]
    bids = settings["bids_per_player"]
    assert isinstance(dealers, list) and isinstance(packs, list) and isinstance(bids, int)
    if len(dealers) < 1 or len({str(d).casefold() for d in dealers}) != len(dealers):
        out.append(("dealers", "expected at least one dealer, each with a different name"))
    elif len(dealers) > MOST_DEALERS:
        out.append(("dealers", f"expected at most {MOST_DEALERS} dealers, got {len(dealers)}"))
    if bids > len(packs):
        out.append(("bids_per_player", f"expected at most the number of packs ({len(packs)})"))
    tokens = settings["tokens"]
    assert isinstance(tokens, list)
    if len(tokens) > 30:
        out.append(("tokens", f"expected at most 30 places, got {len(tokens)}"))
    return out


def token_places(tokens: list[int] | tuple[int, ...]) -> int:
    """How many places win Tokens of Life: up to the last place that wins any."""
    return max((i + 1 for i, t in enumerate(tokens) if t > 0), default=0)


def validate_players(settings: Mapping[str, object], players: int) -> list[tuple[str, str]]:
    """A player cannot be both a token winner and an EC: the places that win tokens and the ECs must fit the table."""
    tokens, ecs = settings["tokens"], settings["ecs"]
    assert isinstance(tokens, list) and isinstance(ecs, int)
    places = token_places(tokens)
    if places + ecs > players:
        return [
            (
                "ecs",
                f"{places} places win Tokens of Life (tokens) and {ecs} are ECs (ecs), but there are only {players} players: "
                f"expected at least {places + ecs} players, or fewer token places or ECs",
            )
        ]
    return []


def configure(setup: PublicSetup) -> Config:
    """Read the checked settings into a Config: what everyone may know of the match (the game's public context, which its
    renderers are given), so nothing drawn from the seed."""
    s: Settings = setup.settings
    rounds = s.integer("rounds")
    packs = []
    for p in s.tables("packs"):
        name, cards, rs = p["name"], p["cards"], p.get("rounds", list(range(1, rounds + 1)))
        assert isinstance(name, str) and isinstance(cards, list) and isinstance(rs, list)
        packs.append(Pack(name=name.strip(), cards=tuple(card(str(c)) or str(c) for c in cards), rounds=tuple(int(r) for r in rs)))
    return Config(
        names=tuple(p.name for p in setup.roster),
        aliases=tuple(p.aliases for p in setup.roster),
        rounds=rounds,
        starting=tuple(card(c) or c for c in s.texts("starting_set")),
        packs=tuple(packs),
        bids=s.integer("bids_per_player"),
        pity=tuple(card(c) or c for c in s.texts("pity")),
        all_odd_pity=s.flag("all_odd_pity"),
        deck_size=s.integer("deck_size"),
        pad=card(s.text("pad_card")) or "/",
        max_open=s.integer("max_open"),
        dealers=tuple(s.texts("dealers")),
        division=s.text("division"),
        tokens=tuple(s.integers("tokens")),
        ecs=s.integer("ecs"),
        round_ms=s.integer("round_minutes") * MINUTE,
        round_reminders=tuple(m * MINUTE for m in s.integers("round_reminders")),
        play_ms=s.integer("play_minutes") * MINUTE,
        play_reminders=tuple(m * MINUTE for m in s.integers("play_reminders")),
        reveal=Reveal(s.text("reveal_rows")),
        public_receipts=s.text("reveal_receipts") == "public",
        announce_trades=s.flag("announce_trades"),
    )


def minutes_text(m: int) -> str:
    """A span of minutes: `45 min`, `6 h (360 min)`.

    >>> minutes_text(45), minutes_text(360), minutes_text(1441)
    ('45 min', '6 h (360 min)', '24 h 1 min (1441 min)')
    """
    if m < 60:
        return f"{m} min"
    h, rest = divmod(m, 60)
    return f"{h} h{f' {rest} min' if rest else ''} ({m} min)"


def _pack_text(p: dict[str, object]) -> str:
    cards, rounds = p.get("cards"), p.get("rounds")
    text = f"{p.get('name')}: {' '.join(map(str, cards)) if isinstance(cards, list) else ''}"
    return text + (f" (rounds {', '.join(map(str, rounds))})" if isinstance(rounds, list) else "")


def rulings(s: Settings) -> list[str]:
    """The house rulings and settings in force, in the host's words (docs/rulings.md explains each)."""
    packs = "; ".join(_pack_text(p) for p in s.tables("packs"))
    tokens = s.integers("tokens")
    places = token_places(tokens)
    at_once = s.text("reveal_rows") == Reveal.AT_ONCE.value
    return [
        f"{s.integer('rounds')} deck-building rounds (rounds); each player starts with {' '.join(s.texts('starting_set'))} (starting_set).",
        f"R-OP-1: the packs (packs): {packs}.",
        f"Each player bids on up to {s.integer('bids_per_player')} different packs (bids_per_player); the last bid before the round closes counts.",
        "A pack chosen an odd number of times gives a copy to everyone who chose it; an even number (zero too) gives nothing.",
        "If every pack is chosen an odd number of times, nobody gets a pack that round"
        + (
            ", and so everyone gets a pity card (all_odd_pity = true)."
            if s.flag("all_odd_pity")
            else "; nobody gets a pity card either (all_odd_pity = false)."
        ),
        f"R-OP-2: a player who gains no pack gets one pity card, drawn (seeded) from {' '.join(s.texts('pity'))} (pity).",
        f"R-OP-6: each bidding round closes after {minutes_text(s.integer('round_minutes'))} (round_minutes), or earlier at the host's `close`; "
        f"reminders {', '.join(minutes_text(m) for m in s.integers('round_reminders')) or 'none'} before (round_reminders). No bid = no bid.",
        f"The playing phase closes after {minutes_text(s.integer('play_minutes'))} (play_minutes; the card: 48 hours), or earlier at the host's `close`; "
        f"reminders {', '.join(minutes_text(m) for m in s.integers('play_reminders')) or 'none'} before (play_reminders).",
        "R-OP-9: who received which pack and each pity card are "
        + (
            "posted for everyone (reveal_receipts = public)."
            if s.text("reveal_receipts") == "public"
            else "told only to the player concerned (and the host); the count per pack is public (reveal_receipts = private)."
        ),
        "Trades: one player offers, the other accepts; both must hold the cards then.",
        "R-OP-10: a trade's offer, answer and completion go to its two players as DMs and to the host, never to the channel "
        + (
            "with its cards; the channel is told only that the two have traded (announce_trades = true)."
            if s.flag("announce_trades")
            else "(announce_trades = false; true posts that two players have traded, never the cards)."
        )
        + " A refusal tells a player nothing of what the other side holds, nor of trades between others.",
        "R-OP-7: a submitted deck locks only the cards in it (they cannot be traded away); a player may replace a deck, or withdraw it "
        "with `deck none`, until their deal starts. While a deck stands, its cards and the cards its player offers in open trades never "
        "overlap (a deck that would lock offered cards, or an offer or accept that would give away cards promised or locked, is refused), "
        "so an offer always goes through when accepted and tells its other player nothing of the deck.",
        "R-OP-11: an open offer whose cards its maker no longer holds (a completed trade took them) is withdrawn at once, and its two "
        "players are told by DM; offers still covered by what the maker holds stay open.",
        f"A deck is exactly {s.integer('deck_size')} cards (deck_size); a player who owns fewer is padded with {s.text('pad_card')} (pad_card).",
        f"R-OP-3: the dealers ({', '.join(s.texts('dealers'))}) differ only in their random stream; the deck's listing order does not matter.",
        f"An opened card goes to the LEFT of the row; after {s.integer('max_open')} opens the rest pass automatically (max_open).",
        "The row is read left to right: of adjacent numbers (or symbols) only the leftmost counts; a trailing symbol is ignored; a leading symbol gets a 0 in front.",
        f"R-ARITH-1: division is {s.text('division')} (division); results show as an integer or a reduced fraction with 2 decimals.",
        "R-ARITH-2: a division by zero (possible only with a 0 card) is skipped, and the announcement says so.",
        "R-OP-4: an empty row scores 0; so does a player who never played when the phase closes.",
        "R-OP-5: each finished row and its score "
        + (
            "are posted as soon as the deal is over, without the cards that passed automatically (reveal_rows = at-once)."
            if at_once
            else "stay private (player and host) until the playing phase closes; the results then show every row (reveal_rows = at-close)."
        ),
        "R-OP-8: players who never played rank below everyone who played, and win no Tokens of Life; "
        "ties are then broken by one seeded draw of the whole table, announced.",
        f"Results: Tokens of Life {tokens} for the best scores ({places} places, tokens); the {s.integer('ecs')} worst are ECs (ecs). "
        "A scenario must seat at least as many players as token places plus ECs.",
        "Every ruling is explained in docs/rulings.md (Open, Pass section).",
    ]


# What checking a scenario reads (the registry entry names it, so `umpire new` needs no more of the game).
SCHEMA = Schema(SETTINGS, validate, validate_players)
