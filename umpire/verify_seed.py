"""The seed's half of `umpire verify`: where the seed came from, and whether the players' words made the game's seed.

The players' words are proved mixed in by the replay (umpire/verify_replay.py): it refuses a game input
before them where the game waits for them, and an `entropy` entry after a game input. Where the seed
came from (`seed_source`) is the host's own record, so it is never proved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from umpire.session import fairness
from umpire.verify_replay import OPEN, PROVED, Replay

if TYPE_CHECKING:
    from umpire.verify import Report


def check_seed(rep: Report, replay: Replay) -> None:
    """Where the seed came from and whether the players' words made it, before any game input: proved, or what is left open."""
    fair = replay.session.fair if replay.session is not None and replay.entropy_proved else None
    if fair is not None and fair.entropy is not None:
        _entropy_proved(rep, fair, replay.session.names if replay.session is not None else ())
    unproved = fair is None and bool(replay.entropies)
    if unproved:
        rep.checks.append((OPEN, _entropy_unproved(replay)))
    source = rep.seed_source
    if source == "host":
        rep.checks.append((OPEN, "seed given by the host (the header's “seed_source”): players may have known it"))
    elif unproved or (fair is not None and fair.entropy is not None):
        return
    elif source == "drawn":
        rep.checks.append(
            (
                OPEN,
                "no players' entropy was mixed in, and the header's “seed_source: drawn” is the host's own record, which verify "
                "cannot prove: the host could have chosen the seed, or redrawn it until it suited them, before posting the commitment",
            )
        )
    elif source is None:
        rep.checks.append(
            (
                OPEN,
                "seed source unknown (the journal does not say whether umpire drew the seed or the host gave it), and no players' entropy was mixed in",
            )
        )
    else:
        rep.checks.append((OPEN, f"seed source {source!r} is not one umpire records: players may have known the seed"))


def _entropy_unproved(replay: Replay) -> str:
    """Why the players' entropy in the journal is not proved to have made the game's seed: the replay never reached it."""
    n = replay.entropies[0]
    if replay.no_seed:
        return (
            f"the players' entropy is in entry {n}, but without the seed verify cannot check that the game's seed was made "
            "from it, before any game input"
        )
    if replay.sealed_stop:
        return (
            f"the players' entropy (entry {n}) comes after entry {replay.stopped_n}, where the replay stopped: that it was "
            "mixed in before any game input is not proved here"
        )
    where = "nothing was replayed" if replay.stopped_n is None else f"the replay stopped at entry {replay.stopped_n}"
    return f"the players' entropy is in entry {n}, but {where}: that it made the game's seed, before any game input, is not proved"


def _entropy_proved(rep: Report, fair: fairness.Fairness, names: tuple[str, ...]) -> None:
    """The players' words made the game's seed, before any game input: each beside its player, or an older journal's text."""
    rep.entropy, rep.entropy_entry = fair.entropy, fair.entropy_n
    if fair.entropy_words is not None:
        rep.entropy_words = [{"player": n, "word": w} for n, w in zip(names, fair.entropy_words, strict=True)]
        rep.checks.append(
            (
                PROVED,
                f"the game's seed is SHA-256 of the committed seed and each player's word in its seat, {fairness.shown_in(fair, names)} "
                f"(entry {fair.entropy_n}), mixed in before any game input",
            )
        )
        rep.notes.append(
            "the players' words keep the seed from being chosen by the host alone only if each is the one its player sent, "
            "after the commitment was posted, and none was left out that was sent: each player checks the word beside their name"
        )
    else:
        rep.checks.append(
            (
                PROVED,
                f"the game's seed is SHA-256 of the committed seed and the players' entropy “{fair.entropy}” "
                f"(entry {fair.entropy_n}), mixed in before any game input",
            )
        )
        rep.notes.append(
            "the players' entropy keeps the seed from being chosen by the host alone only if these are the words the players "
            "sent, after the commitment was posted: check the chat"
        )
        rep.notes.append(
            "these words were mixed as the host typed them (umpire-mix/1, a journal from before each word was bound to its "
            "player): their order and spelling were the host's to choose, so the host could pick among the seeds they make"
        )
