"""R-GH-4's emoji template is the scenario's text in every board post: a mention in it pings nobody
(issue 18: `emoji = "@everyone{colour}…"` put a live mention in every Gyul Hap board post)."""

from __future__ import annotations

import re

import pytest

from umpire.core.chat import ZWSP
from umpire.core.pieces import HAP_PIECES
from umpire.games.choice.gyul import emoji

from .test_choice_support import in_block_2, texts

LIVE_MENTION = re.compile(r"@(everyone|here)|<(@[!&]?|#|/)\w", re.IGNORECASE)


@pytest.mark.parametrize(
    "template", ["@everyone{colour}{background}{shape}", "{shape}@HERE{colour}{background}", "<@123{shape}{colour}{background}>"]
)
def test_an_emoji_template_holding_a_mention_pings_nobody_in_a_board_post(template: str) -> None:
    s = in_block_2(emoji=template)
    posts = texts(s.feed("post gh"), "public")
    assert posts and any("Gyul Hap — board 1" in p for p in posts)
    for post in posts:
        assert not LIVE_MENTION.search(post), post
    assert ZWSP in "".join(posts)


def test_an_emoji_template_is_neutralised_tile_by_tile() -> None:
    code = HAP_PIECES.parse_piece(["red", "black", "circle"], "")
    assert emoji(code, "@everyone{colour}{background}{shape}") == f"@{ZWSP}everyoneRBC"
    assert emoji(code, ":hap{colour}{background}{shape}:") == ":hapRBC:"
