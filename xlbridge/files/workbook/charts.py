"""The values a chart keeps of its series: its caches, what a viewer that does not read the cells shows.

A chart's series name their cells (``Ranking!$G$5:$G$44``) and keep a copy of their values beside them (Excel's
``numCache``, ``strCache`` and, for a category axis of two columns or more, ``multiLvlStrCache``). Whoever writes the
cells writes the copy, :func:`refresh_charts`: when a template is written
(:func:`~xlbridge.files.templates.cells.write_book`) and when ``xlbridge calc`` writes computed values into a workbook,
each cache as XlsxWriter writes one, so a workbook computed either way holds the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from .xlsx import ExcelErrorValue, Package, column_number
from .xmlsafe import escape

__all__ = ["chart_token", "range_tokens", "refresh_charts"]

#: A sheet's values, by 1-based (row, column).
Values = Mapping[tuple[int, int], object]


def chart_token(value: object) -> str | None:
    """A cell's value as a chart's cache holds it: a number with Excel's precision, text as it is, nothing (None)
    for an empty cell."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        return f"{value:.16g}"
    if isinstance(value, ExcelErrorValue):
        return value.code
    return str(value)


def range_tokens(value_at: Callable[[int, int], object], first_row: int, first_col: int, last_row: int,
                 last_col: int) -> list[str | None] | list[list[str | None]]:  # fmt: skip
    """The tokens of a range (1-based, inclusive) as its chart cache takes them: one column as a list, several as
    one list per column (the levels of a multi-level category axis, the first column outermost)."""
    columns = [[chart_token(value_at(row, col)) for row in range(first_row, last_row + 1)]
               for col in range(first_col, last_col + 1)]  # fmt: skip
    return columns[0] if len(columns) == 1 else columns


_RANGE = re.compile(r"^(?:'(?P<quoted>(?:[^']|'')+)'|(?P<plain>[^'!]+))!\$?(?P<c1>[A-Z]+)\$?(?P<r1>\d+)"
                    r"(?::\$?(?P<c2>[A-Z]+)\$?(?P<r2>\d+))?$")  # fmt: skip
_SERIES = re.compile(
    r"<(?P<p>\w+:)?(?P<kind>numRef|strRef|multiLvlStrRef)>\s*<(?P=p)?f>(?P<f>[^<]*)</(?P=p)?f>\s*"
    r"<(?P=p)?(?P<cache>numCache|strCache|multiLvlStrCache)>(?P<body>.*?)</(?P=p)?(?P=cache)>",
    re.DOTALL,
)
_FORMAT = re.compile(r"<(?:\w+:)?formatCode>[^<]*</(?:\w+:)?formatCode>")


def _points(prefix: str, tokens: list[str | None], numeric: bool) -> str:
    out = []
    for index, token in enumerate(tokens):
        if token is None:
            continue
        if numeric:
            try:
                float(token)
            except ValueError:
                token = "0"  # as XlsxWriter and Excel count text in a series of values
        out.append(f'<{prefix}pt idx="{index}"><{prefix}v>{escape(token)}</{prefix}v></{prefix}pt>')
    return "".join(out)


def _cache(prefix: str, cache: str, body: str, tokens: list[str | None] | list[list[str | None]]) -> str:
    """A cache's new content, as XlsxWriter writes it (a number cache keeps its format code)."""
    if cache == "multiLvlStrCache":
        levels = tokens if tokens and isinstance(tokens[0], list) else [tokens]
        count = len(levels[-1])
        inner = "".join(f"<{prefix}lvl>{_points(prefix, level, False)}</{prefix}lvl>"  # type: ignore[arg-type]
                        for level in reversed(levels))  # fmt: skip
        return f'<{prefix}ptCount val="{count}"/>{inner}'
    flat: list[str | None] = [token for level in tokens for token in level] if tokens and isinstance(
        tokens[0], list) else tokens  # type: ignore[assignment]  # fmt: skip
    code = _FORMAT.search(body)
    head = code.group(0) if code is not None and cache == "numCache" else ""
    return f'{head}<{prefix}ptCount val="{len(flat)}"/>{_points(prefix, flat, cache == "numCache")}'


def refresh_charts(package: Package, values: Callable[[str], Values | None]) -> dict[str, bytes]:
    """The chart parts of ``package`` whose caches differ from the cells they name, rewritten from ``values``
    (a sheet's values by name; None for a sheet it does not know, whose series are left as they are). A series
    that names anything but a range of one sheet (a defined name, a list of ranges) is left as it is."""
    replaced = {}
    for name, data in package.parts.items():
        if not (name.startswith("xl/charts/chart") and name.endswith(".xml")):
            continue
        text = data.decode("utf-8")

        def rewrite(found: re.Match[str]) -> str:
            where = _RANGE.match(found["f"].strip())
            if where is None:
                return found.group(0)
            sheet = (where["quoted"] or "").replace("''", "'") or (where["plain"] or "")
            cells = values(sheet)
            if cells is None:
                return found.group(0)
            first_col, first_row = column_number(where["c1"]), int(where["r1"])
            last_col, last_row = column_number(where["c2"] or where["c1"]), int(where["r2"] or where["r1"])
            tokens = range_tokens(lambda r, c: cells.get((r, c)), first_row, first_col, last_row, last_col)
            prefix, cache = found["p"] or "", found["cache"]
            content = _cache(prefix, cache, found["body"], tokens)
            head = found.group(0)[: found.start("body") - found.start()]
            return f"{head}{content}</{prefix}{cache}>"

        new = _SERIES.sub(rewrite, text)
        if new != text:
            replaced[name] = new.encode("utf-8")
    return replaced
