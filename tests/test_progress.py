"""The progress bar of ``xlbridge import``: drawn on stderr while a terminal shows it, step by step, and cleared at
the end; nothing of it when stderr is a file or a pipe (what a script or a log sees)."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

from .conftest import HOWELL


def test_import_draws_its_bar_on_a_terminal_and_clears_it(tmp_path: Path) -> None:
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # as a terminal window says
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "xlbridge", "import", str(HOWELL), "-o", str(tmp_path / "howell.xlsx")],
            stdout=subprocess.PIPE,
            stderr=follower,
            cwd=tmp_path,
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the command has ended and closed the terminal
                break
            if not chunk:
                break
            shown += chunk
        out, _ = process.communicate(timeout=300)
    finally:
        os.close(leader)
    assert process.returncode == 0
    text = shown.decode()
    assert f"[{'#' * 6}{'.' * 14}] reading {HOWELL.name}" in text
    assert f"[{'#' * 20}] done{' ' * 36}\r{' ' * 63}\r" in text  # the line cleared, then stderr's own lines
    assert b"[#" not in out  # stdout, a pipe here, has the summary only


def test_import_into_a_pipe_shows_no_bar(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", "import", str(HOWELL), "-o", str(tmp_path / "howell.xlsx")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 0
    assert "[" not in done.stderr.replace("[calc]", "")
    assert "\r" not in done.stderr
