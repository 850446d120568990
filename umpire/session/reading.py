"""Reading a player's line as a fair referee would (R-READ-1): what Discord adds around a move is set aside.

A line a player sends, pasted by the host or received by a bot, may carry Discord's formatting around
the move: emphasis, strong, underline and strike marks, a spoiler, inline code or a code fence, a
trailing emoji or `:shortcode:`, end punctuation. None of it is part of the move, so the session sets
it aside once, before any game reads the line, for every game and every front end alike. A game
declares the characters its moves read (`Game.meaningful`: `*` for multiply, `|` between piles): a
mark made of one of them is set aside only where it wraps the whole line, never inside it. A refusal
still quotes the line as it was sent; the journal keeps both.

>>> read("**gs 5**!"), read("||gs 7||"), read("gs 9 :eyes:"), read("done ✅"), read("`hap 125 1`.")
('gs 5', 'gs 7', 'gs 9', 'done', 'hap 125 1')
>>> read("expr 4 3*7+5-3 7.", meaningful="*"), read("**expr 1 2*3*4*5 3**", meaningful="*")
('expr 4 3*7+5-3 7', 'expr 1 2*3*4*5 3')
>>> read("G4 B4 | G8 | aside R8", meaningful="|"), read("||G4 B4 | G8 | aside R8||", meaningful="|")
('G4 B4 | G8 | aside R8', 'G4 B4 | G8 | aside R8')
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from umpire.games.base import Game

MARKS = ("```", "``", "`", "||", "***", "**", "__", "~~", "*", "_")  # longest first: `**` is not two `*`
END_PUNCTUATION = ".!?…"
_FENCE = re.compile(r"^```[\w+#.-]*$")  # a code fence on a line of its own, with its language if any
_SHORTCODE = re.compile(r"(?:^|(?<=\s))(?::[A-Za-z0-9_+-]{1,40}:|<a?:\w{1,40}:\d{1,20}>)$")
_JOINERS = frozenset("\ufe0e\ufe0f\u200d\u20e3")  # variation selectors, the zero-width joiner, the keycap
_MODIFIERS = range(0x1F3FB, 0x1F400)  # skin tones
_INVISIBLE = str.maketrans("", "", "\u200b\u2060\ufeff")  # zero-width space, word joiner, byte-order mark

NOTHING_LEFT = "nothing in it is a move once its formatting, emoji and end punctuation are set aside (R-READ-1)"
# How every game reads a player's messages (docs/rulings.md, “Every game”): `rules` lists them after the game's own.
RULINGS = (
    "R-READ-1: Discord's formatting is not part of a move. From each line a player sends, the session sets aside, again and "
    "again until none is left: emphasis, strong, underline, strike, spoiler and code marks (* ** *** _ __ ~~ || ` `` ```) "
    "wrapping the line or any words in it, a code fence's own line, a trailing emoji or :shortcode: (a custom one too), the "
    "end punctuation . ! ? …, and zero-width spaces. A mark made of a character the game reads (* as multiply or an x card, "
    "| between a division's piles) is set aside only where it wraps the whole line. Nothing else changes; a refusal quotes "
    "the line as sent, and a line with nothing left is refused.",
    "R-READ-2: a Discord mention names a player wherever a move names one: @Uri in a pasted line, <@ID> or <@!ID> as the bot "
    "receives it (the bot knows each player's Discord ID), as the player's name would.",
    "R-READ-3: a pasted Discord message is the lines under a header, or a compact copy ([10:32 PM] NAME: …) and the lines "
    "without a name after it, up to an empty line, the next message or an @ time line.",
    "R-READ-4: a player's status (or the game's own word for it; in The Choice is Yours `money`, since its card's `status` "
    "is a public post) is answered privately with what their seat may know now, from the game's knowledge of that seat and "
    "nothing else; it changes nothing, and undo passes over it.",
    "R-READ-5: a move that would cost its player if sent again (a claim, a Gyul Hap call, a trade offer), sent again by the "
    "same player within 5 s with nothing judged between, is one message sent twice: counted once, and the player told so.",
)


_MENTION = re.compile(r"<@!?(\d{1,20})>")


def named(text: str, players: Mapping[str, str]) -> str:
    """`text` with each Discord mention of a player (`<@ID>`, `<@!ID>`, as a bot receives it) written as that player's
    name (`players`: the user IDs the front end gave, and the name to write for each); other mentions are left (R-READ-2).

    >>> named("trade 1 for 2 with <@!123>", {"123": "Uri"}), named("first <@9>", {})
    ('trade 1 for 2 with Uri', 'first <@9>')
    """
    if "<@" not in text:
        return text
    return _MENTION.sub(lambda m: players.get(m.group(1), m.group(0)), text)


def asks(game: Game[Any, Any], text: str) -> bool:
    """Whether a player's line asks what they may know: one of the game's words for it (`status`, unless the game's card
    makes `status` a public post; `pool`, `cards`, `money`…: R-READ-4)."""
    said = " ".join(text.casefold().split())
    return said in game.status_words


def read(text: str, *, meaningful: str = "") -> str:
    """`text` with what Discord adds around a move set aside (R-READ-1); `meaningful`: the characters the game reads.

    A code fence on a line of its own reads as nothing (the message's other lines are its move).
    """
    line = text.translate(_INVISIBLE).strip()
    if _FENCE.match(line):
        return ""
    inner = _inner_marks(meaningful)
    ends = "".join(c for c in END_PUNCTUATION if c not in meaningful)
    while True:
        before = line
        line = _trailing_emoji(line).rstrip(ends).rstrip()
        line = _unwrapped(line)
        for pattern in inner:
            line = pattern.sub(r"\1", line)
        if line == before:
            return line


@functools.cache
def _inner_marks(meaningful: str) -> tuple[re.Pattern[str], ...]:
    """For each mark the game does not read: a pair of it around words, opening a word and closing one."""
    kept = [m for m in MARKS if not set(m) & set(meaningful)]
    return tuple(re.compile(rf"(?<!\S){re.escape(m)}(?=\S)(.+?)(?<=\S){re.escape(m)}(?!\S)") for m in kept)


def _unwrapped(line: str) -> str:
    """The line without a mark that wraps all of it (`**gs 5**`, `||gs 7||`), if one does.

    Not when the same mark also opens or closes words inside (`**a** and **b**`: two marks, not one around all).
    """
    for mark in MARKS:
        if len(line) > 2 * len(mark) and line.startswith(mark) and line.endswith(mark):
            inner = core = line[len(mark) : -len(mark)]
            while len(core) > 2 * len(mark) and core.startswith(mark) and core.endswith(mark):
                core = core[len(mark) : -len(mark)]  # the same mark twice around the line: one inside the other
            if not _at_a_word_edge(core, mark):
                return inner.strip()
    return line


def _at_a_word_edge(text: str, mark: str) -> bool:
    """Whether `mark` occurs in `text` at the start or the end of a word (where Discord reads it as a mark)."""
    at = text.find(mark)
    while at >= 0:
        end = at + len(mark)
        if at == 0 or text[at - 1].isspace() or end == len(text) or text[end].isspace():
            return True
        at = text.find(mark, at + 1)
    return False


def _trailing_emoji(line: str) -> str:
    """The line without the emoji, `:shortcode:` or custom emoji at its end (and the spaces before them)."""
    while True:
        m = _SHORTCODE.search(line)
        if m:
            line = line[: m.start()].rstrip()
            continue
        end = len(line)
        while end and _emoji_part(line[end - 1]):
            end -= 1
        if end == len(line):
            return line
        line = line[:end].rstrip()


def _emoji_part(c: str) -> bool:
    """Whether `c` is an emoji or part of one: a pictographic symbol, a skin tone, a joiner or a variation selector."""
    return c in _JOINERS or ord(c) in _MODIFIERS or unicodedata.category(c) == "So"
