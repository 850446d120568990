"""`umpire verify PAGE.html`, the page half: what a player reads on a match report is what its embedded journal makes.

The page (`umpire report`) is a pure function of the published journal it embeds (umpire/report/rebuild.py): every
post is put into words again from the events each line records, the standings and plots come from the facts the
lines record, the pictures are drawn again. So verify makes the page again from the journal it read out of it and
compares the two, element by element: any difference in a ruling's text, the result, a cell of the standings, a
point of a plot, a picture or a fairness value is a problem naming where it is (the section, the entry and post,
the row and column, the chart, the picture). Pictures are compared by their pixels where their bytes differ (a PNG
encoder may write the same picture otherwise). Taken from the page itself, not the journal: its own file name and
the journal's download name (which the page's check command names) and the umpire version that wrote it.

A page whose journal was written before lines recorded what they showed cannot be made again: a `?` line says so.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any

from umpire.core.journal import JournalError
from umpire.verify_replay import FAILED, OPEN, PROVED

if TYPE_CHECKING:
    from umpire.verify import Report

MAX_DIFFERENCES = 5  # differences named one by one; the rest are counted
PAGE_PROVED = (
    "the page's text, standings, plots and pictures are what its embedded journal makes: the page was made again from "
    "the journal and matches it element by element"
)
PAGE_OPEN = (
    "the page's text, standings, plots and pictures were not checked: its journal was written before each entry "
    "recorded what it showed everyone, so the page cannot be made again from it"
)
_PNG = "data:image/png;base64,"


def page_line(data: bytes) -> tuple[str, str]:
    """The line `umpire verify PAGE.html` gives the page's content when it matches, for a page embedding `data`."""
    from umpire.report.rebuild import records_shown

    lines = data.split(b"\n", 2)
    try:
        first = json.loads(lines[1]) if len(lines) > 1 and lines[1] else None
    except (ValueError, UnicodeDecodeError):
        return OPEN, PAGE_OPEN
    if first is not None and not isinstance(first, dict):
        return OPEN, PAGE_OPEN
    return (PROVED, PAGE_PROVED) if records_shown(first) else (OPEN, PAGE_OPEN)


Token = tuple[Any, ...]


@dataclass
class _Tokens(HTMLParser):
    """A page as a list of tokens (tags with their attributes, text), each with where a reader sees it."""

    tokens: list[Token] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    section: str = "the page's head"
    entry: str = ""
    post: int = 0
    head: list[str] = field(default_factory=list)  # the standings' column labels
    in_head: bool = False
    row: int = 0
    row_name: str = ""
    cell: int = 0
    figure: int = 0
    captions: list[str] = field(default_factory=list)
    in_caption: bool = False
    facts_label: str = ""
    in_dt: bool = False

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    def place(self) -> str:
        """Where the current token is, in a reader's words."""
        if self.section == "the timeline" and self.entry:
            return f"the timeline, {self.entry}" + (f", post {self.post}" if self.post else "")
        if self.section == "the standings" and self.row:
            col = self.head[self.cell - 1] if 0 < self.cell <= len(self.head) else f"column {self.cell}"
            return f"the standings, row {self.row} ({self.row_name}), column “{col}”"
        if self.section == "the plots" and self.figure:
            name = self.captions[self.figure - 1] if self.figure <= len(self.captions) else f"number {self.figure}"
            return f"the plot “{name}”"
        if self.section == "the fairness section" and self.facts_label:
            return f"the fairness section, “{self.facts_label}”"
        return self.section

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "body":
            self.section = "the page's heading"
        elif tag == "section":
            self.section = {
                "result": "the result",
                "charts": "the plots",
                "timeline": "the timeline",
                "fairness": "the fairness section",
            }.get(str(a.get("id")), f"the section “{a.get('id')}”")
        elif tag == "table" and a.get("id") == "standings":
            self.section = "the standings"
        elif tag == "thead":
            self.in_head = True
        elif tag == "tr" and not self.in_head and self.section == "the standings":
            self.row, self.cell, self.row_name = self.row + 1, 0, ""
        elif tag in ("td", "th") and self.section == "the standings":
            self.cell += 1
            if tag == "th" and not self.in_head:
                self.row_name = a.get("title") or ""
        elif tag == "li" and str(a.get("id", "")).startswith("entry-"):
            n = str(a["id"])[len("entry-") :]
            self.entry, self.post = ("the start" if n == "0" else f"entry {n}"), 0
        elif tag == "div" and a.get("class") == "post":
            self.post += 1
        elif tag == "figure":
            self.figure += 1
        elif tag == "figcaption":
            self.in_caption = True
        elif tag == "dt":
            self.in_dt, self.facts_label = True, ""
        elif tag == "footer":
            self.section = "the page's footer"
        self._add(("<", tag, tuple(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self.in_head = False
        elif tag == "table" and self.section == "the standings":
            self._add(("</", tag))
            self.section, self.row = "the result", 0
            return
        elif tag == "figcaption":
            self.in_caption = False
        elif tag == "dt":
            self.in_dt = False
        self._add(("</", tag))

    def handle_data(self, data: str) -> None:
        if self.in_head and self.section == "the standings" and data.strip():
            self.head.append(data.strip())
        if self.in_caption:
            self.captions.append(data.strip())
        if self.in_dt:
            self.facts_label += data
        self._add(("text", data))

    def handle_comment(self, data: str) -> None:
        self._add(("comment", data))

    def handle_decl(self, decl: str) -> None:
        self._add(("decl", decl))

    def _add(self, token: Token) -> None:
        self.tokens.append(token)
        self.places.append(self.place())


def _tokens(text: str) -> _Tokens:
    parsed = _Tokens()
    parsed.feed(text)
    parsed.close()
    return parsed


def _names(page: _Tokens) -> tuple[str, str, str]:
    """The page's own file name (as its check command names it), its journal's download name, and the umpire version that wrote it."""
    file_name = journal_name = version = ""
    in_command = False
    for token in page.tokens:
        if token[0] == "<":
            attrs = dict(token[2])
            if token[1] == "pre" and attrs.get("id") == "verify-command":
                in_command = True
            elif token[1] == "a" and attrs.get("id") == "umpire-journal":
                journal_name = attrs.get("download") or ""
            elif token[1] == "meta" and attrs.get("name") == "generator":
                version = (attrs.get("content") or "").removeprefix("umpire ")
        elif token[0] == "</" and token[1] == "pre":
            in_command = False
        elif token[0] == "text" and in_command and not file_name:
            found = re.match(r"umpire verify (.+?) --commitment", token[1])
            file_name = found.group(1) if found else ""
    return file_name, journal_name, version


@functools.lru_cache(maxsize=4)
def _rebuilt(data_sha: str, data: bytes, file_name: str, journal_name: str, version: str) -> str | None:
    """The page its journal makes (None: a journal written before lines recorded what they showed). Kept for a few
    journals: checking several copies of one page draws its pictures once."""
    from umpire.report import publish
    from umpire.report.page import render
    from umpire.report.rebuild import match_of

    lines = [line for line in data.split(b"\n")[1:] if line]
    sealed = sum(1 for line in lines if b'"sealed":"' in line)
    published = publish.Published(data=data, entries=len(lines), sealed=sealed)
    match = match_of(data, published, where="the journal embedded in the page")
    if match is None:
        return None
    return render(match, file_name=file_name, journal_name=journal_name, version=version)


def _pixels(src: str | None) -> tuple[Any, ...] | None:
    """A PNG data URI's size and pixels (RGBA), or None when it is no PNG."""
    if not src or not src.startswith(_PNG):
        return None
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(base64.b64decode(src[len(_PNG) :], validate=True))) as image:
            rgba = image.convert("RGBA")
            return (rgba.size, rgba.tobytes())
    except (binascii.Error, ValueError, OSError, UnidentifiedImageError):
        return None


def _same_picture(shown: Token, made: Token) -> bool:
    """Two `img` tags alike but for their bytes, whose pictures have the same pixels."""
    if shown[0] != "<" or made[0] != "<" or shown[1] != "img" or made[1] != "img":
        return False
    a, b = dict(shown[2]), dict(made[2])
    if {k: v for k, v in a.items() if k != "src"} != {k: v for k, v in b.items() if k != "src"}:
        return False
    pa, pb = _pixels(a.get("src")), _pixels(b.get("src"))
    return pa is not None and pa == pb


def _say(token: Token | None) -> str:
    """A token as a difference names it (shortened)."""
    if token is None:
        return "nothing"
    if token[0] == "text":
        text = " ".join(token[1].split())
        return f"“{text[:77]}…”" if len(text) > 80 else f"“{text}”"
    if token[0] == "<":
        if token[1] == "img":
            return "a picture"
        attrs = " ".join(f"{k}={(v or '')[:40]!r}" for k, v in token[2])
        return f"<{token[1]}{' ' + attrs if attrs else ''}>"[:120]
    return f"</{token[1]}>" if token[0] == "</" else repr(token)[:80]


def _difference(where: str, shown: Token | None, made: Token | None) -> str:
    if shown is not None and made is not None and shown[0] == made[0] == "<" and shown[1] == made[1] == "img":
        return f"{where}: its picture is not the one the journal makes (the pixels differ)"
    return f"{where}: the page shows {_say(shown)} where its journal makes {_say(made)}"


def differences(page: str, made: str) -> list[str]:
    """Where a page differs from the page its journal makes, in a reader's words (empty: nowhere)."""
    a, b = _tokens(page), _tokens(made)
    out: list[str] = []
    for i, (x, y) in enumerate(zip(a.tokens, b.tokens, strict=False)):
        if x == y or _same_picture(x, y):
            continue
        out.append(_difference(b.places[i], x, y))
        if len(a.tokens) != len(b.tokens):  # something added or taken out: what follows no longer lines up
            out.append("from there on the page does not line up with the one its journal makes (something was added or taken out)")
            return out
    if not out and len(a.tokens) != len(b.tokens):
        short = min(len(a.tokens), len(b.tokens))
        extra = a.tokens[short] if len(a.tokens) > short else None
        missing = b.tokens[short] if len(b.tokens) > short else None
        out.append(_difference(b.places[short] if len(b.tokens) > short else a.places[short], extra, missing))
    return out


def check_page(rep: Report, path: str | Path, data: bytes) -> None:
    """Add to `rep` whether the page at `path`, which embeds the published journal `data`, shows what that journal makes."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:  # read once already (embedded.journal_of_page): a race at most
        raise JournalError(str(path), None, f"cannot read the page ({exc})") from exc
    page = _tokens(text)
    file_name, journal_name, version = _names(page)
    try:
        made = _rebuilt(hashlib.sha256(data).hexdigest(), data, file_name, journal_name, version)
    except JournalError as exc:
        rep.checks.append((FAILED, "the page's text, standings, plots and pictures are what its embedded journal makes"))
        rep.problems.append(f"the page cannot be made again from its journal: {exc.reason}")
        return
    if made is None:
        rep.checks.append((OPEN, PAGE_OPEN))
        return
    found = differences(text, made)
    if not found:
        rep.checks.append((PROVED, PAGE_PROVED))
        return
    rep.checks.append((FAILED, "the page's text, standings, plots and pictures are what its embedded journal makes"))
    rep.problems += [f"the page was changed: {d}" for d in found[:MAX_DIFFERENCES]]
    if len(found) > MAX_DIFFERENCES:
        rep.problems.append(f"and {len(found) - MAX_DIFFERENCES} more differences")
    from umpire import __version__

    if version and version != __version__:
        rep.notes.append(
            f"the page was written by umpire {version} and made again by umpire {__version__}: a difference may come from that"
        )
