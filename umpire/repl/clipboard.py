"""Copying an announcement to the clipboard, where the terminal or the system allows it."""

from __future__ import annotations

import base64
import shutil
import subprocess
import sys
from dataclasses import dataclass
from typing import TextIO

_TOOLS = (
    ("pbcopy",),
    ("wl-copy",),
    ("xclip", "-selection", "clipboard"),
    ("xsel", "--clipboard", "--input"),
    ("clip.exe",),
)


@dataclass(frozen=True)
class Copied:
    """What a copy did: `confirmed` when a clipboard program took the text (it exited 0); `how` says what happened."""

    confirmed: bool
    how: str
    tool: str | None = None


def copy(text: str, terminal: TextIO | None = None) -> Copied:
    """Put `text` on the clipboard: with a clipboard program (confirmed), else the terminal's escape (unconfirmed)."""
    for tool in _TOOLS:
        if shutil.which(tool[0]):
            try:
                subprocess.run(tool, input=text.encode("utf-8"), check=True, timeout=3, capture_output=True)
                return Copied(confirmed=True, how=f"copied to the clipboard with {tool[0]}", tool=tool[0])
            except (OSError, subprocess.SubprocessError):
                continue
    out = terminal or sys.__stdout__
    if out is not None and out.isatty():
        # OSC 52: most modern terminals (and tmux with set-clipboard on) accept this; nothing says whether it arrived.
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        out.write(f"\x1b]52;c;{payload}\x07")
        out.flush()
        return Copied(
            confirmed=False,
            how="sent to the terminal's clipboard (OSC 52), which may have ignored it (tmux does by default): "
            "if nothing pastes, select the text above",
        )
    return Copied(confirmed=False, how="no clipboard here: select the text above and copy it by hand")


_IMAGE_TOOLS = (
    ("wl-copy", "--type", "image/png"),
    ("xclip", "-selection", "clipboard", "-t", "image/png"),
)


def copy_image(png: bytes) -> str | None:
    """Put a PNG on the clipboard where a tool allows it; how it was done, or None if nothing here can."""
    for tool in _IMAGE_TOOLS:
        if shutil.which(tool[0]):
            try:
                subprocess.run(tool, input=png, check=True, timeout=3, capture_output=True)
                return f"picture copied to the clipboard with {tool[0]}"
            except (OSError, subprocess.SubprocessError):
                continue
    return None
