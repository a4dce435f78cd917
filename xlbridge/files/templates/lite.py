"""What an xlwings Lite workbook carries besides its cells: the add-in, its Python code and its custom functions.

An Office add-in travels with a workbook as a web extension part (Microsoft's [MS-OWEXML]; "Automatically open a
task pane with a document", Office Add-ins documentation). xlwings Lite keeps the workbook's ``main.py`` and
``requirements.txt`` there as properties, and Excel lists the custom functions the cells call (their ids, as the
cells store them: ``_xldudf_IMP``). The add-in is xlwings Lite's AppSource entry, WA200008175 (the xlwings README;
every workbook saved with xlwings Lite references it), and the task pane is marked visible so that Excel opens it,
and offers to install the add-in where it is missing, when the workbook opens.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping

from ..workbook.xmlsafe import escape

__all__ = ["LITE_ADDIN", "MAIN_PY", "REQUIREMENTS", "lite_parts"]

#: xlwings Lite in Microsoft's add-in store (AppSource asset id), as workbooks saved with it reference it.
LITE_ADDIN = {"id": "wa200008175", "version": "1.0.0.0", "store": "en-US", "storeType": "OMEX"}

#: The workbook's main.py: xlwings Lite registers the functions it imports.
MAIN_PY = '''"""xlbridge: contract-bridge scoring functions, shown in Excel as BRIDGE.BRIDGESCORE, BRIDGE.IMP, ..."""

from xlbridge.udfs import *  # noqa: F403
'''

#: The workbook's requirements.txt: the xlwings that names the functions BRIDGE.*, and where xlbridge comes from.
REQUIREMENTS = """xlwings>=0.36.13
# The xlbridge wheel: put xlbridge-0.1.0-py3-none-any.whl where Excel can download it and write its address
# on the next line instead of this comment (see the README, "xlwings Lite").
"""

WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
WETP = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
TASKPANES = "xl/webextensions/taskpanes.xml"
EXTENSION = "xl/webextensions/webextension1.xml"


def _attribute(value: str) -> str:
    """An XML attribute value in double quotes, as Excel writes them."""
    return '"' + escape(value, quotes=True).replace("\n", "&#10;") + '"'


def _webextension(instance: str, function_ids: Iterable[str]) -> str:
    ids = "".join(f"<we:customFunctionIds>{name}</we:customFunctionIds>" for name in function_ids)
    properties = "".join(
        f"<we:property name={_attribute(name)} value={_attribute(json.dumps(value))}/>"
        for name, value in (("main.py", MAIN_PY), ("requirements.txt", REQUIREMENTS))
    )
    reference = " ".join(f"{key}={_attribute(value)}" for key, value in LITE_ADDIN.items())
    alternate = f'<we:reference id="{LITE_ADDIN["id"].upper()}" version="{LITE_ADDIN["version"]}" ' \
                f'store="{LITE_ADDIN["id"].upper()}" storeType="OMEX"/>'  # fmt: skip
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<we:webextension xmlns:we="{WE}" id="{{{instance}}}">'
        f"<we:reference {reference}/><we:alternateReferences>{alternate}</we:alternateReferences>"
        f"<we:properties>{properties}</we:properties><we:bindings/>"
        f'<we:snapshot xmlns:r="{REL}"/>'
        f'<we:extLst><a:ext xmlns:a="{A}" uri="{{D87F86FE-615C-45B5-9D79-34F1136793EB}}">'
        '<we:containsCustomFunctions val="1"/></a:ext>'
        f'<a:ext xmlns:a="{A}" uri="{{7C84B067-C214-45C3-A712-C9D94CD141B2}}">'
        f"<we:customFunctionIdList>{ids}</we:customFunctionIdList></a:ext></we:extLst></we:webextension>"
    )


def _taskpanes() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<wetp:taskpanes xmlns:wetp="{WETP}"><wetp:taskpane dockstate="right" visibility="1" width="350" row="0">'
        f'<wetp:webextensionref xmlns:r="{REL}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>'
    )


def lite_parts(parts: Mapping[str, bytes], name: str, function_ids: Iterable[str]) -> dict[str, bytes]:
    """The parts that make a workbook of ``parts`` (as XlsxWriter writes them) an xlwings Lite one, naming the
    custom functions its cells call: the web extension and its task pane, added, and the content types and package
    relationships that list them. ``name`` makes the add-in's instance id, so that the same template gives the same
    bytes."""
    instance = str(uuid.uuid5(uuid.NAMESPACE_URL, f"xlbridge template {name}")).upper()
    added = {
        TASKPANES: _taskpanes().encode(),
        EXTENSION: _webextension(instance, sorted(set(function_ids))).encode(),
        "xl/webextensions/_rels/taskpanes.xml.rels": (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{PKG_REL}"><Relationship Id="rId1" '
            'Type="http://schemas.microsoft.com/office/2011/relationships/webextension" Target="webextension1.xml"/>'
            "</Relationships>"
        ).encode(),
    }
    types = parts["[Content_Types].xml"].decode()
    overrides = (
        f'<Override PartName="/{TASKPANES}" ContentType="application/vnd.ms-office.webextensiontaskpanes+xml"/>'
        f'<Override PartName="/{EXTENSION}" ContentType="application/vnd.ms-office.webextension+xml"/>'
    )
    rels = parts["_rels/.rels"].decode()
    relation = (
        '<Relationship Id="rIdLite" Type="http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes"'
        f' Target="{TASKPANES}"/>'
    )
    return {
        "[Content_Types].xml": types.replace("</Types>", overrides + "</Types>").encode(),
        "_rels/.rels": rels.replace("</Relationships>", relation + "</Relationships>").encode(),
        **added,
    }
