"""Parsing XML from outside (USEBIO files, workbook parts) with the standard library, safely.

Entity declarations (the "billion laughs" and external-entity attacks) are refused, and no DTD or external entity is
ever fetched: a document type line such as USEBIO's ``<!DOCTYPE USEBIO SYSTEM "...dtd">`` is allowed and ignored.

Why not defusedxml (which refuses the same declarations): this module runs in a base install (``xlbridge export``
and ``calc`` read workbook parts with it, ``read_usebio`` is the core's API), and it does what defusedxml does not:

- a document that cannot declare an entity (every workbook part) is parsed by ElementTree's C parser (defusedxml
  always builds the tree through the pure-Python ``XMLParser``);
- each element's starting line (:func:`parse_xml`'s ``lines``, which USEBIO's refusals name): defusedxml has no API
  for it;
- refusing a part without building its tree (:func:`check_xml`, run on every part of a workbook opened): defusedxml
  offers no bare expat parser with its handlers set.

Those need the declaration-refusing expat parser of :func:`_guarded_parser` in any case, so the guarded tree is
built on it too.
"""

from __future__ import annotations

import contextlib
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import IO
from xml.parsers import expat

from ...engine.errors import UnsafeXMLError, XMLSyntaxError

__all__ = ["check_xml", "escape", "parse_xml", "xml_characters"]


def _refuse_entities(*_: object) -> None:
    raise UnsafeXMLError("the XML declares entities (refused: entity expansion is off)")


def _refuse_external(context: str, base: str | None, system_id: str | None, public_id: str | None) -> int:
    raise UnsafeXMLError(f"the XML refers to an external entity {system_id!r} (refused)")


def _clark(name: str) -> str:
    """expat's ``namespace}local`` as ElementTree's ``{namespace}local``."""
    return "{" + name if "}" in name else name


def parse_xml(source: bytes | IO[bytes], lines: dict[int, int] | None = None) -> ET.Element:
    """The root element of an XML document given as bytes or a binary file.

    With ``lines``, each element's starting line is recorded in it, keyed by ``id(element)``, for messages.
    """
    data = source if isinstance(source, bytes) else source.read()
    if lines is None and _without_declarations(data):
        return _parse_plain(data)
    return _parse_guarded(data, lines)


def check_xml(data: bytes) -> None:
    """Refuse a document that is not well-formed or declares entities, as :func:`parse_xml` does, without building
    its tree: expat alone, in C (a handler runs only on a declaration, which refuses it)."""
    with _syntax_errors():
        _guarded_parser().Parse(data, True)


@contextlib.contextmanager
def _syntax_errors() -> Iterator[None]:
    """expat's and ElementTree's parse errors as one line naming the line; an encoding Python does not know (named
    by the XML declaration) as line 1."""
    try:
        yield
    except expat.ExpatError as error:
        raise XMLSyntaxError(f"line {error.lineno}: {expat.ErrorString(error.code)}") from None
    except ET.ParseError as error:
        raise XMLSyntaxError(f"line {error.position[0]}: {expat.ErrorString(error.code)}") from None
    except LookupError as error:
        raise XMLSyntaxError(f"line 1: {error}") from None


def _guarded_parser() -> expat.XMLParserType:
    """An expat parser that refuses every entity declaration and never reads a DTD or an external entity."""
    parser = expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse_entities
    parser.UnparsedEntityDeclHandler = _refuse_entities
    parser.ExternalEntityRefHandler = _refuse_external
    return parser


def _without_declarations(data: bytes) -> bool:
    """Whether the document can declare no entity: it is in an encoding where ``<!DOCTYPE`` would be plain ASCII
    bytes (it starts with ``<`` after any UTF-8 byte-order mark and spaces), and those bytes are not in it. Entities
    can be declared only in a document type declaration, so such a document is safe for the C parser as it is."""
    head = data[3:64] if data.startswith(b"\xef\xbb\xbf") else data[:64]
    return head.lstrip(b" \t\r\n").startswith(b"<") and b"<!DOCTYPE" not in data


def _parse_plain(data: bytes) -> ET.Element:
    """A document without a document type declaration, by ElementTree's own parser: expat building the tree in C,
    with no Python call per element (a 6,000-result worksheet part in a tenth of the time)."""
    parser = ET.XMLParser()
    with _syntax_errors():
        parser.feed(data)
        return parser.close()


def _parse_guarded(data: bytes, lines: dict[int, int] | None) -> ET.Element:
    """A document that may declare entities: expat with every declaration handler refusing, the tree built from
    Python callbacks (and each element's line recorded in ``lines``)."""
    builder = ET.TreeBuilder()
    parser = _guarded_parser()
    opened: list[tuple[str, int]] = []  # the elements not closed yet, each with its line: what a refusal names

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = builder.start(_clark(tag), {_clark(name): value for name, value in attributes.items()})
        opened.append((tag, parser.CurrentLineNumber))
        if lines is not None:
            lines[id(element)] = parser.CurrentLineNumber

    def end(tag: str) -> None:
        opened.pop()
        builder.end(_clark(tag))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = builder.data
    parser.ordered_attributes = False
    try:
        with _syntax_errors():
            parser.Parse(data, True)
    except XMLSyntaxError as error:
        if not opened or parser.ErrorCode not in _UNCLOSED:
            raise
        tag, line = opened[-1]  # a closing tag deleted, or the file cut short: the element left open
        raise XMLSyntaxError(f"{error.message}: <{tag.rpartition('}')[2]}> of line {line} is not closed") from None
    return builder.close()


#: The errors of a document whose element was not closed: another's closing tag met first, or the end of the file.
_UNCLOSED = frozenset({expat.errors.codes[expat.errors.XML_ERROR_TAG_MISMATCH],
                       expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS]})  # fmt: skip


#: Characters an XML 1.0 document cannot hold at all, not even as a character reference.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def escape(text: str, quotes: bool = False) -> str:
    """``&``, ``<`` and ``>`` (and with ``quotes`` ``"``, for an attribute) as XML writes them (as the standard
    library's ``xml.sax.saxutils.escape`` does, whose module imports the web client)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quotes else text


def xml_characters(text: str) -> str:
    """``text`` with each character an XML 1.0 document cannot hold at all (not even as a character reference)
    shown as the replacement character (U+FFFD), so that what is written always parses: ElementTree writes them as
    they are, and its own parser then refuses the document."""
    return _NOT_XML.sub("\ufffd", text)
