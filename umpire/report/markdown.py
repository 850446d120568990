"""Chat text (Discord's markdown) as HTML, escaped first: player text is untrusted.

Only what umpire's posts use is read: code blocks, inline code, bold, underline, italics,
strike-through and backslash escapes. Everything is HTML-escaped before any tag is added, and the
tags added are fixed ones, so no text a player sent can become markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup, escape

_FENCE = re.compile(r"```(?:[a-z]*\n)?(.*?)```", re.DOTALL)
_CODE = re.compile(r"`([^`\n]+)`")
_ESCAPED = re.compile(r"\\([\\*_~`|>#\[\]-])")
_STYLES = (
    (re.compile(r"\*\*(.+?)\*\*", re.DOTALL), "strong"),
    (re.compile(r"__(.+?)__", re.DOTALL), "u"),
    (re.compile(r"~~(.+?)~~", re.DOTALL), "s"),
    (re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)\*(?![\w*])"), "em"),
    (re.compile(r"(?<![\w_])_(?!\s)([^_\n]+?)_(?![\w_])"), "em"),
)
_HOLD = "\ue000"  # a private-use character: a placeholder for an escaped mark, restored after styling


def _tag(tag: str) -> Callable[[re.Match[str]], str]:
    """A substitution wrapping a match's text (already escaped) in `tag`."""
    return lambda m: f"<{tag}>{m.group(1)}</{tag}>"


def _inline(text: str) -> str:
    """One run of text outside code: escaped, then styled."""
    held: list[str] = []

    def hold(m: re.Match[str]) -> str:
        held.append(m.group(1))
        return f"{_HOLD}{len(held) - 1}{_HOLD}"

    out = str(escape(_ESCAPED.sub(hold, text.replace(_HOLD, ""))))
    for pattern, tag in _STYLES:
        out = pattern.sub(_tag(tag), out)
    return re.sub(f"{_HOLD}(\\d+){_HOLD}", lambda m: str(escape(held[int(m.group(1))])), out)


def _runs(text: str) -> str:
    """Text with inline code: the code escaped as it is, the rest styled."""
    out: list[str] = []
    pos = 0
    for m in _CODE.finditer(text):
        out.append(_inline(text[pos : m.start()]))
        out.append(f"<code>{escape(m.group(1))}</code>")
        pos = m.end()
    out.append(_inline(text[pos:]))
    return "".join(out)


def to_html(text: str, *, fold_code: bool = False) -> Markup:
    """A post's chat text as HTML: paragraphs keep their line breaks (the page styles them `pre-wrap`).

    With `fold_code`, code blocks (a board drawn in letters, when its picture is shown) are folded
    away behind a summary a reader can open.

    >>> str(to_html("**Uri** won <b>`4 < 5`</b>"))
    '<strong>Uri</strong> won &lt;b&gt;<code>4 &lt; 5</code>&lt;/b&gt;'
    >>> str(to_html("a\\\\*b\\\\* ```\\nx < y\\n```"))
    'a*b* <pre><code>x &lt; y\\n</code></pre>'
    """
    out: list[str] = []
    pos = 0
    for m in _FENCE.finditer(text):
        out.append(_runs(text[pos : m.start()]))
        block = f"<pre><code>{escape(m.group(1))}</code></pre>"
        out.append(f"<details><summary>As text</summary>{block}</details>" if fold_code else block)
        pos = m.end()
    out.append(_runs(text[pos:]))
    return Markup("".join(out))


def plain(text: str) -> str:
    """A post's first line without its marks, for a picture's alt text.

    >>> plain("**Game 1, turn 1 — Hedger** placed\\nmore")
    'Game 1, turn 1 — Hedger placed'
    """
    line = text.strip().split("\n", 1)[0]
    line = _ESCAPED.sub(r"\1", re.sub(r"(\*\*|__|~~|`)", "", line))
    return line
