"""Buttons for small choices: a question with a few fixed answers goes out with a button per answer, and a tap is the
answer typed.

A game says which of its events ask one player such a question (`Event.question`: Open, Pass's dealt card, Devil's
Deal's refill and betting). The bot puts a button per answer on the question's message (a DM, or a public post for a
question asked in public), each carrying its question and answer in its ID. A question's buttons are live while it is
that player's latest question and one of its answers is a move the game would take from them now; once answered, past
its deadline, replaced by a newer question or taken back by an undo, they are closed: the message is changed to show
them disabled, and a tap still on its way is not taken (R-BOT-9, docs/discord.md). Typed words work as always.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.discord.wire import Button, Place
from umpire.games.base import Event, Question
from umpire.session import Output, OutputKind

PREFIX = "umpire"


@dataclass(eq=False)
class Asked:
    """A question put to one player with buttons: where its message is once Discord confirmed it, and whether it is live."""

    tag: str  # names it in its buttons' IDs: "dm/N/K" (the private message N/K) or "post/N/I" (entry N's public post I)
    n: int  # the entry that asked it
    seat: int
    answers: tuple[str, ...]
    place: Place  # where its message goes
    live: bool = True
    shown: bool = False  # its message went out with live buttons
    message: str | None = None  # the Discord message with its buttons, once confirmed


class Questions:
    """The questions asked with buttons in this run, and which are live; `edit` disables a closed one's buttons."""

    def __init__(self, game: str, names: Sequence[str], edit: Callable[[Asked], None]) -> None:
        """`game`: a short tag of the game (its buttons' IDs carry it); `names`: the players' names, by seat."""
        self.game = game
        self.names = tuple(names)
        self.edit = edit
        self.by_tag: dict[str, Asked] = {}
        self.latest: dict[int, Asked] = {}  # seat -> the live question put to them last
        self.state: Any = None  # the game state at the last review (nothing to look at again while it stands)

    def ask(self, tag: str, n: int, question: Question, place: Place, *, to: int | None = None) -> Asked | None:
        """Note a question an output asks, whose message goes to `place` (`to`: the seat its DM goes to, who alone may
        answer it); None if it gets no buttons."""
        seat = self._seat(question, to)
        if seat is None:
            return None
        asked = Asked(tag=tag, n=n, seat=seat, answers=question.answers[:5], place=place)
        earlier = self.latest.get(seat)
        if earlier is not None:
            self.close(earlier)  # a newer question to the same player closes the one before
        self.by_tag[tag] = self.latest[seat] = asked
        self.state = None  # to be looked at by the next review, even if the state is the one it looked at last
        return asked

    def _seat(self, question: Question, to: int | None) -> int | None:
        """The seat a question is asked of with buttons (None: it gets none); `to`: the seat its DM goes to."""
        if question.player not in self.names or not question.answers:
            return None
        seat = self.names.index(question.player)
        return None if to is not None and to != seat else seat  # a DM asking someone else than its reader: typed answers

    def asked_of(self, outputs: Sequence[Output]) -> set[int]:
        """The seats that outputs not yet sent (`route` has not seen them) ask a question with buttons: to whom they
        put a newer question than the one they have now."""
        seats = {self._seat(event.question, None) for event in asking(outputs).values() if event.question is not None}
        for o in outputs:
            if o.dm is not None and o.audience.seat is not None and o.source is not None and o.source.question is not None:
                seats.add(self._seat(o.source.question, o.audience.seat))
        return {seat for seat in seats if seat is not None}

    def buttons(self, asked: Asked | None) -> tuple[Button, ...]:
        """A question's buttons for its message as it goes out now: live, or none if it closed before it went out."""
        if asked is None or not asked.live:
            return ()
        asked.shown = True
        return tuple(Button(label=word, custom_id=self.custom_id(asked, i)) for i, word in enumerate(asked.answers))

    def disabled(self, asked: Asked) -> tuple[Button, ...]:
        """A closed question's buttons, as its message shows them once changed."""
        return tuple(Button(label=word, custom_id=self.custom_id(asked, i), disabled=True) for i, word in enumerate(asked.answers))

    def custom_id(self, asked: Asked, i: int) -> str:
        """The ID a tap on answer `i` carries: `umpire/GAME/TAG/I` (at most 100 characters)."""
        return f"{PREFIX}/{self.game}/{asked.tag}/{i}"

    def find(self, custom_id: str) -> tuple[Asked, str] | None:
        """The question and the answer a button's ID names (None: not this game's, or not asked in this run)."""
        head, _, rest = custom_id.partition("/")
        game, _, rest = rest.partition("/")
        tag, _, index = rest.rpartition("/")
        asked = self.by_tag.get(tag) if head == PREFIX and game == self.game else None
        if asked is None or not index.isdigit() or int(index) >= len(asked.answers):
            return None
        return asked, asked.answers[int(index)]

    def sent(self, asked: Asked | None, receipts: Sequence[str]) -> None:
        """Its message was confirmed (its buttons are on the last part); one closed meanwhile is changed at once."""
        if asked is None or not receipts:
            return
        asked.message = receipts[-1]
        if not asked.live and asked.shown:
            self.edit(asked)

    def close(self, asked: Asked) -> None:
        """Close a question: no tap on it is taken from now on, and its message shows its buttons disabled.

        It is forgotten (a tap on it is then answered as on any closed question); what holds it still may finish
        with it (its message on its way, a tap waiting to be judged)."""
        if not asked.live:
            return
        asked.live = False
        if self.latest.get(asked.seat) is asked:
            del self.latest[asked.seat]
        self.by_tag.pop(asked.tag, None)
        if asked.shown and asked.message is not None:
            self.edit(asked)

    def restore(self, found: Recorded, place: Place) -> None:
        """A question a resumed journal asked last of its player, with buttons perhaps still live on Discord."""
        asked = Asked(tag=found.tag, n=found.n, seat=found.seat, answers=found.answers, place=place, shown=True, message=found.message)
        self.by_tag[asked.tag] = self.latest[asked.seat] = asked

    def review(self, state: Any, answerable: Callable[[int, str], bool], undone: Iterable[int]) -> None:
        """Close the questions an undo took back (entries `undone`) and those none of whose answers the game would take now."""
        taken_back = set(undone)
        if state is self.state and not taken_back:
            return
        self.state = state
        for asked in list(self.latest.values()):
            if asked.n in taken_back or not any(answerable(asked.seat, word) for word in asked.answers):
                self.close(asked)


@dataclass(eq=False)
class Recorded:
    """A question a replayed journal asked a player, and the message that carried it (once an entry names it)."""

    tag: str
    n: int
    seat: int
    answers: tuple[str, ...]
    kind: str  # its event's kind (a public question's channel follows it)
    message: str | None = None


class QuestionLog:
    """Watches a replay for what a resumed bot needs of its buttons: each player's latest question and its message.

    A private question's message is named by the `delivered` entry of its DM, a public one's by the `posted` entry
    of its post (the buttons are on the last message of each)."""

    def __init__(self) -> None:
        self.latest: dict[int, Recorded] = {}  # seat -> the question asked of them last

    def see(self, entry: dict[str, Any], outputs: Sequence[Output]) -> None:
        """One replayed entry (opened) with its outputs."""
        kind, receipts = entry.get("kind"), entry.get("receipts") or []
        if kind == "undo":  # a question taken back is no longer asked
            self.latest = {seat: q for seat, q in self.latest.items() if q.n != entry.get("undoes")}
        elif kind == "delivered" and len(entry.get("dms") or []) == 1 and receipts:
            n, k = entry["dms"][0]
            self._named(f"dm/{n}/{k}", str(receipts[-1]))
        elif kind == "posted" and len(entry.get("posts") or []) == 1 and receipts:
            self._named(f"post/{entry.get('of')}/{entry['posts'][0]}", str(receipts[-1]))
        n = int(entry.get("n", 0))
        public = asking(outputs)
        place = -1
        for j, o in enumerate(outputs):
            if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text:
                place += 1
                if j in public and (question := public[j].question) is not None:
                    self._asked(f"post/{n}/{place}", n, question, o.names, public[j].kind)
            elif o.dm is not None and o.source is not None and o.source.question is not None:
                self._asked(f"dm/{o.dm[0]}/{o.dm[1]}", n, o.source.question, o.names, o.source.kind)

    def _asked(self, tag: str, n: int, question: Question, names: Sequence[str], kind: str) -> None:
        if question.player in names:
            seat = list(names).index(question.player)
            self.latest[seat] = Recorded(tag=tag, n=n, seat=seat, answers=question.answers[:5], kind=kind)

    def _named(self, tag: str, message: str) -> None:
        for found in self.latest.values():
            if found.tag == tag:
                found.message = message


def asking(outputs: Sequence[Output]) -> dict[int, Event]:
    """Of `outputs`, the index of the last public post of each public event that asks a question (its buttons go
    there), with that event."""
    out: dict[int, Event] = {}
    event: Event | None = None
    last: int | None = None
    for j, o in enumerate(outputs):
        if o.source is not None:
            if event is not None and last is not None:
                out[last] = event
            event, last = (o.source if o.source.question is not None else None), None
        if o.kind == OutputKind.ANNOUNCE and o.audience.public and o.text:
            last = j
    if event is not None and last is not None:
        out[last] = event
    return out
