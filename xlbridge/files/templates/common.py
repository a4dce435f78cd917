"""What every template shares: the two flavours of function names, formats, protection, validation, ranges.

Rules every template follows (and the tests check): plain A1 references only; each xlbridge function is called
once per column over a range, as a dynamic array with its full spill range written, so the number of calls does not
grow with the number of rows; data entry cells are unlocked and validated, formulas locked; the Result and
Adjusted columns are text so that ``+1`` and ``=`` stay as typed.
"""

from __future__ import annotations

import datetime as dt
import io
import itertools
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import xlsxwriter
from xlsxwriter.format import Format
from xlsxwriter.utility import xl_col_to_name
from xlsxwriter.worksheet import Worksheet

from .cells import Cells, write_book
from .layout import CLASSIC, FLAVOURS, INPUT_MESSAGE_LIMIT, LITE, Block, Flavour, choice_message, range_ref

__all__ = [
    "CLASSIC",
    "FLAVOURS",
    "INPUT_MESSAGE_LIMIT",
    "LITE",
    "Flavour",
    "Sheet",
    "TemplateBook",
    "choice_message",
]

#: What an Adjusted column's cells say when selected.
ADJUSTED_MESSAGE = ("Only for a score the director assigns: North-South's score (+420), A (average), A+ (60% NS, 40% "
                    "EW), A- (40/60), A6040..., or a weighted score (80% 400 / 20% 430).")  # fmt: skip

#: The colour of every cell a user types in: a light yellow that shows on screen and on paper.
ENTRY_COLOUR = "#FFF2CC"

#: Written into every template's document properties, so that the demo knows a file it may replace is its own.
GENERATOR = "xlbridge template"
CREATED = dt.datetime(2026, 1, 1)  # fixed, so that the generator writes the same bytes each time


class TemplateBook:
    """An XlsxWriter workbook set up the xlbridge way, with the shared formats. Its sheets' cells are kept and
    written by xlbridge (see :mod:`.cells`); everything else is XlsxWriter's, written in memory."""

    def __init__(self, path: Path, flavour: Flavour, title: str, with_values: bool = False) -> None:
        self.path, self.title_text = path, title
        self.flavour = flavour
        #: Whether :meth:`close` stores every formula's values (see :mod:`.cells`) rather than leaving the
        #: workbook to be computed when it is opened.
        self.with_values = with_values
        self.called: set[str] = set()
        #: Each sheet by its name, its cells in the order of the sheets, and the defined names (upper case).
        self.sheets: dict[str, Sheet] = {}
        self.cells: list[Cells] = []
        self.names: dict[str, str] = {}
        options = {"use_future_functions": True, "strings_to_numbers": False, "strings_to_formulas": False,
                   "strings_to_urls": False, "in_memory": True}  # fmt: skip
        self.book = xlsxwriter.Workbook(io.BytesIO(), options)
        self.book.set_properties(
            {"title": title, "subject": f"xlbridge ({flavour.name} Excel)", "comments": GENERATOR, "created": CREATED}
        )
        self.book.set_calc_mode("auto")
        add = self.book.add_format
        self.title = add({"bold": True, "font_size": 14})
        self.subtitle = add({"italic": True, "font_color": "#555555"})
        self.label = add({"bold": True})
        self.header = add({"bold": True, "bottom": 1, "bg_color": "#DDE4EE", "text_wrap": True, "valign": "top"})
        self.entry = add({"locked": False, "bg_color": ENTRY_COLOUR})
        self.entry_text = add({"locked": False, "bg_color": ENTRY_COLOUR, "num_format": 49})  # built-in "@": text
        self.entry_date = add({"locked": False, "bg_color": ENTRY_COLOUR, "num_format": "dd/mm/yyyy"})
        self.computed = add({"bg_color": "#F2F2F2"})
        self.computed_2dp = add({"bg_color": "#F2F2F2", "num_format": "0.00"})
        self.computed_whole = add({"bg_color": "#F2F2F2", "num_format": "0"})
        self.computed_centre = add({"bg_color": "#F2F2F2", "align": "center"})
        # Tables that are read and printed (ranking, travellers): plain, centred, a faint line under each row.
        line = {"bottom": 4, "bottom_color": "#BFBFBF"}
        self.shown = add({"align": "center", **line})
        self.shown_text = add({"align": "left", **line})
        self.shown_whole = add({"align": "center", "num_format": "0", **line})
        self.shown_2dp = add({"align": "right", "num_format": "0.00", **line})
        self.computed_date = add({"num_format": "dd mmmm yyyy", "italic": True, "align": "left"})
        self.check = add({"font_color": "#9C0006", "bg_color": "#F2F2F2"})
        self.problem = add({"bg_color": "#FFC7CE"})
        self.note = add({"italic": True, "font_color": "#555555", "text_wrap": True, "valign": "top"})
        self.lists: Cells | None = None
        self.list_ranges: dict[str, str] = {}

    def fn(self, name: str) -> str:
        """A function's name as this flavour's formulas spell it (and noted, for xlwings Lite's list)."""
        spelled = self.flavour.fn(name)
        self.called.add(spelled)
        return spelled

    def sheet(self, name: str) -> Sheet:
        """A new sheet, after the others."""
        cells = Cells(name)
        self.cells.append(cells)
        sheet = self.sheets[name] = Sheet(self, self.book.add_worksheet(name), cells)
        return sheet

    def define_name(self, name: str, ref: str) -> None:
        """A defined name for ``ref`` (``Results!$A$2:$H$301``; a sheet's own print area as ``Sheet!_xlnm...``)."""
        self.book.define_name(name, f"={ref.removeprefix('=')}")
        if "!" not in name:
            self.names[name.upper()] = ref.removeprefix("=")

    def list_range(self, name: str, values: Sequence[str]) -> str:
        """A named list on the hidden Lists sheet, for drop-down validation (written once per name)."""
        if name in self.list_ranges:
            return self.list_ranges[name]
        if self.lists is None:
            self.sheet("Lists").ws.hide()
            self.lists = self.cells[-1]
        col = len(self.list_ranges)
        self.lists.write(0, col, name, self.label)
        for row, value in enumerate(values, start=1):
            self.lists.write_string(row, col, value)
        ref = range_ref(col, 1, len(values), "Lists")
        self.list_ranges[name] = ref
        return ref

    def close(self) -> None:
        """Write the workbook, computed when it was asked for with its values, in one pass."""
        extra = None
        if self.flavour is LITE:

            def extra(parts: Mapping[str, bytes]) -> Mapping[str, bytes]:
                from .lite import lite_parts  # a classic workbook's command does without it (uuid, platform)

                return lite_parts(parts, self.title_text, self.called)

        write_book(self.book, self.cells, self.names, self.path, self.with_values, extra)


class Sheet:
    """A worksheet with the helpers the templates use: its cells (``cells``, kept and written by xlbridge) and
    everything else about it (``ws``, XlsxWriter's worksheet: columns, rows, validation, protection...)."""

    def __init__(self, owner: TemplateBook, worksheet: Worksheet, cells: Cells) -> None:
        self.owner = owner
        self.ws = worksheet
        self.cells = cells
        self.name = worksheet.name

    def heading(self, subtitle: str, widths: Sequence[float] = ()) -> None:
        """The sheet's title rows: the workbook's title in A1, ``subtitle`` under it; ``widths``, the widths of its
        first columns."""
        for col, width in enumerate(widths):
            self.ws.set_column(col, col, width)
        self.cells.write(0, 0, self.owner.title_text, self.owner.title)
        self.cells.write(1, 0, subtitle, self.owner.subtitle)

    def dynamic(
        self,
        row: int,
        col: int,
        rows: int,
        formula: str,
        fmt: Format | None = None,
        cols: int = 1,
        formats: Sequence[Format | None] | None = None,
        values: Sequence[Sequence[object]] | None = None,
    ) -> None:
        """An array formula with its full spill range, ``rows`` x ``cols`` cells from (row, col): Excel 365 spills
        it, Excel 2016 and 2019 hold it as a ``{=...}`` array over the same range. ``formats`` gives each row of
        the range its own format (None: the row's or column's); ``values``, where given, are what the formula
        gives (its function's answer), shown in its cells."""
        first = formats[0] if formats else fmt
        self.cells.formula("dynamic", (row, col, row + rows - 1, col + cols - 1), formula, first, values)
        if not formats:
            return
        if cols > 1:  # the first row but the formula's own cell, which keeps its format
            self.cells.blank_area(row, col + 1, row, col + cols - 1, formats[0])
        offset = 1
        for row_format, run in itertools.groupby(formats[1:]):
            height = len(list(run))
            self.cells.blank_area(row + offset, col, row + offset + height - 1, col + cols - 1, row_format)
            offset += height

    def formula(self, row: int, col: int, formula: str, fmt: Format | None = None, value: object = None) -> None:
        """A formula in one cell; ``value``, where given, is what it gives."""
        self.cells.formula("plain", (row, col, row, col), formula, fmt, None if value is None else [[value]])

    def headers(self, row: int, names: Sequence[str], first_col: int = 0) -> None:
        """Column headings; a row of headings that wrap onto two lines is made tall enough for them."""
        for offset, name in enumerate(names):
            self.cells.write_string(row, first_col + offset, name, self.owner.header)
        if any(" " in name for name in names):
            self.ws.set_row(row, 30)

    def entry_column(
        self, col: int, width: float, text: bool = False, first_row: int | None = None, rows: int = 0
    ) -> None:
        """Make a column, or ``rows`` cells of it from ``first_row``, unlocked and yellow for data entry (text columns
        keep what is typed: +1, =). Only the cells of a table where something is typed: the rows above it stay
        plain."""
        fmt = self.owner.entry_text if text else self.owner.entry
        if first_row is None:
            self.ws.set_column(col, col, width, fmt)
            return
        self.ws.set_column(col, col, width)
        self.cells.blank_rows(first_row, first_row + rows - 1, col, [fmt])

    def entry_columns(self, block: Block, widths: Mapping[str, float], text: Collection[str], rows: int) -> None:
        """Make ``rows`` cells from the block's first row of its columns ``widths`` names (side by side, in the
        block's order: each its width) unlocked and yellow for data entry, as :meth:`entry_column` makes each
        (``text``: the columns that keep what is typed), a row of the table at a time."""
        cols = block.cols(list(widths))
        if cols != list(range(cols[0], cols[0] + len(cols))):
            raise ValueError(f"the entry columns {list(widths)} are not side by side, in order, in {block.columns}")
        for col, width in zip(cols, widths.values(), strict=True):
            self.ws.set_column(col, col, width)
        formats = [self.owner.entry_text if heading in text else self.owner.entry for heading in widths]
        self.cells.blank_rows(block.first_row, block.first_row + rows - 1, cols[0], formats)

    def validate_list(self, first_row: int, col: int, rows: int, source: str, strict: bool, message: str) -> None:
        options: dict[str, Any] = {
            "validate": "list",
            "source": f"={source}" if not source.startswith("=") else source,
            "input_message": message,
            "error_type": "stop" if strict else "information",
            "error_message": message,
        }
        if len(message) > INPUT_MESSAGE_LIMIT:  # Excel would cut it short
            raise ValueError(f"an input message of {len(message)} characters: {message[:60]}...")
        self.ws.data_validation(first_row, col, first_row + rows - 1, col, options)

    def validate_deal(
        self, first_row: int, rows: int, contract: int, declarer: int, result: int, contracts: str = ""
    ) -> None:
        """Drop-downs for a contract, declarer and result column; only the declarer is strict (N, E, S, W): the
        others accept every form the functions read (4♠, 4s, 10 tricks...), and the Check column says the rest.
        ``contracts`` is what selecting a contract cell says, where it takes more than a contract."""
        book = self.owner
        self.validate_list(
            first_row, contract, rows, book.list_range("Contracts", CONTRACTS), False, contracts or "e.g. 4S, 3NT, 4HX"
        )
        self.validate_list(
            first_row, declarer, rows, book.list_range("Declarers", DECLARERS), True, "Declarer: N, E, S or W"
        )
        self.validate_list(first_row, result, rows, book.list_range("Results", RESULTS), False, "=, +1, -2 or tricks")

    def validate_adjusted(self, first_row: int, rows: int, col: int, message: str = ADJUSTED_MESSAGE) -> None:
        """An Adjusted column: anything may be typed (the Check column says what is wrong), and selecting a cell
        says what goes there (``message``)."""
        if len(message) > INPUT_MESSAGE_LIMIT:  # Excel would cut it short
            raise ValueError(f"an input message of {len(message)} characters: {message[:60]}...")
        self.ws.data_validation(first_row, col, first_row + rows - 1, col, {"validate": "any",
                                "input_message": message})  # fmt: skip

    def protect(self) -> None:
        """Formulas locked, entry cells open; no password, so a secretary can unprotect if needed."""
        self.ws.protect(
            "",
            {
                "format_cells": True,
                "format_columns": True,
                "format_rows": True,
                "sort": False,
                "autofilter": True,
                "select_locked_cells": True,
                "select_unlocked_cells": True,
            },
        )

    def highlight_problems(self, first_row: int, col: int, rows: int, check_col: int, last_col: int) -> None:
        """Shade a whole row pink when its check cell is not empty."""
        letter = xl_col_to_name(check_col)
        self.ws.conditional_format(
            first_row,
            col,
            first_row + rows - 1,
            last_col,
            {
                "type": "formula",
                "criteria": f'=${letter}{first_row + 1}<>""',
                "format": self.owner.problem,
            },
        )


# Drop-down lists: what the data entry columns offer (the parser accepts more: 4♠, 4s, 4S*...).
CONTRACTS = ["PASS"] + [
    f"{level}{strain}{doubling}"
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for doubling in ("", "X", "XX")
]
DECLARERS = ["N", "E", "S", "W"]
RESULTS = ["=", *(f"+{n}" for n in range(1, 7)), *(f"-{n}" for n in range(1, 14)), *(str(n) for n in range(14))]
