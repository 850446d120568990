"""Buttons for small choices: a question with a few fixed answers goes out with a button per answer, and a tap is the
answer typed.

A game says which of its events ask one player such a question (`Event.question`: Open, Pass's dealt card, Devil's
Deal's refill and betting). The bot puts a button on the question's message (a DM, or a public post for a question
asked in public) for each answer the game would take from that player as it is asked (a raise they cannot afford is
no button), at most 25 (Discord's five rows of five), in the question's order; each carries its question and its
answer's word in its ID, so a tap is the word on its button whatever else was shown, also after a restart. A
question's buttons are live while it is that player's latest question and one of its answers is a move the game would
take from them now; once answered, past its deadline, replaced by a newer question or taken back by an undo, they are
closed: the message is changed to show them disabled, and a tap still on its way is not taken (R-BOT-9,
docs/discord.md). Typed words work as always.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.discord.wire import Button, Place
from umpire.games.base import Event, Question
from umpire.session import Output, OutputKind

PREFIX = "umpire"
MOST = 25  # buttons on one message: Discord lays them out five to a row, in at most five rows
LONGEST_ID = 100  # characters in a button's ID (Discord's limit); a label has at most 80


@dataclass(eq=False)
class Asked:
    """A question put to one player with buttons: where its message is once Discord confirmed it, and whether it is live."""

    tag: str  # names it in its buttons' IDs: "dm/N/K" (the private message N/K) or "post/N/I" (entry N's public post I)
    n: int  # the entry that asked it
    seat: int
    answers: tuple[str, ...]  # every answer the question has: a tap names one of them
    offered: tuple[str, ...]  # those that are buttons on its message, in the question's order
    place: Place  # where its message goes
    live: bool = True
    shown: bool = False  # its message went out with live buttons
    message: str | None = None  # the Discord message with its buttons, once confirmed


class Questions:
    """The questions asked with buttons in this run, and which are live; `edit` disables a closed one's buttons."""

    def __init__(self, game: str, names: Sequence[str], edit: Callable[[Asked], None], answerable: Callable[[int, str], bool]) -> None:
        """`game`: a short tag of the game (its buttons' IDs carry it); `names`: the players' names, by seat;
        `answerable`: whether the game would take a word from a seat now (an answer that it would not is no button)."""
        self.game = game
        self.names = tuple(names)
        self.edit = edit
        self.answerable = answerable
        self.by_tag: dict[str, Asked] = {}
        self.latest: dict[int, Asked] = {}  # seat -> the live question put to them last
        self.state: Any = None  # the game state at the last review (nothing to look at again while it stands)

    def ask(self, tag: str, n: int, question: Question, place: Place, *, to: int | None = None) -> Asked | None:
        """Note a question an output asks, whose message goes to `place` (`to`: the seat its DM goes to, who alone may
        answer it); None if it gets no buttons (also when the game would take none of its answers from them now).

        Its buttons are the answers the game would take from that player now (the state its ruling left)."""
        seat = self._seat(question, to)
        if seat is None:
            return None
        earlier = self.latest.get(seat)
        if earlier is not None:
            self.close(earlier)  # a newer question to the same player closes the one before
        offered = self._offer(tag, question.answers, lambda word: self.answerable(seat, word))
        if not offered:
            return None
        asked = Asked(tag=tag, n=n, seat=seat, answers=question.answers, offered=offered, place=place)
        self.by_tag[tag] = self.latest[seat] = asked
        self.state = None  # to be looked at by the next review, even if the state is the one it looked at last
        return asked

    def _offer(self, tag: str, answers: Sequence[str], takes: Callable[[str], bool]) -> tuple[str, ...]:
        """Of a question's answers, those its message offers as buttons: each the game `takes` now, whose ID and label
        Discord allows (an answer too long for them is typed), at most `MOST`."""
        fits = [w for w in answers if 0 < len(w) <= 80 and len(self._id(tag, w)) <= LONGEST_ID]
        return tuple(w for w in fits if takes(w))[:MOST]

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
        return tuple(Button(label=word, custom_id=self.custom_id(asked, word)) for word in asked.offered)

    def disabled(self, asked: Asked) -> tuple[Button, ...]:
        """A closed question's buttons, as its message shows them once changed."""
        return tuple(Button(label=word, custom_id=self.custom_id(asked, word), disabled=True) for word in asked.offered)

    def custom_id(self, asked: Asked, word: str) -> str:
        """The ID a tap on the button of answer `word` carries: `umpire/GAME/TAG|WORD` (at most 100 characters).

        The word itself, not its place among the buttons: which answers are buttons depends on the moment the question
        was asked, which a resumed bot does not know."""
        return self._id(asked.tag, word)

    def _id(self, tag: str, word: str) -> str:
        return f"{PREFIX}/{self.game}/{tag}|{word}"

    def find(self, custom_id: str) -> tuple[Asked, str] | None:
        """The question and the answer a button's ID names (None: not this game's, not asked in this run, or no answer of
        that question's, such as the ID of a button of an older bot, which named an answer by its place)."""
        head, _, rest = custom_id.partition("/")
        game, _, rest = rest.partition("/")
        tag, bar, word = rest.partition("|")
        asked = self.by_tag.get(tag) if head == PREFIX and game == self.game and bar else None
        if asked is None or word not in asked.answers:
            return None
        return asked, word

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
        """A question a resumed journal asked last of its player, with buttons perhaps still live on Discord.

        A tap on it is taken as the word its button names, whichever of its answers that is. Which of them its message
        offered is not journaled: they are taken to be those the game would take from that player now (else all of
        them), which is what a closed question's message is changed to show."""
        offered = self._offer(found.tag, found.answers, lambda word: self.answerable(found.seat, word))
        asked = Asked(
            tag=found.tag,
            n=found.n,
            seat=found.seat,
            answers=found.answers,
            offered=offered or self._offer(found.tag, found.answers, lambda word: True),
            place=place,
            shown=True,
            message=found.message,
        )
        self.by_tag[asked.tag] = self.latest[asked.seat] = asked

    def review(self, state: Any, undone: Iterable[int]) -> None:
        """Close the questions an undo took back (entries `undone`) and those none of whose answers the game would take now."""
        taken_back = set(undone)
        if state is self.state and not taken_back:
            return
        self.state = state
        for asked in list(self.latest.values()):
            if asked.n in taken_back or not any(self.answerable(asked.seat, word) for word in asked.answers):
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
            self.latest[seat] = Recorded(tag=tag, n=n, seat=seat, answers=question.answers, kind=kind)

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
