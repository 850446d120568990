"""Every picture the bundled transcripts post reads at Discord's preview: at most 800 pixels wide
(400 units drawn at 2 pixels a unit), so that Discord, which shows a picture 400 pixels across,
shows its smallest text at 14 pixels or more; a table is wrapped or posted in parts, never drawn
wider or smaller."""

from __future__ import annotations

import pytest

from tests.report.conftest import SCRIPTS, Drawn

MAX_WIDTH = 800  # pixels: a posted picture's most
PREVIEW = 400  # pixels: how wide Discord shows a picture in the chat
SMALLEST = 14  # pixels: the least text size at that preview


def at_preview(d: Drawn) -> float:
    """The smallest text on a picture, in pixels, as Discord's preview shows it."""
    return min(m.px for m in d.marks) * min(1.0, PREVIEW / d.width)


@pytest.mark.parametrize("name", [p.stem for p in SCRIPTS])
def test_every_posted_picture_is_at_most_800_pixels_wide_and_its_text_at_least_14_pixels_at_the_preview(
    drawn: dict[str, list[Drawn]], long_name_drawn: dict[str, list[Drawn]], name: str
) -> None:
    pictures = drawn[name] + long_name_drawn[name]  # the names as bundled, and one of 32 characters
    assert pictures, f"{name} posts pictures"
    if any("Hedger" in m.text for d in drawn[name] for m in d.marks):  # a picture that names players names the long one too
        assert any(m.text.startswith("Hedgerton") for d in long_name_drawn[name] for m in d.marks)
    for d in pictures:
        kind = type(d.value).__name__
        assert d.width <= MAX_WIDTH, f"a {kind} of {d.width} pixels"
        assert d.marks, f"a {kind} with no text"
        assert at_preview(d) >= SMALLEST, f"a {kind}'s smallest text is {at_preview(d):.1f} pixels at the preview"
