"""Printable hand records: one HTML page, four boards a printed sheet, each with its diagram, the high-card points,
the makeable contracts and the par (Jinja2 templates in ``web/``: the ``web`` extra).

The diagram, the table of makeable contracts and the par are macros of ``web/diagram.html`` with their looks in
``web/diagram.css``, and :func:`diagram_context` gives a board as they take it: any other page that shows a deal
(a results website's board pages) uses the same three.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ... import __version__
from ...engine.deals import SEAT_NAMES, Par
from ...engine.model import Seat, Strain
from ...rules import SUIT_SYMBOLS, SUITS
from ..interchange.handrecords import Analysis
from .jinja import environment

__all__ = ["diagram_context", "hand_record_page", "par_words"]

#: Where each seat's hand is drawn, and the order a screen reader meets them.
PLACES = ((Seat.NORTH, "north"), (Seat.WEST, "west"), (Seat.EAST, "east"), (Seat.SOUTH, "south"))
#: The makeable contracts' rows, as hand records list them: North-South, then East-West.
TABLE_ROWS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
TABLE_COLUMNS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
SYMBOLS = {**SUIT_SYMBOLS, Strain.NOTRUMP: "NT"}
NAMES = {Strain.NOTRUMP: "notrump", Strain.SPADES: "spades", Strain.HEARTS: "hearts", Strain.DIAMONDS: "diamonds",
         Strain.CLUBS: "clubs"}  # fmt: skip
VULNERABLE_WORDS = {"None": "Nobody vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable",
                    "Both": "Both vulnerable"}  # fmt: skip
#: The printed ten, as hand records print it.
TEN = "10"


def _with_symbols(text: str) -> list[dict[str, str]]:
    """Contract text with suit symbols, in pieces: ``NS 4S=`` as ``NS 4``, ``♠`` (its suit's name beside it, which
    the page colours by), ``=`` (NT stays)."""
    out: list[dict[str, str]] = []
    for index, char in enumerate(text):
        after_level = index > 0 and text[index - 1] in "1234567"
        if after_level and char in "SHDC":
            out.append({"text": SUIT_SYMBOLS[Strain(char)], "suit": NAMES[Strain(char)]})
        elif out and not out[-1]["suit"]:
            out[-1]["text"] += char
        else:
            out.append({"text": char, "suit": ""})
    return out


def par_words(par: Par) -> dict[str, Any]:
    """A par as the pages print it: the score from the side that gains (``NS 420``; ``NS 100`` for East-West's
    sacrifice) and the contracts with suit symbols (``pieces``: the same, the symbols apart)."""
    side = "NS" if par.score >= 0 else "EW"
    pieces = _with_symbols(par.contracts)
    return {"score": f"{side} {abs(par.score)}", "contracts": "".join(piece["text"] for piece in pieces),
            "pieces": pieces}  # fmt: skip


def diagram_context(analysis: Analysis) -> dict[str, Any]:
    """A board as the macros of ``web/diagram.html`` take it: number, dealer, vulnerability, the four hands (suits
    with symbols, ranks as printed, high-card points), the makeable contracts (the level each declarer makes in
    each strain; ``–`` below seven tricks) and the par (None where there is no analysis)."""
    record = analysis.record
    hands = []
    for seat, place in PLACES:
        hand = record.deal[seat]
        suits = [
            {"name": NAMES[suit], "symbol": SUIT_SYMBOLS[suit],
             "cards": " ".join(TEN if rank == "T" else rank for rank in hand.holding(suit)) or "—"}
            for suit in SUITS
        ]  # fmt: skip
        hands.append({"seat": seat.value, "place": place, "name": SEAT_NAMES[seat], "hcp": hand.hcp, "suits": suits})
    tricks = analysis.tricks
    makeable = []
    if tricks is not None:
        for seat in TABLE_ROWS:
            levels = [{"tricks": tricks[seat][strain], "level": tricks.level(seat, strain) or "–"}
                      for strain in TABLE_COLUMNS]  # fmt: skip
            makeable.append({"seat": seat.value, "levels": levels})
    return {
        "number": record.board,
        "dealer": record.dealer.value,
        "vulnerable": VULNERABLE_WORDS[record.vulnerability.value],
        "hands": hands,
        "hcp": {hand["seat"]: hand["hcp"] for hand in hands},
        "strains": [{"name": NAMES[strain], "symbol": SYMBOLS[strain]} for strain in TABLE_COLUMNS],
        "makeable": makeable,
        "par": None if analysis.par is None else par_words(analysis.par),
    }


def hand_record_page(analyses: Sequence[Analysis], event: str = "") -> str:
    """The printable hand records of the boards as one HTML page (four boards a printed sheet)."""
    boards = [diagram_context(analysis) for analysis in analyses]
    numbers = [board["number"] for board in boards]
    span = f"board {numbers[0]}" if len(numbers) == 1 else f"boards {numbers[0]}–{numbers[-1]}"
    title = f"{event}: hand records, {span}" if event else f"Hand records, {span}"
    missing = [board["number"] for board in boards if not board["makeable"]]
    note = (
        f"No double-dummy analysis for {'board' if len(missing) == 1 else 'boards'} "
        f"{', '.join(map(str, missing))}: the file has none and the solver is not installed (xlbridge's hands "
        "extra)"
        if missing
        else ""
    )
    return str(
        environment()
        .get_template("hands.html")
        .render(title=title, event=event, boards=boards, note=note, generator="xlbridge", version=__version__)
    )
