"""The journal a match report embeds, and reading it back out of the page (for `umpire verify`).

The page carries the published journal (every private payload replaced by its salted digest) as
the `href` of its download link, a base64 `data:` URI: byte for byte what was published, whatever
the players wrote (no escaping to undo), and downloadable without a network request. Only the
standard library is used here: `umpire verify` reads a page without loading the report's
templates.
"""

from __future__ import annotations

import base64
import binascii
from html.parser import HTMLParser
from pathlib import Path

from umpire.core.journal import JournalError

ELEMENT_ID = "umpire-journal"  # the id of the link whose href holds the journal
MEDIA_TYPE = "application/x-ndjson"
_PREFIX = f"data:{MEDIA_TYPE};base64,"
_SNIFF = 512  # how much of a file is read to tell a page from a journal


def data_uri(journal: bytes) -> str:
    """The journal as the `href` of the page's download link.

    >>> data_uri(b'{"n":1}\\n')
    'data:application/x-ndjson;base64,eyJuIjoxfQo='
    """
    return _PREFIX + base64.b64encode(journal).decode("ascii")


def is_page(head: bytes) -> bool:
    """Whether the first bytes of a file are an HTML page's (a journal's first line is a JSON object).

    >>> is_page(b"<!DOCTYPE html><html>"), is_page(b'{"umpire_journal":1}')
    (True, False)
    """
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return text.startswith((b"<!doctype html", b"<html"))


class _Finder(HTMLParser):
    """Finds the `href` of the element whose id is ELEMENT_ID."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.href: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.href is None and found.get("id") == ELEMENT_ID:
            self.href = found.get("href") or ""


def journal_of_page(path: str | Path) -> bytes | None:
    """The journal a report page embeds; None when the file is not an HTML page (a journal, say).

    Raises JournalError when the file cannot be read, or is a page that embeds no journal.
    """
    p = str(path)
    try:
        with open(path, "rb") as f:
            if not is_page(f.read(_SNIFF)):
                return None
            f.seek(0)
            text = f.read().decode("utf-8")
    except OSError as exc:
        raise JournalError(p, None, f"cannot read the file ({exc.strerror or exc})") from exc
    except UnicodeDecodeError as exc:
        raise JournalError(p, None, f"this page is not UTF-8 text ({exc.reason}), so it is no report umpire wrote") from exc
    finder = _Finder()
    finder.feed(text)
    finder.close()
    if finder.href is None:
        raise JournalError(p, None, f"this HTML page embeds no journal (no element with id “{ELEMENT_ID}”): it is not a match report")
    if not finder.href.startswith(_PREFIX):
        raise JournalError(p, None, f"the page's journal link does not hold a journal (expected an href starting “{_PREFIX}”)")
    try:
        return base64.b64decode(finder.href[len(_PREFIX) :], validate=True)
    except (binascii.Error, ValueError) as exc:
        raise JournalError(p, None, f"the journal embedded in the page is not valid base64 ({exc})") from exc
