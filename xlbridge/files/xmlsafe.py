"""Parsing XML from outside (USEBIO files, workbook parts) with the standard library, safely.

Entity declarations (the "billion laughs" and external-entity attacks) are refused, and no DTD or external entity is
ever fetched: a document type line such as USEBIO's ``<!DOCTYPE USEBIO SYSTEM "...dtd">`` is allowed and ignored.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import IO
from xml.parsers import expat
from xml.sax.saxutils import escape

from ..engine.errors import BridgeInputError

__all__ = ["UnsafeXMLError", "XMLSyntaxError", "parse_xml", "xml_text"]


class UnsafeXMLError(BridgeInputError):
    """The document declares entities: refused rather than expanded."""


class XMLSyntaxError(BridgeInputError):
    """The document is not well-formed XML (truncated, corrupt); the message gives the line."""


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
    builder = ET.TreeBuilder()
    parser = expat.ParserCreate(namespace_separator="}")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse_entities
    parser.UnparsedEntityDeclHandler = _refuse_entities
    parser.ExternalEntityRefHandler = _refuse_external

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = builder.start(_clark(tag), {_clark(name): value for name, value in attributes.items()})
        if lines is not None:
            lines[id(element)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda tag: builder.end(_clark(tag))
    parser.CharacterDataHandler = builder.data
    parser.ordered_attributes = False
    data = source if isinstance(source, bytes) else source.read()
    try:
        parser.Parse(data, True)
    except expat.ExpatError as error:
        raise XMLSyntaxError(f"line {error.lineno}: {expat.ErrorString(error.code)}") from None
    except LookupError as error:  # the XML declaration names an encoding Python does not know
        raise XMLSyntaxError(f"line 1: {error}") from None
    return builder.close()


#: Characters an XML 1.0 document cannot hold at all, not even as a character reference.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def xml_text(value: object) -> str:
    """A value as XML character data: ``&``, ``<`` and ``>`` escaped, a character XML cannot hold shown as the
    replacement character (U+FFFD), so that what is written always parses."""
    return escape(_NOT_XML.sub("\ufffd", str(value)))
