"""The three ways an input can be refused, after python-chess's split.

Every message names the input and the reason in the host's words, so that the
refusal can be read out to a player as it stands. A refusal changes nothing.
"""

from __future__ import annotations


class UmpireError(Exception):
    """Base of every refusal the engine can give."""

    kind = "Refused"

    def __init__(self, reason: str, *, text: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.text = text

    def with_text(self, text: str) -> UmpireError:
        """Return the same refusal, naming the input line it refers to."""
        if self.text is None:
            self.text = text
        return self

    def __str__(self) -> str:
        if self.text:
            return f"{self.text}: {self.reason}"
        return self.reason


class InvalidCommand(UmpireError):
    """The text could not be read as a command."""

    kind = "InvalidCommand"


class IllegalAction(UmpireError):
    """The command was read, but the rules forbid it now."""

    kind = "IllegalAction"


class AmbiguousCommand(UmpireError):
    """The text could mean two things; the engine never guesses."""

    kind = "AmbiguousCommand"
