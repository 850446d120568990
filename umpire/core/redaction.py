"""Private payloads in a journal, and the journal as it may be published.

The journal is the host's record: it holds what the game keeps private (a sealed move's input,
seeded items dealt to one player). The engine writes those in an entry's `sealed` member, a JSON
object whose first field is a fresh random `salt` (`seal`). The hash chain covers such a line
with that member replaced by its **salted digest**, the SHA-256 of the member as written
(`redacted`, `entry_hash`). So the same journal can be published with every sealed member
replaced by its digest (`published_line`): each line of it hashes to what the full line hashes
to, and the chain, the final hash and `umpire verify` hold for both, while the published one
carries none of the private payloads. The salt keeps a digest from being guessed: a sealed bid
of a few digits would otherwise be found by hashing every possible bid.

Lines without a `sealed` member (every line of a journal written before it existed) hash as they
always did: the SHA-256 of their bytes.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from typing import Any

SEALED = "sealed"  # the member of an entry holding its private payload (a JSON object), or, published, that payload's digest


# `json.dumps` with these options makes an encoder at every call (a few µs; a replay hashes most lines with it twice).
# Without the check for circular references (an entry read from a line, or made by the engine, is a tree): the same
# bytes in two thirds of the time; a circular value would raise RecursionError rather than ValueError.
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def compact(obj: Any) -> bytes:
    """JSON as the journal writes it: compact, UTF-8, keys in their order (no newline).

    >>> compact({"a": [1, "é"]})
    b'{"a":[1,"\\xc3\\xa9"]}'
    """
    return _ENCODE(obj).encode("utf-8")


def seal(fields: dict[str, Any]) -> dict[str, Any]:
    """A private payload ready to write as an entry's `sealed` member: a fresh random salt (128 bits) first, then `fields`."""
    return {"salt": secrets.token_hex(16), **fields}


def sealed_digest(payload: dict[str, Any]) -> str:
    """The SHA-256 of a sealed payload as it is written (compact JSON, its salt included), in hex.

    >>> sealed_digest({"salt": "00", "text": "bid 3"}) == hashlib.sha256(b'{"salt":"00","text":"bid 3"}').hexdigest()
    True
    """
    return hashlib.sha256(compact(payload)).hexdigest()


def redacted(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry as it may be published: its sealed payload replaced by that payload's digest (an entry without one, as it is).

    >>> redacted({"n": 1, "sealed": {"salt": "00", "text": "bid 3"}, "prev": "p"})["sealed"] == sealed_digest({"salt": "00", "text": "bid 3"})
    True
    """
    payload = entry.get(SEALED)
    if not isinstance(payload, dict):
        return entry
    published = dict(entry)
    published[SEALED] = sealed_digest(payload)  # in the member's place: the keys keep their order
    return published


def published_line(raw: bytes, entry: dict[str, Any]) -> bytes:
    """A line as a published journal holds it (without its newline): the line itself, or, with a sealed payload, its redacted form."""
    if isinstance(entry.get(SEALED), dict):
        return compact(redacted(entry))
    return raw


def entry_hash(raw: bytes, entry: dict[str, Any]) -> str:
    """What the next entry's `prev` holds for this line (`raw`, without its newline, read as `entry`).

    The SHA-256 of the line's bytes; for a line with a sealed payload, of its published form, so a
    journal and its published form chain to the same hashes.
    """
    return hashlib.sha256(published_line(raw, entry)).hexdigest()


def is_published(entry: dict[str, Any]) -> bool:
    """Whether an entry's sealed payload was replaced by its digest (it cannot be replayed)."""
    return isinstance(entry.get(SEALED), str)
