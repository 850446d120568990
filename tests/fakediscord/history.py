"""A channel's history in Discord's order, and the pages GET /channels/{id}/messages returns."""

from __future__ import annotations

import bisect

from .model import Message


class History:
    """One channel's messages ordered by ID (Discord's order), with the paging of GET /channels/{id}/messages."""

    def __init__(self) -> None:
        self._ids: list[int] = []
        self._by_id: dict[int, Message] = {}

    def add(self, message: Message) -> None:
        bisect.insort(self._ids, message.id)
        self._by_id[message.id] = message

    def remove(self, message_id: int) -> Message | None:
        message = self._by_id.pop(message_id, None)
        if message is not None:
            self._ids.remove(message_id)
        return message

    def get(self, message_id: int) -> Message | None:
        return self._by_id.get(message_id)

    def all(self) -> list[Message]:
        return [self._by_id[i] for i in self._ids]

    def page(self, *, limit: int = 50, before: int | None = None, after: int | None = None, around: int | None = None) -> list[Message]:
        """Newest first, as Discord returns them: the ``limit`` messages just before ``before``, just after ``after``
        (the oldest ones after it), around ``around`` (limit // 2 older, the rest from it on; an even limit gives
        limit + 1), or the newest ``limit``."""
        ids = self._ids
        if around is not None:
            cut = bisect.bisect_left(ids, around)
            older = ids[max(0, cut - limit // 2) : cut]
            newer = ids[cut : cut + limit // 2 + 1]
            chosen = older + newer
        elif after is not None:
            cut = bisect.bisect_right(ids, after)
            chosen = ids[cut : cut + limit]
        else:
            cut = len(ids) if before is None else bisect.bisect_left(ids, before)
            chosen = ids[max(0, cut - limit) : cut]
        return [self._by_id[i] for i in reversed(chosen)]
