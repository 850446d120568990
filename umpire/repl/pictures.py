"""A post's picture for the host to copy: drawn, saved next to the journal, and the host told once
if some players' names cannot be drawn on this machine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from umpire.games.base import Post
from umpire.session import Session


class Picture(NamedTuple):
    """A post's picture, ready to copy: the PNG and where it was saved."""

    png: bytes
    path: Path | None
    problem: str | None


class Pictures:
    """Draws the session's pictures for the REPL; `say` tells the host a line (once: the fonts' note)."""

    def __init__(self, session: Session, say: Callable[[str], None]) -> None:
        self.session = session
        self.say = say
        self.fonts_checked = False  # whether the host was told, if need be, that some names cannot be drawn here

    def draw(self, n: int | None, post: Post, to: str = "") -> Picture:
        """Draw a post's picture and write it next to the journal, so it can also be dragged into the chat.

        A name no font here can draw gets its seat's label beside its boxes (see `umpire.images.seats`);
        the first picture also tells the host which names those are and which fonts would draw them."""
        assert post.image is not None
        from umpire.images.seats import drawn, font_note  # with the picture: Pillow is loaded to draw it anyway

        png = drawn(post.image, self.session.scenario.roster)
        if not self.fonts_checked:
            self.fonts_checked = True
            note = font_note(self.session.names)
            if note is not None:
                self.say(note)
        folder = Path(self.session.journal_path).with_suffix("").with_suffix("") if self.session.journal_path else Path("umpire-pictures")
        suffix = f"-to-{''.join(c if c.isalnum() else '-' for c in to)}" if to else ""
        path = Path(f"{folder}-pictures") / f"entry-{n or 0}{suffix}.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
        except OSError as exc:
            return Picture(png=png, path=None, problem=exc.strerror or str(exc))
        return Picture(png=png, path=path, problem=None)
