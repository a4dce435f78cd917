"""A workbook as a file: its package read safely, its cells written, its values computed and patched in, and
what the commands read back from it (a session's entries, its ranking, a teams event)."""
