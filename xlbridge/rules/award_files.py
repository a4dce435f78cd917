"""The masterpoint files a federation's centre takes from a club: which scale's awards each carries, and its lines.

ABF Masterpoint Centre, "Masterpoint Awards File Formats" (abfmasterpoints.com.au/mpfileformats.asp): "the extension
... determines what colour masterpoints are in the file. Green point only: .grn. Red point only: .red. Gold points:
.gld. Green and red point in the one file: .rag"; a file of one colour has a line per player, "Position 1-7: ABF
Number (right-aligned, zero padded)" then the points. The ABF Masterpoint Manual, Appendix D ("Format of ABF
Masterpoint Credit Files"; the centre's help page "Masterpoint file format" says the same): "13-digits per line
precisely. No characters, no spaces and no signs ... the ABF number (7-digits) and the awards (6-digits). The last
two digits of the awards are assumed to be the decimal portion", each field "left zero-filled": ABF number 123
receiving 0.53 points is ``0000123000053``. "Masterpoints files must not contain any heading or notes" (Appendix
E), and the centre prefers "one line per player, as opposed to one line per player per session". Plain text
(ASCII). The manual's 2.1 makes grade E club sessions green, 2.6 special club events (B4c) red: the files carry
the awards of the scales :data:`~xlbridge.rules.masterpoints.ABF_GREEN` and ``ABF_RED``. Gold points (national
events) and the two-colour ``.rag`` file have no scale here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .masterpoints import ABF_GREEN, ABF_RED

__all__ = ["AWARD_FILES", "AwardFile"]


@dataclass(frozen=True)
class AwardFile:
    """A federation's masterpoint file of one colour: its name, its suffix (which says the colour), the scale whose
    awards it carries, and its fixed-width line: the member's number in ``number_digits`` digits, then the award in
    hundredths in ``award_digits``, each zero-filled on the left."""

    name: str
    source: str
    suffix: str
    scale: str
    number_digits: int = 7
    award_digits: int = 6


_SOURCE = ("ABF Masterpoint Centre, Masterpoint Awards File Formats (abfmasterpoints.com.au/mpfileformats.asp); ABF "
           "Masterpoint Manual, Appendix D, Format of ABF Masterpoint Credit Files")  # fmt: skip

#: The award files, by the name of the masterpoint scale whose awards each carries.
AWARD_FILES: Mapping[str, AwardFile] = MappingProxyType({
    ABF_GREEN.name: AwardFile("ABF green points file", _SOURCE, ".grn", ABF_GREEN.name),
    ABF_RED.name: AwardFile("ABF red points file", _SOURCE, ".red", ABF_RED.name),
})  # fmt: skip
