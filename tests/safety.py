"""Helpers for the command-line safety tests: run xlbridge as a user does, and prove the files it was given are
byte for byte what they were."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Ran", "Untouched", "current_umask", "on_a_terminal", "xlbridge"]


@dataclass(frozen=True)
class Ran:
    """A finished command: its exit status and what it printed."""

    status: int
    out: str
    err: str

    @property
    def refusals(self) -> list[str]:
        """The lines a refusal of several problems prints (exit status 2, nothing on stdout): one per problem, then
        the count and what can be done."""
        assert self.status == 2, (self.status, self.out, self.err)
        assert self.out == "", self.out
        assert self.err.endswith("\n"), self.err
        return self.err.splitlines()

    @property
    def refused(self) -> str:
        """The one line a refusal prints (exit status 2, nothing on stdout): the test fails otherwise."""
        assert self.status == 2, (self.status, self.out, self.err)
        assert self.out == "", self.out
        assert self.err.endswith("\n"), self.err
        assert self.err.count("\n") == 1, self.err
        return self.err[:-1]


def xlbridge(
    *args: object, cwd: Path | None = None, umask: int | None = None, timeout: float = 300, memory: int | None = None
) -> Ran:
    """Run ``xlbridge ARGS`` in a new process, as from a terminal (``python -m xlbridge``, the same program); with
    ``memory``, on a machine of that many bytes (its address space limited: past it, an allocation fails)."""

    def set_up() -> None:
        if umask is not None:
            os.umask(umask)
        if memory is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    done = subprocess.run(
        [sys.executable, "-m", "xlbridge", *(str(arg) for arg in args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        check=False,
        preexec_fn=None if umask is None and memory is None else set_up,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def on_a_terminal(command: list[str]) -> tuple[int, str]:
    """Run ``command`` with its stderr a terminal (a pseudo-terminal, as a user's window is): its exit status and
    what it drew there."""
    import pty

    leader, follower = pty.openpty()
    with subprocess.Popen(command, stderr=follower, stdout=subprocess.PIPE) as done:
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the command has ended and closed its end
                break
            if not chunk:
                break
            shown += chunk
        done.wait()
    os.close(leader)
    return done.returncode, shown.decode()


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class Untouched:
    """The files a command is given, remembered (content, mode, owner, link target) to prove they are unchanged."""

    def __init__(self, *paths: Path) -> None:
        self.paths = paths
        self.before = [self._state(path) for path in paths]

    @staticmethod
    def _state(path: Path) -> tuple[object, ...]:
        status = path.lstat()
        link = os.readlink(path) if path.is_symlink() else None
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
        return digest, status.st_mode, status.st_uid, status.st_gid, link

    def check(self) -> None:
        for path, before in zip(self.paths, self.before, strict=True):
            assert self._state(path) == before, f"{path} was changed"
