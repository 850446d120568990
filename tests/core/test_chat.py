"""Chat text for Discord: neutralised mentions, escaped markdown, and the 2,000-character limit."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.chat import LIMIT, ZWSP, block, bold, code, escape, neutralise, safe, split

MARKDOWN = set("\\*_~`|[]")  # live anywhere in a line
LINE_START = set(">#-")  # live only at the start of a line (quote, heading, list)
MASS_MENTION = re.compile(r"@(everyone|here)", re.IGNORECASE)
MENTION = re.compile(r"<(@[!&]?|#|/)\w")

any_text = st.text(st.characters(codec="utf-8"), max_size=80)
mentiony_text = st.lists(
    st.sampled_from(["@", "everyone", "here", "HeRe", "<", ">", "@!", "@&", "#", "/", "123", " ", "x", "\n", "\\", "*"]), max_size=25
).map("".join)


# ---------------------------------------------------------------- neutralise


@pytest.mark.parametrize(
    ("text", "out"),
    [
        ("@everyone", f"@{ZWSP}everyone"),
        ("@here", f"@{ZWSP}here"),
        ("@HERE", f"@{ZWSP}HERE"),
        ("@Here and @EveryOne", f"@{ZWSP}Here and @{ZWSP}EveryOne"),
        ("<@123>", f"<{ZWSP}@123>"),
        ("<@!123>", f"<{ZWSP}@!123>"),
        ("<@&123>", f"<{ZWSP}@&123>"),
        ("<#123>", f"<{ZWSP}#123>"),
        ("hi <@1> and <#2>", f"hi <{ZWSP}@1> and <{ZWSP}#2>"),
    ],
)
def test_neutralise_breaks_every_kind_of_mention(text: str, out: str) -> None:
    assert neutralise(text) == out


@pytest.mark.parametrize("text", ["hedger@example.com", "a @ b", "<b>", "5 < 6 > 4", "# heading", "plain text"])
def test_neutralise_leaves_text_without_mentions_alone(text: str) -> None:
    assert neutralise(text) == text


@settings(max_examples=150, deadline=None)
@given(st.one_of(any_text, mentiony_text))
def test_neutralised_text_pings_nobody(text: str) -> None:
    out = neutralise(text)
    assert not MASS_MENTION.search(out)
    assert not MENTION.search(out)


@settings(max_examples=100, deadline=None)
@given(st.one_of(any_text, mentiony_text))
def test_neutralise_only_inserts_zero_width_spaces_and_is_idempotent(text: str) -> None:
    out = neutralise(text)
    assert out.replace(ZWSP, "") == text.replace(ZWSP, "")
    assert neutralise(out) == out


# ---------------------------------------------------------------- escape and safe


def test_escape_puts_a_backslash_before_each_markdown_character() -> None:
    assert escape("*bold* _it_ ~~s~~ `c` ||sp|| > q # h [l](u) - x \\") == (  # > # - only matter at a line's start
        r"\*bold\* \_it\_ \~\~s\~\~ \`c\` \|\|sp\|\| > q # h \[l\](u) - x \\"
    )


def unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text, flags=re.DOTALL)


def no_live_markdown(text: str) -> bool:
    """Every markdown character is escaped by the backslash before it."""
    i = 0
    while i < len(text):
        if text[i] == "\\":
            if i + 1 >= len(text):
                return False
            i += 2
            continue
        if text[i] in MARKDOWN or (text[i] in LINE_START and (i == 0 or text[i - 1] == "\n")):
            return False
        i += 1
    return True


@settings(max_examples=150, deadline=None)
@given(st.one_of(any_text, mentiony_text))
def test_escaped_text_shows_literally(text: str) -> None:
    out = escape(text)
    assert no_live_markdown(out)
    assert unescape(out) == text


def test_safe_makes_player_text_one_harmless_line() -> None:
    assert safe("  **Hedger**\n@everyone  <@123> ") == rf"\*\*Hedger\*\* @{ZWSP}everyone <{ZWSP}@123>"


@settings(max_examples=150, deadline=None)
@given(st.one_of(any_text, mentiony_text))
def test_safe_text_is_one_line_without_markdown_or_mentions(text: str) -> None:
    text = text.replace(ZWSP, "")
    out = safe(text)
    assert "\n" not in out
    assert not MASS_MENTION.search(out)
    assert not MENTION.search(out)
    assert no_live_markdown(out.replace(ZWSP, ""))
    assert unescape(out.replace(ZWSP, "")) == " ".join(text.split())


def test_bold_and_code_wrap_text() -> None:
    assert bold("Hedger") == "**Hedger**"
    assert code("hap A1 B1 C1") == "`hap A1 B1 C1`"


def test_code_span_cannot_be_broken_by_a_backtick() -> None:
    assert code("a`b") == "`a'b`"


def test_code_block_cannot_be_closed_early() -> None:
    out = block("board\n```\n@everyone")
    assert out.startswith("```\n")
    assert out.endswith("\n```")
    assert out.count("```") == 2


# ---------------------------------------------------------------- split


def visible(text: str) -> str:
    return "".join(c for c in text if not c.isspace() and c != "`")


def is_fence(line: str) -> bool:
    return line.startswith("```")


def is_blank(line: str) -> bool:
    return not line.strip()


def rejoins(parts: list[str], original: str) -> bool:
    """Whether removing the fences that `split` adds at the cuts gives back `original` exactly,
    but for what `split` drops at a cut rather than post a message with nothing to see: blank
    lines, and a code block holding only blank lines (or the blank end of a block cut there)."""
    orig = original.split("\n")

    def at_cut(i: int, idx: int, in_block: bool) -> bool:
        if in_part(i, idx, in_block):
            return True
        if idx == len(orig):
            return False
        line = orig[idx]
        if is_blank(line):
            return at_cut(i, idx + 1, in_block)
        if not is_fence(line):
            return False
        if in_block:  # the rest of a cut block was blank: dropped with its closing fence
            return at_cut(i, idx + 1, False)
        j = idx + 1
        while j < len(orig) and is_blank(orig[j]):
            j += 1
        if j == len(orig):
            return i == len(parts)
        return is_fence(orig[j]) and at_cut(i, j + 1, False)

    def in_part(i: int, idx: int, in_block: bool) -> bool:
        if i == len(parts):
            return idx == len(orig)
        lines = parts[i].split("\n")
        if in_block:  # the previous part was closed in a code block, so this one reopens it
            if lines[0] != "```":
                return False
            lines = lines[1:]
        last = i == len(parts) - 1
        options = [(lines, False)]
        if lines and lines[-1] == "```":  # even the last part: the rest of its block may have been blank
            options.append((lines[:-1], True))
        for content, closed_by_split in options:
            state = in_block
            for line in content:
                if is_fence(line):
                    state = not state
            if (closed_by_split or not last) and state != closed_by_split:
                continue
            if any(at_cut(i + 1, end, closed_by_split) for end in matches(content, idx, opens_part=not in_block)):
                return True
        return False

    def matches(content: list[str], idx: int, opens_part: bool) -> list[int]:
        """Where `content` can end in `orig` from `idx`: a block's fence that opens a part
        may have lost the blank lines that followed it (they were at the cut)."""
        if not (opens_part and content and is_fence(content[0]) and orig[idx : idx + 1] == content[:1]):
            return [idx + len(content)] if orig[idx : idx + len(content)] == content else []
        ends, j, rest = [], idx + 1, content[1:]
        while True:
            if orig[j : j + len(rest)] == rest:
                ends.append(j + len(rest))
            if j == len(orig) or not is_blank(orig[j]):
                return ends
            j += 1

    return at_cut(0, 0, False)


def has_something_to_see(part: str) -> bool:
    return any(not is_fence(line) and not is_blank(line) for line in part.split("\n"))


plain_line = st.text(st.characters(codec="utf-8", exclude_characters="\n`"), max_size=60)
chunk = st.one_of(
    plain_line.map(lambda line: [line]),
    st.tuples(st.sampled_from(["```", "```py"]), st.lists(plain_line, max_size=8)).map(lambda t: [t[0], *t[1], "```"]),
)
balanced_text = st.lists(chunk, min_size=1, max_size=40).map(lambda chunks: "\n".join(line for c in chunks for line in c))


def test_a_short_text_is_one_message_as_it_is() -> None:
    text = "x" * LIMIT
    assert split(text) == [text]
    assert split("hello\n```\ncode") == ["hello\n```\ncode"]


def test_split_cuts_at_line_breaks_and_every_part_fits() -> None:
    lines = [f"line {i}: " + "x" * 90 for i in range(60)]
    text = "\n".join(lines)
    parts = split(text)
    assert len(parts) > 1
    assert all(len(p) <= LIMIT for p in parts)
    assert "\n".join(parts) == text
    for p in parts:
        assert all(line in lines for line in p.split("\n"))


def test_a_code_block_cut_in_two_is_closed_and_reopened() -> None:
    body = "\n".join(f"row {i:02d} " + "." * 40 for i in range(80))
    text = "**Board**\n```\n" + body + "\n```\nScore: Hedger 1 · Uri 0"
    parts = split(text)
    assert len(parts) >= 2
    assert all(len(p) <= LIMIT for p in parts)
    assert parts[0].endswith("\n```")
    assert parts[1].startswith("```\n")
    for p in parts:
        assert sum(1 for line in p.split("\n") if is_fence(line)) % 2 == 0
    assert rejoins(parts, text)


def test_a_single_very_long_line_is_cut_at_spaces() -> None:
    text = " ".join(f"w{i}" for i in range(1500))
    parts = split(text)
    assert len(parts) > 1
    assert all(len(p) <= LIMIT for p in parts)
    assert " ".join(parts).split() == text.split()
    assert all(not p.startswith(" ") and not p.endswith(" ") for p in parts)


def test_a_long_line_without_spaces_is_cut_anywhere() -> None:
    text = "x" * 5000
    parts = split(text)
    assert all(len(p) <= LIMIT for p in parts)
    assert "".join(parts) == text


def test_a_long_line_inside_a_code_block_is_cut_and_the_block_kept() -> None:
    text = "```\n" + "y" * 4500 + "\n```"
    parts = split(text)
    assert all(len(p) <= LIMIT for p in parts)
    assert all(p.startswith("```\n") and p.endswith("\n```") for p in parts)
    assert "".join(p.removeprefix("```\n").removesuffix("\n```") for p in parts) == "y" * 4500


def test_split_honours_a_smaller_limit() -> None:
    text = "\n".join(["abcdefghij"] * 30)
    parts = split(text, limit=50)
    assert len(parts) > 1
    assert all(len(p) <= 50 for p in parts)
    assert "\n".join(parts) == text


def test_a_message_never_holds_only_code_fences() -> None:
    # The closing fence fits after the block (1998 characters); it must not be sent alone,
    # nor the opening fence sent as an empty block ahead of its contents.
    text = "intro\n```\n" + "b" * 1990 + "\n```"
    parts = split(text)
    assert all(len(p) <= LIMIT for p in parts)
    for p in parts:
        assert has_something_to_see(p), parts
        assert "```\n```" not in p


def test_a_code_block_post_one_over_the_limit_is_split_into_parts_that_fit_and_none_only_fences() -> None:
    # Issue 18, item 3: a 2,001-character post gave a 2,001-character part and a part of only fences.
    text = "```py\n" + "0" * 1991 + "\n```"
    assert len(text) == LIMIT + 1
    parts = split(text)
    assert all(len(p) <= LIMIT for p in parts)
    assert all(has_something_to_see(p) for p in parts)
    assert parts[0].startswith("```py\n") and parts[0].endswith("\n```")
    assert all(p.startswith("```") and p.endswith("\n```") for p in parts)
    assert "".join(p.split("\n", 1)[1].removesuffix("\n```") for p in parts) == "0" * 1991


def test_a_run_of_empty_code_blocks_after_a_cut_is_not_posted_as_a_message() -> None:
    text = "x" * 60 + "\n" + "```\n\n```\n" * 12 + "y"
    parts = split(text, limit=70)
    assert parts == ["x" * 60 + "\n```\n\n```", "y"]  # the first empty block fits after the text; the rest are dropped


def test_a_limit_too_small_for_a_code_block_is_refused() -> None:
    with pytest.raises(ValueError, match="no room"):
        split("x" * 20, limit=10)


@settings(max_examples=80, deadline=None)
@given(text=balanced_text, limit=st.integers(min_value=70, max_value=400))
def test_joining_the_parts_without_the_added_fences_gives_the_text_back(text: str, limit: int) -> None:
    parts = split(text, limit)
    assert all(len(p) <= limit for p in parts)
    assert rejoins(parts, text)


@settings(max_examples=80, deadline=None)
@given(text=balanced_text, limit=st.integers(min_value=70, max_value=400))
def test_every_part_has_its_code_blocks_closed(text: str, limit: int) -> None:
    for p in split(text, limit):
        assert sum(1 for line in p.split("\n") if is_fence(line)) % 2 == 0


opener = st.sampled_from(["```", "```py", "```ansi", "```" + "x" * 30])
near_limit_line = st.tuples(st.sampled_from(["0", "ab ", " ", "x`"]), st.integers(min_value=0, max_value=220)).map(
    lambda t: (t[0] * t[1])[: t[1]]
)
code_post = st.lists(
    st.one_of(
        st.tuples(opener, st.lists(st.one_of(near_limit_line, plain_line), max_size=4)).map(lambda t: [t[0], *t[1], "```"]),
        st.one_of(near_limit_line, plain_line, st.just("")).map(lambda line: [line]),
    ),
    min_size=1,
    max_size=8,
).map(lambda chunks: "\n".join(line for c in chunks for line in c))


@settings(max_examples=150, deadline=None)
@given(text=code_post, limit=st.integers(min_value=16, max_value=200))
def test_no_part_is_over_the_limit_or_only_fences_and_every_part_closes_its_blocks(text: str, limit: int) -> None:
    parts = split(text, limit)
    if len(parts) == 1 and parts[0] == text:
        return
    for p in parts:
        assert len(p) <= limit, parts
        assert has_something_to_see(p), parts
        assert sum(1 for line in p.split("\n") if is_fence(line)) % 2 == 0, parts
    assert keeps_what_is_seen(parts, text)


def keeps_what_is_seen(parts: list[str], text: str) -> bool:
    """Nothing is added but fences, and nothing lost but whitespace and fences (with the language
    of an empty block dropped at a cut)."""
    content = "\n".join(line for line in text.split("\n") if not is_fence(line))
    return is_subsequence(visible("".join(parts)), visible(text)) and is_subsequence(visible(content), visible("".join(parts)))


def is_subsequence(small: str, big: str) -> bool:
    chars = iter(big)
    return all(c in chars for c in small)


@settings(max_examples=60, deadline=None)
@given(
    text=st.lists(
        st.one_of(st.sampled_from(["```", "```py", "", " "]), st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=900)),
        max_size=12,
    ).map("\n".join),
    limit=st.integers(min_value=40, max_value=300),
)
def test_every_part_fits_the_limit_whatever_the_text(text: str, limit: int) -> None:
    parts = split(text, limit)
    assert all(len(p) <= limit for p in parts)
    assert keeps_what_is_seen(parts, text)
    if len(text) > limit:
        assert all(has_something_to_see(p) for p in parts)
