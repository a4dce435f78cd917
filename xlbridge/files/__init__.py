"""Everything that reads or writes a file: the templates, computing a workbook (calc), the xlsx package, safe XML,
result files (USEBIO, PBN, CSV), the ranking reader, the demo and the add-in settings."""
