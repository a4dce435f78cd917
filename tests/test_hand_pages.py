"""The printable hand records of `xlbridge deal --print` and `xlbridge hands --print`, rendered by headless Chromium
as a director prints them: every board's diagram holds its 52 cards as the PBN file has them, the high-card points,
the makeable contracts and the par are the file's, the event's name is text, and printed to PDF there is a page for
every four boards."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from xlbridge.engine.solver import solver_available
from xlbridge.files.interchange.handrecords import read_hand_records
from xlbridge.files.website.handrecord_pages import par_words

from .browser import check_screenshots, chromium, chromium_path, run_chromium

CHROMIUM = chromium_path()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it: apt-get install -y chromium)"
)
SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
SEATS = {"north": "N", "east": "E", "south": "S", "west": "W"}


def pdf_pages(page: Path, folder: Path) -> int:
    pdf = folder / f"{page.stem}.pdf"
    run_chromium(page, folder / f"profile-pdf-{page.stem}", f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


class Boards(HTMLParser):
    """The boards as the browser rendered them: for each article, its facts, each hand's cards by suit, the
    compass's points, the makeable contracts' rows and the par; and each sheet's title."""

    def __init__(self) -> None:
        super().__init__()
        self.boards: list[dict[str, object]] = []
        self.sheets: list[str] = []
        self._open: list[tuple[str, list[str]]] = []
        self._text: list[str] | None = None
        self._seat = self._suit = ""
        self._row: list[str] | None = None

    def _within(self, tag: str, css: str = "") -> bool:
        return any(name == tag and (not css or css in classes) for name, classes in self._open)

    @staticmethod
    def _collects(tag: str, classes: list[str]) -> bool:
        """Whether the element's text is one of the things read."""
        return (
            (tag == "span" and ("cards" in classes or any(c.startswith("hcp-") for c in classes)))
            or tag in ("td", "th")
            or (tag == "p" and ("par" in classes or "facts" in classes))
            or (tag == "h2" and "sheet-title" in classes)
        )

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        self._open.append((tag, classes))
        if tag == "article" and "board" in classes:
            self.boards.append({"facts": "", "hands": {}, "hcp": {}, "makeable": [], "par": ""})
        elif tag == "div" and "hand" in classes:
            self._seat = SEATS[next(c for c in classes if c in SEATS)]
            self.boards[-1]["hands"][self._seat] = {}  # type: ignore[index]
        elif tag == "li" and self._seat and classes and classes[0] in SUITS:
            self._suit = SUITS[classes[0]]
        elif tag == "tr" and self._within("table", "makeable") and self._within("tbody"):
            self._row = []
        if self._collects(tag, classes):
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, classes = self._open.pop()
            if name == tag:
                break
        else:
            return
        text = " ".join("".join(self._text or []).split())
        board = self.boards[-1] if self.boards else {}
        if tag == "h2" and "sheet-title" in classes:
            self.sheets.append(text)
        elif tag == "span" and "cards" in classes:
            board["hands"][self._seat][self._suit] = text  # type: ignore[index]
        elif tag == "span" and any(c.startswith("hcp-") for c in classes):
            board["hcp"][classes[0][4:].upper()] = int(text)  # type: ignore[index]
        elif tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        elif tag == "tr" and self._row is not None:
            board["makeable"].append(self._row)  # type: ignore[attr-defined]
            self._row = None
        elif tag == "p" and "par" in classes:
            board["par"] = text
        elif tag == "p" and "facts" in classes:
            board["facts"] = text
        elif tag == "li":
            self._suit = ""
        elif tag == "div" and "hand" in classes:
            self._seat = ""
        if self._collects(tag, classes):
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def rendered(page: Path, folder: Path) -> Boards:
    boards = Boards()
    boards.feed(run_chromium(page, folder / f"profile-dom-{page.stem}", "--dump-dom").stdout)
    return boards


def as_ranks(cards: str) -> str:
    return "" if cards == "—" else cards.replace("10", "T").replace(" ", "")


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """Five boards dealt from a seed, with the solver's analysis where it is installed, printed."""
    folder = tmp_path_factory.mktemp("hand-pages")
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "deal", "--boards", "5", "--seed", "31", "--event",
         "Tuesday <b>pairs</b> & co", "-o", str(folder / "hands.pbn"), "--print", str(folder / "hands.html")],
        capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert "printable hand records, 2 pages of four boards" in done.stdout
    return folder, folder / "hands.pbn", folder / "hands.html"


def test_every_diagram_holds_the_files_deal(dealt: tuple[Path, Path, Path]) -> None:
    """Each board's diagram shows its 52 cards, each hand's suits as the PBN file has them; the compass shows each
    hand's high-card points; the facts its dealer and vulnerability."""
    folder, pbn, page = dealt
    boards = rendered(page, folder)
    records = read_hand_records(pbn).boards
    assert len(boards.boards) == len(records) == 5
    event = "Tuesday <b>pairs</b> & co"
    assert boards.sheets == [f"{event} · boards 1–4", f"{event} · board 5"]
    for shown, record in zip(boards.boards, records, strict=True):
        hands = shown["hands"]
        assert isinstance(hands, dict)
        assert sum(len(as_ranks(cards)) for hand in hands.values() for cards in hand.values()) == 52
        for seat in "NESW":
            assert {suit: as_ranks(cards) for suit, cards in hands[seat].items()} == {
                suit: record.deal[seat].holding(suit) for suit in "SHDC"
            }
        assert shown["hcp"] == {seat: record.deal[seat].hcp for seat in "NESW"}
        vulnerable = {"None": "Nobody", "NS": "N-S", "EW": "E-W", "Both": "Both"}[record.vulnerability.value]
        assert shown["facts"] == f"Board {record.board} Dealer {record.dealer.value} {vulnerable} vulnerable"


@pytest.mark.skipif(not solver_available(), reason='the solver is not installed: pip install ".[hands]"')
def test_makeable_contracts_and_par_are_the_files(dealt: tuple[Path, Path, Path]) -> None:
    """The makeable contracts are the level each declarer makes (the file's tricks less six, a dash below seven
    tricks), rows N, S, E, W; the par is the file's."""
    folder, pbn, page = dealt
    boards = rendered(page, folder)
    for shown, record in zip(boards.boards, read_hand_records(pbn).boards, strict=True):
        assert record.tricks is not None
        assert record.par is not None
        rows = [[seat, *(str(record.tricks.level(seat, strain) or "–") for strain in ("NT", "S", "H", "D", "C"))]
                for seat in "NSEW"]  # fmt: skip
        assert shown["makeable"] == rows
        words = par_words(record.par)
        assert shown["par"] == f"Par {words['score']}: {words['contracts']}"


#: Every suit symbol on the page open, in the diagrams, the makeable contracts' headings and the pars: the symbol,
#: the colour it is drawn in, and the text it is part of.
SYMBOL_COLOURS = """(() => {
  const out = [], walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode())
    for (const symbol of node.data.match(/[♠♥♦♣]/g) || [])
      out.push([symbol, getComputedStyle(node.parentElement).color, node.parentElement.closest("p, li, th").className]);
  return out;
})()"""
RED = "rgb(200, 16, 46)"


@pytest.mark.skipif(not solver_available(), reason='the solver is not installed: pip install ".[hands]"')
def test_hearts_and_diamonds_are_red_on_the_page_and_printed(dealt: tuple[Path, Path, Path]) -> None:
    """Every heart and diamond symbol is red, every spade and club black (or the ink's near-black), in the diagram,
    over the makeable contracts and in the par (whose symbols were all black), on the screen and printed."""
    _, _, page = dealt
    with chromium() as browser:
        browser.open(page.as_uri())
        for media in ("screen", "print"):
            browser.call("Emulation.setEmulatedMedia", {"media": media})
            symbols = browser.evaluate(SYMBOL_COLOURS)
            assert {"♥", "♠"} <= {symbol for symbol, _, where in symbols if where == "par"}, media
            for symbol, colour, where in symbols:
                if symbol in "♥♦":
                    assert colour == RED, (media, symbol, where)
                else:
                    red, green, blue = map(int, re.findall(r"\d+", colour))
                    assert max(red, green, blue) < 64, (media, symbol, where, colour)


def test_names_are_escaped(dealt: tuple[Path, Path, Path]) -> None:
    """The event's name is text on the page, never markup."""
    _, _, page = dealt
    html = page.read_text(encoding="utf-8")
    assert "Tuesday &lt;b&gt;pairs&lt;/b&gt; &amp; co" in html
    assert "<b>pairs</b>" not in html


def test_printed_four_boards_a_page(dealt: tuple[Path, Path, Path], tmp_path: Path) -> None:
    """Printed to PDF, five boards take two pages; thirty-six boards without analysis (as where the solver is
    not installed: the diagrams alone), nine."""
    folder, _, page = dealt
    assert pdf_pages(page, folder) == 2
    argv = ["deal", "--boards", "36", "--seed", "8", "-o", "plain.pbn", "--print", "plain.html"]
    probe = f"import sys\nsys.modules['endplay'] = None\nfrom xlbridge.cli import main\nsys.exit(main({argv!r}))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "9 pages of four boards" in done.stdout
    plain = rendered(tmp_path / "plain.html", tmp_path)
    assert len(plain.boards) == 36
    assert all(board["makeable"] == [] and board["par"] == "" for board in plain.boards)
    assert pdf_pages(tmp_path / "plain.html", tmp_path) == 9


def test_screenshot(dealt: tuple[Path, Path, Path]) -> None:
    """A screenshot at a desktop's width and at a phone's, for a person to look at."""
    folder, _, page = dealt
    check_screenshots(page, folder)


def test_four_boards_a_page_on_a4_and_letter(dealt: tuple[Path, Path, Path]) -> None:
    """The page is laid out for either paper: five boards print on two A4 pages and on two Letter pages."""
    import base64

    from .browser import chromium as devtools

    _, _, page = dealt
    with devtools() as browser:
        browser.open(page.as_uri())
        for width, height in ((8.27, 11.69), (8.5, 11.0)):  # inches: A4, Letter
            printed = browser.call("Page.printToPDF", {"paperWidth": width, "paperHeight": height})["data"]
            assert len(re.findall(rb"/Type\s*/Page[^s]", base64.b64decode(printed))) == 2, (width, height)
