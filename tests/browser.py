"""Headless Chromium (Debian's ``chromium``) driven over the DevTools protocol, for the published pages' tests.

One browser serves a whole test: it is started with ``--remote-debugging-pipe`` and a fresh profile, reads the
protocol's commands on its file descriptor 3 and writes answers and events on 4, each message JSON ended by a NUL.
A page is opened at a window size, waited for until it has loaded, and then read back as the browser rendered it:
its DOM (what ``--dump-dom`` prints), values computed in it, a screenshot; every console message, uncaught exception
and failed load (a missing stylesheet) is collected as it happens.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import struct
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The switches the tests run Chromium with: no GPU, no network of its own, nothing from a previous run.
SWITCHES = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--mute-audio",
    "--remote-debugging-pipe",
)

PHONE = (390, 844)
DESKTOP = (1280, 900)


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


#: The switches of a one-shot run from the command line (a DOM dump, a PDF, a screenshot).
ONE_SHOT = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def run_chromium(page: Path, profile: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """Chromium run once on ``page`` with a fresh ``profile`` and ``argv`` (``--dump-dom``, ``--print-to-pdf=...``)."""
    path = chromium_path()
    assert path is not None
    return subprocess.run([path, *ONE_SHOT, f"--user-data-dir={profile}", *argv, page.as_uri()],
                          capture_output=True, text=True, timeout=180, check=True)  # fmt: skip


def check_screenshots(page: Path, folder: Path) -> None:
    """A screenshot of ``page`` at a desktop's width and at a phone's, for a person to look at: each a PNG of the
    window's size with something drawn."""
    for name, size in (("desktop", "1200,1500"), ("phone", "420,900")):
        shot = folder / f"{name}.png"
        run_chromium(page, folder / f"profile-{name}", f"--screenshot={shot}", f"--window-size={size}")
        header = shot.read_bytes()[:24]
        assert header[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", header[16:24]) == tuple(int(x) for x in size.split(","))
        assert shot.stat().st_size > 20_000, "something was drawn"


#: Each text of the page open that is drawn with too little contrast for WCAG 2's level AA (4.5:1 against the
#: background it is drawn on, the first one set behind it; white if none is): its element, colours and ratio, with
#: how many texts are so drawn. Hidden texts are left out.
LOW_CONTRAST = r"""(() => {
  const rgb = colour => colour.match(/[\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map(v => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = element => {
    for (; element; element = element.parentElement) {
      const colour = rgb(getComputedStyle(element).backgroundColor);
      if (colour.length < 4 || colour[3] > 0) return colour.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = {}, walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const element = node.parentElement, style = getComputedStyle(element);
    if (!node.data.trim() || element.offsetParent === null || element.closest(".visually-hidden")) continue;
    const [light, dark] = [luminance(rgb(style.color)), luminance(behind(element))].sort((a, b) => b - a);
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < 4.5) {
      const where = `${element.tagName.toLowerCase()}.${element.className} in ${element.closest("[class]")?.className}`;
      const key = `${where}: ${style.color} on rgb(${behind(element).join(", ")}), ${ratio.toFixed(2)}:1`;
      out[key] = (out[key] || 0) + 1;
    }
  }
  return out;
})()"""


class BrowserError(RuntimeError):
    pass


@dataclass
class Problems:
    """What a page reported while it loaded and ran: console errors and warnings, exceptions, failed loads."""

    messages: list[str] = field(default_factory=list)


class Chromium:
    """A headless Chromium over its DevTools pipe."""

    def __init__(self, timeout: float = 30.0) -> None:
        executable = chromium_path()
        if executable is None:
            raise BrowserError("chromium is not installed")
        self.timeout = timeout
        self.profile = Path(tempfile.mkdtemp(prefix="xlbridge-chromium-"))
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()
        os.set_inheritable(commands_read, True)
        os.set_inheritable(answers_write, True)

        def as_fds_3_and_4() -> None:  # in the child, before exec: the pipe ends where Chromium looks for them
            os.dup2(commands_read, 3)
            os.dup2(answers_write, 4)

        self.log = open(self.profile.parent / f"{self.profile.name}.log", "wb")  # noqa: SIM115 - closed in close()
        self.process = subprocess.Popen(
            [executable, *SWITCHES, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=self.log,
            close_fds=False,
            preexec_fn=as_fds_3_and_4,  # the tests are single-threaded: no fork with other threads running
        )
        os.close(commands_read)
        os.close(answers_write)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []
        self.session = ""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self._commands, data)
            data = data[written:]

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("no answer from chromium in time")
            ready, _, _ = select.select([self._answers], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._answers, 1 << 20)
            if not chunk:
                raise BrowserError(f"chromium closed its pipe (exit status {self.process.poll()})")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)  # type: ignore[no-any-return]

    def call(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send a command (to the attached page once there is one) and wait for its answer."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + self.timeout
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error']}")
                return answer.get("result", {})  # type: ignore[no-any-return]
            self._events.append(answer)

    def _wait_for(self, event: str) -> None:
        deadline = time.monotonic() + self.timeout
        while True:
            for index, message in enumerate(self._events):
                if message.get("method") == event:
                    del self._events[index]
                    return
            self._events.append(self._receive(deadline))

    def resize(self, size: tuple[int, int], mobile: bool = False) -> None:
        """The window ``size`` pixels wide and high (``mobile``: as a phone, which reads the viewport meta tag); the
        page open is laid out again."""
        width, height = size
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    def open(self, url: str, size: tuple[int, int] = DESKTOP, mobile: bool = False) -> Problems:
        """Load ``url`` at a window of ``size`` pixels; what the page reported while loading."""
        self.resize(size, mobile)
        self._events.clear()
        self.call("Page.navigate", {"url": url})
        self._wait_for("Page.loadEventFired")
        self.evaluate("1")  # let the events the load caused arrive
        return self.problems()

    def problems(self) -> Problems:
        """Console errors and warnings, exceptions and failed loads reported since the page was opened."""
        found = Problems()
        for message in self._events:
            method, params = message.get("method"), message.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
                texts = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
                found.messages.append(f"console.{params['type']}: {' '.join(texts)}")
            elif method == "Runtime.exceptionThrown":
                found.messages.append(f"exception: {params.get('exceptionDetails', {}).get('text', '')}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
                entry = params["entry"]
                found.messages.append(f"{entry.get('source')}: {entry.get('text')} {entry.get('url', '')}".strip())
        return found

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-serialisable values only)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def dom(self) -> str:
        """The page as the browser holds it after rendering (what ``--dump-dom`` prints)."""
        return str(self.evaluate("document.documentElement.outerHTML"))

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            width, height = self.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
            )
            params["clip"] = {"x": 0, "y": 0, "width": width, "height": min(height, 4000), "scale": 1}
        data = self.call("Page.captureScreenshot", params)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self._send({"id": self._next_id + 1, "method": "Browser.close", "params": {}})
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        finally:
            for fd in (self._commands, self._answers):
                os.close(fd)
            self.log.close()
            shutil.rmtree(self.profile, ignore_errors=True)
            Path(self.log.name).unlink(missing_ok=True)


@contextmanager
def chromium() -> Iterator[Chromium]:
    browser = Chromium()
    try:
        yield browser
    finally:
        browser.close()
