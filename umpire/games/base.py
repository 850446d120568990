"""The game contract: what every game hands the session, the REPL and the CLI.

A game is pure. `apply` takes a state, a command and the game time and returns the
next state and the events that happened, or raises a refusal. Time passing is an
input too: `next_due` says when the rules next act on their own (a `Deadline` from
`umpire.core.deadline`) and `on_due` does it.

Events are typed values (one frozen dataclass per kind) that say who may see them:
everyone, one player, or the host alone. A game's `renderers` table turns each kind
into chat text; a kind without a renderer is an error, never a silent fallback. A
renderer is given the event and the game's public context (`Game.public`: what everyone
may know from the start, made without the seed), never the state, so a post can say only
what its event holds; `Event.from_json` rebuilds an event from its JSON, so a post can be
made again from a journal or a transcript.

The tables of moves and views and the toolbar are in `umpire.games.tables`, named here too; the shared
building blocks a game may stand on (sealed rounds, turn orders, resources, the typed `Outcome`) are beside
them (`umpire.games.rounds`, `turns`, `resources`, `outcome`). docs/writing-a-game.md explains the contract
with a complete small example.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeAlias, TypeVar

from umpire.core.players import Roster
from umpire.core.settings import Setting, Settings, no_problems, no_seat_problems
from umpire.core.streams import Streams
from umpire.games.eventjson import PLAIN as _PLAIN
from umpire.games.eventjson import jsonable
from umpire.games.facts import Fact, no_facts
from umpire.games.status import listed_status
from umpire.games.tables import HelpItem as HelpItem
from umpire.games.tables import Move as Move
from umpire.games.tables import Toolbar as Toolbar
from umpire.games.tables import View as View
from umpire.games.tables import ViewDef as ViewDef
from umpire.games.tables import anytime as anytime

if TYPE_CHECKING:
    from umpire.games import Entry, PostChannel
    from umpire.games.outcome import Outcome

S = TypeVar("S")  # a game's state
C = TypeVar("C")  # a game's command
P = TypeVar("P")  # what a game's renderers are given besides the event: its public context
E = TypeVar("E", bound="Event")

JSON: TypeAlias = Any  # a value json.dumps accepts (mypy cannot spell recursive JSON usefully)

Resolve = Callable[[str], int]
"""Turns a player's name or alias into a seat, refusing unknown or ambiguous names."""


# ---------------------------------------------------------------- audiences


@dataclass(frozen=True)
class Audience:
    """Who may see an event: everyone, one player (a DM), or the host alone.

    The host sees everything; a player's messages also wait in that player's outbox.
    """

    kind: Literal["public", "player", "host"]
    seat: int | None = None

    def __post_init__(self) -> None:
        if (self.kind == "player") != (self.seat is not None):
            raise ValueError("a player audience needs a seat, and only a player audience has one")

    @property
    def public(self) -> bool:
        """Whether everyone may see it."""
        return self.kind == "public"

    def __str__(self) -> str:
        """A stable label: "public", "host" or "player:SEAT"."""
        return self.kind if self.seat is None else f"player:{self.seat}"

    def to_json(self, names: Sequence[str]) -> dict[str, str]:
        """The audience as JSON fields: `{"audience": "player", "to": "Hedger"}` or `{"audience": "public"}`."""
        if self.seat is not None:
            return {"audience": self.kind, "to": names[self.seat]}
        return {"audience": self.kind}


PUBLIC = Audience("public")
HOST = Audience("host")


_DM: dict[int, Audience] = {}  # each seat's, made once: a value, and a long game makes one at nearly every ruling


def dm(seat: int) -> Audience:
    """The audience of a private message to the player in `seat`."""
    got = _DM.get(seat)
    if got is None:
        got = _DM[seat] = Audience("player", seat)
    return got


# ---------------------------------------------------------------- events


@dataclass(frozen=True, kw_only=True)
class Question:
    """What an event asks one player when the answer is one of a few fixed words (open or pass, yes or no).

    A front end may offer the answers as buttons (the Discord bot does, showing only those the game would
    take from that player as it asks); a tap is then judged exactly as the word typed by that player.
    Only the player named answers it.
    """

    player: str  # who answers: the player's name, as the game's events name players
    answers: tuple[str, ...]  # each exactly as the player would type it, e.g. ("open", "pass")


_PAYLOAD_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}  # an event class's payload fields and their JSON keys, looked up once


@dataclass(frozen=True, kw_only=True)
class Event:
    """Something that happened, as data: subclass once per kind, with the kind's fields.

    `kind` names it in JSON output; `generated` marks a seeded item revealed now (checked by
    `umpire verify`). Field names are the JSON keys (`json_keys` names those written otherwise),
    so keep them stable: journals and transcripts carry them. A field that `payload` may leave out
    has a default, which `from_json` gives it back.
    """

    kind: ClassVar[str] = ""
    generated: ClassVar[bool] = False
    reveals: ClassVar[bool] = False  # it makes public what sealed submissions held (a bout's plays, a lot's bids)
    json_keys: ClassVar[Mapping[str, str]] = {}  # fields written under another JSON key: {"from_": "from"}

    t: int
    audience: Audience = PUBLIC

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("kind") and not cls.__name__.startswith("_"):
            raise TypeError(f"event class {cls.__name__} must set `kind`")

    @property
    def is_generated(self) -> bool:
        """Whether this event reveals a seeded item (the kind's `generated`; a kind may decide per event)."""
        return self.generated

    @property
    def question(self) -> Question | None:
        """What this event asks a player with a few fixed answers (a dealt card's open or pass), or None.

        A kind that asks one says so here, from its own fields; it changes nothing else (not its JSON).
        """
        return None

    @property
    def outcome(self) -> Outcome | None:
        """The match's result, for the event that ends the match (None for every other event).

        The kind that ends a match says so here, from its own fields, exactly as its game's `outcome(state)` says
        it; it changes nothing else (not its JSON). A picture of the result is drawn from it.
        """
        return None

    def payload(self) -> dict[str, JSON]:
        """The kind's own fields as JSON data (everything but `t` and `audience`)."""
        keys = _PAYLOAD_FIELDS.get(type(self))
        if keys is None:
            to = self.json_keys
            keys = _PAYLOAD_FIELDS[type(self)] = tuple(
                (f.name, to.get(f.name, f.name)) for f in fields(self) if f.name not in ("t", "audience")
            )
        return {key: v if type(v := getattr(self, name)) in _PLAIN else jsonable(v) for name, key in keys}

    def to_json(self, names: Sequence[str]) -> dict[str, JSON]:
        """The event as one JSON object for `--json`, its audience named (as `Audience.to_json` names it)."""
        audience = self.audience
        data: dict[str, JSON] = {"type": "event", "event": self.kind, "t": self.t, "audience": audience.kind}
        if audience.seat is not None:
            data["to"] = names[audience.seat]
        data.update(self.payload())
        return data

    @classmethod
    def from_payload(cls: type[E], payload: Mapping[str, JSON], *, t: int, audience: Audience = PUBLIC) -> E:
        """The event of this kind whose `payload()` is `payload` (a journal's generated item); ValueError if it cannot be."""
        from umpire.games.eventjson import fields_from_json

        return cls(t=t, audience=audience, **fields_from_json(cls, payload, skip=("t", "audience")))

    @classmethod
    def from_json(cls: type[E], data: Mapping[str, JSON], names: Sequence[str]) -> E:
        """The event of this kind that `to_json(names)` wrote as `data` (its envelope checked, its audience read back by name)."""
        from umpire.games.eventjson import envelope

        t, audience, payload = envelope(cls.kind, data, names)
        return cls.from_payload(payload, t=t, audience=audience)


@dataclass(frozen=True, kw_only=True)
class Post:
    """One message to post: chat text (Discord markdown) and, where a picture helps, an image.

    `image` draws the PNG only when asked, so a session that never copies images pays nothing.
    """

    text: str
    image: Callable[[], bytes] | None = field(default=None, compare=False)


Rendered: TypeAlias = str | Post | Sequence[str | Post]


class MissingRenderer(LookupError):
    """An event kind that its game cannot put into words: a bug a test catches."""


class Renderers(Generic[P]):
    """A game's table from event kind to renderer.

    A renderer is given the game's public context (`Game.public`: what everyone may know from the
    start, such as the settings and the players' names) and the event, never the state: what a
    post says is in its event, so it can be made again from the event's JSON.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, kw_only=True)
    ... class Rang(Event):
    ...     kind = "rang"
    ...     times: int
    >>> table: Renderers[str] = Renderers()
    >>> @table.on(Rang)
    ... def _(bell: str, ev: Rang) -> str:
    ...     return f"The {bell} rang {ev.times} times."
    >>> [p.text for p in table.render("chapel bell", Rang(t=0, times=3))]
    ['The chapel bell rang 3 times.']
    """

    def __init__(self) -> None:
        self._table: dict[type[Event], Callable[[P, Any], Rendered]] = {}

    def on(self, kind: type[E]) -> Callable[[Callable[[P, E], Rendered]], Callable[[P, E], Rendered]]:
        """Register the renderer of one event kind (a decorator)."""

        def register(fn: Callable[[P, E], Rendered]) -> Callable[[P, E], Rendered]:
            if kind in self._table:
                raise ValueError(f"{kind.__name__} already has a renderer")
            self._table[kind] = fn
            return fn

        return register

    def kinds(self) -> frozenset[type[Event]]:
        """Every event kind with a renderer."""
        return frozenset(self._table)

    def render(self, public: P, event: Event) -> list[Post]:
        """The posts for one event, given the game's public context. Raises MissingRenderer."""
        fn = self._table.get(type(event))
        if fn is None:
            raise MissingRenderer(f"no renderer for {type(event).__name__} ({event.kind!r})")
        out = fn(public, event)
        if isinstance(out, str):
            return [Post(text=out)]
        if isinstance(out, Post):
            return [out]
        return [p if isinstance(p, Post) else Post(text=p) for p in out]


# ---------------------------------------------------------------- what the host sees


@dataclass(frozen=True, kw_only=True)
class PublicSetup:
    """What everyone may know of a game before it starts: the players and the checked `[rules]` settings.

    A game's public context (`Game.public`) is made from this alone, so it cannot hold the seed or
    anything drawn from it.
    """

    roster: Roster
    settings: Settings


@dataclass(frozen=True, kw_only=True)
class Setup(PublicSetup):
    """Everything a game starts from: the players, the checked `[rules]` settings and the seed's streams."""

    streams: Streams


# ---------------------------------------------------------------- the game


def line_by_line(state: object, actor: int | None, lines: Sequence[str]) -> list[str]:
    """A game's default reading of a chat message of several lines: each line on its own."""
    return list(lines)


def no_pictures() -> None:
    """A game without pictures has nothing to draw ahead."""


def no_rederivation(setup: Setup, event: Event) -> Any:
    """A game that generates nothing declares no re-derivation (umpire.games.rederive): no item is its."""
    raise LookupError(f"the game declares no re-derivation of a {event.kind} item")


def the_setup(setup: PublicSetup) -> PublicSetup:
    """A game that declares no public context gives its renderers the players and the settings."""
    return setup


@dataclass(frozen=True, kw_only=True, eq=False)
class Game(Generic[S, C]):
    """A game: its rules, commands, announcements and views, over its state `S` and command `C`.

    A record of the game's own functions (no adapter forwards them): a game's folder builds one
    `Game(...)` from its modules, naming the parts a session's start does not need by where they are
    (`umpire.games.later`: imported at first use, then held here as themselves). The rules are pure:
    `apply` takes a state, a command and the game time and returns the next state and the events that
    happened, or raises a refusal; time passing is an input too (`next_due` says when the rules next
    act on their own, `on_due` does it).

    What is secret, and from whom: `moves` marks the sealed submissions, events mark what
    `reveals` them, and `knowledge(state, seat)` is what one seat may know now (None: everyone).
    The result is typed: `outcome(state)` once the match is over, the same as the ending event's `outcome`.
    Announcements are made from events alone: a renderer is given the event and `public(setup)`,
    the game's public context, never the state.
    """

    # -- what it is
    entry: Entry  # its registry entry: name, title, player counts, doc (read without importing the game)
    settings: tuple[Setting, ...]
    events: Sequence[type[Event]]  # every kind of event the game emits (a tuple, or `LaterEvents`)
    renderers: Renderers[Any]  # given `public(...)` and the event; never the state
    public: Callable[[PublicSetup], Any] = the_setup
    """The public context its renderers are given with each event: what everyone may know from the start
    (its configuration: the settings and the players' names), made from the players and the settings alone,
    never the seed, its streams or anything drawn from them. By default, the `PublicSetup` itself."""
    moves: tuple[Move[S], ...]
    view_defs: tuple[ViewDef[S], ...]

    # -- the rules (pure)
    start: Callable[[Setup], S]  # the state before the first input
    parse: Callable[[S, int | None, str, Resolve], C]  # a command from a player (a seat) or the host (None)
    apply: Callable[[S, C, int], tuple[S, list[Event]]]  # judge a command at game time `now`
    next_due: Callable[[S], int | None]  # when the rules next act on their own (a deadline's reminder or passing)
    on_due: Callable[[S, int], tuple[S, list[Event]]]  # do what is due at `now` (which is `next_due(state)`)
    is_over: Callable[[S], bool]

    # -- what is known
    knowledge: Callable[[S, int | None], dict[str, JSON]]  # what a seat (None: everyone) may know now, as JSON
    final: Callable[[S, int], dict[str, JSON]]  # the whole state as JSON (the host's `final` of `--json`)
    outcome: Callable[[S], Outcome | None]  # the result once the match is over (None before): what the report, bot and pictures read
    toolbar: Callable[[S, int], Toolbar]  # the REPL's toolbar: running clocks first. Must be cheap
    rulings: Callable[[Settings], list[str]]  # the house rulings in force, each naming its key (R-…) and setting
    facts: Callable[[Settings], tuple[Fact, ...]] = no_facts  # what a report shows of every player, named (facts.py)

    # -- optional
    validate: Callable[[Settings], list[tuple[str, str]]] = no_problems  # settings that do not fit together
    validate_players: Callable[[Settings, int], list[tuple[str, str]]] = no_seat_problems  # settings vs the seats
    message: Callable[[S, int | None, Sequence[str]], list[str]] = line_by_line
    """The inputs one chat message of several lines makes, judged in turn (by default each line on its own).

    A message is what one sender sent at once: the lines under a Discord header up to an empty line,
    the next header or a time line, or one Discord message a bot receives. A game whose card reads a
    multi-line message as one submission returns the lines joined by newlines, and its `parse`
    reads that text whole (Devil's Deal: a division written a pile a line)."""
    status_words: tuple[str, ...] = ("status",)
    """The words a player asks what they may know with: `status`, and the game's own (`pool`, `cards`); a game whose card
    makes `status` a public post leaves it out (The Choice is Yours: `money`). The session answers them itself,
    privately, from `knowledge` (R-READ-4); they never reach `parse` from a player."""
    own_status: Callable[[Mapping[str, JSON], str], str] = listed_status
    """A player's answer to `status`, in words: made from `knowledge(state, seat)` for the asking seat, and the
    player's name, and nothing else, so it cannot say more than that seat may know."""
    meaningful: str = ""
    """The characters this game's moves give a meaning of their own (an operator, a separator: `*` to multiply, `|`
    between piles). Before a game reads a player's line the session sets aside what Discord adds around a move
    (emphasis, spoiler and code marks, a trailing emoji, end punctuation: `umpire.session.reading`, R-READ-1); a mark
    made of one of these characters is set aside only where it wraps the whole line, and never inside it."""
    warm_pictures: Callable[[], None] = no_pictures
    """Draws one picture of each kind the game posts and throws them away, so that the first real
    picture of a session finds its fonts, glyphs and shapes ready (see `umpire.games.pictures.warm`).
    A front end that posts pictures runs it once, in the background, soon after it starts."""
    rederive: Callable[[Setup, Event], Any] = no_rederivation
    """A generated item re-derived from the seed alone: its stream and seeded fields, or why it cannot be
    (`umpire.games.rederive`); `umpire verify` checks a published journal's items past a sealed entry with it."""

    _by_name: dict[str, Move[S]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_name = {m.name: m for m in self.moves}
        if len(by_name) != len(self.moves):
            raise ValueError(f"{self.key}: two moves share a name")
        object.__setattr__(self, "_by_name", by_name)
        from umpire.games.later import LaterPart  # parts named by where they are (umpire/games/later.py)

        for name, value in list(vars(self).items()):
            if isinstance(value, LaterPart):
                value.seat(self, name)  # once imported, the part itself takes its place here

    # -- derived from the entry and the tables

    @property
    def key(self) -> str:
        """The game's name in scenarios and on the command line, e.g. "devils-deal"."""
        return self.entry.key

    @property
    def title(self) -> str:
        """The game's title."""
        return self.entry.title

    @property
    def players(self) -> tuple[int, int]:
        """The fewest and most players a scenario may seat."""
        return self.entry.players

    @property
    def doc(self) -> str:
        """The game's doc, from the repository's root."""
        return self.entry.doc

    @property
    def channels(self) -> tuple[PostChannel, ...]:
        """The channels of its own a bot may post some kinds of its public posts to (its registry entry's)."""
        return self.entry.channels

    def help(self) -> list[HelpItem]:
        """Every form of every move, with its example, in the table's order."""
        return [form for move in self.moves for form in move.forms]

    def views(self) -> Sequence[ViewDef[S]]:
        """The host views, by name; each is built only when asked for."""
        return self.view_defs

    def view(self, name: str) -> ViewDef[S] | None:
        """The view called `name`, or None."""
        for v in self.view_defs:
            if v.name == name:
                return v
        return None

    def move_of(self, command: C) -> Move[S]:
        """The move a command belongs to (its class names it). Raises LookupError for a command in no move."""
        name = getattr(command, "move", None)
        move = self._by_name.get(name) if isinstance(name, str) else None
        if move is None:
            raise LookupError(f"{self.key}: {type(command).__name__} names no move of the table ({name!r})")
        return move

    def why_not(self, state: S, actor: int | None, command: C) -> str | None:
        """Why `actor` cannot make this command's move now (the "not now" refusal), or None."""
        return self.move_of(command).when(state, actor)

    def allowed(self, state: S, actor: int | None) -> list[Move[S]]:
        """The moves `actor` (a seat, or None for the host) may make now: the legal-command query."""
        return [m for m in self.moves if m.who in ("either", "host" if actor is None else "player") and m.when(state, actor) is None]

    def suggest(self, state: S, actor: int | None, words: Sequence[str]) -> list[str]:
        """Words that may come next after `words`, for tab completion: from the moves allowed now."""
        out: list[str] = []
        for move in self.allowed(state, actor):
            for word in move.suggest(state, actor, words):
                if word not in out:
                    out.append(word)
        return out

    def announce(self, public: Any, event: Event) -> list[Post]:
        """The posts for one event, all for the event's audience (`public`: what `public(setup)` gave)."""
        return self.renderers.render(public, event)
