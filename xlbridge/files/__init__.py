"""Everything that reads or writes a file, by subject: a workbook as a file (``workbook/``: the package, computing
it, reading it back), the template workbooks (``templates/``), files from and for other programs (``interchange/``),
the pages (``website/``), the Bridgemate Data Connector (``bridgemate/``); beside them safe inputs and outputs, the
season ladder's files, the terminal's tables, the add-in's settings and the demo."""
