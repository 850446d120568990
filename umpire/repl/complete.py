"""Tab completion and the live check that marks an unreadable line before Enter.

Both run at every keystroke, so neither builds a view or runs game analysis, and
neither may ever raise: a bug in a game's `suggest` or `parse` costs a completion,
never the session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.lexers import Lexer

from umpire.session import Session, block_checks


class UmpireCompleter(Completer):
    """Completes host commands, views, player names, and each game's words (pieces, squares…)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        try:
            candidates, word = self._candidates(document)
        except Exception:  # a bug in a game's suggestions must not reach the prompt
            return
        yield from _matching(candidates, word)

    def _candidates(self, document: Document) -> tuple[list[str], str]:
        line = document.current_line_before_cursor
        word = document.get_word_before_cursor(WORD=True)
        return self.session.complete(line, word), word


def _matching(candidates: Iterable[str], word: str) -> Iterable[Completion]:
    seen = set()
    w = word.casefold()
    for c in candidates:
        if c.casefold().startswith(w) and c not in seen:
            seen.add(c)
            yield Completion(c, start_position=-len(word))


class LiveCheck(Lexer):
    """Marks a line the engine cannot read (red, underlined) while it is typed, and says why (`problem`).

    In a pasted block only its first line is checked against the game as it is; each later line only
    for reading (the lines before it will have moved the game on when it is judged), and a line under a
    Discord header pasted in the same block not at all, as a line under a header entered on its own.

    The buffer is looked at for every redraw (twice a second while the clocks run, and at every key), so
    what it finds is kept for the buffer's text as long as the game and the speaker stay as they are: how
    each line of a block is taken (`block_checks`) is worked out once per text, each line is checked once
    per state, and the search for the first bad line goes on where it stopped. So a 10,000-line paste costs
    its lines' checks once, not at each redraw (docs/performance.md, “A 10,000-line paste”).
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        # Per state and speaker: (line, ahead) -> why it would be refused ("" if it would not).
        self._seen: tuple[object, object, dict[tuple[str, bool], str]] = (None, None, {})
        self._text: _Text | None = None  # what was found of the last text looked at

    def lex_document(self, document: Document) -> Callable[[int], StyleAndTextTuples]:
        lines = document.lines
        why = self._look(document.text, lines).why

        def get_line(i: int) -> StyleAndTextTuples:
            text = lines[i] if i < len(lines) else ""
            return [("class:unreadable", text)] if why(i) else [("", text)]

        return get_line

    def problem(self, text: str, *, budget: int | None = None) -> str | None:
        """Why the typed line would be refused; for a block, the first of its lines marked, and which it is.

        With `budget`, at most that many more lines are checked in this call (the toolbar's, at each redraw):
        None while the search has not reached a bad line yet; it goes on at the next call for the same text.
        """
        found = self._look(text, None)
        return found.first_problem(budget)

    def _look(self, text: str, lines: list[str] | None) -> _Text:
        """What is known of `text` in the game as it is now (kept while the text, the state and the speaker stay)."""
        s = self.session
        state, speaker, seen = self._seen
        if state is not s.state or speaker != s.speaker:  # a pasted block's lines are checked once, not at every redraw
            seen = {}
            self._seen = (s.state, s.speaker, seen)
            self._text = None
        known = self._text
        if known is None or known.seen is not seen or (known.text is not text and known.text != text):
            known = self._text = _Text(s, text, lines if lines is not None else text.split("\n"), seen)
        return known


class _Text:
    """One text of the prompt's buffer in one state: how each of its lines is checked, and the search for its first bad line."""

    def __init__(self, session: Session, text: str, lines: list[str], seen: dict[tuple[str, bool], str]) -> None:
        self.session, self.text, self.lines, self.seen = session, text, lines, seen
        self.how = block_checks(session, lines) if len(lines) > 1 else ["now" if lines and lines[0].strip() else None]
        self.searched = 0  # lines before this one are known to be fine
        self.found: str | None = None  # the first bad line's reason, once found

    def why(self, i: int) -> str:
        """Why line `i` would be refused ("" if it would not), each line checked once per state."""
        if i >= len(self.lines) or self.how[i] is None:
            return ""
        key = (self.lines[i], self.how[i] == "ahead")
        reason = self.seen.get(key)
        if reason is None:
            reason = self.seen[key] = self.session.check(self.lines[i], allow_time=False, ahead=key[1]) or ""
        return reason

    def first_problem(self, budget: int | None) -> str | None:
        """The first bad line's reason (“line 3: …” in a block), searching at most `budget` more lines (None: all)."""
        if self.found is not None:
            return self.found
        end = len(self.lines) if budget is None else min(len(self.lines), self.searched + budget)
        for i in range(self.searched, end):
            reason = self.why(i)
            if reason:
                self.found = reason if len(self.lines) == 1 else f"line {i + 1}: {reason}"
                return self.found
        self.searched = end
        return None
