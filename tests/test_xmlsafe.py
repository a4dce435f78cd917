"""Safe XML at C speed: a document that cannot declare an entity is parsed by ElementTree's C parser, any other by
expat with every declaration refused; both give the same tree and the same one-line refusals."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from xlbridge.engine.errors import UnsafeXMLError, XMLSyntaxError
from xlbridge.files.workbook.xmlsafe import check_xml, parse_xml

ROOT = Path(__file__).resolve().parent.parent

BOMB = b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>'
EXTERNAL = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'


def guarded(data: bytes) -> ET.Element:
    """The tree as the expat path builds it (asking for line numbers always takes that path)."""
    return parse_xml(data, lines={})


def test_every_part_of_a_template_parses_to_the_same_tree_both_ways() -> None:
    with zipfile.ZipFile(ROOT / "workbooks" / "pairs-session.xlsx") as book:
        parts = [book.read(name) for name in book.namelist() if name.endswith((".xml", ".rels"))]
    assert len(parts) > 10
    for data in parts:
        assert ET.tostring(parse_xml(data)) == ET.tostring(guarded(data))
        check_xml(data)


@pytest.mark.parametrize(
    ("data", "refusal", "message"),
    [
        (BOMB, UnsafeXMLError, "declares entities"),
        (EXTERNAL, UnsafeXMLError, "declares entities"),
        (BOMB.decode().encode("utf-16"), UnsafeXMLError, "declares entities"),  # no ASCII "<!DOCTYPE" bytes
        (b"\xef\xbb\xbf" + BOMB, UnsafeXMLError, "declares entities"),
        (b"<a><b></a>", XMLSyntaxError, "line 1: mismatched tag"),
        (b"<a>\n<b>", XMLSyntaxError, "line 2: no element found"),
        (b"<a>&lol;</a>", XMLSyntaxError, "line 1: undefined entity"),
        (b"", XMLSyntaxError, "line 1: no element found"),
        (b"<?xml version='1.0' encoding='klingon'?><a/>", XMLSyntaxError, "line 1:"),
    ],
)
def test_refusals_are_the_same_on_every_path(data: bytes, refusal: type[Exception], message: str) -> None:
    for read in (parse_xml, guarded, check_xml):
        with pytest.raises(refusal) as raised:
            read(data)
        assert message in str(raised.value), read


def test_a_document_type_line_without_entities_is_still_read() -> None:
    """USEBIO files start with <!DOCTYPE USEBIO SYSTEM "...dtd">: allowed, never fetched."""
    data = b'<?xml version="1.0"?>\n<!DOCTYPE USEBIO SYSTEM "http://www.usebio.org/usebio_v1_2.dtd">\n<USEBIO/>'
    assert parse_xml(data).tag == "USEBIO"
    check_xml(data)


def test_namespaces_and_text_come_through_the_fast_path() -> None:
    data = '<x:a xmlns:x="urn:x" x:k="1"><x:b>caf\u00e9 &amp; co</x:b></x:a>'.encode()
    root = parse_xml(data)
    assert root.tag == "{urn:x}a"
    assert root.get("{urn:x}k") == "1"
    assert root[0].text == "caf\u00e9 & co"
