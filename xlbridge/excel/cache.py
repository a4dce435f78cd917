"""The one cache of the worksheet functions: each distinct cell is read once, each distinct line answered once.

A column of a session has a few thousand distinct lines however long it is, and Excel recalculates it often. A
:class:`Reader` reads one kind of cell (a contract, a seat, a result...) into the engine's value the first time it
meets it, and gives each distinct value read a small number; a line is then a tuple of those numbers, and
:class:`Answers` keeps the answer of each distinct line (by its rules first, which a column's lines share, then by
the tuple of the rest). So the key of an answer is the line's parsed values (by their numbers): ``TRUE`` and ``1``,
equal to Python, are read into different values (declarer vulnerable, board 1), and so are a Lite blank (``0``)
and a typed ``0.0``, so they never share an answer. Each pass over a column is a dictionary lookup a cell, in C.

Everything is forgotten when it grows past :data:`LIMIT` entries (:func:`forget_if_full`, at the start of a call).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from operator import getitem
from typing import Any

__all__ = [
    "LIMIT",
    "Answers",
    "Memo",
    "Reader",
    "Recent",
    "cell_key",
    "forget",
    "forget_if_full",
]

#: The most entries a reader or an answer table keeps.
LIMIT = 200_000

_TYPED = (int, bool)
#: The cells a text column holds (a contract, a seat): equal only to their own kind, so read without checking.
_PLAIN = (str, type(None))


class _NotPlainError(Exception):
    """A column meant to hold only text and blanks holds something else (see :meth:`Reader.numbers`)."""


def cell_key(value: object) -> Hashable:
    """A cell as a dictionary key: itself, except whole numbers and TRUE/FALSE, which keep their type (TRUE == 1
    == 1.0 to a dictionary, but TRUE is not board 1, and a Lite blank 0 is not a typed 0.0)."""
    return (value.__class__, value) if value.__class__ in _TYPED else value


class _Numbers(dict[Hashable, int]):
    __slots__ = ("reader",)

    def __init__(self, reader: Reader) -> None:
        super().__init__()
        self.reader = reader

    def __missing__(self, key: Hashable) -> int:
        if self.reader.plain and key.__class__ not in _PLAIN:
            raise _NotPlainError
        raw = key[1] if key.__class__ is tuple else key
        number = self[key] = self.reader.number(self.reader.read(raw))
        return number


class Reader:
    """Reads one kind of cell into the engine's value (``read``), once per distinct cell, and numbers each
    distinct value read (``values[number]`` is the value)."""

    def __init__(self, read: Callable[[Any], object]) -> None:
        self.read = read
        #: Whether every cell read so far was text or a blank (see :meth:`numbers`).
        self.plain = True
        self.values: list[object] = []
        self._numbered: dict[object, int] = {}
        self._numbers = _Numbers(self)
        _ALL.append(self)

    def number(self, value: object) -> int:
        """The number of a value read (a new one for a value not seen before)."""
        found = self._numbered.get(value, -1)
        if found < 0:
            found = self._numbered[value] = len(self.values)
            self.values.append(value)
        return found

    def numbers(self, cells: Sequence[object]) -> list[int]:
        """The number of each cell's value, in order.

        Cells of text and blanks are looked up as they are. A number, TRUE or FALSE is looked up with its type
        (:func:`cell_key`) wherever one of them may be in the column: from the first cell that is neither text
        nor a blank, which stops the plain lookup (numbers given until then stand: no text equals a number),
        every column of this reader has its cells' types checked first."""
        if self.plain:
            try:
                return list(map(self._numbers.__getitem__, cells))
            except _NotPlainError:
                self.plain = False
            except TypeError:  # an unhashable cell, only possible from Python: read each alone
                return [self.number(self.read(cell)) for cell in cells]
        kinds = set(map(type, cells))
        if int in kinds or bool in kinds:
            return list(map(self._numbers.__getitem__, map(cell_key, cells)))
        try:
            return list(map(self._numbers.__getitem__, cells))
        except TypeError:  # an unhashable cell, only possible from Python: read each alone
            return [self.number(self.read(cell)) for cell in cells]

    def __len__(self) -> int:
        return len(self._numbers)

    def clear(self) -> None:
        self.plain = True
        self.values.clear()
        self._numbered.clear()
        self._numbers.clear()


class _Lines(dict[tuple[int, ...], Any]):
    """The answers of the lines whose last part is ``last`` (a value read), by the tuple of their other parts'
    numbers (``parts[i][number]`` is part ``i``'s value)."""

    __slots__ = ("answer", "last", "parts")

    def __init__(self, answer: Callable[..., Any], parts: tuple[list[object], ...], last: object) -> None:
        super().__init__()
        self.answer = answer
        self.parts = parts
        self.last = last

    def __missing__(self, key: tuple[int, ...]) -> Any:
        found = self[key] = self.answer(*map(list.__getitem__, self.parts, key), self.last)
        return found


class _ByLast(dict[int, _Lines]):
    __slots__ = ("answers",)

    def __init__(self, answers: Answers) -> None:
        super().__init__()
        self.answers = answers

    def __missing__(self, last: int) -> _Lines:
        answers = self.answers
        table = self[last] = _Lines(answers.answer, answers.parts, answers.last.values[last])
        return table


class Answers:
    """The answer of each distinct line (the readers' numbers of its parts), worked out by ``answer`` from the
    values read the first time the line is met.

    The lines are kept apart by their last part (the rules, which a column's lines usually share: one cell), each
    by the tuple of the other parts' numbers, so that a line's key holds only what differs from line to line."""

    def __init__(self, answer: Callable[..., Any], readers: Sequence[Reader]) -> None:
        *parts, last = readers
        self.answer = answer
        self.parts = tuple(reader.values for reader in parts)
        self.last = last
        self._by_last = _ByLast(self)
        _ALL.append(self)

    def lines(self, parts: Sequence[Iterable[int]], last: int | Iterable[int]) -> list[Any]:
        """The answer of each line: ``parts`` are the numbers of each part but the last, column by column; ``last``
        is the last part's number, one for every line or one a line."""
        keys = zip(*parts, strict=True)
        if isinstance(last, int):
            return list(map(self._by_last[last].__getitem__, keys))
        return list(map(getitem, map(self._by_last.__getitem__, last), keys))

    def __len__(self) -> int:
        return sum(map(len, self._by_last.values()))

    def clear(self) -> None:
        self._by_last.clear()


class Memo(dict[Any, Any]):
    """Answers kept for one call only (a dictionary that works out an answer it does not have yet, ``answer(key)``):
    for functions whose answers depend on the whole range, such as a matchpoint within its field."""

    __slots__ = ("answer",)

    def __init__(self, answer: Callable[[Any], Any]) -> None:
        super().__init__()
        self.answer = answer

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.answer(key)
        return value


class Recent(OrderedDict[Any, Any]):
    """The last few answers worked out from whole ranges (a session from its results and names): several functions
    of one sheet ask for the same, and each range is large, so only the latest ``size`` are kept."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        _ALL.append(self)

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)

    def get(self, key: Any, default: Any = None) -> Any:
        """The answer kept for ``key``, made the latest. The key is looked up once: comparing two keys of whole
        ranges walks them, and the answer is the last one once moved to the end."""
        try:
            self.move_to_end(key)
        except KeyError:
            return default
        return next(reversed(self.values()))


_ALL: list[Reader | Answers | Recent] = []


def forget() -> None:
    """Forget every value read and every answer kept."""
    for table in _ALL:
        table.clear()


def forget_if_full() -> None:
    """Forget everything once any table has grown past :data:`LIMIT` entries (numbers would otherwise go stale
    in the answers keyed on them, so all go together)."""
    if any(len(table) > LIMIT for table in _ALL):
        forget()
