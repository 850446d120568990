"""The players' words for the seed, each bound to its player: the mixing no one can steer (``umpire-mix/2``).

A host who can read the key file knows the secret, so any freedom in how the players' words are
turned into the game's seed is a choice among seeds: typed in another order, with a capital, with
two spaces, each spelling gives another game. So the words are mixed canonically:

- each word belongs to a seat (the bot takes it from that player; the host names whose each is, or
  types them in the roster's order), and they are mixed in the roster's order, never the typing's;
- each word is normalised: Unicode NFC, case folded, runs of white space made one space, trimmed.
  Case is folded because it is what retyping a word most easily changes unnoticed, and phone
  keyboards capitalise a first letter by themselves: to a player, “Apple” and “apple” are the same
  word. (The words need not carry much: the 128-bit secret does; they only have to be unknown when
  the secret is fixed);
- the text hashed after the seed is the words as a compact JSON array in seat order, ``null`` for a
  player who sent none, which no two different lists of words share.

What is left to the host is to leave a word out, or to type one that is not what its player sent;
the post of the words shows each beside its player's name, so every player sees their own.

Journals written before this mixed the host's text as typed (``umpire-mix/1``, `fairness.mix`):
an `entropy` entry with `text` is replayed and verified that way, exactly as before.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Sequence

from umpire.core.errors import InvalidCommand
from umpire.core.players import Roster

MIX = "umpire-mix/2"
MAX_TOTAL = 500  # characters of all the words together, as the older single text allowed
Words = tuple[str | None, ...]  # each seat's word, in seat order (None: that player sent none)


def normalise(word: str) -> str:
    """A word as it is mixed in: Unicode NFC, case folded, white space collapsed to single spaces, trimmed.

    >>> normalise("  Big\\u00a0 APPLE ") == normalise("big apple") == "big apple"
    True
    >>> normalise("Zoe\\u0308") == "zoë"
    True
    """
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", word).casefold())
    return " ".join(folded.split())


def normalised(words: Sequence[str | None]) -> Words:
    """Each word normalised; a word that normalises to nothing is no word."""
    return tuple(None if w is None else (normalise(w) or None) for w in words)


def canonical(words: Sequence[str | None]) -> str:
    """The text mixed after the seed: the words in seat order as a compact JSON array.

    >>> canonical(["apple", None, "7"])
    '["apple",null,"7"]'
    """
    return json.dumps(list(words), ensure_ascii=False, separators=(",", ":"))


def mix_text(seed: str, words: Sequence[str | None]) -> str:
    """The text whose SHA-256 is the game's seed: ``umpire-mix/2|SEED|["word",…]``."""
    return f"{MIX}|{seed}|{canonical(words)}"


def mix(seed: str, words: Sequence[str | None]) -> str:
    """The game's seed: SHA-256 of `mix_text`, as 64 hex digits.

    >>> mix("42", ["apple", "7"]) == hashlib.sha256('umpire-mix/2|42|["apple","7"]'.encode()).hexdigest()
    True
    """
    return hashlib.sha256(mix_text(seed, words).encode()).hexdigest()


def problem(words: Sequence[object], names: Sequence[str]) -> str | None:
    """Why a list of seat words cannot be mixed in, or None: checked live and on replay alike, so a journal whose
    words umpire would not have written (a word not normalised, a seat left out of the list) does not replay."""
    if len(words) != len(names):
        return f"the entropy holds {len(words)} words for {len(names)} players: one per player, in seat order"
    if all(w is None for w in words):
        return "no player's word is in: at least one is needed"
    total = 0
    for name, w in zip(names, words, strict=True):
        if w is None:
            continue
        if not isinstance(w, str) or not w:
            return f"{name}'s word is {w!r}, not a word"
        if not w.isprintable():
            return f"{name}'s word holds an invisible or control character; type the players' words as plain text"
        if normalise(w) != w:
            return f"{name}'s word “{w}” is not as umpire mixes words in (“{normalise(w)}”: NFC, lower case, single spaces)"
        total += len(w)
    if total > MAX_TOTAL:
        return f"the players' words are {total:,} characters together; at most {MAX_TOTAL} (a word or a number from each player is enough)"
    return None


def parse(text: str, roster: Roster) -> Words:
    """Each seat's word from what the host typed after `entropy`: ``NAME=WORD, NAME=WORD…`` naming every player
    (``NAME=`` with nothing after it for a player who sent none; the commas may be left out where no word has a
    space), or the words alone, one per player in the roster's order. InvalidCommand says what is wrong and what
    was expected. (Not ``NAME: WORD``: a line with a colon is a player's line.)"""
    words = _named(text, roster) if "=" in text else _in_order(text, roster)
    if all(w is None for w in words):
        raise InvalidCommand("no player's word is in: at least one is needed (a player who sent none is “NAME=” with nothing after it)")
    return words


def _example(roster: Roster) -> str:
    first = roster[0].name
    rest = roster[1].name if len(roster) > 1 else first
    return f"“entropy {first}=apple, {rest}=7”"


def _parts(text: str) -> list[str]:
    """The NAME=WORD parts: split at commas; without a comma, at spaces where every word holds an “=”."""
    if "," not in text and all("=" in token for token in text.split()):
        return text.split()
    return [p.strip() for p in text.split(",")]


def _named(text: str, roster: Roster) -> Words:
    found: dict[int, str | None] = {}
    for part in _parts(text):
        if not part:
            continue
        name, equals, word = part.partition("=")
        if not equals:
            raise InvalidCommand(
                f"“{part}” names no player: give each player's word as “NAME=WORD”, separated by commas "
                f"(a word cannot hold a comma here), e.g. {_example(roster)}"
            )
        seat = roster.resolve(name.strip()).seat
        if seat in found:
            raise InvalidCommand(f"{roster[seat].name}'s word is given twice; give each player's once")
        found[seat] = normalise(word) or None
    missing = [p.name for p in roster if p.seat not in found]
    if missing:
        who = ", ".join(missing)
        raise InvalidCommand(
            f"no word for {who}: name every player's word, and “{missing[0]}=” with nothing after it for a player who sent none"
        )
    return tuple(found[p.seat] for p in roster)


def _in_order(text: str, roster: Roster) -> Words:
    words = text.split()
    if len(words) != len(roster):
        order = ", ".join(p.name for p in roster)
        raise InvalidCommand(
            f"{len(words)} {'word' if len(words) == 1 else 'words'} for {len(roster)} players: type one word per player in the roster's order ({order}), "
            f"or name whose each is, e.g. {_example(roster)} (a player who sent none: “{roster[-1].name}=”)"
        )
    return normalised(words)


def shown(names: Sequence[str], words: Sequence[str | None]) -> str:
    """The words beside their players, on one line: 'Hedger “apple”, Uri (no word)'."""
    return ", ".join(f"{n} “{w}”" if w is not None else f"{n} (no word)" for n, w in zip(names, words, strict=True))
