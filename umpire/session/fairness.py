"""Fair by construction: a seed nobody can choose alone, kept out of the journal until the reveal.

The host's secret (a seed and a salt) is committed to at the start; the commitment is in the
journal's header, the secret itself in an owner-only key file beside the journal
(``JOURNAL.key``), until `reveal` writes both into the journal. A game may also mix in the
players' **entropy**: a word or number from each player, sent after the commitment is posted. The
game's seed is then SHA-256 of ``umpire-mix/2|SEED|["word",…]``, each player's word normalised and
in its seat (umpire/session/seed_words.py): the host fixed SEED before seeing the words, and no
player knows SEED, so neither alone can choose or predict it, and the host's typing cannot steer it.
Older journals mixed the host's text as typed (``umpire-mix/1|SEED|WORDS``); they replay as before.

Nothing here hides the secret from the host's own machine: the key file is readable by the
host's account. What the design guarantees is narrower and checkable: the seed is not in the
journal (which may be shared, and which verify reads) before the reveal, and with the players'
entropy it is not the host's choice.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple

from umpire.core import chat, journal
from umpire.core.errors import IllegalAction, InvalidCommand
from umpire.games.base import JSON, PUBLIC, Audience, Event
from umpire.session import seed_words

KEY_SUFFIX = ".key"
KEY_FORMAT = 1
MIX = "umpire-mix/1"  # the host's text as typed: journals written before each word was bound to its player
MAX_ENTROPY = 500  # characters: a word or a number from each of up to 13 players, or a message id


def key_path(journal_path: str | Path) -> Path:
    """Where a journal's secret is kept until the reveal: ``JOURNAL.key`` beside it."""
    return Path(f"{journal_path}{KEY_SUFFIX}")


def mix(seed: str, entropy: str) -> str:
    """The game's seed of an older journal: SHA-256 of ``umpire-mix/1|SEED|WORDS``, as 64 hex digits
    (a journal written today mixes each player's word in its seat: `seed_words.mix`).

    >>> mix("42", "apple 7") == hashlib.sha256(b"umpire-mix/1|42|apple 7").hexdigest()
    True
    """
    return hashlib.sha256(f"{MIX}|{seed}|{entropy}".encode()).hexdigest()


# ---------------------------------------------------------------- the secret


class Secret(NamedTuple):
    """The seed and salt, and where they were read: the journal's reveal entry, its header
    (journals written before the key file), or the host's key file."""

    seed: str
    salt: str
    where: str  # "reveal", "header" or "key"
    entry: int | None = None  # the reveal entry's number
    path: str | None = None  # the key file's path


def write_key(journal_path: str | Path, *, seed: str, salt: str, commitment: str) -> Path:
    """Write the secret to ``JOURNAL.key``, readable and writable by its owner only (0600), durably.

    Written to a temporary file first and renamed into place, so the key file is either whole or
    absent. Raises OSError if it cannot be written (nothing is left behind).
    """
    target = key_path(journal_path)
    tmp = Path(f"{target}.{os.getpid()}.tmp")
    data = json.dumps({"umpire_key": KEY_FORMAT, "commitment": commitment, "seed": seed, "salt": salt}, ensure_ascii=False)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, (data + "\n").encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(target)
    return target


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_key(journal_path: str | Path, header: dict[str, Any], *, check: bool = True) -> Secret:
    """The secret from the journal's key file; JournalError naming the file if it is missing or damaged, or
    (with `check`) not this game's: `umpire verify` reads it unchecked and reports the mismatch itself."""
    where = key_path(journal_path)
    named = header.get("key_file")
    candidates = [where]
    if isinstance(named, str) and named and Path(named).name == named and named != where.name:
        candidates.append(where.parent / named)  # the journal was renamed: its key file may keep the old name
    for path in candidates:
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise journal.JournalError(str(journal_path), None, f"cannot read the key file {path} ({exc.strerror or exc})") from exc
        return _key_secret(str(journal_path), path, raw, header["commitment"] if check else None)
    also = f" (or {candidates[1]}, its name when the journal was created)" if len(candidates) > 1 else ""
    raise journal.JournalError(
        str(journal_path),
        None,
        f"the seed of this game is not revealed in the journal yet: it is kept in the key file {where}{also}, "
        "which is not there. Put the key file back beside the journal under that name (it was created with the journal "
        "and is readable by its owner only); without it the game cannot be rebuilt before its reveal",
    )


def _key_secret(journal_path: str, path: Path, raw: str, commitment: str | None) -> Secret:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise journal.JournalError(journal_path, None, f"the key file {path} is damaged (not valid JSON: {exc})") from exc
    if not (isinstance(data, dict) and isinstance(data.get("seed"), str) and isinstance(data.get("salt"), str)):
        raise journal.JournalError(journal_path, None, f"the key file {path} holds no seed and salt")
    if commitment is not None and journal.commitment(data["seed"], data["salt"]) != commitment:
        raise journal.JournalError(
            journal_path, None, f"the key file {path} is not this journal's: its seed and salt do not hash to the commitment in the header"
        )
    return Secret(seed=data["seed"], salt=data["salt"], where="key", path=str(path))


def find_reveal(journal_path: str | Path) -> Secret | None:
    """The seed and salt written by the journal's first reveal entry, if it has one that carries them.

    Only lines that mention a reveal are decoded, so this costs one read of the file.
    """
    try:
        f = open(journal_path, "rb")  # noqa: SIM115 - closed by the with below
    except OSError:
        return None
    with f:
        f.readline()  # the header
        for raw in lines_with(f, b"reveal"):
            try:
                obj = json.loads(raw)
            except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
                continue
            if (
                isinstance(obj, dict)
                and obj.get("kind") == "reveal"
                and isinstance(obj.get("seed"), str)
                and isinstance(obj.get("salt"), str)
            ):
                n = obj.get("n")
                return Secret(seed=obj["seed"], salt=obj["salt"], where="reveal", entry=n if isinstance(n, int) else None)
    return None


def lines_with(f: BinaryIO, word: bytes, block: int = 1 << 14) -> Iterator[bytes]:
    """The lines of `f` from where it stands that contain `word`, in order: what `(raw for raw in f if word in raw)` gives,
    found a block at a time, so the lines without it (nearly all) never become a Python object each."""
    tail = b""
    while chunk := f.read(block):
        data = tail + chunk
        end = data.rfind(b"\n") + 1  # the whole lines read so far; the rest waits for the next block
        at = data.find(word, 0, end)
        while at >= 0:
            start, stop = data.rfind(b"\n", 0, at) + 1, data.find(b"\n", at) + 1
            yield data[start:stop]
            at = data.find(word, stop, end)
        tail = data[end:]
    if word in tail:
        yield tail


def secret_of(journal_path: str | Path, header: dict[str, Any], *, check: bool = True) -> Secret:
    """The seed and salt of a journal: in its header (older journals), its reveal entry, or its key file.

    Raises JournalError naming the key file when none of these has them (`check`: see `read_key`).
    """
    if isinstance(header.get("seed"), str) and isinstance(header.get("salt"), str):
        return Secret(seed=header["seed"], salt=header["salt"], where="header")
    revealed = find_reveal(journal_path)
    if revealed is not None:
        return revealed
    return read_key(journal_path, header, check=check)


# ---------------------------------------------------------------- the players' entropy


@dataclass(kw_only=True)
class Fairness:
    """A session's fairness state: whether the players' entropy is required, and whether it is in."""

    required: bool = False  # game inputs wait for the entropy (a live game whose seed umpire drew)
    entropy: str | None = None  # the text mixed after the seed, once mixed in: the words as a JSON array (or an old journal's text)
    entropy_words: seed_words.Words | None = None  # each seat's word, as mixed in (None for an old journal's text)
    entropy_n: int | None = None  # the entry that mixed them in
    game_seed: str | None = None  # the seed the game's streams use once mixed
    first_ruling: int | None = None  # the first game input or clock ruling accepted
    commitment_shown: bool = False
    resumed: bool = False  # the session continues a journal: the commitment was posted before
    words: dict[int, str] = field(default_factory=dict)  # each player's word a bot took (by seat), until they are mixed in

    @property
    def mix_label(self) -> str:
        """What the mixed text begins with: umpire-mix/2 for each player's word in its seat, umpire-mix/1 for an old journal's text."""
        return MIX if self.entropy_words is None else seed_words.MIX

    @property
    def waiting(self) -> bool:
        """Game inputs are refused: the entropy is required and not in yet."""
        return self.required and self.entropy is None

    def committed(self, n: int, *, ruling: bool, events: Sequence[Event]) -> None:
        """Note what an entry did once it is written (called by the session's one apply path)."""
        if ruling and self.first_ruling is None:
            self.first_ruling = n
        for ev in events:
            if isinstance(ev, EntropyIn):
                self.entropy, self.entropy_n, self.game_seed = ev.words, n, ev.game_seed
                self.entropy_words = ev.by_seat
            elif isinstance(ev, EntropyWord) and ev.audience.seat is not None:
                self.words[ev.audience.seat] = ev.word


@dataclass(frozen=True, kw_only=True)
class EntropyWanted(Event):
    """Posted with the commitment when the game waits for the players' entropy."""

    kind = "entropy_wanted"


@dataclass(frozen=True, kw_only=True)
class EntropyWord(Event):
    """A player's word for the seed, taken by a bot while the game waits for the players' entropy (a DM to them)."""

    kind = "entropy_word"
    word: str
    count: int  # the words in, this one included
    of: int  # the players


@dataclass(frozen=True, kw_only=True)
class EntropyIn(Event):
    """The players' words were mixed into the seed (the game's seed itself stays secret until the reveal).

    `words` is the text mixed after the seed; `by_seat` each player's word (`players` their names, in seat
    order), except for an older journal's entry, whose text the host typed as they liked (umpire-mix/1).
    """

    kind = "entropy"
    words: str
    by_seat: seed_words.Words | None = None
    players: tuple[str, ...] = ()
    game_seed: str = ""  # kept off the JSON and the post: see `payload`

    def __post_init__(self) -> None:
        if self.by_seat is not None and len(self.by_seat) != len(self.players):
            raise ValueError(f"EntropyIn: {len(self.by_seat)} words for {len(self.players)} players (one word, or None, a player)")

    def payload(self) -> dict[str, JSON]:
        """Only the words, each beside its player's name: the game's seed is the secret until the reveal."""
        if self.by_seat is None:
            return {"words": self.words}
        return {"words": [{"player": name, "word": word} for name, word in zip(self.players, self.by_seat, strict=True)]}

    @classmethod
    def from_payload(cls, payload: Mapping[str, JSON], *, t: int, audience: Audience = PUBLIC) -> EntropyIn:
        """The event whose `payload()` is `payload`: an older journal's text, or each player's word beside their name."""
        words = payload.get("words")
        if isinstance(words, str):
            return cls(t=t, audience=audience, words=words)
        if not isinstance(words, list) or not all(isinstance(w, dict) and set(w) == {"player", "word"} for w in words):
            raise ValueError(f"EntropyIn.words: expected a text or a list of {{player, word}}, got {words!r}")
        players = tuple(w["player"] for w in words)
        by_seat = tuple(w["word"] for w in words)
        if not all(isinstance(p, str) for p in players) or not all(w is None or isinstance(w, str) for w in by_seat):
            raise ValueError(f"EntropyIn.words: each player is a name and each word a text or null, got {words!r}")
        return cls(t=t, audience=audience, words=seed_words.canonical(by_seat), by_seat=by_seat, players=players)


@dataclass(frozen=True, kw_only=True)
class GameSeed(Event):
    """At the reveal of a game that mixed the players' entropy: the game's seed and how to check it (`seed`: the committed
    secret, revealed in the post before, which the check mixes with the words)."""

    kind = "game_seed"
    words: str
    game_seed: str
    seed: str  # the committed secret, as revealed: the post names it so the mix can be checked from the event alone
    mix: str = MIX  # the label hashed before the seed: umpire-mix/2 for each player's word in its seat


ENTROPY_REFUSED_INPUT = (
    "the players' entropy is not in yet: this game's seed mixes the committed secret with a word or number from each "
    "player, sent after the commitment was posted. Collect them, then type “entropy NAME=WORD, …”; no game input is taken before that"
)


def check_words(args: Sequence[str]) -> str | None:
    """Why `entropy ARGS` cannot be read, or None (the live check and the command's check)."""
    if not args:
        return "“entropy WORDS…”: type the words or numbers the players sent (one or more), e.g. “entropy 17 lantern 4021”"
    words = " ".join(args)
    if len(words) > MAX_ENTROPY:
        return f"the entropy is {len(words)} characters; at most {MAX_ENTROPY} (a word or a number from each player is enough)"
    if not words.isprintable():
        return "the entropy holds an invisible or control character; type the players' words as plain text"
    return None


EARLY_WORD = (
    "this was sent before the fairness commitment was posted, so it cannot be your word for the seed (the secret must be "
    "fixed in public before any word is chosen): send your word again once the commitment is in the game channel"
)


def word_limit(players: int) -> int:
    """The longest word a bot takes from each of `players` for the seed: an equal share of MAX_ENTROPY, so that every
    player's word, joined by spaces, always fits and mixing them in cannot be refused for their length.

    >>> word_limit(2), word_limit(13)
    (249, 37)
    """
    return max(1, (MAX_ENTROPY - (players - 1)) // max(1, players))


def check_word(word: str, players: int) -> str | None:
    """Why one player's word for the seed, sent to a bot, cannot be taken (its player is told, and sends another), or None."""
    if not word:
        return "your word for the seed has no text (umpire reads only a message's text): send a word or a number"
    limit = word_limit(players)
    size = len(seed_words.normalise(word))  # as it is mixed in: case folding may lengthen it (ß -> ss)
    if size > limit:
        return (
            f"your word for the seed is {size} characters; at most {limit} with {players} players (all the words together "
            f"are at most {MAX_ENTROPY}): send a shorter one"
        )
    return check_words([word])


def check_entropy(f: Fairness, text: str | None, by_seat: Sequence[object] | None, names: Sequence[str]) -> None:
    """Refuse mixing in an `entropy` entry's words now, for the live session and for a replay alike: InvalidCommand
    for words that cannot be used (`by_seat`, each player's; `text`, an older journal's), IllegalAction when the
    entropy is in already or the game has begun."""
    if by_seat is not None:
        problem = seed_words.problem(by_seat, names)
    elif text is not None:
        problem = check_words(text.split(" "))
    else:
        problem = "an entropy entry holds the players' words (“words”)"
    if problem:
        raise InvalidCommand(problem)
    if f.entropy is not None:
        raise IllegalAction(
            f"the players' entropy is in already (entry {f.entropy_n}: {shown_in(f, names)}); it is mixed in once and cannot change"
        )
    if f.first_ruling is not None:
        raise IllegalAction(
            f"the game has begun (entry {f.first_ruling} was a ruling): the entropy must come before the first game input, "
            "since it changes everything the seed generates"
        )


def entropy_in(
    f: Fairness, text: str | None, by_seat: seed_words.Words | None, *, seed: str, names: tuple[str, ...], now: int
) -> EntropyIn:
    """What an `entropy` entry does (refused as `check_entropy` says): the words mixed in, and the game's seed they make
    with the committed `seed` (each player's word in its seat; an older journal's text as the host typed it)."""
    check_entropy(f, text, by_seat, names)
    if by_seat is not None:
        return EntropyIn(
            t=now, words=seed_words.canonical(by_seat), by_seat=by_seat, players=names, game_seed=seed_words.mix(seed, by_seat)
        )
    assert text is not None
    return EntropyIn(t=now, words=text, game_seed=mix(seed, text))


def check_commitment_shown(f: Fairness) -> None:
    """The live session only: the words must come after the commitment was shown to be posted."""
    if not f.commitment_shown:
        raise IllegalAction(
            "show and post the fairness commitment first (“commitment”): the players' words must come after it is posted, "
            "so the secret was fixed before anyone knew them"
        )


def shown_in(f: Fairness, names: Sequence[str]) -> str:
    """The words mixed in, as a refusal or verify names them: each beside its player, or an old journal's text."""
    return f"“{f.entropy}”" if f.entropy_words is None else seed_words.shown(names, f.entropy_words)


def reveal_entry_check(entry: dict[str, Any], seed: str, salt: str) -> str | None:
    """Why a reveal entry's seed and salt disagree with the game's, or None (older reveal entries carry neither)."""
    if "seed" not in entry and "salt" not in entry:
        return None
    if entry.get("seed") != seed or entry.get("salt") != salt:
        return "this reveal gives a different seed or salt from the one the game was rebuilt with (an earlier reveal, or the key file)"
    return None


# ---------------------------------------------------------------- posts


def wanted_text() -> str:
    """The post asking the players for their entropy."""
    return (
        "🎲 Before the game starts, each player: send one word or number of your choice. Mixed with the committed secret, "
        "your words make the game's seed, so nobody, host or player, can choose or predict it."
    )


def word_text(ev: EntropyWord) -> str:
    """The DM to a player whose word a bot took."""
    return (
        f"🎲 Your word for the seed is in: {_code_span(ev.word)} ({ev.count} of {ev.of} players' words so far). "
        "The game starts once every player's is in."
    )


def entropy_text(ev: EntropyIn) -> str:
    """The post saying the players' words are in: each beside its player, so every player sees their own."""
    if ev.by_seat is None:  # an older journal's text, as the host typed it
        return (
            f"🎲 The players' entropy is in: {_code_span(ev.words)}\n"
            "The game's seed is now SHA-256 of the committed secret and these words; it is revealed at the end with the secret."
        )
    lines = [f"{name}: {_code_span(word) if word is not None else 'no word'}" for name, word in zip(ev.players, ev.by_seat, strict=True)]
    return "\n".join(
        [
            "🎲 The players' words for the seed are in:",
            *lines,
            "The game's seed is now SHA-256 of the committed secret and these words, in the roster's order (each in Unicode NFC, "
            "lower case, its spaces single); it is revealed at the end with the secret. Check that the word beside your name is yours.",
        ]
    )


def game_seed_text(ev: GameSeed) -> str:
    """The reveal's second post, for a game that mixed the players' entropy."""
    text = f"{ev.mix}|{ev.seed}|{ev.words}"
    what = "entropy`" if ev.mix == MIX else "words` (the players' words as a JSON list, in the roster's order)"
    return (
        f"🎲 Game seed = SHA-256 of `{ev.mix}|seed|{what} = `{ev.game_seed}`\n"
        f"Check it yourself: {_code_span(shell_check(text))}; `umpire gen … --seed {ev.game_seed}` regenerates what it drew."
    )


def shell_check(text: str) -> str:
    """A shell command printing the SHA-256 of `text`, quoted so anything is safe to paste."""
    quoted = "'" + text.replace("'", "'\\''") + "'"
    return f"printf '%s' {quoted} | sha256sum"


def _code_span(text: str) -> str:
    text = chat.neutralise(text)
    return f"`` {text} ``" if "`" in text else f"`{text}`"


def verify_command(commitment: str, final_hash: str) -> str:
    """The whole `umpire verify` command a player runs on the journal, with what was posted."""
    return f"umpire verify JOURNAL --commitment {commitment} --final-hash {final_hash}"
