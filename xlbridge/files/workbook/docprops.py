"""Which xlbridge computed a workbook's values, and what it wrote: custom document properties, ``Computed by``
(``xlbridge 0.1.0``) and ``Values written`` (a digest of the workbook's parts as it wrote them).

``xlbridge calc`` (and every command that writes computed values into a copy, through it) and a template written
with its values set it; Excel shows it under File > Info > Properties > Advanced Properties > Custom, and keeps it
when it saves the workbook. When a workbook's stored figures are not those its entries give,
:func:`~.calc.check_current` reads it to tell a workbook computed by another xlbridge, whose rules may
differ, from one changed and not computed since. (A workbook computed in Excel by the add-in says what xlbridge last
wrote it, or nothing.) A workbook whose parts are still those this xlbridge wrote (:func:`written_as_is`) holds the
values it computed from its entries: it need not be computed again to be known current. Standard library only.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import zipfile
from collections.abc import Mapping

from ... import __version__
from .xlsx import PKG_REL_NS, Package
from .xmlsafe import escape, parse_xml

__all__ = ["DIGEST_PROPERTY", "PROPERTY", "computed_by", "property_value", "with_computed_by", "written_as_is"]

#: The properties' names, as Excel lists them.
PROPERTY = "Computed by"
DIGEST_PROPERTY = "Values written"
CUSTOM_NS = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
VT_NS = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
CUSTOM_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties"
CUSTOM_TYPE = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
#: The format id every custom property carries (ECMA-376 Part 1, 22.3.2.2).
FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"
#: Where the part is put in a workbook that has none (as Excel and XlsxWriter put it).
CUSTOM_PART = "docProps/custom.xml"


def property_value(version: str = __version__) -> str:
    """What the property holds for ``version``."""
    return f"xlbridge {version}"


def _properties(package: Package) -> dict[str, str]:
    """The workbook's custom properties' values, by name."""
    part = _custom_part(package)
    if part is None:
        return {}
    return {element.get("name", ""): "".join(element.itertext()).strip()
            for element in parse_xml(package.parts[part]).iter(f"{{{CUSTOM_NS}}}property")}  # fmt: skip


def computed_by(package: Package) -> str | None:
    """The version of xlbridge that last computed the workbook's values, as its property says; None when it
    does not say (computed in Excel, or by an xlbridge before 0.1.0 recorded it)."""
    value = _properties(package).get(PROPERTY)
    return value.removeprefix("xlbridge ").strip() if value is not None and value.startswith("xlbridge ") else None


def _digest(parts: Mapping[str, bytes]) -> str:
    """A digest of the workbook's own parts (those under ``xl/``: its sheets, strings, styles, names...)."""
    digest = hashlib.sha256()
    for name in sorted(part for part in parts if part.startswith("xl/")):
        digest.update(name.encode("utf-8") + b"\0" + len(parts[name]).to_bytes(8, "big") + parts[name])
    return digest.hexdigest()


def written_as_is(package: Package) -> bool:
    """Whether the workbook's values were written by this xlbridge and its parts are still those it wrote (not
    saved since by Excel or another program): then its values are those of its entries."""
    properties = _properties(package)
    return properties.get(PROPERTY) == property_value() and properties.get(DIGEST_PROPERTY) == _digest(package.parts)


def with_computed_by(package: Package, version: str = __version__) -> Package:
    """The package with its properties saying ``version`` computed it and what its parts are (call it last, on the
    parts as they are written): the custom properties part changed (or added, with its relationship and content
    type, when the workbook has none); every other part as it was. A part xlbridge cannot change safely (not UTF-8)
    is left as it is: the property only words a refusal."""
    parts, infos = dict(package.parts), list(package.infos)
    value = escape(property_value(version))
    written = escape(_digest(package.parts))
    part = _custom_part(package)
    try:
        if part is not None:
            xml = _set(parts[part].decode("utf-8"), PROPERTY, value)
            parts[part] = _set(xml, DIGEST_PROPERTY, written).encode("utf-8")
        elif "_rels/.rels" in parts and "[Content_Types].xml" in parts and CUSTOM_PART not in parts:
            properties = _property("", 2, PROPERTY, value) + _property("", 3, DIGEST_PROPERTY, written)
            parts[CUSTOM_PART] = (
                '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                f'<Properties xmlns="{CUSTOM_NS}" xmlns:vt="{VT_NS}">{properties}</Properties>'
            ).encode()
            parts["_rels/.rels"] = _insert(parts["_rels/.rels"].decode("utf-8"), "Relationships",
                                           f'<Relationship Id="rIdXlbridge" Type="{CUSTOM_REL}" '
                                           f'Target="{CUSTOM_PART}"/>').encode("utf-8")  # fmt: skip
            parts["[Content_Types].xml"] = _insert(parts["[Content_Types].xml"].decode("utf-8"), "Types",
                                                   f'<Override PartName="/{CUSTOM_PART}" ContentType="{CUSTOM_TYPE}"/>'
                                                   ).encode("utf-8")  # fmt: skip
            added = zipfile.ZipInfo(CUSTOM_PART, date_time=infos[0].date_time if infos else (1980, 1, 1, 0, 0, 0))
            added.compress_type = zipfile.ZIP_DEFLATED
            infos.append(added)
        else:
            return package
    except (UnicodeDecodeError, ValueError):
        return package
    return dataclasses.replace(package, infos=infos, parts=parts)


def _custom_part(package: Package) -> str | None:
    """The custom properties part, through the package's relationships."""
    rels = package.parts.get("_rels/.rels")
    if rels is None:
        return None
    for element in parse_xml(rels).iter(f"{{{PKG_REL_NS}}}Relationship"):
        target = element.get("Target", "").lstrip("/")
        if element.get("Type") == CUSTOM_REL and target in package.parts:
            return target
    return None


def _property(prefix: str, pid: int, name: str, value: str) -> str:
    return (f'<{prefix}property fmtid="{FMTID}" pid="{pid}" name="{name}">'
            f'<vt:lpwstr xmlns:vt="{VT_NS}">{value}</vt:lpwstr></{prefix}property>')  # fmt: skip


def _set(xml: str, name: str, value: str) -> str:
    """The custom properties part with the property ``name`` set to ``value`` (escaped): its text replaced where
    it is there, else a property added with the next free id."""
    root = re.search(r"<((?:[\w.-]+:)?)Properties\b", xml)
    if root is None:
        raise ValueError("not a custom properties part")
    prefix = root.group(1)
    named = rf"<{prefix}property\b[^>]*\sname=([\"']){re.escape(name)}\1[^>]*>(.*?)</{prefix}property>"
    found = re.search(named, xml, re.DOTALL)
    if found is not None:
        inner = found.group(2)
        text = re.fullmatch(r"\s*<((?:[\w.-]+:)?)lpwstr\b([^>]*)>(.*?)</\1lpwstr>\s*", inner, re.DOTALL)
        if text is not None and text.group(3) == value:
            return xml
        if text is not None:
            new = f"<{text.group(1)}lpwstr{text.group(2)}>{value}</{text.group(1)}lpwstr>"
        else:  # another type: text from now on
            new = f'<vt:lpwstr xmlns:vt="{VT_NS}">{value}</vt:lpwstr>'
        return xml[: found.start(2)] + new + xml[found.end(2) :]
    pids = [int(pid) for pid in re.findall(r"\spid=[\"'](\d+)[\"']", xml)]
    return _insert(xml, f"{prefix}Properties", _property(prefix, max([1, *pids]) + 1, name, value))


def _insert(xml: str, root: str, element: str) -> str:
    """``element`` added as the last child of the document's root element ``root`` (which may be empty)."""
    closing = f"</{root}>"
    if closing in xml:
        at = xml.rindex(closing)
        return xml[:at] + element + xml[at:]
    empty = re.search(rf"<{re.escape(root)}\b([^>]*?)\s*/>", xml)
    if empty is None:
        raise ValueError(f"no {root} element")
    return xml[: empty.start()] + f"<{root}{empty.group(1)}>{element}{closing}" + xml[empty.end() :]
