"""The printable table and guide cards of `xlbridge movement --cards`, rendered by headless Chromium as a director
prints them: what it rendered (a card per table and per pair, every round, sit-outs, escaped names, where the pairs
and the boards go after each round, checked against the movement), a PDF with a page per table card, and a
screenshot to look at."""

from __future__ import annotations

import base64
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .browser import LOW_CONTRAST, check_screenshots, chromium, chromium_path, run_chromium

CHROMIUM = chromium_path()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it: apt-get install -y chromium)"
)


class Cards(HTMLParser):
    """The cards in a DOM: each article's class, heading and table rows (cells as text)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, object]] = []
        self.title = ""
        self._text: list[str] | None = None
        self._row: list[str] | None = None
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":  # a line of a cell (the moves after a round, one a line)
            if self._text is not None:
                self._text.append("\n")
            return
        self._in.append(tag)
        if tag == "article":
            self.cards.append({"class": dict(attrs).get("class", ""), "heading": "", "rows": []})
        elif tag == "tr" and self.cards and "tbody" in self._in:
            self._row = []
        elif tag in ("td", "th", "h3", "h1"):
            self._text = []

    def handle_endtag(self, tag: str) -> None:
        while self._in and self._in.pop() != tag:
            pass
        text = "".join(self._text or []).strip()
        if tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        elif tag == "h3" and self.cards:
            self.cards[-1]["heading"] = text
        elif tag == "h1":
            self.title = text
        elif tag == "tr" and self._row is not None:
            self.cards[-1]["rows"].append(self._row)  # type: ignore[attr-defined]
            self._row = None
        if tag in ("td", "th", "h3", "h1"):
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Cards, Path]:
    """An 8-table relay Mitchell, one winner, 15 pairs, its cards written by the command and rendered."""
    folder = tmp_path_factory.mktemp("cards")
    page = folder / "cards.html"
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "movement", "mitchell", "--tables", "8", "--boards-per-round", "3",
         "--even", "relay", "--winners", "one", "--pairs", "15", "--event", "Tuesday <b>pairs</b> & co",
         "--cards", str(page)],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    assert str(page) in done.stdout
    dom = run_chromium(page, folder / "profile-dom", "--dump-dom").stdout
    cards = Cards()
    cards.feed(dom)
    return folder, cards, page


def test_a_card_per_table_and_per_pair(rendered: tuple[Path, Cards, Path]) -> None:
    """8 table cards of 8 rounds each, 15 guide cards (the phantom has none); the arrow-switched last round says
    so; with NS 8 missing (Magee's advice for a relay) table 8's East-West pair sits out each round."""
    _, cards, _ = rendered
    tables = [card for card in cards.cards if "table-card" in str(card["class"])]
    guides = [card for card in cards.cards if "guide-card" in str(card["class"])]
    assert [card["heading"] for card in tables] == [f"Table {t}" for t in range(1, 9)]
    assert [card["heading"] for card in guides] == [f"Pair {p}" for p in [*range(1, 8), *range(9, 17)]]
    assert all(len(card["rows"]) == 8 for card in [*tables, *guides])  # type: ignore[arg-type]
    table_1, table_8 = tables[0]["rows"], tables[7]["rows"]
    assert table_1[0] == ["1", "1", "9", "1-3", "EW 9 to table 2\nboards to table 7"]  # type: ignore[index]
    assert table_8[0] == ["1", "–", "16", "no play: 16 sits out", "EW 16 to table 1\nboards to table 7"]  # type: ignore[index]
    into_the_switch = "NS 1 stays at this table, sitting EW (arrow switch)\nEW 11 to table 2, sitting NS (arrow switch)"
    assert table_1[6][4] == into_the_switch + "\nboards to table 7"  # type: ignore[index]
    assert table_1[7] == ["8", "10", "1", "22-24 (arrow switch)", "last round"]  # type: ignore[index]
    sitting_out = [f"no play: {pair} sits out" for pair in range(16, 8, -1)]
    assert [row[3] for row in table_8] == sitting_out, "NS 8 is missing: table 8 never plays, nothing is shared"  # type: ignore[index]
    pair_16 = next(card for card in guides if card["heading"] == "Pair 16")["rows"]
    assert pair_16[0] == ["1", "sit out"]  # type: ignore[index]
    assert pair_16[1] == ["2", "1", "EW", "1", "4-6"]  # type: ignore[index]


def test_names_are_escaped(rendered: tuple[Path, Cards, Path]) -> None:
    """The event's name is text on the page, never markup."""
    _, cards, page = rendered
    assert cards.title.startswith("Tuesday <b>pairs</b> & co: Mitchell, relay and bye, one winner: 7.5 tables")
    assert "&lt;b&gt;pairs&lt;/b&gt; &amp; co" in page.read_text(encoding="utf-8")


def test_printed_with_a_page_per_table_card(rendered: tuple[Path, Cards, Path]) -> None:
    """Printed to PDF: the print styles give each table card a page of its own, then the guide cards."""
    folder, _, page = rendered
    pdf = folder / "cards.pdf"
    run_chromium(page, folder / "profile-pdf", f"--print-to-pdf={pdf}", "--no-pdf-header-footer")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert 8 + 2 <= pages <= 8 + 6


#: What is wider than it shows in the page open: the page, and each card whose table runs out of it (its width in
#: pixels, the pixels too wide).
TOO_WIDE = """[["page", document.documentElement.scrollWidth - document.documentElement.clientWidth],
  ...[...document.querySelectorAll("article.card")].map(card => [card.id, card.scrollWidth - card.clientWidth])]
  .filter(([, pixels]) => pixels > 0)"""


def test_the_cards_fit_a_phone_and_a_laptop(rendered: tuple[Path, Cards, Path]) -> None:
    """At a phone's 375 pixels and a laptop's 1280 the longest moves (NS 1 stays at this table, sitting EW (arrow
    switch)) wrap inside their card: neither the page scrolls sideways nor a card's table runs over its border (at
    1280 they ran into the card beside them, and a phone's page was 248 pixels too wide)."""
    _, _, page = rendered
    with chromium() as browser:
        browser.open(page.as_uri())
        for size, mobile in (((375, 800), True), ((1280, 900), False)):
            browser.resize(size, mobile=mobile)
            assert browser.evaluate(TOO_WIDE) == [], size
            assert browser.evaluate("document.documentElement.scrollWidth") == size[0]


def test_a_printed_table_card_says_its_moves_in_its_own_large_type(rendered: tuple[Path, Cards, Path]) -> None:
    """Printed, a table card's type is large (14pt, to be read across the table), and so are its headings, its
    caption, its moves and its marks, each a step smaller than the card's rows as on the screen: the moves, what a
    player looks for, were 10pt, sized from the page's root rather than the card."""
    _, _, page = rendered
    sizes = """[...document.querySelectorAll("article.table-card")].map(card => ["table", "caption", "thead th",
      "td.then", ".mark"].map(what => [...card.querySelectorAll(what)].map(e => getComputedStyle(e).fontSize))
    ).map(parts => parts.map(sizes => sizes.map(parseFloat)))"""
    with chromium() as browser:
        browser.open(page.as_uri())
        browser.call("Emulation.setEmulatedMedia", {"media": "print"})
        printed = browser.evaluate(sizes)
    assert len(printed) == 8
    assert sum(len(marks) for *_, marks in printed) > 0
    for (table,), *parts in printed:
        assert table == pytest.approx(14 * 4 / 3, abs=0.01)  # 14pt in CSS pixels
        assert all(size >= 0.75 * table for sizes in parts for size in sizes), parts


def test_every_text_is_drawn_with_enough_contrast(rendered: tuple[Path, Cards, Path]) -> None:
    """Every text of the cards, on the screen and printed, has the contrast WCAG 2 asks at level AA (4.5:1): a
    sit-out's grey (#777 on white, 4.48:1) had not."""
    _, cards, page = rendered
    assert any("sits out" in " ".join(row) for card in cards.cards for row in card["rows"])  # type: ignore[attr-defined]
    with chromium() as browser:
        browser.open(page.as_uri())
        for media in ("screen", "print"):
            browser.call("Emulation.setEmulatedMedia", {"media": media})
            assert browser.evaluate(LOW_CONTRAST) == {}, media


def test_screenshot(rendered: tuple[Path, Cards, Path]) -> None:
    """A screenshot at a phone's width and at a desktop's, for a person to look at (the README's picture)."""
    folder, _, page = rendered
    check_screenshots(page, folder)


def test_shared_boards_name_the_tables_they_are_shared_with(tmp_path: Path) -> None:
    """A 3-table Howell's last round, whose three tables share set 5, says so at each table, naming the other two
    (it said "relay: shared with table 2, 3", in a movement without a relay); a relay Mitchell's round says it
    shares with the relay's other table."""
    said = {}
    movements = {"howell": ["howell", "--tables", "3", "--boards-per-round", "3"],
                 "relay": ["mitchell", "--tables", "8", "--boards-per-round", "2", "--even", "relay"]}  # fmt: skip
    for name, argv in movements.items():
        page = tmp_path / f"{name}.html"
        subprocess.run([sys.executable, "-m", "xlbridge", "movement", *argv, "--cards", str(page)],
                       capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
        cards = Cards()
        cards.feed(run_chromium(page, tmp_path / f"profile-{name}", "--dump-dom").stdout)
        said[name] = {(card["heading"], row[0]): " ".join(row[3].split()) for card in cards.cards  # type: ignore[attr-defined]
                      if "table-card" in str(card["class"]) for row in card["rows"]}  # fmt: skip
    assert [said["howell"][(f"Table {t}", "5")] for t in (1, 2, 3)] == [
        "13-15 (shared with tables 2 and 3)", "13-15 (shared with tables 1 and 3)", "13-15 (shared with tables 1 and 2)"
    ]  # fmt: skip
    assert said["relay"][("Table 1", "1")] == "1-2 (relay: shared with table 8)"
    assert said["relay"][("Table 8", "1")] == "1-2 (relay: shared with table 1)"
    assert all("shared" not in text for (_, r), text in said["howell"].items() if r != "5")


#: Movements whose cards are checked move by move: a phantom's sit-outs, a skip, a relay with its bye stand and an
#: arrow switch, Howells of 3.5 and 3 tables (whose last round shares one set).
MOVES = {
    "mitchell-6.5": ["mitchell", "--tables", "7", "--boards-per-round", "3", "--pairs", "13"],
    "skip-6": ["mitchell", "--tables", "6", "--boards-per-round", "4"],
    "relay-8-one-winner": ["mitchell", "--tables", "8", "--boards-per-round", "2", "--even", "relay", "--winners",
                           "one"],
    "howell-3.5": ["howell", "--tables", "4", "--boards-per-round", "2", "--pairs", "7"],
    "howell-3": ["howell", "--tables", "3", "--boards-per-round", "3"],
}  # fmt: skip


def expected_moves(rows: list[list[str]], mitchell: bool, tables: int) -> dict[tuple[int, int], set[str]]:
    """What each table card should say after each round, worked out from the movement's CSV alone: for each pair
    at the table, where it sits in the next round (unless it stays in its seat), and where the boards go."""
    body = [dict(zip(rows[0], row, strict=True)) for row in rows[1:]]
    by_round: dict[int, list[dict[str, str]]] = {}
    for row in body:
        by_round.setdefault(int(row["round"]), []).append(row)
    last = max(by_round)
    out: dict[tuple[int, int], set[str]] = {}
    for row in body:
        r, t = int(row["round"]), int(row["table"])
        if r == last:
            out[(r, t)] = {"last round"}
            continue
        said = set()
        for side in ("ns", "ew"):
            pair = row[side]
            if not pair:
                continue
            two_fields = rows_two_fields(body)  # then the same number on the other side is another pair
            where = [(int(n["table"]), s, n) for n in by_round[r + 1] for s in ("ns", "ew")
                     if n[s] == pair and (s == side or not two_fields)]  # fmt: skip
            ((table, seat, them),) = where
            other = them["ew" if seat == "ns" else "ns"]
            if not other:
                said.add(f"{side.upper()} {pair} sits out round {r + 1}")
                continue
            if (table, seat) == (t, side):
                continue
            words = f"{side.upper()} {pair} " + (f"to table {table}" if table != t else "stays at this table")
            if seat != side:
                words += f", sitting {seat.upper()}"
            elif mitchell and side == "ew" and table != t % tables + 1:
                words += " (skip a table)"
            said.add(words)
        going = [n for n in by_round[r + 1] if n["boards"] == row["boards"]]
        played = [n for n in going if n["ns"] and n["ew"]] or going
        if not played:
            said.add("boards rest next round, on a bye stand")
        elif len(played) == 1:
            said.add(f"boards to table {played[0]['table']}")
        else:
            numbers = sorted(int(n["table"]) for n in played)
            said.add(f"boards to tables {', '.join(map(str, numbers[:-1]))} and {numbers[-1]} (shared)")
        out[(r, t)] = said
    return out


def rows_two_fields(body: list[dict[str, str]]) -> bool:
    return any(row["ns"] and row["ns"] == row["ew"] for row in body)


@pytest.mark.parametrize("name", MOVES)
def test_each_table_card_says_where_the_pairs_and_the_boards_go(name: str, tmp_path: Path) -> None:
    """Every round of every table card, as Chromium renders it, says where each pair that moves goes next (its
    table, a change of direction, a sit-out, a Mitchell's skip) and where the boards go (a table, two tables that
    share them, the bye stand), exactly as the movement's own CSV has them in the next round; the last round
    says so. A mark on an arrow switch is the only thing the CSV cannot say, and is left to the reader."""
    page, movement = tmp_path / "cards.html", tmp_path / "movement.csv"
    argv = MOVES[name]
    subprocess.run([sys.executable, "-m", "xlbridge", "movement", *argv, "--cards", str(page), "--csv", str(movement)],
                   capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    rows = [line.split(",") for line in movement.read_text(encoding="utf-8").splitlines()]
    tables = int(argv[argv.index("--tables") + 1])
    want = expected_moves(rows, argv[0] == "mitchell", tables)
    cards = Cards()
    cards.feed(run_chromium(page, tmp_path / "profile", "--dump-dom").stdout)
    shown = {}
    for card in cards.cards:
        if "table-card" not in str(card["class"]):
            continue
        table = int(str(card["heading"]).removeprefix("Table "))
        for row in card["rows"]:  # type: ignore[attr-defined]
            moves = {line.removesuffix(" (arrow switch)") for line in row[4].split("\n")}
            shown[(int(row[0]), table)] = moves
    assert shown == want


#: One size of each kind of movement added after the Mitchell and the Howell of 3-8 tables: kind, tables, boards a
#: round.
NEW_KINDS = [
    ("howell", 15, 1),
    ("3/4-howell", 7, 3),
    ("hesitation-mitchell", 7, 3),
    ("hesitation-mitchell", 8, 3),
    ("rover-mitchell", 7, 3),
    ("rover-mitchell", 9, 3),
    ("web-mitchell", 14, 2),
    ("bowman", 11, 3),
    ("appendix", 11, 3),
]


#: A4's page less Chromium's default print margins (about 1 cm), in CSS pixels (96 an inch).
A4_PRINTED = (round((8.27 - 0.8) * 96), round((11.69 - 0.8) * 96))


@pytest.mark.slow  # nine movements' cards and travellers printed by Chromium
def test_every_new_kind_prints_its_cards_and_travellers_a_page_each(tmp_path: Path) -> None:
    """Each kind's cards, laid out for print on A4, are each shorter than the page (a table card a page of its own,
    a guide card never split), and its travellers print a page a board."""
    with chromium() as browsing:
        for kind, tables, per_round in NEW_KINDS:
            cards, travellers = (
                tmp_path / f"{kind.replace('/', '')}-{tables}-{what}.html" for what in ("cards", "travellers")
            )
            done = subprocess.run(
                [sys.executable, "-m", "xlbridge", "movement", kind, "--tables", str(tables), "--boards-per-round",
                 str(per_round), "--cards", str(cards), "--travellers", str(travellers)],
                capture_output=True, text=True, timeout=120, check=True,
            )  # fmt: skip
            boards = int(re.search(r"\(boards 1-(\d+)\)", done.stdout)[1])  # type: ignore[index]
            browsing.open(cards.as_uri(), size=A4_PRINTED)
            browsing.call("Emulation.setEmulatedMedia", {"media": "print"})
            heights = browsing.evaluate(
                "[...document.querySelectorAll('article.card')]"
                ".map(c => [c.className, c.getBoundingClientRect().height])"
            )
            browsing.call("Emulation.setEmulatedMedia", {"media": ""})
            assert sum("table-card" in name for name, _ in heights) == tables, kind
            too_tall = [(name, height) for name, height in heights if height > A4_PRINTED[1]]
            assert not too_tall, (kind, too_tall)
            browsing.open(travellers.as_uri())
            sheets = browsing.evaluate("document.querySelectorAll('section.traveller').length")
            printed = browsing.call("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})
            assert sheets == boards, kind
            assert len(re.findall(rb"/Type\s*/Page[^s]", base64.b64decode(printed["data"]))) == boards, kind


def test_a_pair_the_rover_displaces_has_its_sit_out_on_its_guide_card(tmp_path: Path) -> None:
    """A 9-table rover Mitchell: the rover takes North-South 1's seat at table 1 in round 7, and NS 1's guide card
    says so (a row "sit out" for round 7), as a phantom's sit-out is said: it had no row for round 7 at all, and
    nothing told the pair not to sit down. Every guide card has a row for each of the 9 rounds."""
    page = tmp_path / "cards.html"
    subprocess.run([sys.executable, "-m", "xlbridge", "movement", "Rover Mitchell", "--tables", "9",
                    "--boards-per-round", "2", "--cards", str(page)], capture_output=True, text=True, timeout=120,
                   check=True)  # fmt: skip
    cards = Cards()
    cards.feed(page.read_text(encoding="utf-8"))
    guides = {card["heading"]: card["rows"] for card in cards.cards if "guide-card" in str(card["class"])}
    assert all(len(rows) == 9 for rows in guides.values())  # type: ignore[arg-type]
    assert guides["Pair 1 NS"][6] == ["7", "sit out"]  # type: ignore[index]
    assert guides["Pair 1 NS"][7] == ["8", "1", "NS", "3", "15-16"]  # type: ignore[index]
