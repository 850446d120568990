"""Names no font here can draw: a seat's label beside the boxes, and the note that tells the host.

A character that no font has, bundled or the system's (see `umpire.images.faces`), is drawn as a
box, so two players named in a script the machine has no font for (`محمد` and `山田太郎`, each
four boxes) would look alike. While a front end draws a post's picture inside
`seat_labels(roster)`, every such name is followed, wherever a picture shows it, by its seat's
label in brackets: the player's first alias that the fonts can draw ("▯▯▯▯ (p2)"), else the seat
("▯▯▯▯ (seat 2)"). A no-break space joins name and label, so a wrapped line never parts them.
Names the fonts draw are left as they are. `font_note` is what the host is told, once: whose
names cannot be drawn and what to install so that they are.

>>> from umpire.core.players import Player
>>> from umpire.images.faces import setting
>>> with setting(system=False):
...     labels([Player(seat=0, name="Zoë"), Player(seat=1, name="山田", aliases=("p2",)), Player(seat=2, name="林")])
(('山田', '\\xa0(p2)'), ('林', '\\xa0(seat 3)'))
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from umpire.core.players import Player
from umpire.images import faces, system_fonts, text


def undrawable(words: str) -> str:
    """The characters of `words` that no font here has (in regular or bold), each once, in order.
    A mark or a variation selector no font has is left out: it is not drawn as a box either."""
    out = dict.fromkeys(
        ch
        for ch in unicodedata.normalize("NFC", words)
        if not text.is_modifier(ch) and (faces.family_of(ch) == faces.MISSING or faces.family_of(ch, bold=True) == faces.MISSING)
    )
    return "".join(out)


def labels(players: Iterable[Player]) -> tuple[tuple[str, str], ...]:
    """For each player whose name has a character no font has: the name and what follows it when drawn."""
    out = []
    for p in players:
        name = unicodedata.normalize("NFC", p.name)
        if not undrawable(name):
            continue
        alias = next((a for a in p.aliases if not undrawable(a)), None)
        out.append((name, f"\u00a0({alias if alias is not None else f'seat {p.seat + 1}'})"))
    return tuple(out)


@contextmanager
def seat_labels(players: Iterable[Player]) -> Iterator[None]:
    """While the block draws, each name no font has a character of is followed by its seat's label."""
    with faces.setting(labels=labels(players)):
        yield


def drawn(image: Callable[[], bytes], players: Iterable[Player]) -> bytes:
    """A post's picture (its `image` callable) drawn with the seats' labels (see `seat_labels`)."""
    with seat_labels(players):
        return image()


def font_note(names: Iterable[str]) -> str | None:
    """What to tell the host when some players' names cannot be drawn here (None when all can).

    >>> from umpire.images.faces import setting
    >>> with setting(system=False):
    ...     print(font_note(["Zoë", "محمد", "山田太郎"]))  # doctest: +ELLIPSIS
    Pictures: no font on this machine draws some letters of محمد and 山田太郎, so the pictures show them as boxes with the player's alias beside them. To draw every name in its own letters, install ...
    """
    missing = [n for n in names if undrawable(n)]
    if not missing:
        return None
    who = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
    return (
        f"Pictures: no font on this machine draws some letters of {who}, so the pictures show them as boxes with the "
        f"player's alias beside them. To draw every name in its own letters, install {system_fonts.install_hint()}."
    )
